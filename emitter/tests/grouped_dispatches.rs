//! Grouped (block-quantized) projections are dequantized inside the fused products: compiled to
//! IREE's flow level, no dispatch of a one-token decode step writes a dequantized weight.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use emitter::graph::{
    stored_groups, Activations, AttentionForm, Code, DecodeKernels, GroupFormat, Head, SubScales,
    WeightFormat, WeightLayout, Weights,
};
use emitter::hlo::ElemType;
use emitter::{GraphOptions, ModelConfig, ModuleForm};

const FUSION_FLAG: &str = "--iree-dispatch-creation-block-matmul-producer-fusion=false";

mod common;
use common::{iree_compile, root};

/// The tiny model's one-token decode step with every matrix (projections, embedding, LM head)
/// stored as `format`, multiplied by the CPU kernels with `kernels`.
fn decode_module(cfg: &ModelConfig, format: GroupFormat, kernels: bool) -> String {
    module(
        cfg,
        format,
        kernels,
        vec![],
        (Activations::F32, Activations::F32),
    )
}

/// The tiny model's module with prefill chunks of `prefill` tokens and a one-token decode step,
/// its layers' products and its head's multiplied by `(activations, head_activations)`.
fn module(
    cfg: &ModelConfig,
    format: GroupFormat,
    kernels: bool,
    prefill: Vec<usize>,
    (activations, head_activations): (Activations, Activations),
) -> String {
    let weight_formats = Weights::groupable(cfg, WeightLayout::Tiled, kernels)
        .into_iter()
        .map(|name| (name, WeightFormat::Groups(format)))
        .collect();
    let opts = GraphOptions {
        slots: 2,
        capacity: 32,
        weight_dtype: ElemType::F32,
        weight_layout: WeightLayout::Tiled,
        weight_formats,
        kv_dtype: ElemType::F32,
        prefill_lengths: prefill,
        prefill_windows: vec![],
        decode_batches: vec![1],
        decode_windows: vec![32],
        decode_attention: AttentionForm::Matmul,
        heads: vec![Head::Logits],
        form: ModuleForm::Generic,
        cpu_kernels: kernels,
        activations,
        head_activations,
        // What a one-slot module takes: the one-row step in fixed point.
        decode_kernels: DecodeKernels::Fixed,
        products: Default::default(),
        embed_lengths: Vec::new(),
        sums: emitter::graph::Sums::Ordered,
        attention_heads: emitter::graph::AttentionHeads::Apart,
        projections: emitter::graph::Projections::Apart,
        linear_chunk: emitter::graph::LINEAR_CHUNK,
    };
    emitter::render(cfg, &opts).unwrap().module
}

/// Result types of every `flow.dispatch` in IREE's flow-level output of `module`.
fn dispatch_results(compiler: &Path, module: &str, flags: &[&str]) -> Vec<String> {
    flow_text(compiler, module, flags)
        .lines()
        .filter(|l| l.contains("flow.dispatch @"))
        .filter_map(|l| l.rsplit_once("->").map(|(_, r)| r.trim().to_string()))
        .collect()
}

/// IREE's flow-level output of `module`.
fn flow_text(compiler: &Path, module: &str, flags: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("model.mlir");
    std::fs::write(&input, module).unwrap();
    let out = Command::new(compiler)
        .arg(&input)
        .args([
            "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=host",
            "--iree-input-type=stablehlo",
            "--compile-to=flow",
        ])
        .args(flags)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "iree-compile failed:\n{stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Element counts of the projection weights: a dequantized weight is written as an f32 tensor
/// of one of these sizes, whatever its shape (IREE often flattens it).
fn weight_sizes(cfg: &ModelConfig) -> BTreeSet<i64> {
    let (e, i) = (cfg.hidden_size as i64, cfg.intermediate_size as i64);
    let q = (cfg.num_attention_heads * cfg.head_dim) as i64;
    let kv = (cfg.num_key_value_heads * cfg.head_dim) as i64;
    let v = cfg.vocab_size as i64;
    [q * e, kv * e, i * e, v * e].into_iter().collect()
}

/// Element count of each f32 tensor type in `result`, leaving out the shapes in `allowed`.
fn f32_sizes(result: &str, allowed: &BTreeSet<String>) -> Vec<i64> {
    result
        .split("tensor<")
        .skip(1)
        .filter_map(|t| t.split_once('>'))
        .filter_map(|(t, _)| t.strip_suffix("xf32"))
        .filter(|dims| !allowed.contains(*dims))
        .map(|dims| dims.split('x').map(|d| d.parse::<i64>().unwrap()).product())
        .collect()
}

/// The split form's per-group partial sums, `[out/16, in/g, 16]` (and with M = 1), which may
/// be written and may share an element count with some weight.
fn partial_sums(cfg: &ModelConfig, group: i64) -> BTreeSet<String> {
    let (e, i) = (cfg.hidden_size as i64, cfg.intermediate_size as i64);
    let q = (cfg.num_attention_heads * cfg.head_dim) as i64;
    let kv = (cfg.num_key_value_heads * cfg.head_dim) as i64;
    let v = cfg.vocab_size as i64;
    let matrices = [(q, e), (kv, e), (e, q), (i, e), (e, i), (v, e)];
    matrices
        .iter()
        .flat_map(|(out, inp)| {
            let dims = format!("{}x{}x16", out / 16, stored_groups(*inp, group));
            [format!("{dims}x1"), dims]
        })
        .collect()
}

fn writes_a_dequantized_weight(
    results: &[String],
    sizes: &BTreeSet<i64>,
    allowed: &BTreeSet<String>,
) -> Vec<String> {
    results
        .iter()
        .filter(|r| f32_sizes(r, allowed).iter().any(|n| sizes.contains(n)))
        .cloned()
        .collect()
}

fn formats() -> [(&'static str, GroupFormat); 7] {
    let format = |code, group, scale, min| GroupFormat {
        code,
        group,
        scale,
        min,
        sub_scales: None,
    };
    use Code::{I4, I8, U4};
    use ElemType::{F16, F32};
    [
        ("q4_1", format(U4, 32, F16, Some(F16))),
        ("q8_0", format(I8, 32, F16, None)),
        ("q4_0", format(I4, 32, F16, None)),
        ("q4_k", format(U4, 32, F32, Some(F32))),
        ("q5_1", format(I8, 32, F16, Some(F16))),
        ("q6_k", format(I8, 16, F32, None)),
        ("q2_k", format(U4, 16, F32, Some(F32))),
    ]
}

/// The formats IREE's own code runs: [`formats`] and the group forms only they have (MXFP4's:
/// the table's values as bytes, a power-of-two f32 scale; IQ4_NL's is Q8_0's).
fn pure_formats() -> Vec<(&'static str, GroupFormat)> {
    let mxfp4 = GroupFormat {
        code: Code::I8,
        group: 32,
        scale: ElemType::F32,
        min: None,
        sub_scales: None,
    };
    [formats().to_vec(), vec![("mxfp4", mxfp4)]].concat()
}

/// The formats the CPU kernels run: [`formats`] and the forms only they read (MXFP4's and
/// IQ4_NL's table indices, MXFP4's exponent bytes).
fn kernel_formats() -> Vec<(&'static str, GroupFormat)> {
    let mxfp4 = GroupFormat {
        code: Code::E2M1,
        group: 32,
        scale: ElemType::F32,
        min: None,
        sub_scales: Some(SubScales::E8M0),
    };
    let iq4_nl = GroupFormat {
        code: Code::NL4,
        group: 32,
        scale: ElemType::F16,
        min: None,
        sub_scales: None,
    };
    [
        formats().to_vec(),
        vec![("mxfp4", mxfp4), ("iq4_nl", iq4_nl)],
    ]
    .concat()
}

#[test]
fn one_token_products_never_write_a_dequantized_weight() {
    let Some(compiler) = iree_compile() else {
        eprintln!("skipped: iree-compile not found (set IREE_COMPILE or install it into .venv)");
        return;
    };
    let cfg = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let sizes = weight_sizes(&cfg);
    for (name, f) in pure_formats() {
        let module = decode_module(&cfg, f, false);
        let fused = dispatch_results(&compiler, &module, &[FUSION_FLAG]);
        let allowed = partial_sums(&cfg, f.group);
        let written = writes_a_dequantized_weight(&fused, &sizes, &allowed);
        eprintln!("{name}: {} dispatches in the decode step", fused.len());
        assert!(written.is_empty(), "{name}: dispatches write {written:?}");
        // The check can fail: without the flag IREE writes every dequantized weight out.
        if name == "q4_1" {
            let unfused = dispatch_results(&compiler, &module, &[]);
            let written = writes_a_dequantized_weight(&unfused, &sizes, &allowed);
            assert!(
                !written.is_empty(),
                "expected dequantized weights without the flag"
            );
        }
    }
}

/// With the CPU kernels every grouped product is a dispatch of the kernel executable (q, k
/// and v in one, gate and up in one), nothing else writes a dequantized weight, and each
/// layer's decode attention is one dispatch too.
#[test]
fn kernel_products_are_one_dispatch_each() {
    let Some(compiler) = iree_compile() else {
        eprintln!("skipped: iree-compile not found (set IREE_COMPILE or install it into .venv)");
        return;
    };
    if kernels::Object::get().is_none() {
        eprintln!("skipped: this build has no CPU kernels");
        return;
    }
    let cfg = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let sizes = weight_sizes(&cfg);
    // Per layer q/k/v, o, gate/up and down, then the LM head (the embedding is gathered).
    let products = 4 * cfg.num_hidden_layers + 1;
    for (name, f) in kernel_formats() {
        let module = decode_module(&cfg, f, true);
        let flow = flow_text(&compiler, &module, &[FUSION_FLAG]);
        let dispatches: Vec<&str> = flow
            .lines()
            .filter(|l| l.contains("flow.dispatch @"))
            .collect();
        let results: Vec<String> = (dispatches.iter())
            .filter_map(|l| l.rsplit_once("->").map(|(_, r)| r.trim().to_string()))
            .collect();
        let written = writes_a_dequantized_weight(&results, &sizes, &BTreeSet::new());
        assert!(written.is_empty(), "{name}: dispatches write {written:?}");
        let calls = |symbol: &str| {
            (dispatches.iter())
                .filter(|l| l.contains("flow.dispatch @extern_llm_kernels") && l.contains(symbol))
                .count()
        };
        // One-token products take the fixed-point kernels where the CPU has them and the
        // format has one, each reading its input quantized once by its own dispatch
        // (`llm_fixed_quantize`). A table only kernels read is gathered by one (`_gather`),
        // which is no product.
        let fixed = calls("llm_fixed_matmul") + calls("llm_fixed_rows");
        assert_eq!(
            calls("llm_fixed_quantize"),
            calls("llm_fixed_rows"),
            "{name}: fixed-point inputs"
        );
        let gathers = calls("_gather");
        assert_eq!(
            gathers,
            usize::from(f.packed()),
            "{name}: embedding gathers"
        );
        assert_eq!(
            calls("llm_grouped_matmul") - gathers + fixed,
            products,
            "{name}: product dispatches"
        );
        // Byte codes have one only as Q8_0 stores them (groups of 32, no min), not widened
        // 5- and 6-bit codes.
        let q8_0 = f.code.bits() == 8 && f.group == 32 && f.min.is_none();
        let has_fixed = f.code.bits() == 4 || q8_0;
        let expected = if has_fixed && kernels::fixed_host_supported() {
            products
        } else {
            0
        };
        assert_eq!(fixed, expected, "{name}: fixed-point product dispatches");
        // And each layer's attention is one kernel dispatch.
        let layers = cfg.num_hidden_layers;
        assert_eq!(
            calls("llm_decode_attention"),
            layers,
            "{name}: attention dispatches"
        );
    }
}

/// With q8 activations, every step's layer products quantize their input once per product
/// (q/k/v and gate/up share theirs) and multiply with the 8-bit kernels, in prefill and
/// decode alike; the LM head stays exact unless its own activations are q8 too (one format
/// of the list, which shares the code paths of all).
#[test]
fn q8_activations_reach_every_layer_product() {
    let Some(compiler) = iree_compile() else {
        eprintln!("skipped: iree-compile not found (set IREE_COMPILE or install it into .venv)");
        return;
    };
    if kernels::Object::get().is_none() {
        eprintln!("skipped: this build has no CPU kernels");
        return;
    }
    let cfg = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let layers = cfg.num_hidden_layers;
    let heads = [Activations::F32, Activations::Q8];
    let cases = kernel_formats()
        .into_iter()
        .flat_map(|(name, f)| heads.map(|head| (name, f, head)))
        .filter(|&(_, f, head)| head == Activations::F32 || f == kernel_formats()[0].1);
    for (name, f, head) in cases {
        let text = module(&cfg, f, true, vec![32], (Activations::Q8, head));
        let flow = flow_text(&compiler, &text, &[FUSION_FLAG]);
        let functions: Vec<&str> = flow.split("util.func public @").skip(1).collect();
        let body = |prefix: &str| {
            functions
                .iter()
                .find(|f| f.starts_with(prefix))
                .unwrap_or_else(|| panic!("{name}: no {prefix} function"))
                .to_string()
        };
        let count = |body: &str, symbol: &str| {
            body.lines()
                .filter(|l| l.contains("flow.dispatch @extern_llm_kernels") && l.contains(symbol))
                .count()
        };
        // The LM head's product (of the last token) is one more 8-bit product, or exact.
        let (q8_head, exact_head) = match head {
            Activations::Q8 => (1, 0),
            Activations::F32 => (0, 1),
        };
        for function in ["prefill_logits_t32", "decode_ragged_logits_b1"] {
            let text = body(function);
            let count = |symbol| count(&text, symbol);
            // Per layer q/k/v, o, gate/up and down.
            assert_eq!(
                count("llm_q8_quantize"),
                4 * layers + q8_head,
                "{name} {function} {head}"
            );
            assert_eq!(
                count("llm_q8_matmul"),
                4 * layers + q8_head,
                "{name} {function} {head}"
            );
            let gathers = count("_gather");
            assert_eq!(
                count("llm_grouped_matmul") - gathers
                    + count("llm_fixed_matmul")
                    + count("llm_fixed_rows"),
                exact_head,
                "{name} {function} {head}: exact products"
            );
        }
    }
}

/// Without the CPU kernels, or with dense weights, there is nothing to multiply q8 activations:
/// the options are refused, for the layers and for the head.
#[test]
fn q8_activations_need_the_kernels() {
    let cfg = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let (_, f) = formats()[0];
    let weight_formats = Weights::groupable(&cfg, WeightLayout::Tiled, true)
        .into_iter()
        .map(|name| (name, WeightFormat::Groups(f)))
        .collect();
    let opts = GraphOptions {
        slots: 2,
        capacity: 32,
        weight_dtype: ElemType::F32,
        weight_layout: WeightLayout::Tiled,
        weight_formats,
        kv_dtype: ElemType::F32,
        prefill_lengths: vec![32],
        prefill_windows: vec![],
        decode_batches: vec![1],
        decode_windows: vec![32],
        decode_attention: AttentionForm::Matmul,
        heads: vec![Head::Logits],
        form: ModuleForm::Generic,
        cpu_kernels: false,
        activations: Activations::F32,
        head_activations: Activations::F32,
        decode_kernels: DecodeKernels::Fixed,
        products: Default::default(),
        embed_lengths: Vec::new(),
        sums: emitter::graph::Sums::Ordered,
        attention_heads: emitter::graph::AttentionHeads::Apart,
        projections: emitter::graph::Projections::Apart,
        linear_chunk: emitter::graph::LINEAR_CHUNK,
    };
    assert!(emitter::render(&cfg, &opts).is_ok());
    // The layers' products, or the head's alone.
    let layers = GraphOptions {
        activations: Activations::Q8,
        ..opts.clone()
    };
    let head = GraphOptions {
        head_activations: Activations::Q8,
        ..opts
    };
    for opts in [layers.clone(), head.clone()] {
        let err = emitter::render(&cfg, &opts).unwrap_err().to_string();
        assert!(err.contains("q8 activations"), "{err}");
    }
    // With the kernels but dense weights (`--weights f32`) nothing would take them either.
    if kernels::Object::get().is_none() {
        return eprintln!("skipped the dense case: this build has no CPU kernels");
    }
    for opts in [layers, head] {
        let dense = GraphOptions {
            cpu_kernels: true,
            weight_formats: Default::default(),
            ..opts
        };
        let err = emitter::render(&cfg, &dense).unwrap_err().to_string();
        assert!(err.contains("dense"), "{err}");
    }
}

/// Stacked experts in blocks go through the experts kernel: three dispatches per experts layer
/// (gate, up, down), in decode and prefill alike, and no dispatch writes an expert's weights
/// dequantized.
#[test]
fn stacked_experts_are_three_kernel_dispatches_a_layer() {
    let Some(compiler) = iree_compile() else {
        eprintln!("skipped: iree-compile not found (set IREE_COMPILE or install it into .venv)");
        return;
    };
    if kernels::Object::get().is_none() {
        eprintln!("skipped: this build has no CPU kernels");
        return;
    }
    let tiny = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let cfg = ModelConfig {
        experts: Some(emitter::config::Experts {
            count: 8,
            per_token: 2,
            width: 32,
            renormalize: true,
            shared: None,
            dense_layers: vec![0],
            routing: Default::default(),
            biases: false,
            scaled_router: false,
            dense_beside: false,
        }),
        ..tiny
    };
    let (_, q4_1) = formats()[0];
    let text = module(
        &cfg,
        q4_1,
        true,
        vec![8],
        (Activations::F32, Activations::F32),
    );
    let flow = flow_text(&compiler, &text, &[FUSION_FLAG]);
    let dispatches: Vec<&str> = flow
        .lines()
        .filter(|l| l.contains("flow.dispatch @"))
        .collect();
    let calls = |symbol: &str| dispatches.iter().filter(|l| l.contains(symbol)).count();
    // Prefill and one-token decode, each over the layers after the dense first one, pair by
    // pair in fixed point where the CPU has it.
    let expert_layers = cfg.num_hidden_layers - 1;
    let fixed = calls("llm_experts_fixed_u4_g32_f16_min");
    let exact = calls("llm_experts_u4_g32_f16_min");
    assert_eq!(fixed + exact, 2 * 3 * expert_layers, "{flow}");
    let in_fixed_point = kernels::fixed_host_supported() as usize;
    assert_eq!(fixed, in_fixed_point * 2 * 3 * expert_layers);
    // An expert's stacked weight dequantized would be `[8, 32, 64]` (or flattened) f32.
    let (e, w, h) = (8i64, 32i64, cfg.hidden_size as i64);
    let sizes: BTreeSet<i64> = [e * w * h].into_iter().collect();
    let results: Vec<String> = (dispatches.iter())
        .filter_map(|l| l.rsplit_once("->").map(|(_, r)| r.trim().to_string()))
        .collect();
    let written = writes_a_dequantized_weight(&results, &sizes, &BTreeSet::new());
    assert!(written.is_empty(), "dispatches write {written:?}");
    // With 8-bit activations, the 8-bit experts entry in the same three places.
    let text = module(
        &cfg,
        q4_1,
        true,
        vec![8],
        (Activations::Q8, Activations::F32),
    );
    let flow = flow_text(&compiler, &text, &[FUSION_FLAG]);
    let q8 = (flow.lines())
        .filter(|l| l.contains("flow.dispatch @") && l.contains("llm_experts_q8_u4_g32_f16_min"))
        .count();
    assert_eq!(q8, 2 * 3 * expert_layers, "{flow}");
}

/// The glue between a decode step's products stays a few kernels a layer: RoPE is one
/// elementwise kernel per projection (a concatenation of its halves cost two more kernels and
/// two copies), and an ordered sum of 64 values two rounds of slices, not six kernels. The
/// tiny model's one-token step, with the products in IREE's own code: 113
/// dispatches before both, 81 after.
#[test]
fn decode_glue_is_few_kernels() {
    let Some(compiler) = iree_compile() else {
        eprintln!("skipped: iree-compile not found (set IREE_COMPILE or install it into .venv)");
        return;
    };
    let cfg = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let (_, q4_k) = formats()[3];
    let flow = flow_text(&compiler, &decode_module(&cfg, q4_k, false), &[FUSION_FLAG]);
    // The decode function's body: from its header to the next function's.
    let (_, from) = flow
        .split_once("util.func public @decode_")
        .expect("a decode function");
    let body = from.split("util.func public @").next().unwrap_or(from);
    let dispatches: Vec<&str> = body
        .lines()
        .filter(|l| l.contains("flow.dispatch @"))
        .collect();
    let copies: Vec<&&str> = dispatches.iter().filter(|l| l.contains("memcpy")).collect();
    eprintln!("{} dispatches in the decode step", dispatches.len());
    assert!(copies.is_empty(), "copy kernels: {copies:#?}");
    assert!(
        dispatches.len() <= 81,
        "{}: {dispatches:#?}",
        dispatches.len()
    );
}
