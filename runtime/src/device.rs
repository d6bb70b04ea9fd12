//! A [`Runtime`]: one IREE device.

use std::ptr::NonNull;
use std::sync::Arc;

use runtime_sys as sys;

use crate::error::Result;
use crate::ffi::{check, cstring};

/// One device. Every runtime in the process shares one IREE instance: creating an instance
/// rewrites process-wide VM type registrations, which would fail calls running elsewhere.
pub struct Runtime {
    pub(crate) raw: NonNull<sys::shim_runtime_t>,
    device_uri: String,
}

// SAFETY: IREE instances and HAL devices are internally synchronised; the
// shim only reads them after creation.
unsafe impl Send for Runtime {}
unsafe impl Sync for Runtime {}

impl Runtime {
    /// Creates a device from a URI such as `local-task`, `local-sync`,
    /// `cuda` or `metal`.
    pub fn new(device_uri: &str) -> Result<Arc<Runtime>> {
        let uri = cstring("device URI", device_uri)?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid C string and out-pointer; written only on success.
        check(
            unsafe { sys::shim_runtime_create(uri.as_ptr(), &mut raw) },
            || format!("creating device `{device_uri}`"),
        )?;
        let raw = NonNull::new(raw).expect("shim returned success with a null runtime");
        Ok(Arc::new(Runtime {
            raw,
            device_uri: device_uri.to_string(),
        }))
    }

    pub fn device_uri(&self) -> &str {
        &self.device_uri
    }

    /// Whether the device runs on this host's CPU and reads host memory in
    /// place (`local-task`, `local-sync`).
    pub fn is_local(&self) -> bool {
        self.device_uri.starts_with("local")
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        // SAFETY: created by shim_runtime_create; sessions hold an Arc to us.
        unsafe { sys::shim_runtime_free(self.raw.as_ptr()) }
    }
}
