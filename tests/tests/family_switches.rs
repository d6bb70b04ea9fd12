//! Family switches of the model config through emit -> compile -> run, against the reference
//! forward pass with the same switches, on the tiny model: Gemma's GELU-tanh MLP, embedding
//! scale sqrt(hidden) and attention scale; Qwen 3's and Gemma's per-head q/k RMSNorm;
//! sliding-window layers (Mistral, Gemma's local layers) with their own RoPE base.

use std::sync::Arc;

use emitter::config::{from_hf_json, Activation, LayerType, Rope};
use emitter::{GraphOptions, Head, ModelConfig};
use engine::batch::GraphRunner;
use engine::compile::{Execution, Target};
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};
use engine::model::{load_assets, ModelOptions};
use engine::runtime::Runtime;
use tests::reference::{forward, RefConfig, Weights};
use tests::tiny;

const TOLERANCE: f32 = 1e-4;

fn tiny_config() -> ModelConfig {
    let text = std::fs::read_to_string(tiny::asset_dir().join("config.json")).unwrap();
    from_hf_json(&text).unwrap()
}

fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

/// Emits `cfg` with `options`, compiles it and loads it with `weights`.
fn load(tag: &str, cfg: &ModelConfig, options: &GraphOptions, weights: &Weights) -> Graphs {
    load_as(tag, cfg, options, weights, Execution::Sync)
}

/// [`load`] with the module built for `execution`.
fn load_as(
    tag: &str,
    cfg: &ModelConfig,
    options: &GraphOptions,
    weights: &Weights,
    execution: Execution,
) -> Graphs {
    let rendered = emitter::render(cfg, options).unwrap();
    let dir = tests::temp_dir(tag);
    std::fs::write(dir.join(emitter::MODULE_FILE), &rendered.module).unwrap();
    std::fs::write(
        dir.join(emitter::MANIFEST_FILE),
        rendered.manifest.to_json(),
    )
    .unwrap();
    let params = tiny::write_weights(&dir, weights);
    let runtime: Arc<Runtime> = Runtime::new("local-task").unwrap();
    let mut model_options = ModelOptions::cpu();
    model_options.target = Target::Cpu { data_tiling: false };
    model_options.execution = Some(execution);
    model_options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    model_options.verbose = false;
    load_assets(&runtime, &dir, &params, &model_options).unwrap()
}

/// Emits `cfg`, compiles it, runs a 13-token prefill with `weights` and compares the last
/// logits with the reference under `reference`; returns how far the switches move the
/// reference from the plain tiny model.
fn check(tag: &str, cfg: &ModelConfig, reference: &RefConfig, weights: &Weights) -> f32 {
    let options = GraphOptions {
        prefill_lengths: vec![16],
        decode_batches: vec![1],
        decode_windows: vec![64],
        heads: vec![Head::Logits],
        ..engine::model::default_graph_options(1, 64)
    };
    let mut graphs = load(tag, cfg, &options, weights);
    let tokens: Vec<u32> = (0..13u32).map(|i| (i * 37 + 7) % 512).collect();
    let ids: Vec<i32> = tokens.iter().map(|&t| t as i32).collect();
    let mut logits = vec![0f32; graphs.vocab()];
    graphs
        .prefill(0, 0, &ids, PrefillOut::Logits(&mut logits))
        .unwrap();
    let expected = forward(reference, weights, &tokens).pop().unwrap();
    let err = max_abs_diff(&logits, &expected);
    let plain = forward(&tiny::config(), weights, &tokens).pop().unwrap();
    let moved = max_abs_diff(&expected, &plain);
    eprintln!(
        "{tag}: max |graph - reference| = {err:.2e}; the switches move the logits by {moved:.2e}"
    );
    assert!(err <= TOLERANCE, "{tag}: {err}");
    moved
}

#[test]
fn gelu_tanh_embedding_scale_and_attention_scale_match_the_reference() {
    let base = tiny_config();
    let cfg = ModelConfig {
        activation: Activation::GeluTanh,
        embedding_scale: Some((base.hidden_size as f64).sqrt()),
        attention_scale: Some(0.1),
        ..base
    };
    let reference = RefConfig {
        gelu_tanh: true,
        embedding_scale: cfg.embedding_scale,
        attention_scale: cfg.attention_scale,
        ..tiny::config()
    };
    let moved = check("family-gemma-scales", &cfg, &reference, &tiny::weights(5));
    assert!(moved > 100.0 * TOLERANCE, "the switches change the result");
}

#[test]
fn per_head_qk_norm_matches_the_reference() {
    let cfg = ModelConfig {
        qk_norm: true,
        ..tiny_config()
    };
    let reference = RefConfig {
        qk_norm: true,
        ..tiny::config()
    };
    let mut weights = tiny::weights(6);
    let d = cfg.head_dim;
    for layer in 0..cfg.num_hidden_layers {
        for (n, name) in ["q_norm", "k_norm"].iter().enumerate() {
            let gain = (0..d)
                .map(|i| 1.0 + 0.3 * ((i * 7 + n * 3 + layer) as f32).sin())
                .collect();
            let key = format!("model.layers.{layer}.self_attn.{name}.weight");
            weights.insert(key, (vec![d], gain));
        }
    }
    let moved = check("family-qk-norm", &cfg, &reference, &weights);
    assert!(moved > 100.0 * TOLERANCE, "the norms change the result");
}

/// Logits of one step against the reference's at `pos`, recording the largest error.
/// A decode row: its sequence's tokens, their reference logits, and the position stepped.
type Row<'a> = (&'a [u32], &'a [Vec<f32>], usize);

struct Compare<'a> {
    tag: &'a str,
    worst: f32,
}

impl Compare<'_> {
    fn at(&mut self, what: &str, got: &[f32], expected: &[f32]) {
        let err = max_abs_diff(got, expected);
        assert!(err <= TOLERANCE, "{}: {what}: {err}", self.tag);
        self.worst = self.worst.max(err);
    }

    /// One decode step of slots 0 and 1 together, each row's logits against its reference.
    fn two_rows(&mut self, graphs: &mut Graphs, rows: [Row; 2], out: &mut DecodeOutput) {
        let tokens = rows.map(|(t, _, p)| t[p] as i32);
        let positions = rows.map(|(_, _, p)| p as i32);
        graphs
            .decode(Head::Logits, &tokens, &positions, None, false, out)
            .unwrap();
        let vocab = graphs.vocab();
        for (row, (name, (_, expected, p))) in ["a", "b"].iter().zip(rows).enumerate() {
            let got = &out.logits[row * vocab..(row + 1) * vocab];
            self.at(&format!("decode {name}[{p}]"), got, &expected[p]);
        }
    }
}

/// Sliding-window layers (window 6, their own RoPE base) interleaved with full ones, over
/// sequences three times the window: decode from position 0 (windows shorter and longer than
/// the ring, and wrapping it), prefill in chunks that read a wrapped ring, then a two-row
/// decode, every step's logits against the reference.
#[test]
fn sliding_window_layers_match_the_reference() {
    let (window, local_theta) = (6, 100.0);
    let cfg = ModelConfig {
        sliding_window: Some(window),
        layer_types: vec![LayerType::SlidingAttention, LayerType::FullAttention],
        sliding_rope: Some(Rope {
            theta: local_theta,
            scaling: None,
        }),
        ..tiny_config()
    };
    let reference = RefConfig {
        sliding_window: Some(window),
        sliding_layers: vec![true, false],
        sliding_rope_theta: Some(local_theta),
        ..tiny::config()
    };
    let options = GraphOptions {
        prefill_lengths: vec![4],
        prefill_windows: vec![4, 64],
        decode_batches: vec![1, 2],
        decode_windows: vec![4, 8, 64],
        heads: vec![Head::Logits],
        ..engine::model::default_graph_options(2, 64)
    };
    let weights = tiny::weights(7);
    let mut graphs = load("family-sliding", &cfg, &options, &weights);
    let seq = |k: u32| -> Vec<u32> { (0..18u32).map(|i| (i * 53 + k * 101 + 5) % 512).collect() };
    let (a, b) = (seq(1), seq(2));
    let (ref_a, ref_b) = (
        forward(&reference, &weights, &a),
        forward(&reference, &weights, &b),
    );
    let mut cmp = Compare {
        tag: "family-sliding",
        worst: 0.0,
    };
    let vocab = graphs.vocab();
    let mut logits = vec![0f32; vocab];
    let mut out = DecodeOutput::default();

    // Slot 0: one token, then decode alone up to position 11.
    graphs
        .prefill(0, 0, &[a[0] as i32], PrefillOut::Logits(&mut logits))
        .unwrap();
    cmp.at("prefill a[0]", &logits, &ref_a[0]);
    for p in 1..12 {
        graphs
            .decode(
                Head::Logits,
                &[a[p] as i32],
                &[p as i32],
                None,
                false,
                &mut out,
            )
            .unwrap();
        cmp.at(&format!("decode a[{p}]"), &out.logits[..vocab], &ref_a[p]);
    }
    // Slot 1: eleven tokens in chunks of 4, 4 and 3.
    for (start, end) in [(0, 4), (4, 8), (8, 11)] {
        let ids: Vec<i32> = b[start..end].iter().map(|&t| t as i32).collect();
        graphs
            .prefill(1, start, &ids, PrefillOut::Logits(&mut logits))
            .unwrap();
        cmp.at(&format!("prefill b[..{end}]"), &logits, &ref_b[end - 1]);
    }
    // Both slots together.
    for step in 0..6 {
        let (pa, pb) = (12 + step, 11 + step);
        cmp.two_rows(&mut graphs, [(&a, &ref_a, pa), (&b, &ref_b, pb)], &mut out);
    }
    // The window alone (one RoPE base for all layers) changes the late positions.
    let one_rope = RefConfig {
        sliding_rope_theta: None,
        ..reference.clone()
    };
    let unwindowed = RefConfig {
        sliding_window: None,
        ..one_rope.clone()
    };
    let windowed = forward(&one_rope, &weights, &a);
    let full = forward(&unwindowed, &weights, &a);
    let moved = max_abs_diff(&windowed[17], &full[17]);
    eprintln!(
        "family-sliding: max |graph - reference| = {:.2e} over 40 steps; the window alone moves \
         the last logits by {moved:.2e}",
        cmp.worst
    );
    assert!(moved > 100.0 * TOLERANCE, "the window changes the result");
}

/// Gemma's layer: norms after attention and after the MLP as well as before, and HF's
/// `1 + w` norm weights (the offset reaches every norm: input, post-attention, pre- and
/// post-MLP, q/k and final).
#[test]
fn post_norms_and_norm_offset_match_the_reference() {
    let cfg = ModelConfig {
        post_norms: true,
        norm_weight_offset: 1.0,
        qk_norm: true,
        ..tiny_config()
    };
    let reference = RefConfig {
        post_norms: true,
        norm_offset: 1.0,
        qk_norm: true,
        ..tiny::config()
    };
    let mut weights = tiny::weights(8);
    let (d, e) = (cfg.head_dim, cfg.hidden_size);
    for layer in 0..cfg.num_hidden_layers {
        let added = [
            ("self_attn.q_norm", d),
            ("self_attn.k_norm", d),
            ("pre_feedforward_layernorm", e),
            ("post_feedforward_layernorm", e),
        ];
        for (n, (name, len)) in added.into_iter().enumerate() {
            let gain = (0..len)
                .map(|i| 1.0 + 0.3 * ((i * 5 + n * 11 + layer) as f32).sin())
                .collect();
            let key = format!("model.layers.{layer}.{name}.weight");
            weights.insert(key, (vec![len], gain));
        }
    }
    // Stored as HF Gemma stores them: w, applied as 1 + w.
    for (name, (_, data)) in weights.iter_mut() {
        if name.ends_with("norm.weight") {
            data.iter_mut().for_each(|v| *v -= 1.0);
        }
    }
    check("family-post-norms", &cfg, &reference, &weights);
    let tokens: Vec<u32> = (0..13u32).map(|i| (i * 37 + 7) % 512).collect();
    let without_offset = RefConfig {
        norm_offset: 0.0,
        ..reference.clone()
    };
    let without_post_norms = RefConfig {
        post_norms: false,
        ..reference.clone()
    };
    let last = |c: &RefConfig| forward(c, &weights, &tokens).pop().unwrap();
    let expected = last(&reference);
    let (offset_moves, post_moves) = (
        max_abs_diff(&expected, &last(&without_offset)),
        max_abs_diff(&expected, &last(&without_post_norms)),
    );
    eprintln!(
        "family-post-norms: the offset moves the logits by {offset_moves:.2e}, the post-norms \
         by {post_moves:.2e}"
    );
    assert!(offset_moves > 100.0 * TOLERANCE && post_moves > 100.0 * TOLERANCE);
}

/// The forms the graphs take on GPUs (the compiler's sums, decode attention over all kv heads
/// at once, q/k/v as one weight, functions called with fences), built for this CPU: decode
/// alone and in a ragged two-row batch against the reference. The GPU run checks the same
/// forms on CUDA.
#[test]
fn gpu_graph_forms_match_the_reference() {
    gpu_graph_forms_match("gpu-forms", emitter::graph::AttentionForm::Matmul);
}

/// The GPU forms with attention as one IREE op, in decode and prefill.
#[test]
fn fused_attention_matches_the_reference() {
    gpu_graph_forms_match("gpu-fused-attention", emitter::graph::AttentionForm::Fused);
}

fn gpu_graph_forms_match(tag: &'static str, attention: emitter::graph::AttentionForm) {
    let cfg = tiny_config();
    assert!(cfg.num_key_value_heads > 1, "several kv heads to batch");
    let options = GraphOptions {
        prefill_lengths: vec![4],
        decode_batches: vec![1, 2],
        decode_windows: vec![64],
        heads: vec![Head::Logits],
        sums: emitter::graph::Sums::Compiler,
        attention_heads: emitter::graph::AttentionHeads::Together,
        projections: emitter::graph::Projections::Fused,
        decode_attention: attention,
        ..engine::model::default_graph_options(2, 64)
    };
    let module = emitter::render(&cfg, &options).unwrap().module;
    match attention {
        emitter::graph::AttentionForm::Fused => {
            // A layer function per step (decode B = 1 and 2, prefill), one op each for
            // every kv head.
            let ops = module.matches("iree_linalg_ext.attention").count();
            assert_eq!(ops, 3, "attention ops");
        }
        _ => assert!(
            module.contains("batching_dims = [0, 1] x [0, 1]"),
            "kv heads in one product"
        ),
    }
    let fused = emitter::graph::build(&cfg, &options)
        .unwrap()
        .weights
        .fused();
    assert_eq!(fused.len(), cfg.num_hidden_layers, "{fused:?}");
    let weights = tiny::weights(11);
    let mut graphs = load_as(
        tag,
        &cfg,
        &options,
        &tiny::fuse_rows(&weights, &fused),
        Execution::Fenced,
    );
    let seq = |k: u32| -> Vec<u32> { (0..12u32).map(|i| (i * 41 + k * 97 + 3) % 512).collect() };
    let (a, b) = (seq(1), seq(2));
    let reference = tiny::config();
    let (ref_a, ref_b) = (
        forward(&reference, &weights, &a),
        forward(&reference, &weights, &b),
    );
    let mut cmp = Compare { tag, worst: 0.0 };
    let vocab = graphs.vocab();
    let mut logits = vec![0f32; vocab];
    let mut out = DecodeOutput::default();
    let ids = |s: &[u32]| -> Vec<i32> { s.iter().map(|&t| t as i32).collect() };
    graphs
        .prefill(0, 0, &ids(&a[..4]), PrefillOut::Logits(&mut logits))
        .unwrap();
    cmp.at("prefill a[..4]", &logits, &ref_a[3]);
    for p in 4..7 {
        graphs
            .decode(
                Head::Logits,
                &[a[p] as i32],
                &[p as i32],
                None,
                false,
                &mut out,
            )
            .unwrap();
        cmp.at(&format!("decode a[{p}]"), &out.logits[..vocab], &ref_a[p]);
    }
    graphs
        .prefill(1, 0, &ids(&b[..4]), PrefillOut::Logits(&mut logits))
        .unwrap();
    cmp.at("prefill b[..4]", &logits, &ref_b[3]);
    for step in 0..4 {
        let (pa, pb) = (7 + step, 4 + step);
        cmp.two_rows(&mut graphs, [(&a, &ref_a, pa), (&b, &ref_b, pb)], &mut out);
    }
    eprintln!("{tag}: max |graph - reference| = {:.2e}", cmp.worst);
}
