//! HF `config.json`, as transformers 4 (`rope_theta`, `rope_scaling`) and transformers 5
//! (`rope_parameters`, per layer type for hybrid models) write it.
//!
//! Defaults are only those transformers' own config classes apply when a key is absent:
//! - `num_key_value_heads`: `num_attention_heads` (Llama and OLMoE only; the other classes
//!   default to a number that belongs to one model, so the key is required there);
//! - `head_dim`: `hidden_size / num_attention_heads` (Llama, Mistral, Qwen 2 and the MoE
//!   families, whose attention modules compute it so when the key is absent; required for
//!   Qwen 3 and Gemma 3, whose class defaults belong to one model size);
//! - `hidden_act` / `hidden_activation`: silu, and gelu_pytorch_tanh for Gemma 3;
//! - `tie_word_embeddings`: false, true for Gemma 3; `attention_bias`, `mlp_bias`: false;
//!   Qwen2-MoE's `qkv_bias`: true;
//! - Mistral `sliding_window`: 4096 (Mixtral's: none); Gemma 3 `sliding_window_pattern`: 6
//!   (when no `layer_types`); Gemma 3 `rope_local_base_freq`: 10000 (transformers 4 form);
//! - experts: `norm_topk_prob` false (qwen2_moe, qwen3_moe, olmoe; Mixtral always
//!   renormalises), `decoder_sparse_step` 1 and `mlp_only_layers` empty (qwen2_moe,
//!   qwen3_moe);
//! - gpt-oss: `attention_bias` true, `swiglu_alpha` 1.702, `swiglu_limit` 7, even layers
//!   sliding when there are no `layer_types`; YaRN's `beta_fast` 32, `beta_slow` 1,
//!   `truncate` true and its attention factor from `factor` (see [`yarn`]).
//!
//! The RoPE base, `rms_norm_eps`, the sizes and `max_position_embeddings` are required, and so
//! are the expert count, experts per token and expert widths, whose class defaults belong to
//! one model.

mod gemma4;
mod qwen3_5;

use std::path::Path;

use serde_json::{Map, Value};

use super::{
    invalid, unsupported, Activation, ConfigError, Experts, Family, LayerType, ModelConfig, Rope,
    RopeScaling, Routing, SharedExpert,
};

/// HF spells the text-only Gemma 3 `gemma3_text`; its `gemma3` is the multimodal checkpoint.
fn family_of_model_type(model_type: &str) -> Result<Family, ConfigError> {
    match (model_type, Family::from_architecture(model_type)) {
        ("gemma3", _) => unsupported(
            "model_type \"gemma3\" (the multimodal checkpoint; text-only gemma3_text is supported)",
        ),
        (_, Some(family)) => Ok(family),
        (other, None) => unsupported(format!(
            "model_type {other:?} (supported: llama, mistral, qwen2, qwen3, gemma3_text, \
             qwen2_moe, qwen3_moe, mixtral, olmoe, gpt_oss, gemma4, gemma4_text, qwen3_5, \
             qwen3_5_text, qwen3_5_moe, qwen3_5_moe_text)"
        )),
    }
}

pub fn from_hf_dir(dir: &Path) -> Result<ModelConfig, ConfigError> {
    let path = dir.join("config.json");
    let text = std::fs::read_to_string(&path).map_err(|source| ConfigError::Io {
        path: path.display().to_string(),
        source,
    })?;
    from_hf_json(&text).map_err(|e| match e {
        ConfigError::Parse { message, .. } => ConfigError::Parse {
            path: path.display().to_string(),
            message,
        },
        other => other,
    })
}

/// Parses an HF `config.json`.
pub fn from_hf_json(text: &str) -> Result<ModelConfig, ConfigError> {
    let root: Value = serde_json::from_str(text).map_err(|e| ConfigError::Parse {
        path: "config.json".into(),
        message: e.to_string(),
    })?;
    let Some(obj) = root.as_object() else {
        return Err(invalid("config.json is not an object"));
    };
    let j = Json(obj);
    let model_type = j
        .str("model_type")?
        .ok_or_else(|| invalid("model_type missing"))?;
    let family = family_of_model_type(model_type)?;
    match family {
        Family::Gemma4 => return gemma4::from_json(&j, model_type),
        Family::Qwen35 | Family::Qwen35Moe => return qwen3_5::from_json(&j, model_type, family),
        _ => {}
    }
    reject_unsupported(&j, family)?;
    let heads = j.required_usize("num_attention_heads")?;
    let hidden = j.required_usize("hidden_size")?;
    let layers = j.required_usize("num_hidden_layers")?;
    let head_dim = match (j.usize("head_dim")?, family) {
        (Some(d), _) => d,
        (None, Family::Qwen3 | Family::Gemma3 | Family::GptOss) => {
            return Err(invalid("head_dim missing"))
        }
        (None, _) => hidden / heads.max(1),
    };
    // OLMoE's q_norm has hidden_size weights whatever head_dim says, so the two must agree.
    if family == Family::Olmoe && head_dim * heads != hidden {
        return unsupported(format!(
            "olmoe with head_dim {head_dim} x {heads} heads != hidden_size {hidden}"
        ));
    }
    let gemma = family == Family::Gemma3;
    let (attention_bias, mlp_bias) = biases(&j, family)?;
    let (rope, sliding_rope) = ropes(&j, family)?;
    let (sliding_window, layer_types) = attention_layers(&j, family, layers)?;
    let cfg = ModelConfig {
        architecture: model_type.to_string(),
        vocab_size: j.required_usize("vocab_size")?,
        hidden_size: hidden,
        intermediate_size: j.required_usize("intermediate_size")?,
        num_hidden_layers: layers,
        num_attention_heads: heads,
        num_key_value_heads: match (j.usize("num_key_value_heads")?, family) {
            (Some(n), _) => n,
            (None, Family::Llama | Family::Olmoe) => heads,
            (None, _) => return Err(invalid("num_key_value_heads missing")),
        },
        head_dim,
        rope_theta: rope.theta,
        rope_scaling: rope.scaling,
        rms_norm_eps: j.required_f64("rms_norm_eps")?,
        tie_word_embeddings: j.bool("tie_word_embeddings")?.unwrap_or(gemma),
        qkv_bias: attention_bias || qwen2_qkv_bias(&j, family)?,
        o_bias: attention_bias,
        mlp_bias,
        sliding_window,
        max_position_embeddings: j.required_usize("max_position_embeddings")?,
        layer_types,
        sliding_rope,
        qk_norm: matches!(
            family,
            Family::Qwen3 | Family::Gemma3 | Family::Qwen3Moe | Family::Olmoe
        ),
        qk_norm_whole_projection: family == Family::Olmoe,
        post_norms: gemma,
        activation: activation(&j, family)?,
        embedding_scale: gemma.then(|| (hidden as f64).sqrt()),
        attention_scale: match gemma {
            true => Some(j.required_f64("query_pre_attn_scalar")?.powf(-0.5)),
            false => None,
        },
        norm_weight_offset: if gemma { 1.0 } else { 0.0 },
        experts: experts(&j, family, layers)?,
        attention_sinks: family == Family::GptOss,
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
    Ok(cfg)
}

fn reject_unsupported(j: &Json, family: Family) -> Result<(), ConfigError> {
    let moe_keys: &[&str] = match family {
        Family::Llama
        | Family::Mistral
        | Family::Qwen2
        | Family::Qwen3
        | Family::Gemma3
        | Family::Gemma4
        | Family::Qwen35 => &[
            "num_local_experts",
            "num_experts",
            "n_routed_experts",
            "moe_intermediate_size",
        ],
        // Routing the MoE families' graphs do not have (DeepSeek's groups and shared experts).
        Family::Qwen2Moe
        | Family::Qwen3Moe
        | Family::Mixtral
        | Family::Olmoe
        | Family::GptOss
        | Family::Qwen35Moe => &["n_routed_experts", "n_shared_experts"],
    };
    for key in moe_keys {
        if j.0
            .get(*key)
            .is_some_and(|v| !v.is_null() && v.as_u64() != Some(0))
        {
            return unsupported(format!("mixture of experts ({key}) for this model_type"));
        }
    }
    let set = |key: &str| j.0.get(key).is_some_and(|v| !v.is_null() && v != false);
    for key in [
        "quantization_config",
        "attn_logit_softcapping",
        "final_logit_softcapping",
        "use_bidirectional_attention",
        "clip_qkv",
    ] {
        if set(key) {
            return unsupported(key.to_string());
        }
    }
    if j.f64("partial_rotary_factor")?.is_some_and(|f| f != 1.0) {
        return unsupported("partial_rotary_factor (RoPE on part of the head)");
    }
    Ok(())
}

fn activation(j: &Json, family: Family) -> Result<Activation, ConfigError> {
    if family == Family::GptOss {
        // The experts' activation is fixed by the model class; `hidden_act` is not read.
        return Ok(Activation::ClampedSwiglu {
            alpha: j.f64("swiglu_alpha")?.unwrap_or(1.702),
            limit: j.f64("swiglu_limit")?.unwrap_or(7.0),
        });
    }
    let (key, default) = match family {
        Family::Gemma3 | Family::Gemma4 => ("hidden_activation", "gelu_pytorch_tanh"),
        _ => ("hidden_act", "silu"),
    };
    match j.str(key)?.unwrap_or(default) {
        "silu" => Ok(Activation::Silu),
        "gelu_pytorch_tanh" => Ok(Activation::GeluTanh),
        other => unsupported(format!(
            "{key} {other:?} (supported: silu, gelu_pytorch_tanh)"
        )),
    }
}

/// (q/k/v/o bias, MLP bias). Mistral's and Qwen 2's modules take no bias switch.
fn biases(j: &Json, family: Family) -> Result<(bool, bool), ConfigError> {
    let attention = j.bool("attention_bias")?.unwrap_or(false);
    let mlp = j.bool("mlp_bias")?.unwrap_or(false);
    Ok(match family {
        Family::Llama => (attention, mlp),
        Family::Qwen3
        | Family::Gemma3
        | Family::Gemma4
        | Family::Qwen3Moe
        | Family::Olmoe
        | Family::Qwen35
        | Family::Qwen35Moe => (attention, false),
        // The expert biases are part of the experts, not `mlp_bias`.
        Family::GptOss => (j.bool("attention_bias")?.unwrap_or(true), false),
        Family::Mistral | Family::Qwen2 | Family::Qwen2Moe | Family::Mixtral => (false, false),
    })
}

/// Qwen 2 always has q/k/v biases; Qwen2-MoE has a switch for them.
fn qwen2_qkv_bias(j: &Json, family: Family) -> Result<bool, ConfigError> {
    Ok(match family {
        Family::Qwen2 => true,
        Family::Qwen2Moe => j.bool("qkv_bias")?.unwrap_or(true),
        _ => false,
    })
}

/// The experts MLP of the MoE families (`None` for the others, and for a Qwen-MoE config with
/// no sparse layer). Layer `l` of Qwen2/Qwen3-MoE is sparse when it is not in
/// `mlp_only_layers` and `(l + 1) % decoder_sparse_step == 0`, as their decoder layers decide.
fn experts(j: &Json, family: Family, layers: usize) -> Result<Option<Experts>, ConfigError> {
    // transformers maps num_experts and num_local_experts onto one attribute for these classes
    // (`attribute_map`), so either key may carry the count; Qwen2-MoE knows only num_experts.
    let (count_keys, width_key): (&[&str], _) = match family {
        Family::Qwen2Moe => (&["num_experts"], "moe_intermediate_size"),
        Family::Qwen3Moe => (
            &["num_experts", "num_local_experts"],
            "moe_intermediate_size",
        ),
        Family::Mixtral | Family::Olmoe | Family::GptOss => {
            (&["num_local_experts", "num_experts"], "intermediate_size")
        }
        _ => return Ok(None),
    };
    let mut count = None;
    for key in count_keys {
        match (count, j.usize(key)?) {
            (Some((k, a)), Some(b)) if a != b => {
                return Err(invalid(format!("{k} {a} and {key} {b} disagree")))
            }
            (None, Some(n)) => count = Some((*key, n)),
            _ => {}
        }
    }
    let Some((_, count)) = count else {
        return Err(invalid(format!("{} missing", count_keys.join(" or "))));
    };
    let qwen = matches!(family, Family::Qwen2Moe | Family::Qwen3Moe);
    let dense_layers = match qwen {
        true => qwen_dense_layers(j, layers)?,
        false => Vec::new(),
    };
    // With no experts the Qwen-MoE decoder layers are all dense.
    if qwen && (count == 0 || dense_layers.len() == layers) {
        return Ok(None);
    }
    let shared = match family {
        Family::Qwen2Moe => Some(SharedExpert {
            width: j.required_usize("shared_expert_intermediate_size")?,
        }),
        _ => None,
    };
    Ok(Some(Experts {
        count,
        per_token: j.required_usize("num_experts_per_tok")?,
        width: j.required_usize(width_key)?,
        renormalize: match family {
            Family::Mixtral => true,
            Family::GptOss => false,
            _ => j.bool("norm_topk_prob")?.unwrap_or(false),
        },
        shared,
        dense_layers,
        routing: match family {
            Family::GptOss => Routing::TopKSoftmax,
            _ => Routing::SoftmaxTopK,
        },
        biases: family == Family::GptOss,
        scaled_router: false,
        dense_beside: false,
    }))
}

fn qwen_dense_layers(j: &Json, layers: usize) -> Result<Vec<usize>, ConfigError> {
    let step = j.usize("decoder_sparse_step")?.unwrap_or(1);
    if step == 0 {
        return Err(invalid("decoder_sparse_step is 0"));
    }
    let only = match j.0.get("mlp_only_layers").filter(|v| !v.is_null()) {
        None => Vec::new(),
        Some(list) => list
            .as_array()
            .and_then(|l| l.iter().map(Value::as_u64).collect::<Option<Vec<_>>>())
            .ok_or_else(|| invalid(format!("mlp_only_layers = {list} is not a list of layers")))?,
    };
    Ok((0..layers)
        .filter(|&l| only.contains(&(l as u64)) || (l + 1) % step != 0)
        .collect())
}

/// The window and, for hybrid models, the per-layer kinds (empty when uniform).
fn attention_layers(
    j: &Json,
    family: Family,
    layers: usize,
) -> Result<(Option<usize>, Vec<LayerType>), ConfigError> {
    match family {
        Family::Llama | Family::Olmoe => Ok((None, Vec::new())),
        Family::Mixtral => Ok((j.usize("sliding_window")?, Vec::new())),
        Family::Mistral => {
            let window = match j.0.get("sliding_window") {
                None => Some(4096),
                Some(_) => j.usize("sliding_window")?,
            };
            Ok((window, Vec::new()))
        }
        Family::Qwen2 | Family::Qwen3 | Family::Qwen2Moe | Family::Qwen3Moe => {
            if j.bool("use_sliding_window")?.unwrap_or(false) {
                return unsupported("use_sliding_window (sliding layers above max_window_layers)");
            }
            let listed = layer_types(j, layers, false)?;
            if listed
                .iter()
                .flatten()
                .any(|&t| t == LayerType::SlidingAttention)
            {
                return unsupported("sliding_attention layers with use_sliding_window false");
            }
            Ok((None, Vec::new()))
        }
        Family::Gemma3 | Family::Gemma4 => {
            let window = j
                .usize("sliding_window")?
                .ok_or_else(|| invalid("sliding_window missing"))?;
            let mut types = match layer_types(j, layers, false)? {
                Some(types) => types,
                None => pattern_layers(j, layers)?,
            };
            // Gemma 4's config class makes the last layer global whatever the list says.
            if let (Family::Gemma4, Some(last)) = (family, types.last_mut()) {
                *last = LayerType::FullAttention;
            }
            Ok((Some(window), types))
        }
        // Read by their own reader (`qwen3_5`).
        Family::Qwen35 | Family::Qwen35Moe => {
            Ok((None, layer_types(j, layers, true)?.unwrap_or_default()))
        }
        Family::GptOss => {
            let window = j
                .usize("sliding_window")?
                .ok_or_else(|| invalid("sliding_window missing"))?;
            // The class default: even layers slide, odd ones attend to everything.
            let types = match layer_types(j, layers, false)? {
                Some(types) => types,
                None => (0..layers)
                    .map(|l| match l % 2 {
                        0 => LayerType::SlidingAttention,
                        _ => LayerType::FullAttention,
                    })
                    .collect(),
            };
            Ok((Some(window), types))
        }
    }
}

/// The listed layer kinds; linear attention only where the family has it (`linear`).
fn layer_types(
    j: &Json,
    layers: usize,
    linear: bool,
) -> Result<Option<Vec<LayerType>>, ConfigError> {
    let Some(list) = j.0.get("layer_types").filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let list = list
        .as_array()
        .ok_or_else(|| invalid("layer_types is not a list"))?;
    let types = list
        .iter()
        .map(|t| match t.as_str() {
            Some("full_attention") => Ok(LayerType::FullAttention),
            Some("sliding_attention") => Ok(LayerType::SlidingAttention),
            Some("linear_attention") if linear => Ok(LayerType::LinearAttention),
            _ => unsupported(format!("layer type {t}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if types.len() != layers {
        return Err(invalid(format!(
            "{} layer_types for {layers} layers",
            types.len()
        )));
    }
    Ok(Some(types))
}

/// transformers 4 Gemma 3: every `sliding_window_pattern`-th layer is global.
fn pattern_layers(j: &Json, layers: usize) -> Result<Vec<LayerType>, ConfigError> {
    let pattern = j
        .usize("sliding_window_pattern")?
        .or(j.usize("_sliding_window_pattern")?)
        .unwrap_or(6);
    if pattern == 0 {
        return Err(invalid("sliding_window_pattern is 0"));
    }
    Ok(every_nth_full(layers, pattern, LayerType::SlidingAttention))
}

/// Layer `l` full attention when `(l + 1) % n == 0`, of kind `other` otherwise (`n` > 0).
fn every_nth_full(layers: usize, n: usize, other: LayerType) -> Vec<LayerType> {
    (0..layers)
        .map(|l| match (l + 1) % n {
            0 => LayerType::FullAttention,
            _ => other,
        })
        .collect()
}

/// (full-attention RoPE, sliding-layer RoPE where it differs).
fn ropes(j: &Json, family: Family) -> Result<(Rope, Option<Rope>), ConfigError> {
    if let Some(params) = j.0.get("rope_parameters").filter(|v| !v.is_null()) {
        let params = object(params, "rope_parameters")?;
        if params.0.contains_key("full_attention") {
            let full = rope_parameters(&params, "full_attention")?;
            let sliding = match params.0.contains_key("sliding_attention") {
                true => Some(rope_parameters(&params, "sliding_attention")?),
                false => None,
            };
            return Ok((full, sliding));
        }
        let rope = rope_from(&params, "rope_parameters")?;
        return Ok((rope, None));
    }
    let theta = j.f64("rope_theta")?.ok_or_else(|| {
        invalid("rope_theta missing (neither rope_theta nor rope_parameters is set)")
    })?;
    let scaling = match j.0.get("rope_scaling").filter(|v| !v.is_null()) {
        Some(s) => scaling(&object(s, "rope_scaling")?, "rope_scaling")?,
        None => None,
    };
    let full = Rope { theta, scaling };
    let sliding = match family {
        Family::Gemma3 => Some(Rope {
            theta: j.f64("rope_local_base_freq")?.unwrap_or(10000.0),
            scaling: None,
        }),
        _ => None,
    };
    Ok((full, sliding))
}

fn rope_parameters(params: &Json, kind: &str) -> Result<Rope, ConfigError> {
    let value = params.0.get(kind).expect("checked by the caller");
    rope_from(&object(value, kind)?, &format!("rope_parameters.{kind}"))
}

/// A transformers 5 RoPE dict: `rope_theta` and the scaling fields side by side.
fn rope_from(d: &Json, ctx: &str) -> Result<Rope, ConfigError> {
    let theta = d
        .f64("rope_theta")?
        .ok_or_else(|| invalid(format!("{ctx}.rope_theta missing")))?;
    Ok(Rope {
        theta,
        scaling: scaling(d, ctx)?,
    })
}

fn scaling(s: &Json, ctx: &str) -> Result<Option<RopeScaling>, ConfigError> {
    let kind = match s.str("rope_type")? {
        Some(k) => k,
        None => s.str("type")?.unwrap_or("default"),
    };
    let field = |k: &str| {
        s.f64(k)?
            .ok_or_else(|| invalid(format!("{ctx}.{k} missing")))
    };
    let partial = s.f64("partial_rotary_factor")?.is_some_and(|f| f != 1.0);
    if partial && kind != "proportional" {
        return unsupported(format!(
            "{ctx}.partial_rotary_factor with rope_type {kind:?} (RoPE on part of the head)"
        ));
    }
    match kind {
        "default" => Ok(None),
        "linear" => Ok(Some(RopeScaling::Linear {
            factor: field("factor")?,
        })),
        "llama3" => Ok(Some(RopeScaling::Llama3 {
            factor: field("factor")?,
            low_freq_factor: field("low_freq_factor")?,
            high_freq_factor: field("high_freq_factor")?,
            original_max_position_embeddings: field("original_max_position_embeddings")?,
        })),
        "yarn" => yarn(s, ctx).map(Some),
        "proportional" => Ok(Some(RopeScaling::Proportional {
            partial_rotary_factor: s.f64("partial_rotary_factor")?.unwrap_or(1.0),
            factor: s.f64("factor")?.unwrap_or(1.0),
        })),
        other => unsupported(format!(
            "{ctx} type {other:?} (supported: default, linear, llama3, yarn, proportional)"
        )),
    }
}

/// YaRN as transformers reads it: `beta_fast` 32, `beta_slow` 1 and `truncate` true when
/// absent; `attention_factor` when absent is `0.1 ln(factor) + 1` (1 for factor <= 1), or the
/// ratio of that formula at `mscale` and at `mscale_all_dim` when both are set.
fn yarn(s: &Json, ctx: &str) -> Result<RopeScaling, ConfigError> {
    let field = |k: &str| {
        s.f64(k)?
            .ok_or_else(|| invalid(format!("{ctx}.{k} missing")))
    };
    let factor = field("factor")?;
    let mscale = |m: f64| match factor <= 1.0 {
        true => 1.0,
        false => 0.1 * m * factor.ln() + 1.0,
    };
    let attention_factor = match (
        s.f64("attention_factor")?,
        s.f64("mscale")?.filter(|&m| m != 0.0),
        s.f64("mscale_all_dim")?.filter(|&m| m != 0.0),
    ) {
        (Some(a), _, _) => a,
        (None, Some(m), Some(all)) => mscale(m) / mscale(all),
        (None, _, _) => mscale(1.0),
    };
    Ok(RopeScaling::Yarn {
        factor,
        original_max_position_embeddings: field("original_max_position_embeddings")?,
        // transformers treats 0 like absent here (`or`).
        beta_fast: s.f64("beta_fast")?.filter(|&b| b != 0.0).unwrap_or(32.0),
        beta_slow: s.f64("beta_slow")?.filter(|&b| b != 0.0).unwrap_or(1.0),
        truncate: s.bool("truncate")?.unwrap_or(true),
        attention_factor,
    })
}

fn object<'a>(v: &'a Value, what: &str) -> Result<Json<'a>, ConfigError> {
    v.as_object()
        .map(Json)
        .ok_or_else(|| invalid(format!("{what} is not an object")))
}

/// Typed access to optional JSON fields: absent or null is `None`, a wrong type is an error.
struct Json<'a>(&'a Map<String, Value>);

impl Json<'_> {
    fn get<'s, T>(
        &'s self,
        key: &str,
        what: &str,
        f: impl Fn(&'s Value) -> Option<T>,
    ) -> Result<Option<T>, ConfigError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => f(v)
                .map(Some)
                .ok_or_else(|| invalid(format!("{key} = {v} is not {what}"))),
        }
    }

    fn str(&self, key: &str) -> Result<Option<&str>, ConfigError> {
        self.get(key, "a string", |v| v.as_str())
    }

    fn bool(&self, key: &str) -> Result<Option<bool>, ConfigError> {
        self.get(key, "a boolean", Value::as_bool)
    }

    fn f64(&self, key: &str) -> Result<Option<f64>, ConfigError> {
        self.get(key, "a number", Value::as_f64)
    }

    fn usize(&self, key: &str) -> Result<Option<usize>, ConfigError> {
        self.get(key, "a non-negative integer", |v| {
            v.as_u64().and_then(|n| usize::try_from(n).ok())
        })
    }

    fn required_usize(&self, key: &str) -> Result<usize, ConfigError> {
        self.usize(key)?
            .ok_or_else(|| invalid(format!("{key} missing")))
    }

    fn required_f64(&self, key: &str) -> Result<f64, ConfigError> {
        self.f64(key)?
            .ok_or_else(|| invalid(format!("{key} missing")))
    }
}
