use std::path::Path;

use gguf::{GgmlType, Value, Writer};

use super::*;

const SMOLLM2: &str = r#"{
  "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
  "vocab_size": 49152, "hidden_size": 576, "intermediate_size": 1536, "num_hidden_layers": 30,
  "num_attention_heads": 9, "num_key_value_heads": 3, "rms_norm_eps": 1e-05,
  "rope_theta": 100000, "rope_scaling": null, "tie_word_embeddings": true,
  "max_position_embeddings": 8192, "attention_bias": false, "mlp_bias": false, "pretraining_tp": 1
}"#;

fn with(base: &str, extra: &str) -> String {
    format!("{},{extra}}}", base.trim_end().trim_end_matches('}'))
}

#[test]
fn reads_smollm2_config_json() {
    let cfg = from_hf_json(SMOLLM2).unwrap();
    assert_eq!(
        (
            cfg.hidden_size,
            cfg.num_hidden_layers,
            cfg.num_attention_heads
        ),
        (576, 30, 9)
    );
    assert_eq!(
        (cfg.num_key_value_heads, cfg.head_dim, cfg.group_size()),
        (3, 64, 3)
    );
    assert_eq!((cfg.rope_theta, cfg.rms_norm_eps), (100000.0, 1e-5));
    assert!(cfg.tie_word_embeddings && !cfg.qkv_bias && cfg.rope_scaling.is_none());
}

#[test]
fn reads_llama3_rope_scaling_and_scales_low_frequencies() {
    let json = with(
        SMOLLM2,
        r#""rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
            "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}, "rope_theta": 500000.0"#,
    );
    let cfg = from_hf_json(&json).unwrap();
    assert!(matches!(cfg.rope_scaling, Some(RopeScaling::Llama3 { factor, .. }) if factor == 8.0));
    let plain = ModelConfig {
        rope_scaling: None,
        ..cfg.clone()
    }
    .rope_inv_freq();
    let scaled = cfg.rope_inv_freq();
    assert_eq!(scaled[0], plain[0], "high frequencies are kept");
    let last = plain.len() - 1;
    assert!(
        (scaled[last] - plain[last] / 8.0).abs() < 1e-12,
        "low frequencies are divided by the factor"
    );
}

#[test]
fn qwen2_gets_qkv_bias_and_mistral_keeps_its_window() {
    let qwen = with(
        SMOLLM2,
        r#""model_type": "qwen2", "sliding_window": 4096, "use_sliding_window": false"#,
    );
    let cfg = from_hf_json(&qwen).unwrap();
    assert!(cfg.qkv_bias && !cfg.o_bias && cfg.sliding_window.is_none());
    let mistral = with(
        SMOLLM2,
        r#""model_type": "mistral", "sliding_window": 4096"#,
    );
    assert_eq!(from_hf_json(&mistral).unwrap().sliding_window, Some(4096));
}

#[test]
fn rejects_unsupported_features_by_name() {
    let cases = [
        (r#""num_local_experts": 8"#, "mixture of experts"),
        (
            r#""rope_scaling": {"rope_type": "yarn", "factor": 4.0}"#,
            "yarn",
        ),
        (r#""hidden_act": "gelu""#, "gelu"),
        (r#""model_type": "gemma""#, "gemma"),
        (r#""model_type": "gemma3""#, "multimodal"),
        (
            r#""final_logit_softcapping": 30.0"#,
            "final_logit_softcapping",
        ),
        (
            r#""quantization_config": {"bits": 4}"#,
            "quantization_config",
        ),
        (r#""partial_rotary_factor": 0.5"#, "partial_rotary_factor"),
    ];
    for (extra, name) in cases {
        let err = from_hf_json(&with(SMOLLM2, extra)).unwrap_err();
        assert!(matches!(err, ConfigError::Unsupported(_)), "{extra}: {err}");
        assert!(err.to_string().contains(name), "{extra}: {err}");
    }
    let err = from_hf_json(&with(SMOLLM2, r#""num_key_value_heads": 4"#)).unwrap_err();
    assert!(
        err.to_string().contains("not a multiple of 4 kv heads"),
        "{err}"
    );
}

fn tiny_gguf(
    extra: &[(&str, Value)],
    tied: bool,
    rope_freqs: Option<&[f32]>,
) -> tempfile::NamedTempFile {
    let mut w = Writer::new();
    w.metadata("general.architecture", Value::String("llama".into()));
    let meta = [
        ("llama.block_count", Value::U32(2)),
        ("llama.embedding_length", Value::U32(64)),
        ("llama.feed_forward_length", Value::U32(128)),
        ("llama.attention.head_count", Value::U32(4)),
        ("llama.attention.head_count_kv", Value::U32(2)),
        ("llama.rope.freq_base", Value::F32(10000.0)),
        ("llama.attention.layer_norm_rms_epsilon", Value::F32(1e-5)),
        ("llama.context_length", Value::U32(64)),
    ];
    for (k, v) in meta.into_iter().chain(extra.iter().cloned()) {
        w.metadata(k, v);
    }
    w.tensor(
        "token_embd.weight",
        &[64, 512],
        GgmlType::F32,
        vec![0; 64 * 512 * 4],
    );
    if !tied {
        w.tensor(
            "output.weight",
            &[64, 512],
            GgmlType::F32,
            vec![0; 64 * 512 * 4],
        );
    }
    if let Some(f) = rope_freqs {
        let bytes = f.iter().flat_map(|x| x.to_le_bytes()).collect();
        w.tensor("rope_freqs.weight", &[f.len() as u64], GgmlType::F32, bytes);
    }
    let file = tempfile::NamedTempFile::new().unwrap();
    w.write(file.path()).unwrap();
    file
}

#[test]
fn reads_gguf_metadata() {
    let file = tiny_gguf(&[], true, None);
    let cfg = from_gguf(file.path()).unwrap();
    let hf = from_hf_json(include_str!("../../assets/tiny/config.json")).unwrap();
    assert_eq!(
        ModelConfig {
            tie_word_embeddings: false,
            ..cfg.clone()
        },
        hf
    );
    assert!(cfg.tie_word_embeddings);
    assert!(
        !from_gguf(tiny_gguf(&[], false, None).path())
            .unwrap()
            .tie_word_embeddings
    );
}

#[test]
fn gguf_rope_factors_divide_the_frequencies() {
    let factors = [1.0, 1.0, 2.0, 2.0, 4.0, 4.0, 8.0, 8.0];
    let cfg = from_gguf(tiny_gguf(&[], true, Some(&factors)).path()).unwrap();
    let plain = ModelConfig {
        rope_scaling: None,
        ..cfg.clone()
    }
    .rope_inv_freq();
    for ((s, p), f) in cfg.rope_inv_freq().iter().zip(&plain).zip(factors) {
        assert!((s * f - p).abs() <= p * 1e-6);
    }
}

#[test]
fn gguf_rejects_unsupported_features_by_name() {
    let cases = [
        (("llama.expert_count", Value::U32(8)), "mixture of experts"),
        (
            ("llama.rope.scaling.type", Value::String("yarn".into())),
            "yarn",
        ),
        (
            ("llama.rope.dimension_count", Value::U32(8)),
            "partial RoPE",
        ),
    ];
    for ((k, v), name) in cases {
        let err = from_gguf(tiny_gguf(&[(k, v)], true, None).path()).unwrap_err();
        assert!(err.to_string().contains(name), "{k}: {err}");
    }
}

fn fixture(name: &str) -> ModelConfig {
    let path = format!("{}/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    from_hf_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Each model's config.json as transformers 4 wrote it and as transformers 5 writes it
/// (RoPE under `rope_parameters`, per layer type for Gemma 3) reads the same.
#[test]
fn transformers_4_and_5_forms_agree() {
    for model in [
        "smollm2",
        "qwen2.5_0.5b",
        "qwen3_0.6b",
        "mistral_7b_v0.1",
        "llama3.2_1b",
        "gemma3_270m",
    ] {
        let old = fixture(&format!("{model}.tf4"));
        let new = fixture(&format!("{model}.tf5"));
        assert_eq!(old, new, "{model}");
    }
}

#[test]
fn transformers_5_smollm2_keeps_its_rope_base() {
    let cfg = fixture("smollm2.tf5");
    assert_eq!(cfg.rope_theta, 100000.0);
    assert_eq!(cfg.rope_inv_freq()[1], (100000f64.powf(-2.0 / 64.0)) as f32);
}

#[test]
fn family_switches() {
    let qwen2 = fixture("qwen2.5_0.5b.tf5");
    assert!(qwen2.qkv_bias && !qwen2.o_bias && !qwen2.qk_norm && qwen2.sliding_window.is_none());
    let qwen3 = fixture("qwen3_0.6b.tf5");
    assert!(qwen3.qk_norm && !qwen3.qkv_bias && qwen3.head_dim == 128);
    let mistral = fixture("mistral_7b_v0.1.tf5");
    assert_eq!(mistral.sliding_window, Some(4096));
    assert_eq!(mistral.layer_type(31), LayerType::SlidingAttention);
    let llama3 = fixture("llama3.2_1b.tf5");
    assert!(matches!(
        llama3.rope_scaling,
        Some(RopeScaling::Llama3 { factor, .. }) if factor == 32.0
    ));
}

#[test]
fn gemma3_layers_alternate_with_their_own_rope() {
    for name in ["gemma3_270m.tf5", "gemma3_1b.tf4"] {
        let cfg = fixture(name);
        assert_eq!((cfg.head_dim, cfg.num_key_value_heads), (256, 1));
        assert_eq!(cfg.sliding_window, Some(512));
        let global: Vec<usize> = (0..cfg.num_hidden_layers)
            .filter(|&l| cfg.layer_type(l) == LayerType::FullAttention)
            .collect();
        let expected: Vec<usize> = (5..cfg.num_hidden_layers).step_by(6).collect();
        assert_eq!(global, expected, "{name}");
        assert_eq!(cfg.rope(LayerType::FullAttention).theta, 1e6);
        assert_eq!(cfg.rope(LayerType::SlidingAttention).theta, 1e4);
        assert!(cfg.qk_norm && cfg.post_norms && cfg.tie_word_embeddings);
        assert_eq!(cfg.activation, Activation::GeluTanh);
        assert_eq!(cfg.embedding_scale, Some((cfg.hidden_size as f64).sqrt()));
        assert_eq!(cfg.attention_scale, Some(1.0 / 16.0));
        assert_eq!(cfg.norm_weight_offset, 1.0);
    }
    let big = fixture("gemma3_4b_text.tf5");
    assert_eq!(
        big.rope(LayerType::FullAttention).scaling,
        Some(RopeScaling::Linear { factor: 8.0 })
    );
    assert_eq!(big.rope(LayerType::SlidingAttention).scaling, None);
}

#[test]
fn missing_keys_are_named() {
    let full: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!(
            "{}/fixtures/smollm2.tf5.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    for key in [
        "rope_parameters",
        "rms_norm_eps",
        "vocab_size",
        "intermediate_size",
        "max_position_embeddings",
    ] {
        let mut cfg = full.clone();
        cfg.as_object_mut().unwrap().remove(key);
        let err = from_hf_json(&cfg.to_string()).unwrap_err().to_string();
        let named = if key == "rope_parameters" {
            "rope_theta"
        } else {
            key
        };
        assert!(
            err.contains(named) && err.contains("missing"),
            "{key}: {err}"
        );
    }
    let mut cfg = full.clone();
    cfg["rope_parameters"]
        .as_object_mut()
        .unwrap()
        .remove("rope_theta");
    let err = from_hf_json(&cfg.to_string()).unwrap_err().to_string();
    assert!(err.contains("rope_parameters.rope_theta missing"), "{err}");
}

#[test]
fn gguf_families_read_their_switches() {
    let qwen3 = gguf_of(
        "qwen3",
        &[
            ("blk.0.attn_q_norm.weight", 16),
            ("blk.0.attn_k_norm.weight", 16),
        ],
        &[],
    );
    let cfg = from_gguf(qwen3.path()).unwrap();
    assert!(cfg.qk_norm && !cfg.post_norms && cfg.layer_types.is_empty());
    let err = from_gguf(gguf_of("qwen3", &[], &[]).path()).unwrap_err();
    assert!(
        err.to_string().contains("blk.0.attn_q_norm.weight"),
        "{err}"
    );
    let gemma = gguf_of(
        "gemma3",
        &[
            ("blk.0.attn_q_norm.weight", 16),
            ("blk.0.attn_k_norm.weight", 16),
            ("blk.0.post_attention_norm.weight", 64),
            ("blk.0.post_ffw_norm.weight", 64),
        ],
        &[("gemma3.attention.sliding_window", Value::U32(512))],
    );
    let cfg = from_gguf(gemma.path()).unwrap();
    assert!(cfg.qk_norm && cfg.post_norms && cfg.norm_weight_offset == 0.0);
    assert_eq!(cfg.layer_type(0), LayerType::SlidingAttention);
    assert_eq!(cfg.rope(LayerType::SlidingAttention).theta, 10000.0);
    assert_eq!(cfg.activation, Activation::GeluTanh);
}

/// A two-layer GGUF of `arch` with the llama-style keys, the given extra tensors (f32 vectors
/// of the given length) and metadata.
fn gguf_of(arch: &str, tensors: &[(&str, u64)], meta: &[(&str, Value)]) -> tempfile::NamedTempFile {
    let mut w = Writer::new();
    w.metadata("general.architecture", Value::String(arch.into()));
    let keys = [
        ("block_count", Value::U32(2)),
        ("embedding_length", Value::U32(64)),
        ("feed_forward_length", Value::U32(128)),
        ("attention.head_count", Value::U32(4)),
        ("attention.head_count_kv", Value::U32(2)),
        ("attention.layer_norm_rms_epsilon", Value::F32(1e-6)),
        ("context_length", Value::U32(64)),
    ];
    for (k, v) in keys {
        w.metadata(format!("{arch}.{k}"), v);
    }
    for (k, v) in meta {
        w.metadata(*k, v.clone());
    }
    w.tensor(
        "token_embd.weight",
        &[64, 512],
        GgmlType::F32,
        vec![0; 64 * 512 * 4],
    );
    for (name, len) in tensors {
        w.tensor(*name, &[*len], GgmlType::F32, vec![0; *len as usize * 4]);
    }
    let file = tempfile::NamedTempFile::new().unwrap();
    w.write(file.path()).unwrap();
    file
}

/// The real Gemma 3 270M GGUF (`scripts/fetch_gemma3.sh` puts it in `.cache/models`); skipped
/// when it has not been fetched.
#[test]
fn reads_the_gemma3_270m_gguf() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../.cache/models/gemma-3-270m-q4_k_m.gguf");
    if !path.is_file() {
        eprintln!("skipping: {} not fetched", path.display());
        return;
    }
    let cfg = from_gguf(&path).unwrap();
    let dims = [
        cfg.vocab_size,
        cfg.hidden_size,
        cfg.intermediate_size,
        cfg.num_hidden_layers,
        cfg.num_attention_heads,
        cfg.num_key_value_heads,
        cfg.head_dim,
    ];
    assert_eq!(dims, [262144, 640, 2048, 18, 4, 1, 256]);
    assert_eq!(cfg.sliding_window, Some(512));
    assert_eq!(cfg.rope(LayerType::FullAttention).theta, 1e6);
    assert_eq!(cfg.rope(LayerType::SlidingAttention).theta, 1e4);
    assert_eq!(cfg.layer_type(5), LayerType::FullAttention);
    assert_eq!(cfg.layer_type(6), LayerType::SlidingAttention);
    assert!(cfg.qk_norm && cfg.post_norms && cfg.tie_word_embeddings);
    assert_eq!(cfg.attention_scale, Some(1.0 / 16.0));
    assert_eq!(cfg.norm_weight_offset, 0.0);
    // The HF config of the same model reads the same architecture, but for the norm weights,
    // which HF stores as w and GGUF as 1 + w.
    let hf = fixture("gemma3_270m.tf5");
    assert_eq!(
        ModelConfig {
            architecture: "gemma3".into(),
            norm_weight_offset: 0.0,
            ..hf
        },
        cfg
    );
}
