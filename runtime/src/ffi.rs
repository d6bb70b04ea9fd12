//! The one place shim errors become Rust errors.

use std::ffi::{CStr, CString};

use super::error::{Result, RuntimeError, StatusCode};
use runtime_sys as sys;

/// Converts a shim result (NULL = success) into `Result`, taking ownership of
/// the error and copying IREE's message out before freeing it.
pub(crate) fn check(error: *mut sys::shim_error_t, context: impl FnOnce() -> String) -> Result<()> {
    if error.is_null() {
        return Ok(());
    }
    // SAFETY: non-null errors come from the shim and stay valid until freed;
    // the message is a NUL-terminated string owned by the error.
    let (code, message) = unsafe {
        let code = sys::shim_error_code(error);
        let message = CStr::from_ptr(sys::shim_error_message(error))
            .to_string_lossy()
            .into_owned();
        sys::shim_error_free(error);
        (code, message)
    };
    Err(RuntimeError::Iree {
        code: StatusCode::from_raw(code),
        context: context(),
        message,
    })
}

pub(crate) fn cstring(what: &'static str, value: &str) -> Result<CString> {
    CString::new(value).map_err(|_| RuntimeError::InvalidString {
        what,
        value: value.to_string(),
    })
}
