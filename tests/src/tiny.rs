//! The tiny test model (assets/tiny): seeded random weights written as a
//! parameter file, its reference configuration, and loaded graphs.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use engine::compile::Target;
use engine::graphs::Graphs;
use engine::model::{load_assets, ModelOptions};
use engine::runtime::Runtime;

use crate::reference::{RefConfig, RefRopeScaling, Weights};

pub fn asset_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/tiny")
}

/// The reference configuration read from the committed config.json.
pub fn config() -> RefConfig {
    let text = std::fs::read_to_string(asset_dir().join("config.json")).expect("tiny config.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("config json");
    let get = |key: &str| json[key].as_u64().unwrap_or_else(|| panic!("config {key}")) as usize;
    RefConfig {
        vocab_size: get("vocab_size"),
        hidden_size: get("hidden_size"),
        intermediate_size: get("intermediate_size"),
        num_layers: get("num_hidden_layers"),
        num_heads: get("num_attention_heads"),
        num_kv_heads: get("num_key_value_heads"),
        head_dim: get("head_dim"),
        rope_theta: json["rope_theta"].as_f64().expect("rope_theta"),
        rope_scaling: RefRopeScaling::None,
        rms_norm_eps: json["rms_norm_eps"].as_f64().expect("eps"),
        tie_word_embeddings: json["tie_word_embeddings"].as_bool().unwrap_or(false),
        qkv_bias: false,
        o_bias: false,
        mlp_bias: false,
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

/// splitmix64, so the weights are the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((z >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
}

/// Seeded weights for every parameter the manifest lists. Norm weights sit
/// near 1 and matrices are scaled by 1/sqrt(fan-in) so activations stay O(1)
/// and the logits are spread enough to make argmax meaningful.
pub fn weights(seed: u64) -> Weights {
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(asset_dir().join("manifest.json")).expect("manifest"),
    )
    .expect("manifest json");
    let mut rng = Rng(seed);
    let mut weights = Weights::new();
    for param in manifest["parameters"].as_array().expect("parameters") {
        let name = param["name"].as_str().expect("name").to_string();
        let shape: Vec<usize> = param["shape"]
            .as_array()
            .expect("shape")
            .iter()
            .map(|d| d.as_u64().expect("dim") as usize)
            .collect();
        let len: usize = shape.iter().product();
        let data: Vec<f32> = if name.ends_with("norm.weight") {
            (0..len).map(|_| 1.0 + 0.2 * rng.next()).collect()
        } else {
            let fan_in = *shape.last().unwrap_or(&1) as f32;
            let scale = if name.contains("embed_tokens") {
                1.0
            } else {
                2.0 / fan_in.sqrt()
            };
            (0..len).map(|_| scale * rng.next()).collect()
        };
        weights.insert(name, (shape, data));
    }
    weights
}

/// Writes `weights` to `<dir>/tiny.safetensors`.
pub fn write_weights(dir: &Path, weights: &Weights) -> PathBuf {
    let path = dir.join("tiny.safetensors");
    let mut names: Vec<&String> = weights.keys().collect();
    names.sort();
    let tensors: Vec<(&str, Vec<usize>, Vec<f32>)> = names
        .iter()
        .map(|n| (n.as_str(), weights[*n].0.clone(), weights[*n].1.clone()))
        .collect();
    crate::write_safetensors(&path, &tensors);
    path
}

/// `weights` as a module with fused projections reads them: each weight of `fused` (see
/// `weight_format::fused_parts`) as its parts' rows one after another, in their place.
pub fn fuse_rows(weights: &Weights, fused: &[String]) -> Weights {
    let mut out = weights.clone();
    for name in fused {
        let parts = weight_format::fused_parts(name).expect("a fused weight");
        let (mut rows, mut values) = (0, Vec::new());
        let mut width = None;
        for part in &parts {
            let (shape, data) = out.remove(part).expect("every part is there");
            assert_eq!(*width.get_or_insert(shape[1]), shape[1], "{part}");
            rows += shape[0];
            values.extend(data);
        }
        out.insert(name.clone(), (vec![rows, width.unwrap_or(0)], values));
    }
    out
}

/// Compiles the committed tiny assets and loads them with seeded weights.
pub fn load(device: &str, seed: u64) -> (Graphs, Weights) {
    let weights = weights(seed);
    let dir = crate::temp_dir(&format!("tiny-{seed}"));
    let params = write_weights(&dir, &weights);
    let runtime: Arc<Runtime> = Runtime::new(device).expect("runtime");
    let mut options = ModelOptions::cpu();
    options.target = Target::Cpu { data_tiling: false };
    options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    options.verbose = false;
    let graphs = load_assets(&runtime, &asset_dir(), &params, &options).expect("load tiny assets");
    (graphs, weights)
}

/// An HF-style directory (config.json + model.safetensors) holding the tiny
/// model with seeded weights, for the full model-loading path.
pub fn hf_dir(seed: u64) -> PathBuf {
    let dir = crate::temp_dir(&format!("tiny-hf-{seed}"));
    std::fs::copy(asset_dir().join("config.json"), dir.join("config.json")).expect("copy config");
    let written = write_weights(&dir, &weights(seed));
    std::fs::rename(written, dir.join("model.safetensors")).expect("rename weights");
    dir
}

/// The tiny model emitted in process with 8 slots (decode batches 1, 4, 8) and every head,
/// loaded through `engine::model::load`, as a real model would be.
pub fn load_s8(seed: u64) -> engine::model::LoadedModel {
    load_s8_as(seed, None, true)
}

/// [`load_s8`] with its functions built for `execution` (the target's default: None), and
/// decode steps queued ahead or not (see `ModelOptions::look_ahead`).
pub fn load_s8_as(
    seed: u64,
    execution: Option<engine::compile::Execution>,
    look_ahead: bool,
) -> engine::model::LoadedModel {
    let runtime: Arc<Runtime> = Runtime::new("local-task").expect("runtime");
    let mut options = ModelOptions::cpu();
    options.execution = execution;
    options.look_ahead = look_ahead;
    options.graphs = engine::model::default_graph_options(8, 64);
    // Every head: the batching tests drive device sampling and argmax prefill chunks too.
    options.graphs.heads = emitter::graph::Head::ALL.to_vec();
    options.graphs.prefill_lengths = vec![8, 32];
    options.graphs.decode_windows = vec![32, 64];
    options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    options.verbose = false;
    engine::model::load(&runtime, &hf_dir(seed), &options).expect("load tiny model with 8 slots")
}
