//! Continuous batching over the slots of one model: admit waiting requests
//! into free slots, prefill them in chunks, decode every generating slot in
//! one ragged step, sample, stream, evict, and keep live slots packed low so
//! that a decode batch of B rows covers them in place.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use loader::Tokenizer;

use super::draw::{Chunk, DecodeRows, Draw, DrawStats, Drawn};
use super::embed::{EmbedQueue, EmbeddingError, EmbeddingReply, EmbeddingRequest};
use super::prefix_cache::PrefixCache;
use super::request::{FinishReason, GenerationError, GenerationRequest};
use super::runner::GraphRunner;
use super::sequence::{Phase, Sequence, StopRules};
use super::sink::EventSink;
use crate::device_sampling::SamplingMode;
use crate::error::EngineError;
use crate::graphs::Graphs;

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
    pub ahead_served: usize,
    pub ahead_dropped: usize,
    /// Tokens of the packed embedding chunk that ran (0 when none did).
    pub embed_tokens: usize,
}

impl StepStats {
    fn add_draw(&mut self, draw: &DrawStats) {
        self.sample_seconds += draw.sample_seconds;
        self.bytes_read_back += draw.bytes_read_back;
        self.device_tokens += draw.device_tokens;
        self.host_tokens += draw.host_tokens;
        self.ahead_served += draw.ahead_served;
        self.ahead_dropped += draw.ahead_dropped;
    }
}

/// Chooses which sequences run each step: the slots, the queue, prefill chunks and decode rows.
/// Drawing the tokens is [`Draw`]'s job.
pub struct Scheduler<G: GraphRunner = Graphs> {
    graphs: G,
    draw: Draw,
    tokenizer: Option<Arc<Tokenizer>>,
    config: SchedulerConfig,
    rules: StopRules,
    waiting: VecDeque<Sequence>,
    /// Admitted sequences; their slots are `0..active.len()` once a step ends.
    active: Vec<Sequence>,
    /// Slots of finished requests, kept for prompts that start the same way.
    cache: PrefixCache,
    /// Embedding requests: they need no slot, and run one packed chunk per step.
    embeddings: EmbedQueue,
    pending: Arc<AtomicUsize>,
    /// Waiting requests stay waiting: the engine is moving to another module once the running
    /// ones finish.
    holding: bool,
    tokens: Vec<i32>,
    pos: Vec<i32>,
    pub stats: StepStats,
}

/// Builds the graphs of a model's next module, once the scheduler has let go of its current
/// ones (see [`Scheduler::move_to`]).
pub type GraphsLoader<G> = Box<dyn FnOnce() -> Result<G, EngineError> + Send>;

impl<G: GraphRunner> Scheduler<G> {
    pub fn new(
        graphs: G,
        tokenizer: Option<Arc<Tokenizer>>,
        config: SchedulerConfig,
        pending: Arc<AtomicUsize>,
    ) -> Scheduler<G> {
        let rules = StopRules {
            eos: config.eos,
            capacity: graphs.capacity(),
        };
        let cache = PrefixCache::new(graphs.ring_window(), graphs.keeps_states());
        Scheduler {
            draw: Draw::new(config.sampling, &graphs),
            graphs,
            tokenizer,
            config,
            rules,
            waiting: VecDeque::new(),
            active: Vec::new(),
            cache,
            embeddings: EmbedQueue::default(),
            pending,
            holding: false,
            tokens: Vec::new(),
            pos: Vec::new(),
            stats: StepStats::default(),
        }
    }

    pub fn graphs(&self) -> &G {
        &self.graphs
    }

    pub fn has_work(&self) -> bool {
        !self.waiting.is_empty() || !self.active.is_empty() || !self.embeddings.is_empty()
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

    /// Stops admitting waiting requests until [`Scheduler::move_to`]: a module change waits
    /// for the running requests to finish, so no request's tokens come from two modules.
    pub fn hold_admission(&mut self) {
        self.holding = true;
    }

    /// Whether a step would do anything: admission held with nothing running does nothing.
    pub fn can_step(&self) -> bool {
        !self.active.is_empty()
            || !self.waiting.is_empty() && !self.holding
            || !self.embeddings.is_empty()
    }

    /// Moves onto another module of the same model, between requests (none may be running).
    /// The current graphs are dropped first, as a CPU module holds its weights resident and
    /// two copies may not fit; then the loaders run in turn until one succeeds (the next
    /// module, then the current one again as a fallback). Waiting requests carry over; the
    /// prefix cache, which names the old module's cache contents, starts empty. If no loader
    /// succeeds, every waiting request ends with the error, and so does every later one
    /// ([`Stopped`]).
    pub fn move_to(self, loaders: Vec<GraphsLoader<G>>) -> Result<Scheduler<G>, Stopped> {
        assert!(
            self.active.is_empty(),
            "a module change waits for running requests"
        );
        let Scheduler {
            graphs,
            tokenizer,
            config,
            mut waiting,
            mut embeddings,
            pending,
            ..
        } = self;
        drop(graphs);
        let mut failure = None;
        for load in loaders {
            match load() {
                Ok(graphs) => {
                    let mut next = Scheduler::new(graphs, tokenizer, config, pending);
                    next.waiting = waiting;
                    next.embeddings = embeddings;
                    return Ok(next);
                }
                Err(error) => {
                    tracing::error!("loading the next module failed: {error}");
                    failure = Some(error);
                }
            }
        }
        let reason = FinishReason::Error(failure.map_or(GenerationError::NoModule, |e| {
            GenerationError::ModuleLoad(e.to_string())
        }));
        let stopped = Stopped {
            reason,
            tokenizer,
            pending,
        };
        for seq in &mut waiting {
            stopped.pending.fetch_sub(1, Ordering::AcqRel);
            seq.finish(stopped.reason.clone());
        }
        let failed = embeddings.fail_all(stopped.embedding_error());
        stopped.pending.fetch_sub(failed, Ordering::AcqRel);
        Err(stopped)
    }

    /// Requests admitted to no slot yet.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    pub fn enqueue(&mut self, id: u64, request: GenerationRequest, events: Box<dyn EventSink>) {
        let tokenizer = self.tokenizer.clone();
        self.waiting
            .push_back(Sequence::new(id, request, events, tokenizer));
    }

    /// Queues an embedding request (its inputs already checked against the module).
    pub fn enqueue_embedding(&mut self, request: EmbeddingRequest, reply: EmbeddingReply) {
        self.embeddings.push(request, reply);
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
        let error = match &reason {
            FinishReason::Error(_) => EmbeddingError::Step(reason_text(&reason)),
            _ => EmbeddingError::EngineStopped,
        };
        let failed = self.embeddings.fail_all(error);
        self.pending.fetch_sub(failed, Ordering::AcqRel);
    }

    /// One iteration: admit, prefill, decode, evict.
    pub fn step(&mut self) -> Result<(), EngineError> {
        self.stats = StepStats::default();
        self.draw.stats = DrawStats::default();
        self.admit();
        let result = self
            .embed()
            .and_then(|()| self.prefill())
            .and_then(|()| self.decode());
        self.stats.add_draw(&self.draw.stats);
        result?;
        self.evict()
    }

    /// Runs one packed chunk of the waiting embedding inputs, if any wait.
    fn embed(&mut self) -> Result<(), EngineError> {
        if self.embeddings.is_empty() {
            return Ok(());
        }
        let (tokens, answered) = self.embeddings.run_chunk(&mut self.graphs)?;
        self.stats.embed_tokens = tokens;
        self.pending.fetch_sub(answered, Ordering::AcqRel);
        Ok(())
    }

    /// Moves waiting requests into free slots, each into the slot whose
    /// parked cache shares the longest prefix with its prompt when there is
    /// one: its prefill then starts after the shared tokens.
    fn admit(&mut self) {
        while !self.holding && self.active.len() < self.graphs.slots() {
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
            if seq.request.prompt_logprobs.is_some() {
                seq.start_scoring();
            } else {
                seq.cached = claim.cached;
                seq.phase = Phase::Prefill { done: claim.cached };
            }
            self.active.push(seq);
        }
    }

    /// Prefills one chunk of each admitted prompt while the step's token budget lasts (the
    /// first chunk always runs); a prompt's last chunk draws its first token.
    fn prefill(&mut self) -> Result<(), EngineError> {
        let mut budget = self.config.prefill_budget.max(1);
        let mut chunk = Vec::new();
        for i in 0..self.active.len() {
            let seq = &self.active[i];
            let Phase::Prefill { done } = seq.phase else {
                continue;
            };
            if budget == 0 || seq.finished.is_some() {
                continue;
            }
            let remaining = seq.prompt_len() - done;
            let len = self.graphs.chunk_len(done, remaining).min(remaining);
            chunk.clear();
            chunk.extend(
                seq.request.prompt[done..done + len]
                    .iter()
                    .map(|&t| t as i32),
            );
            let last = done + len == seq.prompt_len();
            let call = Chunk {
                start: done,
                tokens: &chunk,
                last,
            };
            let seq = &mut self.active[i];
            let drawn = self.draw.prefill(&mut self.graphs, seq, call)?;
            self.stats.prefill_tokens += len;
            budget = budget.saturating_sub(len);
            match drawn {
                None => seq.phase = Phase::Prefill { done: done + len },
                Some(drawn) => accept(seq, drawn, &self.rules),
            }
        }
        Ok(())
    }

    /// One ragged decode step over every generating slot: row = slot, rows `0..=highest`.
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
        for seq in self.active.iter().filter(|s| s.finished.is_none()) {
            if let Some((token, pos)) = seq.decode_input() {
                self.tokens[seq.slot] = token;
                self.pos[seq.slot] = pos;
            }
        }
        let step = DecodeRows {
            tokens: &self.tokens,
            pos: &self.pos,
            same_next: self.same_rows_next(),
        };
        self.stats.decode_rows = self.active.iter().filter(|s| step.holds(s)).count();
        self.stats.decode_batch = self
            .draw
            .decode(&mut self.graphs, &step, &mut self.active)?;
        for seq in &mut self.active {
            let Some(drawn) = self.draw.take(seq.slot) else {
                continue;
            };
            match (seq.forced_next(), drawn) {
                (None, drawn) => accept(seq, drawn, &self.rules),
                (Some(_), Ok(scored)) => seq.score(scored),
                (Some(_), Err(error)) => seq.finished = Some(FinishReason::Error(error.into())),
            }
        }
        Ok(())
    }

    /// Whether the next step will likely decode the rows this one does, each fed the token
    /// this step draws: nobody waits for a free slot, every sequence decodes, and none ends
    /// by its limits with this step's token. Tokens that end a sequence (EOS, stop strings)
    /// cannot be known ahead.
    fn same_rows_next(&self) -> bool {
        let admits =
            !self.holding && !self.waiting.is_empty() && self.active.len() < self.graphs.slots();
        !admits
            && self.active.iter().all(|s| {
                s.finished.is_none()
                    && s.decode_input().is_some()
                    && s.forced_next().is_none()
                    && !s.ends_by_limit_next(&self.rules)
            })
    }

    /// Retires finished sequences, then packs the live ones low.
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
        self.pack()
    }

    /// Refills each hole below `active.len()` with the highest live slot, so each eviction
    /// moves at most one slot's cache and a decode batch of B rows covers slots `0..B`.
    fn pack(&mut self) -> Result<(), EngineError> {
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

/// An engine left with no module to run on. Requests still on their way to it (queued before
/// the engine thread could stop) and any later ones end with the load error that stopped it,
/// not with a bare "engine stopped".
pub struct Stopped {
    reason: FinishReason,
    tokenizer: Option<Arc<Tokenizer>>,
    pending: Arc<AtomicUsize>,
}

impl Stopped {
    pub fn refuse(&self, id: u64, request: GenerationRequest, events: Box<dyn EventSink>) {
        let mut seq = Sequence::new(id, request, events, self.tokenizer.clone());
        self.pending.fetch_sub(1, Ordering::AcqRel);
        seq.finish(self.reason.clone());
    }

    pub fn refuse_embedding(&self, reply: EmbeddingReply) {
        self.pending.fetch_sub(1, Ordering::AcqRel);
        reply(Err(self.embedding_error()));
    }

    fn embedding_error(&self) -> EmbeddingError {
        EmbeddingError::Step(reason_text(&self.reason))
    }
}

/// What a failed step tells the embedding requests it ends.
fn reason_text(reason: &FinishReason) -> String {
    match reason {
        FinishReason::Error(error) => error.to_string(),
        other => format!("{other:?}"),
    }
}

/// Hands a drawn token (or the reason there is none) to its sequence.
fn accept(seq: &mut Sequence, drawn: Drawn, rules: &StopRules) {
    match drawn {
        Ok(sample) => seq.accept(sample, rules),
        Err(error) => seq.finished = Some(FinishReason::Error(error.into())),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod swap_tests;
