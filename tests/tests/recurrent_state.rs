//! Qwen 3.5's linear-attention states through the engine, on the tiny checkpoint
//! (tests/fixtures/families/qwen3_5) and its transformers oracle: sequences decoded side by
//! side keep their own states (through ragged batches and the slot copies that pack them low),
//! and a parked slot's state serves a new request only when it shares the slot's whole
//! sequence. Every continuation must be transformers' greedy one. The module's linear layers
//! prefill in blocks of 2 tokens (4 to a chunk of 8), so the state's steps from block to block
//! are what these runs go through; the logits of such chunks are checked against transformers
//! too.

use std::path::PathBuf;

use emitter::Head;
use engine::batch::{Engine, EngineConfig, Event, GenerationRequest, SchedulerConfig};
use engine::device_sampling::SamplingMode;
use engine::model::{self, ModelOptions};
use engine::runtime::Runtime;
use sampler::SampleParams;
use serde_json::Value;

const SLOTS: usize = 4;
const CAPACITY: usize = 64;

fn fixture() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/families/qwen3_5"
    ))
}

/// The oracle's prompt and transformers' greedy continuation of it.
fn oracle() -> (Vec<u32>, Vec<u32>) {
    let text = std::fs::read_to_string(fixture().join("oracle.json")).unwrap();
    let json: Value = serde_json::from_str(&text).unwrap();
    let ids = |key: &str| -> Vec<u32> {
        let list = json[key].as_array().unwrap().iter();
        list.map(|x| x.as_u64().unwrap() as u32).collect()
    };
    (ids("prompt_ids"), ids("greedy_ids"))
}

/// The tiny Qwen 3.5 in 4 slots, 8-token prefill chunks of 4 linear-attention blocks, decode
/// batches of 1 and 4.
fn load() -> engine::model::LoadedModel {
    let device = tests::device();
    let mut graphs = model::default_graph_options(SLOTS, CAPACITY);
    graphs.prefill_lengths = vec![8];
    graphs.decode_windows = vec![CAPACITY];
    graphs.heads = vec![Head::Logits];
    graphs.linear_chunk = 2;
    let options = ModelOptions {
        graphs,
        verbose: false,
        target: ModelOptions::for_device(&device).unwrap().target,
        ..ModelOptions::cpu()
    };
    let runtime = Runtime::new(&device).unwrap();
    model::load(&runtime, &fixture(), &options).expect("load the checkpoint")
}

/// [`load`] in an engine with a prefill budget of 8, so prompts take several chunks.
fn engine() -> Engine {
    let loaded = load();
    let config = EngineConfig {
        max_queue: 16,
        scheduler: SchedulerConfig {
            prefill_budget: 8,
            eos: None,
            sampling: SamplingMode::Host,
        },
    };
    Engine::start(loaded.graphs, None, config)
}

/// The oracle's path from `fed` tokens on: its prompt plus `fed - prompt` greedy tokens as
/// the prompt, the next `n` greedy tokens expected.
fn from(fed: usize, n: usize) -> (GenerationRequest, Vec<u32>) {
    let (prompt, greedy) = oracle();
    let path: Vec<u32> = prompt.iter().chain(&greedy).copied().collect();
    let request = GenerationRequest::new(path[..fed].to_vec(), SampleParams::greedy(), n);
    (request, path[fed..fed + n].to_vec())
}

/// Generated ids and the prompt tokens found cached.
fn finish(stream: engine::batch::RequestStream) -> (Vec<u32>, usize) {
    let (ids, finished) = stream.collect();
    let Event::Finished { cached_tokens, .. } = finished else {
        unreachable!("collect ends with Finished")
    };
    (ids, cached_tokens)
}

#[test]
fn sequences_decoded_together_keep_their_own_states() {
    let engine = engine();
    let prompt = oracle().0.len();
    // The shortest run takes slot 0 and ends first; the longest, in slot 2, is then copied
    // down into slot 0 with its states and goes on from there.
    let runs = [(prompt + 9, 11), (prompt + 5, 15), (prompt, 20)];
    let streams: Vec<_> = (runs.iter())
        .map(|&(fed, n)| {
            let (request, expected) = from(fed, n);
            (engine.submit(request).unwrap(), expected)
        })
        .collect();
    for (stream, expected) in streams {
        assert_eq!(finish(stream).0, expected);
    }
    let stats = engine.handle().stats();
    assert!(stats.decode_batches.keys().any(|&b| b > 1), "{stats:?}");
    assert!(
        stats.slot_copies > 0,
        "no live sequence was moved: {stats:?}"
    );
}

#[test]
fn a_parked_state_serves_only_requests_that_share_all_of_it() {
    let engine = engine();
    let prompt = oracle().0.len();
    let (first, expected) = from(prompt, 6);
    assert_eq!(finish(engine.submit(first).unwrap()), (expected, 0));
    // The slot holds the prompt and 5 fed tokens; this prompt goes on from all of them.
    let (longer, expected) = from(prompt + 8, 5);
    assert_eq!(
        finish(engine.submit(longer).unwrap()),
        (expected, prompt + 5)
    );
    // Now parked: the prompt and 12 fed tokens. Sharing 15 of those 24 is no use to a state.
    let (branch, expected) = from(prompt + 3, 5);
    assert_eq!(finish(engine.submit(branch).unwrap()), (expected, 0));
}

#[test]
fn prefill_in_blocks_gives_transformers_logits() {
    use engine::batch::GraphRunner;
    use engine::graphs::{DecodeOutput, PrefillOut};
    let text = std::fs::read_to_string(fixture().join("oracle.json")).unwrap();
    let json: Value = serde_json::from_str(&text).unwrap();
    let row = |v: &Value| -> Vec<f32> {
        let list = v.as_array().unwrap().iter();
        list.map(|x| x.as_f64().unwrap() as f32).collect()
    };
    let expected: Vec<Vec<f32>> = json["logits"].as_array().unwrap().iter().map(row).collect();
    let (prompt, greedy) = oracle();
    let path: Vec<i32> = prompt.iter().chain(&greedy).map(|&t| t as i32).collect();
    let mut graphs = load().graphs;
    let vocab = graphs.vocab();
    let mut worst = 0f32;
    let mut check = |pos: usize, logits: &[f32]| {
        let d = (logits.iter().zip(&expected[pos]))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f32::max);
        assert!(d <= 1e-4, "position {pos}: off by {d}");
        worst = worst.max(d);
    };
    // The first 24 tokens in chunks of 8 (the last of them a chunk of 5: a block of padding),
    // then one decode step per position.
    let mut logits = vec![0f32; vocab];
    for (start, end) in [(0, 8), (8, 16), (16, 21)] {
        let out = PrefillOut::Logits(&mut logits);
        graphs.prefill(0, start, &path[start..end], out).unwrap();
        check(end - 1, &logits);
    }
    let mut out = DecodeOutput::default();
    for (pos, &token) in path.iter().enumerate().skip(21) {
        graphs
            .decode(Head::Logits, &[token], &[pos as i32], None, false, &mut out)
            .unwrap();
        check(pos, &out.logits[..vocab]);
    }
    eprintln!("worst |ours - transformers| = {worst:.2e}");
}
