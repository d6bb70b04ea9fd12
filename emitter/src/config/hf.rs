use std::path::Path;

use serde_json::{Map, Value};

use super::{unsupported, ConfigError, ModelConfig, RopeScaling};

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

/// Parses an HF `config.json` with the defaults of the transformers config classes.
pub fn from_hf_json(text: &str) -> Result<ModelConfig, ConfigError> {
    let root: Value = serde_json::from_str(text).map_err(|e| ConfigError::Parse {
        path: "config.json".into(),
        message: e.to_string(),
    })?;
    let Some(obj) = root.as_object() else {
        return Err(ConfigError::Invalid("config.json is not an object".into()));
    };
    let j = Json(obj);
    let model_type = j.str("model_type")?.unwrap_or_default();
    if !["llama", "mistral", "qwen2"].contains(&model_type) {
        return unsupported(format!(
            "model_type {model_type:?} (supported: llama, mistral, qwen2)"
        ));
    }
    reject_unsupported(&j)?;
    let heads = j.required_usize("num_attention_heads")?;
    let hidden = j.required_usize("hidden_size")?;
    let qwen2 = model_type == "qwen2";
    let attention_bias = j.bool("attention_bias")?.unwrap_or(false);
    let cfg = ModelConfig {
        architecture: model_type.to_string(),
        vocab_size: j.required_usize("vocab_size")?,
        hidden_size: hidden,
        intermediate_size: j.required_usize("intermediate_size")?,
        num_hidden_layers: j.required_usize("num_hidden_layers")?,
        num_attention_heads: heads,
        num_key_value_heads: j.usize("num_key_value_heads")?.unwrap_or(heads),
        head_dim: j.usize("head_dim")?.unwrap_or(hidden / heads.max(1)),
        rope_theta: j.f64("rope_theta")?.unwrap_or(10000.0),
        rope_scaling: rope_scaling(&j)?,
        rms_norm_eps: j.f64("rms_norm_eps")?.unwrap_or(1e-6),
        tie_word_embeddings: j.bool("tie_word_embeddings")?.unwrap_or(false),
        qkv_bias: qwen2 || attention_bias,
        o_bias: !qwen2 && attention_bias,
        mlp_bias: j.bool("mlp_bias")?.unwrap_or(false),
        sliding_window: sliding_window(&j, qwen2)?,
        max_position_embeddings: j.usize("max_position_embeddings")?.unwrap_or(2048),
    };
    cfg.validate()?;
    Ok(cfg)
}

fn reject_unsupported(j: &Json) -> Result<(), ConfigError> {
    for key in [
        "num_local_experts",
        "num_experts",
        "n_routed_experts",
        "moe_intermediate_size",
    ] {
        if j.0
            .get(key)
            .is_some_and(|v| !v.is_null() && v.as_u64() != Some(0))
        {
            return unsupported(format!("mixture of experts ({key})"));
        }
    }
    if let Some(act) = j.str("hidden_act")? {
        if act != "silu" {
            return unsupported(format!("hidden_act {act:?} (only silu)"));
        }
    }
    if j.0.get("quantization_config").is_some_and(|v| !v.is_null()) {
        return unsupported("quantization_config (pre-quantized checkpoints)");
    }
    if j.f64("partial_rotary_factor")?.is_some_and(|f| f != 1.0) {
        return unsupported("partial_rotary_factor (RoPE on part of the head)");
    }
    Ok(())
}

fn sliding_window(j: &Json, qwen2: bool) -> Result<Option<usize>, ConfigError> {
    if qwen2 && !j.bool("use_sliding_window")?.unwrap_or(false) {
        return Ok(None);
    }
    j.usize("sliding_window")
}

fn rope_scaling(j: &Json) -> Result<Option<RopeScaling>, ConfigError> {
    let Some(scaling) = j.0.get("rope_scaling").filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let Some(obj) = scaling.as_object() else {
        return Err(ConfigError::Invalid("rope_scaling is not an object".into()));
    };
    let s = Json(obj);
    let kind = match s.str("rope_type")? {
        Some(k) => k,
        None => s.str("type")?.unwrap_or("default"),
    };
    let factor = || {
        s.0.get("factor")
            .and_then(Value::as_f64)
            .ok_or_else(|| ConfigError::Invalid("rope_scaling.factor missing".into()))
    };
    let field = |k: &str| {
        s.0.get(k)
            .and_then(Value::as_f64)
            .ok_or_else(|| ConfigError::Invalid(format!("rope_scaling.{k} missing")))
    };
    match kind {
        "default" => Ok(None),
        "linear" => Ok(Some(RopeScaling::Linear { factor: factor()? })),
        "llama3" => Ok(Some(RopeScaling::Llama3 {
            factor: factor()?,
            low_freq_factor: field("low_freq_factor")?,
            high_freq_factor: field("high_freq_factor")?,
            original_max_position_embeddings: field("original_max_position_embeddings")?,
        })),
        other => unsupported(format!(
            "rope_scaling type {other:?} (supported: default, linear, llama3)"
        )),
    }
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
                .ok_or_else(|| ConfigError::Invalid(format!("{key} = {v} is not {what}"))),
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
            .ok_or_else(|| ConfigError::Invalid(format!("{key} missing")))
    }
}
