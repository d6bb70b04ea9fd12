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
            r#""rope_scaling": {"rope_type": "longrope", "factor": 4.0}"#,
            "longrope",
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
        (
            ("llama.expert_count", Value::U32(8)),
            "llama.expert_used_count missing",
        ),
        (
            ("llama.rope.scaling.type", Value::String("longrope".into())),
            "longrope",
        ),
        (
            ("llama.rope.scaling.type", Value::String("yarn".into())),
            "llama.rope.scaling.factor missing",
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

/// Real MoE configs as transformers 4 wrote them and as transformers 5.23 writes them (the
/// expert count under `num_local_experts` for Qwen3-MoE and Mixtral, RoPE under
/// `rope_parameters`) read the same.
#[test]
fn moe_configs_read_the_same_in_both_forms() {
    for model in [
        "qwen3_30b_a3b",
        "qwen1.5_moe_a2.7b",
        "mixtral_8x7b_v0.1",
        "olmoe_1b_7b_0924",
    ] {
        let old = fixture(&format!("{model}.tf4"));
        assert!(old.experts.is_some(), "{model}");
        assert_eq!(old, fixture(&format!("{model}.tf5")), "{model}");
    }
}

#[test]
fn moe_families_read_their_experts() {
    let qwen3 = fixture("qwen3_30b_a3b.tf5");
    assert_eq!(
        qwen3.experts,
        Some(Experts {
            count: 128,
            per_token: 8,
            width: 768,
            renormalize: true,
            shared: None,
            dense_layers: vec![],
            routing: Default::default(),
            biases: false,
            scaled_router: false,
            dense_beside: false,
        })
    );
    assert!(qwen3.qk_norm && !qwen3.qk_norm_whole_projection && !qwen3.qkv_bias);
    assert_eq!((qwen3.head_dim, qwen3.intermediate_size), (128, 6144));
    assert_eq!(qwen3.mlp_kind(47), MlpKind::Experts);

    let qwen2 = fixture("qwen1.5_moe_a2.7b.tf5");
    let e = qwen2.experts.clone().unwrap();
    assert_eq!(
        (e.count, e.per_token, e.width, e.renormalize),
        (60, 4, 1408, false)
    );
    assert_eq!(e.shared, Some(SharedExpert { width: 5632 }));
    assert!(qwen2.qkv_bias && !qwen2.o_bias && !qwen2.qk_norm);
    assert_eq!((qwen2.head_dim, qwen2.sliding_window), (128, None));

    let mixtral = fixture("mixtral_8x7b_v0.1.tf5");
    let e = mixtral.experts.clone().unwrap();
    assert_eq!(
        (e.count, e.per_token, e.width, e.renormalize),
        (8, 2, 14336, true)
    );
    assert!(e.shared.is_none() && e.dense_layers.is_empty());
    assert_eq!(
        mixtral.sliding_window, None,
        "Mixtral's class has no window by default"
    );
    assert_eq!(mixtral.layer_type(0), LayerType::FullAttention);
    assert!(!mixtral.qkv_bias && !mixtral.qk_norm);

    let olmoe = fixture("olmoe_1b_7b_0924.tf5");
    let e = olmoe.experts.clone().unwrap();
    assert_eq!(
        (e.count, e.per_token, e.width, e.renormalize),
        (64, 8, 1024, false)
    );
    assert!(olmoe.qk_norm && olmoe.qk_norm_whole_projection && !olmoe.qkv_bias);
    assert_eq!((olmoe.head_dim, olmoe.num_key_value_heads), (128, 16));
    assert_eq!(olmoe.family(), Some(Family::Olmoe));
}

#[test]
fn qwen_moe_dense_layers_follow_mlp_only_layers_and_the_sparse_step() {
    let base = include_str!("../fixtures/qwen3_30b_a3b.tf4.json");
    let dense = |extra: &str| {
        let cfg = from_hf_json(&with(base, extra)).unwrap();
        cfg.experts.map(|e| e.dense_layers)
    };
    assert_eq!(
        dense(r#""num_hidden_layers": 6, "mlp_only_layers": [0, 4, 9]"#),
        Some(vec![0, 4])
    );
    assert_eq!(
        dense(r#""num_hidden_layers": 6, "decoder_sparse_step": 2"#),
        Some(vec![0, 2, 4])
    );
    assert_eq!(
        dense(r#""num_hidden_layers": 6, "decoder_sparse_step": 3, "mlp_only_layers": [5]"#),
        Some(vec![0, 1, 3, 4, 5])
    );
    // Every layer dense, or no experts: transformers builds a dense model.
    assert_eq!(
        dense(r#""num_hidden_layers": 2, "mlp_only_layers": [0, 1]"#),
        None
    );
    assert_eq!(dense(r#""num_experts": 0"#), None);
    let cfg = from_hf_json(&with(base, r#""mlp_only_layers": [1]"#)).unwrap();
    assert_eq!(cfg.mlp_kind(1), MlpKind::Dense);
    assert_eq!(cfg.mlp_kind(2), MlpKind::Experts);
    let no_norm = with(base, r#""norm_topk_prob": null"#);
    assert!(!from_hf_json(&no_norm).unwrap().experts.unwrap().renormalize);
}

#[test]
fn moe_configs_name_what_they_lack_or_cannot_honour() {
    let missing = [
        ("qwen3_30b_a3b.tf4", "num_experts_per_tok"),
        ("qwen3_30b_a3b.tf4", "moe_intermediate_size"),
        ("qwen3_30b_a3b.tf4", "num_experts"),
        ("qwen1.5_moe_a2.7b.tf4", "shared_expert_intermediate_size"),
        ("qwen1.5_moe_a2.7b.tf4", "num_key_value_heads"),
        ("mixtral_8x7b_v0.1.tf4", "num_local_experts"),
        ("mixtral_8x7b_v0.1.tf4", "num_key_value_heads"),
        ("olmoe_1b_7b_0924.tf4", "num_experts_per_tok"),
    ];
    for (name, key) in missing {
        let path = format!("{}/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let mut cfg: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        cfg.as_object_mut().unwrap().remove(key);
        let err = from_hf_json(&cfg.to_string()).unwrap_err().to_string();
        assert!(
            err.contains(key) && err.contains("missing"),
            "{name} {key}: {err}"
        );
    }
    let olmoe = include_str!("../fixtures/olmoe_1b_7b_0924.tf4.json");
    let qwen3 = include_str!("../fixtures/qwen3_30b_a3b.tf4.json");
    let refused = [
        (olmoe, r#""clip_qkv": 8.0"#, "clip_qkv"),
        (olmoe, r#""head_dim": 64"#, "head_dim 64"),
        (olmoe, r#""num_local_experts": 32"#, "disagree"),
        (qwen3, r#""decoder_sparse_step": 0"#, "decoder_sparse_step"),
        (qwen3, r#""mlp_only_layers": [0, "one"]"#, "mlp_only_layers"),
        (qwen3, r#""use_sliding_window": true"#, "use_sliding_window"),
        (qwen3, r#""n_shared_experts": 2"#, "n_shared_experts"),
        (
            qwen3,
            r#""num_experts_per_tok": 200"#,
            "200 experts per token",
        ),
        (SMOLLM2, r#""num_experts": 8"#, "mixture of experts"),
    ];
    for (base, extra, name) in refused {
        let err = from_hf_json(&with(base, extra)).unwrap_err().to_string();
        assert!(err.contains(name), "{extra}: {err}");
    }
}

/// Tensors by name and ggml dims.
type Shaped = Vec<(String, Vec<u64>)>;
type Meta = Vec<(&'static str, Value)>;

/// A GGUF of `arch` with the keys every family has, tensors given as (name, ggml dims), all
/// f32 zeros, and `meta`.
fn gguf_shaped(arch: &str, tensors: &Shaped, meta: &[(&str, Value)]) -> tempfile::NamedTempFile {
    let mut w = Writer::new();
    w.metadata("general.architecture", Value::String(arch.into()));
    let keys = [
        ("block_count", Value::U32(2)),
        ("embedding_length", Value::U32(64)),
        ("feed_forward_length", Value::U32(96)),
        ("attention.head_count", Value::U32(4)),
        ("attention.head_count_kv", Value::U32(4)),
        ("attention.layer_norm_rms_epsilon", Value::F32(1e-6)),
        ("context_length", Value::U32(64)),
    ];
    for (k, v) in keys {
        w.metadata(format!("{arch}.{k}"), v);
    }
    for (k, v) in meta {
        w.metadata(k.replace("{arch}", arch), v.clone());
    }
    let mut all = vec![("token_embd.weight".to_string(), vec![64, 512])];
    all.extend(tensors.iter().cloned());
    for (name, dims) in all {
        let n: u64 = dims.iter().product();
        w.tensor(&name, &dims, GgmlType::F32, vec![0; n as usize * 4]);
    }
    let file = tempfile::NamedTempFile::new().unwrap();
    w.write(file.path()).unwrap();
    file
}

/// Block `l`'s router and experts (`count` experts of width `width`, hidden 64), in ggml
/// order.
fn expert_tensors(l: usize, count: u64, width: u64) -> Shaped {
    vec![
        (format!("blk.{l}.ffn_gate_inp.weight"), vec![64, count]),
        (
            format!("blk.{l}.ffn_gate_exps.weight"),
            vec![64, width, count],
        ),
        (
            format!("blk.{l}.ffn_up_exps.weight"),
            vec![64, width, count],
        ),
        (
            format!("blk.{l}.ffn_down_exps.weight"),
            vec![width, 64, count],
        ),
    ]
}

fn norms(width: u64) -> Shaped {
    vec![
        ("blk.0.attn_q_norm.weight".into(), vec![width]),
        ("blk.0.attn_k_norm.weight".into(), vec![width]),
    ]
}

#[test]
fn gguf_moe_architectures_read_their_experts() {
    let counts = [
        ("{arch}.expert_count", Value::U32(8)),
        ("{arch}.expert_used_count", Value::U32(2)),
    ];
    let with_width = [
        counts.to_vec(),
        vec![("{arch}.expert_feed_forward_length", Value::U32(32))],
    ]
    .concat();

    // qwen3moe: per-head norms, renormalised, a block without a router stays dense.
    let mut tensors = norms(16);
    tensors.extend(expert_tensors(1, 8, 32));
    let cfg = from_gguf(gguf_shaped("qwen3moe", &tensors, &with_width).path()).unwrap();
    let e = cfg.experts.clone().unwrap();
    assert_eq!((e.count, e.per_token, e.width), (8, 2, 32));
    assert!(e.renormalize && e.shared.is_none());
    assert_eq!(e.dense_layers, vec![0]);
    assert!(cfg.qk_norm && !cfg.qk_norm_whole_projection);
    assert_eq!(
        (cfg.mlp_kind(0), cfg.mlp_kind(1)),
        (MlpKind::Dense, MlpKind::Experts)
    );
    // Without expert_feed_forward_length llama.cpp takes feed_forward_length / experts used.
    let mut tensors = norms(16);
    tensors.extend(expert_tensors(0, 8, 48));
    tensors.extend(expert_tensors(1, 8, 48));
    let cfg = from_gguf(gguf_shaped("qwen3moe", &tensors, &counts).path()).unwrap();
    assert_eq!(cfg.experts.unwrap().width, 48);

    // qwen2moe: a shared expert, not renormalised.
    let mut tensors = Vec::new();
    for l in 0..2 {
        tensors.extend(expert_tensors(l, 8, 32));
        for (part, dims) in [
            ("ffn_gate_shexp", vec![64, 80]),
            ("ffn_up_shexp", vec![64, 80]),
            ("ffn_down_shexp", vec![80, 64]),
            ("ffn_gate_inp_shexp", vec![64]),
        ] {
            tensors.push((format!("blk.{l}.{part}.weight"), dims));
        }
    }
    let shared = [
        with_width.clone(),
        vec![("{arch}.expert_shared_feed_forward_length", Value::U32(80))],
    ]
    .concat();
    let cfg = from_gguf(gguf_shaped("qwen2moe", &tensors, &shared).path()).unwrap();
    let e = cfg.experts.unwrap();
    assert!(!e.renormalize && e.dense_layers.is_empty());
    assert_eq!(e.shared, Some(SharedExpert { width: 80 }));
    // llama.cpp's default shared width is feed_forward_length.
    let cfg = from_gguf(gguf_shaped("qwen2moe", &tensors, &with_width).path()).unwrap();
    assert_eq!(
        cfg.experts.unwrap().shared,
        Some(SharedExpert { width: 96 })
    );

    // olmoe: q/k norms over the whole projection; experts feed_forward_length wide.
    let mut tensors = norms(64);
    tensors.extend(expert_tensors(0, 8, 96));
    tensors.extend(expert_tensors(1, 8, 96));
    let cfg = from_gguf(gguf_shaped("olmoe", &tensors, &counts).path()).unwrap();
    assert!(cfg.qk_norm && cfg.qk_norm_whole_projection);
    let e = cfg.experts.unwrap();
    assert_eq!((e.width, e.renormalize), (96, false));

    // llama with experts (Mixtral): renormalised, experts feed_forward_length wide.
    let mut tensors = expert_tensors(0, 8, 96);
    tensors.extend(expert_tensors(1, 8, 96));
    let cfg = from_gguf(gguf_shaped("llama", &tensors, &counts).path()).unwrap();
    let e = cfg.experts.unwrap();
    assert_eq!((e.count, e.width, e.renormalize), (8, 96, true));
    assert!(e.dense_layers.is_empty() && !cfg.qk_norm);
    // An explicit expert_weights_norm is the file's word.
    let off = [
        counts.to_vec(),
        vec![("{arch}.expert_weights_norm", Value::Bool(false))],
    ]
    .concat();
    let cfg = from_gguf(gguf_shaped("llama", &tensors, &off).path()).unwrap();
    assert!(!cfg.experts.unwrap().renormalize);
}

#[test]
fn gguf_moe_refusals_name_the_key_or_tensor() {
    let counts = vec![
        ("{arch}.expert_count", Value::U32(8)),
        ("{arch}.expert_used_count", Value::U32(2)),
    ];
    let mut experts = expert_tensors(0, 8, 96);
    experts.extend(expert_tensors(1, 8, 96));
    let mut olmoe = norms(64);
    olmoe.extend(experts.clone());
    let cases: Vec<(&str, Shaped, Meta, &str)> = vec![
        ("olmoe", olmoe.clone(), vec![], "olmoe.expert_count missing"),
        (
            "olmoe",
            olmoe.clone(),
            vec![counts[0].clone()],
            "olmoe.expert_used_count missing",
        ),
        (
            "llama",
            experts.clone(),
            [
                counts.clone(),
                vec![("{arch}.expert_gating_func", Value::U32(2))],
            ]
            .concat(),
            "expert_gating_func 2",
        ),
        (
            "llama",
            experts.clone(),
            [
                counts.clone(),
                vec![("{arch}.expert_weights_scale", Value::F32(2.5))],
            ]
            .concat(),
            "expert_weights_scale",
        ),
        (
            "llama",
            experts.clone(),
            [
                counts.clone(),
                vec![("{arch}.expert_feed_forward_length", Value::U32(32))],
            ]
            .concat(),
            "blk.0.ffn_down_exps.weight has shape",
        ),
        ("llama", vec![], counts.clone(), "no block has a router"),
        (
            "mistral",
            experts.clone(),
            counts.clone(),
            "expert_count) in a mistral file",
        ),
        (
            "olmoe",
            [norms(16), experts.clone()].concat(),
            counts.clone(),
            "blk.0.attn_q_norm.weight has shape [16], not [64]",
        ),
        (
            "qwen2moe",
            [expert_tensors(0, 8, 48), expert_tensors(1, 8, 48)].concat(),
            counts.clone(),
            "qwen2moe file without blk.0.ffn_gate_shexp.weight",
        ),
    ];
    for (arch, tensors, meta, expected) in cases {
        let err = from_gguf(gguf_shaped(arch, &tensors, &meta).path()).unwrap_err();
        assert!(
            err.to_string().contains(expected),
            "{arch} {expected}: {err}"
        );
    }
}

/// The tiny MoE checkpoints (tests/fixtures/families, made by
/// scripts/oracle/make_tiny_families.py): transformers' config.json and the GGUF files written
/// from the same weights describe the same model.
#[test]
fn moe_fixtures_read_alike_from_hf_and_gguf() {
    let families = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/families");
    let expect = [
        ("qwen3_moe", "qwen3moe", 6, vec![1], true, None),
        ("qwen2_moe", "qwen2moe", 4, vec![], false, Some(48)),
        ("mixtral", "llama", 8, vec![], true, None),
        ("olmoe", "olmoe", 6, vec![], false, None),
    ];
    for (name, arch, count, dense, renormalize, shared) in expect {
        let hf = from_hf_dir(&families.join(name)).unwrap();
        let e = hf.experts.clone().unwrap();
        assert_eq!((e.count, e.per_token, e.width), (count, 2, 32), "{name}");
        assert_eq!(e.dense_layers, dense, "{name}");
        assert_eq!(e.renormalize, renormalize, "{name}");
        assert_eq!(e.shared.map(|s| s.width), shared, "{name}");
        for file in ["model.gguf", "model-q8_0.gguf"] {
            let gguf = from_gguf(&families.join(name).join(file)).unwrap();
            assert_eq!(gguf.architecture, arch);
            let same = ModelConfig {
                architecture: arch.into(),
                ..hf.clone()
            };
            assert_eq!(gguf, same, "{name} {file}");
        }
    }
}

#[test]
fn gpt_oss_reads_sinks_yarn_and_biased_experts() {
    let c = fixture("gpt_oss_20b.tf5");
    assert_eq!(c.family(), Some(Family::GptOss));
    assert!(c.attention_sinks && c.qkv_bias && c.o_bias && !c.mlp_bias);
    assert_eq!(
        (c.head_dim, c.num_attention_heads, c.num_key_value_heads),
        (64, 64, 8)
    );
    assert_eq!(c.sliding_window, Some(128));
    assert_eq!(c.layer_type(0), LayerType::SlidingAttention);
    assert_eq!(c.layer_type(23), LayerType::FullAttention);
    assert_eq!(
        c.activation,
        Activation::ClampedSwiglu {
            alpha: 1.702,
            limit: 7.0
        }
    );
    let e = c.experts.as_ref().unwrap();
    assert_eq!((e.count, e.per_token, e.width), (32, 4, 2880));
    assert!(e.biases && !e.renormalize && e.routing == Routing::TopKSoftmax);
    // transformers' attention factor for factor 32: 0.1 ln 32 + 1.
    let factor = c.rope_attention_factor_for(LayerType::FullAttention);
    assert!((factor - 1.3465735902799727).abs() < 1e-12, "{factor}");
    // The real model's own quantized checkpoint is refused by name, not misread.
    let quantized = with(
        &std::fs::read_to_string(format!(
            "{}/fixtures/gpt_oss_20b.tf5.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
        r#""quantization_config": {"quant_method": "mxfp4"}"#,
    );
    let err = from_hf_json(&quantized).unwrap_err();
    assert!(err.to_string().contains("quantization_config"), "{err}");
}

/// YaRN's blended frequencies against transformers' (`_compute_yarn_parameters`, 5.23) for
/// head_dim 16, theta 150000, factor 32, beta 32/1, original context 4096, not truncated.
#[test]
fn yarn_frequencies_match_transformers() {
    let rope = Rope {
        theta: 150000.0,
        scaling: Some(RopeScaling::Yarn {
            factor: 32.0,
            original_max_position_embeddings: 4096.0,
            beta_fast: 32.0,
            beta_slow: 1.0,
            truncate: false,
            attention_factor: 1.3465735902799727,
        }),
    };
    let theirs = [
        1.0f32,
        0.225_418,
        0.050_813_273,
        0.006_794_959_3,
        0.000_456_483_92,
        1.818_833_7e-5,
        4.099_978_5e-6,
        9.242_089_6e-7,
    ];
    let ours = crate::rope::inv_freq(&rope, 16);
    for (i, (a, b)) in ours.iter().zip(theirs).enumerate() {
        // transformers computes in f32, this crate in f64 rounded once.
        assert!(
            (a - b).abs() <= 4.0 * f32::EPSILON * b,
            "pair {i}: {a} vs {b}"
        );
    }
}

/// The tiny Gemma 4 checkpoint's config.json (transformers 5.23), as a JSON object.
fn gemma4_text() -> serde_json::Map<String, serde_json::Value> {
    let path = format!(
        "{}/../tests/fixtures/families/gemma4/config.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn gemma4_with(change: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>)) -> String {
    let mut j = gemma4_text();
    change(&mut j);
    serde_json::to_string(&j).unwrap()
}

#[test]
fn gemma4_reads_every_form_of_its_config() {
    let text = from_hf_json(&gemma4_with(|_| {})).unwrap();
    assert_eq!(text.family(), Some(Family::Gemma4));
    let global = HeadShape {
        head_dim: 32,
        kv_heads: 1,
    };
    assert_eq!(text.full_attention_heads, Some(global));
    // Proportional RoPE: a quarter of the 32-value head rotates (4 of 16 pairs), exponents
    // over the whole head.
    let f = text.rope_inv_freq_for(LayerType::FullAttention);
    assert_eq!(f.len(), 16);
    assert_eq!(f[4..], [0.0; 12]);
    assert_eq!(f[1], (1e6f64.powf(-2.0 / 32.0)) as f32);
    // The multimodal checkpoint nests the same text model.
    let nested = serde_json::json!({
        "model_type": "gemma4",
        "text_config": gemma4_text(),
        "vision_config": {"model_type": "gemma4_vision"},
    });
    let nested = from_hf_json(&nested.to_string()).unwrap();
    assert_eq!(
        ModelConfig {
            architecture: text.architecture.clone(),
            ..nested
        },
        text
    );
    // transformers 5.5's form: global head size and kv heads as keys, no per_layer_config.
    let keys = gemma4_with(|j| {
        j.remove("per_layer_config");
        j.insert("global_head_dim".into(), 32.into());
        j.insert("num_global_key_value_heads".into(), 1.into());
    });
    assert_eq!(from_hf_json(&keys).unwrap(), text);
}

#[test]
fn gemma4_refuses_what_it_does_not_run_by_name() {
    let refused = |change: fn(&mut serde_json::Map<String, serde_json::Value>), word: &str| {
        let err = from_hf_json(&gemma4_with(change)).unwrap_err();
        assert!(err.to_string().contains(word), "{err}");
    };
    // Experts without their sizes: no class default belongs to every model.
    refused(
        |j| {
            j.insert("enable_moe_block".into(), true.into());
        },
        "num_experts missing",
    );
    refused(
        |j| {
            j.insert("use_bidirectional_attention".into(), "all".into());
        },
        "use_bidirectional_attention",
    );
    // Global layers of two different shapes.
    refused(
        |j| {
            j["per_layer_config"]["5"]["head_dim"] = 64.into();
        },
        "per_layer_config",
    );
    // Shared global layers with no earlier global layer to read from.
    refused(
        |j| {
            j.insert("num_kv_shared_layers".into(), 4.into());
        },
        "shares the cache",
    );
}

/// Qwen3.5-35B-A3B's text config as its checkpoint nests it (sizes from the published
/// config), with the multimodal RoPE keys it carries.
const QWEN3_5_MOE: &str = r#"{
  "model_type": "qwen3_5_moe", "tie_word_embeddings": false,
  "text_config": {
    "model_type": "qwen3_5_moe_text", "vocab_size": 248320, "hidden_size": 2048,
    "num_hidden_layers": 40, "num_attention_heads": 16, "num_key_value_heads": 2,
    "head_dim": 256, "rms_norm_eps": 1e-6, "max_position_embeddings": 262144,
    "linear_num_key_heads": 16, "linear_num_value_heads": 32, "linear_key_head_dim": 128,
    "linear_value_head_dim": 128, "linear_conv_kernel_dim": 4, "full_attention_interval": 4,
    "num_experts": 256, "num_experts_per_tok": 8, "moe_intermediate_size": 512,
    "shared_expert_intermediate_size": 512, "attn_output_gate": true,
    "rope_parameters": {"rope_type": "default", "rope_theta": 10000000,
      "partial_rotary_factor": 0.25, "mrope_interleaved": true, "mrope_section": [11, 11, 10]}
  }
}"#;

fn qwen3_5_with(change: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(QWEN3_5_MOE).unwrap();
    change(&mut v["text_config"]);
    v.to_string()
}

#[test]
fn qwen3_5_reads_its_nested_text_config() {
    let c = from_hf_json(QWEN3_5_MOE).unwrap();
    assert_eq!(c.family(), Some(Family::Qwen35Moe));
    let linear = (0..40)
        .filter(|&l| c.layer_type(l) == LayerType::LinearAttention)
        .count();
    assert_eq!(linear, 30);
    assert_eq!(c.layer_type(3), LayerType::FullAttention);
    let a = c.linear_attention.unwrap();
    assert_eq!(
        (a.key_heads, a.value_heads, a.conv_channels()),
        (16, 32, 8192)
    );
    assert_eq!((c.rotary_dim, c.rope_theta), (Some(64), 1e7));
    assert_eq!(c.rope_inv_freq().len(), 32);
    assert!(c.attention_output_gate && c.qk_norm && c.norm_weight_offset == 1.0);
    let e = c.experts.unwrap();
    assert_eq!((e.count, e.per_token, e.width), (256, 8, 512));
    assert!(e.renormalize && e.shared.is_some() && e.dense_layers.is_empty());
}

#[test]
fn qwen3_5_refuses_what_it_cannot_honour_by_name() {
    let disagree = qwen3_5_with(|t| t["partial_rotary_factor"] = 0.5.into());
    let e = from_hf_json(&disagree).unwrap_err().to_string();
    assert!(e.contains("partial_rotary_factor"), "{e}");
    let yarn = qwen3_5_with(|t| t["rope_parameters"]["rope_type"] = "yarn".into());
    let e = from_hf_json(&yarn).unwrap_err().to_string();
    assert!(e.contains("rope_type"), "{e}");
    let uneven = qwen3_5_with(|t| t["linear_num_value_heads"] = 24.into());
    let e = from_hf_json(&uneven).unwrap_err().to_string();
    assert!(e.contains("value heads"), "{e}");
    let no_experts = qwen3_5_with(|t| {
        t.as_object_mut()
            .unwrap()
            .remove("num_experts")
            .map(drop)
            .unwrap()
    });
    let e = from_hf_json(&no_experts).unwrap_err().to_string();
    assert!(e.contains("num_experts"), "{e}");
}

#[test]
fn linear_attention_layers_belong_to_qwen3_5_only() {
    let qwen3 = SMOLLM2.replace(r#""llama""#, r#""qwen3""#);
    let mut kinds = vec![r#""full_attention""#; 30];
    kinds[0] = r#""linear_attention""#;
    let extra = format!(r#""head_dim": 64, "layer_types": [{}]"#, kinds.join(", "));
    let json = with(&qwen3, &extra);
    let e = from_hf_json(&json).unwrap_err().to_string();
    assert!(e.contains("layer type"), "{e}");
}

/// A two-layer `qwen35` file (a DeltaNet layer, then gated attention by interval 2) with the
/// metadata llama.cpp's converter writes, but for `without`; `extra` keys and tensors added.
fn qwen35_gguf(arch: &str, without: &str, extra: Meta, tensors: Shaped) -> tempfile::NamedTempFile {
    let keys: Meta = vec![
        ("{arch}.attention.key_length", Value::U32(16)),
        ("{arch}.attention.value_length", Value::U32(16)),
        ("{arch}.rope.dimension_count", Value::U32(4)),
        ("{arch}.ssm.conv_kernel", Value::U32(4)),
        ("{arch}.ssm.state_size", Value::U32(8)),
        ("{arch}.ssm.group_count", Value::U32(1)),
        ("{arch}.ssm.time_step_rank", Value::U32(2)),
        ("{arch}.ssm.inner_size", Value::U32(16)),
        ("{arch}.full_attention_interval", Value::U32(2)),
    ];
    let meta: Meta = keys
        .into_iter()
        .chain(extra)
        .filter(|(k, _)| *k != without)
        .collect();
    let mut all: Shaped = vec![
        ("blk.0.ssm_a".into(), vec![2]),
        ("blk.1.attn_q.weight".into(), vec![64, 2 * 4 * 16]),
        ("blk.1.attn_q_norm.weight".into(), vec![16]),
        ("blk.1.attn_k_norm.weight".into(), vec![16]),
    ];
    all.extend(tensors);
    gguf_shaped(arch, &all, &meta)
}

#[test]
fn reads_qwen35_gguf_metadata() {
    let cfg = from_gguf(qwen35_gguf("qwen35", "", vec![], vec![]).path()).unwrap();
    assert_eq!(
        cfg.layer_types,
        [LayerType::LinearAttention, LayerType::FullAttention]
    );
    assert_eq!(
        cfg.linear_attention,
        Some(crate::LinearAttention {
            key_heads: 1,
            value_heads: 2,
            key_dim: 8,
            value_dim: 8,
            conv_kernel: 4,
            value_heads_tiled: true,
        })
    );
    assert_eq!((cfg.head_dim, cfg.rotary_dim), (16, Some(4)));
    assert_eq!((cfg.norm_weight_offset, cfg.intermediate_size), (0.0, 96));
    assert!(cfg.attention_output_gate && cfg.qk_norm && cfg.experts.is_none());
    assert_eq!(cfg.family(), Some(crate::Family::Qwen35));
}

#[test]
fn qwen35_gguf_names_what_is_missing() {
    for key in [
        "{arch}.rope.dimension_count",
        "{arch}.ssm.conv_kernel",
        "{arch}.ssm.state_size",
        "{arch}.ssm.group_count",
        "{arch}.ssm.time_step_rank",
        "{arch}.ssm.inner_size",
    ] {
        let err = from_gguf(qwen35_gguf("qwen35", key, vec![], vec![]).path())
            .unwrap_err()
            .to_string();
        let name = key.replace("{arch}", "qwen35");
        assert!(err.contains(&format!("{name} missing")), "{key}: {err}");
    }
    // Without the interval, llama.cpp's 4 makes layer 1 a DeltaNet layer, which it is not.
    let err =
        from_gguf(qwen35_gguf("qwen35", "{arch}.full_attention_interval", vec![], vec![]).path())
            .unwrap_err()
            .to_string();
    assert!(err.contains("blk.1.ssm_a"), "{err}");
}

#[test]
fn qwen35moe_gguf_reads_its_experts_and_names_missing_keys() {
    let experts = vec![
        ("{arch}.expert_count", Value::U32(8)),
        ("{arch}.expert_used_count", Value::U32(2)),
        ("{arch}.expert_feed_forward_length", Value::U32(32)),
        ("{arch}.expert_shared_feed_forward_length", Value::U32(48)),
    ];
    let mut tensors = expert_tensors(0, 8, 32);
    tensors.push(("blk.0.ffn_gate_inp_shexp.weight".into(), vec![64]));
    tensors.push(("blk.0.ffn_down_shexp.weight".into(), vec![48, 64]));
    let file = qwen35_gguf("qwen35moe", "", experts.clone(), tensors.clone());
    let cfg = from_gguf(file.path()).unwrap();
    let e = cfg.experts.as_ref().unwrap();
    assert_eq!(
        (e.count, e.per_token, e.width, e.renormalize),
        (8, 2, 32, true)
    );
    assert_eq!(e.shared.as_ref().map(|s| s.width), Some(48));
    assert_eq!(cfg.intermediate_size, 48);
    assert_eq!(cfg.family(), Some(crate::Family::Qwen35Moe));
    for (key, _) in &experts {
        let err = from_gguf(qwen35_gguf("qwen35moe", key, experts.clone(), tensors.clone()).path())
            .unwrap_err()
            .to_string();
        let name = key.replace("{arch}", "qwen35moe");
        assert!(err.contains(&format!("{name} missing")), "{key}: {err}");
    }
    let err = from_gguf(qwen35_gguf("qwen35moe", "", experts, expert_tensors(0, 8, 32)).path())
        .unwrap_err()
        .to_string();
    assert!(err.contains("blk.0.ffn_gate_inp_shexp.weight"), "{err}");
}
