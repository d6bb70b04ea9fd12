//! A [`Pending`] call: queued by [`Function::submit`](crate::Function::submit), its results
//! read later, so the host can queue the next call while the device runs this one.

use std::ptr::NonNull;
use std::sync::Arc;

use runtime_sys as sys;

use crate::error::Result;
use crate::ffi::check;
use crate::function::validate_outputs;
use crate::output::Output;
use crate::session::SessionInner;
use crate::signature::{DType, TensorType};
use crate::tensor::Tensor;

/// A queued call whose results have not been read. Dropping it waits for the call.
pub struct Pending {
    pub(crate) raw: NonNull<sys::shim_pending_t>,
    pub(crate) session: Arc<SessionInner>,
    pub(crate) name: String,
    /// The function's reflected result types, to check the host buffers against.
    pub(crate) results: Option<Vec<TensorType>>,
}

// SAFETY: every use goes through the session lock.
unsafe impl Send for Pending {}
unsafe impl Sync for Pending {}

impl Pending {
    /// Result `index` as a tensor in device memory that a later call may take as an input;
    /// the session orders that call after this one, so nothing waits on the host.
    pub fn result(&self, index: usize) -> Result<Tensor> {
        let mut raw = std::ptr::null_mut();
        let _guard = self.session.guard();
        // SAFETY: valid pending call; locked; out-pointer written on success.
        check(
            unsafe { sys::shim_pending_result(self.raw.as_ptr(), index, &mut raw) },
            || format!("taking result {index} of `{}`", self.name),
        )?;
        let raw = NonNull::new(raw).expect("shim returned success with a null tensor");
        let (mut dtype, mut rank, mut shape) = (
            sys::shim_dtype_e::SHIM_DTYPE_I32,
            0usize,
            [0i64; sys::SHIM_MAX_RANK as usize],
        );
        // SAFETY: the tensor was just made; the shape holds SHIM_MAX_RANK values.
        let described = check(
            unsafe {
                sys::shim_tensor_describe(raw.as_ptr(), &mut dtype, &mut rank, shape.as_mut_ptr())
            },
            || format!("describing result {index} of `{}`", self.name),
        );
        // Owned from here, so an error below frees it.
        let tensor = Tensor {
            raw,
            session: self.session.clone(),
            dtype: DType::from_raw(dtype),
            shape: shape[..rank].iter().map(|&d| d as usize).collect(),
        };
        described.map(|()| tensor)
    }

    /// Waits for the call and copies each result into `outputs`.
    pub fn read(self, outputs: &mut [Output<'_>]) -> Result<()> {
        validate_outputs(&self.name, self.results.as_deref(), outputs)?;
        let mut raw_outputs: Vec<sys::shim_host_output_t> =
            outputs.iter_mut().map(Output::raw).collect();
        let _guard = self.session.guard();
        // SAFETY: output buffers are exclusively borrowed for the call; locked.
        check(
            unsafe {
                sys::shim_pending_read(
                    self.raw.as_ptr(),
                    raw_outputs.as_mut_ptr(),
                    raw_outputs.len(),
                )
            },
            || format!("reading the results of `{}`", self.name),
        )
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        let _guard = self.session.guard();
        // SAFETY: created by shim_function_submit; not used after this.
        unsafe { sys::shim_pending_free(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Pending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pending")
            .field("function", &self.name)
            .finish()
    }
}
