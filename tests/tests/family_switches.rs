//! Family switches of the model config through emit -> compile -> run, against the reference
//! forward pass with the same switches, on the tiny model: Gemma's GELU-tanh MLP, embedding
//! scale sqrt(hidden) and attention scale; Qwen 3's and Gemma's per-head q/k RMSNorm.

use std::sync::Arc;

use emitter::config::{from_hf_json, Activation};
use emitter::{GraphOptions, ModelConfig, Variant};
use engine::compile::Target;
use engine::graphs::PrefillOut;
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

/// Emits `cfg`, compiles it, runs a 13-token prefill with `weights` and compares the last
/// logits with the reference under `reference`; returns how far the switches move the
/// reference from the plain tiny model.
fn check(tag: &str, cfg: &ModelConfig, reference: &RefConfig, weights: &Weights) -> f32 {
    let options = GraphOptions {
        prefill_lengths: vec![16],
        decode_batches: vec![1],
        decode_windows: vec![64],
        variants: vec![Variant::Logits],
        ..engine::model::default_graph_options(1, 64)
    };
    let rendered = emitter::render(cfg, &options).unwrap();
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
    model_options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    model_options.verbose = false;
    let mut graphs = load_assets(&runtime, &dir, &params, &model_options).unwrap();
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
