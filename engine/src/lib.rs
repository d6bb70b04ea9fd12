//! The engine: a safe IREE runtime API, model sessions and the batch engine a
//! serve worker drives.

pub mod runtime;
