//! Gemma 4 (`gemma4`) as llama.cpp's converter writes it. Per-kind values come in pairs:
//! `attention.key_length` is the global layers' head size and `key_length_swa` the sliding
//! ones'; `attention.head_count_kv` and `feed_forward_length` are per-layer arrays where the
//! kinds differ (kv heads of global layers; MLPs twice as wide on the layers that share
//! caches); `attention.sliding_window_pattern` marks the sliding layers; `rope.freq_base` is
//! the global layers' base, `rope.freq_base_swa` the sliding ones' (10000 when absent).
//! Proportional RoPE is written as `rope_freqs.weight`, one divisor per rotated pair: 1 for
//! the pairs that rotate and 1e30 for the rest, read here as frequency 0 (transformers' form).
//! Norms are stored as the model applies them (`x * w`); global layers without `attn_v`
//! take their values from the k projection. Fixed in llama.cpp's graph: GELU-tanh, the
//! embedding times sqrt(hidden), attention scale 1, the weight-free value norm.

use gguf::GgufFile;

use super::{has_tensor, rope_freqs, vocab_size, Meta};
use crate::{
    invalid, unsupported, Activation, ConfigError, Experts, HeadShape, LayerType, ModelConfig,
    PerLayerInput, Rope, RopeScaling, Routing,
};

pub(super) fn from_gguf(file: &GgufFile, m: &Meta) -> Result<ModelConfig, ConfigError> {
    let key = |k: &str| format!("gemma4.{k}");
    let heads = m.required(&key("attention.head_count"))?;
    let hidden = m.required(&key("embedding_length"))?;
    let layers = m.required(&key("block_count"))?;
    let full_dim = m.required(&key("attention.key_length"))?;
    let sliding_dim = m.required(&key("attention.key_length_swa"))?;
    for (k, want) in [
        ("attention.value_length", full_dim),
        ("attention.value_length_swa", sliding_dim),
        ("rope.dimension_count", full_dim),
        ("rope.dimension_count_swa", sliding_dim),
    ] {
        if let Some(n) = m.u64(&key(k))?.filter(|&n| n as usize != want) {
            return unsupported(format!("{} = {n} (the head has {want} values)", key(k)));
        }
    }
    let types = layer_types(m, &key("attention.sliding_window_pattern"), layers)?;
    let kv = per_kind(m, &key("attention.head_count_kv"), &types, Some(heads))?;
    let shared = m.u64(&key("attention.shared_kv_layers"))?.unwrap_or(0) as usize;
    let first_shared = layers.saturating_sub(shared);
    let ff = per_layer(m, &key("feed_forward_length"), layers)?;
    let intermediate = ff[0];
    let double = ff[first_shared..].iter().any(|&w| w == 2 * intermediate) && shared > 0;
    let expected = |l: usize| match double && l >= first_shared {
        true => 2 * intermediate,
        false => intermediate,
    };
    if let Some(l) = (0..layers).find(|&l| ff[l] != expected(l)) {
        return unsupported(format!(
            "{}[{l}] = {} (MLP widths of {intermediate}, doubled only on the layers that share \
             caches)",
            key("feed_forward_length"),
            ff[l]
        ));
    }
    let first_full = (0..first_shared).find(|&l| types[l] == LayerType::FullAttention);
    let value_is_key = first_full.is_some_and(|l| {
        has_tensor(file, &format!("blk.{l}.attn_k.weight"))
            && !has_tensor(file, &format!("blk.{l}.attn_v.weight"))
    });
    let width = m
        .u64(&key("embedding_length_per_layer_input"))?
        .unwrap_or(0) as usize;
    let per_layer_input = match width {
        0 => None,
        width => Some(PerLayerInput {
            width,
            vocab: table_rows(file, "per_layer_token_embd.weight", layers * width)?,
        }),
    };
    let full_heads = HeadShape {
        head_dim: full_dim,
        kv_heads: kv.full,
    };
    let sliding_window = m.required(&key("attention.sliding_window"))?;
    let cfg = ModelConfig {
        architecture: "gemma4".to_string(),
        vocab_size: vocab_size(file)?,
        hidden_size: hidden,
        intermediate_size: intermediate,
        num_hidden_layers: layers,
        num_attention_heads: heads,
        num_key_value_heads: kv.sliding,
        head_dim: sliding_dim,
        rope_theta: m.f64(&key("rope.freq_base"))?.unwrap_or(10000.0),
        rope_scaling: proportional(file, full_dim)?,
        rms_norm_eps: m.required_f64(&key("attention.layer_norm_rms_epsilon"))?,
        tie_word_embeddings: !has_tensor(file, "output.weight"),
        qkv_bias: false,
        o_bias: false,
        mlp_bias: false,
        sliding_window: Some(sliding_window),
        max_position_embeddings: m.required(&key("context_length"))?,
        layer_types: types,
        sliding_rope: Some(Rope {
            theta: m.f64(&key("rope.freq_base_swa"))?.unwrap_or(10000.0),
            scaling: None,
        }),
        qk_norm: true,
        qk_norm_whole_projection: false,
        post_norms: true,
        activation: Activation::GeluTanh,
        embedding_scale: Some((hidden as f64).sqrt()),
        attention_scale: Some(1.0),
        norm_weight_offset: 0.0,
        experts: experts(file, m, &key)?,
        attention_sinks: false,
        full_attention_heads: (full_heads
            != HeadShape {
                head_dim: sliding_dim,
                kv_heads: kv.sliding,
            })
        .then_some(full_heads),
        full_attention_value_is_key: value_is_key,
        value_norm: true,
        final_logit_softcap: m.f64(&key("final_logit_softcapping"))?,
        layer_scalar: has_tensor(file, "blk.0.layer_output_scale.weight"),
        kv_shared_layers: shared,
        kv_shared_double_mlp: double,
        per_layer_input,
        linear_attention: None,
        attention_output_gate: false,
        rotary_dim: None,
    };
    cfg.validate()?;
    Ok(cfg)
}

/// The 26B-A4B's experts (`expert_count`, `expert_used_count`, `expert_feed_forward_length`)
/// in every layer beside its dense MLP: llama.cpp's graph fixes the softmax, the
/// renormalisation, the scaled router (`ffn_gate_inp.scale`) and the per-expert scales
/// (`ffn_down_exps.scale`), which must be there.
fn experts(
    file: &GgufFile,
    m: &Meta,
    key: &dyn Fn(&str) -> String,
) -> Result<Option<Experts>, ConfigError> {
    let Some(count) = m.u64(&key("expert_count"))? else {
        return Ok(None);
    };
    for name in ["blk.0.ffn_gate_inp.scale", "blk.0.ffn_down_exps.scale"] {
        if !has_tensor(file, name) {
            return Err(invalid(format!("gemma4 experts without {name}")));
        }
    }
    let required = |k: &str| m.required(&key(k));
    Ok(Some(Experts {
        count: count as usize,
        per_token: required("expert_used_count")?,
        width: required("expert_feed_forward_length")?,
        renormalize: true,
        shared: None,
        dense_layers: Vec::new(),
        routing: Routing::SoftmaxTopK,
        biases: false,
        scaled_router: true,
        dense_beside: true,
    }))
}

/// `true` marks a sliding layer; the last layer is global whatever the list says, as in
/// transformers.
fn layer_types(m: &Meta, name: &str, layers: usize) -> Result<Vec<LayerType>, ConfigError> {
    let value =
        m.0.get(name)
            .ok_or_else(|| invalid(format!("{name} missing")))?;
    let flags: Option<Vec<bool>> = value
        .as_array()
        .and_then(|a| a.iter().map(|v| v.as_bool()).collect());
    let mut types: Vec<LayerType> = match flags {
        Some(f) if f.len() == layers => f
            .into_iter()
            .map(|sliding| match sliding {
                true => LayerType::SlidingAttention,
                false => LayerType::FullAttention,
            })
            .collect(),
        _ => return Err(invalid(format!("{name} = {value:?} (one flag per layer)"))),
    };
    if let Some(last) = types.last_mut() {
        *last = LayerType::FullAttention;
    }
    Ok(types)
}

/// A per-layer array, or one number for every layer.
fn per_layer(m: &Meta, name: &str, layers: usize) -> Result<Vec<usize>, ConfigError> {
    let value =
        m.0.get(name)
            .ok_or_else(|| invalid(format!("{name} missing")))?;
    if let Some(n) = value.as_u64() {
        return Ok(vec![n as usize; layers]);
    }
    let list: Option<Vec<usize>> = value
        .as_array()
        .and_then(|a| a.iter().map(|v| v.as_u64().map(|n| n as usize)).collect());
    match list {
        Some(l) if l.len() == layers => Ok(l),
        _ => Err(invalid(format!("{name} = {value:?} (a number per layer)"))),
    }
}

struct PerKind {
    sliding: usize,
    full: usize,
}

/// A value that may differ between sliding and global layers, and nowhere else.
fn per_kind(
    m: &Meta,
    name: &str,
    types: &[LayerType],
    default: Option<usize>,
) -> Result<PerKind, ConfigError> {
    let values = match (m.0.get(name), default) {
        (None, Some(d)) => vec![d; types.len()],
        _ => per_layer(m, name, types.len())?,
    };
    let of = |kind: LayerType| {
        let mut of_kind = (0..types.len())
            .filter(|&l| types[l] == kind)
            .map(|l| values[l]);
        let first = of_kind.clone().next();
        match first {
            Some(v) if of_kind.all(|x| x == v) => Ok(Some(v)),
            Some(_) => unsupported(format!("{name}: {kind:?} layers that differ")),
            None => Ok(None),
        }
    };
    let (sliding, full) = (
        of(LayerType::SlidingAttention)?,
        of(LayerType::FullAttention)?,
    );
    let full = full.ok_or_else(|| invalid("gemma4 without a global layer"))?;
    Ok(PerKind {
        sliding: sliding.unwrap_or(full),
        full,
    })
}

/// Rows of a `[rows, cols]` table (GGUF dims `[cols, rows]`) whose rows hold `cols` values.
fn table_rows(file: &GgufFile, name: &str, cols: usize) -> Result<usize, ConfigError> {
    let info = file
        .tensor(name)
        .map_err(|_| invalid(format!("{name} missing (per-layer inputs are on)")))?;
    match info.dims[..] {
        [c, rows] if c as usize == cols => Ok(rows as usize),
        _ => Err(invalid(format!(
            "{name} has dims {:?}, not [{cols}, vocab]",
            info.dims
        ))),
    }
}

/// The global layers' RoPE: `rope_freqs.weight` of 1s then 1e30s is proportional RoPE over the
/// 1s' share of the head; without it every pair rotates.
fn proportional(file: &GgufFile, head_dim: usize) -> Result<Option<RopeScaling>, ConfigError> {
    let Some(divisors) = rope_freqs(file)? else {
        return Ok(None);
    };
    let rotated = divisors.iter().take_while(|&&d| d == 1.0).count();
    let rest_off = divisors[rotated..].iter().all(|&d| d >= 1e30);
    if divisors.len() != head_dim / 2 || !rest_off {
        return unsupported(format!(
            "rope_freqs.weight of {} divisors for a head of {head_dim} (1 then 1e30 is read)",
            divisors.len()
        ));
    }
    Ok(Some(RopeScaling::Proportional {
        partial_rotary_factor: 2.0 * rotated as f64 / head_dim as f64,
        factor: 1.0,
    }))
}
