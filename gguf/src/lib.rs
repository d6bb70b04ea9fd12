//! Reader for GGUF (v2 and v3) model containers.
//!
//! [`GgufFile::open`] memory-maps a file and parses its header: metadata key/values, tensor
//! infos and the data section's position. Tensor bytes are then borrowed straight from the
//! mapping with [`GgufFile::tensor_data`]. Every size, count and offset in the header is checked
//! against the file, so corrupt input yields an [`Error`] instead of a panic or a huge
//! allocation.
//!
//! ```no_run
//! let file = gguf::GgufFile::open("model.gguf")?;
//! let layers = file.get_u64("llama.block_count")?;
//! for t in file.tensors() {
//!     println!("{} {:?} {}", t.name, t.dims, t.ggml_type);
//! }
//! # Ok::<(), gguf::Error>(())
//! ```
//!
//! [`Writer`] builds small files in memory, for tests and synthetic models.

mod array;
mod cursor;
mod error;
mod file;
mod ggml_type;
mod tensor_info;
mod value;
mod writer;

pub use array::{Array, Item};
pub use error::{Error, Result};
pub use file::{GgufFile, ALIGNMENT_KEY, DEFAULT_ALIGNMENT, MAX_DIMS};
pub use ggml_type::GgmlType;
pub use tensor_info::TensorInfo;
pub use value::{Value, ValueType};
pub use writer::Writer;
