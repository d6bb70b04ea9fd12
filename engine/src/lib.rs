//! The engine: a safe IREE runtime API, the compile driver, model sessions
//! and the batch engine a serve worker drives.

pub mod compile;
pub mod paths;
pub mod runtime;
