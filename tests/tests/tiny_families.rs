//! Tiny random checkpoints of Qwen 2, Qwen 2.5, Qwen 3, Llama 3, Mistral, the mixtures of
//! experts, gpt-oss, Gemma 4 and Qwen 3.5, saved by
//! transformers (tests/fixtures/families, made by scripts/oracle/make_tiny_families.py), through
//! the whole pipeline (config, emit, compile, convert, engine) against transformers' own forward
//! pass: the logits at every position of prompt + continuation, and the greedy continuation
//! token for token.
//!
//! The checkpoints carry a byte tokenizer (one token per byte); the greedy text must decode as
//! transformers decodes it.
//!
//! Runs on `LLM_TEST_DEVICE` (default: the CPU), as the other model tests do.
//!
//! Each family gets one small module (one slot, 64 positions, 8-token prefill chunks, one-row
//! decode, logits only). Logits are checked twice: one-token prefill chunks at every position,
//! and the prompt prefilled in chunks followed by one decode step per position. Where the
//! family has a packed form, its folder's module also holds a 64-token embedding graph, and
//! the hidden states it gives through the LM head are checked against the same logits.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use emitter::config::{ModelConfig, RopeScaling};
use emitter::graph::Activations;
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

/// f32 on both sides; transformers sums in another order, and logits reach ~10.
const LOGIT_TOLERANCE: f32 = 1e-4;
const CAPACITY: usize = 64;
const CHUNK: usize = 8;

struct Oracle {
    prompt_ids: Vec<u32>,
    greedy_ids: Vec<u32>,
    /// Per position of prompt + continuation, the full row.
    logits: Vec<Vec<f32>>,
    smallest_gap: f64,
    /// transformers' decoding of the greedy ids with the checkpoint's tokenizer.
    greedy_text: String,
}

fn dir(family: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/families")).join(family)
}

/// A family's oracle file `name` (`oracle.json`; `oracle-q8_0.json`: transformers on the Q8_0
/// file's dequantized weights).
impl Oracle {
    /// The prompt, then the greedy continuation: every position the oracle has logits for.
    fn tokens(&self) -> Vec<i32> {
        let ids = self.prompt_ids.iter().chain(&self.greedy_ids);
        ids.map(|&t| t as i32).collect()
    }
}

fn oracle_named(family: &str, name: &str) -> Oracle {
    let text = std::fs::read_to_string(dir(family).join(name)).expect("the oracle file");
    let json: Value = serde_json::from_str(&text).unwrap();
    let ids = |v: &Value| -> Vec<u32> {
        let list = v.as_array().unwrap().iter();
        list.map(|x| x.as_u64().unwrap() as u32).collect()
    };
    let row = |v: &Value| -> Vec<f32> {
        let list = v.as_array().unwrap().iter();
        list.map(|x| x.as_f64().unwrap() as f32).collect()
    };
    Oracle {
        prompt_ids: ids(&json["prompt_ids"]),
        greedy_ids: ids(&json["greedy_ids"]),
        logits: json["logits"].as_array().unwrap().iter().map(row).collect(),
        smallest_gap: json["smallest_greedy_gap"].as_f64().unwrap(),
        greedy_text: json["greedy_text"].as_str().unwrap().to_owned(),
    }
}

/// `path` (the family's folder, or a GGUF file in it) in one small module, its weights stored
/// as `weights` says (`Native`: a GGUF's blocks kept where the CPU kernels multiply them), with
/// a packed embedding graph of `embed_lengths` tokens each.
fn load_path(path: &std::path::Path, weights: Precision, embed_lengths: &[usize]) -> LoadedModel {
    load_with(path, weights, Activations::F32, embed_lengths)
}

/// [`load_path`] with the kernels' products taking `activations`.
fn load_with(
    path: &std::path::Path,
    weights: Precision,
    activations: Activations,
    embed_lengths: &[usize],
) -> LoadedModel {
    let mut graphs = model::default_graph_options(1, CAPACITY);
    graphs.activations = activations;
    graphs.embed_lengths = embed_lengths.to_vec();
    graphs.prefill_lengths = vec![CHUNK];
    graphs.decode_windows = vec![CAPACITY];
    graphs.heads = vec![Head::Logits];
    let device = tests::device();
    let options = ModelOptions {
        graphs,
        verbose: false,
        target: ModelOptions::for_device(&device).unwrap().target,
        weights,
        ..ModelOptions::cpu()
    };
    let runtime: Arc<Runtime> = Runtime::new(&device).unwrap();
    let started = Instant::now();
    let prepared = model::prepare(path, &options).expect("read the checkpoint");
    if weights == Precision::Native && options.cpu_kernels {
        // Stacked experts in blocks go through the experts kernel where the CPU runs it, the
        // 8-bit one with 8-bit activations.
        let entry = match activations {
            Activations::F32 => "llm_experts_",
            Activations::Q8 => "llm_experts_q8_",
        };
        let in_kernels = prepared.rendered().module.contains(entry);
        let expected = engine::compile::cpu_kernels_available(&options.target)
            && prepared.config.experts.is_some();
        assert_eq!(in_kernels, expected, "{}: experts kernel", path.display());
        eprintln!("{}: experts in the kernels: {in_kernels}", path.display());
    }
    let loaded = prepared.load(&runtime).expect("load the checkpoint");
    eprintln!(
        "{}: module and weights ready in {:.1} s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    loaded
}

/// The families whose graphs have a packed form, which the embedding graphs run (Gemma 4,
/// with its shared caches and per-layer inputs, has none yet).
const PACKED: &[&str] = &[
    "qwen2",
    "qwen2.5",
    "qwen3",
    "llama3",
    "mistral",
    "qwen3_moe",
    "qwen2_moe",
    "mixtral",
    "olmoe",
    "gpt_oss",
    "gemma4_moe",
];

/// The LM head of a checkpoint as f32 `[V, E]` rows: `lm_head.weight`, or the tied embedding.
fn lm_head(dir: &std::path::Path) -> (Vec<f32>, usize) {
    let bytes = std::fs::read(dir.join("model.safetensors")).unwrap();
    let tensors = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    let names = tensors.names();
    let name = names
        .iter()
        .find(|n| n.as_str() == "lm_head.weight")
        .or_else(|| names.iter().find(|n| n.ends_with("embed_tokens.weight")))
        .expect("an LM head or a tied embedding");
    let view = tensors.tensor(name).unwrap();
    (tests::f32_values(name, &view), view.shape()[1])
}

/// Every token's hidden state from a packed chunk, through the family's LM head, gives
/// transformers' logits at every position of the oracle run (prompt and greedy continuation,
/// 32 tokens: past mistral's and gpt-oss's sliding windows of 8). Another sequence goes first
/// in the chunk, so the oracle's sequence starts at chunk index 5 and must neither see it nor
/// count its positions from it; the chunk is shorter than the graph.
fn packed_hidden_states_give_the_logits(family: &str, loaded: &mut LoadedModel, oracle: &Oracle) {
    let sequence = oracle.tokens();
    let before = [200, 17, 3, 99, 42];
    let tokens = [&before[..], &sequence].concat();
    let positions: Vec<i32> = (0..before.len() as i32)
        .chain(0..sequence.len() as i32)
        .collect();
    let segments: Vec<i32> = [vec![0; before.len()], vec![1; sequence.len()]].concat();
    let softcap = loaded.config.final_logit_softcap;
    let mut rows = Vec::new();
    let t = loaded
        .graphs
        .embed(&tokens, &positions, &segments, &mut rows)
        .unwrap();
    assert_eq!(t, CAPACITY);
    let (head, width) = lm_head(&dir(family));
    assert_eq!(width, loaded.graphs.hidden());
    let vocab = head.len() / width;
    assert_eq!(oracle.logits.len(), sequence.len());
    let mut worst = 0f64;
    for (p, expected) in oracle.logits.iter().enumerate() {
        let row = &rows[(before.len() + p) * width..][..width];
        for v in 0..vocab {
            let dot: f64 = head[v * width..][..width]
                .iter()
                .zip(row)
                .map(|(&w, &h)| w as f64 * h as f64)
                .sum();
            let logit = match softcap {
                Some(cap) => cap * (dot / cap).tanh(),
                None => dot,
            };
            worst = worst.max((logit - expected[v] as f64).abs());
        }
    }
    eprintln!("{family}: packed hidden states, worst logit difference {worst:e}");
    assert!(
        worst < 1e-4,
        "{family}: packed logits {worst:e} from transformers'"
    );
}

fn max_diff(ours: &[f32], theirs: &[f32]) -> f32 {
    assert_eq!(ours.len(), theirs.len());
    ours.iter()
        .zip(theirs)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f32::max)
}

/// Every position through a one-token prefill chunk.
fn one_token_prefills(graphs: &mut Graphs, tokens: &[i32]) -> Vec<Vec<f32>> {
    let mut all = Vec::new();
    for (pos, &t) in tokens.iter().enumerate() {
        let mut logits = vec![0f32; graphs.vocab()];
        graphs
            .prefill(0, pos, &[t], PrefillOut::Logits(&mut logits))
            .unwrap();
        all.push(logits);
    }
    all
}

/// The prompt prefilled in chunks (each chunk's last position read), then one decode step per
/// position; positions inside a chunk come back as `None`.
fn prefill_then_decode(
    graphs: &mut Graphs,
    tokens: &[i32],
    prompt: usize,
) -> Vec<Option<Vec<f32>>> {
    let mut all = vec![None; tokens.len()];
    for start in (0..prompt).step_by(CHUNK) {
        let end = (start + CHUNK).min(prompt);
        let mut logits = vec![0f32; graphs.vocab()];
        graphs
            .prefill(
                0,
                start,
                &tokens[start..end],
                PrefillOut::Logits(&mut logits),
            )
            .unwrap();
        all[end - 1] = Some(logits);
    }
    let mut out = DecodeOutput::default();
    for pos in prompt..tokens.len() {
        graphs
            .decode(
                Head::Logits,
                &[tokens[pos]],
                &[pos as i32],
                None,
                false,
                &mut out,
            )
            .unwrap();
        all[pos] = Some(out.logits[..graphs.vocab()].to_vec());
    }
    all
}

fn greedy(loaded: LoadedModel, oracle: &Oracle) -> Vec<u32> {
    let config = EngineConfig {
        max_queue: 4,
        scheduler: SchedulerConfig {
            prefill_budget: 64,
            eos: None,
            sampling: SamplingMode::Host,
        },
    };
    let engine = Engine::start(loaded.graphs, None, config);
    let request = GenerationRequest::new(
        oracle.prompt_ids.clone(),
        SampleParams::greedy(),
        oracle.greedy_ids.len(),
    );
    let (ids, event) = engine.submit(request).unwrap().collect();
    assert!(matches!(event, Event::Finished { .. }), "{event:?}");
    ids
}

/// Reads the checkpoint's config (checked by the caller), then logits and greedy tokens.
fn check(family: &str, expect_config: impl FnOnce(&ModelConfig)) {
    check_file(family, None, "oracle.json", expect_config);
}

/// [`check_file`] with the weights as `weights` says.
fn check_file(
    family: &str,
    file: Option<&str>,
    oracle_file: &str,
    expect_config: impl FnOnce(&ModelConfig),
) {
    check_stored(family, file, oracle_file, Precision::F32, expect_config);
}

/// [`check`] for the family's `file` (a GGUF written from the checkpoint) or, without one, its
/// HF folder, against the oracle file `oracle_file`, the weights stored as `weights`.
fn check_stored(
    family: &str,
    file: Option<&str>,
    oracle_file: &str,
    weights: Precision,
    expect_config: impl FnOnce(&ModelConfig),
) {
    let path = file.map_or_else(|| dir(family), |f| dir(family).join(f));
    let model = loader::Model::open(&path).expect("open the checkpoint");
    expect_config(model.config());
    let oracle = oracle_named(family, oracle_file);
    let tokens = oracle.tokens();
    assert_eq!(oracle.logits.len(), tokens.len());
    // A family's own folder in f32 also checks the packed embedding graph, in the same module.
    let packed = file.is_none() && weights == Precision::F32 && PACKED.contains(&family);
    let mut loaded = load_path(&path, weights, if packed { &[CAPACITY] } else { &[] });

    let mut worst = 0f32;
    for (pos, row) in one_token_prefills(&mut loaded.graphs, &tokens)
        .iter()
        .enumerate()
    {
        let d = max_diff(row, &oracle.logits[pos]);
        assert!(
            d <= LOGIT_TOLERANCE,
            "{family} one-token prefill, position {pos}: off by {d}"
        );
        worst = worst.max(d);
    }
    let chunked = prefill_then_decode(&mut loaded.graphs, &tokens, oracle.prompt_ids.len());
    let mut checked = 0;
    for (pos, row) in chunked.iter().enumerate() {
        if let Some(row) = row {
            let d = max_diff(row, &oracle.logits[pos]);
            assert!(
                d <= LOGIT_TOLERANCE,
                "{family} chunked prefill/decode, position {pos}: off by {d}"
            );
            worst = worst.max(d);
            checked += 1;
        }
    }
    assert!(checked > oracle.greedy_ids.len());
    if packed {
        packed_hidden_states_give_the_logits(family, &mut loaded, &oracle);
    }

    let tokenizer = loaded
        .tokenizer
        .clone()
        .expect("the checkpoint's tokenizer.json");
    assert_eq!(tokenizer.vocab_size(), oracle.logits[0].len());
    let ids = greedy(loaded, &oracle);
    eprintln!(
        "{family}: worst |ours - transformers| over {} positions x {} logits = {worst:.2e}; \
         greedy {} tokens, oracle's smallest top-2 gap {:.4}",
        tokens.len(),
        oracle.logits[0].len(),
        ids.len(),
        oracle.smallest_gap
    );
    assert_eq!(ids, oracle.greedy_ids, "{family} greedy continuation");
    assert_eq!(tokenizer.decode(&ids, false).unwrap(), oracle.greedy_text);
}

#[test]
fn qwen2_matches_transformers() {
    check("qwen2", |c| {
        assert!(c.qkv_bias && !c.o_bias && !c.tie_word_embeddings);
        assert_eq!(c.rope_theta, 1e6);
    });
}

#[test]
fn qwen2_5_matches_transformers() {
    check("qwen2.5", |c| assert!(c.qkv_bias && c.tie_word_embeddings));
}

#[test]
fn qwen3_matches_transformers() {
    check("qwen3", |c| {
        assert!(c.qk_norm && !c.qkv_bias);
        assert_eq!(c.head_dim, 32);
        assert_ne!(c.head_dim * c.num_attention_heads, c.hidden_size);
    });
}

#[test]
fn llama3_matches_transformers() {
    check("llama3", |c| {
        assert!(matches!(c.rope_scaling, Some(RopeScaling::Llama3 { .. })));
        assert_eq!(c.num_key_value_heads, 1);
    });
}

#[test]
fn mistral_matches_transformers() {
    check("mistral", |c| assert_eq!(c.sliding_window, Some(8)));
}

/// The experts switches of a mixture: count, per token, width, renormalisation, shared expert
/// width, dense layers.
fn experts_of(c: &ModelConfig) -> (usize, usize, usize, bool, Option<usize>, Vec<usize>) {
    let e = c.experts.as_ref().expect("a mixture of experts");
    let shared = e.shared.as_ref().map(|s| s.width);
    (
        e.count,
        e.per_token,
        e.width,
        e.renormalize,
        shared,
        e.dense_layers.clone(),
    )
}

#[test]
fn qwen3_moe_matches_transformers() {
    let expect = |c: &ModelConfig| {
        assert_eq!(experts_of(c), (6, 2, 32, true, None, vec![1]));
        assert!(c.qk_norm && !c.qk_norm_whole_projection);
    };
    check("qwen3_moe", expect);
}

#[test]
fn qwen3_moe_gguf_matches_transformers() {
    // GGUF metadata has no list of dense layers: the reader finds layer 1's by its tensors
    // (a block without a router).
    let expect = |c: &ModelConfig| assert_eq!(experts_of(c).5, vec![1]);
    check_file("qwen3_moe", Some("model.gguf"), "oracle.json", expect);
}

/// The Q8_0 files' experts through the experts kernel (their blocks kept), against
/// transformers on the same file's dequantized weights.
#[test]
fn moe_q8_0_experts_in_the_kernels_match_transformers() {
    for family in ["qwen3_moe", "qwen2_moe", "mixtral", "olmoe", "qwen3_5_moe"] {
        let file = Some("model-q8_0.gguf");
        check_stored(family, file, "oracle-q8_0.json", Precision::Native, |_| {});
    }
}

/// With 8-bit activations (`--activations q8`, lossy) the Q8_0 files' experts go through the
/// 8-bit experts kernel (the only products these tiny files keep in blocks) and the logits stay
/// near transformers' on the same dequantized weights: the median position within
/// Q8_MEDIAN (0.05-0.17 seen; logits reach 14-18), every value finite, and some position
/// beyond the exact path's tolerance (else the 8-bit path never ran). A few positions move
/// more where the perturbed input flips a router's choice (gpt-oss 2.6 at one position, its
/// top-2 of 8 with biases; Gemma 4 1.7), so no bound holds for every position.
#[test]
fn moe_q8_activations_stay_near_transformers() {
    const Q8_MEDIAN: f32 = 0.25;
    let target = ModelOptions::cpu().target;
    if engine::compile::check_activations(&target, Activations::Q8).is_err() {
        eprintln!("skipped: this host does not run the 8-bit activation kernels");
        return;
    }
    for family in [
        "qwen3_moe",
        "qwen2_moe",
        "mixtral",
        "olmoe",
        "qwen3_5_moe",
        "gpt_oss",
        "gemma4_moe",
    ] {
        let path = dir(family).join("model-q8_0.gguf");
        let oracle = oracle_named(family, "oracle-q8_0.json");
        let tokens = oracle.tokens();
        let mut loaded = load_with(&path, Precision::Native, Activations::Q8, &[]);
        let rows = one_token_prefills(&mut loaded.graphs, &tokens);
        let chunked = prefill_then_decode(&mut loaded.graphs, &tokens, oracle.prompt_ids.len());
        let rows = rows
            .iter()
            .zip(0..)
            .chain((chunked.iter().zip(0..)).filter_map(|(row, pos)| Some((row.as_ref()?, pos))));
        let mut diffs: Vec<f32> = Vec::new();
        for (row, pos) in rows {
            assert!(
                row.iter().all(|v| v.is_finite()),
                "{family} q8, position {pos}"
            );
            diffs.push(max_diff(row, &oracle.logits[pos]));
        }
        diffs.sort_by(f32::total_cmp);
        let (median, worst) = (diffs[diffs.len() / 2], diffs[diffs.len() - 1]);
        eprintln!(
            "{family}: 8-bit activations, |ours - transformers| median {median:.2e}, worst \
             {worst:.2e} over {} rows",
            diffs.len()
        );
        assert!(
            median <= Q8_MEDIAN,
            "{family} q8: median position off by {median}"
        );
        assert!(
            worst > LOGIT_TOLERANCE,
            "{family}: no position moved with q8"
        );
    }
}

#[test]
fn qwen2_moe_matches_transformers() {
    let expect = |c: &ModelConfig| {
        assert_eq!(experts_of(c), (4, 2, 32, false, Some(48), vec![]));
        assert!(c.qkv_bias);
    };
    check("qwen2_moe", expect);
    check_file("qwen2_moe", Some("model.gguf"), "oracle.json", |_| {});
}

#[test]
fn mixtral_matches_transformers() {
    let expect = |c: &ModelConfig| assert_eq!(experts_of(c), (8, 2, 32, true, None, vec![]));
    check("mixtral", expect);
    check_file("mixtral", Some("model.gguf"), "oracle.json", |_| {});
}

#[test]
fn olmoe_matches_transformers() {
    let expect = |c: &ModelConfig| {
        assert_eq!(experts_of(c), (6, 2, 32, false, None, vec![]));
        assert!(c.qk_norm && c.qk_norm_whole_projection);
    };
    check("olmoe", expect);
    check_file("olmoe", Some("model.gguf"), "oracle.json", |_| {});
}

#[test]
fn gpt_oss_matches_transformers() {
    use emitter::config::{Activation, LayerType, Routing};
    let expect = |c: &ModelConfig| {
        assert_eq!(experts_of(c), (8, 2, 32, false, None, vec![]));
        let e = c.experts.as_ref().unwrap();
        assert!(e.biases && e.routing == Routing::TopKSoftmax);
        assert!(c.attention_sinks && c.qkv_bias && c.o_bias);
        assert!(matches!(c.rope_scaling, Some(RopeScaling::Yarn { .. })));
        assert_eq!(
            c.activation,
            Activation::ClampedSwiglu {
                alpha: 1.702,
                limit: 1.5
            }
        );
        assert_eq!(c.sliding_window, Some(8));
        assert_eq!(c.layer_type(0), LayerType::SlidingAttention);
        assert_eq!(c.layer_type(1), LayerType::FullAttention);
    };
    check("gpt_oss", expect);
    // The same weights as llama.cpp's converter writes them: experts de-interleaved and
    // transposed, biases beside them, the sinks and the SwiGLU clamp from the metadata.
    check_file("gpt_oss", Some("model.gguf"), "oracle.json", expect);
    // Q8_0 experts, and gpt-oss's own format, MXFP4, kept in their blocks.
    for (file, oracle) in [
        ("model-q8_0.gguf", "oracle-q8_0.json"),
        ("model-mxfp4.gguf", "oracle-mxfp4.json"),
    ] {
        check_stored("gpt_oss", Some(file), oracle, Precision::Native, |_| {});
    }
}

#[test]
fn gemma4_matches_transformers() {
    use emitter::config::{HeadShape, KvSource, LayerType, PerLayerInput};
    let expect = |c: &ModelConfig| {
        let global = HeadShape {
            head_dim: 32,
            kv_heads: 1,
        };
        assert_eq!(c.full_attention_heads, Some(global));
        assert_eq!(c.heads_of(LayerType::SlidingAttention).head_dim, 16);
        assert!(c.full_attention_value_is_key && c.value_norm && c.layer_scalar);
        assert_eq!(c.final_logit_softcap, Some(10.0));
        assert_eq!(c.norm_weight_offset, 0.0);
        assert_eq!(c.attention_scale, Some(1.0));
        assert!(matches!(
            c.rope_scaling,
            Some(RopeScaling::Proportional { .. })
        ));
        let per_layer = PerLayerInput {
            width: 16,
            vocab: 256,
        };
        assert_eq!(c.per_layer_input, Some(per_layer));
        assert_eq!(c.kv_source(4), KvSource::Shared { from: 3 });
        assert_eq!(c.kv_source(5), KvSource::Shared { from: 2 });
        assert_eq!(c.layer_shape(5).mlp_width, 2 * c.intermediate_size);
    };
    check("gemma4", expect);
    // As llama.cpp's converter writes it: per-kind head sizes and kv heads as arrays, the
    // proportional RoPE as rope_freqs divisors, the layer scalars as tensors.
    check_file("gemma4", Some("model.gguf"), "oracle.json", expect);
}

#[test]
fn gemma4_moe_matches_transformers() {
    let expect = |c: &ModelConfig| {
        assert_eq!(experts_of(c), (4, 2, 32, true, None, vec![]));
        let e = c.experts.as_ref().unwrap();
        assert!(e.scaled_router && e.dense_beside);
        assert_eq!(c.per_layer_input, None);
    };
    check("gemma4_moe", expect);
    // llama.cpp's layout: fused gate/up experts, the router's scales as `.scale` tensors.
    check_file("gemma4_moe", Some("model.gguf"), "oracle.json", expect);
    // Q8_0 experts in their blocks: each expert's fused gate/up rows split without decoding.
    check_stored(
        "gemma4_moe",
        Some("model-q8_0.gguf"),
        "oracle-q8_0.json",
        Precision::Native,
        |_| {},
    );
}

/// Qwen 3.5's layer kinds as the config reads them: three DeltaNet layers, then one gated
/// full-attention layer rotating a quarter of its head.
fn expect_qwen3_5(c: &ModelConfig) {
    use emitter::config::LayerType;
    let kinds: Vec<LayerType> = (0..4).map(|l| c.layer_type(l)).collect();
    assert_eq!(kinds[..3], [LayerType::LinearAttention; 3]);
    assert_eq!(kinds[3], LayerType::FullAttention);
    let a = c.linear_attention.expect("linear attention");
    assert_eq!(
        (a.key_heads, a.value_heads, a.key_dim, a.value_dim),
        (2, 4, 16, 16)
    );
    assert_eq!(a.conv_kernel, 4);
    assert!(c.attention_output_gate && c.qk_norm);
    assert_eq!(c.rotary_dim, Some(8));
}

#[test]
fn qwen3_5_matches_transformers() {
    check("qwen3_5", |c| {
        expect_qwen3_5(c);
        assert_eq!(c.norm_weight_offset, 1.0);
        assert!(c.experts.is_none());
    });
}

/// llama.cpp's converter's file: value heads tiled, `A_log` as `-exp(A_log)`, norms stored
/// as `1 + w` (offset 0), the convolution squeezed; the loader undoes the rest.
#[test]
fn qwen3_5_gguf_matches_transformers() {
    check_file("qwen3_5", Some("model.gguf"), "oracle.json", |c| {
        expect_qwen3_5(c);
        assert_eq!(c.norm_weight_offset, 0.0);
        assert!(c.experts.is_none());
    });
}

#[test]
fn qwen3_5_moe_gguf_matches_transformers() {
    check_file("qwen3_5_moe", Some("model.gguf"), "oracle.json", |c| {
        expect_qwen3_5(c);
        assert_eq!(c.norm_weight_offset, 0.0);
        assert_eq!(experts_of(c), (4, 2, 32, true, Some(48), vec![]));
    });
}

#[test]
fn qwen3_5_moe_matches_transformers() {
    check("qwen3_5_moe", |c| {
        expect_qwen3_5(c);
        assert_eq!(c.norm_weight_offset, 1.0);
        assert_eq!(experts_of(c), (4, 2, 32, true, Some(48), vec![]));
    });
}
