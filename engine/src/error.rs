//! Engine-level errors.

use std::path::PathBuf;

use crate::runtime::RuntimeError;

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Runtime(#[from] RuntimeError),
    #[error(transparent)]
    Compile(#[from] crate::compile::CompileError),
    #[error(transparent)]
    Loader(#[from] loader::Error),
    #[error(transparent)]
    Emit(#[from] emitter::EmitError),
    /// A weight type asked for that no parameter file holds.
    #[error(transparent)]
    NotStored(#[from] emitter::graph::NotStored),
    /// Model arguments that ask for what cannot be built.
    #[error(transparent)]
    Args(#[from] crate::model_args::ArgsError),
    #[error("manifest: {0}")]
    Manifest(String),
    #[error("parameter file {path}: {detail}")]
    Parameters { path: PathBuf, detail: String },
    #[error("I/O error at {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("internal error: {0}")]
    Internal(String),
}
