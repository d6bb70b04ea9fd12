//! The prefix cache on the tiny model: a request whose prompt starts with
//! what a finished request left in a slot prefills only the rest, reports
//! the reused tokens, and gets exactly the tokens a cold engine gives.

use engine::batch::GraphRunner;
use engine::batch::{Engine, EngineConfig, Event, GenerationRequest, SchedulerConfig};
use engine::device_sampling::SamplingMode;
use sampler::SampleParams;
use tests::tiny;

/// The tiny model with 4 slots; a small prefill budget so prompts take
/// several chunks.
fn engine() -> Engine {
    let (graphs, _) = tiny::load("local-task", 7);
    start(graphs)
}

/// The same model emitted with an f16 KV cache (the slot copies that keep live sequences
/// packed, and the prefix reuse, move f16 values).
fn f16_kv_engine() -> Engine {
    let runtime = engine::runtime::Runtime::new("local-task").unwrap();
    let mut options = engine::model::ModelOptions::cpu();
    options.graphs = engine::model::default_graph_options(4, 64);
    options.graphs.prefill_lengths = vec![8, 32];
    options.graphs.decode_windows = vec![32, 64];
    options.graphs.heads = vec![emitter::graph::Head::Logits];
    options.graphs.kv_dtype = emitter::hlo::ElemType::F16;
    options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    options.verbose = false;
    let loaded = engine::model::load(&runtime, &tiny::hf_dir(7), &options).unwrap();
    start(loaded.graphs)
}

fn start(graphs: engine::graphs::Graphs) -> Engine {
    let config = EngineConfig {
        max_queue: 64,
        scheduler: SchedulerConfig {
            prefill_budget: 8,
            eos: None,
            sampling: SamplingMode::Host,
        },
    };
    Engine::start(graphs, None, config)
}

/// Generated ids and the prompt tokens the engine found cached.
fn run(
    engine: &Engine,
    prompt: &[u32],
    params: &SampleParams,
    max_tokens: usize,
) -> (Vec<u32>, usize) {
    let request = GenerationRequest::new(prompt.to_vec(), params.clone(), max_tokens);
    let (ids, finished) = engine.submit(request).unwrap().collect();
    let Event::Finished { cached_tokens, .. } = finished else {
        unreachable!("collect ends with Finished")
    };
    (ids, cached_tokens)
}

fn prompt(len: usize, seed: u32) -> Vec<u32> {
    (0..len as u32)
        .map(|t| (t * 37 + seed * 11 + 5) % 512)
        .collect()
}

#[test]
fn a_second_turn_reuses_the_first_and_matches_a_cold_run() {
    second_turn_matches_a_cold_run(engine);
}

#[test]
fn an_f16_kv_cache_reuses_prefixes_and_packs_slots_like_a_cold_run() {
    second_turn_matches_a_cold_run(f16_kv_engine);
    parked_slots_are_evicted_lru(f16_kv_engine);
}

fn second_turn_matches_a_cold_run(engine: fn() -> Engine) {
    for params in [
        SampleParams::greedy(),
        SampleParams {
            temperature: 0.9,
            top_p: 0.9,
            seed: 5,
            ..SampleParams::default()
        },
    ] {
        let warm = engine();
        let first = prompt(20, 1);
        let (reply, cached) = run(&warm, &first, &params, 8);
        assert_eq!(cached, 0);
        // The next turn: the history, the reply, and a new message.
        let mut second = first.clone();
        second.extend(&reply);
        second.extend([40, 41, 42, 43, 44]);
        let (warm_out, cached) = run(&warm, &second, &params, 12);
        // Every token but the reply's last was fed to the model.
        assert_eq!(cached, first.len() + reply.len() - 1);
        let cold = engine();
        let (cold_out, cold_cached) = run(&cold, &second, &params, 12);
        assert_eq!(cold_cached, 0);
        assert_eq!(warm_out, cold_out, "{params:?}");
        // The same prompt again reuses all of it but its last token.
        let (again, cached) = run(&warm, &second, &params, 12);
        assert_eq!(cached, second.len() - 1);
        assert_eq!(again, cold_out);
    }
}

#[test]
fn parked_slots_are_evicted_least_recently_used() {
    parked_slots_are_evicted_lru(engine);
}

fn parked_slots_are_evicted_lru(make: fn() -> Engine) {
    let engine = make();
    let greedy = SampleParams::greedy();
    let prompts: Vec<Vec<u32>> = (0..5).map(|i| prompt(12, 100 + i)).collect();
    let cold: Vec<Vec<u32>> = prompts
        .iter()
        .map(|p| run(&engine, p, &greedy, 4).0)
        .collect();
    // Four slots hold prompts 1..=4 now; prompt 0 was the least recently used.
    let (out, cached) = run(&engine, &prompts[4], &greedy, 4);
    assert_eq!((out, cached), (cold[4].clone(), 11));
    let (out, cached) = run(&engine, &prompts[0], &greedy, 4);
    assert_eq!((out, cached), (cold[0].clone(), 0));
    // Concurrent requests with a shared prefix still equal their solo runs.
    let streams: Vec<_> = prompts
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p.push(7);
            engine
                .submit(GenerationRequest::new(p, greedy.clone(), 6))
                .unwrap()
        })
        .collect();
    let together: Vec<Vec<u32>> = streams.into_iter().map(|s| s.collect().0).collect();
    let fresh = make();
    for (i, p) in prompts.iter().enumerate() {
        let mut p = p.clone();
        p.push(7);
        assert_eq!(together[i], run(&fresh, &p, &greedy, 6).0, "prompt {i}");
    }
}

/// The tiny model as Mistral with a sliding window of 8 over a capacity of 64, so every layer
/// keeps a ring, with one slot: each request takes the slot the previous one parked.
fn ring_engine() -> Engine {
    let dir = tiny::hf_dir(9);
    let path = dir.join("config.json");
    let mut config: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    config["model_type"] = "mistral".into();
    config["sliding_window"] = 8.into();
    std::fs::write(&path, config.to_string()).unwrap();
    let runtime = engine::runtime::Runtime::new("local-task").unwrap();
    let mut options = engine::model::ModelOptions::cpu();
    options.graphs = engine::model::default_graph_options(1, 64);
    options.graphs.prefill_lengths = vec![8];
    options.graphs.decode_windows = vec![64];
    options.graphs.heads = vec![emitter::Head::Logits];
    options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    options.verbose = false;
    let loaded = engine::model::load(&runtime, &dir, &options).expect("load the ring model");
    assert_eq!(loaded.graphs.ring_window(), Some(8));
    let config = EngineConfig {
        max_queue: 8,
        scheduler: SchedulerConfig {
            prefill_budget: 8,
            eos: None,
            sampling: SamplingMode::Host,
        },
    };
    Engine::start(loaded.graphs, None, config)
}

/// A ring keeps the last 8 positions only: a parked slot whose later tokens overwrote the
/// positions a new prompt needs gives it nothing, and the next turn of the same conversation
/// (which needs only the latest positions) reuses everything; both equal cold runs.
#[test]
fn ring_slots_give_only_prefixes_nothing_overwrote() {
    let greedy = SampleParams::greedy();
    let warm = ring_engine();
    let first = prompt(20, 3);
    let (reply, _) = run(&warm, &first, &greedy, 8);
    // Shares 12 tokens with the parked 27, whose positions 12..27 overwrote 4..11 of the ring.
    let mut branch = first[..12].to_vec();
    branch.extend([90, 91, 92]);
    let (branch_out, cached) = run(&warm, &branch, &greedy, 6);
    assert_eq!(cached, 0, "an overwritten ring is not reused");
    assert_eq!(branch_out, run(&ring_engine(), &branch, &greedy, 6).0);
    // Park the first conversation again, then continue it.
    let (again, _) = run(&warm, &first, &greedy, 8);
    assert_eq!(again, reply);
    let mut second = first.clone();
    second.extend(&reply);
    second.extend([40, 41, 42]);
    let (warm_out, cached) = run(&warm, &second, &greedy, 10);
    assert_eq!(cached, first.len() + reply.len() - 1);
    assert_eq!(warm_out, run(&ring_engine(), &second, &greedy, 10).0);
}
