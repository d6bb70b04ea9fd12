//! Family switches of the model config through emit -> compile -> run, against the reference
//! forward pass with the same switches: the tiny model with Gemma's GELU-tanh MLP, embedding
//! scale sqrt(hidden) and a non-default attention scale.

use std::sync::Arc;

use emitter::config::{from_hf_json, Activation};
use emitter::{GraphOptions, Variant};
use engine::compile::Target;
use engine::graphs::PrefillOut;
use engine::model::{load_assets, ModelOptions};
use engine::runtime::Runtime;
use tests::reference::{forward, RefConfig};
use tests::tiny;

const TOLERANCE: f32 = 1e-4;

#[test]
fn gelu_tanh_embedding_scale_and_attention_scale_match_the_reference() {
    let text = std::fs::read_to_string(tiny::asset_dir().join("config.json")).unwrap();
    let base = from_hf_json(&text).unwrap();
    let cfg = emitter::ModelConfig {
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
    let options = GraphOptions {
        prefill_lengths: vec![16],
        decode_batches: vec![1],
        decode_windows: vec![64],
        variants: vec![Variant::Logits],
        ..engine::model::default_graph_options(1, 64)
    };
    let rendered = emitter::render(&cfg, &options).unwrap();
    let dir = tests::temp_dir("family-switches");
    std::fs::write(dir.join(emitter::MODULE_FILE), &rendered.module).unwrap();
    std::fs::write(
        dir.join(emitter::MANIFEST_FILE),
        rendered.manifest.to_json(),
    )
    .unwrap();
    let weights = tiny::weights(5);
    let params = tiny::write_weights(&dir, &weights);

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
    let expected = forward(&reference, &weights, &tokens).pop().unwrap();
    let plain = forward(&tiny::config(), &weights, &tokens).pop().unwrap();
    let diff = |a: &[f32], b: &[f32]| {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f32::max)
    };
    let err = diff(&logits, &expected);
    eprintln!(
        "max |graph - reference| = {err:.2e}; the switches move the logits by {:.2e}",
        diff(&expected, &plain)
    );
    assert!(err <= TOLERANCE, "{err}");
    assert!(
        diff(&expected, &plain) > 100.0 * TOLERANCE,
        "the switches change the result"
    );
}
