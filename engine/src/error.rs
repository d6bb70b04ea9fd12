//! Engine-level errors.

use std::path::PathBuf;

use emitter::Head;

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
    /// A module's manifest lacks what the engine asks of it.
    #[error("manifest: {0}")]
    Manifest(#[from] ManifestError),
    /// A step that no bucket of the module holds.
    #[error(transparent)]
    Step(#[from] StepError),
    /// A stored block format the graphs cannot read as groups.
    #[error("{name}: {format} has no group layout")]
    NoGroupLayout {
        name: String,
        format: loader::StoredFormat,
    },
    #[error("parameter file {path}: {detail}")]
    Parameters { path: PathBuf, detail: String },
    #[error("I/O error at {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Work the engine ran on a thread of its own panicked.
    #[error(transparent)]
    Panicked(#[from] Panicked),
}

/// What a module's manifest lacks for what the engine asks of it.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    /// `manifest.json` in `dir` does not parse.
    #[error("{}: {source}", dir.display())]
    Unreadable {
        dir: PathBuf,
        source: serde_json::Error,
    },
    /// Every module needs a logits graph for prefill and one for decode.
    #[error("the module lacks prefill or decode logits graphs")]
    NoLogitsGraphs,
    /// A prefill step asked for a head the module was not built with.
    #[error("no prefill {0:?} graph")]
    NoPrefillGraph(Head),
    /// A decode step asked for a head the module was not built with.
    #[error("no decode {0:?} graph")]
    NoDecodeGraph(Head),
    /// A prefill function listed without its chunk length.
    #[error("{0} has no length")]
    NoLength(String),
    /// A decode or sample function listed without its batch size.
    #[error("{0} has no batch")]
    NoBatch(String),
    /// No standalone sample function takes `logits` logits as `rows` rows.
    #[error("no sample_b{rows} function for {logits} logits")]
    NoSampler { rows: usize, logits: usize },
    /// An embedding chunk of `tokens` tokens, and no embedding graph holds it (or the module
    /// has none: it was built without embedding lengths).
    #[error("no embedding graph holds {tokens} tokens (lengths {lengths:?})")]
    NoEmbedGraph { tokens: usize, lengths: Vec<usize> },
}

/// A step the module's buckets cannot hold. The scheduler sizes every step by the module, so
/// this is a caller's mistake, reported rather than run.
#[derive(Debug, thiserror::Error)]
pub enum StepError {
    /// A prefill chunk outside the slots or past the capacity.
    #[error(
        "prefill of {tokens} tokens at {start} in slot {slot} does not fit (slots {slots}, capacity {capacity})"
    )]
    PrefillDoesNotFit {
        tokens: usize,
        start: usize,
        slot: usize,
        slots: usize,
        capacity: usize,
    },
    /// No prefill function is long enough for the chunk or sees far enough.
    #[error("no prefill bucket for {tokens} tokens ending at {end}")]
    NoPrefillBucket { tokens: usize, end: usize },
    /// A decode step with no rows, more rows than slots, or a position past the capacity.
    #[error("decode of {rows} rows (max pos {max_pos}) does not fit")]
    DecodeDoesNotFit { rows: usize, max_pos: i32 },
    /// No decode function has enough rows or a window that reaches the position.
    #[error("no decode bucket for {rows} rows at position {max_pos}")]
    NoDecodeBucket { rows: usize, max_pos: i32 },
    /// A sample head was called without the rows' sampling inputs.
    #[error("a sample head needs sampling rows")]
    NoSampleRows,
}

/// Work the engine ran on a thread of its own that panicked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Panicked {
    /// The parameter file's conversion, run while the module compiles.
    #[error("the weight conversion panicked")]
    WeightConversion,
    /// The grammar masks, computed while a step runs.
    #[error("computing grammar masks panicked")]
    GrammarMasks,
}
