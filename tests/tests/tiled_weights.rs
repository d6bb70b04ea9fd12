//! Tiled weights (`[out/16, in, 16]`, the CPU layout) through the whole loading path: the
//! parameter file is written tiled, the graphs read tiles, and the logits are the reference's,
//! with the LM head untied and tied. The same for rows with q/k/v fused (the GPUs' form), which
//! the loader writes as one weight.

use emitter::graph::{Head, Projections, WeightLayout};
use engine::batch::GraphRunner;
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};
use engine::model::{self, ModelOptions};
use engine::runtime::Runtime;
use tests::reference::{forward, RefConfig, Weights};
use tests::tiny;

const TOLERANCE: f32 = 1e-4;

fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

/// The tiny model as an HF directory, its LM head tied to the embedding or not.
fn hf_dir(tied: bool, seed: u64) -> (std::path::PathBuf, RefConfig, Weights) {
    let dir = tests::temp_dir(&format!("tiled-{tied}"));
    let mut config: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(tiny::asset_dir().join("config.json")).unwrap(),
    )
    .unwrap();
    config["tie_word_embeddings"] = serde_json::Value::Bool(tied);
    std::fs::write(dir.join("config.json"), config.to_string()).unwrap();
    let mut weights = tiny::weights(seed);
    if tied {
        weights.remove("lm_head.weight");
    }
    std::fs::rename(
        tiny::write_weights(&dir, &weights),
        dir.join("model.safetensors"),
    )
    .unwrap();
    let cfg = RefConfig {
        tie_word_embeddings: tied,
        ..tiny::config()
    };
    (dir, cfg, weights)
}

/// How the weights reach the graphs.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Form {
    Tiled,
    /// Rows, q/k/v as one weight (`Projections::Fused`).
    FusedRows,
}

fn load(dir: &std::path::Path, form: Form) -> Graphs {
    let runtime = Runtime::new("local-task").unwrap();
    let mut options = ModelOptions::cpu();
    options.graphs = model::default_graph_options(2, 64);
    options.graphs.prefill_lengths = vec![8, 32];
    options.graphs.decode_windows = vec![64];
    options.graphs.heads = vec![Head::Logits];
    options.weight_layout = Some(match form {
        Form::Tiled => WeightLayout::Tiled,
        Form::FusedRows => WeightLayout::Rows,
    });
    if form == Form::FusedRows {
        options.projections = Some(Projections::Fused);
    }
    options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    options.verbose = false;
    let loaded = model::load(&runtime, dir, &options).expect("load tiny model");
    let name = loaded
        .parameter_file
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert_eq!(name.contains("-tiled-"), form == Form::Tiled, "{name}");
    if form == Form::FusedRows {
        let stored = loader::read_parameter_list(&loaded.parameter_file).unwrap();
        let has = |n: &str| stored.iter().any(|p| p.name == n);
        assert!(has("model.layers.1.self_attn.qkv_proj.weight"));
        assert!(!has("model.layers.1.self_attn.k_proj.weight"));
    }
    loaded.graphs
}

fn check(tied: bool, form: Form) {
    let (dir, cfg, weights) = hf_dir(tied, 11);
    let mut graphs = load(&dir, form);
    let manifest = graphs.manifest();
    if form == Form::Tiled {
        assert_eq!(manifest.weight_layout, WeightLayout::Tiled);
        let tiled = manifest.tiled_parameters();
        assert_eq!(tiled.len(), 6 * 2, "the projections but o_proj: {tiled:?}");
        assert!(!tiled
            .iter()
            .any(|name| name.contains("embed_tokens") || name.contains("lm_head")));
    }

    let mut seq: Vec<u32> = (0..13u32).map(|i| (i * 37 + 7) % 512).collect();
    let mut logits = vec![0f32; graphs.vocab()];
    let ids: Vec<i32> = seq.iter().map(|&t| t as i32).collect();
    graphs
        .prefill(0, 0, &ids, PrefillOut::Logits(&mut logits))
        .unwrap();
    let diff = max_abs_diff(&logits, &forward(&cfg, &weights, &seq).pop().unwrap());
    eprintln!("tied {tied}, {form:?}: prefill max |graph - reference| = {diff:.2e}");
    assert!(diff <= TOLERANCE, "prefill: {diff}");

    let mut out = DecodeOutput::default();
    for step in 0..6u32 {
        let token = (step * 131 + 5) % 512;
        let pos = seq.len() as i32;
        seq.push(token);
        graphs
            .decode(Head::Logits, &[token as i32], &[pos], None, false, &mut out)
            .unwrap();
        let diff = max_abs_diff(
            &out.logits[..512],
            &forward(&cfg, &weights, &seq).pop().unwrap(),
        );
        assert!(diff <= TOLERANCE, "decode step {step}: {diff}");
    }
}

#[test]
fn tiled_weights_give_the_reference_logits() {
    check(false, Form::Tiled);
}

#[test]
fn tiled_weights_with_a_tied_lm_head_give_the_reference_logits() {
    check(true, Form::Tiled);
}

#[test]
fn fused_projections_in_rows_give_the_reference_logits() {
    check(false, Form::FusedRows);
}
