use std::path::PathBuf;

use crate::dequant::DequantError;

/// Everything that can go wrong while loading a model.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Gguf(#[from] gguf::Error),
    #[error("{path}: invalid JSON: {source}")]
    Json {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
    #[error("{path}: invalid safetensors: {source}")]
    Safetensors {
        path: PathBuf,
        #[source]
        source: safetensors::SafeTensorError,
    },
    #[error("{0}: neither a GGUF file nor a directory with config.json")]
    UnknownModelFormat(PathBuf),
    #[error(transparent)]
    ModelConfig(#[from] model_config::ConfigError),
    #[error("tensor {0:?} has no known HF name for this architecture")]
    UnknownTensor(String),
    #[error("tensor {tensor:?}: {source}")]
    Dequant {
        tensor: String,
        #[source]
        source: DequantError,
    },
    #[error("tensor {tensor:?} has dtype {dtype}, which cannot be converted")]
    UnsupportedDtype { tensor: String, dtype: String },
    #[error("tensor {tensor:?} has shape {shape:?}: {reason}")]
    BadShape {
        tensor: String,
        shape: Vec<usize>,
        reason: String,
    },
    #[error("fused weight {fused:?}: {reason}")]
    Fused { fused: String, reason: String },
    #[error("model config: {0}")]
    Config(String),
    #[error("tokenizer: {0}")]
    Tokenizer(String),
    #[error("unsupported tokenizer {0}")]
    UnsupportedTokenizer(String),
    #[error("chat template: {0}")]
    ChatTemplate(#[from] minijinja::Error),
    #[error("no model found; looked at: {0}")]
    ModelNotFound(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

pub(crate) fn io_error(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
    let path = path.into();
    move |source| Error::Io { path, source }
}
