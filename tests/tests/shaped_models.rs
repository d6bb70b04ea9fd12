//! Few-layer versions of real models' shapes, with random weights in llama.cpp's Q4_K_M mix
//! and, for Llama-3.2-1B, its Q3_K_M, Q2_K and IQ4_XS mixes (Q2_K, Q3_K, IQ4_XS, IQ4_NL where
//! a row is not in super-blocks, Q4_K to Q6_K; `scripts/shaped_gguf.py`), through the engine
//! with native weights (the file's own blocks,
//! multiplied by the CPU kernels where the host runs them) against the reference forward pass
//! on the same weights dequantized by the loader (gguf-py's values).
//!
//! Two layers give both of the mix's types for attn_v and ffn_down (layer 0 Q4_K, layer 1
//! Q6_K); a 1024-token vocabulary keeps the LM head and the reference cheap. Llama-3.2-1B:
//! hidden 2048, 32 heads of 64 over 8 kv heads, FFN 8192 (a Q6_K down row of 512 groups of
//! 16). Qwen2.5-1.5B: q/k/v biases, 12 heads of 128 over 2 kv heads, FFN 8960 (a Q4_K down
//! row of 280 groups of 32, a Q6_K one of 560 groups of 16).
//!
//! The GGUF is written by the project venv's Python (`.venv`, made by `scripts/setup.sh`) into
//! `.cache/models/`, named after the script's content so a changed script writes a new file.
//! Without the venv the tests skip, unless `LOADER_REQUIRE_MODEL` is set. Each module is small
//! (one slot, 64 positions, 16-token prefill, one-row decode, logits only); the loads are
//! serialised.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use emitter::graph::{Activations, DecodeKernels, WeightFormat};
use emitter::Head;
use engine::batch::GraphRunner;
use engine::graphs::{DecodeOutput, PrefillOut};
use engine::model::{self, ModelOptions};
use engine::runtime::Runtime;
use loader::{Dtype, ModelConfig, Precision};
use tests::reference::{forward, RefConfig, RefRopeScaling, Weights};

const LAYERS: usize = 2;
const VOCAB: usize = 1024;
const CAPACITY: usize = 64;
const CHUNK: usize = 16;
/// Prompt tokens (two prefill chunks: 16 + 4) and decode steps after them.
const PROMPT: usize = 20;
const STEPS: usize = 6;
/// Absolute, on logits up to about 8: both sides hold the same weight values and differ only in
/// summation order over rows of up to 8960 products (f32 weights: within 5e-5).
const TOLERANCE: f32 = 5e-4;
/// With the layers' activations quantized to int8 (`Activations::Q8`, prefill and decode),
/// absolute on the same logits (measured: at most 0.30 on both shapes, 4-5% of the largest
/// logit; int8 steps of amax / 127 per block of 256 inputs).
const Q8_TOLERANCE: f32 = 0.6;

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Holds the tests that load a shaped file's module one at a time (modules and references
/// take memory and both cores).
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: OnceLock<Mutex<()>> = OnceLock::new();
    LOCK.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The few-layer GGUF of `shape` in `mix`, written on first use; `None` (skip) without the
/// venv.
fn shaped_gguf(shape: &str, mix: &str) -> Option<PathBuf> {
    let script = root().join("scripts/shaped_gguf.py");
    let mut hasher = DefaultHasher::new();
    std::fs::read(&script)
        .expect("scripts/shaped_gguf.py")
        .hash(&mut hasher);
    let name = format!(
        "shaped-{shape}-{mix}-{LAYERS}l-v{VOCAB}-{:08x}.gguf",
        hasher.finish() as u32
    );
    let path = engine::paths::cache_dir().join("models").join(name);
    // One writer at a time: two tests asking for the same file at once would both write it.
    static WRITING: OnceLock<Mutex<()>> = OnceLock::new();
    let _writing = WRITING
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if path.exists() {
        return Some(path);
    }
    let python = root().join(".venv/bin/python");
    if !python.exists() {
        if std::env::var_os("LOADER_REQUIRE_MODEL").is_none() {
            eprintln!(
                "skipped: no {} to run scripts/shaped_gguf.py (scripts/setup.sh makes it)",
                python.display()
            );
            return None;
        }
        panic!(
            "LOADER_REQUIRE_MODEL is set but {} is missing",
            python.display()
        );
    }
    let status = std::process::Command::new(&python)
        .arg(&script)
        .args(["--shape", shape, "--mix", mix, "--seed", "1"])
        .args([
            "--layers",
            &LAYERS.to_string(),
            "--vocab",
            &VOCAB.to_string(),
        ])
        .arg("--out")
        .arg(&path)
        .status()
        .expect("run scripts/shaped_gguf.py");
    assert!(status.success() && path.exists(), "shaped_gguf.py {shape}");
    Some(path)
}

fn reference_config(c: &ModelConfig) -> RefConfig {
    let rope_scaling = match &c.rope_scaling {
        None => RefRopeScaling::None,
        Some(other) => panic!("rope scaling {other:?} in a shaped test model"),
    };
    assert!(c.sliding_window.is_none() && !c.qk_norm && !c.post_norms);
    RefConfig {
        vocab_size: c.vocab_size,
        hidden_size: c.hidden_size,
        intermediate_size: c.intermediate_size,
        num_layers: c.num_hidden_layers,
        num_heads: c.num_attention_heads,
        num_kv_heads: c.num_key_value_heads,
        head_dim: c.head_dim,
        rope_theta: c.rope_theta,
        rope_scaling,
        rms_norm_eps: c.rms_norm_eps,
        tie_word_embeddings: c.tie_word_embeddings,
        qkv_bias: c.qkv_bias,
        o_bias: c.o_bias,
        mlp_bias: c.mlp_bias,
        gelu_tanh: false,
        embedding_scale: None,
        attention_scale: None,
        qk_norm: false,
        sliding_window: None,
        sliding_layers: Vec::new(),
        sliding_rope_theta: None,
        post_norms: false,
        norm_offset: 0.0,
    }
}

/// Every tensor in HF names and layout, dequantized to f32 by the loader.
fn dequantized(model: &loader::Model, dir: &Path) -> Weights {
    let file = dir.join("reference.safetensors");
    model.write_parameter_file(&file, Dtype::F32).unwrap();
    let bytes = std::fs::read(&file).unwrap();
    let tensors = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    let weights = tensors
        .tensors()
        .into_iter()
        .map(|(name, view)| {
            let values = tests::f32_values(&name, &view);
            (name, (view.shape().to_vec(), values))
        })
        .collect();
    let _ = std::fs::remove_file(&file);
    weights
}

/// A module with `weights`, its layers' and its LM head's products taking `(activations, head)`.
fn options(weights: Precision, (activations, head): (Activations, Activations)) -> ModelOptions {
    let mut graphs = model::default_graph_options(1, CAPACITY);
    graphs.activations = activations;
    graphs.head_activations = head;
    graphs.prefill_lengths = vec![CHUNK];
    graphs.decode_windows = vec![CAPACITY];
    graphs.heads = vec![Head::Logits];
    ModelOptions {
        graphs,
        weights,
        cpu_kernels: true,
        verbose: false,
        ..ModelOptions::cpu()
    }
}

fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

/// The shape's few-layer file through the engine: the prompt prefilled in chunks (logits of
/// each chunk's last position), then one decode step per token, every logit row against the
/// reference's at the same position. With q8 activations, every step's products are lossy:
/// the rows must stay within `Q8_TOLERANCE`, and prefill's must be further off than the exact
/// path's tolerance (the 8-bit kernels ran; `emitter/tests/grouped_dispatches.rs` checks
/// that decode calls them too).
fn check(shape: &str, weights_kind: Precision, activations: Activations) {
    check_mix(
        shape,
        "q4_k_m",
        weights_kind,
        (activations, Activations::F32),
    );
}

/// [`check`] for the file in `mix`, the LM head's product taking `head`.
fn check_mix(
    shape: &str,
    mix: &str,
    weights_kind: Precision,
    (activations, head): (Activations, Activations),
) {
    let _guard = one_at_a_time();
    let Some(path) = shaped_gguf(shape, mix) else {
        return;
    };
    let started = Instant::now();
    let model = loader::Model::open(&path).unwrap();
    let config = model.config().clone();
    assert_eq!(config.num_hidden_layers, LAYERS);
    assert_eq!(config.vocab_size, VOCAB);
    let cfg = reference_config(&config);
    let dir = tests::temp_dir(&format!("shaped-{shape}"));
    let weights = dequantized(&model, &dir);
    let tokens: Vec<u32> = (0..(PROMPT + STEPS) as u32)
        .map(|i| (i * 389 + 17) % VOCAB as u32)
        .collect();
    let expected = forward(&cfg, &weights, &tokens);
    drop(weights);
    let reference_s = started.elapsed().as_secs_f64();

    let runtime = Runtime::new("local-task").unwrap();
    let loaded = model::load(&runtime, &path, &options(weights_kind, (activations, head)))
        .expect("load the shaped model");
    let mut graphs = loaded.graphs;
    let formats = &graphs.manifest().weight_formats;
    let grouped = |name: &str| matches!(formats.get(name), Some(WeightFormat::Groups(_)));
    for layer in 0..LAYERS {
        let down = format!("model.layers.{layer}.mlp.down_proj.weight");
        let native = weights_kind == Precision::Native;
        assert_eq!(
            grouped(&down),
            native,
            "{down} with {weights_kind:?} weights: {formats:?}"
        );
    }
    let loaded_s = started.elapsed().as_secs_f64() - reference_s;

    let vocab = graphs.vocab();
    assert_eq!(vocab, VOCAB);
    let ids: Vec<i32> = tokens.iter().map(|&t| t as i32).collect();
    assert!(expected.iter().flatten().all(|v| v.is_finite()));
    // Every row is compared before anything fails, so a failure shows which steps are off.
    let tolerance = match activations {
        Activations::F32 => TOLERANCE,
        Activations::Q8 => Q8_TOLERANCE,
    };
    let mut worst = 0f32;
    let mut worst_prefill = 0f32;
    let mut failures = Vec::new();
    let mut compare = |what: String, got: &[f32], want: &[f32]| {
        let bad = got.iter().filter(|v| !v.is_finite()).count();
        let err = max_abs_diff(got, want);
        if what.starts_with("prefill") {
            worst_prefill = worst_prefill.max(err);
        }
        if bad > 0 || err.is_nan() || err > tolerance {
            failures.push(format!(
                "{what}: {bad} non-finite, max |engine - reference| = {err}"
            ));
        }
        worst = worst.max(err);
    };
    let mut logits = vec![0f32; vocab];
    for start in (0..PROMPT).step_by(CHUNK) {
        let end = (start + CHUNK).min(PROMPT);
        graphs
            .prefill(0, start, &ids[start..end], PrefillOut::Logits(&mut logits))
            .unwrap();
        compare(format!("prefill ..{end}"), &logits, &expected[end - 1]);
    }
    let mut out = DecodeOutput::default();
    for p in PROMPT..PROMPT + STEPS {
        graphs
            .decode(Head::Logits, &[ids[p]], &[p as i32], None, false, &mut out)
            .unwrap();
        compare(format!("decode {p}"), &out.logits[..vocab], &expected[p]);
    }
    assert!(failures.is_empty(), "{shape}:\n{}", failures.join("\n"));
    if activations == Activations::Q8 {
        assert!(
            worst_prefill > TOLERANCE,
            "{shape}: q8 prefill within the exact tolerance ({worst_prefill}): not quantized?"
        );
    }
    let scale = expected.iter().flatten().fold(0f32, |m, v| m.max(v.abs()));
    eprintln!(
        "{shape} ({LAYERS} layers, vocab {VOCAB}, {mix}, {weights_kind:?} weights, {activations} activations, head {head}): worst |engine - reference| \
         = {worst:.2e} on logits up to {scale:.1}; reference {reference_s:.1} s, module and \
         weights {loaded_s:.1} s"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn llama_3_2_1b_shape_matches_the_reference() {
    check("llama-3.2-1b", Precision::Native, Activations::F32);
}

/// The mixes of the formats added last, each through the kernels it takes.
#[test]
fn llama_3_2_1b_shape_in_q3_k_m_q2_k_and_iq4_xs_matches_the_reference() {
    for mix in ["q3_k_m", "q2_k", "iq4_xs"] {
        check_mix(
            "llama-3.2-1b",
            mix,
            Precision::Native,
            (Activations::F32, Activations::F32),
        );
    }
}

#[test]
fn qwen2_5_1_5b_shape_matches_the_reference() {
    check("qwen2.5-1.5b", Precision::Native, Activations::F32);
}

/// Activations quantized to int8 (opt-in, lossy), on the hosts that run it:
/// Llama's Q4_K and Q6_K products and Qwen's biases and 8960-input rows; Qwen's LM head takes
/// them too (`--head-activations q8`), the one check of an 8-bit head's numbers.
#[test]
fn llama_3_2_1b_shape_with_q8_activations_stays_near_the_reference() {
    if q8_unsupported() {
        return;
    }
    check("llama-3.2-1b", Precision::Native, Activations::Q8);
}

#[test]
fn qwen2_5_1_5b_shape_with_q8_activations_stays_near_the_reference() {
    if q8_unsupported() {
        return;
    }
    let q8 = (Activations::Q8, Activations::Q8);
    check_mix("qwen2.5-1.5b", "q4_k_m", Precision::Native, q8);
}

/// A sequence's decode logits at the 1B shape (Q4_K and Q6_K rows through the kernels) are
/// bit-equal alone and among up to 7 others in any slots: on the exact path with either
/// family of decode kernels, and with q8 activations (modules of 8 slots;
/// `serve/tests/batch_invariance.rs` checks SmolLM2). The kernels picked per row count
/// (`fastest`) do move them: the check sees it.
#[test]
fn llama_3_2_1b_shape_decode_rows_do_not_depend_on_the_batch() {
    let _guard = one_at_a_time();
    let Some(path) = shaped_gguf("llama-3.2-1b", "q4_k_m") else {
        return;
    };
    let runtime = Runtime::new(&tests::device()).expect("runtime");
    let mut kinds = vec![
        (Activations::F32, DecodeKernels::Float),
        (Activations::F32, DecodeKernels::Fixed),
        (Activations::F32, DecodeKernels::Fastest),
    ];
    if !q8_unsupported() {
        kinds.push((Activations::Q8, DecodeKernels::Float));
    }
    for (activations, kernels) in kinds {
        let mut options = options(Precision::Native, (activations, Activations::F32));
        options.graphs.slots = 8;
        options.graphs.decode_batches = vec![1, 4, 8];
        options.graphs.decode_kernels = kernels;
        let mut loaded = model::load(&runtime, &path, &options).expect("load the shaped file");
        let prompts = tests::batch_invariance::prompts(&[5, 40, 12, 50, 17, 26, 9, 33], VOCAB);
        let layouts = tests::batch_invariance::layouts_of_8();
        let found = tests::batch_invariance::check(&mut loaded.graphs, &prompts, &layouts, 4);
        eprintln!(
            "{activations} activations, {kernels} kernels: {} of {} rows differ from their runs \
             alone (worst {:.3e})",
            found.unequal, found.compared, found.worst
        );
        match kernels {
            // Without the fixed-point kernels (AVX2) every row count takes the f32 ones.
            DecodeKernels::Fastest => assert!(
                found.unequal > 0 || !kernels::fixed_host_supported(),
                "fixed point at one row and f32 at several gave the same bits"
            ),
            _ => assert_eq!(
                found.unequal, 0,
                "{activations}, {kernels}: rows changed with their batch"
            ),
        }
    }
}

fn q8_unsupported() -> bool {
    let target = ModelOptions::cpu().target;
    let unsupported = engine::compile::check_activations(&target, Activations::Q8).is_err();
    if unsupported {
        eprintln!("skipped: this host does not run the 8-bit activation kernels");
    }
    unsupported
}

/// The same files expanded to f32 (IREE's own dense products): tells a fault of the grouped
/// path apart from one of the file or the graphs.
#[test]
fn llama_3_2_1b_shape_in_f32_matches_the_reference() {
    check("llama-3.2-1b", Precision::F32, Activations::F32);
}

#[test]
fn qwen2_5_1_5b_shape_in_f32_matches_the_reference() {
    check("qwen2.5-1.5b", Precision::F32, Activations::F32);
}

/// The synthesized byte-level BPE vocabulary loads as the file's tokenizer: text round-trips,
/// merged tokens are used, and the family's BOS is added as the file says.
#[test]
fn shaped_files_carry_a_working_tokenizer() {
    for (shape, bos) in [("llama-3.2-1b", true), ("qwen2.5-1.5b", false)] {
        let Some(path) = shaped_gguf(shape, "q4_k_m") else {
            return;
        };
        let tokenizer = loader::Model::open(&path).unwrap().tokenizer().unwrap();
        assert_eq!(tokenizer.vocab_size(), VOCAB, "{shape}");
        let text = "The capital of France is Paris.\n  x = 42; // ünïcödé";
        let ids = tokenizer.encode(text, true).unwrap();
        assert_eq!(tokenizer.bos_token_id().is_some_and(|b| ids[0] == b), bos);
        let plain: Vec<u32> = ids.iter().copied().skip(bos as usize).collect();
        assert!(
            plain.len() < text.len(),
            "{shape}: merges are used: {plain:?}"
        );
        assert_eq!(tokenizer.decode(&plain, false).unwrap(), text, "{shape}");
        assert!(plain.iter().all(|&id| (id as usize) < VOCAB));
    }
}
