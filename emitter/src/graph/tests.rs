use super::*;
use crate::config::from_hf_json;
use crate::manifest::Manifest;

const TINY: &str = include_str!("../../../assets/tiny/config.json");

fn opts() -> GraphOptions {
    GraphOptions {
        slots: 4,
        capacity: 64,
        weight_dtype: ElemType::F32,
        weight_layout: WeightLayout::Rows,
        weight_formats: Default::default(),
        kv_dtype: ElemType::F32,
        prefill_lengths: vec![8, 16],
        prefill_windows: vec![],
        decode_batches: vec![1, 4],
        decode_windows: vec![32, 64],
        decode_attention: AttentionForm::Matmul,
        heads: vec![Head::Logits, Head::Argmax],
        form: ModuleForm::Generic,
        cpu_kernels: false,
        activations: Default::default(),
        head_activations: Default::default(),
        decode_kernels: Default::default(),
        products: Default::default(),
        embed_lengths: Vec::new(),
        sums: Sums::Ordered,
        attention_heads: AttentionHeads::Apart,
        projections: Projections::Apart,
        linear_chunk: LINEAR_CHUNK,
    }
}

fn names(g: &BuiltModule) -> Vec<&str> {
    g.functions.iter().map(|f| f.name.as_str()).collect()
}

#[test]
fn emits_the_contract_functions() {
    let cfg = from_hf_json(TINY).unwrap();
    let g = build(&cfg, &opts()).unwrap();
    assert_eq!(
        names(&g),
        [
            "prefill_logits_t8",
            "prefill_argmax_t8",
            "prefill_logits_t16",
            "prefill_argmax_t16",
            "decode_ragged_logits_b1_w32",
            "decode_ragged_argmax_b1_w32",
            "decode_ragged_logits_b1_w64",
            "decode_ragged_argmax_b1_w64",
            "decode_ragged_logits_b4_w32",
            "decode_ragged_argmax_b4_w32",
            "decode_ragged_logits_b4_w64",
            "decode_ragged_argmax_b4_w64",
            "copy_slot",
        ]
    );
    let decode = &g.functions[8];
    assert_eq!(
        (decode.kind, decode.head, decode.b, decode.w),
        (Kind::Decode, Some(Head::Logits), Some(4), Some(32))
    );
    let arg_types: Vec<String> = decode
        .args
        .iter()
        .map(|a| format!("{}: {}", a.name, a.ty))
        .collect();
    assert_eq!(arg_types, ["tokens: tensor<4xi32>", "pos: tensor<4xi32>"]);
    assert_eq!(decode.results, [TensorType::new([4, 512], ElemType::F32)]);
    let prefill = &g.functions[1];
    assert_eq!((prefill.t, prefill.w), (Some(8), Some(64)));
    assert_eq!(prefill.results, [TensorType::scalar(ElemType::I32)]);
}

#[test]
fn one_module_holds_weights_caches_and_functions() {
    let cfg = from_hf_json(TINY).unwrap();
    let text = build(&cfg, &opts()).unwrap().module.render();
    let param = "util.global private @model.layers.1.mlp.down_proj.weight = \
                 #flow.parameter.named<\"model\"::\"model.layers.1.mlp.down_proj.weight\"> : tensor<64x128xf32>";
    assert!(text.contains(param));
    assert!(text.contains("@lm_head.weight"));
    assert!(text.contains(
        "util.global private mutable @cache.layers.1.v = dense<0x00000003> : tensor<5x64x2x16xf32>"
    ));
    assert_eq!(text.matches("\n  func.func @").count(), 13);
}

#[test]
fn optional_weights_follow_the_config() {
    let cfg = from_hf_json(TINY).unwrap();
    let cfg = ModelConfig {
        tie_word_embeddings: true,
        qkv_bias: true,
        o_bias: true,
        mlp_bias: true,
        ..cfg
    };
    let opts = GraphOptions {
        weight_dtype: ElemType::F16,
        prefill_windows: vec![16, 64],
        ..opts()
    };
    let g = build(&cfg, &opts).unwrap();
    let params: Vec<&str> = g.weights.all().iter().map(|p| p.name.as_str()).collect();
    assert!(!params.contains(&"lm_head.weight"));
    for bias in [
        "self_attn.k_proj.bias",
        "self_attn.o_proj.bias",
        "mlp.down_proj.bias",
    ] {
        assert!(
            params.contains(&format!("model.layers.0.{bias}").as_str()),
            "{bias}"
        );
    }
    assert_eq!(
        g.weights.layers[0][2].ty,
        TensorType::new([64], ElemType::F16)
    );
    assert_eq!(
        &names(&g)[..4],
        [
            "prefill_logits_t8_w16",
            "prefill_argmax_t8_w16",
            "prefill_logits_t8_w64",
            "prefill_argmax_t8_w64"
        ]
    );
}

/// The longest chunk gets every window that holds it; a shorter one the smallest and the
/// largest.
#[test]
fn prefill_windows_per_chunk_length() {
    let cfg = from_hf_json(TINY).unwrap();
    let opts = GraphOptions {
        prefill_windows: vec![16, 32, 64],
        heads: vec![Head::Logits],
        ..opts()
    };
    let g = build(&cfg, &opts).unwrap();
    let prefill: Vec<&str> = names(&g)
        .into_iter()
        .filter(|n| n.starts_with("prefill"))
        .collect();
    assert_eq!(
        prefill,
        [
            "prefill_logits_t8_w16",
            "prefill_logits_t8_w64",
            "prefill_logits_t16_w16",
            "prefill_logits_t16_w32",
            "prefill_logits_t16_w64"
        ]
    );
}

#[test]
fn rejects_options_that_do_not_fit() {
    let cfg = from_hf_json(TINY).unwrap();
    let cases = [
        (
            GraphOptions {
                prefill_lengths: vec![8, 128],
                ..opts()
            },
            "prefill length 128 exceeds the capacity 64",
        ),
        (
            GraphOptions {
                decode_windows: vec![32, 128],
                ..opts()
            },
            "window 128 exceeds the capacity 64",
        ),
        (
            GraphOptions {
                decode_batches: vec![1, 8],
                ..opts()
            },
            "decode batch 8 exceeds the slots (4)",
        ),
        (
            GraphOptions {
                decode_batches: vec![4, 1],
                ..opts()
            },
            "strictly increasing",
        ),
        (
            GraphOptions {
                prefill_windows: vec![8],
                ..opts()
            },
            "no prefill window holds a chunk of 16 tokens",
        ),
    ];
    for (o, msg) in cases {
        let err = build(&cfg, &o).unwrap_err().to_string();
        assert!(err.contains(msg), "{err}");
    }
    // Chunks of 16 tokens cannot take distinct places in a ring of 8.
    let windowed = ModelConfig {
        sliding_window: Some(8),
        ..cfg
    };
    let err = build(&windowed, &opts()).unwrap_err().to_string();
    assert!(err.contains("sliding window 8"), "{err}");
}

#[test]
fn sliding_layers_keep_rings_with_their_own_rope() {
    use crate::config::{LayerType, Rope};
    let cfg = ModelConfig {
        sliding_window: Some(16),
        layer_types: vec![LayerType::SlidingAttention, LayerType::FullAttention],
        sliding_rope: Some(Rope {
            theta: 100.0,
            scaling: None,
        }),
        ..from_hf_json(TINY).unwrap()
    };
    let g = build(&cfg, &opts()).unwrap();
    let m = Manifest::new(&cfg, &opts(), &g);
    let ring = m.kv_cache.ring.as_ref().expect("layer 0 is a ring");
    assert_eq!((ring.window, ring.layers.clone()), (16, vec![0]));
    assert_eq!(m.kv_cache.layer_type(0).shape, [5, 16, 2, 16]);
    assert_eq!(m.kv_cache.layer_type(1).shape, [5, 64, 2, 16]);
    assert_eq!(g.plan.ropes.len(), 2);
    assert_eq!(g.plan.functions.len(), 2);
    // The prefill of a ring layer takes the positions of the keys it reads: the ring's first
    // min(W, 16) entries, then the chunk's 8 tokens.
    let text = g.module.render();
    assert!(
        text.contains("%key_pos: tensor<24xi32>"),
        "ring prefill args"
    );
    // A window as long as the capacity needs no ring.
    let wide = ModelConfig {
        sliding_window: Some(64),
        ..cfg
    };
    let g = build(&wide, &opts()).unwrap();
    assert!(Manifest::new(&wide, &opts(), &g).kv_cache.ring.is_none());
}

#[test]
fn manifest_round_trips() {
    let cfg = from_hf_json(TINY).unwrap();
    let g = build(&cfg, &opts()).unwrap();
    let m = Manifest::new(&cfg, &opts(), &g);
    assert_eq!(Manifest::from_json(&m.to_json()).unwrap(), m);
    assert_eq!(m.kv_cache.ty.shape, [5, 64, 2, 16]);
    assert_eq!(m.parameters.len(), 1 + 2 * 9 + 2);
}

#[test]
fn sample_heads_take_the_sampling_inputs() {
    let cfg = from_hf_json(TINY).unwrap();
    let g = build(
        &cfg,
        &GraphOptions {
            heads: Head::ALL.to_vec(),
            ..opts()
        },
    )
    .unwrap();
    let find = |name: &str| {
        g.functions
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    let decode = find("decode_ragged_sample_b4_w32");
    let arg_names: Vec<&str> = decode.args.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        arg_names,
        [
            "tokens",
            "pos",
            "temperature",
            "top_k",
            "top_p",
            "min_p",
            "seed",
            "step"
        ]
    );
    assert_eq!(decode.args[6].ty, TensorType::new([4, 2], ElemType::I32));
    assert_eq!(
        decode.results,
        [
            TensorType::new([4], ElemType::I32),
            TensorType::new([4], ElemType::F32)
        ]
    );
    let prefill = find("prefill_sample_t8");
    assert_eq!(
        prefill.results,
        [
            TensorType::new([1], ElemType::I32),
            TensorType::new([1], ElemType::F32)
        ]
    );
    let standalone = find("sample_b4");
    assert_eq!(standalone.kind, Kind::Sample);
    assert_eq!(
        standalone.args[0].ty,
        TensorType::new([4, cfg.vocab_size as i64], ElemType::F32)
    );
    let text = g.module.render();
    assert!(
        !text.contains("stablehlo.sort"),
        "the sampling head must not sort the vocabulary"
    );
    let metal = build(
        &cfg,
        &GraphOptions {
            heads: vec![Head::Sample],
            form: ModuleForm::Metal,
            ..opts()
        },
    )
    .unwrap();
    assert!(
        !metal.module.render().contains("stablehlo.if"),
        "Metal heads run every filter"
    );
    assert!(text.contains("stablehlo.if"));
}

#[test]
fn tiled_weights_are_stored_as_row_tiles() {
    let cfg = from_hf_json(TINY).unwrap();
    let tied = ModelConfig {
        tie_word_embeddings: true,
        ..cfg.clone()
    };
    let opts = GraphOptions {
        weight_layout: WeightLayout::Tiled,
        ..opts()
    };
    let g = build(&tied, &opts).unwrap();
    let ty = |name: &str| {
        g.weights
            .all()
            .into_iter()
            .find(|p| p.name == name)
            .unwrap()
            .ty
            .clone()
    };
    assert_eq!(
        ty("model.layers.0.mlp.gate_proj.weight"),
        TensorType::new([8, 64, 16], ElemType::F32)
    );
    assert_eq!(
        ty("model.layers.0.mlp.down_proj.weight"),
        TensorType::new([4, 128, 16], ElemType::F32)
    );
    assert_eq!(
        ty("model.layers.0.self_attn.o_proj.weight"),
        TensorType::new([64, 64], ElemType::F32)
    );
    assert_eq!(
        ty("model.layers.0.self_attn.k_proj.weight"),
        TensorType::new([2, 64, 16], ElemType::F32)
    );
    // The embedding, here also the LM head, keeps its rows.
    assert_eq!(
        ty("model.embed_tokens.weight"),
        TensorType::new([512, 64], ElemType::F32)
    );
    assert_eq!(
        ty("model.layers.0.input_layernorm.weight"),
        TensorType::new([64], ElemType::F32)
    );
    let manifest = Manifest::new(&tied, &opts, &g);
    assert_eq!(manifest.weight_layout, WeightLayout::Tiled);
    // 6 projections (all but o_proj) in each of 2 layers.
    assert_eq!(manifest.tiled_parameters().len(), 12);
    assert!(manifest
        .tiled_parameters()
        .iter()
        .all(|name| name.starts_with("model.layers.")));

    // Untied: the LM head keeps its rows too.
    let g = build(&cfg, &opts).unwrap();
    assert_eq!(
        g.weights.head().ty,
        TensorType::new([512, 64], ElemType::F32)
    );
}

#[test]
fn tiles_need_output_rows_in_sixteens() {
    let cfg = ModelConfig {
        intermediate_size: 120,
        ..from_hf_json(TINY).unwrap()
    };
    let opts = GraphOptions {
        weight_layout: WeightLayout::Tiled,
        ..opts()
    };
    let Err(err) = build(&cfg, &opts) else {
        panic!("120 rows do not tile")
    };
    let err = err.to_string();
    assert!(
        err.contains("intermediate_size = 120") && err.contains("multiple of 16"),
        "{err}"
    );
    assert!(build(
        &cfg,
        &GraphOptions {
            weight_layout: WeightLayout::Rows,
            ..opts
        }
    )
    .is_ok());
}

#[test]
fn linear_rejects_mismatched_inputs() {
    let mut b = crate::hlo::FuncBuilder::new("f");
    let w = b.arg("w", TensorType::new([2, 8, 16], ElemType::F32));
    let x = b.arg("x", TensorType::new([1, 3], ElemType::F32));
    let w = Weight::Dense(w);
    let err = linear(&mut b, &w, &x).unwrap_err().to_string();
    assert!(err.contains("takes 8 inputs"), "{err}");
    let y = b.arg("y", TensorType::new([8, 3], ElemType::F32));
    assert_eq!(linear(&mut b, &w, &y).unwrap().shape(), [32, 3]);
}

#[test]
fn reduce_form_writes_few_column_products_of_rows_as_sums() {
    let form = |products, m| {
        let mut b = crate::hlo::FuncBuilder::new("f").with_products(products);
        let w = b.arg("w", TensorType::new([32, 8], ElemType::F32));
        let x = b.arg("x", TensorType::new([8, m], ElemType::F32));
        let y = linear(&mut b, &Weight::Dense(w), &x).unwrap();
        assert_eq!(y.shape(), [32, m]);
        let mut text = String::new();
        b.finish(&[&y]).render(&mut text);
        (
            text.contains("dot_general"),
            text.contains("stablehlo.reduce"),
        )
    };
    assert_eq!(form(ProductForm::Dot, 8), (true, false));
    assert_eq!(form(ProductForm::Reduce, 8), (false, true));
    // One column stays a matvec and a prefill chunk a matmul.
    assert_eq!(form(ProductForm::Reduce, 1), (true, false));
    assert_eq!(form(ProductForm::Reduce, 32), (true, false));
}

#[test]
fn compiler_sums_are_one_reduce_and_ordered_sums_none() {
    let norm = |sums| {
        let mut b = crate::hlo::FuncBuilder::new("f").with_sums(sums);
        let x = b.arg("x", TensorType::new([2048, 8], ElemType::F32));
        let w = b.arg("w", TensorType::new([2048], ElemType::F32));
        let y = crate::graph::layer::rms_norm(&mut b, &x, &w, 1e-5).unwrap();
        assert_eq!(y.shape(), [2048, 8]);
        let mut text = String::new();
        b.finish(&[&y]).render(&mut text);
        (
            text.matches("stablehlo.reduce").count(),
            text.matches("stablehlo.slice").count(),
        )
    };
    // 2048 halves to one row in 11 rounds, written four at a time: 16 + 16 + 8 slices.
    assert_eq!(norm(Sums::Ordered), (0, 40));
    assert_eq!(norm(Sums::Compiler), (1, 0));
}

#[test]
fn half_form_reads_f16_weights_as_stored_and_sums_in_f32() {
    let product = |stored: ElemType, m: i64| {
        let mut b = crate::hlo::FuncBuilder::new("f").with_products(ProductForm::Half);
        let w = b.arg("w", TensorType::new([32, 8], stored));
        let w = b.convert(&w, ElemType::F32);
        let x = b.arg("x", TensorType::new([8, m], ElemType::F32));
        let y = linear(&mut b, &Weight::Dense(w), &x).unwrap();
        assert_eq!(y.ty(), &TensorType::new([32, m], ElemType::F32));
        let mut text = String::new();
        b.finish(&[&y]).render(&mut text);
        text
    };
    for m in [1, 8, 512] {
        let text = product(ElemType::F16, m);
        // The activations are rounded; the weight is read as stored, never widened and back.
        assert_eq!(text.matches("stablehlo.convert").count(), 2, "{text}");
        assert!(text.contains(&format!(
            "(tensor<32x8xf16>, tensor<8x{m}xf16>) -> tensor<32x{m}xf32>"
        )));
    }
    // Other weights are rounded to f16 too.
    let text = product(ElemType::Bf16, 8);
    assert!(
        text.contains("(tensor<32x8xf32>) -> tensor<32x8xf16>"),
        "{text}"
    );
}

#[test]
fn post_norms_take_their_weights_and_a_bad_offset_is_refused() {
    let base = from_hf_json(TINY).unwrap();
    let plain = Manifest::new(&base, &opts(), &build(&base, &opts()).unwrap());
    let gemma = ModelConfig {
        post_norms: true,
        norm_weight_offset: 1.0,
        ..base.clone()
    };
    let g = build(&gemma, &opts()).unwrap();
    let m = Manifest::new(&gemma, &opts(), &g);
    assert_eq!(m.parameters.len(), plain.parameters.len() + 2 * 2);
    for part in ["pre_feedforward_layernorm", "post_feedforward_layernorm"] {
        let name = format!("model.layers.1.{part}.weight");
        assert!(m.parameters.iter().any(|p| p.name == name), "{name}");
    }
    let bad = ModelConfig {
        norm_weight_offset: f64::NAN,
        ..base
    };
    let err = build(&bad, &opts()).unwrap_err().to_string();
    assert!(err.contains("norm_weight_offset"), "{err}");
}

#[test]
fn every_matrix_can_be_stored_in_groups_when_weights_are_tiled() {
    let tied = ModelConfig {
        tie_word_embeddings: true,
        ..from_hf_json(TINY).unwrap()
    };
    let q8_0 = WeightFormat::Groups(GroupFormat {
        code: Code::I8,
        group: 32,
        scale: ElemType::F16,
        min: None,
        sub_scales: None,
    });
    let groupable = Weights::groupable(&tied, WeightLayout::Tiled, false);
    // Embedding (the head too, tied) and 7 projections in each of 2 layers.
    assert_eq!(groupable.len(), 1 + 2 * 7);
    assert!(groupable.contains(&"model.layers.1.self_attn.o_proj.weight".to_string()));
    assert!(Weights::groupable(&tied, WeightLayout::Rows, false).is_empty());
    let opts = GraphOptions {
        weight_layout: WeightLayout::Tiled,
        weight_formats: groupable.iter().map(|n| (n.clone(), q8_0)).collect(),
        ..opts()
    };
    let g = build(&tied, &opts).unwrap();
    let embed = g.weights.embed.parts();
    assert_eq!(
        embed,
        vec![
            (
                "model.embed_tokens.weight.codes".to_string(),
                TensorType::new([32, 4, 32, 16], ElemType::I8)
            ),
            (
                "model.embed_tokens.weight.scales".to_string(),
                TensorType::new([32, 4, 16], ElemType::F16)
            ),
        ]
    );
    let text = g.module.render();
    // The embedding is gathered from the codes; no f32 table exists anywhere.
    assert!(text.contains("stablehlo.gather"));
    assert!(!text.contains("tensor<512x64xf32>"));
    // Rows layout graphs cannot read groups: refused by name.
    let rows = GraphOptions {
        weight_layout: WeightLayout::Rows,
        ..opts.clone()
    };
    let err = build(&tied, &rows).unwrap_err().to_string();
    assert!(err.contains("cannot be stored in groups"), "{err}");
    // A vector in groups is refused too.
    let mut bad = opts.clone();
    bad.weight_formats
        .insert("model.layers.0.input_layernorm.weight".into(), q8_0);
    let err = build(&tied, &bad).unwrap_err().to_string();
    assert!(err.contains("input_layernorm"), "{err}");
}

#[test]
fn the_kv_cache_takes_its_own_element_type() {
    let cfg = from_hf_json(TINY).unwrap();
    for kv in [ElemType::F16, ElemType::Bf16] {
        let opts = GraphOptions {
            kv_dtype: kv,
            ..opts()
        };
        let g = build(&cfg, &opts).unwrap();
        let manifest = Manifest::new(&cfg, &opts, &g);
        assert_eq!(manifest.kv_cache.ty.elem, kv);
        let text = g.module.render();
        // Caches are distinct globals (IREE merges identical splats), rounded on write; keys
        // keep positions innermost.
        assert!(text.contains(&format!("dense<0x0000> : tensor<5x2x16x64x{kv}>")));
        assert!(text.contains(&format!("dense<0x0001> : tensor<5x64x2x16x{kv}>")));
        assert!(text.contains(&format!("-> {}", TensorType::new([8, 2, 16], kv))));
    }
    let int8 = GraphOptions {
        kv_dtype: ElemType::I8,
        ..opts()
    };
    assert!(build(&cfg, &int8).is_err());
}

/// Padding rows and tokens write to the cheaper scratch: a whole slot where slots are many,
/// positions past each slot's own where they are few; a ring layer chooses for itself.
#[test]
fn padding_writes_take_the_smaller_scratch() {
    use crate::config::LayerType;
    assert_eq!(Scratch::choose(1, 8192, 512), Scratch::Tail(512));
    assert_eq!(Scratch::choose(8, 2048, 512), Scratch::Slot);
    assert_eq!(Scratch::choose(4, 64, 16), Scratch::Slot);
    assert_eq!(Scratch::choose(1, 64, 0), Scratch::Slot);
    // 4 slots x 16 tokens of padding at most: as dear as one more slot of 64.
    let cfg = from_hf_json(TINY).unwrap();
    let m = Manifest::new(&cfg, &opts(), &build(&cfg, &opts()).unwrap());
    assert_eq!(m.kv_cache.ty.shape, [5, 64, 2, 16]);
    assert_eq!(m.kv_cache.scratch_slot, Some(4));
    // One slot of 256 positions and chunks of at most 16: 16 positions past the slot's own.
    let one = GraphOptions {
        slots: 1,
        capacity: 256,
        decode_batches: vec![1],
        decode_windows: vec![256],
        ..opts()
    };
    let ringed = ModelConfig {
        sliding_window: Some(16),
        layer_types: vec![LayerType::SlidingAttention, LayerType::FullAttention],
        ..cfg
    };
    let g = build(&ringed, &one).unwrap();
    let m = Manifest::new(&ringed, &one, &g);
    assert_eq!(m.kv_cache.ty.shape, [1, 272, 2, 16]);
    assert_eq!(m.kv_cache.scratch_slot, None);
    // The ring of 16 positions: a tail of 16 would be no cheaper than a slot.
    assert_eq!(m.kv_cache.layer_type(0).shape, [2, 16, 2, 16]);
    assert_eq!(m.kv_cache.layer_type(1).shape, [1, 272, 2, 16]);
    let text = g.module.render();
    assert!(
        text.contains("tensor<1x2x16x272xf32>"),
        "keys past the capacity"
    );
    // A chunk's padding token i writes at 256 + i of the chunk's slot.
    let prefill = function_text(&text, "forward_prefill_t16_w256");
    assert!(prefill.contains("dense<256> : tensor<i32>"), "{prefill}");
}

/// The text of private function `name` in a rendered module.
fn function_text<'a>(text: &'a str, name: &str) -> &'a str {
    let start = text
        .find(&format!("func.func private @{name}("))
        .unwrap_or_else(|| panic!("no function {name}"));
    let body = &text[start..];
    &body[..body.find("\n  }").unwrap_or(body.len())]
}

/// With the CPU kernels a prefill layer whose cache spans the capacity attends in one kernel
/// dispatch, with no score matrix, and a ring layer keeps the graph's form.
#[test]
fn full_span_prefill_attention_runs_in_the_kernel() {
    use crate::config::LayerType;
    if kernels::Object::get().is_none() {
        eprintln!("skipped: this build has no CPU kernels");
        return;
    }
    let with_kernels = GraphOptions {
        cpu_kernels: true,
        ..opts()
    };
    // 2 query heads per kv head times 8 tokens over the 64-position window.
    let scores = ["tensor<16x64xf32>", "tensor<1x16x64xf32>"];
    let score_dots = |f: &str| {
        f.lines()
            .filter(|l| l.contains("dot_general"))
            .filter(|l| scores.iter().any(|s| l.ends_with(&format!("-> {s}"))))
            .count()
    };
    // The Llama-like tiny model: every layer spans the capacity.
    let llama = from_hf_json(TINY).unwrap();
    let text = build(&llama, &with_kernels).unwrap().module.render();
    for name in ["layer_prefill_t8_w64", "layer_prefill_t16_w64"] {
        let layer = function_text(&text, name);
        assert_eq!(layer.matches("flow.dispatch").count(), 1, "{layer}");
        assert!(layer.contains("llm_prefill_attention_f32"), "{layer}");
        assert_eq!(score_dots(layer), 0, "{layer}");
    }
    let cfg = ModelConfig {
        sliding_window: Some(16),
        layer_types: vec![LayerType::SlidingAttention, LayerType::FullAttention],
        ..llama
    };
    let text = build(&cfg, &with_kernels).unwrap().module.render();
    // Layer 1 spans the capacity: function 0 is the ring layer, function 1 the full one.
    let full = function_text(&text, "layer_prefill_t8_w64_1");
    assert_eq!(
        full.matches("llm_prefill_attention_f32").count(),
        1,
        "{full}"
    );
    assert_eq!(score_dots(full), 0, "{full}");
    let ring = function_text(&text, "layer_prefill_t8_w64");
    assert!(!ring.contains("llm_prefill_attention"), "{ring}");
    // The ring layer reads min(64, 16) ring entries and the 8 fresh tokens.
    assert!(ring.contains("dot_general"), "{ring}");
    // Without kernels the full layer keeps the graph's form: a score matrix per kv head.
    let plain = build(&cfg, &opts()).unwrap().module.render();
    let full = function_text(&plain, "layer_prefill_t8_w64_1");
    assert!(!full.contains("llm_prefill_attention"));
    assert_eq!(score_dots(full), cfg.num_key_value_heads, "{full}");
}

fn with_experts(shared: bool) -> ModelConfig {
    let base = from_hf_json(TINY).unwrap();
    ModelConfig {
        experts: Some(crate::config::Experts {
            count: 8,
            per_token: 2,
            width: 32,
            renormalize: true,
            shared: shared.then_some(crate::config::SharedExpert { width: 48 }),
            dense_layers: vec![0],
            routing: Default::default(),
            biases: false,
            scaled_router: false,
            dense_beside: false,
        }),
        ..base
    }
}

#[test]
fn expert_layers_take_the_router_and_stacked_experts() {
    let cfg = with_experts(true);
    let mut o = opts();
    o.weight_layout = WeightLayout::Tiled;
    let g = build(&cfg, &o).unwrap();
    // Layer 0 stays dense; the others route: two layer functions per step.
    assert_eq!(g.plan.functions.len(), 2);
    let last = cfg.num_hidden_layers - 1;
    let ty = |name: &str| {
        let all = g.weights.all();
        let p = all.iter().find(|p| p.name == name);
        p.unwrap_or_else(|| panic!("{name} missing"))
            .ty
            .shape
            .clone()
    };
    let layer = |s: &str| format!("model.layers.{last}.{s}");
    let (e, h) = (8, cfg.hidden_size as i64);
    assert_eq!(ty(&layer("mlp.gate.weight")), [e, h]);
    assert_eq!(ty(&layer("mlp.experts.gate_proj.weight")), [e, 32, h]);
    assert_eq!(ty(&layer("mlp.experts.up_proj.weight")), [e, 32, h]);
    assert_eq!(ty(&layer("mlp.experts.down_proj.weight")), [e, h, 32]);
    assert_eq!(ty(&layer("mlp.shared_expert_gate.weight")), [1, h]);
    // The shared expert is an ordinary projection: tiled like the dense MLP.
    assert_eq!(ty(&layer("mlp.shared_expert.up_proj.weight")), [3, h, 16]);
    assert!(g
        .weights
        .all()
        .iter()
        .all(|p| p.name != layer("mlp.up_proj.weight")));
    assert_eq!(ty("model.layers.0.mlp.up_proj.weight").len(), 3);
    // Stacks are not tiles: the parameter file keeps them as the file stacks them.
    let m = Manifest::new(&cfg, &o, &g);
    let tiled = m.tiled_parameters();
    assert!(tiled.contains(&layer("mlp.shared_expert.up_proj.weight")));
    assert!(!tiled
        .iter()
        .any(|n| n.contains("mlp.experts.") || n.ends_with("mlp.gate.weight")));
    // Decode of one row gathers its experts; a prefill chunk of 8 tokens (16 pairs for 8
    // experts) runs every expert.
    let text = g.module.render();
    if let Ok(path) = std::env::var("EMITTER_WRITE_EXPERTS_MLIR") {
        std::fs::write(path, &text).unwrap();
    }
    let gathers_experts = |f: &str| {
        f.lines()
            .any(|l| l.contains("stablehlo.gather") && l.contains("tensor<8x32x64xf32>"))
    };
    assert!(gathers_experts(function_text(
        &text,
        "layer_decode_b1_w32_1"
    )));
    assert!(!gathers_experts(function_text(
        &text,
        "layer_prefill_t8_w64_1"
    )));
}

#[test]
fn grouped_stacks_need_the_kernels_and_routers_stay_dense() {
    let cfg = with_experts(false);
    let q8_0 = WeightFormat::Groups(GroupFormat {
        code: Code::I8,
        group: 32,
        scale: ElemType::F16,
        min: None,
        sub_scales: None,
    });
    let with = |name: &str| {
        let mut o = opts();
        o.weight_layout = WeightLayout::Tiled;
        for suffix in ["gate_proj", "up_proj", "down_proj"] {
            let stack = format!("model.layers.1.mlp.experts.{suffix}.weight");
            o.weight_formats.insert(stack, q8_0);
        }
        o.weight_formats.insert(name.into(), q8_0);
        o
    };
    // The router is read dense.
    let err = build(&cfg, &with("model.layers.1.mlp.gate.weight")).unwrap_err();
    assert!(err.to_string().contains("routers are read dense"), "{err}");
    // Stacks in blocks are declared per expert, and only the CPU kernels multiply them.
    let o = with("model.layers.1.mlp.experts.up_proj.weight");
    let err = build(&cfg, &o).unwrap_err().to_string();
    assert!(err.contains("only by the CPU kernels"), "{err}");
    let parts = Weights::new(
        &cfg,
        o.weight_dtype,
        o.weight_layout,
        &o.weight_formats,
        o.projections,
    )
    .unwrap()
    .all()
    .into_iter()
    .find(|p| p.name == "model.layers.1.mlp.experts.down_proj.weight")
    .unwrap()
    .parts();
    // 8 experts of [64, 32]: 4 tiles of one group (stored as 4, a multiple of 4) of 32.
    assert_eq!(parts[0].1.shape, [8, 4, 4, 32, 16]);
    assert_eq!(parts[1].1.shape, [8, 4, 4, 16]);
}

#[test]
fn whole_projection_qk_norms_take_the_projection_width() {
    let base = from_hf_json(TINY).unwrap();
    let cfg = ModelConfig {
        qk_norm: true,
        qk_norm_whole_projection: true,
        ..base
    };
    let g = build(&cfg, &opts()).unwrap();
    let shape = |name: &str| {
        let all = g.weights.all();
        all.iter()
            .find(|p| p.name == name)
            .unwrap()
            .ty
            .shape
            .clone()
    };
    let q = (cfg.num_attention_heads * cfg.head_dim) as i64;
    let kv = (cfg.num_key_value_heads * cfg.head_dim) as i64;
    assert_eq!(shape("model.layers.0.self_attn.q_norm.weight"), [q]);
    assert_eq!(shape("model.layers.0.self_attn.k_norm.weight"), [kv]);
}

/// Embedding lengths add their own graphs and nothing else: every other function renders as it
/// does without them, so a chat module's text (and its compile cache entry) is the same when
/// embeddings are off.
#[test]
fn embedding_graphs_leave_the_rest_of_the_module_alone() {
    let cfg = from_hf_json(TINY).unwrap();
    let plain = build(&cfg, &opts()).unwrap();
    let with = build(
        &cfg,
        &GraphOptions {
            embed_lengths: vec![16, 64],
            ..opts()
        },
    )
    .unwrap();
    assert!(plain.functions.iter().all(|f| f.kind != Kind::Embed));
    let embed: Vec<&FunctionInfo> = with
        .functions
        .iter()
        .filter(|f| f.kind == Kind::Embed)
        .collect();
    let shapes: Vec<(&str, Option<usize>)> = embed.iter().map(|f| (f.name.as_str(), f.t)).collect();
    assert_eq!(
        shapes,
        [
            ("embed_hidden_t16", Some(16)),
            ("embed_hidden_t64", Some(64))
        ]
    );
    let hidden = cfg.hidden_size as i64;
    assert_eq!(embed[0].results[0].shape, [16, hidden]);
    let arg_names: Vec<&str> = embed[0].args.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(arg_names, ["tokens", "positions", "segments"]);
    let others = |g: &BuiltModule| -> Vec<String> {
        g.module
            .functions
            .iter()
            .filter(|f| !f.name.contains("embed"))
            .map(|f| {
                let mut text = String::new();
                f.render(&mut text);
                text
            })
            .collect()
    };
    assert_eq!(others(&plain), others(&with));
    assert_eq!(plain.module.globals, with.module.globals);
    let too_long = GraphOptions {
        embed_lengths: vec![128],
        ..opts()
    };
    assert!(build(&cfg, &too_long).is_err());
}

#[test]
fn linear_attention_chunks_are_whole_blocks() {
    let cfg = from_hf_json(include_str!(
        "../../../tests/fixtures/families/qwen3_5/config.json"
    ))
    .unwrap();
    let odd = GraphOptions {
        prefill_lengths: vec![8, 48],
        linear_chunk: 32,
        ..opts()
    };
    let err = build(&cfg, &odd).unwrap_err().to_string();
    assert!(
        err.contains("48 tokens") && err.contains("blocks of 32"),
        "{err}"
    );
    let not_two = GraphOptions {
        linear_chunk: 48,
        ..opts()
    };
    assert!(build(&cfg, &not_two).is_err());
    let whole = GraphOptions {
        prefill_lengths: vec![8, 64],
        linear_chunk: 32,
        ..opts()
    };
    build(&cfg, &whole).unwrap();
}

/// Fused projections: each layer declares one q/k/v weight of their rows in place of the
/// three (biases stay apart) and multiplies it once; tiles cannot hold them.
#[test]
fn fused_projections_are_one_weight_and_one_product() {
    let cfg = ModelConfig {
        qkv_bias: true,
        ..from_hf_json(TINY).unwrap()
    };
    let fused = GraphOptions {
        projections: Projections::Fused,
        ..opts()
    };
    let (apart, together) = (build(&cfg, &opts()).unwrap(), build(&cfg, &fused).unwrap());
    let names = |g: &BuiltModule| -> Vec<String> {
        g.weights.all().iter().map(|p| p.name.clone()).collect()
    };
    let (q, kv) = (
        (cfg.num_attention_heads * cfg.head_dim) as i64,
        (cfg.num_key_value_heads * cfg.head_dim) as i64,
    );
    let qkv = "model.layers.0.self_attn.qkv_proj.weight";
    let all = together.weights.all();
    let fused_weight = all.iter().find(|p| p.name == qkv).unwrap();
    assert_eq!(fused_weight.ty.shape, [q + 2 * kv, cfg.hidden_size as i64]);
    for part in ["q_proj", "k_proj", "v_proj"] {
        let weight = format!("model.layers.0.self_attn.{part}.weight");
        let bias = format!("model.layers.0.self_attn.{part}.bias");
        assert!(names(&apart).contains(&weight));
        assert!(!names(&together).contains(&weight), "{weight} is fused");
        assert!(names(&together).contains(&bias), "{bias} stays");
    }
    assert_eq!(
        together.weights.fused(),
        (0..cfg.num_hidden_layers)
            .map(|l| format!("model.layers.{l}.self_attn.qkv_proj.weight"))
            .collect::<Vec<_>>()
    );
    let products = |g: &BuiltModule| {
        let text = g.module.render();
        function_text(&text, "layer_decode_b1_w32")
            .matches("stablehlo.dot_general")
            .count()
    };
    assert_eq!(products(&apart) - products(&together), 2);
    // Without biases between the product and RoPE, q's and k's rows rotate as one.
    let reverses = |cfg: &ModelConfig, o: &GraphOptions| {
        let text = build(cfg, o).unwrap().module.render();
        function_text(&text, "layer_decode_b1_w32")
            .matches("stablehlo.reverse")
            .count()
    };
    assert_eq!((reverses(&cfg, &opts()), reverses(&cfg, &fused)), (2, 2));
    let plain = from_hf_json(TINY).unwrap();
    assert_eq!(
        (reverses(&plain, &opts()), reverses(&plain, &fused)),
        (2, 1)
    );
    let tiled = GraphOptions {
        weight_layout: WeightLayout::Tiled,
        ..fused
    };
    let err = build(&cfg, &tiled).unwrap_err().to_string();
    assert!(err.contains("read from weights in rows"), "{err}");
}

/// Attention over all kv heads at once keeps the values head-major, `[S', Hkv, P', D]`, so both
/// of its products batch over the leading (row, head) dimensions and read the windows in place.
#[test]
fn attention_over_all_heads_keeps_values_head_major() {
    let cfg = from_hf_json(TINY).unwrap();
    let together = GraphOptions {
        attention_heads: AttentionHeads::Together,
        sums: Sums::Compiler,
        ..opts()
    };
    let g = build(&cfg, &together).unwrap();
    let (kv, d) = (cfg.num_key_value_heads as i64, cfg.head_dim as i64);
    let apart = build(&cfg, &opts()).unwrap();
    let [s, p, h, dd] = apart.dims.value_cache_type_for(CacheSpan::Full).shape[..] else {
        panic!("a 4-D values cache")
    };
    assert_eq!([h, dd], [kv, d]);
    let v = g.dims.value_cache_type_for(CacheSpan::Full);
    assert_eq!(v.shape, [s, kv, p, d]);
    let text = g.module.render();
    let layer = function_text(&text, "layer_decode_b4_w32");
    assert_eq!(
        layer.matches("batching_dims = [0, 1] x [0, 1]").count(),
        2,
        "{layer}"
    );
    assert!(
        !layer.contains("batching_dims = [0, 1] x [0, 2]"),
        "{layer}"
    );
}
