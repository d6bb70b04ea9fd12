use std::path::PathBuf;

/// Everything that can go wrong while reading or writing a GGUF file.
///
/// Malformed input always ends up here: the reader never panics on bytes it does not like.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("not a GGUF file: magic bytes are {0:02x?}, expected \"GGUF\"")]
    BadMagic([u8; 4]),
    #[error("unsupported GGUF version {0} (supported: 2 and 3, little-endian)")]
    UnsupportedVersion(u32),
    #[error(
        "file truncated: {what} needs {needed} bytes at offset {offset}, but the file has {len}"
    )]
    Truncated {
        what: &'static str,
        offset: u64,
        needed: u64,
        len: u64,
    },
    #[error("{what} at offset {offset} is not valid UTF-8")]
    InvalidUtf8 { what: &'static str, offset: u64 },
    #[error("unknown metadata value type {type_id} at offset {offset}")]
    UnknownValueType { type_id: u32, offset: u64 },
    #[error("tensor {tensor:?} has unknown ggml type {type_id}")]
    UnknownGgmlType { tensor: String, type_id: u32 },
    #[error("{what} count {count} cannot fit in the file")]
    AbsurdCount { what: &'static str, count: u64 },
    #[error("array of arrays at offset {offset}: not supported")]
    NestedArray { offset: u64 },
    #[error("metadata key {0:?} appears twice")]
    DuplicateKey(String),
    #[error("tensor {0:?} appears twice")]
    DuplicateTensor(String),
    #[error("tensor {tensor:?} has {n_dims} dimensions (at most {max} supported)")]
    TooManyDims {
        tensor: String,
        n_dims: u32,
        max: usize,
    },
    #[error("tensor {tensor:?} has a bad shape {dims:?}: {reason}")]
    BadShape {
        tensor: String,
        dims: Vec<u64>,
        reason: &'static str,
    },
    #[error("general.alignment = {0} is not a power of two")]
    BadAlignment(u64),
    #[error(
        "tensor {tensor:?} data offset {offset} is not a multiple of the alignment {alignment}"
    )]
    MisalignedTensor {
        tensor: String,
        offset: u64,
        alignment: u64,
    },
    #[error("tensor {tensor:?} data [{start}, {end}) lies outside the file ({len} bytes)")]
    TensorOutOfBounds {
        tensor: String,
        start: u64,
        end: u64,
        len: u64,
    },
    #[error("no tensor named {0:?}")]
    NoSuchTensor(String),
    #[error("metadata key {0:?} is missing")]
    MissingKey(String),
    #[error("metadata key {key:?} is a {found}, expected {expected}")]
    KeyType {
        key: String,
        expected: &'static str,
        found: &'static str,
    },
    #[error("tensor {tensor:?}: {reason}")]
    BadTensorData { tensor: String, reason: String },
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
