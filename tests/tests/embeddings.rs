//! Embeddings of the tiny Qwen3 checkpoint (tests/fixtures/families/qwen3) through the packed
//! embedding graphs, against sentence-transformers on the same texts
//! (tests/fixtures/embeddings/qwen3, made by scripts/oracle/make_embedding_oracle.py): mean,
//! CLS and last-token pooling, whole and truncated to fewer dimensions.
//!
//! Every text goes in one request, so the engine packs several of them into each chunk, and
//! the last chunk runs in a graph longer than itself: a pooling or a mask that reached past
//! an input's own tokens would move its embedding.
//!
//! Runs on `LLM_TEST_DEVICE` (default: the CPU), as the other model tests do.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use emitter::Head;
use engine::batch::{
    EmbeddingError, EmbeddingRequest, Engine, EngineConfig, EngineStats, SchedulerConfig,
};
use engine::device_sampling::SamplingMode;
use engine::embedding::{truncated, Pooling};
use engine::model::{self, LoadedModel, ModelOptions};
use engine::runtime::Runtime;
use loader::Precision;
use serde_json::Value;

/// Cosine distance allowed against sentence-transformers (f32 on both sides).
const COSINE_TOLERANCE: f64 = 1e-5;
const CAPACITY: usize = 128;
/// Embedding graphs: the oracle's 252 tokens take two chunks of up to 128 and a last one of 12
/// in the 32-token graph.
const EMBED_LENGTHS: [usize; 2] = [32, 128];

fn fixtures() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures"))
}

struct Oracle {
    texts: Vec<String>,
    token_ids: Vec<Vec<u32>>,
    truncate_dim: usize,
    json: Value,
}

impl Oracle {
    fn load() -> Oracle {
        let path = fixtures().join("embeddings/qwen3/oracle.json");
        let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let texts = json["texts"].as_array().unwrap();
        let ids = json["token_ids"].as_array().unwrap();
        Oracle {
            texts: texts
                .iter()
                .map(|t| t.as_str().unwrap().to_owned())
                .collect(),
            token_ids: ids
                .iter()
                .map(|l| {
                    l.as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_u64().unwrap() as u32)
                        .collect()
                })
                .collect(),
            truncate_dim: json["truncate_dim"].as_u64().unwrap() as usize,
            json,
        }
    }

    /// sentence-transformers' vectors for `mode` (`mean`, `cls`, `lasttoken`), `full` or
    /// `truncated`.
    fn vectors(&self, mode: &str, form: &str) -> Vec<Vec<f32>> {
        let list = self.json["embeddings"][mode][form].as_array().unwrap();
        list.iter()
            .map(|v| {
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap() as f32)
                    .collect()
            })
            .collect()
    }
}

/// The checkpoint as sentence-transformers saves a model: the base model's weights (no
/// `model.` in their names, no LM head) with the pooling files beside them.
fn model_dir() -> PathBuf {
    let dir = tests::temp_dir("embeddings-qwen3");
    let weights = fixtures().join("families/qwen3");
    for name in ["config.json", "tokenizer.json", "tokenizer_config.json"] {
        std::fs::copy(weights.join(name), dir.join(name)).unwrap();
    }
    let bytes = std::fs::read(weights.join("model.safetensors")).unwrap();
    let stored = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    let base: Vec<(String, Vec<usize>, Vec<f32>)> = stored
        .tensors()
        .into_iter()
        .map(|(name, view)| {
            let values = tests::f32_values(&name, &view);
            let name = name.strip_prefix("model.").expect("a tied checkpoint");
            (name.to_owned(), view.shape().to_vec(), values)
        })
        .collect();
    let tensors: Vec<(&str, Vec<usize>, Vec<f32>)> = base
        .iter()
        .map(|(name, shape, values)| (name.as_str(), shape.clone(), values.clone()))
        .collect();
    tests::write_safetensors(&dir.join("model.safetensors"), &tensors);
    let pooling = fixtures().join("embeddings/qwen3");
    std::fs::copy(pooling.join("modules.json"), dir.join("modules.json")).unwrap();
    std::fs::create_dir_all(dir.join("1_Pooling")).unwrap();
    std::fs::copy(
        pooling.join("1_Pooling/config.json"),
        dir.join("1_Pooling/config.json"),
    )
    .unwrap();
    dir
}

fn load(path: &Path) -> LoadedModel {
    load_with(path, CAPACITY, &EMBED_LENGTHS)
}

fn load_with(path: &Path, capacity: usize, embed_lengths: &[usize]) -> LoadedModel {
    let mut graphs = model::default_graph_options(1, capacity);
    graphs.prefill_lengths = vec![8];
    graphs.decode_windows = vec![capacity];
    graphs.heads = vec![Head::Logits];
    graphs.embed_lengths = embed_lengths.to_vec();
    let device = tests::device();
    let options = ModelOptions {
        graphs,
        verbose: false,
        target: ModelOptions::for_device(&device).unwrap().target,
        weights: Precision::F32,
        ..ModelOptions::cpu()
    };
    let runtime: Arc<Runtime> = Runtime::new(&device).unwrap();
    let prepared = model::prepare(path, &options).expect("read the checkpoint");
    prepared.load(&runtime).expect("load the checkpoint")
}

fn start(loaded: LoadedModel) -> Engine {
    let config = EngineConfig {
        max_queue: 16,
        scheduler: SchedulerConfig {
            prefill_budget: 64,
            eos: loaded.eos,
            sampling: SamplingMode::Host,
        },
    };
    Engine::start(loaded.graphs, loaded.tokenizer, config)
}

fn embed(
    engine: &Engine,
    inputs: Vec<Vec<u32>>,
    pooling: Pooling,
) -> Result<Vec<Vec<f32>>, EmbeddingError> {
    let (sender, receiver) = mpsc::channel();
    let reply = Box::new(move |result| {
        let _ = sender.send(result);
    });
    engine
        .handle()
        .embed(EmbeddingRequest { inputs, pooling }, reply)?;
    receiver
        .recv_timeout(Duration::from_secs(120))
        .expect("the engine answers")
}

/// The engine's totals once `embed_tokens` tokens have been embedded: a reply goes out during
/// its step, and the totals are published after the step.
fn settled_stats(engine: &Engine, embed_tokens: u64) -> EngineStats {
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let stats = engine.handle().stats();
        if stats.embed_tokens >= embed_tokens || std::time::Instant::now() > until {
            assert_eq!(stats.embed_tokens, embed_tokens);
            return stats;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `1 - cos(a, b)`, in f64.
fn cosine_distance(a: &[f32], b: &[f32]) -> f64 {
    assert_eq!(a.len(), b.len());
    let dot: f64 = a.iter().zip(b).map(|(&x, &y)| x as f64 * y as f64).sum();
    let norm = |v: &[f32]| v.iter().map(|&x| (x as f64).powi(2)).sum::<f64>().sqrt();
    1.0 - dot / (norm(a) * norm(b))
}

fn assert_close(what: &str, ours: &[Vec<f32>], theirs: &[Vec<f32>]) {
    assert_eq!(ours.len(), theirs.len(), "{what}");
    let mut worst = 0f64;
    for (i, (a, b)) in ours.iter().zip(theirs).enumerate() {
        let distance = cosine_distance(a, b);
        assert!(
            distance <= COSINE_TOLERANCE,
            "{what}: input {i} is {distance:e} from sentence-transformers' (cosine distance)"
        );
        worst = worst.max(distance);
    }
    eprintln!("{what}: worst cosine distance {worst:e}");
}

#[test]
fn embeddings_match_sentence_transformers() {
    let oracle = Oracle::load();
    let dir = model_dir();
    assert_eq!(Pooling::for_model(&dir).unwrap(), Pooling::Mean);
    let loaded = load(&dir);
    let tokenizer = loaded
        .tokenizer
        .clone()
        .expect("the checkpoint's tokenizer");
    for (text, ids) in oracle.texts.iter().zip(&oracle.token_ids) {
        assert_eq!(&tokenizer.encode(text, true).unwrap(), ids, "{text:?}");
    }
    let engine = start(loaded);
    let modes = [
        ("mean", Pooling::Mean),
        ("cls", Pooling::First),
        ("lasttoken", Pooling::Last),
    ];
    for (k, (mode, pooling)) in modes.into_iter().enumerate() {
        let steps = engine.handle().stats().steps;
        let ours = embed(&engine, oracle.token_ids.clone(), pooling).unwrap();
        // 252 tokens, packed in order: 115 (5 inputs), 125 (3), 12.
        let stats = settled_stats(&engine, 252 * (k as u64 + 1));
        assert_eq!(stats.steps - steps, 3, "{mode}: chunks");
        assert_close(mode, &ours, &oracle.vectors(mode, "full"));
        let short: Vec<Vec<f32>> = ours
            .iter()
            .map(|v| truncated(v, oracle.truncate_dim))
            .collect();
        assert_close(
            &format!("{mode}, {} dimensions", oracle.truncate_dim),
            &short,
            &oracle.vectors(mode, "truncated"),
        );
    }
    assert_eq!(
        engine.handle().pending(),
        0,
        "every request released its queue place"
    );
}

/// An input alone gets the vector it gets among others: packing changes nothing it sees.
#[test]
fn an_input_alone_embeds_as_it_does_packed() {
    let oracle = Oracle::load();
    let engine = start(load(&model_dir()));
    let packed = embed(&engine, oracle.token_ids.clone(), Pooling::Mean).unwrap();
    for (i, ids) in oracle.token_ids.iter().enumerate() {
        let alone = embed(&engine, vec![ids.clone()], Pooling::Mean).unwrap();
        let distance = cosine_distance(&alone[0], &packed[i]);
        assert!(distance <= 1e-6, "input {i}: {distance:e} apart");
    }
}

#[test]
fn inputs_the_graphs_cannot_take_are_refused() {
    let engine = start(load(&model_dir()));
    let refused = |inputs: Vec<Vec<u32>>| embed(&engine, inputs, Pooling::Mean).unwrap_err();
    assert_eq!(refused(Vec::new()), EmbeddingError::NoInputs);
    assert_eq!(
        refused(vec![vec![1], Vec::new()]),
        EmbeddingError::EmptyInput { index: 1 }
    );
    assert_eq!(
        refused(vec![vec![7; 129]]),
        EmbeddingError::InputTooLong {
            index: 0,
            len: 129,
            max: 128
        }
    );
    assert_eq!(
        refused(vec![vec![3, 256]]),
        EmbeddingError::TokenOutOfRange {
            index: 0,
            id: 256,
            vocab: 256
        }
    );
    assert_eq!(engine.handle().pending(), 0);
}

/// Gemma 4's last layers read earlier layers' caches: a packed chunk has none, so asking for
/// its embedding graphs is refused by name before anything compiles.
#[test]
fn models_with_shared_caches_have_no_embedding_graphs() {
    let dir = fixtures().join("families/gemma4");
    let mut graphs = model::default_graph_options(1, 64);
    // Its sliding window is 8 tokens: cached chunks no longer (packed ones may be).
    graphs.prefill_lengths = vec![8];
    graphs.embed_lengths = vec![64];
    let options = ModelOptions {
        graphs,
        verbose: false,
        ..ModelOptions::cpu()
    };
    let error = match model::prepare(&dir, &options) {
        Ok(_) => panic!("gemma4's embedding graphs were built"),
        Err(error) => error.to_string(),
    };
    assert!(error.contains("share caches"), "{error}");
}
