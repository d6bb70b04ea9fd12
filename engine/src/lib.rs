//! The engine: the compile driver, model loading and the continuous-batching
//! engine a serve worker drives, over the safe IREE runtime API.
//!
//! Layers, bottom up: [`runtime`] (the `runtime` crate, re-exported: sessions,
//! functions, tensors over the C shim), [`compile`] (iree-compile with per-target flags and a cache),
//! [`graphs`] (a model's functions with bucket selection), [`model`] (model
//! path to loaded graphs; [`model_args`], the tools' model flags), [`batch`] (slots, continuous batching, streaming).

pub mod batch;
pub mod cache;
pub mod compile;
pub mod device_sampling;
pub mod embedding;
pub mod error;
pub mod grammar;
pub mod graphs;
pub mod logs;
pub mod model;
pub mod model_args;
pub mod parameters;
pub mod paths;
pub mod prompt;

pub use runtime;

pub use error::EngineError;
