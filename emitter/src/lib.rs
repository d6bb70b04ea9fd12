//! StableHLO emitter for Llama-family models.
//!
//! [`hlo`] is a small typed builder for StableHLO text; [`config`] reads a model's
//! configuration from an HF `config.json` or GGUF metadata; [`graph`] builds the prefill,
//! ragged decode and slot-copy functions into one module; [`emit()`] writes it with its
//! [`Manifest`].

/// The model description the graphs are built from.
pub use model_config as config;
pub mod emit;
pub mod graph;
pub mod hlo;
pub mod manifest;
pub mod module_form;

pub use config::{ConfigError, ModelConfig, RopeScaling};
pub use emit::{emit, render, EmitError, MANIFEST_FILE, MODULE_FILE};
pub use graph::{FunctionInfo, GraphOptions, Head, Kind};
pub use manifest::{Manifest, RingCache};
pub use module_form::ModuleForm;
