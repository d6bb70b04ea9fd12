//! Errors from the IREE runtime and from checks made before calling it.

/// IREE's status codes (`iree_status_code_t`), as carried by [`RuntimeError::Iree`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusCode {
    Cancelled,
    Unknown,
    InvalidArgument,
    DeadlineExceeded,
    NotFound,
    AlreadyExists,
    PermissionDenied,
    ResourceExhausted,
    FailedPrecondition,
    Aborted,
    OutOfRange,
    Unimplemented,
    Internal,
    Unavailable,
    DataLoss,
    Unauthenticated,
    Deferred,
    Incompatible,
    Other(i32),
}

impl StatusCode {
    pub(crate) fn from_raw(code: i32) -> StatusCode {
        use StatusCode::*;
        match code {
            1 => Cancelled,
            2 => Unknown,
            3 => InvalidArgument,
            4 => DeadlineExceeded,
            5 => NotFound,
            6 => AlreadyExists,
            7 => PermissionDenied,
            8 => ResourceExhausted,
            9 => FailedPrecondition,
            10 => Aborted,
            11 => OutOfRange,
            12 => Unimplemented,
            13 => Internal,
            14 => Unavailable,
            15 => DataLoss,
            16 => Unauthenticated,
            17 => Deferred,
            18 => Incompatible,
            other => Other(other),
        }
    }
}

/// What went wrong, with IREE's own message where IREE reported it.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// IREE returned a failing status; `message` is IREE's full text.
    #[error("IREE {code:?} while {context}: {message}")]
    Iree {
        code: StatusCode,
        context: String,
        message: String,
    },
    /// A path or name could not be passed to C (interior NUL byte).
    #[error("invalid {what}: {value:?} contains a NUL byte")]
    InvalidString { what: &'static str, value: String },
    /// Call arguments do not match the function's declared signature.
    #[error("function `{function}`: {detail}")]
    Signature { function: String, detail: String },
    /// The host buffer or tensor does not match the declared shape.
    #[error("shape mismatch: {0}")]
    Shape(String),
}

pub type Result<T, E = RuntimeError> = std::result::Result<T, E>;
