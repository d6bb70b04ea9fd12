//! The engine thread and the handles that talk to it from any thread.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use loader::Tokenizer;

use super::embed::{EmbeddingError, EmbeddingReply, EmbeddingRequest};
use super::request::{Event, FinishReason, GenerationError, GenerationRequest, SubmitError};
use super::runner::GraphRunner;
use super::scheduler::{GraphsLoader, Scheduler, SchedulerConfig, StepStats, Stopped};
use super::sink::EventSink;

/// Engine settings.
#[derive(Debug, Clone)]
pub struct EngineConfig {
    /// Requests waiting or running before `submit` answers `QueueFull`.
    pub max_queue: usize,
    pub scheduler: SchedulerConfig,
}

enum Command {
    Submit {
        id: u64,
        /// Boxed: a request with a grammar is large, the other commands are small.
        request: Box<GenerationRequest>,
        events: Box<dyn EventSink>,
    },
    Embed {
        request: EmbeddingRequest,
        reply: EmbeddingReply,
    },
    Cancel(u64),
    /// A module was offered through [`ModuleSwap`]: wakes an idle engine thread to take it.
    Wake,
    Shutdown,
}

/// Limits `submit` checks without asking the engine thread.
#[derive(Debug, Clone)]
struct Limits {
    request: RequestLimits,
    max_queue: usize,
    /// The most tokens one embedding input may have (the longest embedding graph), if the
    /// module has embedding graphs.
    embedding_length: Option<usize>,
}

/// What a request must fit, known before the module is compiled: a caller checks its request
/// with [`RequestLimits::check`] before paying for the compile, and `submit` checks again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestLimits {
    pub vocab: usize,
    /// Tokens one slot holds.
    pub capacity: usize,
    pub has_tokenizer: bool,
}

/// Totals over the engine's life, for monitoring and tests.
#[derive(Debug, Clone, Default)]
pub struct EngineStats {
    pub steps: u64,
    pub prefill_tokens: u64,
    pub decode_rows: u64,
    /// Decode steps per bucket size B.
    pub decode_batches: std::collections::BTreeMap<usize, u64>,
    pub slot_copies: u64,
    pub sample_seconds: f64,
    pub bytes_read_back: u64,
    /// Tokens drawn by the device sampling heads and by the host sampler.
    pub device_tokens: u64,
    pub host_tokens: u64,
    /// Decode steps served by the step the one before queued ahead (see
    /// [`Graphs`](crate::graphs::Graphs)), and queued steps dropped unused.
    pub ahead_served: u64,
    pub ahead_dropped: u64,
    /// Tokens run through packed embedding chunks.
    pub embed_tokens: u64,
}

impl EngineStats {
    fn add(&mut self, step: &StepStats) {
        self.steps += 1;
        self.prefill_tokens += step.prefill_tokens as u64;
        self.decode_rows += step.decode_rows as u64;
        if step.decode_batch > 0 {
            *self.decode_batches.entry(step.decode_batch).or_default() += 1;
        }
        self.slot_copies += step.slot_copies as u64;
        self.sample_seconds += step.sample_seconds;
        self.bytes_read_back += step.bytes_read_back as u64;
        self.device_tokens += step.device_tokens as u64;
        self.host_tokens += step.host_tokens as u64;
        self.ahead_served += step.ahead_served as u64;
        self.ahead_dropped += step.ahead_dropped as u64;
        self.embed_tokens += step.embed_tokens as u64;
    }
}

/// What the engine holds right now, published after every step (for
/// routers and dashboards).
#[derive(Debug, Default)]
struct Gauges {
    running: AtomicUsize,
    used_positions: AtomicUsize,
    /// Slots of the module in use (a first module may have fewer than the full one).
    slots: AtomicUsize,
}

/// A snapshot of the engine's load.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Load {
    /// Requests holding a slot.
    pub running: usize,
    /// Requests accepted but not yet in a slot.
    pub waiting: usize,
    /// Cache positions in use over all slots, as a fraction of slots x capacity.
    pub kv_usage: f64,
}

/// Submits requests; clone it freely across threads.
#[derive(Clone)]
pub struct EngineHandle {
    commands: Sender<Command>,
    pending: Arc<AtomicUsize>,
    gauges: Arc<Gauges>,
    next_id: Arc<AtomicU64>,
    limits: Limits,
    stats: Arc<std::sync::Mutex<EngineStats>>,
}

/// A model's next module, offered to a running engine (see [`Engine::start_tiered`]).
pub struct NextModule<G> {
    /// Loads the next module's graphs (run on the engine thread after the current ones are
    /// dropped).
    pub load: GraphsLoader<G>,
    /// Loads the current module again, should `load` fail.
    pub restore: GraphsLoader<G>,
}

/// Hands an engine the next module of its model; it can move to another thread.
pub struct ModuleSwap<G> {
    offers: Sender<NextModule<G>>,
    commands: Sender<Command>,
}

impl<G> ModuleSwap<G> {
    /// Offers `next`; the engine moves to it once no request runs. Returns false if the
    /// engine has stopped.
    pub fn offer(self, next: NextModule<G>) -> bool {
        self.offers.send(next).is_ok() && self.commands.send(Command::Wake).is_ok()
    }
}

/// Owns the engine thread; dropping it cancels outstanding requests.
pub struct Engine {
    handle: EngineHandle,
    worker: Option<JoinHandle<()>>,
}

impl Engine {
    /// Starts the engine thread over `graphs` (a [`crate::graphs::Graphs`] on a device).
    pub fn start<G: GraphRunner + Send + 'static>(
        graphs: G,
        tokenizer: Option<Arc<Tokenizer>>,
        config: EngineConfig,
    ) -> Engine {
        Engine::start_tiered(graphs, tokenizer, config).0
    }

    /// Starts the engine over a first module of a model, and returns the way to hand it the
    /// model's next module: once offered, the engine admits no new request, lets the running
    /// ones finish on the first module, then moves to the next one between steps (waiting
    /// requests carry over, none is dropped, no request's tokens come from two modules).
    pub fn start_tiered<G: GraphRunner + Send + 'static>(
        graphs: G,
        tokenizer: Option<Arc<Tokenizer>>,
        config: EngineConfig,
    ) -> (Engine, ModuleSwap<G>) {
        let (commands, inbox) = mpsc::channel();
        let (offers, modules) = mpsc::channel();
        let pending = Arc::new(AtomicUsize::new(0));
        let limits = Limits {
            request: RequestLimits {
                vocab: graphs.vocab(),
                capacity: graphs.capacity(),
                has_tokenizer: tokenizer.is_some(),
            },
            max_queue: config.max_queue,
            embedding_length: graphs.embed_lengths().last().copied(),
        };
        let gauges = Arc::new(Gauges::default());
        gauges.slots.store(graphs.slots(), Ordering::Release);
        let scheduler = Scheduler::new(graphs, tokenizer, config.scheduler, pending.clone());
        let stats = Arc::new(std::sync::Mutex::new(EngineStats::default()));
        let published = Published {
            stats: stats.clone(),
            gauges: gauges.clone(),
        };
        let worker = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || run(scheduler, inbox, modules, published))
            .expect("spawn engine thread");
        let swap = ModuleSwap {
            offers,
            commands: commands.clone(),
        };
        let handle = EngineHandle {
            commands,
            pending,
            gauges,
            next_id: Arc::new(AtomicU64::new(1)),
            limits,
            stats,
        };
        let engine = Engine {
            handle,
            worker: Some(worker),
        };
        (engine, swap)
    }

    pub fn handle(&self) -> EngineHandle {
        self.handle.clone()
    }

    pub fn submit(&self, request: GenerationRequest) -> Result<RequestStream, SubmitError> {
        self.handle.submit(request)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.handle.commands.send(Command::Shutdown);
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

impl EngineHandle {
    /// Validates and queues a request; its events arrive on the stream.
    pub fn submit(&self, request: GenerationRequest) -> Result<RequestStream, SubmitError> {
        let (events, receiver) = mpsc::channel();
        let canceller = self.submit_to(request, events)?;
        Ok(RequestStream {
            id: canceller.id,
            events: receiver,
            commands: canceller.commands,
            done: false,
        })
    }

    /// Validates and queues a request whose events the engine thread hands to `sink`. Nothing
    /// cancels it but the returned handle or a sink whose receiver is gone.
    pub fn submit_to(
        &self,
        request: GenerationRequest,
        sink: impl EventSink + 'static,
    ) -> Result<Canceller, SubmitError> {
        self.limits.request.check(&request)?;
        let queued = self.pending.fetch_add(1, Ordering::AcqRel);
        if queued >= self.limits.max_queue {
            self.pending.fetch_sub(1, Ordering::AcqRel);
            return Err(SubmitError::QueueFull {
                capacity: self.limits.max_queue,
            });
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        if self
            .commands
            .send(Command::Submit {
                id,
                request: Box::new(request),
                events: Box::new(sink),
            })
            .is_err()
        {
            self.pending.fetch_sub(1, Ordering::AcqRel);
            return Err(SubmitError::EngineStopped);
        }
        Ok(Canceller {
            id,
            commands: self.commands.clone(),
        })
    }

    /// Checks and queues an embedding request; `reply` gets its embeddings from the engine
    /// thread. It takes one queue place, as a generation request does, until it is answered.
    pub fn embed(
        &self,
        request: EmbeddingRequest,
        reply: EmbeddingReply,
    ) -> Result<(), EmbeddingError> {
        request.check(self.limits.embedding_length, self.limits.request.vocab)?;
        let queued = self.pending.fetch_add(1, Ordering::AcqRel);
        if queued >= self.limits.max_queue {
            self.pending.fetch_sub(1, Ordering::AcqRel);
            return Err(EmbeddingError::QueueFull {
                capacity: self.limits.max_queue,
            });
        }
        if self
            .commands
            .send(Command::Embed { request, reply })
            .is_err()
        {
            self.pending.fetch_sub(1, Ordering::AcqRel);
            return Err(EmbeddingError::EngineStopped);
        }
        Ok(())
    }

    /// The most tokens one embedding input may have; `None` when the module has no
    /// embedding graphs.
    pub fn embedding_length(&self) -> Option<usize> {
        self.limits.embedding_length
    }

    /// Requests waiting or running.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::Acquire)
    }

    /// Running and waiting requests and cache use, as of the last step.
    pub fn load(&self) -> Load {
        let running = self.gauges.running.load(Ordering::Acquire);
        let used = self.gauges.used_positions.load(Ordering::Acquire);
        let total = (self.slots() * self.limits.request.capacity).max(1);
        Load {
            running,
            waiting: self.pending().saturating_sub(running),
            kv_usage: used as f64 / total as f64,
        }
    }

    /// Slots of the module in use (requests that run at once).
    pub fn slots(&self) -> usize {
        self.gauges.slots.load(Ordering::Acquire)
    }

    /// What a request must fit (what `submit` checks before it queues one).
    pub fn limits(&self) -> RequestLimits {
        self.limits.request.clone()
    }

    /// Context capacity of one slot, in tokens.
    pub fn capacity(&self) -> usize {
        self.limits.request.capacity
    }

    /// Vocabulary size of the model.
    pub fn vocab(&self) -> usize {
        self.limits.request.vocab
    }

    /// Totals so far.
    pub fn stats(&self) -> EngineStats {
        self.stats.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl RequestLimits {
    /// The part of [`RequestLimits::check`] about the prompt alone: not empty, within the
    /// capacity, every token in the vocabulary (a server checks it before it reads the rest).
    pub fn check_prompt(&self, prompt: &[u32]) -> Result<(), SubmitError> {
        if prompt.is_empty() {
            return Err(SubmitError::EmptyPrompt);
        }
        if prompt.len() > self.capacity {
            return Err(SubmitError::PromptTooLong {
                len: prompt.len(),
                capacity: self.capacity,
            });
        }
        if let Some(&id) = prompt.iter().find(|&&t| t as usize >= self.vocab) {
            return Err(SubmitError::TokenOutOfRange {
                id,
                vocab: self.vocab,
            });
        }
        Ok(())
    }

    /// Everything about `request` that does not depend on the engine's state.
    pub fn check(&self, request: &GenerationRequest) -> Result<(), SubmitError> {
        self.check_prompt(&request.prompt)?;
        if request.max_tokens == 0 && request.prompt_logprobs.is_none() {
            return Err(SubmitError::ZeroMaxTokens);
        }
        if !request.stop_strings.is_empty() && !self.has_tokenizer {
            return Err(SubmitError::StopStringsWithoutTokenizer);
        }
        request.params.validate()?;
        if let Some(constraint) = &request.constraint {
            if constraint.vocab() != self.vocab {
                return Err(SubmitError::ConstraintVocabulary {
                    constraint: constraint.vocab(),
                    vocab: self.vocab,
                });
            }
        }
        if let Some(&(id, _)) = request
            .params
            .logit_bias
            .iter()
            .find(|(t, _)| *t as usize >= self.vocab)
        {
            return Err(SubmitError::TokenOutOfRange {
                id,
                vocab: self.vocab,
            });
        }
        Ok(())
    }
}

/// The events of one request. Iterate it (ends after `Finished`) or call
/// [`RequestStream::cancel`] from any thread holding it.
pub struct RequestStream {
    id: u64,
    events: Receiver<Event>,
    commands: Sender<Command>,
    /// `Finished` was received: dropping needs no cancel.
    done: bool,
}

impl RequestStream {
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Asks the engine to stop this request; a `Finished { Cancelled }`
    /// event follows unless it already finished.
    pub fn cancel(&self) {
        let _ = self.commands.send(Command::Cancel(self.id));
    }

    /// A cancel handle that can move to another thread.
    pub fn canceller(&self) -> Canceller {
        Canceller {
            id: self.id,
            commands: self.commands.clone(),
        }
    }

    /// The next event, waiting at most `timeout`.
    pub fn recv_timeout(&mut self, timeout: Duration) -> Option<Event> {
        match self.events.recv_timeout(timeout) {
            Ok(event) => {
                self.note(Some(&event));
                Some(event)
            }
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                self.note(None);
                None
            }
        }
    }

    /// Waits for the end and returns the generated ids and the final event.
    pub fn collect(mut self) -> (Vec<u32>, Event) {
        let mut ids = Vec::new();
        for event in self.by_ref() {
            match event {
                Event::Token { id, .. } => ids.push(id),
                Event::PromptLogprobs(_) => {}
                finished @ Event::Finished { .. } => return (ids, finished),
            }
        }
        let lost = Event::Finished {
            reason: FinishReason::Error(GenerationError::EngineStopped),
            prompt_tokens: 0,
            cached_tokens: 0,
            generated_tokens: ids.len(),
            tail: String::new(),
            text: String::new(),
        };
        (ids, lost)
    }
}

impl RequestStream {
    fn note(&mut self, event: Option<&Event>) {
        if matches!(event, Some(Event::Finished { .. }) | None) {
            self.done = true;
        }
    }
}

impl Iterator for RequestStream {
    type Item = Event;
    fn next(&mut self) -> Option<Event> {
        if self.done {
            return None;
        }
        let event = self.events.recv().ok();
        self.note(event.as_ref());
        event
    }
}

/// Dropping the stream before its `Finished` event cancels the request, so a
/// caller that goes away (a closed connection) frees its slot at the next
/// step, even while the prompt is still being prefilled.
impl Drop for RequestStream {
    fn drop(&mut self) {
        if !self.done {
            let _ = self.commands.send(Command::Cancel(self.id));
        }
    }
}

/// Cancels one request from any thread.
#[derive(Clone)]
pub struct Canceller {
    id: u64,
    commands: Sender<Command>,
}

impl Canceller {
    pub fn cancel(&self) {
        let _ = self.commands.send(Command::Cancel(self.id));
    }
}

/// Where the engine thread publishes what other threads read.
struct Published {
    stats: Arc<std::sync::Mutex<EngineStats>>,
    gauges: Arc<Gauges>,
}

impl Published {
    fn update<G: GraphRunner>(&self, scheduler: &Scheduler<G>, ran: bool) {
        if ran {
            self.stats
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .add(&scheduler.stats);
        }
        self.gauges
            .running
            .store(scheduler.active(), Ordering::Release);
        self.gauges
            .used_positions
            .store(scheduler.used_positions(), Ordering::Release);
        self.gauges
            .slots
            .store(scheduler.graphs().slots(), Ordering::Release);
    }
}

fn run<G: GraphRunner>(
    mut scheduler: Scheduler<G>,
    inbox: Receiver<Command>,
    modules: Receiver<NextModule<G>>,
    published: Published,
) {
    let mut next_module = None;
    loop {
        // Before waiting for a command: a move offered while the last request ran is due
        // once it finished, and nothing else would wake the thread for it.
        scheduler = match take_next_module(scheduler, &mut next_module, &modules) {
            Ok(scheduler) => scheduler,
            Err(stopped) => return refuse_until_shutdown(&stopped, &inbox),
        };
        let first = if scheduler.can_step() {
            inbox.try_recv().ok()
        } else {
            match inbox.recv() {
                Ok(command) => Some(command),
                Err(_) => return,
            }
        };
        let mut shutdown = false;
        for command in first
            .into_iter()
            .chain(std::iter::from_fn(|| inbox.try_recv().ok()))
        {
            match command {
                Command::Submit {
                    id,
                    request,
                    events,
                } => scheduler.enqueue(id, *request, events),
                Command::Embed { request, reply } => scheduler.enqueue_embedding(request, reply),
                Command::Cancel(id) => scheduler.cancel(id),
                Command::Wake => {}
                Command::Shutdown => shutdown = true,
            }
        }
        if shutdown {
            scheduler.abort_all(FinishReason::Cancelled);
            published.update(&scheduler, false);
            return;
        }
        scheduler = match take_next_module(scheduler, &mut next_module, &modules) {
            Ok(scheduler) => scheduler,
            Err(stopped) => return refuse_until_shutdown(&stopped, &inbox),
        };
        let ran = scheduler.can_step();
        if ran {
            if let Err(error) = scheduler.step() {
                scheduler.abort_all(FinishReason::Error(GenerationError::Step(
                    error.to_string(),
                )));
            }
        }
        published.update(&scheduler, ran);
    }
}

/// Answers every request with the error that left the engine without a module, until the
/// engine is dropped. Ending the thread at once instead would drop requests already queued
/// behind the failure, and their callers would see only "engine stopped".
fn refuse_until_shutdown(stopped: &Stopped, inbox: &Receiver<Command>) {
    for command in inbox {
        match command {
            Command::Submit {
                id,
                request,
                events,
            } => stopped.refuse(id, *request, events),
            Command::Embed { reply, .. } => stopped.refuse_embedding(reply),
            Command::Cancel(_) | Command::Wake => {}
            Command::Shutdown => return,
        }
    }
}

/// Takes an offered module (holding admission from then on) and moves onto it once no request
/// runs. `Err` when no module could be loaded: the engine then has nothing to run on.
fn take_next_module<G: GraphRunner>(
    mut scheduler: Scheduler<G>,
    next_module: &mut Option<NextModule<G>>,
    modules: &Receiver<NextModule<G>>,
) -> Result<Scheduler<G>, Stopped> {
    if next_module.is_none() {
        *next_module = modules.try_recv().ok();
        if next_module.is_some() {
            scheduler.hold_admission();
        }
    }
    if scheduler.active() > 0 {
        return Ok(scheduler);
    }
    let Some(NextModule { load, restore }) = next_module.take() else {
        return Ok(scheduler);
    };
    let moved = scheduler.move_to(vec![load, restore])?;
    tracing::info!(slots = moved.graphs().slots(), "moved to the next module");
    Ok(moved)
}
