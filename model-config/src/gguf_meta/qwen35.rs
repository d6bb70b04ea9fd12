//! Qwen 3.5 (`qwen35`, `qwen35moe`) as llama.cpp's converter writes it (its `Qwen3NextModel`,
//! which `Qwen3_5TextModel` and `Qwen3_5MoeTextModel` derive from). The Gated DeltaNet's
//! sizes are `ssm.*` keys: `conv_kernel` the convolution's taps, `state_size` the key head
//! size, `group_count` the key heads, `time_step_rank` the value heads, `inner_size` value
//! heads times the value head size. `rope.dimension_count` is the rotated part of each head
//! (partial RoPE), `attention.key_length` the whole head. Every full-attention layer gates its
//! output (its `attn_q` holds queries and gates, as HF's `q_proj` does). The converter adds 1
//! to every norm but the DeltaNet's, so the file's norms scale by `w` (offset 0).
//!
//! Layer kinds: layer `i` is full attention when `(i + 1) % full_attention_interval == 0`,
//! the interval 4 when absent (llama.cpp's default, and the converter's); each layer's tensors
//! must agree (`ssm_a` in a DeltaNet layer, `attn_q` in an attention layer). The MoE model's
//! layers route to `expert_used_count` of `expert_count` experts of width
//! `expert_feed_forward_length`, softmax then top-k, renormalised (llama.cpp's graph fixes
//! this), beside a sigmoid-gated shared expert of width `expert_shared_feed_forward_length`
//! (all required). `rope.dimension_sections` (multimodal RoPE) is not read: for text the
//! position axes are equal and it is plain RoPE. Multi-token-prediction layers
//! (`nextn_predict_layers`) are refused.

use gguf::GgufFile;

use super::{has_tensor, vocab_size, Meta};
use crate::{
    invalid, unsupported, Activation, ConfigError, Experts, LayerType, LinearAttention,
    ModelConfig, Routing, SharedExpert,
};

pub(super) fn from_gguf(file: &GgufFile, m: &Meta, arch: &str) -> Result<ModelConfig, ConfigError> {
    let moe = arch == "qwen35moe";
    let key = |k: &str| format!("{arch}.{k}");
    let required = |k: &str| m.required(&key(k));
    let heads = required("attention.head_count")?;
    let hidden = required("embedding_length")?;
    let layers = required("block_count")?;
    if let Some(n) = m.u64(&key("nextn_predict_layers"))?.filter(|&n| n > 0) {
        return unsupported(format!(
            "{} = {n} (multi-token-prediction layers)",
            key("nextn_predict_layers")
        ));
    }
    let head_dim = m
        .u64(&key("attention.key_length"))?
        .map_or(hidden / heads.max(1), |d| d as usize);
    if let Some(v) = m.u64(&key("attention.value_length"))? {
        if v as usize != head_dim {
            return unsupported(format!("value head size {v} != key head size {head_dim}"));
        }
    }
    let rotated = required("rope.dimension_count")?;
    if rotated == 0 || rotated > head_dim || rotated % 2 == 1 {
        return Err(invalid(format!(
            "{} = {rotated} (an even number of at most {head_dim} values)",
            key("rope.dimension_count")
        )));
    }
    let value_heads = required("ssm.time_step_rank")?;
    let inner = required("ssm.inner_size")?;
    if value_heads == 0 || inner % value_heads != 0 {
        return Err(invalid(format!(
            "{} = {inner} is not a multiple of {} = {value_heads}",
            key("ssm.inner_size"),
            key("ssm.time_step_rank")
        )));
    }
    let linear = LinearAttention {
        key_heads: required("ssm.group_count")?,
        value_heads,
        key_dim: required("ssm.state_size")?,
        value_dim: inner / value_heads,
        conv_kernel: required("ssm.conv_kernel")?,
        // llama.cpp's converter tiles the value heads (its `_reorder_v_heads`), and the graphs
        // read them so, every tensor kept as stored.
        value_heads_tiled: true,
    };
    let types = layer_types(file, m, &key, layers)?;
    let full = types.iter().position(|t| *t == LayerType::FullAttention);
    if let Some(l) = full {
        for part in ["attn_q_norm", "attn_k_norm"] {
            let name = format!("blk.{l}.{part}.weight");
            if !has_tensor(file, &name) {
                return Err(invalid(format!("{arch} file without {name}")));
            }
        }
        gated_queries(file, l, heads, head_dim)?;
    }
    let bias = |part: &str| full.is_some_and(|l| has_tensor(file, &format!("blk.{l}.{part}.bias")));
    let cfg = ModelConfig {
        architecture: arch.to_string(),
        vocab_size: vocab_size(file)?,
        hidden_size: hidden,
        // The MoE model has no dense MLP; its shared expert's width stands for it (as the HF
        // reader does).
        intermediate_size: match moe {
            true => required("expert_shared_feed_forward_length")?,
            false => required("feed_forward_length")?,
        },
        num_hidden_layers: layers,
        num_attention_heads: heads,
        num_key_value_heads: m
            .u64(&key("attention.head_count_kv"))?
            .map_or(heads, |n| n as usize),
        head_dim,
        rope_theta: m.f64(&key("rope.freq_base"))?.unwrap_or(10000.0),
        rope_scaling: None,
        rms_norm_eps: m.required_f64(&key("attention.layer_norm_rms_epsilon"))?,
        tie_word_embeddings: !has_tensor(file, "output.weight"),
        qkv_bias: bias("attn_q"),
        o_bias: bias("attn_output"),
        mlp_bias: false,
        sliding_window: None,
        max_position_embeddings: required("context_length")?,
        layer_types: types,
        sliding_rope: None,
        qk_norm: true,
        qk_norm_whole_projection: false,
        post_norms: false,
        activation: Activation::Silu,
        embedding_scale: None,
        attention_scale: None,
        norm_weight_offset: 0.0,
        experts: match moe {
            true => Some(experts(file, m, &key)?),
            false => None,
        },
        attention_sinks: false,
        full_attention_heads: None,
        full_attention_value_is_key: false,
        value_norm: false,
        final_logit_softcap: None,
        layer_scalar: false,
        kv_shared_layers: 0,
        kv_shared_double_mlp: false,
        per_layer_input: None,
        linear_attention: Some(linear),
        attention_output_gate: true,
        rotary_dim: (rotated != head_dim).then_some(rotated),
    };
    if let Some(scaling) = m.str(&key("rope.scaling.type"))?.filter(|s| *s != "none") {
        return unsupported(format!(
            "{} {scaling:?} for {arch}",
            key("rope.scaling.type")
        ));
    }
    cfg.validate()?;
    Ok(cfg)
}

/// One full-attention layer per `full_attention_interval` (4 when absent), checked against
/// each layer's tensors.
fn layer_types(
    file: &GgufFile,
    m: &Meta,
    key: &dyn Fn(&str) -> String,
    layers: usize,
) -> Result<Vec<LayerType>, ConfigError> {
    let interval = m.u64(&key("full_attention_interval"))?.unwrap_or(4) as usize;
    if interval == 0 {
        return Err(invalid(format!("{} is 0", key("full_attention_interval"))));
    }
    let mut types = Vec::with_capacity(layers);
    for l in 0..layers {
        let (kind, needs) = match (l + 1) % interval {
            0 => (LayerType::FullAttention, "attn_q.weight"),
            _ => (LayerType::LinearAttention, "ssm_a"),
        };
        let name = format!("blk.{l}.{needs}");
        if !has_tensor(file, &name) {
            return Err(invalid(format!(
                "layer {l} is {kind:?} by {} = {interval} but has no {name}",
                key("full_attention_interval")
            )));
        }
        types.push(kind);
    }
    Ok(types)
}

/// A gated attention layer's `attn_q`: each head's queries then its gates, `2 * heads *
/// head_dim` rows.
fn gated_queries(
    file: &GgufFile,
    l: usize,
    heads: usize,
    head_dim: usize,
) -> Result<(), ConfigError> {
    let name = format!("blk.{l}.attn_q.weight");
    let info = file.tensor(&name).map_err(|e| invalid(e.to_string()))?;
    let shape = info.row_major_shape();
    let rows = (2 * heads * head_dim) as u64;
    if shape.first() != Some(&rows) {
        return Err(invalid(format!(
            "{name} has shape {shape:?}, not {rows} rows (queries and gates of {heads} heads of \
             {head_dim})"
        )));
    }
    Ok(())
}

/// The MoE model's experts, in every layer, and its shared expert.
fn experts(
    file: &GgufFile,
    m: &Meta,
    key: &dyn Fn(&str) -> String,
) -> Result<Experts, ConfigError> {
    let required = |k: &str| m.required(&key(k));
    if let Some(f) = m.u64(&key("expert_gating_func"))?.filter(|&f| f != 1) {
        // llama.cpp's LLAMA_EXPERT_GATING_FUNC_TYPE_SOFTMAX is 1.
        return unsupported(format!(
            "{} {f} (only softmax, 1)",
            key("expert_gating_func")
        ));
    }
    if m.bool(&key("expert_weights_norm"))? == Some(false) {
        return unsupported(format!("{} false", key("expert_weights_norm")));
    }
    for part in [
        "ffn_gate_inp.weight",
        "ffn_gate_inp_shexp.weight",
        "ffn_down_exps.weight",
        "ffn_down_shexp.weight",
    ] {
        let name = format!("blk.0.{part}");
        if !has_tensor(file, &name) {
            return Err(invalid(format!("qwen35moe file without {name}")));
        }
    }
    Ok(Experts {
        count: required("expert_count")?,
        per_token: required("expert_used_count")?,
        width: required("expert_feed_forward_length")?,
        renormalize: true,
        shared: Some(SharedExpert {
            width: required("expert_shared_feed_forward_length")?,
        }),
        dense_layers: Vec::new(),
        routing: Routing::SoftmaxTopK,
        biases: false,
        scaled_router: false,
        dense_beside: false,
    })
}
