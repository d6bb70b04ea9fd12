//! Safe API over the IREE runtime shim (`runtime-sys`): a [`Runtime`] owns a device, a
//! [`Session`] holds loaded modules and parameters, a [`Function`] is a resolved entry point
//! and a [`Tensor`] is a device-resident input.
//!
//! All types are `Send + Sync`. IREE's VM context is not safe for concurrent invocation, so
//! every call into a session takes that session's lock.

mod device;
mod error;
mod ffi;
mod function;
mod output;
mod pending;
mod session;
mod signature;
mod tensor;

pub use device::{set_flags, Runtime, DEFAULT_RUNTIME_FLAGS, RUNTIME_FLAGS_ENV};
pub use error::{Result, RuntimeError, StatusCode};
pub use function::Function;
pub use output::{HostTensor, Output};
pub use pending::Pending;
pub use session::{ParameterMode, Session, SessionOptions};
pub use signature::{DType, Signature, TensorType};
pub use tensor::{Element, Tensor};
