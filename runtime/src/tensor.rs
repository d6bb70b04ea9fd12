//! Device-resident input [`Tensor`]s and the element types that cross into IREE.

use std::ptr::NonNull;
use std::sync::Arc;

use runtime_sys as sys;

use crate::error::{Result, RuntimeError};
use crate::ffi::check;
use crate::session::SessionInner;
use crate::signature::DType;

/// Element types that can cross into IREE.
pub trait Element: Copy + Default + sealed::Sealed + 'static {
    const DTYPE: DType;
}
impl Element for i32 {
    const DTYPE: DType = DType::I32;
}
impl Element for i64 {
    const DTYPE: DType = DType::I64;
}
impl Element for f32 {
    const DTYPE: DType = DType::F32;
}
mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
    impl Sealed for f32 {}
}

/// A device-resident tensor, reusable across calls; rewrite it in place with
/// [`Tensor::write`] to avoid allocating per step.
pub struct Tensor {
    pub(crate) raw: NonNull<sys::shim_tensor_t>,
    pub(crate) session: Arc<SessionInner>,
    pub(crate) dtype: DType,
    pub(crate) shape: Vec<usize>,
}

// SAFETY: all uses of the buffer view go through the session lock.
unsafe impl Send for Tensor {}
unsafe impl Sync for Tensor {}

impl Tensor {
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// Overwrites the contents; `data` must have the tensor's element count.
    pub fn write<T: Element>(&mut self, data: &[T]) -> Result<()> {
        let len: usize = self.shape.iter().product();
        if T::DTYPE != self.dtype || data.len() != len {
            return Err(RuntimeError::Shape(format!(
                "write of {} x {} into a {} tensor of shape {:?}",
                data.len(),
                T::DTYPE,
                self.dtype,
                self.shape
            )));
        }
        let _guard = self.session.guard();
        // SAFETY: pointers valid for the stated byte length; locked.
        check(
            unsafe {
                sys::shim_tensor_write(
                    self.session.raw.as_ptr(),
                    self.raw.as_ptr(),
                    data.as_ptr().cast(),
                    std::mem::size_of_val(data),
                )
            },
            || "writing a tensor".to_string(),
        )
    }
}

impl Drop for Tensor {
    fn drop(&mut self) {
        let _guard = self.session.guard();
        // SAFETY: created by shim_tensor_create; not used after this.
        unsafe { sys::shim_tensor_free(self.raw.as_ptr()) }
    }
}
