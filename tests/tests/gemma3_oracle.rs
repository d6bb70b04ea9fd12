//! Gemma 3 270M (the Q4_K_M GGUF, dequantized to f32) through the whole pipeline against HF
//! transformers loading the same file (tests/fixtures/gemma3/oracle.json, made by
//! scripts/oracle/make_gemma3_oracle.py): teacher-forced logits and greedy continuations on
//! raw prompts, one of them longer than the 512-token sliding window.
//!
//! The module is small (one slot, 1024 positions, one prefill and one decode shape, logits
//! only): the vocabulary of 262,144 and head_dim 256 make the default module slow to compile.
//! The model comes from `scripts/fetch_gemma3.sh`; the test fetches it itself when
//! `LOADER_REQUIRE_MODEL` is set and skips otherwise.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use emitter::Head;
use engine::batch::GraphRunner;
use engine::batch::{Engine, EngineConfig, Event, GenerationRequest, SchedulerConfig};
use engine::device_sampling::SamplingMode;
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};
use engine::model::{self, LoadedModel, ModelOptions};
use engine::runtime::Runtime;
use loader::Precision;
use sampler::SampleParams;
use serde_json::Value;
use tests::oracle::assert_top_logits_match;

const LOGIT_TOLERANCE: f32 = 1e-3;
/// Capacity of the test module: above the sliding window, so local layers keep rings.
const CAPACITY: usize = 1024;
const CHUNK: usize = 128;

struct Case {
    prompt: String,
    greedy_text: String,
    prompt_ids: Vec<u32>,
    greedy_ids: Vec<u32>,
    teacher_from: usize,
    /// Per position from `teacher_from`: (top ids, top logits, logsumexp).
    teacher: Vec<(Vec<u32>, Vec<f32>, f32)>,
}

impl Case {
    fn tokens(&self) -> Vec<u32> {
        self.prompt_ids
            .iter()
            .chain(&self.greedy_ids)
            .copied()
            .collect()
    }
}

fn fixtures() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/gemma3/oracle.json");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let ids = |v: &Value| -> Vec<u32> {
        let list = v.as_array().unwrap().iter();
        list.map(|x| x.as_u64().unwrap() as u32).collect()
    };
    let floats = |v: &Value| -> Vec<f32> {
        let list = v.as_array().unwrap().iter();
        list.map(|x| x.as_f64().unwrap() as f32).collect()
    };
    json["prompts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| Case {
            prompt: p["prompt"].as_str().unwrap().to_string(),
            greedy_text: p["greedy_text"].as_str().unwrap().to_string(),
            prompt_ids: ids(&p["prompt_ids"]),
            greedy_ids: ids(&p["greedy_ids"]),
            teacher_from: p["teacher_from"].as_u64().unwrap() as usize,
            teacher: p["teacher_forced"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| {
                    let lse = t["logsumexp"].as_f64().unwrap() as f32;
                    (ids(&t["top_ids"]), floats(&t["top_logits"]), lse)
                })
                .collect(),
        })
        .collect()
}

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The GGUF, fetched when the suite requires models; `None` (skip) otherwise.
fn model_path() -> Option<PathBuf> {
    let path = root().join(".cache/models/gemma-3-270m-q4_k_m.gguf");
    if path.exists() {
        return Some(path);
    }
    if std::env::var_os("LOADER_REQUIRE_MODEL").is_none() {
        eprintln!("skipped: no {} (scripts/fetch_gemma3.sh)", path.display());
        return None;
    }
    let status = std::process::Command::new(root().join("scripts/fetch_gemma3.sh"))
        .status()
        .expect("run scripts/fetch_gemma3.sh");
    assert!(status.success() && path.exists(), "fetching Gemma 3 failed");
    Some(path)
}

fn options(weights: Precision, cpu_kernels: bool) -> ModelOptions {
    let mut graphs = model::default_graph_options(1, CAPACITY);
    graphs.prefill_lengths = vec![CHUNK];
    graphs.decode_windows = vec![CAPACITY];
    graphs.heads = vec![Head::Logits];
    ModelOptions {
        graphs,
        weights,
        cpu_kernels,
        ..ModelOptions::cpu()
    }
}

/// Loads the model with `weights` (and the CPU kernels if `cpu_kernels` and the host runs
/// them); the first load compiles the module (timed). Loads are serialised so that the fetch
/// runs once.
fn load(weights: Precision, cpu_kernels: bool) -> Option<LoadedModel> {
    static LOCK: OnceLock<Mutex<()>> = OnceLock::new();
    let _guard = LOCK.get_or_init(Default::default).lock().unwrap();
    let path = model_path()?;
    let runtime: Arc<Runtime> = Runtime::new("local-task").unwrap();
    let started = Instant::now();
    let options = options(weights, cpu_kernels);
    let loaded = model::load(&runtime, &path, &options).expect("load Gemma 3");
    eprintln!(
        "gemma3 ({weights:?}, kernels {cpu_kernels}): module and weights ready in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Some(loaded)
}

/// Logits at positions `from..tokens.len()`: `tokens[..=from]` prefilled in chunks (the
/// last chunk gives position `from`), then one decode step per position.
fn logits_from(graphs: &mut Graphs, tokens: &[u32], from: usize) -> Vec<Vec<f32>> {
    let vocab = graphs.vocab();
    let ids: Vec<i32> = tokens.iter().map(|&t| t as i32).collect();
    let mut logits = vec![0f32; vocab];
    for start in (0..=from).step_by(CHUNK) {
        let end = (start + CHUNK).min(from + 1);
        graphs
            .prefill(0, start, &ids[start..end], PrefillOut::Logits(&mut logits))
            .unwrap();
    }
    let mut all = vec![logits];
    let mut out = DecodeOutput::default();
    for (p, &id) in ids.iter().enumerate().skip(from + 1) {
        graphs
            .decode(Head::Logits, &[id], &[p as i32], None, false, &mut out)
            .unwrap();
        all.push(out.logits[..vocab].to_vec());
    }
    all
}

fn teacher_forced_logits_match(graphs: &mut Graphs, cases: &[Case]) {
    let mut worst = 0f32;
    for (n, case) in cases.iter().enumerate() {
        let ours = logits_from(graphs, &case.tokens(), case.teacher_from);
        assert_eq!(ours.len(), case.teacher.len(), "prompt {n}");
        let (top, lse) =
            assert_top_logits_match(n, case.teacher_from, &case.teacher, &ours, LOGIT_TOLERANCE);
        worst = worst.max(top).max(lse);
    }
    eprintln!("gemma3 teacher-forced: worst |ours - transformers| = {worst:.2e}");
}

fn greedy_continuations_are_token_exact(loaded: LoadedModel, cases: &[Case]) {
    let config = EngineConfig {
        max_queue: 8,
        scheduler: SchedulerConfig {
            prefill_budget: 512,
            eos: loaded.eos,
            sampling: SamplingMode::Host,
        },
    };
    let engine = Engine::start(loaded.graphs, loaded.tokenizer, config);
    for (n, case) in cases.iter().enumerate() {
        let wanted = case.greedy_ids.len();
        let request =
            GenerationRequest::new(case.prompt_ids.clone(), SampleParams::greedy(), wanted);
        let started = Instant::now();
        let (ids, event) = engine.submit(request).unwrap().collect();
        assert!(matches!(event, Event::Finished { .. }), "{event:?}");
        eprintln!(
            "gemma3 greedy prompt {n}: {} + {} tokens in {:.1} s",
            case.prompt_ids.len(),
            ids.len(),
            started.elapsed().as_secs_f64()
        );
        assert_eq!(ids, case.greedy_ids, "prompt {n}");
    }
}

/// One test, so the 1 GB module and weights load once: the GGUF's tokenizer gives
/// transformers' prompt ids and text, teacher forcing, then the engine takes the graphs for
/// greedy runs.
#[test]
fn gemma3_matches_transformers() {
    let cases = fixtures();
    let long = cases.iter().map(|c| c.tokens().len()).max().unwrap();
    assert!(long > 512 && long <= CAPACITY, "{long} tokens");
    let Some(mut loaded) = load(Precision::F32, true) else {
        return;
    };
    let tokenizer = loaded
        .tokenizer
        .clone()
        .expect("the GGUF carries a tokenizer");
    for (n, case) in cases.iter().enumerate() {
        let ids = tokenizer.encode(&case.prompt, true).unwrap();
        assert_eq!(ids, case.prompt_ids, "prompt {n}: ids with BOS");
        let text = tokenizer.decode(&case.greedy_ids, false).unwrap();
        assert_eq!(text, case.greedy_text, "prompt {n}: decoded continuation");
    }
    teacher_forced_logits_match(&mut loaded.graphs, &cases);
    greedy_continuations_are_token_exact(loaded, &cases);
}

/// The file's own blocks (Q5_0, Q8_0, Q4_K and Q6_K in this file) through the CPU kernels
/// where the host runs them: the same logits and tokens.
#[test]
fn gemma3_native_weights_match_transformers() {
    native_weights_match(true);
}

/// The same through IREE's own grouped products, what hosts without the kernels run.
#[test]
fn gemma3_native_weights_without_kernels_match_transformers() {
    native_weights_match(false);
}

fn native_weights_match(cpu_kernels: bool) {
    let cases = fixtures();
    let Some(mut loaded) = load(Precision::Native, cpu_kernels) else {
        return;
    };
    teacher_forced_logits_match(&mut loaded.graphs, &cases);
    greedy_continuations_are_token_exact(loaded, &cases);
}
