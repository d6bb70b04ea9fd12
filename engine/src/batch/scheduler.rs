//! Continuous batching over the slots of one model: admit waiting requests
//! into free slots, prefill them in chunks, decode every generating slot in
//! one ragged step, sample, stream, evict, and keep live slots packed low so
//! that a decode batch of B rows covers them in place.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;

use loader::Tokenizer;
use sampler::{Sample, Sampler};

use super::prefix_cache::PrefixCache;
use super::request::{Event, FinishReason, GenerationRequest};
use super::sequence::{Phase, Sequence};
use crate::device_sampling::{device_can_sample, SampleRows, SamplingMode};
use crate::error::EngineError;
use crate::graphs::{DecodeOutput, Graphs, Head, PrefillOut};

/// Tunables of the scheduler.
#[derive(Debug, Clone)]
pub struct SchedulerConfig {
    /// Prompt tokens prefilled per iteration across all admitted requests
    /// (at least one chunk runs); bounds how long decode rows wait.
    pub prefill_budget: usize,
    /// End-of-sequence token of the model.
    pub eos: Option<u32>,
    /// Where tokens are drawn. Device mode on a module without sample heads
    /// samples on the host ([`EngineStats`](super::EngineStats) counts both).
    pub sampling: SamplingMode,
}

/// Per-step counters, for benchmarks and tests.
#[derive(Debug, Clone, Default)]
pub struct StepStats {
    pub prefill_tokens: usize,
    pub decode_rows: usize,
    /// The decode bucket that ran (0 when no decode ran).
    pub decode_batch: usize,
    pub slot_copies: usize,
    pub sample_seconds: f64,
    pub bytes_read_back: usize,
    pub device_tokens: usize,
    pub host_tokens: usize,
}

pub struct Scheduler {
    graphs: Graphs,
    sampler: Sampler,
    tokenizer: Option<Arc<Tokenizer>>,
    config: SchedulerConfig,
    waiting: VecDeque<Sequence>,
    active: Vec<Sequence>,
    /// Slots of finished requests, kept for prompts that start the same way.
    cache: PrefixCache,
    pending: Arc<AtomicUsize>,
    logits: Vec<f32>,
    decode_out: DecodeOutput,
    sample: Sample,
    tokens: Vec<i32>,
    pos: Vec<i32>,
    rows: SampleRows,
    on_device: Vec<bool>,
    /// Device mode on a module that has the sample heads (fixed at start).
    device_heads: bool,
    pub stats: StepStats,
}

impl Scheduler {
    pub fn new(
        graphs: Graphs,
        tokenizer: Option<Arc<Tokenizer>>,
        config: SchedulerConfig,
        pending: Arc<AtomicUsize>,
    ) -> Scheduler {
        let vocab = graphs.vocab();
        let device_heads = config.sampling == SamplingMode::Device && graphs.has_head(Head::Sample);
        Scheduler {
            graphs,
            sampler: Sampler::new(),
            tokenizer,
            config,
            waiting: VecDeque::new(),
            active: Vec::new(),
            cache: PrefixCache::default(),
            pending,
            logits: vec![0.0; vocab],
            decode_out: DecodeOutput::default(),
            sample: Sample::default(),
            tokens: Vec::new(),
            pos: Vec::new(),
            rows: SampleRows::default(),
            on_device: Vec::new(),
            device_heads,
            stats: StepStats::default(),
        }
    }

    /// Whether `seq` draws its tokens on the device.
    fn samples_on_device(&self, seq: &Sequence) -> bool {
        self.device_heads && device_can_sample(&seq.request.params)
    }

    pub fn graphs(&self) -> &Graphs {
        &self.graphs
    }

    pub fn has_work(&self) -> bool {
        !self.waiting.is_empty() || !self.active.is_empty()
    }

    /// Slots in use (live sequences are packed into `0..active`).
    pub fn active(&self) -> usize {
        self.active.len()
    }

    /// Cache positions holding a live sequence's tokens, over all slots.
    pub fn used_positions(&self) -> usize {
        self.active
            .iter()
            .map(|s| match s.phase {
                Phase::Prefill { done } => done,
                Phase::Decode { pos } => pos,
            })
            .sum()
    }

    pub fn enqueue(&mut self, id: u64, request: GenerationRequest, events: Sender<Event>) {
        self.waiting
            .push_back(Sequence::new(id, usize::MAX, request, events));
    }

    pub fn cancel(&mut self, id: u64) {
        if let Some(at) = self.waiting.iter().position(|s| s.id == id) {
            let mut seq = self.waiting.remove(at).expect("position is valid");
            self.retire(&mut seq, FinishReason::Cancelled);
        } else if let Some(seq) = self.active.iter_mut().find(|s| s.id == id) {
            seq.finished.get_or_insert(FinishReason::Cancelled);
        }
    }

    /// Ends every request with `reason` (engine failure or shutdown).
    pub fn abort_all(&mut self, reason: FinishReason) {
        // After a failure the caches may hold anything.
        self.cache.clear();
        let mut all: Vec<Sequence> = self
            .waiting
            .drain(..)
            .chain(self.active.drain(..))
            .collect();
        for seq in &mut all {
            self.retire(seq, reason.clone());
        }
    }

    /// One iteration: admit, prefill, decode, evict.
    pub fn step(&mut self) -> Result<(), EngineError> {
        self.stats = StepStats::default();
        self.admit();
        self.prefill()?;
        self.decode()?;
        self.evict()
    }

    /// Moves waiting requests into free slots, each into the slot whose
    /// parked cache shares the longest prefix with its prompt when there is
    /// one: its prefill then starts after the shared tokens.
    fn admit(&mut self) {
        while self.active.len() < self.graphs.slots() {
            let Some(mut seq) = self.waiting.pop_front() else {
                break;
            };
            let active = &self.active;
            let claim = self
                .cache
                .claim(&seq.request.prompt, self.graphs.slots(), |slot| {
                    active.iter().any(|s| s.slot == slot)
                })
                .expect("a slot is free when fewer sequences than slots are active");
            seq.slot = claim.slot;
            seq.cached = claim.cached;
            seq.phase = Phase::Prefill { done: claim.cached };
            self.active.push(seq);
        }
    }

    fn prefill(&mut self) -> Result<(), EngineError> {
        let mut budget = self.config.prefill_budget.max(1);
        let capacity = self.graphs.capacity();
        for i in 0..self.active.len() {
            let Phase::Prefill { done } = self.active[i].phase else {
                continue;
            };
            if budget == 0 || self.active[i].finished.is_some() {
                continue;
            }
            let seq = &self.active[i];
            let remaining = seq.prompt_len() - done;
            let len = self.graphs.chunk_len(done, remaining).min(remaining);
            let chunk: Vec<i32> = seq.request.prompt[done..done + len]
                .iter()
                .map(|&t| t as i32)
                .collect();
            let slot = seq.slot;
            let last = done + len == seq.prompt_len();
            let on_device = last && self.samples_on_device(seq);
            if on_device {
                self.rows.clear();
                self.rows.push(&seq.request.params, seq.generated as u64);
            }
            let (mut token, mut logprob) = (0i32, 0f32);
            let out = if on_device {
                self.stats.bytes_read_back += 8;
                PrefillOut::Sample {
                    rows: &self.rows,
                    token: &mut token,
                    logprob: &mut logprob,
                }
            } else if !last && self.graphs.has_head(Head::Argmax) {
                // Only the cache matters for a chunk before the last.
                self.stats.bytes_read_back += 4;
                PrefillOut::Argmax(&mut token)
            } else {
                self.stats.bytes_read_back += self.logits.len() * 4;
                PrefillOut::Logits(&mut self.logits)
            };
            self.graphs.prefill(slot, done, &chunk, out)?;
            self.stats.prefill_tokens += len;
            budget = budget.saturating_sub(len);
            let done = done + len;
            if !last {
                self.active[i].phase = Phase::Prefill { done };
                continue;
            }
            // The first generated token comes from the prefill's last logits.
            if on_device {
                self.accept_device(i, token, logprob);
                continue;
            }
            let started = std::time::Instant::now();
            let seq = &mut self.active[i];
            let result = self.sampler.sample_into(
                &mut self.logits,
                &seq.sampler_request(),
                &mut self.sample,
            );
            self.stats.sample_seconds += started.elapsed().as_secs_f64();
            match result {
                Ok(()) => {
                    self.stats.host_tokens += 1;
                    seq.accept(
                        &self.sample,
                        Some(self.sample.logprob),
                        self.config.eos,
                        self.tokenizer.as_ref(),
                        capacity,
                    )
                }
                Err(e) => seq.finished = Some(FinishReason::Error(format!("sampling: {e}"))),
            }
        }
        Ok(())
    }

    /// Takes a token drawn on the device for `self.active[i]`; -1 means the row's logits had
    /// no finite maximum.
    fn accept_device(&mut self, i: usize, token: i32, logprob: f32) {
        let capacity = self.graphs.capacity();
        let seq = &mut self.active[i];
        if token < 0 {
            seq.finished = Some(FinishReason::Error(
                "sampling: the logits hold NaN or +inf, or no finite value".into(),
            ));
            return;
        }
        self.stats.device_tokens += 1;
        let sample = Sample {
            token: token as u32,
            logprob,
            top_logprobs: Vec::new(),
        };
        seq.accept(
            &sample,
            Some(logprob),
            self.config.eos,
            self.tokenizer.as_ref(),
            capacity,
        );
    }

    fn decode(&mut self) -> Result<(), EngineError> {
        let rows = self
            .active
            .iter()
            .filter(|s| s.finished.is_none() && s.decode_input().is_some())
            .map(|s| s.slot + 1)
            .max()
            .unwrap_or(0);
        if rows == 0 {
            return Ok(());
        }
        self.tokens.clear();
        self.tokens.resize(rows, 0);
        self.pos.clear();
        self.pos.resize(rows, -1);
        for seq in self
            .active
            .iter()
            .filter(|s| s.finished.is_none() && s.slot < rows)
        {
            if let Some((token, pos)) = seq.decode_input() {
                self.tokens[seq.slot] = token;
                self.pos[seq.slot] = pos;
            }
        }
        // Rows that draw on the device; padding rows count as such (their draw is ignored).
        self.on_device.clear();
        self.on_device.resize(rows, true);
        self.rows.clear();
        self.rows.pad_to(rows);
        let mut device_rows = 0;
        for i in 0..self.active.len() {
            let seq = &self.active[i];
            if !in_step(seq, &self.pos) {
                continue;
            }
            self.stats.decode_rows += 1;
            if self.samples_on_device(seq) {
                device_rows += 1;
                self.rows
                    .set(seq.slot, &seq.request.params, seq.generated as u64);
            } else {
                self.on_device[seq.slot] = false;
            }
        }
        let head = if device_rows == self.stats.decode_rows {
            Head::Sample
        } else {
            Head::Logits
        };
        let batch = self.graphs.decode(
            head,
            &self.tokens,
            &self.pos,
            Some(&mut self.rows),
            &mut self.decode_out,
        )?;
        self.stats.decode_batch = batch;
        if head == Head::Sample {
            self.stats.bytes_read_back += batch * 8;
            self.accept_device_rows();
            return Ok(());
        }
        let vocab = self.graphs.vocab();
        self.stats.bytes_read_back += batch * vocab * 4;
        let started = std::time::Instant::now();
        if device_rows > 0 {
            let logits = &self.decode_out.logits[..batch * vocab];
            self.graphs.sample(
                logits,
                &mut self.rows,
                &mut self.decode_out.ids,
                &mut self.decode_out.logprobs,
            )?;
            self.stats.bytes_read_back += batch * 8;
            self.accept_device_rows();
        }
        let capacity = self.graphs.capacity();
        for seq in self.active.iter_mut() {
            if !in_step(seq, &self.pos) || self.on_device[seq.slot] {
                continue;
            }
            let row = &mut self.decode_out.logits[seq.slot * vocab..(seq.slot + 1) * vocab];
            match self
                .sampler
                .sample_into(row, &seq.sampler_request(), &mut self.sample)
            {
                Ok(()) => {
                    self.stats.host_tokens += 1;
                    seq.accept(
                        &self.sample,
                        Some(self.sample.logprob),
                        self.config.eos,
                        self.tokenizer.as_ref(),
                        capacity,
                    )
                }
                Err(e) => seq.finished = Some(FinishReason::Error(format!("sampling: {e}"))),
            }
        }
        self.stats.sample_seconds += started.elapsed().as_secs_f64();
        Ok(())
    }

    /// Hands the device-drawn ids in `decode_out` to the live rows that drew on the device.
    fn accept_device_rows(&mut self) {
        for i in 0..self.active.len() {
            let seq = &self.active[i];
            if !in_step(seq, &self.pos) || !self.on_device[seq.slot] {
                continue;
            }
            let slot = seq.slot;
            self.accept_device(i, self.decode_out.ids[slot], self.decode_out.logprobs[slot]);
        }
    }

    /// Retires finished sequences and refills each hole with the highest
    /// live slot, so each eviction moves at most one slot's cache.
    fn evict(&mut self) -> Result<(), EngineError> {
        let mut i = 0;
        while i < self.active.len() {
            if let Some(reason) = self.active[i].finished.clone() {
                let mut seq = self.active.swap_remove(i);
                if !matches!(reason, FinishReason::Error(_)) {
                    self.cache.park(seq.slot, seq.cached_tokens().to_vec());
                }
                self.retire(&mut seq, reason);
            } else {
                i += 1;
            }
        }
        let live = self.active.len();
        loop {
            let mut used = vec![false; live];
            for seq in &self.active {
                if seq.slot < live {
                    used[seq.slot] = true;
                }
            }
            let Some(hole) = used.iter().position(|u| !u) else {
                break;
            };
            self.keep_parked(hole)?;
            let top = self
                .active
                .iter_mut()
                .max_by_key(|s| s.slot)
                .expect("a hole implies a sequence above it");
            self.graphs.copy_slot(top.slot, hole)?;
            top.slot = hole;
            self.stats.slot_copies += 1;
        }
        Ok(())
    }

    /// A live sequence is about to be copied into `hole`: a cache parked
    /// there moves to an empty slot, or over the least recently used one,
    /// unless it is itself the least recently used.
    fn keep_parked(&mut self, hole: usize) -> Result<(), EngineError> {
        let active = &self.active;
        let busy = |slot| active.iter().any(|s| s.slot == slot);
        match self.cache.refuge(hole, self.graphs.slots(), busy) {
            Some(refuge) => {
                self.graphs.copy_slot(hole, refuge)?;
                self.stats.slot_copies += 1;
                self.cache.relocate(hole, refuge);
            }
            None => self.cache.forget(hole),
        }
        Ok(())
    }

    fn retire(&self, seq: &mut Sequence, reason: FinishReason) {
        // Release the queue place first: a caller that sees `Finished` may
        // submit again at once and must find the place free.
        self.pending.fetch_sub(1, Ordering::AcqRel);
        seq.finish(reason);
    }
}

/// Whether `seq` takes part in the decode step whose positions are `pos` (one per row, -1 for
/// padding rows): live, in a row of the step, and not padding.
fn in_step(seq: &Sequence, pos: &[i32]) -> bool {
    seq.finished.is_none() && pos.get(seq.slot).is_some_and(|&p| p >= 0)
}
