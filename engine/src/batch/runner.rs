//! What the scheduler needs of a model's graphs, as a trait: [`Graphs`] runs them on a device;
//! the scheduler's tests run its slot policy on a fake.

use emitter::Variant;

use crate::device_sampling::SampleRows;
use crate::error::EngineError;
use crate::graphs::{DecodeOutput, Graphs, PrefillOut};

/// The calls continuous batching makes on one model's graphs (see [`Graphs`] for each one's
/// contract).
pub trait GraphRunner {
    /// Cache slots (the most sequences running at once).
    fn slots(&self) -> usize;
    /// Context capacity of one slot, in tokens.
    fn capacity(&self) -> usize;
    /// The window of sliding-window layers kept as rings, if any (see `emitter::RingCache`).
    fn ring_window(&self) -> Option<usize>;
    fn vocab(&self) -> usize;
    /// Whether prefill and decode (and for `Sample`, the standalone sampler) offer `head`.
    fn has_head(&self, head: Variant) -> bool;
    /// The prefill chunk length for `remaining` prompt tokens from `start`.
    fn chunk_len(&self, start: usize, remaining: usize) -> usize;
    fn prefill(
        &mut self,
        slot: usize,
        start: usize,
        tokens: &[i32],
        out: PrefillOut<'_>,
    ) -> Result<(), EngineError>;
    /// Returns the decode bucket B' that ran.
    fn decode(
        &mut self,
        head: Variant,
        tokens: &[i32],
        pos: &[i32],
        sampling: Option<&mut SampleRows>,
        out: &mut DecodeOutput,
    ) -> Result<usize, EngineError>;
    fn sample(
        &mut self,
        logits: &[f32],
        sampling: &mut SampleRows,
        ids: &mut Vec<i32>,
        logprobs: &mut Vec<f32>,
    ) -> Result<(), EngineError>;
    fn copy_slot(&mut self, src: usize, dst: usize) -> Result<(), EngineError>;
}

impl GraphRunner for Graphs {
    fn slots(&self) -> usize {
        Graphs::slots(self)
    }

    fn capacity(&self) -> usize {
        Graphs::capacity(self)
    }

    fn ring_window(&self) -> Option<usize> {
        Graphs::ring_window(self)
    }

    fn vocab(&self) -> usize {
        Graphs::vocab(self)
    }

    fn has_head(&self, head: Variant) -> bool {
        Graphs::has_head(self, head)
    }

    fn chunk_len(&self, start: usize, remaining: usize) -> usize {
        Graphs::chunk_len(self, start, remaining)
    }

    fn prefill(
        &mut self,
        slot: usize,
        start: usize,
        tokens: &[i32],
        out: PrefillOut<'_>,
    ) -> Result<(), EngineError> {
        Graphs::prefill(self, slot, start, tokens, out)
    }

    fn decode(
        &mut self,
        head: Variant,
        tokens: &[i32],
        pos: &[i32],
        sampling: Option<&mut SampleRows>,
        out: &mut DecodeOutput,
    ) -> Result<usize, EngineError> {
        Graphs::decode(self, head, tokens, pos, sampling, out)
    }

    fn sample(
        &mut self,
        logits: &[f32],
        sampling: &mut SampleRows,
        ids: &mut Vec<i32>,
        logprobs: &mut Vec<f32>,
    ) -> Result<(), EngineError> {
        Graphs::sample(self, logits, sampling, ids, logprobs)
    }

    fn copy_slot(&mut self, src: usize, dst: usize) -> Result<(), EngineError> {
        Graphs::copy_slot(self, src, dst)
    }
}
