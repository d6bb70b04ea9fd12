//! What the scheduler needs of a model's graphs, as a trait: [`Graphs`](crate::graphs::Graphs)
//! runs them on a device;
//! the scheduler's tests run its slot policy on a fake.

use emitter::Head;

use crate::device_sampling::SampleRows;
use crate::error::EngineError;
use crate::graphs::{DecodeOutput, PrefillOut};

/// The calls continuous batching makes on one model's graphs (see
/// [`Graphs`](crate::graphs::Graphs) for each one's contract).
pub trait GraphRunner {
    /// Cache slots (the most sequences running at once).
    fn slots(&self) -> usize;
    /// Context capacity of one slot, in tokens.
    fn capacity(&self) -> usize;
    /// The window of sliding-window layers kept as rings, if any (see `emitter::RingCache`).
    fn ring_window(&self) -> Option<usize>;
    /// Whether some layers keep a recurrent state per slot (linear attention), which holds a
    /// slot's whole sequence so far and cannot be cut back to a shorter prefix.
    fn keeps_states(&self) -> bool {
        false
    }
    fn vocab(&self) -> usize;
    /// Whether prefill and decode (and for `Sample`, the standalone sampler) offer `head`.
    fn has_head(&self, head: Head) -> bool;
    /// The prefill chunk length for `remaining` prompt tokens from `start`.
    fn chunk_len(&self, start: usize, remaining: usize) -> usize;
    fn prefill(
        &mut self,
        slot: usize,
        start: usize,
        tokens: &[i32],
        out: PrefillOut<'_>,
    ) -> Result<(), EngineError>;
    /// Returns the decode bucket B' that ran. `look_ahead`: the next step is likely to
    /// decode the same rows, each fed the token this one draws, so the graphs may queue it
    /// now (they use it only if it is exactly the next call).
    fn decode(
        &mut self,
        head: Head,
        tokens: &[i32],
        pos: &[i32],
        sampling: Option<&mut SampleRows>,
        look_ahead: bool,
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
    /// Chunk lengths of the module's embedding graphs, ascending; none unless it was built
    /// with embedding lengths.
    fn embed_lengths(&self) -> Vec<usize> {
        Vec::new()
    }
    /// Width of the hidden state an embedding graph returns per token.
    fn hidden(&self) -> usize {
        0
    }
    /// Runs a packed chunk (`tokens`, each one's `positions` in its sequence and `segments`,
    /// the sequence it belongs to) through the smallest embedding graph that holds it; `rows`
    /// receives `[T, hidden]` final normed hidden states for the T that ran, returned.
    fn embed(
        &mut self,
        tokens: &[i32],
        positions: &[i32],
        segments: &[i32],
        rows: &mut Vec<f32>,
    ) -> Result<usize, EngineError> {
        let _ = (positions, segments, rows);
        Err(crate::error::ManifestError::NoEmbedGraph {
            tokens: tokens.len(),
            lengths: self.embed_lengths(),
        }
        .into())
    }
}
