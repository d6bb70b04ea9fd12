//! A model's compiled graphs in one session: picks the length, batch and
//! window buckets for each call and keeps one set of device input tensors per
//! function, so a step allocates nothing on the host.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use emitter::{FunctionInfo, Kind, Manifest, Variant};

use crate::error::EngineError;
use crate::runtime::{Function, Output, Runtime, Session, SessionOptions, Tensor};

struct PrefillGraph {
    t: usize,
    w: usize,
    function: Function,
    tokens: Tensor,
    start: Tensor,
    len: Tensor,
    slot: Tensor,
}

struct DecodeGraph {
    b: usize,
    w: usize,
    function: Function,
    tokens: Tensor,
    pos: Tensor,
}

/// Which result a graph returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Head {
    Logits,
    Argmax,
}

/// The loaded module of one model.
pub struct Graphs {
    manifest: Manifest,
    session: Session,
    prefill: HashMap<Head, Vec<PrefillGraph>>,
    decode: HashMap<Head, Vec<DecodeGraph>>,
    copy_slot: Function,
    token_buf: Vec<i32>,
}

impl Graphs {
    /// Loads `vmfb` with `parameters` after checking the parameter file holds
    /// exactly what the manifest lists.
    pub fn load(runtime: &Arc<Runtime>, manifest: Manifest, vmfb: &Path, parameters: &Path) -> Result<Graphs, EngineError> {
        crate::parameters::check_against_manifest(parameters, &manifest)?;
        let options = SessionOptions::new([vmfb]).parameters(parameters);
        let session = Session::new(runtime, &options)?;
        let mut prefill: HashMap<Head, Vec<PrefillGraph>> = HashMap::new();
        let mut decode: HashMap<Head, Vec<DecodeGraph>> = HashMap::new();
        for info in &manifest.functions {
            let head = match info.variant {
                Some(Variant::Argmax) => Head::Argmax,
                _ => Head::Logits,
            };
            match info.kind {
                Kind::Prefill => prefill.entry(head).or_default().push(load_prefill(&session, &manifest, info)?),
                Kind::Decode => decode.entry(head).or_default().push(load_decode(&session, &manifest, info)?),
                Kind::Copy => {}
            }
        }
        for graphs in prefill.values_mut() {
            graphs.sort_by_key(|g| (g.t, g.w));
        }
        for graphs in decode.values_mut() {
            graphs.sort_by_key(|g| (g.b, g.w));
        }
        if !prefill.contains_key(&Head::Logits) || !decode.contains_key(&Head::Logits) {
            return Err(EngineError::Manifest("the module lacks prefill or decode logits graphs".into()));
        }
        let copy_slot = session.function(&format!("{}.{}", manifest.module, emitter::graph::COPY_SLOT))?;
        Ok(Graphs { manifest, session, prefill, decode, copy_slot, token_buf: Vec::new() })
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn vocab(&self) -> usize {
        self.manifest.config.vocab_size
    }

    pub fn slots(&self) -> usize {
        self.manifest.slots
    }

    pub fn capacity(&self) -> usize {
        self.manifest.capacity
    }

    pub fn has_head(&self, head: Head) -> bool {
        self.prefill.contains_key(&head) && self.decode.contains_key(&head)
    }

    /// The longest prefill chunk the module offers.
    pub fn max_chunk(&self) -> usize {
        self.prefill[&Head::Logits].iter().map(|g| g.t).max().unwrap_or(0)
    }

    /// The largest decode batch.
    pub fn max_batch(&self) -> usize {
        self.decode[&Head::Logits].iter().map(|g| g.b).max().unwrap_or(0)
    }

    /// Runs one prefill chunk: `tokens` at positions `start..` of `slot`.
    /// Writes the last token's logits (Logits head, `out.len() == V`) or its
    /// argmax (`out.len() == 1`).
    pub fn prefill(&mut self, head: Head, slot: usize, start: usize, tokens: &[i32], out: Output<'_>) -> Result<(), EngineError> {
        let end = start + tokens.len();
        if tokens.is_empty() || slot >= self.manifest.slots || end > self.manifest.capacity {
            return Err(EngineError::Internal(format!(
                "prefill of {} tokens at {start} in slot {slot} does not fit (slots {}, capacity {})",
                tokens.len(),
                self.manifest.slots,
                self.manifest.capacity
            )));
        }
        let graphs = self.prefill.get_mut(&head).ok_or_else(|| EngineError::Manifest(format!("no prefill {head:?} graph")))?;
        let graph = graphs
            .iter_mut()
            .find(|g| g.t >= tokens.len() && g.w >= end)
            .ok_or_else(|| EngineError::Internal(format!("no prefill bucket for {} tokens ending at {end}", tokens.len())))?;
        self.token_buf.clear();
        self.token_buf.extend_from_slice(tokens);
        self.token_buf.resize(graph.t, 0);
        graph.tokens.write(&self.token_buf)?;
        graph.start.write(&[start as i32])?;
        graph.len.write(&[tokens.len() as i32])?;
        graph.slot.write(&[slot as i32])?;
        let inputs = [&graph.tokens, &graph.start, &graph.len, &graph.slot];
        graph.function.call(&inputs, &mut [out])?;
        Ok(())
    }

    /// The prefill chunk length to use for `remaining` prompt tokens starting
    /// at `start`: the largest bucket that the prompt fills, else the smallest
    /// that holds the rest.
    pub fn chunk_len(&self, start: usize, remaining: usize) -> usize {
        let graphs = &self.prefill[&Head::Logits];
        let fits = |g: &&PrefillGraph| g.w >= start + g.t.min(remaining);
        let full = graphs.iter().filter(fits).filter(|g| g.t <= remaining).map(|g| g.t).max();
        full.unwrap_or(remaining).min(remaining).max(1)
    }

    /// Runs one ragged decode step over rows `0..tokens.len()` (row = slot);
    /// `pos[b] < 0` marks a padding row. `out` receives `[B', V]` logits or
    /// `[B']` argmax ids for the bucket B' >= rows that ran; returns B'.
    pub fn decode(&mut self, head: Head, tokens: &[i32], pos: &[i32], out: &mut DecodeOutput) -> Result<usize, EngineError> {
        let rows = tokens.len();
        let max_pos = pos.iter().copied().max().unwrap_or(-1);
        if rows == 0 || rows != pos.len() || rows > self.manifest.slots || max_pos >= self.manifest.capacity as i32 {
            return Err(EngineError::Internal(format!("decode of {rows} rows (max pos {max_pos}) does not fit")));
        }
        let vocab = self.vocab();
        let graphs = self.decode.get_mut(&head).ok_or_else(|| EngineError::Manifest(format!("no decode {head:?} graph")))?;
        let graph = graphs
            .iter_mut()
            .find(|g| g.b >= rows && g.w as i32 > max_pos)
            .ok_or_else(|| EngineError::Internal(format!("no decode bucket for {rows} rows at position {max_pos}")))?;
        self.token_buf.clear();
        self.token_buf.extend_from_slice(tokens);
        self.token_buf.resize(graph.b, 0);
        graph.tokens.write(&self.token_buf)?;
        self.token_buf.clear();
        self.token_buf.extend_from_slice(pos);
        self.token_buf.resize(graph.b, -1);
        graph.pos.write(&self.token_buf)?;
        let b = graph.b;
        let output = match head {
            Head::Logits => {
                out.logits.resize(b * vocab, 0.0);
                Output::F32(&mut out.logits[..b * vocab])
            }
            Head::Argmax => {
                out.ids.resize(b, 0);
                Output::I32(&mut out.ids[..b])
            }
        };
        graph.function.call(&[&graph.tokens, &graph.pos], &mut [output])?;
        Ok(b)
    }

    /// Copies slot `src`'s cache into slot `dst` (every layer, K and V).
    ///
    /// The call has no result to wait on, so IREE may still be running it
    /// when this returns; its arguments are therefore fresh tensors (kept
    /// alive by the pending work) rather than buffers rewritten in place.
    pub fn copy_slot(&mut self, src: usize, dst: usize) -> Result<(), EngineError> {
        let src = self.session.tensor(&[], &[src as i32])?;
        let dst = self.session.tensor(&[], &[dst as i32])?;
        self.copy_slot.call(&[&src, &dst], &mut [])?;
        Ok(())
    }
}

/// Reusable host buffers for decode results.
#[derive(Default)]
pub struct DecodeOutput {
    pub logits: Vec<f32>,
    pub ids: Vec<i32>,
}

fn function_name(manifest: &Manifest, info: &FunctionInfo) -> String {
    format!("{}.{}", manifest.module, info.name)
}

fn load_prefill(session: &Session, manifest: &Manifest, info: &FunctionInfo) -> Result<PrefillGraph, EngineError> {
    let t = info.t.ok_or_else(|| EngineError::Manifest(format!("{} has no length", info.name)))?;
    Ok(PrefillGraph {
        t,
        w: info.w.unwrap_or(manifest.capacity),
        function: session.function(&function_name(manifest, info))?,
        tokens: session.tensor(&[t], &vec![0i32; t])?,
        start: session.tensor(&[], &[0i32])?,
        len: session.tensor(&[], &[1i32])?,
        slot: session.tensor(&[], &[0i32])?,
    })
}

fn load_decode(session: &Session, manifest: &Manifest, info: &FunctionInfo) -> Result<DecodeGraph, EngineError> {
    let b = info.b.ok_or_else(|| EngineError::Manifest(format!("{} has no batch", info.name)))?;
    Ok(DecodeGraph {
        b,
        w: info.w.unwrap_or(manifest.capacity),
        function: session.function(&function_name(manifest, info))?,
        tokens: session.tensor(&[b], &vec![0i32; b])?,
        pos: session.tensor(&[b], &vec![-1i32; b])?,
    })
}
