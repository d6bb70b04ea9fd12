//! HF model directories: sharded safetensors in bf16/f16/f32, tokenizer.json and
//! tokenizer_config.json (chat template, special tokens).

use std::collections::BTreeMap;
use std::path::Path;

use loader::{ChatMessage, Dtype, Error, Model, ModelFormat};
use safetensors::tensor::TensorView;
use safetensors::Dtype as St;
use serde_json::json;

fn config(model_type: &str) -> serde_json::Value {
    json!({
        "model_type": model_type,
        "hidden_size": 4,
        "intermediate_size": 8,
        "rms_norm_eps": 1e-5,
        "rope_theta": 10000.0,
        "max_position_embeddings": 64,
        "num_attention_heads": 2,
        "num_key_value_heads": 1,
        "num_hidden_layers": 1,
        "vocab_size": 6,
        "tie_word_embeddings": true,
        "bos_token_id": 1,
        "eos_token_id": 2
    })
}

fn encode(dtype: St, values: &[f32]) -> Vec<u8> {
    match dtype {
        St::F32 => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        St::F16 => values
            .iter()
            .flat_map(|v| half::f16::from_f32(*v).to_le_bytes())
            .collect(),
        St::BF16 => values
            .iter()
            .flat_map(|v| half::bf16::from_f32(*v).to_le_bytes())
            .collect(),
        St::I32 => values
            .iter()
            .flat_map(|v| (*v as i32).to_le_bytes())
            .collect(),
        other => panic!("{other:?}"),
    }
}

/// (dtype, shape, values)
type Tensor = (St, Vec<usize>, Vec<f32>);
type Tensors = BTreeMap<&'static str, Tensor>;

fn tensors() -> Tensors {
    let vals = |n: usize, k: f32| (0..n).map(|i| (i as f32 - 3.0) * k).collect::<Vec<_>>();
    BTreeMap::from([
        (
            "model.embed_tokens.weight",
            (St::BF16, vec![6, 4], vals(24, 0.5)),
        ),
        ("model.norm.weight", (St::F32, vec![4], vals(4, 0.1))),
        (
            "model.layers.0.self_attn.q_proj.weight",
            (St::F16, vec![4, 4], vals(16, 0.25)),
        ),
        (
            "model.layers.0.self_attn.k_proj.weight",
            (St::F16, vec![2, 4], vals(8, 0.125)),
        ),
        (
            "model.layers.0.self_attn.rotary_emb.inv_freq",
            (St::F32, vec![1], vals(1, 1.0)),
        ),
    ])
}

fn write_shard(path: &Path, tensors: &[(&str, &Tensor)]) {
    let data: Vec<(String, Vec<u8>, St, Vec<usize>)> = tensors
        .iter()
        .map(|(n, (d, s, v))| (n.to_string(), encode(*d, v), *d, s.clone()))
        .collect();
    let views: Vec<(String, TensorView)> = data
        .iter()
        .map(|(n, bytes, d, s)| (n.clone(), TensorView::new(*d, s.clone(), bytes).unwrap()))
        .collect();
    safetensors::serialize_to_file(views, &None, path).unwrap();
}

/// Two shards plus an index, as `save_pretrained` writes for large models.
fn write_model(dir: &Path, arch: &str, tensors: &Tensors) {
    std::fs::write(dir.join("config.json"), config(arch).to_string()).unwrap();
    let all: Vec<_> = tensors.iter().map(|(n, t)| (*n, t)).collect();
    let (a, b) = all.split_at(2);
    write_shard(&dir.join("model-00001-of-00002.safetensors"), a);
    write_shard(&dir.join("model-00002-of-00002.safetensors"), b);
    let weight_map: BTreeMap<&str, &str> = all
        .iter()
        .enumerate()
        .map(|(i, (n, _))| {
            (
                *n,
                if i < 2 {
                    "model-00001-of-00002.safetensors"
                } else {
                    "model-00002-of-00002.safetensors"
                },
            )
        })
        .collect();
    let index = json!({"metadata": {}, "weight_map": weight_map});
    std::fs::write(dir.join("model.safetensors.index.json"), index.to_string()).unwrap();
}

#[test]
fn sharded_checkpoint_converts_to_f32() {
    let dir = tempfile::tempdir().unwrap();
    let tensors = tensors();
    write_model(dir.path(), "llama", &tensors);
    let model = Model::open(dir.path()).unwrap();
    assert_eq!(model.format(), ModelFormat::HfDir);
    assert_eq!(model.config().hidden_size, 4);
    assert!(model.gguf().is_none());
    let params = model.parameters(Dtype::F32).unwrap();
    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    assert!(
        !names.iter().any(|n| n.contains("inv_freq")),
        "buffers are not parameters"
    );
    assert_eq!(names.len(), 4);

    let path = model
        .parameter_file(dir.path().join("cache"), Dtype::F32)
        .unwrap();
    let bytes = std::fs::read(path).unwrap();
    let st = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    for p in &params {
        let (_, shape, values) = &tensors[p.name.as_str()];
        let view = st.tensor(&p.name).unwrap();
        assert_eq!(view.dtype(), St::F32);
        assert_eq!(view.shape(), shape.as_slice());
        let got: Vec<f32> = view
            .data()
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(&got, values, "{}", p.name);
    }
}

#[test]
fn unknown_architectures_tensors_and_dtypes_are_named() {
    let dir = tempfile::tempdir().unwrap();
    write_model(dir.path(), "mamba", &tensors());
    let err = Model::open(dir.path()).unwrap_err();
    assert!(
        matches!(&err, Error::ModelConfig(e) if e.to_string().contains("\"mamba\"")),
        "{err}"
    );

    let dir = tempfile::tempdir().unwrap();
    let mut t = tensors();
    t.insert(
        "model.layers.0.mlp.experts.0.weight",
        (St::F32, vec![1], vec![0.0]),
    );
    write_model(dir.path(), "llama", &t);
    let err = Model::open(dir.path()).unwrap_err();
    assert!(
        matches!(&err, Error::UnknownTensor(n) if n == "model.layers.0.mlp.experts.0.weight"),
        "{err}"
    );

    let dir = tempfile::tempdir().unwrap();
    let mut t = tensors();
    t.insert(
        "model.layers.0.mlp.up_proj.weight",
        (St::I32, vec![2], vec![1.0, 2.0]),
    );
    write_model(dir.path(), "llama", &t);
    let err = Model::open(dir.path())
        .unwrap()
        .parameters(Dtype::F32)
        .unwrap_err();
    assert!(
        matches!(&err, Error::UnsupportedDtype { tensor, .. } if tensor == "model.layers.0.mlp.up_proj.weight"),
        "{err}"
    );
}

#[test]
fn single_file_checkpoint_without_index() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.json"), config("llama").to_string()).unwrap();
    let t = tensors();
    let all: Vec<_> = t.iter().map(|(n, v)| (*n, v)).collect();
    write_shard(&dir.path().join("model.safetensors"), &all);
    let model = Model::open(dir.path()).unwrap();
    assert_eq!(model.parameters(Dtype::F16).unwrap().len(), 4);
    assert!(model.chat_template().unwrap().is_none());
}

/// Tokenizer and chat template from an HF directory, using SmolLM2's vocabulary exported from
/// the GGUF (skipped when the default model is not installed).
#[test]
fn tokenizer_json_and_tokenizer_config() {
    let Ok(gguf_path) = loader::default_model_path() else {
        eprintln!("skipping: default model not installed");
        return;
    };
    let gguf = Model::open(gguf_path).unwrap();
    let gguf_tok = gguf.tokenizer().unwrap();
    let dir = tempfile::tempdir().unwrap();
    write_model(dir.path(), "llama", &tensors());
    gguf_tok
        .inner()
        .save(dir.path().join("tokenizer.json"), false)
        .unwrap();
    let template = "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}";
    let tok_config = json!({
        "bos_token": "<|im_start|>",
        "eos_token": {"content": "<|im_end|>", "special": true},
        "chat_template": template,
    });
    std::fs::write(
        dir.path().join("tokenizer_config.json"),
        tok_config.to_string(),
    )
    .unwrap();

    let model = Model::open(dir.path()).unwrap();
    let tok = model.tokenizer().unwrap();
    assert_eq!(tok.bos_token_id(), Some(1));
    assert_eq!(tok.eos_token_id(), Some(2));
    let chat = model.chat_template().unwrap().unwrap();
    let text = chat
        .render(&[ChatMessage::new("user", "Hi ½ 😀")], true)
        .unwrap();
    assert_eq!(
        text,
        "<|im_start|>user\nHi ½ 😀<|im_end|>\n<|im_start|>assistant\n"
    );
    assert_eq!(
        tok.encode(&text, false).unwrap(),
        gguf_tok.encode(&text, false).unwrap()
    );
    assert_eq!(tok.encode(&text, false).unwrap()[0], 1);
}
