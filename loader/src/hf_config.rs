//! An HF `config.json` equivalent synthesized from GGUF metadata, so both model sources are
//! described to the rest of the toolkit the same way.

use gguf::GgufFile;
use serde_json::{json, Map, Value};

use crate::error::{Error, Result};

pub const SUPPORTED_ARCHITECTURES: &[&str] = &["llama"];

/// HF config for a Llama-family GGUF. Keys follow HF's LlamaConfig.
pub fn from_gguf(file: &GgufFile) -> Result<Value> {
    let arch = file.architecture()?;
    if !SUPPORTED_ARCHITECTURES.contains(&arch) {
        return Err(Error::UnsupportedArchitecture(arch.to_owned()));
    }
    let key = |k: &str| format!("{arch}.{k}");
    let hidden = file.get_u64(&key("embedding_length"))?;
    let heads = file.get_u64(&key("attention.head_count"))?;
    let kv_heads = optional_u64(file, &key("attention.head_count_kv"))?.unwrap_or(heads);
    if heads == 0 || kv_heads == 0 || heads % kv_heads != 0 {
        return Err(Error::Config(format!(
            "{heads} attention heads cannot share {kv_heads} kv heads"
        )));
    }
    let head_dim = optional_u64(file, &key("attention.key_length"))?.unwrap_or(hidden / heads);
    let mut config = json!({
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_act": "silu",
        "hidden_size": hidden,
        "intermediate_size": file.get_u64(&key("feed_forward_length"))?,
        "num_hidden_layers": file.get_u64(&key("block_count"))?,
        "num_attention_heads": heads,
        "num_key_value_heads": kv_heads,
        "head_dim": head_dim,
        "rms_norm_eps": file.get_f64(&key("attention.layer_norm_rms_epsilon"))?,
        "rope_theta": optional_f64(file, &key("rope.freq_base"))?.unwrap_or(10000.0),
        "max_position_embeddings": file.get_u64(&key("context_length"))?,
        "vocab_size": vocab_size(file)?,
        "tie_word_embeddings": file.tensor("output.weight").is_err(),
        "attention_bias": file.tensor("blk.0.attn_q.bias").is_ok(),
        "mlp_bias": false,
        "torch_dtype": "float32",
    });
    let obj = config.as_object_mut().expect("built as an object");
    insert_token_ids(file, obj)?;
    insert_rope_scaling(file, arch, obj)?;
    Ok(config)
}

fn optional_u64(file: &GgufFile, key: &str) -> Result<Option<u64>> {
    file.get(key)
        .map(|_| file.get_u64(key))
        .transpose()
        .map_err(Into::into)
}

fn optional_f64(file: &GgufFile, key: &str) -> Result<Option<f64>> {
    file.get(key)
        .map(|_| file.get_f64(key))
        .transpose()
        .map_err(Into::into)
}

/// Older files lack `<arch>.vocab_size`; the embedding's row count is authoritative then.
fn vocab_size(file: &GgufFile) -> Result<u64> {
    if let Some(v) = optional_u64(file, &format!("{}.vocab_size", file.architecture()?))? {
        return Ok(v);
    }
    let embd = file.tensor("token_embd.weight")?;
    embd.dims
        .get(1)
        .copied()
        .ok_or_else(|| Error::Config("token_embd.weight is not 2-D".into()))
}

fn insert_token_ids(file: &GgufFile, obj: &mut Map<String, Value>) -> Result<()> {
    for (gguf_key, hf_key) in [
        ("tokenizer.ggml.bos_token_id", "bos_token_id"),
        ("tokenizer.ggml.eos_token_id", "eos_token_id"),
        ("tokenizer.ggml.padding_token_id", "pad_token_id"),
    ] {
        if let Some(id) = optional_u64(file, gguf_key)? {
            obj.insert(hf_key.into(), id.into());
        }
    }
    Ok(())
}

fn insert_rope_scaling(file: &GgufFile, arch: &str, obj: &mut Map<String, Value>) -> Result<()> {
    let kind_key = format!("{arch}.rope.scaling.type");
    let Some(kind) = file.get(&kind_key) else {
        return Ok(());
    };
    let kind = kind
        .as_str()
        .ok_or_else(|| Error::Config(format!("{kind_key} is not a string")))?;
    if kind == "none" {
        return Ok(());
    }
    let factor = file.get_f64(&format!("{arch}.rope.scaling.factor"))?;
    obj.insert(
        "rope_scaling".into(),
        json!({"type": kind, "factor": factor}),
    );
    Ok(())
}
