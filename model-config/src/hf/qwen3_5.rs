//! Qwen 3.5's text model (`qwen3_5_text`, `qwen3_5_moe_text`, or the `text_config` of a
//! `qwen3_5` / `qwen3_5_moe` checkpoint), as transformers 5.23's `Qwen3_5TextConfig` and
//! `Qwen3_5MoeTextConfig` read it. Defaults are the classes' own: layer `i` is full attention
//! when `(i + 1) % full_attention_interval == 0` (interval 4) and Gated DeltaNet otherwise
//! when there are no `layer_types`; `partial_rotary_factor` 0.25; `linear_conv_kernel_dim` 4;
//! `hidden_act` silu; `tie_word_embeddings` false; `attention_bias` false. The MoE model's
//! every layer routes to `num_experts_per_tok` of `num_experts` experts of width
//! `moe_intermediate_size`, renormalised, beside a sigmoid-gated shared expert of width
//! `shared_expert_intermediate_size` (all four required). Every full-attention layer gates
//! its output (the classes do it unconditionally). The multimodal RoPE sections (`mrope_*`)
//! are not read: for text, the three position axes are equal and it is plain RoPE.

use super::{
    activation, biases, every_nth_full, invalid, layer_types, object, unsupported, ConfigError,
    Json,
};
use crate::{Experts, Family, LayerType, LinearAttention, ModelConfig, Routing, SharedExpert};

pub(super) fn from_json(
    root: &Json,
    model_type: &str,
    family: Family,
) -> Result<ModelConfig, ConfigError> {
    // The multimodal checkpoint nests the text model; its vision tower is not read.
    let text;
    let j = match model_type {
        "qwen3_5" | "qwen3_5_moe" => {
            let value = root
                .0
                .get("text_config")
                .ok_or_else(|| invalid(format!("{model_type} config without text_config")))?;
            text = object(value, "text_config")?;
            &text
        }
        _ => root,
    };
    refuse(j)?;
    let heads = j.required_usize("num_attention_heads")?;
    let hidden = j.required_usize("hidden_size")?;
    let layers = j.required_usize("num_hidden_layers")?;
    let head_dim = j.usize("head_dim")?.unwrap_or(256);
    let (attention_bias, _) = biases(j, family)?;
    let (theta, partial) = rope(j)?;
    let rotated = partial * head_dim as f64;
    if rotated.fract() != 0.0 {
        return Err(invalid(format!(
            "partial_rotary_factor {partial} of head_dim {head_dim} is not a whole number of values"
        )));
    }
    let cfg = ModelConfig {
        architecture: model_type.to_string(),
        vocab_size: j.required_usize("vocab_size")?,
        hidden_size: hidden,
        // The MoE model has no dense MLP; its shared expert's width stands for it.
        intermediate_size: match family {
            Family::Qwen35Moe => j.required_usize("shared_expert_intermediate_size")?,
            _ => j.required_usize("intermediate_size")?,
        },
        num_hidden_layers: layers,
        num_attention_heads: heads,
        num_key_value_heads: j.required_usize("num_key_value_heads")?,
        head_dim,
        rope_theta: theta,
        rope_scaling: None,
        rms_norm_eps: j.required_f64("rms_norm_eps")?,
        tie_word_embeddings: j.bool("tie_word_embeddings")?.unwrap_or(false),
        qkv_bias: attention_bias,
        o_bias: attention_bias,
        mlp_bias: false,
        sliding_window: None,
        max_position_embeddings: j.required_usize("max_position_embeddings")?,
        layer_types: kinds(j, layers)?,
        sliding_rope: None,
        qk_norm: true,
        qk_norm_whole_projection: false,
        post_norms: false,
        activation: activation(j, family)?,
        embedding_scale: None,
        attention_scale: None,
        // Every norm but the DeltaNet's gated one scales by 1 + w.
        norm_weight_offset: 1.0,
        experts: match family {
            Family::Qwen35Moe => Some(experts(j)?),
            _ => None,
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
        linear_attention: Some(LinearAttention {
            key_heads: j.usize("linear_num_key_heads")?.unwrap_or(16),
            value_heads: j.usize("linear_num_value_heads")?.unwrap_or(32),
            key_dim: j.usize("linear_key_head_dim")?.unwrap_or(128),
            value_dim: j.usize("linear_value_head_dim")?.unwrap_or(128),
            conv_kernel: j.usize("linear_conv_kernel_dim")?.unwrap_or(4),
            value_heads_tiled: false,
        }),
        attention_output_gate: true,
        rotary_dim: (rotated as usize != head_dim).then_some(rotated as usize),
    };
    cfg.validate()?;
    Ok(cfg)
}

/// The listed layer kinds, or the class's pattern of one full-attention layer per
/// `full_attention_interval`.
fn kinds(j: &Json, layers: usize) -> Result<Vec<LayerType>, ConfigError> {
    if let Some(types) = layer_types(j, layers, true)? {
        return Ok(types);
    }
    let interval = j.usize("full_attention_interval")?.unwrap_or(4);
    if interval == 0 {
        return Err(invalid("full_attention_interval is 0"));
    }
    Ok(every_nth_full(layers, interval, LayerType::LinearAttention))
}

/// (RoPE base, fraction of each head rotated). The fraction may sit in `rope_parameters` (as
/// transformers 5 writes it) or beside it (older files); both must agree.
fn rope(j: &Json) -> Result<(f64, f64), ConfigError> {
    let params = match j.0.get("rope_parameters").filter(|v| !v.is_null()) {
        Some(p) => object(p, "rope_parameters")?,
        None => return Err(invalid("rope_parameters missing")),
    };
    match params.str("rope_type")?.unwrap_or("default") {
        "default" => {}
        other => return unsupported(format!("qwen3_5 rope_type {other:?} (supported: default)")),
    }
    let theta = params
        .f64("rope_theta")?
        .ok_or_else(|| invalid("rope_parameters.rope_theta missing"))?;
    let partial = match (
        params.f64("partial_rotary_factor")?,
        j.f64("partial_rotary_factor")?,
    ) {
        (Some(a), Some(b)) if a != b => {
            return Err(invalid(format!(
                "partial_rotary_factor {b} and rope_parameters.partial_rotary_factor {a} disagree"
            )))
        }
        (Some(f), _) | (None, Some(f)) => f,
        (None, None) => 0.25,
    };
    if !(partial > 0.0 && partial <= 1.0) {
        return Err(invalid(format!(
            "partial_rotary_factor {partial} (a fraction in (0, 1])"
        )));
    }
    Ok((theta, partial))
}

fn experts(j: &Json) -> Result<Experts, ConfigError> {
    Ok(Experts {
        count: j.required_usize("num_experts")?,
        per_token: j.required_usize("num_experts_per_tok")?,
        width: j.required_usize("moe_intermediate_size")?,
        renormalize: true,
        shared: Some(SharedExpert {
            width: j.required_usize("shared_expert_intermediate_size")?,
        }),
        dense_layers: Vec::new(),
        routing: Routing::SoftmaxTopK,
        biases: false,
        scaled_router: false,
        dense_beside: false,
    })
}

/// What the graphs do not do for Qwen 3.5, named.
fn refuse(j: &Json) -> Result<(), ConfigError> {
    let set = |key: &str| j.0.get(key).is_some_and(|v| !v.is_null() && v != false);
    for key in ["quantization_config", "use_sliding_window"] {
        if set(key) {
            return unsupported(format!("{key} for qwen3_5"));
        }
    }
    Ok(())
}
