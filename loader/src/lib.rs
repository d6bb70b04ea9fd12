//! Model loading for Llama-family LLMs: a GGUF file or an HF safetensors directory becomes
//!
//! - its typed architecture description ([`Model::config`], a [`ModelConfig`]),
//! - one `.safetensors` parameter file in HF names and layout, f32 or f16, cached on disk
//!   ([`Model::parameter_file`]); GGUF tensors are dequantized and their q/k rows un-permuted,
//! - a tokenizer whose ids match HF transformers' ([`Model::tokenizer`]), with streaming decode,
//! - the chat template ([`Model::chat_template`]).
//!
//! ```no_run
//! use loader::{ChatMessage, Dtype, Model};
//!
//! let model = Model::open(loader::default_model_path()?)?;
//! let weights = model.parameter_file("cache", Dtype::F32)?;
//! let tokenizer = model.tokenizer()?;
//! let template = model.chat_template()?.expect("instruct models have one");
//! let prompt = template.render(&[ChatMessage::new("user", "Hi!")], true)?;
//! let ids = tokenizer.encode(&prompt, false)?;
//! # Ok::<(), loader::Error>(())
//! ```

mod cache_lock;
mod chat_template;
mod decode_stream;
pub mod dequant;
mod error;
mod fused_rows;
mod gguf_model;
mod hf_model;
mod model;
mod model_path;
mod parameter_file;
mod parameters;
pub mod progress;
pub mod rope_permutation;
mod sentencepiece;
pub mod tensor_names;
mod tiling;
mod token_bytes;
mod tokenizer;
mod weight_plan;

pub use cache_lock::CacheLock;
pub use chat_template::{ChatMessage, ChatTemplate, RenderInputs, RESERVED_VARIABLES};
pub use decode_stream::DecodeStream;
pub use error::{Error, Result};
pub use fused_rows::fuse_rows;
pub use model::{Model, ModelFormat};
pub use model_path::{default_model_path, MODEL_ENV};
pub use parameter_file::{part, read_parameter_list, CONVERTER_VERSION};
pub use parameters::{Dtype, ParameterInfo};
pub use tiling::{Tiling, TILE_ROWS};
pub use token_bytes::{ByteSpelling, TokenBytes};
pub use tokenizer::Tokenizer;
pub use weight_plan::{stored_format, Precision, StoredFormat, WeightPlan};

pub use model_config::{ConfigError, ModelConfig};
