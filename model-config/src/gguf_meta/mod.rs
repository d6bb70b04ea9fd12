mod gemma4;
mod qwen35;

use std::path::Path;

use gguf::{GgmlType, GgufFile};

use super::{
    invalid, unsupported, Activation, ConfigError, Experts, LayerType, ModelConfig, Rope,
    RopeScaling, Routing, SharedExpert,
};

pub fn from_gguf(path: &Path) -> Result<ModelConfig, ConfigError> {
    let file = GgufFile::open(path).map_err(|e| ConfigError::Parse {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    from_gguf_file(&file)
}

/// Reads the config from llama.cpp's metadata keys; shapes, biases and norms come from the
/// tensor list. Defaults are those llama.cpp applies itself: `rope.freq_base` 10000 when
/// absent; for `gemma3`, which llama.cpp describes partly in code rather than metadata: every
/// 6th layer global, the rest sliding with RoPE base 10000 (`rope.freq_base_swa` when
/// present) and no scaling, GELU-tanh, embeddings times sqrt(hidden), and an attention scale
/// of 1/sqrt(head_dim), or 1/sqrt(hidden / heads) for the 62-layer (27B) model. For
/// `gpt-oss`, also described partly in code: even layers sliding, odd ones full; attention
/// sinks; the clamped SwiGLU with alpha 1.702 and limit 7 (`swiglu_clamp_exp` when present);
/// YaRN not truncated, as the model's own configuration says. Experts: see [`experts`].
pub fn from_gguf_file(file: &GgufFile) -> Result<ModelConfig, ConfigError> {
    let m = Meta(file);
    let arch = m
        .str("general.architecture")?
        .ok_or_else(|| invalid("general.architecture missing"))?;
    if arch == "gemma4" {
        return gemma4::from_gguf(file, &m);
    }
    if matches!(arch, "qwen35" | "qwen35moe") {
        return qwen35::from_gguf(file, &m, arch);
    }
    if !SUPPORTED.contains(&arch) {
        return unsupported(format!(
            "GGUF architecture {arch:?} (supported: {}, gemma4, qwen35, qwen35moe)",
            SUPPORTED.join(", ")
        ));
    }
    let gemma = arch == "gemma3";
    let gpt_oss = arch == "gpt-oss";
    let key = |k: &str| format!("{arch}.{k}");
    let heads = m.required(&key("attention.head_count"))?;
    let hidden = m.required(&key("embedding_length"))?;
    let layers = m.required(&key("block_count"))?;
    let head_dim = m
        .u64(&key("attention.key_length"))?
        .map_or(hidden / heads.max(1), |d| d as usize);
    check_head_dims(&m, &key, head_dim)?;
    let sliding_window = m.u64(&key("attention.sliding_window"))?.map(|n| n as usize);
    if (gemma || gpt_oss) && sliding_window.is_none() {
        return Err(invalid(format!(
            "{} missing",
            key("attention.sliding_window")
        )));
    }
    let qk_norm = needs_tensors(
        file,
        arch,
        &["qwen3", "gemma3", "qwen3moe", "olmoe"],
        &["attn_q_norm", "attn_k_norm"],
    )?;
    let intermediate_size = m.required(&key("feed_forward_length"))?;
    let experts = experts(file, &m, &key, arch, layers, intermediate_size)?;
    // gpt-oss names its (only) norm before the MLP `post_attention_norm`; a norm after the
    // MLP is what marks Gemma's placement.
    let post_norms = needs_tensors(file, arch, &["gemma3"], &["post_ffw_norm"])?;
    if post_norms {
        needs_tensors(file, arch, &["gemma3"], &["post_attention_norm"])?;
    }
    let cfg = ModelConfig {
        architecture: arch.to_string(),
        vocab_size: vocab_size(file)?,
        hidden_size: hidden,
        intermediate_size,
        num_hidden_layers: layers,
        num_attention_heads: heads,
        num_key_value_heads: m
            .u64(&key("attention.head_count_kv"))?
            .map_or(heads, |n| n as usize),
        head_dim,
        rope_theta: m.f64(&key("rope.freq_base"))?.unwrap_or(10000.0),
        rope_scaling: rope_scaling(file, &m, &key, arch)?,
        rms_norm_eps: m.required_f64(&key("attention.layer_norm_rms_epsilon"))?,
        tie_word_embeddings: !has_tensor(file, "output.weight"),
        qkv_bias: has_tensor(file, "blk.0.attn_q.bias"),
        o_bias: has_tensor(file, "blk.0.attn_output.bias"),
        mlp_bias: has_tensor(file, "blk.0.ffn_gate.bias"),
        sliding_window,
        max_position_embeddings: m.required(&key("context_length"))?,
        layer_types: if gemma {
            gemma3_layers(layers)
        } else if gpt_oss {
            alternating_layers(layers)
        } else {
            Vec::new()
        },
        sliding_rope: match gemma {
            true => Some(Rope {
                theta: m.f64(&key("rope.freq_base_swa"))?.unwrap_or(10000.0),
                scaling: None,
            }),
            false => None,
        },
        qk_norm,
        qk_norm_whole_projection: arch == "olmoe",
        post_norms,
        activation: if gemma {
            Activation::GeluTanh
        } else if gpt_oss {
            Activation::ClampedSwiglu {
                alpha: 1.702,
                limit: swiglu_limit(&m, &key, layers)?,
            }
        } else {
            Activation::Silu
        },
        embedding_scale: gemma.then(|| (hidden as f64).sqrt()),
        attention_scale: gemma.then(|| match layers {
            62 => ((hidden / heads.max(1)) as f64).powf(-0.5),
            _ => (head_dim as f64).powf(-0.5),
        }),
        norm_weight_offset: 0.0,
        experts,
        attention_sinks: needs_tensors(file, arch, &["gpt-oss"], &["attn_sinks"])?,
        full_attention_heads: None,
        full_attention_value_is_key: false,
        value_norm: false,
        final_logit_softcap: None,
        layer_scalar: false,
        kv_shared_layers: 0,
        kv_shared_double_mlp: false,
        per_layer_input: None,
        linear_attention: None,
        attention_output_gate: false,
        rotary_dim: None,
    };
    cfg.validate()?;
    if cfg.qk_norm_whole_projection {
        check_vector(file, "blk.0.attn_q_norm.weight", heads * head_dim)?;
        check_vector(
            file,
            "blk.0.attn_k_norm.weight",
            cfg.num_key_value_heads * head_dim,
        )?;
    }
    Ok(cfg)
}

const SUPPORTED: &[&str] = &[
    "llama", "mistral", "qwen2", "qwen3", "gemma3", "qwen2moe", "qwen3moe", "olmoe", "gpt-oss",
];

/// Architectures that are mixtures of experts whatever their metadata says; `llama` is one
/// when it has an `expert_count` (Mixtral's files).
const MOE_ARCHS: &[&str] = &["qwen2moe", "qwen3moe", "olmoe", "gpt-oss"];

/// gpt-oss's layers: even ones slide, odd ones attend to everything (llama.cpp's swa
/// pattern 2, transformers' default `layer_types`).
fn alternating_layers(layers: usize) -> Vec<LayerType> {
    (0..layers)
        .map(|l| match l % 2 {
            0 => LayerType::SlidingAttention,
            _ => LayerType::FullAttention,
        })
        .collect()
}

/// The clamp of gpt-oss's SwiGLU: 7 unless `swiglu_clamp_exp` (one value per layer) says
/// otherwise; the graphs take one value for every layer.
fn swiglu_limit(m: &Meta, key: &dyn Fn(&str) -> String, layers: usize) -> Result<f64, ConfigError> {
    let name = key("swiglu_clamp_exp");
    let Some(value) = m.0.get(&name) else {
        return Ok(7.0);
    };
    let values: Option<Vec<f64>> = value
        .as_array()
        .and_then(|a| a.iter().map(|x| x.as_f64()).collect());
    match values {
        Some(v) if v.len() == layers && v.iter().all(|x| *x == v[0]) => Ok(v[0]),
        _ => unsupported(format!(
            "{name} = {value:?} (one limit for every one of {layers} layers is supported)"
        )),
    }
}

/// The experts MLP, as llama.cpp reads it: `expert_count` and `expert_used_count`; a block is
/// sparse when it has a router (`ffn_gate_inp`), as llama.cpp's llama graph decides; the
/// expert width is `expert_feed_forward_length`, which llama.cpp defaults to
/// `feed_forward_length / expert_used_count` for qwen2moe and qwen3moe and which olmoe and
/// llama do not read (their experts are `feed_forward_length` wide); the selected weights are
/// renormalised for qwen3moe and llama, not for qwen2moe and olmoe (llama.cpp's graphs fix
/// this per architecture; an `expert_weights_norm` key, where present, says it instead);
/// qwen2moe's shared expert is `expert_shared_feed_forward_length` wide, by default
/// `feed_forward_length`. Routing is softmax for all of them but gpt-oss, whose router has a
/// bias (`ffn_gate_inp.bias`, with biases on every expert projection) and whose weights are a
/// softmax over the chosen logits; another `expert_gating_func`, router biases elsewhere, or
/// an `expert_weights_scale` other than 1 (or 0, unset), is refused.
fn experts(
    file: &GgufFile,
    m: &Meta,
    key: &dyn Fn(&str) -> String,
    arch: &str,
    layers: usize,
    feed_forward: usize,
) -> Result<Option<Experts>, ConfigError> {
    let moe_arch = MOE_ARCHS.contains(&arch);
    let count = match m.u64(&key("expert_count"))? {
        Some(n) if n > 0 => n as usize,
        _ if moe_arch => return Err(invalid(format!("{} missing", key("expert_count")))),
        _ => return Ok(None),
    };
    if !moe_arch && arch != "llama" {
        return unsupported(format!(
            "mixture of experts (expert_count) in a {arch} file"
        ));
    }
    let per_token = m.required(&key("expert_used_count"))?;
    let gpt_oss = arch == "gpt-oss";
    if let Some(f) = m.u64(&key("expert_gating_func"))? {
        // llama.cpp's LLAMA_EXPERT_GATING_FUNC_TYPE_SOFTMAX, and for gpt-oss its
        // SOFTMAX_WEIGHT (a softmax over the chosen logits).
        let expected = if gpt_oss { 3 } else { 1 };
        if f != expected {
            return unsupported(format!(
                "{} {f} (only {expected} for {arch})",
                key("expert_gating_func")
            ));
        }
    }
    if let Some(s) = m.f64(&key("expert_weights_scale"))? {
        if s != 0.0 && s != 1.0 {
            return unsupported(format!("{} {s}", key("expert_weights_scale")));
        }
    }
    let router = |l: usize| format!("blk.{l}.ffn_gate_inp.weight");
    let dense_layers: Vec<usize> = (0..layers)
        .filter(|&l| !has_tensor(file, &router(l)))
        .collect();
    let Some(first) = (0..layers).find(|l| !dense_layers.contains(l)) else {
        return Err(invalid(format!(
            "{} {count} but no block has a router (ffn_gate_inp)",
            key("expert_count")
        )));
    };
    let width = match m.u64(&key("expert_feed_forward_length"))? {
        Some(w) => w as usize,
        None if matches!(arch, "qwen2moe" | "qwen3moe") => feed_forward / per_token.max(1),
        None => feed_forward,
    };
    let down = format!("blk.{first}.ffn_down_exps.weight");
    let info = file.tensor(&down).map_err(|e| invalid(e.to_string()))?;
    let expected = [count as u64, 0, width as u64];
    let shape = info.row_major_shape();
    if shape.len() != 3 || shape[0] != expected[0] || shape[2] != expected[2] {
        return Err(invalid(format!(
            "{down} has shape {shape:?}, not [{count}, hidden, {width}] (expert count, expert width)"
        )));
    }
    let renormalize = match m.bool(&key("expert_weights_norm"))? {
        Some(norm) => norm,
        None => matches!(arch, "qwen3moe" | "llama"),
    };
    // Biases on the router and every expert projection: all of them in gpt-oss, none
    // elsewhere (the graphs of the others would not read them).
    let biases = gpt_oss;
    for part in [
        "ffn_gate_inp",
        "ffn_gate_exps",
        "ffn_up_exps",
        "ffn_down_exps",
    ] {
        let name = format!("blk.{first}.{part}.bias");
        if has_tensor(file, &name) != biases {
            return unsupported(format!(
                "{name} {} in a {arch} file",
                if biases { "missing" } else { "present" }
            ));
        }
    }
    let shared_tensors = needs_tensors_in(
        file,
        arch,
        &["qwen2moe"],
        first,
        &[
            "ffn_gate_shexp",
            "ffn_up_shexp",
            "ffn_down_shexp",
            "ffn_gate_inp_shexp",
        ],
    )?;
    let shared = match shared_tensors {
        true => Some(SharedExpert {
            width: m
                .u64(&key("expert_shared_feed_forward_length"))?
                .map_or(feed_forward, |w| w as usize),
        }),
        false => None,
    };
    Ok(Some(Experts {
        count,
        per_token,
        width,
        renormalize,
        shared,
        dense_layers,
        routing: match gpt_oss {
            true => Routing::TopKSoftmax,
            false => Routing::SoftmaxTopK,
        },
        biases,
        scaled_router: false,
        dense_beside: false,
    }))
}

/// A 1-D tensor of `len` values.
fn check_vector(file: &GgufFile, name: &str, len: usize) -> Result<(), ConfigError> {
    let shape = file
        .tensor(name)
        .map_err(|e| invalid(e.to_string()))?
        .row_major_shape();
    if shape != [len as u64] {
        return Err(invalid(format!("{name} has shape {shape:?}, not [{len}]")));
    }
    Ok(())
}

fn gemma3_layers(layers: usize) -> Vec<LayerType> {
    (0..layers)
        .map(|l| match (l + 1) % 6 {
            0 => LayerType::FullAttention,
            _ => LayerType::SlidingAttention,
        })
        .collect()
}

/// Whether the architecture has the given per-layer tensors; a file of such an architecture
/// that lacks them is malformed, and one of another architecture that has them is not
/// understood.
fn needs_tensors(
    file: &GgufFile,
    arch: &str,
    archs: &[&str],
    names: &[&str],
) -> Result<bool, ConfigError> {
    needs_tensors_in(file, arch, archs, 0, names)
}

/// [`needs_tensors`] in block `block`.
fn needs_tensors_in(
    file: &GgufFile,
    arch: &str,
    archs: &[&str],
    block: usize,
    names: &[&str],
) -> Result<bool, ConfigError> {
    let expected = archs.contains(&arch);
    for name in names {
        let full = format!("blk.{block}.{name}.weight");
        match (expected, has_tensor(file, &full)) {
            (true, false) => return Err(invalid(format!("{arch} file without {full}"))),
            (false, true) => return unsupported(format!("{full} in a {arch} file")),
            _ => {}
        }
    }
    Ok(expected)
}

fn has_tensor(file: &GgufFile, name: &str) -> bool {
    file.tensors().iter().any(|t| t.name == name)
}

fn check_head_dims(
    m: &Meta,
    key: &dyn Fn(&str) -> String,
    head_dim: usize,
) -> Result<(), ConfigError> {
    if let Some(v) = m.u64(&key("attention.value_length"))? {
        if v as usize != head_dim {
            return unsupported(format!("value head size {v} != key head size {head_dim}"));
        }
    }
    if let Some(r) = m.u64(&key("rope.dimension_count"))? {
        if r as usize != head_dim {
            return unsupported(format!(
                "partial RoPE ({r} of {head_dim} head dims rotated)"
            ));
        }
    }
    Ok(())
}

fn vocab_size(file: &GgufFile) -> Result<usize, ConfigError> {
    let emb = file
        .tensor("token_embd.weight")
        .map_err(|e| invalid(e.to_string()))?;
    let shape = emb.row_major_shape();
    match shape.as_slice() {
        [v, _] => Ok(*v as usize),
        _ => Err(invalid(format!("token_embd.weight has shape {shape:?}"))),
    }
}

fn rope_scaling(
    file: &GgufFile,
    m: &Meta,
    key: &dyn Fn(&str) -> String,
    arch: &str,
) -> Result<Option<RopeScaling>, ConfigError> {
    if let Some(factors) = rope_freqs(file)? {
        return Ok(Some(RopeScaling::Factors { factors }));
    }
    match m.str(&key("rope.scaling.type"))? {
        None | Some("none") => Ok(None),
        Some("linear") => {
            let factor = m
                .f64(&key("rope.scaling.factor"))?
                .ok_or_else(|| invalid("rope.scaling.factor missing"))?;
            Ok(Some(RopeScaling::Linear { factor }))
        }
        Some("yarn") => yarn(m, key, arch).map(Some),
        Some(other) => unsupported(format!(
            "rope scaling type {other:?} (supported: none, linear, yarn, llama3 factors)"
        )),
    }
}

/// The values of `rope_freqs.weight` (F32 only), when the file has one.
fn rope_freqs(file: &GgufFile) -> Result<Option<Vec<f32>>, ConfigError> {
    let Ok(info) = file.tensor("rope_freqs.weight") else {
        return Ok(None);
    };
    if info.ggml_type != GgmlType::F32 {
        return unsupported(format!(
            "rope_freqs.weight stored as {}",
            info.ggml_type.name()
        ));
    }
    let bytes = file.tensor_data(info).map_err(|e| invalid(e.to_string()))?;
    let values = bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok(Some(values))
}

/// YaRN from `rope.scaling.{factor,original_context_length}` and the `yarn_beta_*` keys
/// (32 and 1 when absent, as in llama.cpp and transformers), its attention factor
/// `0.1 ln(factor) + 1`. The blend range is truncated to whole dimensions as transformers
/// does by default, except for gpt-oss, whose configuration turns that off. A file that
/// sets its own attention factor is refused: llama.cpp and transformers apply it
/// differently.
fn yarn(m: &Meta, key: &dyn Fn(&str) -> String, arch: &str) -> Result<RopeScaling, ConfigError> {
    let required = |k: &str| m.required_f64(&key(k));
    for k in ["rope.scaling.attn_factor", "rope.scaling.yarn_attn_factor"] {
        if m.f64(&key(k))?.is_some_and(|f| f != 1.0) {
            return unsupported(format!("{} (a YaRN attention factor of its own)", key(k)));
        }
    }
    let factor = required("rope.scaling.factor")?;
    Ok(RopeScaling::Yarn {
        factor,
        original_max_position_embeddings: required("rope.scaling.original_context_length")?,
        beta_fast: m.f64(&key("rope.scaling.yarn_beta_fast"))?.unwrap_or(32.0),
        beta_slow: m.f64(&key("rope.scaling.yarn_beta_slow"))?.unwrap_or(1.0),
        truncate: arch != "gpt-oss",
        attention_factor: match factor <= 1.0 {
            true => 1.0,
            false => 0.1 * factor.ln() + 1.0,
        },
    })
}

/// Typed access to optional metadata: absent is `None`, a wrong type is an error.
struct Meta<'a>(&'a GgufFile);

impl Meta<'_> {
    fn typed<'s, T>(
        &'s self,
        key: &str,
        what: &str,
        f: impl Fn(&'s gguf::Value) -> Option<T>,
    ) -> Result<Option<T>, ConfigError> {
        match self.0.get(key) {
            None => Ok(None),
            Some(v) => f(v)
                .map(Some)
                .ok_or_else(|| invalid(format!("{key} = {v:?} is not {what}"))),
        }
    }

    fn str(&self, key: &str) -> Result<Option<&str>, ConfigError> {
        self.typed(key, "a string", |v| v.as_str())
    }

    fn bool(&self, key: &str) -> Result<Option<bool>, ConfigError> {
        self.typed(key, "a boolean", |v| match v {
            gguf::Value::Bool(b) => Some(*b),
            _ => None,
        })
    }

    fn u64(&self, key: &str) -> Result<Option<u64>, ConfigError> {
        self.typed(key, "a non-negative integer", gguf::Value::as_u64)
    }

    /// f32 values are read as their shortest decimal, so an epsilon of 1e-5 stays 1e-5 as in
    /// the HF config rather than becoming 9.9999997e-6.
    fn f64(&self, key: &str) -> Result<Option<f64>, ConfigError> {
        self.typed(key, "a number", |v| match v {
            gguf::Value::F32(x) => x.to_string().parse().ok(),
            other => other.as_f64(),
        })
    }

    fn required(&self, key: &str) -> Result<usize, ConfigError> {
        self.u64(key)?
            .map(|n| n as usize)
            .ok_or_else(|| invalid(format!("{key} missing")))
    }

    fn required_f64(&self, key: &str) -> Result<f64, ConfigError> {
        self.f64(key)?
            .ok_or_else(|| invalid(format!("{key} missing")))
    }
}
