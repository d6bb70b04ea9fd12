//! Where a call's results land on the host: caller-owned buffers ([`Output`]) or owned copies
//! ([`HostTensor`]).

use runtime_sys as sys;

use crate::signature::DType;

/// A caller-owned host buffer receiving one result.
pub enum Output<'a> {
    I32(&'a mut [i32]),
    I64(&'a mut [i64]),
    F32(&'a mut [f32]),
}

impl Output<'_> {
    pub(crate) fn dtype(&self) -> DType {
        match self {
            Output::I32(_) => DType::I32,
            Output::I64(_) => DType::I64,
            Output::F32(_) => DType::F32,
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Output::I32(b) => b.len(),
            Output::I64(b) => b.len(),
            Output::F32(b) => b.len(),
        }
    }

    pub(crate) fn raw(&mut self) -> sys::shim_host_output_t {
        let (data, bytes): (*mut std::ffi::c_void, usize) = match self {
            Output::I32(b) => (b.as_mut_ptr().cast(), std::mem::size_of_val(*b)),
            Output::I64(b) => (b.as_mut_ptr().cast(), std::mem::size_of_val(*b)),
            Output::F32(b) => (b.as_mut_ptr().cast(), std::mem::size_of_val(*b)),
        };
        sys::shim_host_output_t {
            data,
            capacity_bytes: bytes,
            dtype: self.dtype().raw(),
            ..Default::default()
        }
    }
}

/// A host copy of a result, for callers that do not manage buffers.
#[derive(Debug, Clone, PartialEq)]
pub enum HostTensor {
    I32 { shape: Vec<usize>, data: Vec<i32> },
    I64 { shape: Vec<usize>, data: Vec<i64> },
    F32 { shape: Vec<usize>, data: Vec<f32> },
}

impl HostTensor {
    pub fn shape(&self) -> &[usize] {
        match self {
            HostTensor::I32 { shape, .. }
            | HostTensor::I64 { shape, .. }
            | HostTensor::F32 { shape, .. } => shape,
        }
    }

    pub fn as_f32(&self) -> Option<&[f32]> {
        match self {
            HostTensor::F32 { data, .. } => Some(data),
            _ => None,
        }
    }

    pub fn as_i32(&self) -> Option<&[i32]> {
        match self {
            HostTensor::I32 { data, .. } => Some(data),
            _ => None,
        }
    }
}
