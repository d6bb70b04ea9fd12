//! The scheduler's slot policy on a fake model: admission, prefill budget, eviction with
//! packing, cancellation. The fake keeps each slot's cache as the list of tokens written to it
//! and checks every call against it, so a sequence fed from the wrong slot or at the wrong
//! position fails the call; its logits depend on the slot's whole cache, so a sequence whose
//! cache was lost or mixed up draws different tokens.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;

use emitter::Head;
use sampler::SampleParams;

use super::{Scheduler, SchedulerConfig};
use crate::batch::request::{Event, FinishReason, GenerationRequest};
use crate::batch::runner::GraphRunner;
use crate::device_sampling::{SampleRows, SamplingMode};
use crate::error::{EngineError, ManifestError, StepError};
use crate::graphs::{DecodeOutput, PrefillOut};

const VOCAB: usize = 16;

#[derive(Debug, Clone, PartialEq)]
enum Call {
    Prefill {
        slot: usize,
        start: usize,
        len: usize,
    },
    Decode {
        rows: usize,
    },
    Copy {
        src: usize,
        dst: usize,
    },
}

pub(super) struct FakeGraphs {
    capacity: usize,
    /// Prefill lengths offered, increasing.
    chunks: Vec<usize>,
    cache: Vec<Vec<i32>>,
    calls: Vec<Call>,
}

impl FakeGraphs {
    pub(super) fn new(slots: usize, capacity: usize, chunks: &[usize]) -> FakeGraphs {
        FakeGraphs {
            capacity,
            chunks: chunks.to_vec(),
            cache: vec![Vec::new(); slots],
            calls: Vec::new(),
        }
    }

    /// Appends `tokens` at `start` of `slot`, which must be where its cache ends; false
    /// (nothing written) if it is not, or if the capacity is exceeded.
    fn write(&mut self, slot: usize, start: usize, tokens: &[i32]) -> bool {
        let cache = &mut self.cache[slot];
        if start > cache.len() || start + tokens.len() > self.capacity {
            return false;
        }
        cache.truncate(start);
        cache.extend_from_slice(tokens);
        true
    }

    /// One-hot logits of the token that follows the cache of `slot`.
    fn logits(&self, slot: usize, out: &mut [f32]) {
        out.fill(0.0);
        out[next_token(&self.cache[slot]) as usize] = 1.0;
    }
}

/// The fake model: the next token depends on every token in the cache and its order.
fn next_token(cache: &[i32]) -> u32 {
    let h = cache
        .iter()
        .fold(7u64, |h, &t| h.wrapping_mul(31).wrapping_add(t as u64));
    (h % VOCAB as u64) as u32
}

impl GraphRunner for FakeGraphs {
    fn slots(&self) -> usize {
        self.cache.len()
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn ring_window(&self) -> Option<usize> {
        None
    }

    fn vocab(&self) -> usize {
        VOCAB
    }

    fn has_head(&self, head: Head) -> bool {
        head == Head::Logits
    }

    fn chunk_len(&self, _start: usize, remaining: usize) -> usize {
        let full = self
            .chunks
            .iter()
            .copied()
            .filter(|&t| t <= remaining)
            .max();
        full.unwrap_or(remaining).max(1)
    }

    fn prefill(
        &mut self,
        slot: usize,
        start: usize,
        tokens: &[i32],
        out: PrefillOut<'_>,
    ) -> Result<(), EngineError> {
        self.calls.push(Call::Prefill {
            slot,
            start,
            len: tokens.len(),
        });
        if !self.write(slot, start, tokens) {
            return Err(StepError::PrefillDoesNotFit {
                tokens: tokens.len(),
                start,
                slot,
                slots: self.cache.len(),
                capacity: self.capacity,
            }
            .into());
        }
        match out {
            PrefillOut::Logits(logits) => self.logits(slot, logits),
            // The fake has logits only.
            _ => return Err(ManifestError::NoPrefillGraph(out.head()).into()),
        }
        Ok(())
    }

    fn decode(
        &mut self,
        head: Head,
        tokens: &[i32],
        pos: &[i32],
        _sampling: Option<&mut SampleRows>,
        _look_ahead: bool,
        out: &mut DecodeOutput,
    ) -> Result<usize, EngineError> {
        assert_eq!(head, Head::Logits);
        let rows = tokens.len();
        self.calls.push(Call::Decode { rows });
        out.logits.resize(rows * VOCAB, 0.0);
        for row in 0..rows {
            if pos[row] >= 0 {
                if !self.write(row, pos[row] as usize, &tokens[row..row + 1]) {
                    let max_pos = pos[row];
                    return Err(StepError::DecodeDoesNotFit { rows, max_pos }.into());
                }
                let mut logits = vec![0.0; VOCAB];
                self.logits(row, &mut logits);
                out.logits[row * VOCAB..(row + 1) * VOCAB].copy_from_slice(&logits);
            }
        }
        Ok(rows)
    }

    fn sample(
        &mut self,
        logits: &[f32],
        _sampling: &mut SampleRows,
        _ids: &mut Vec<i32>,
        _logprobs: &mut Vec<f32>,
    ) -> Result<(), EngineError> {
        // The fake has no sampling head.
        Err(ManifestError::NoSampler {
            rows: logits.len() / VOCAB,
            logits: logits.len(),
        }
        .into())
    }

    fn copy_slot(&mut self, src: usize, dst: usize) -> Result<(), EngineError> {
        self.calls.push(Call::Copy { src, dst });
        self.cache[dst] = self.cache[src].clone();
        Ok(())
    }
}

struct Harness {
    scheduler: Scheduler<FakeGraphs>,
    pending: Arc<AtomicUsize>,
    next_id: u64,
}

impl Harness {
    fn new(graphs: FakeGraphs, prefill_budget: usize) -> Harness {
        let pending = Arc::new(AtomicUsize::new(0));
        let config = SchedulerConfig {
            prefill_budget,
            eos: None,
            sampling: SamplingMode::Host,
        };
        Harness {
            scheduler: Scheduler::new(graphs, None, config, pending.clone()),
            pending,
            next_id: 1,
        }
    }

    /// Queues a greedy request; returns its id and its events.
    fn submit(&mut self, prompt: &[u32], max_tokens: usize) -> (u64, Receiver<Event>) {
        let request = GenerationRequest::new(prompt.to_vec(), SampleParams::greedy(), max_tokens);
        self.submit_request(request)
    }

    fn submit_request(&mut self, request: GenerationRequest) -> (u64, Receiver<Event>) {
        let (events, receiver) = mpsc::channel();
        let id = self.next_id;
        self.next_id += 1;
        self.pending.fetch_add(1, Ordering::AcqRel);
        self.scheduler.enqueue(id, request, Box::new(events));
        (id, receiver)
    }

    fn step(&mut self) {
        self.scheduler.step().expect("step");
    }

    fn run_to_end(&mut self) {
        for _ in 0..1000 {
            if !self.scheduler.has_work() {
                return;
            }
            self.step();
        }
        panic!("the scheduler did not finish its work");
    }

    fn calls(&mut self) -> Vec<Call> {
        std::mem::take(&mut self.scheduler.graphs.calls)
    }
}

/// The generated ids and the finish reason, once the request ended.
fn outcome(events: &Receiver<Event>) -> Option<(Vec<u32>, FinishReason)> {
    let mut ids = Vec::new();
    for event in events.try_iter() {
        match event {
            Event::Token { id, .. } => ids.push(id),
            Event::PromptLogprobs(_) => {}
            Event::Finished { reason, .. } => return Some((ids, reason)),
        }
    }
    None
}

/// What the fake model generates for `prompt` with no other request around.
pub(super) fn alone(prompt: &[u32], max_tokens: usize) -> Vec<u32> {
    let mut cache: Vec<i32> = prompt.iter().map(|&t| t as i32).collect();
    let mut ids = Vec::new();
    while ids.len() < max_tokens {
        let id = next_token(&cache);
        ids.push(id);
        cache.push(id as i32);
    }
    ids
}

#[test]
fn admits_up_to_the_slots_and_queues_the_rest() {
    let mut h = Harness::new(FakeGraphs::new(2, 64, &[4]), 64);
    let streams: Vec<_> = (0..3).map(|i| h.submit(&[i + 1, 2], 8)).collect();
    h.step();
    assert_eq!((h.scheduler.active(), h.scheduler.waiting()), (2, 1));
    let prefilled: Vec<_> = h
        .calls()
        .into_iter()
        .filter_map(|c| match c {
            Call::Prefill { slot, .. } => Some(slot),
            _ => None,
        })
        .collect();
    assert_eq!(prefilled, [0, 1]);
    h.run_to_end();
    for (i, (_, events)) in streams.iter().enumerate() {
        let (ids, reason) = outcome(events).expect("finished");
        assert_eq!(reason, FinishReason::Length);
        assert_eq!(ids, alone(&[i as u32 + 1, 2], 8), "request {i}");
    }
    assert_eq!(h.pending.load(Ordering::Acquire), 0);
}

#[test]
fn a_freed_slot_admits_the_next_request() {
    let mut h = Harness::new(FakeGraphs::new(1, 64, &[4]), 64);
    let (_, first) = h.submit(&[1, 2, 3], 3);
    let (_, second) = h.submit(&[4, 5], 1);
    h.step(); // the prefill draws token 1 and a decode token 2
    assert!(outcome(&first).is_none());
    assert_eq!(h.scheduler.waiting(), 1);
    h.step(); // token 3: the first ends and leaves its slot
    assert_eq!(outcome(&first).expect("finished").1, FinishReason::Length);
    assert_eq!((h.scheduler.active(), h.scheduler.waiting()), (0, 1));
    h.step();
    assert_eq!(outcome(&second).expect("finished").0, alone(&[4, 5], 1));
}

#[test]
fn eviction_moves_the_top_slot_into_the_hole() {
    let mut h = Harness::new(FakeGraphs::new(3, 64, &[4]), 64);
    let (_, short) = h.submit(&[1, 1], 1);
    let (_, middle) = h.submit(&[2, 2], 6);
    let (_, top) = h.submit(&[3, 3], 6);
    h.step();
    assert_eq!(outcome(&short).expect("finished").1, FinishReason::Length);
    let copies: Vec<_> = h
        .calls()
        .into_iter()
        .filter(|c| matches!(c, Call::Copy { .. }))
        .collect();
    assert_eq!(copies, [Call::Copy { src: 2, dst: 0 }]);
    h.step();
    // Two live sequences decode in rows 0..2, not 0..3.
    assert!(h.calls().contains(&Call::Decode { rows: 2 }));
    h.run_to_end();
    assert_eq!(outcome(&middle).expect("finished").0, alone(&[2, 2], 6));
    assert_eq!(outcome(&top).expect("finished").0, alone(&[3, 3], 6));
}

#[test]
fn packing_keeps_every_stream_as_if_alone() {
    // Requests of mixed lengths through fewer slots than requests: slots are freed in every
    // order and refilled from the top many times.
    let mut h = Harness::new(FakeGraphs::new(3, 64, &[1, 2, 4]), 6);
    let requests: Vec<(Vec<u32>, usize)> = (0..9u32)
        .map(|i| {
            (
                (0..1 + i % 5).map(|t| (t * 3 + i) % 16).collect(),
                1 + (i as usize * 5) % 7,
            )
        })
        .collect();
    let streams: Vec<_> = requests.iter().map(|(p, n)| h.submit(p, *n).1).collect();
    let mut copies = 0;
    while h.scheduler.has_work() {
        h.step();
        copies += h
            .calls()
            .iter()
            .filter(|c| matches!(c, Call::Copy { .. }))
            .count();
    }
    assert!(copies > 0, "the mix never freed a slot below a live one");
    for ((prompt, n), events) in requests.iter().zip(&streams) {
        let (ids, reason) = outcome(events).expect("finished");
        assert_eq!(reason, FinishReason::Length);
        assert_eq!(&ids, &alone(prompt, *n), "prompt {prompt:?}");
    }
    assert_eq!(h.pending.load(Ordering::Acquire), 0);
}

#[test]
fn prefill_budget_bounds_the_prompt_tokens_of_a_step() {
    let mut h = Harness::new(FakeGraphs::new(2, 64, &[4]), 4);
    // The receivers stay alive: a dropped one cancels its request.
    let _first = h.submit(&[1; 8], 8);
    let _second = h.submit(&[2; 8], 8);
    let mut prefills = Vec::new();
    for _ in 0..4 {
        h.step();
        assert!(h.scheduler.stats.prefill_tokens <= 4);
        prefills.push(
            h.calls()
                .into_iter()
                .filter(|c| matches!(c, Call::Prefill { .. }))
                .collect::<Vec<_>>(),
        );
    }
    let chunk = |slot, start| Call::Prefill {
        slot,
        start,
        len: 4,
    };
    assert_eq!(
        prefills,
        [
            vec![chunk(0, 0)],
            vec![chunk(0, 4)],
            vec![chunk(1, 0)],
            vec![chunk(1, 4)]
        ]
    );
}

#[test]
fn a_zero_budget_still_prefills_one_chunk() {
    let mut h = Harness::new(FakeGraphs::new(1, 64, &[4]), 0);
    let (_, events) = h.submit(&[5; 6], 1);
    h.step();
    assert_eq!(h.scheduler.stats.prefill_tokens, 4);
    h.run_to_end();
    assert_eq!(outcome(&events).expect("finished").0, alone(&[5; 6], 1));
}

#[test]
fn cancelling_a_waiting_request_ends_it_at_once() {
    let mut h = Harness::new(FakeGraphs::new(1, 64, &[4]), 64);
    let (_, running) = h.submit(&[1, 2], 4);
    let (id, waiting) = h.submit(&[3, 4], 4);
    h.step();
    h.scheduler.cancel(id);
    assert_eq!(
        outcome(&waiting),
        Some((Vec::new(), FinishReason::Cancelled))
    );
    assert_eq!(h.pending.load(Ordering::Acquire), 1);
    h.run_to_end();
    assert_eq!(outcome(&running).expect("finished").0, alone(&[1, 2], 4));
}

#[test]
fn cancelling_a_running_request_frees_its_slot_at_the_step_end() {
    let mut h = Harness::new(FakeGraphs::new(2, 64, &[4]), 64);
    let (id, cancelled) = h.submit(&[1, 2], 50);
    let (_, kept) = h.submit(&[3, 4], 5);
    h.step();
    assert!(outcome(&cancelled).is_none(), "still running");
    h.scheduler.cancel(id);
    h.step();
    // No token after the cancel, then the end.
    assert_eq!(
        outcome(&cancelled),
        Some((Vec::new(), FinishReason::Cancelled))
    );
    assert_eq!(h.scheduler.active(), 1);
    assert!(h.calls().contains(&Call::Copy { src: 1, dst: 0 }));
    h.run_to_end();
    assert_eq!(outcome(&kept).expect("finished").0, alone(&[3, 4], 5));
}

#[test]
fn a_dropped_receiver_cancels_its_request() {
    let mut h = Harness::new(FakeGraphs::new(2, 64, &[4]), 64);
    let (_, dropped) = h.submit(&[1, 2], 50);
    drop(dropped);
    h.step();
    assert_eq!(h.scheduler.active(), 0);
    assert_eq!(h.pending.load(Ordering::Acquire), 0);
}

#[test]
fn a_full_slot_ends_with_capacity() {
    let mut h = Harness::new(FakeGraphs::new(1, 6, &[4]), 64);
    let (_, events) = h.submit(&[1, 2, 3, 4], 50);
    h.run_to_end();
    let (ids, reason) = outcome(&events).expect("finished");
    assert_eq!(reason, FinishReason::Capacity);
    assert_eq!(ids, alone(&[1, 2, 3, 4], ids.len()));
}

#[test]
fn a_grammar_constrains_its_row_and_leaves_the_others_alone() {
    use crate::grammar::{Grammar, GrammarCompiler};
    // Token 0 is a control token; token i > 0 spells the letter 'a' + i - 1.
    let tokens: Vec<Vec<u8>> = (0..VOCAB)
        .map(|i| match i {
            0 => b"<end>".to_vec(),
            _ => vec![b'a' + i as u8 - 1],
        })
        .collect();
    let special: Vec<bool> = (0..VOCAB).map(|i| i == 0).collect();
    let compiler = GrammarCompiler::new(tokens, &special, 0, VOCAB, None).expect("vocabulary");
    let constraint = compiler
        .compile(&Grammar::Regex("[ac]{3}".into()))
        .expect("compiles");
    let mut h = Harness::new(FakeGraphs::new(2, 64, &[4]), 64);
    let (_, free) = h.submit(&[3, 4], 6);
    let mut request = GenerationRequest::new(vec![5, 6], SampleParams::greedy(), 10);
    request.constraint = Some(constraint);
    let (_, bound) = h.submit_request(request);
    h.run_to_end();
    let (ids, reason) = outcome(&bound).expect("finished");
    // Three letters complete the grammar, which ends the request without an EOS.
    assert_eq!(reason, FinishReason::GrammarComplete);
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(ids.iter().all(|&t| t == 1 || t == 3), "{ids:?}");
    // The unconstrained row in the same steps draws what it draws alone.
    assert_eq!(outcome(&free).expect("finished").0, alone(&[3, 4], 6));
}

#[test]
fn a_scored_prompt_runs_as_decode_steps_and_then_generates_as_if_alone() {
    let mut h = Harness::new(FakeGraphs::new(2, 64, &[4]), 64);
    let prompt = [3, 1, 4, 1, 5, 9];
    // A parked cache that shares the prompt's start: scoring reads every position anyway.
    let (_, first) = h.submit(&prompt[..4], 1);
    h.run_to_end();
    assert!(outcome(&first).is_some());
    h.calls();
    let mut request = GenerationRequest::new(prompt.to_vec(), SampleParams::greedy(), 3);
    request.prompt_logprobs = Some(2);
    let (_, events) = h.submit_request(request);
    h.run_to_end();
    let calls = h.calls();
    assert!(
        calls.iter().all(|c| !matches!(c, Call::Prefill { .. })),
        "{calls:?}"
    );
    // One step per prompt token, then one per generated token but the last.
    let steps = calls
        .iter()
        .filter(|c| matches!(c, Call::Decode { .. }))
        .count();
    assert_eq!(steps, prompt.len() + 2);
    let Ok(Event::PromptLogprobs(scored)) = events.try_recv() else {
        panic!("the scores come first");
    };
    // One-hot logits: the model's next token has logit 1, the other 15 have 0.
    let lse = 1.0 + (1.0 + 15.0 * (-1f64).exp()).ln();
    assert_eq!(scored.len(), prompt.len() - 1);
    for (i, s) in scored.iter().enumerate() {
        let likeliest = next_token(&prompt[..=i].iter().map(|&t| t as i32).collect::<Vec<_>>());
        assert_eq!(s.token, prompt[i + 1]);
        let expected = if s.token == likeliest {
            1.0 - lse
        } else {
            -lse
        };
        assert!((s.logprob as f64 - expected).abs() < 1e-6, "{s:?}");
        assert_eq!(s.top_logprobs.len(), 2);
        assert_eq!(s.top_logprobs[0].token, likeliest);
        // Ties go to the lower id.
        assert_eq!(s.top_logprobs[1].token, u32::from(likeliest == 0));
    }
    let (ids, reason) = outcome(&events).expect("finished");
    assert_eq!(ids, alone(&prompt, 3));
    assert_eq!(reason, FinishReason::Length);
    // No tokens asked for: the scores alone; a one-token prompt has none to give.
    for prompt in [&prompt[..], &prompt[..1]] {
        let mut request = GenerationRequest::new(prompt.to_vec(), SampleParams::greedy(), 0);
        request.prompt_logprobs = Some(0);
        let (_, events) = h.submit_request(request);
        h.run_to_end();
        let Ok(Event::PromptLogprobs(scored)) = events.try_recv() else {
            panic!("the scores come first");
        };
        assert_eq!(scored.len(), prompt.len() - 1);
        assert_eq!(outcome(&events), Some((Vec::new(), FinishReason::Length)));
    }
    assert_eq!(h.pending.load(Ordering::Acquire), 0);
}
