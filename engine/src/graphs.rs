//! A model's compiled graphs in one session: picks the length, batch and
//! window buckets for each call and keeps one set of device input tensors per
//! function (two per decode function), so a step allocates no input tensors.
//!
//! Where the functions are fenced (queued, not run inside the call), a decode step sampled on
//! the device queues the step after it before reading its own tokens: the next step takes
//! this one's sampled tokens as a device tensor, so the device goes on while the host reads,
//! streams and schedules ([`Ahead`]). The scheduler's next call uses it only when it asks for
//! exactly what was queued; otherwise the queued step is dropped and its work is wasted,
//! never its tokens used.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use emitter::{FunctionInfo, Head, Kind, Manifest};

use crate::batch::GraphRunner;
use crate::device_sampling::{SampleRows, SampleTensors};
use crate::error::{EngineError, ManifestError, StepError};
use crate::runtime::{
    Function, Output, ParameterMode, Pending, Runtime, Session, SessionOptions, Tensor,
};

struct PrefillGraph {
    t: usize,
    w: usize,
    function: Function,
    tokens: Tensor,
    start: Tensor,
    len: Tensor,
    slot: Tensor,
    sampling: Option<SampleTensors>,
}

struct DecodeGraph {
    b: usize,
    w: usize,
    function: Function,
    /// Two sets taken in turn, so that a step queued ahead never has its inputs rewritten
    /// while the step before it may still read them.
    inputs: [DecodeInputs; 2],
    turn: usize,
}

struct DecodeInputs {
    tokens: Tensor,
    pos: Tensor,
    sampling: Option<SampleTensors>,
}

/// A sampled decode step's tokens: values to write into the input set, or a step's sampled
/// tokens still on the device.
enum Tokens<'a> {
    Host(&'a [i32]),
    Device(&'a Tensor),
}

impl DecodeGraph {
    /// The graph and the input set the next call writes.
    fn next_inputs(&mut self) -> (&mut Function, &mut DecodeInputs) {
        let turn = self.turn;
        self.turn ^= 1;
        (&mut self.function, &mut self.inputs[turn])
    }

    /// Queues a sampled step of this (sample head) graph over `tokens`, with positions
    /// `pos` and sampling rows `rows` written into the next input set.
    fn submit_sampled(
        &mut self,
        tokens: Tokens<'_>,
        pos: &[i32],
        rows: &SampleRows,
    ) -> Result<Pending, EngineError> {
        let (function, inputs) = self.next_inputs();
        let tokens = match tokens {
            Tokens::Host(values) => {
                inputs.tokens.write(values)?;
                &inputs.tokens
            }
            Tokens::Device(tensor) => tensor,
        };
        inputs.pos.write(pos)?;
        let sampling = inputs
            .sampling
            .as_mut()
            .expect("sample graphs carry sampling inputs");
        sampling.write(rows)?;
        let mut args = vec![tokens, &inputs.pos];
        args.extend(sampling.iter());
        Ok(function.submit(&args)?)
    }
}

/// A sampled decode step queued before the scheduler asked for it: the step after the last
/// one, fed that step's tokens on the device, each live row one position on and one draw
/// further (the device heads' noise is counted by the draw, so the tokens are the ones the
/// step would draw if called later).
struct Ahead {
    /// Its index among the sample head's decode graphs.
    graph: usize,
    /// What it was called with, padded to the bucket: the step before's tokens (known once
    /// that step is read), positions, sampling rows.
    tokens: Vec<i32>,
    pos: Vec<i32>,
    rows: SampleRows,
    /// The step before's tokens on the device, kept until this step is read.
    _fed: Tensor,
    pending: Pending,
}

impl Ahead {
    /// Whether it is the call asked for: the same bucket, and in every live row (one at a
    /// position of 0 or more) the same token, position and sampling row. Padding rows
    /// (position -1) write nothing and their draws are dropped, so their tokens may differ.
    fn serves(&self, graph: usize, tokens: &[i32], pos: &[i32], rows: &SampleRows) -> bool {
        graph == self.graph
            && pos == self.pos
            && self.tokens.len() == tokens.len()
            && (0..pos.len())
                .filter(|&r| pos[r] >= 0)
                .all(|r| tokens[r] == self.tokens[r] && rows.same_row(&self.rows, r))
    }
}

/// `embed_hidden_t{T}`: a packed chunk of sequences to every token's hidden state.
struct EmbedGraph {
    t: usize,
    function: Function,
    tokens: Tensor,
    positions: Tensor,
    segments: Tensor,
}

/// `sample_b{B}`: the sampling head alone, over logits passed in.
struct SampleGraph {
    b: usize,
    function: Function,
    logits: Tensor,
    sampling: SampleTensors,
}

/// What a prefill chunk returns for its last token.
pub enum PrefillOut<'a> {
    /// `[V]` logits.
    Logits(&'a mut [f32]),
    /// The argmax id.
    Argmax(&'a mut i32),
    /// A token drawn on the device with the one row of `rows`, and its log-probability.
    Sample {
        rows: &'a SampleRows,
        token: &'a mut i32,
        logprob: &'a mut f32,
    },
}

impl PrefillOut<'_> {
    /// The head that returns this output.
    pub fn head(&self) -> Head {
        match self {
            PrefillOut::Logits(_) => Head::Logits,
            PrefillOut::Argmax(_) => Head::Argmax,
            PrefillOut::Sample { .. } => Head::Sample,
        }
    }
}

/// The loaded module of one model.
pub struct Graphs {
    manifest: Manifest,
    session: Session,
    prefill: HashMap<Head, Vec<PrefillGraph>>,
    decode: HashMap<Head, Vec<DecodeGraph>>,
    samplers: Vec<SampleGraph>,
    embedders: Vec<EmbedGraph>,
    copy_slot: Function,
    token_buf: Vec<i32>,
    pos_buf: Vec<i32>,
    /// Whether sampled decode steps queue the next one (see the module's notes).
    look_ahead: bool,
    ahead: Option<Ahead>,
}

impl Graphs {
    /// Loads `vmfb` with `parameters` after checking the parameter file holds
    /// exactly what the manifest lists.
    pub fn load(
        runtime: &Arc<Runtime>,
        manifest: Manifest,
        vmfb: &Path,
        parameters: &Path,
    ) -> Result<Graphs, EngineError> {
        crate::parameters::check_against_manifest(parameters, &manifest)?;
        // A CPU device reads the weights in place every step, so they get the
        // fastest host pages; a GPU copies them to device memory once, and a
        // mapping costs no RAM after that.
        let mode = if runtime.is_local() {
            ParameterMode::Resident
        } else {
            ParameterMode::Mmap
        };
        let options = SessionOptions::new([vmfb])
            .parameters(parameters)
            .parameter_mode(mode);
        let session = Session::new(runtime, &options)?;
        let mut prefill: HashMap<Head, Vec<PrefillGraph>> = HashMap::new();
        let mut decode: HashMap<Head, Vec<DecodeGraph>> = HashMap::new();
        let mut samplers = Vec::new();
        let mut embedders = Vec::new();
        for info in &manifest.functions {
            let head = info.head.unwrap_or(Head::Logits);
            match info.kind {
                Kind::Prefill => prefill
                    .entry(head)
                    .or_default()
                    .push(load_prefill(&session, &manifest, info)?),
                Kind::Decode => decode
                    .entry(head)
                    .or_default()
                    .push(load_decode(&session, &manifest, info)?),
                Kind::Sample => samplers.push(load_sampler(&session, &manifest, info)?),
                Kind::Embed => embedders.push(load_embedder(&session, &manifest, info)?),
                Kind::Copy => {}
            }
        }
        samplers.sort_by_key(|g| g.b);
        embedders.sort_by_key(|g| g.t);
        for graphs in prefill.values_mut() {
            graphs.sort_by_key(|g| (g.t, g.w));
        }
        for graphs in decode.values_mut() {
            graphs.sort_by_key(|g| (g.b, g.w));
        }
        if !prefill.contains_key(&Head::Logits) || !decode.contains_key(&Head::Logits) {
            return Err(ManifestError::NoLogitsGraphs.into());
        }
        let copy_slot = session.function(&format!(
            "{}.{}",
            manifest.module,
            emitter::graph::COPY_SLOT
        ))?;
        Ok(Graphs {
            manifest,
            session,
            prefill,
            decode,
            samplers,
            embedders,
            copy_slot,
            token_buf: Vec::new(),
            pos_buf: Vec::new(),
            look_ahead: true,
            ahead: None,
        })
    }

    /// Turns queueing the next sampled decode step on or off (on by default). It happens only
    /// where the functions are fenced and every cache row past a sequence's end is free to
    /// overwrite: a step queued for a row that then ends writes one position past it, which
    /// a recurrent state cannot take back and a ring's window would lose a position to.
    pub fn looking_ahead(mut self, on: bool) -> Graphs {
        self.look_ahead = on;
        self
    }

    fn can_look_ahead(&self) -> bool {
        self.look_ahead
            && self.manifest.kv_cache.states.is_none()
            && self.manifest.kv_cache.ring.is_none()
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// A sampled decode step over the padded `token_buf` and `pos_buf` with `rows`, in graph
    /// `index`: the step queued ahead when it is this one, else a new call; then, if asked
    /// and possible, the step after it is queued before this one is read.
    fn decode_sampled(
        &mut self,
        call: Sampled,
        rows: &SampleRows,
        out: &mut DecodeOutput,
    ) -> Result<usize, EngineError> {
        let index = call.index;
        let ahead = self.ahead.take();
        out.ahead = match &ahead {
            None => AheadUse::None,
            Some(a) if a.serves(index, &self.token_buf, &self.pos_buf, rows) => AheadUse::Served,
            Some(_) => AheadUse::Dropped,
        };
        let pending = match ahead {
            Some(ahead) if out.ahead == AheadUse::Served => ahead.pending,
            // A step queued for other rows: dropping it waits for it, then it is forgotten.
            dropped => {
                drop(dropped);
                let graph = &mut self.decode.get_mut(&Head::Sample).expect("checked")[index];
                let tokens = Tokens::Host(&self.token_buf);
                graph.submit_sampled(tokens, &self.pos_buf, rows)?
            }
        };
        if call.look_ahead && self.can_look_ahead() {
            self.ahead = self.queue_next(&call, rows, &pending)?;
        }
        let b = self.pos_buf.len();
        out.ids.resize(b, 0);
        out.logprobs.resize(b, 0.0);
        let read = pending.read(&mut [
            Output::I32(&mut out.ids[..b]),
            Output::F32(&mut out.logprobs[..b]),
        ]);
        match (&mut self.ahead, read) {
            (Some(ahead), Ok(())) => ahead.tokens.copy_from_slice(&out.ids[..b]),
            (ahead, Err(e)) => {
                *ahead = None;
                return Err(e.into());
            }
            (None, Ok(())) => {}
        }
        Ok(b)
    }

    /// Queues the step after the one `pending` computes, in the same graph, fed its tokens:
    /// every live row of `pos_buf` one position on and `rows` one draw further. None where
    /// that step needs another graph (a longer window) or the functions run inside the call.
    fn queue_next(
        &mut self,
        call: &Sampled,
        rows: &SampleRows,
        pending: &Pending,
    ) -> Result<Option<Ahead>, EngineError> {
        let index = call.index;
        let pos: Vec<i32> = self
            .pos_buf
            .iter()
            .map(|&p| if p >= 0 { p + 1 } else { p })
            .collect();
        let max_pos = pos.iter().copied().max().unwrap_or(-1);
        let graphs = self.decode.get_mut(&Head::Sample).expect("checked");
        let fits = graphs
            .iter()
            .position(|g| g.b >= call.rows && g.w as i32 > max_pos)
            == Some(index);
        if !fits || max_pos >= self.manifest.capacity as i32 || !graphs[index].function.is_fenced()
        {
            return Ok(None);
        }
        let mut rows = rows.clone();
        for step in &mut rows.step {
            *step = step.wrapping_add(1);
        }
        let fed = pending.result(0)?;
        let pending = graphs[index].submit_sampled(Tokens::Device(&fed), &pos, &rows)?;
        Ok(Some(Ahead {
            graph: index,
            tokens: vec![0; pos.len()],
            pos,
            rows,
            _fed: fed,
            pending,
        }))
    }
}

/// A sampled decode call: its graph's index among the sample head's, its unpadded row
/// count, and whether the scheduler expects the same rows next step.
struct Sampled {
    index: usize,
    rows: usize,
    look_ahead: bool,
}

/// `values` padded with `fill` to `len`, into `buf`.
fn pad(buf: &mut Vec<i32>, values: &[i32], len: usize, fill: i32) {
    buf.clear();
    buf.extend_from_slice(values);
    buf.resize(len, fill);
}

impl Drop for Graphs {
    /// A step queued ahead reads the decode graphs' input tensors: it ends (dropping it
    /// waits for it) before they are freed.
    fn drop(&mut self) {
        self.ahead = None;
    }
}

impl GraphRunner for Graphs {
    fn vocab(&self) -> usize {
        self.manifest.config.vocab_size
    }

    fn slots(&self) -> usize {
        self.manifest.slots
    }

    fn capacity(&self) -> usize {
        self.manifest.capacity
    }

    /// The window of sliding-window layers whose caches are rings, if any.
    fn ring_window(&self) -> Option<usize> {
        self.manifest.kv_cache.ring.as_ref().map(|r| r.window)
    }

    fn keeps_states(&self) -> bool {
        self.manifest.kv_cache.states.is_some()
    }

    fn has_head(&self, head: Head) -> bool {
        let standalone = head != Head::Sample
            || self.decode[&Head::Logits]
                .iter()
                .all(|g| self.samplers.iter().any(|s| s.b == g.b));
        self.prefill.contains_key(&head) && self.decode.contains_key(&head) && standalone
    }

    /// Runs one prefill chunk: `tokens` at positions `start..` of `slot`, and
    /// the head `out` asks for on the last token.
    fn prefill(
        &mut self,
        slot: usize,
        start: usize,
        tokens: &[i32],
        out: PrefillOut<'_>,
    ) -> Result<(), EngineError> {
        let head = out.head();
        let end = start + tokens.len();
        if tokens.is_empty() || slot >= self.manifest.slots || end > self.manifest.capacity {
            return Err(StepError::PrefillDoesNotFit {
                tokens: tokens.len(),
                start,
                slot,
                slots: self.manifest.slots,
                capacity: self.manifest.capacity,
            }
            .into());
        }
        let graphs = self
            .prefill
            .get_mut(&head)
            .ok_or(ManifestError::NoPrefillGraph(head))?;
        let graph = graphs
            .iter_mut()
            .find(|g| g.t >= tokens.len() && g.w >= end)
            .ok_or(StepError::NoPrefillBucket {
                tokens: tokens.len(),
                end,
            })?;
        self.token_buf.clear();
        self.token_buf.extend_from_slice(tokens);
        self.token_buf.resize(graph.t, 0);
        graph.tokens.write(&self.token_buf)?;
        graph.start.write(&[start as i32])?;
        graph.len.write(&[tokens.len() as i32])?;
        graph.slot.write(&[slot as i32])?;
        let mut inputs = vec![&graph.tokens, &graph.start, &graph.len, &graph.slot];
        match out {
            PrefillOut::Logits(logits) => {
                graph.function.call(&inputs, &mut [Output::F32(logits)])?
            }
            PrefillOut::Argmax(id) => graph
                .function
                .call(&inputs, &mut [Output::I32(std::slice::from_mut(id))])?,
            PrefillOut::Sample {
                rows,
                token,
                logprob,
            } => {
                let sampling = graph
                    .sampling
                    .as_mut()
                    .expect("sample graphs carry sampling inputs");
                sampling.write(rows)?;
                inputs.extend(sampling.iter());
                let mut outputs = [
                    Output::I32(std::slice::from_mut(token)),
                    Output::F32(std::slice::from_mut(logprob)),
                ];
                graph.function.call(&inputs, &mut outputs)?;
            }
        }
        Ok(())
    }

    /// The prefill chunk length to use for `remaining` prompt tokens starting
    /// at `start`: the largest bucket that the prompt fills, else the smallest
    /// that holds the rest.
    fn chunk_len(&self, start: usize, remaining: usize) -> usize {
        let graphs = &self.prefill[&Head::Logits];
        let fits = |g: &&PrefillGraph| g.w >= start + g.t.min(remaining);
        let full = graphs
            .iter()
            .filter(fits)
            .filter(|g| g.t <= remaining)
            .map(|g| g.t)
            .max();
        full.unwrap_or(remaining).min(remaining).max(1)
    }

    /// Runs one ragged decode step over rows `0..tokens.len()` (row = slot);
    /// `pos[b] < 0` marks a padding row. `out` receives `[B', V]` logits,
    /// `[B']` argmax ids, or `[B']` sampled ids and log-probabilities (the
    /// Sample head, drawn with `sampling`, padded here) for the bucket
    /// B' >= rows that ran; returns B'. With the Sample head and `look_ahead`, the step
    /// after this one is queued too (see [`Ahead`]).
    fn decode(
        &mut self,
        head: Head,
        tokens: &[i32],
        pos: &[i32],
        sampling: Option<&mut SampleRows>,
        look_ahead: bool,
        out: &mut DecodeOutput,
    ) -> Result<usize, EngineError> {
        let rows = tokens.len();
        let max_pos = pos.iter().copied().max().unwrap_or(-1);
        if rows == 0
            || rows != pos.len()
            || rows > self.manifest.slots
            || max_pos >= self.manifest.capacity as i32
        {
            return Err(StepError::DecodeDoesNotFit { rows, max_pos }.into());
        }
        let vocab = self.vocab();
        let graphs = self
            .decode
            .get_mut(&head)
            .ok_or(ManifestError::NoDecodeGraph(head))?;
        let index = graphs
            .iter()
            .position(|g| g.b >= rows && g.w as i32 > max_pos)
            .ok_or(StepError::NoDecodeBucket { rows, max_pos })?;
        let b = graphs[index].b;
        pad(&mut self.token_buf, tokens, b, 0);
        pad(&mut self.pos_buf, pos, b, -1);
        if head == Head::Sample {
            let rows = sampling.ok_or(StepError::NoSampleRows)?;
            let sampled = Sampled {
                index,
                rows: tokens.len(),
                look_ahead,
            };
            rows.pad_to(b);
            return self.decode_sampled(sampled, rows, out);
        }
        // Any other head needs the host before the next step: nothing is queued ahead.
        out.ahead = match self.ahead.take() {
            Some(_) => AheadUse::Dropped,
            None => AheadUse::None,
        };
        let (function, inputs) = graphs[index].next_inputs();
        inputs.tokens.write(&self.token_buf)?;
        inputs.pos.write(&self.pos_buf)?;
        let args = [&inputs.tokens, &inputs.pos];
        match head {
            Head::Logits => {
                out.logits.resize(b * vocab, 0.0);
                function.call(&args, &mut [Output::F32(&mut out.logits[..b * vocab])])?;
            }
            Head::Argmax => {
                out.ids.resize(b, 0);
                function.call(&args, &mut [Output::I32(&mut out.ids[..b])])?;
            }
            Head::Sample => unreachable!("sampled above"),
        }
        Ok(b)
    }

    /// Samples on the device from `[B, V]` logits already on the host (a
    /// step that had to return logits), with `sampling` padded to B. Writes
    /// ids and log-probabilities into `out`.
    fn sample(
        &mut self,
        logits: &[f32],
        sampling: &mut SampleRows,
        ids: &mut Vec<i32>,
        logprobs: &mut Vec<f32>,
    ) -> Result<(), EngineError> {
        let vocab = self.vocab();
        let b = logits.len() / vocab.max(1);
        let graph = self
            .samplers
            .iter_mut()
            .find(|g| g.b == b && b * vocab == logits.len())
            .ok_or(ManifestError::NoSampler {
                rows: b,
                logits: logits.len(),
            })?;
        graph.logits.write(logits)?;
        sampling.pad_to(b);
        graph.sampling.write(sampling)?;
        let mut inputs = vec![&graph.logits];
        inputs.extend(graph.sampling.iter());
        ids.resize(b, 0);
        logprobs.resize(b, 0.0);
        let mut outputs = [Output::I32(&mut ids[..b]), Output::F32(&mut logprobs[..b])];
        graph.function.call(&inputs, &mut outputs)?;
        Ok(())
    }

    /// Copies slot `src`'s cache into slot `dst` (every layer, K and V).
    ///
    /// The call has no result to wait on, so IREE may still be running it
    /// when this returns; its arguments are therefore fresh tensors (kept
    /// alive by the pending work) rather than buffers rewritten in place.
    fn copy_slot(&mut self, src: usize, dst: usize) -> Result<(), EngineError> {
        let src = self.session.tensor(&[], &[src as i32])?;
        let dst = self.session.tensor(&[], &[dst as i32])?;
        self.copy_slot.call(&[&src, &dst], &mut [])?;
        Ok(())
    }

    fn embed_lengths(&self) -> Vec<usize> {
        self.embedders.iter().map(|g| g.t).collect()
    }

    fn hidden(&self) -> usize {
        self.manifest.config.hidden_size
    }

    /// Padding tokens past the chunk's own are token 0 at position 0 in segment -1, which no
    /// sequence's token attends to.
    fn embed(
        &mut self,
        tokens: &[i32],
        positions: &[i32],
        segments: &[i32],
        rows: &mut Vec<f32>,
    ) -> Result<usize, EngineError> {
        let n = tokens.len();
        let lengths = self.embed_lengths();
        let graph = self
            .embedders
            .iter_mut()
            .find(|g| g.t >= n && n > 0 && positions.len() == n && segments.len() == n)
            .ok_or(ManifestError::NoEmbedGraph { tokens: n, lengths })?;
        let t = graph.t;
        for (tensor, values, pad) in [
            (&mut graph.tokens, tokens, 0),
            (&mut graph.positions, positions, 0),
            (&mut graph.segments, segments, -1),
        ] {
            self.token_buf.clear();
            self.token_buf.extend_from_slice(values);
            self.token_buf.resize(t, pad);
            tensor.write(&self.token_buf)?;
        }
        let width = self.manifest.config.hidden_size;
        rows.resize(t * width, 0.0);
        let inputs = [&graph.tokens, &graph.positions, &graph.segments];
        graph
            .function
            .call(&inputs, &mut [Output::F32(&mut rows[..t * width])])?;
        Ok(t)
    }
}

/// Reusable host buffers for decode results.
#[derive(Default)]
pub struct DecodeOutput {
    pub logits: Vec<f32>,
    /// Argmax or sampled ids.
    pub ids: Vec<i32>,
    /// Log-probabilities of sampled ids.
    pub logprobs: Vec<f32>,
    /// What became of the step queued ahead by the call before: used for this one, or
    /// dropped unused (other rows, tokens or head asked for).
    pub ahead: AheadUse,
}

/// What a decode call did with the step the call before it queued ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AheadUse {
    /// Nothing was queued.
    #[default]
    None,
    Served,
    Dropped,
}

fn function_name(manifest: &Manifest, info: &FunctionInfo) -> String {
    format!("{}.{}", manifest.module, info.name)
}

fn load_prefill(
    session: &Session,
    manifest: &Manifest,
    info: &FunctionInfo,
) -> Result<PrefillGraph, EngineError> {
    let t = info
        .t
        .ok_or_else(|| ManifestError::NoLength(info.name.clone()))?;
    Ok(PrefillGraph {
        t,
        w: info.w.unwrap_or(manifest.capacity),
        function: session.function(&function_name(manifest, info))?,
        tokens: session.tensor(&[t], &vec![0i32; t])?,
        start: session.tensor(&[], &[0i32])?,
        len: session.tensor(&[], &[1i32])?,
        slot: session.tensor(&[], &[0i32])?,
        sampling: sampling_tensors(session, info, 1)?,
    })
}

fn load_decode(
    session: &Session,
    manifest: &Manifest,
    info: &FunctionInfo,
) -> Result<DecodeGraph, EngineError> {
    let b = info
        .b
        .ok_or_else(|| ManifestError::NoBatch(info.name.clone()))?;
    Ok(DecodeGraph {
        b,
        w: info.w.unwrap_or(manifest.capacity),
        function: session.function(&function_name(manifest, info))?,
        inputs: [
            decode_inputs(session, info, b)?,
            decode_inputs(session, info, b)?,
        ],
        turn: 0,
    })
}

fn decode_inputs(
    session: &Session,
    info: &FunctionInfo,
    b: usize,
) -> Result<DecodeInputs, EngineError> {
    Ok(DecodeInputs {
        tokens: session.tensor(&[b], &vec![0i32; b])?,
        pos: session.tensor(&[b], &vec![-1i32; b])?,
        sampling: sampling_tensors(session, info, b)?,
    })
}

fn sampling_tensors(
    session: &Session,
    info: &FunctionInfo,
    rows: usize,
) -> Result<Option<SampleTensors>, EngineError> {
    match info.head {
        Some(Head::Sample) => Ok(Some(SampleTensors::new(session, rows)?)),
        _ => Ok(None),
    }
}

fn load_embedder(
    session: &Session,
    manifest: &Manifest,
    info: &FunctionInfo,
) -> Result<EmbedGraph, EngineError> {
    let t = info
        .t
        .ok_or_else(|| ManifestError::NoLength(info.name.clone()))?;
    Ok(EmbedGraph {
        t,
        function: session.function(&function_name(manifest, info))?,
        tokens: session.tensor(&[t], &vec![0i32; t])?,
        positions: session.tensor(&[t], &vec![0i32; t])?,
        segments: session.tensor(&[t], &vec![-1i32; t])?,
    })
}

fn load_sampler(
    session: &Session,
    manifest: &Manifest,
    info: &FunctionInfo,
) -> Result<SampleGraph, EngineError> {
    let b = info
        .b
        .ok_or_else(|| ManifestError::NoBatch(info.name.clone()))?;
    let vocab = manifest.config.vocab_size;
    Ok(SampleGraph {
        b,
        function: session.function(&function_name(manifest, info))?,
        logits: session.tensor(&[b, vocab], &vec![0f32; b * vocab])?,
        sampling: SampleTensors::new(session, b)?,
    })
}
