//! Gemma 4's text model (`gemma4_text`, or the `text_config` of a `gemma4` checkpoint), as
//! transformers 5.23's `Gemma4TextConfig` reads it. Defaults are the class's own:
//! `hidden_activation` gelu_pytorch_tanh, `tie_word_embeddings` true, `attention_k_eq_v`
//! false, `num_kv_shared_layers` 0, `use_double_wide_mlp` false,
//! `hidden_size_per_layer_input` 256 and `vocab_size_per_layer_input` 262144 (0 or null turns
//! per-layer inputs off), `global_head_dim` 512 for the full-attention layers when no
//! `per_layer_config` says otherwise, a 5:1 sliding pattern whose last layer is always global,
//! and RoPE theta 10000 on sliding layers and proportional RoPE (theta 1e6, a quarter of the
//! head) on global ones when `rope_parameters` is absent. With `enable_moe_block` every layer
//! runs `num_experts` experts of width `moe_intermediate_size`, `top_k_experts` per token
//! (all three required), beside its dense MLP.

use super::{
    activation, attention_layers, biases, invalid, object, ropes, unsupported, ConfigError, Family,
    Json, LayerType, ModelConfig,
};
use crate::{Experts, HeadShape, PerLayerInput, Rope, RopeScaling, Routing};

pub(super) fn from_json(root: &Json, model_type: &str) -> Result<ModelConfig, ConfigError> {
    // The multimodal checkpoint nests the text model; its vision and audio towers are not
    // read (requests with images or audio are refused where they arrive).
    let text;
    let j = match model_type {
        "gemma4" => {
            let value = root
                .0
                .get("text_config")
                .ok_or_else(|| invalid("gemma4 config without text_config"))?;
            text = object(value, "text_config")?;
            &text
        }
        _ => root,
    };
    refuse(j)?;
    let family = Family::Gemma4;
    let heads = j.required_usize("num_attention_heads")?;
    let hidden = j.required_usize("hidden_size")?;
    let layers = j.required_usize("num_hidden_layers")?;
    let head_dim = j
        .usize("head_dim")?
        .ok_or_else(|| invalid("head_dim missing"))?;
    let kv_heads = j.required_usize("num_key_value_heads")?;
    let (attention_bias, _) = biases(j, family)?;
    let (sliding_window, layer_types) = attention_layers(j, family, layers)?;
    let (rope, sliding_rope) = match j.0.get("rope_parameters").filter(|v| !v.is_null()) {
        Some(_) => ropes(j, family)?,
        None => default_ropes(),
    };
    let value_is_key = j.bool("attention_k_eq_v")?.unwrap_or(false);
    let full_heads = full_attention_heads(j, &layer_types, head_dim, kv_heads, value_is_key)?;
    let cfg = ModelConfig {
        architecture: model_type.to_string(),
        vocab_size: j.required_usize("vocab_size")?,
        hidden_size: hidden,
        intermediate_size: j.required_usize("intermediate_size")?,
        num_hidden_layers: layers,
        num_attention_heads: heads,
        num_key_value_heads: kv_heads,
        head_dim,
        rope_theta: rope.theta,
        rope_scaling: rope.scaling,
        rms_norm_eps: j.required_f64("rms_norm_eps")?,
        tie_word_embeddings: j.bool("tie_word_embeddings")?.unwrap_or(true),
        qkv_bias: attention_bias,
        o_bias: attention_bias,
        mlp_bias: false,
        sliding_window,
        max_position_embeddings: j.required_usize("max_position_embeddings")?,
        layer_types,
        sliding_rope,
        qk_norm: true,
        qk_norm_whole_projection: false,
        post_norms: true,
        activation: activation(j, family)?,
        embedding_scale: Some((hidden as f64).sqrt()),
        attention_scale: Some(1.0),
        // Gemma 4's RMSNorm multiplies by w itself, not Gemma 3's 1 + w.
        norm_weight_offset: 0.0,
        experts: experts(j)?,
        attention_sinks: false,
        full_attention_heads: full_heads,
        full_attention_value_is_key: value_is_key,
        value_norm: true,
        final_logit_softcap: j.f64("final_logit_softcapping")?,
        layer_scalar: true,
        kv_shared_layers: j.usize("num_kv_shared_layers")?.unwrap_or(0),
        kv_shared_double_mlp: j.bool("use_double_wide_mlp")?.unwrap_or(false),
        per_layer_input: per_layer_input(j)?,
        linear_attention: None,
        attention_output_gate: false,
        rotary_dim: None,
    };
    cfg.validate()?;
    Ok(cfg)
}

/// The 26B-A4B's experts: softmax over every expert, the top k renormalised, each weight
/// times its expert's learned scale; a scaled router reading the layer's input; the dense MLP
/// beside them.
fn experts(j: &Json) -> Result<Option<Experts>, ConfigError> {
    if !j.bool("enable_moe_block")?.unwrap_or(false) {
        return Ok(None);
    }
    Ok(Some(Experts {
        count: j.required_usize("num_experts")?,
        per_token: j.required_usize("top_k_experts")?,
        width: j.required_usize("moe_intermediate_size")?,
        renormalize: true,
        shared: None,
        dense_layers: Vec::new(),
        routing: Routing::SoftmaxTopK,
        biases: false,
        scaled_router: true,
        dense_beside: true,
    }))
}

/// What the graphs do not do for Gemma 4, named.
fn refuse(j: &Json) -> Result<(), ConfigError> {
    // "vision" only changes how image tokens attend; text stays causal.
    match j.str("use_bidirectional_attention")? {
        None | Some("vision") => {}
        Some(other) => return unsupported(format!("use_bidirectional_attention {other:?}")),
    }
    for key in ["quantization_config", "attn_logit_softcapping"] {
        if j.0.get(key).is_some_and(|v| !v.is_null() && v != false) {
            return unsupported(key.to_string());
        }
    }
    Ok(())
}

fn default_ropes() -> (Rope, Option<Rope>) {
    let full = Rope {
        theta: 1_000_000.0,
        scaling: Some(RopeScaling::Proportional {
            partial_rotary_factor: 0.25,
            factor: 1.0,
        }),
    };
    let sliding = Rope {
        theta: 10_000.0,
        scaling: None,
    };
    (full, Some(sliding))
}

/// The global layers' heads: `per_layer_config`'s overrides (transformers 5.23 writes one per
/// full-attention layer), else `global_head_dim` (512 when absent) with
/// `num_global_key_value_heads` when values come from keys. Overrides must be one shape for
/// every full-attention layer and none for sliding ones.
fn full_attention_heads(
    j: &Json,
    types: &[LayerType],
    head_dim: usize,
    kv_heads: usize,
    value_is_key: bool,
) -> Result<Option<HeadShape>, ConfigError> {
    let shape = match j.0.get("per_layer_config").filter(|v| !v.is_null()) {
        Some(value) => per_layer_config(
            &object(value, "per_layer_config")?,
            types,
            head_dim,
            kv_heads,
        )?,
        None => HeadShape {
            head_dim: j.usize("global_head_dim")?.unwrap_or(512),
            kv_heads: match value_is_key {
                true => j.usize("num_global_key_value_heads")?.unwrap_or(kv_heads),
                false => kv_heads,
            },
        },
    };
    let same = HeadShape { head_dim, kv_heads };
    Ok((shape != same).then_some(shape))
}

fn per_layer_config(
    overrides: &Json,
    types: &[LayerType],
    head_dim: usize,
    kv_heads: usize,
) -> Result<HeadShape, ConfigError> {
    let mut shape = None;
    for (l, &kind) in types.iter().enumerate() {
        let this = match overrides.0.get(&l.to_string()) {
            Some(v) => {
                let o = object(v, &format!("per_layer_config.{l}"))?;
                if let Some(key) =
                    o.0.keys()
                        .find(|k| *k != "head_dim" && *k != "num_key_value_heads")
                {
                    return unsupported(format!("per_layer_config.{l}.{key}"));
                }
                HeadShape {
                    head_dim: o.usize("head_dim")?.unwrap_or(head_dim),
                    kv_heads: o.usize("num_key_value_heads")?.unwrap_or(kv_heads),
                }
            }
            None => HeadShape { head_dim, kv_heads },
        };
        match kind {
            LayerType::SlidingAttention if this != (HeadShape { head_dim, kv_heads }) => {
                return unsupported(format!("per_layer_config for sliding layer {l}"))
            }
            // Gemma 4's layer list names no linear layers (`layer_types` refuses them).
            LayerType::SlidingAttention | LayerType::LinearAttention => {}
            LayerType::FullAttention => match shape {
                Some(s) if s != this => {
                    return unsupported(format!(
                        "per_layer_config: full-attention layers of different heads ({s:?}, {this:?} at layer {l})"
                    ))
                }
                _ => shape = Some(this),
            },
        }
    }
    if let Some(key) = overrides
        .0
        .keys()
        .find(|k| k.parse::<usize>().map_or(true, |l| l >= types.len()))
    {
        return Err(invalid(format!(
            "per_layer_config names {key:?}, which is no layer"
        )));
    }
    Ok(shape.unwrap_or(HeadShape { head_dim, kv_heads }))
}

fn per_layer_input(j: &Json) -> Result<Option<PerLayerInput>, ConfigError> {
    // An explicit null or 0 turns them off; an absent key is the class default, 256.
    let width = match j.0.get("hidden_size_per_layer_input") {
        None => 256,
        Some(_) => j.usize("hidden_size_per_layer_input")?.unwrap_or(0),
    };
    if width == 0 {
        return Ok(None);
    }
    Ok(Some(PerLayerInput {
        width,
        vocab: j.usize("vocab_size_per_layer_input")?.unwrap_or(262_144),
    }))
}
