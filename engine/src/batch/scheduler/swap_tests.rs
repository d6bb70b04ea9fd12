//! Moving a running engine from a first module to the full one (tiered start), on the fake
//! model: requests running at the offer finish on the first module, waiting and later ones run
//! on the next, none is dropped and every stream's tokens are the ones it gets alone.

use std::time::Duration;

use sampler::SampleParams;

use super::tests::{alone, FakeGraphs};
use super::SchedulerConfig;
use crate::batch::engine::{Engine, EngineConfig, NextModule};
use crate::batch::request::{Event, FinishReason, GenerationRequest};
use crate::batch::{GraphsLoader, RequestStream};
use crate::device_sampling::SamplingMode;
use crate::error::EngineError;

const CAPACITY: usize = 64;
const MAX_TOKENS: usize = 12;

fn config() -> EngineConfig {
    EngineConfig {
        max_queue: 16,
        scheduler: SchedulerConfig {
            prefill_budget: 64,
            eos: None,
            sampling: SamplingMode::Host,
        },
    }
}

fn submit(engine: &Engine, prompt: &[u32]) -> RequestStream {
    let request = GenerationRequest::new(prompt.to_vec(), SampleParams::greedy(), MAX_TOKENS);
    engine.submit(request).expect("submit")
}

fn loads(slots: usize) -> GraphsLoader<FakeGraphs> {
    Box::new(move || Ok(FakeGraphs::new(slots, CAPACITY, &[4, 8])))
}

fn fails() -> GraphsLoader<FakeGraphs> {
    Box::new(|| {
        Err(EngineError::Io {
            path: "next.vmfb".into(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such module"),
        })
    })
}

const PROMPTS: [&[u32]; 4] = [&[1, 2, 3], &[4, 5, 6, 7, 8], &[9, 1], &[2, 7, 1, 8, 2, 8]];

/// Starts an engine on a one-slot first module, lets the first request start, offers `next`,
/// submits the rest and returns every request's tokens and finish reason.
fn run_with_offer(next: NextModule<FakeGraphs>) -> (Engine, Vec<(Vec<u32>, FinishReason)>) {
    let (engine, swap) = Engine::start_tiered(FakeGraphs::new(1, CAPACITY, &[4]), None, config());
    let mut first = submit(&engine, PROMPTS[0]);
    let Some(Event::Token { id, .. }) = first.recv_timeout(Duration::from_secs(10)) else {
        panic!("the first request did not start");
    };
    assert!(swap.offer(next));
    let rest: Vec<RequestStream> = PROMPTS[1..].iter().map(|p| submit(&engine, p)).collect();
    let (mut ids, finished) = first.collect();
    ids.insert(0, id);
    let mut outcomes = vec![(ids, reason(finished))];
    for stream in rest {
        let (ids, finished) = stream.collect();
        outcomes.push((ids, reason(finished)));
    }
    (engine, outcomes)
}

fn reason(event: Event) -> FinishReason {
    match event {
        Event::Finished { reason, .. } => reason,
        Event::Token { .. } | Event::PromptLogprobs(_) => unreachable!("collect ends on Finished"),
    }
}

#[test]
fn a_swap_keeps_every_request_and_its_tokens() {
    let (engine, outcomes) = run_with_offer(NextModule {
        load: loads(4),
        restore: loads(1),
    });
    for (prompt, (ids, reason)) in PROMPTS.iter().zip(&outcomes) {
        assert_eq!(*reason, FinishReason::Length, "prompt {prompt:?}");
        assert_eq!(*ids, alone(prompt, MAX_TOKENS), "prompt {prompt:?}");
    }
    // The engine now runs on the four-slot module: the three later requests ran together.
    assert_eq!(engine.handle().slots(), 4);
    let stats = engine.handle().stats();
    assert!(
        stats.decode_batches.keys().any(|&b| b >= 2),
        "no decode step ran several rows: {:?}",
        stats.decode_batches
    );
}

#[test]
fn a_module_that_fails_to_load_falls_back_to_the_first() {
    let (engine, outcomes) = run_with_offer(NextModule {
        load: fails(),
        restore: loads(1),
    });
    for (prompt, (ids, reason)) in PROMPTS.iter().zip(&outcomes) {
        assert_eq!(*reason, FinishReason::Length, "prompt {prompt:?}");
        assert_eq!(*ids, alone(prompt, MAX_TOKENS), "prompt {prompt:?}");
    }
    assert_eq!(engine.handle().slots(), 1);
    // Still serving after the failed move.
    let (ids, finished) = submit(&engine, PROMPTS[2]).collect();
    assert_eq!(reason(finished), FinishReason::Length);
    assert_eq!(ids, alone(PROMPTS[2], MAX_TOKENS));
}

#[test]
fn when_no_module_loads_waiting_and_later_requests_end_with_the_error() {
    let (engine, mut outcomes) = run_with_offer(NextModule {
        load: fails(),
        restore: fails(),
    });
    // The running request finished on the first module. The others waited, or reached the
    // engine only after the failed load (as a slow machine orders it): all get the load error,
    // and so does a request submitted long after.
    assert_eq!(outcomes[0].1, FinishReason::Length);
    let (ids, finished) = submit(&engine, PROMPTS[2]).collect();
    outcomes.push((ids, reason(finished)));
    for (ids, reason) in &outcomes[1..] {
        assert!(ids.is_empty());
        match reason {
            FinishReason::Error(error) => {
                assert!(error.to_string().contains("no such module"), "{error}")
            }
            other => panic!("expected the load error, got {other:?}"),
        }
    }
    assert_eq!(
        engine.handle().pending(),
        0,
        "every refused request gave its place back"
    );
}
