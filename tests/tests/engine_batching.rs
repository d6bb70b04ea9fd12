//! The continuous-batching engine on the tiny model: batched requests give
//! exactly the tokens they give alone, chunked prefill changes nothing, bad
//! requests get typed errors, cancels end requests, and a soak of many
//! requests with random cancels ends every request and leaks no slot.

use std::time::Duration;

use engine::batch::{
    Engine, EngineConfig, Event, FinishReason, GenerationRequest, SchedulerConfig, SubmitError,
};
use engine::compile::Execution;
use engine::device_sampling::SamplingMode;
use sampler::SampleParams;
use tests::tiny;

/// The tiny model with 4 slots from the committed assets.
fn engine(prefill_budget: usize, max_queue: usize) -> Engine {
    let (graphs, _) = tiny::load("local-task", 7);
    let config = EngineConfig {
        max_queue,
        scheduler: SchedulerConfig {
            prefill_budget,
            eos: None,
            sampling: SamplingMode::Host,
        },
    };
    Engine::start(graphs, None, config)
}

/// The tiny model emitted with 8 slots, so decode runs batches of 8.
fn engine_s8(prefill_budget: usize) -> Engine {
    engine_s8_sampling(prefill_budget, SamplingMode::Host)
}

fn engine_s8_sampling(prefill_budget: usize, sampling: SamplingMode) -> Engine {
    let loaded = tiny::load_s8(7);
    let config = EngineConfig {
        max_queue: 100_000,
        scheduler: SchedulerConfig {
            prefill_budget,
            eos: None,
            sampling,
        },
    };
    Engine::start(loaded.graphs, None, config)
}

/// A deterministic mix of request shapes: prompt lengths across chunk
/// boundaries, greedy and seeded sampling with every filter.
fn request(i: u64) -> GenerationRequest {
    let len = 1 + (i as usize * 7) % 30;
    let prompt: Vec<u32> = (0..len as u32)
        .map(|t| (t * 31 + i as u32 * 17 + 3) % 512)
        .collect();
    let params = match i % 5 {
        0 => SampleParams::greedy(),
        1 => SampleParams {
            temperature: 0.8,
            seed: i,
            ..SampleParams::default()
        },
        2 => SampleParams {
            temperature: 1.0,
            top_k: 20,
            seed: i,
            ..SampleParams::default()
        },
        3 => SampleParams {
            temperature: 0.9,
            top_p: 0.8,
            min_p: 0.05,
            seed: i,
            ..SampleParams::default()
        },
        _ => SampleParams {
            temperature: 0.7,
            repetition_penalty: 1.3,
            seed: i,
            ..SampleParams::default()
        },
    };
    let max_tokens = 4 + (i as usize * 5) % 25;
    GenerationRequest::new(prompt, params, max_tokens)
}

fn solo(engine: &Engine, request: GenerationRequest) -> Vec<u32> {
    let (ids, finished) = engine.submit(request).unwrap().collect();
    assert!(
        matches!(
            finished,
            Event::Finished {
                reason: FinishReason::Length | FinishReason::Capacity,
                ..
            }
        ),
        "{finished:?}"
    );
    ids
}

#[test]
fn batched_requests_equal_their_solo_runs() {
    let engine = engine_s8(64);
    let alone: Vec<Vec<u32>> = (0..10).map(|i| solo(&engine, request(i))).collect();
    // Ten at once through eight slots: queueing, admission as slots free,
    // compaction moves, buckets of 1, 4 and 8 rows, mixed phases per step.
    let streams: Vec<_> = (0..10)
        .map(|i| engine.submit(request(i)).unwrap())
        .collect();
    for (i, stream) in streams.into_iter().enumerate() {
        let (ids, _) = stream.collect();
        assert_eq!(ids, alone[i], "request {i}");
    }
    assert!(
        engine.handle().stats().decode_batches.contains_key(&8),
        "the batched run used the B=8 graph"
    );
}

/// Device sampling: requests the heads can serve draw in the graph, the penalised ones
/// (every fifth) on the host, in the same steps. Batched equals solo, greedy requests equal
/// their host-sampled runs, seeds reproduce, and both paths really ran.
#[test]
fn device_sampling_batched_equals_solo() {
    let device = engine_s8_sampling(64, SamplingMode::Device);
    let host = engine_s8(64);
    let alone: Vec<Vec<u32>> = (0..10).map(|i| solo(&device, request(i))).collect();
    let streams: Vec<_> = (0..10)
        .map(|i| device.submit(request(i)).unwrap())
        .collect();
    for (i, stream) in streams.into_iter().enumerate() {
        let (ids, _) = stream.collect();
        assert_eq!(ids, alone[i], "request {i}");
    }
    for i in [0, 5] {
        assert_eq!(
            alone[i],
            solo(&host, request(i as u64)),
            "greedy request {i}: device and host differ"
        );
    }
    assert_eq!(
        solo(&device, request(3)),
        alone[3],
        "seeded request 3 does not reproduce"
    );
    let mut other_seed = request(3);
    other_seed.params.seed += 1000;
    other_seed.max_tokens = 20;
    let mut same_seed = request(3);
    same_seed.max_tokens = 20;
    assert_ne!(
        solo(&device, other_seed),
        solo(&device, same_seed),
        "a different seed should change 20 tokens"
    );
    let stats = device.handle().stats();
    assert!(
        stats.device_tokens > 0 && stats.host_tokens > 0,
        "{stats:?}"
    );
    assert!(
        stats.decode_batches.contains_key(&8),
        "the batched run used the B=8 graph"
    );
}

/// Fenced functions with device sampling queue each decode step before the one ahead of it
/// is read, fed its tokens on the device. Every token equals the same module's called a step
/// at a time and its solo runs, while requests join and end at different steps and some
/// sample on the host (queued steps used and dropped) and across the windows' boundary at
/// position 32 (where the next step needs another graph).
#[test]
fn queued_decode_steps_change_no_token() {
    let start = |look_ahead| {
        let loaded = tiny::load_s8_as(7, Some(Execution::Fenced), look_ahead);
        let config = EngineConfig {
            max_queue: 1000,
            scheduler: SchedulerConfig {
                prefill_budget: 64,
                eos: None,
                sampling: SamplingMode::Device,
            },
        };
        Engine::start(loaded.graphs, None, config)
    };
    let (ahead, stepwise) = (start(true), start(false));
    let batched = |engine: &Engine, requests: &[GenerationRequest]| -> Vec<Vec<u32>> {
        let streams: Vec<_> = requests
            .iter()
            .map(|r| engine.submit(r.clone()).unwrap())
            .collect();
        streams.into_iter().map(|s| s.collect().0).collect()
    };
    let mixed: Vec<GenerationRequest> = (0..12).map(request).collect();
    // Eight device-sampled requests of one length: the steady state, every step alike.
    let even: Vec<GenerationRequest> = (0..8)
        .map(|i| {
            let mut r = request([0, 1, 2, 3][i % 4] + 5 * (i as u64 / 4));
            r.max_tokens = 24;
            r
        })
        .collect();
    for requests in [&mixed, &even] {
        let expected = batched(&stepwise, requests);
        assert_eq!(batched(&ahead, requests), expected);
        for (i, r) in requests.iter().enumerate().step_by(3) {
            assert_eq!(solo(&ahead, r.clone()), expected[i], "request {i} alone");
        }
    }
    let (used, unused) = (ahead.handle().stats(), stepwise.handle().stats());
    assert!(
        used.ahead_served > used.ahead_dropped && used.ahead_dropped > 0,
        "{used:?}"
    );
    eprintln!("queued ahead: {used:?}");
    assert_eq!(
        (unused.ahead_served, unused.ahead_dropped),
        (0, 0),
        "{unused:?}"
    );
    assert!(used.decode_batches.contains_key(&8), "{used:?}");
}

#[test]
fn chunked_prefill_equals_one_shot() {
    let small = engine(3, 64);
    let large = engine(512, 64);
    for i in 0..6 {
        let mut req = request(i * 3 + 1);
        req.prompt = (0..40u32).map(|t| (t * 11 + i as u32) % 512).collect();
        assert_eq!(solo(&small, req.clone()), solo(&large, req), "request {i}");
    }
}

#[test]
fn seeds_reproduce_and_differ() {
    let engine = engine(64, 64);
    let mut req = request(1);
    req.max_tokens = 20;
    let a = solo(&engine, req.clone());
    let b = solo(&engine, req.clone());
    assert_eq!(a, b);
    req.params.seed += 1000;
    let c = solo(&engine, req);
    assert_ne!(a, c, "a different seed should change a 20-token sample");
}

#[test]
fn bad_requests_get_typed_errors() {
    let engine = engine(64, 2);
    let ok = || GenerationRequest::new(vec![1, 2, 3], SampleParams::greedy(), 4);
    let mut r = ok();
    r.prompt = vec![1; 65];
    assert_eq!(
        engine.submit(r).err(),
        Some(SubmitError::PromptTooLong {
            len: 65,
            capacity: 64
        })
    );
    let mut r = ok();
    r.prompt = vec![1, 512];
    assert_eq!(
        engine.submit(r).err(),
        Some(SubmitError::TokenOutOfRange {
            id: 512,
            vocab: 512
        })
    );
    let mut r = ok();
    r.prompt.clear();
    assert_eq!(engine.submit(r).err(), Some(SubmitError::EmptyPrompt));
    let mut r = ok();
    r.params.temperature = -1.0;
    assert!(matches!(
        engine.submit(r).err(),
        Some(SubmitError::InvalidParams(_))
    ));
    let mut r = ok();
    r.params.top_p = 1.5;
    assert!(matches!(
        engine.submit(r).err(),
        Some(SubmitError::InvalidParams(_))
    ));
    let mut r = ok();
    r.params.logit_bias = vec![(600, 1.0)];
    assert_eq!(
        engine.submit(r).err(),
        Some(SubmitError::TokenOutOfRange {
            id: 600,
            vocab: 512
        })
    );
    let mut r = ok();
    r.stop_strings = vec!["x".into()];
    assert_eq!(
        engine.submit(r).err(),
        Some(SubmitError::StopStringsWithoutTokenizer)
    );
    let mut r = ok();
    r.max_tokens = 0;
    assert_eq!(engine.submit(r).err(), Some(SubmitError::ZeroMaxTokens));

    // Two long requests fill a queue of two; the third is refused, and once
    // they end the queue accepts again.
    let mut long = ok();
    long.max_tokens = 60;
    let a = engine.submit(long.clone()).unwrap();
    let b = engine.submit(long.clone()).unwrap();
    assert_eq!(
        engine.submit(long.clone()).err(),
        Some(SubmitError::QueueFull { capacity: 2 })
    );
    a.collect();
    b.collect();
    assert!(engine.submit(ok()).is_ok());
}

#[test]
fn stop_tokens_and_capacity_end_requests() {
    let engine = engine(64, 64);
    let base = GenerationRequest::new(vec![5, 6, 7], SampleParams::greedy(), 30);
    let ids = solo(&engine, base.clone());
    let mut stop = base.clone();
    stop.stop_token_ids = vec![ids[4]];
    let first = ids.iter().position(|&t| t == ids[4]).unwrap();
    let (got, finished) = engine.submit(stop).unwrap().collect();
    assert_eq!(got, ids[..=first]);
    assert!(
        matches!(finished, Event::Finished { reason: FinishReason::StopToken(t), .. } if t == ids[4])
    );

    // A 60-token prompt in a 64-token slot: the prefill token plus decodes
    // at positions 60..63 fill the slot, then the request ends.
    let mut full = base;
    full.prompt = (0..60).collect();
    full.max_tokens = 100;
    let (got, finished) = engine.submit(full).unwrap().collect();
    assert_eq!(got.len(), 5, "{finished:?}");
    assert!(matches!(
        finished,
        Event::Finished {
            reason: FinishReason::Capacity,
            ..
        }
    ));
}

#[test]
fn cancel_ends_a_request_early() {
    let engine = engine(64, 64);
    let stream = engine
        .submit(GenerationRequest::new(
            vec![1, 2],
            SampleParams::greedy(),
            60,
        ))
        .unwrap();
    // Cancelled as soon as it is submitted: waiting for its first token first let a test
    // thread starved by the other tests (2 cores) wake only after all 60 tokens were drawn.
    // The engine takes the cancel between two steps, admitted or not.
    stream.cancel();
    let (ids, finished) = stream.collect();
    assert!(ids.len() < 59, "cancel should stop well before max_tokens");
    assert!(
        matches!(
            finished,
            Event::Finished {
                reason: FinishReason::Cancelled,
                ..
            }
        ),
        "{finished:?}"
    );
    // Dropping a stream cancels too; the engine keeps serving.
    drop(
        engine
            .submit(GenerationRequest::new(vec![3], SampleParams::greedy(), 60))
            .unwrap(),
    );
    assert_eq!(solo(&engine, request(0)).len(), request(0).max_tokens);
}

/// Many requests of random shapes through eight slots (decode batches up to
/// 8) with random cancels from another thread. Sized for CI;
/// `SOAK_REQUESTS=1000` is the full run.
#[test]
fn soak_with_random_cancels() {
    let count: u64 = std::env::var("SOAK_REQUESTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    soak(count, SamplingMode::Host);
}

/// The soak with device sampling (host fallback for the penalised fifth).
#[test]
fn soak_with_device_sampling() {
    let count: u64 = std::env::var("SOAK_REQUESTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    soak(count, SamplingMode::Device);
}

fn soak(count: u64, sampling: SamplingMode) {
    let engine = engine_s8_sampling(16, sampling);
    let mut rng = 0x5eed_u64;
    let mut next = move || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        rng >> 33
    };
    let streams: Vec<_> = (0..count)
        .map(|i| engine.submit(request(i)).unwrap())
        .collect();
    let cancel: Vec<bool> = (0..count).map(|_| next() % 4 == 0).collect();
    let cancellers: Vec<_> = streams
        .iter()
        .zip(&cancel)
        .filter(|(_, c)| **c)
        .map(|(s, _)| s.canceller())
        .collect();
    let thread = std::thread::spawn(move || {
        for canceller in cancellers {
            std::thread::sleep(Duration::from_micros(300));
            canceller.cancel();
        }
    });
    let results: Vec<_> = streams.into_iter().map(|s| s.collect()).collect();
    thread.join().unwrap();
    assert_eq!(
        engine.handle().pending(),
        0,
        "every request released its queue place"
    );
    let mut checked = 0;
    for (i, (ids, finished)) in results.into_iter().enumerate() {
        let Event::Finished {
            reason,
            generated_tokens,
            ..
        } = finished
        else {
            unreachable!()
        };
        assert_eq!(generated_tokens, ids.len());
        if reason == FinishReason::Cancelled {
            assert!(cancel[i], "request {i} was cancelled without being asked");
            continue;
        }
        assert_eq!(reason, FinishReason::Length, "request {i}");
        assert_eq!(ids, solo(&engine, request(i as u64)), "request {i}");
        checked += 1;
    }
    let stats = engine.handle().stats();
    eprintln!("soak: {count} requests, {checked} compared with solo runs; {stats:?}");
    assert!(checked > 0);
    assert!(
        stats.decode_batches.get(&8).copied().unwrap_or(0) > 0,
        "decode batches of 8 ran"
    );
    assert!(stats.slot_copies > 0, "evictions compacted slots");
}
