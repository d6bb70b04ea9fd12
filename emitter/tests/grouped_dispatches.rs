//! Grouped (block-quantized) projections are dequantized inside the fused products: compiled to
//! IREE's flow level, no dispatch of a one-token decode step writes a dequantized weight.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use emitter::graph::{AttentionForm, GroupFormat, Variant, WeightFormat, WeightLayout};
use emitter::hlo::ElemType;
use emitter::{GraphOptions, ModelConfig, Target};

const FUSION_FLAG: &str = "--iree-dispatch-creation-block-matmul-producer-fusion=false";

mod common;
use common::{iree_compile, root};

/// The tiny model's one-token decode step with every tiled projection stored as `format`.
fn decode_module(cfg: &ModelConfig, format: GroupFormat) -> String {
    let projections = [
        "self_attn.q_proj",
        "self_attn.k_proj",
        "self_attn.v_proj",
        "mlp.gate_proj",
        "mlp.up_proj",
        "mlp.down_proj",
    ];
    let weight_formats = (0..cfg.num_hidden_layers)
        .flat_map(|l| {
            projections
                .iter()
                .map(move |p| format!("model.layers.{l}.{p}.weight"))
        })
        .map(|name| (name, WeightFormat::Groups(format)))
        .collect();
    let opts = GraphOptions {
        slots: 2,
        capacity: 32,
        weight_dtype: ElemType::F32,
        weight_layout: WeightLayout::Tiled,
        weight_formats,
        prefill_lengths: vec![],
        prefill_windows: vec![],
        decode_batches: vec![1],
        decode_windows: vec![32],
        decode_attention: AttentionForm::Matmul,
        variants: vec![Variant::Logits],
        target: Target::Generic,
    };
    emitter::render(cfg, &opts).unwrap().module
}

/// Result types of every `flow.dispatch` in IREE's flow-level output of `module`.
fn dispatch_results(compiler: &Path, module: &str, flags: &[&str]) -> Vec<String> {
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
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains("flow.dispatch @"))
        .filter_map(|l| l.rsplit_once("->").map(|(_, r)| r.trim().to_string()))
        .collect()
}

/// Element counts of the projection weights: a dequantized weight is written as an f32 tensor
/// of one of these sizes, whatever its shape (IREE often flattens it).
fn weight_sizes(cfg: &ModelConfig) -> BTreeSet<i64> {
    let (e, i) = (cfg.hidden_size as i64, cfg.intermediate_size as i64);
    let q = (cfg.num_attention_heads * cfg.head_dim) as i64;
    let kv = (cfg.num_key_value_heads * cfg.head_dim) as i64;
    [q * e, kv * e, i * e].into_iter().collect()
}

/// Element count of each f32 tensor type in `result`.
fn f32_sizes(result: &str) -> Vec<i64> {
    result
        .split("tensor<")
        .skip(1)
        .filter_map(|t| t.split_once('>'))
        .filter_map(|(t, _)| t.strip_suffix("xf32"))
        .map(|dims| dims.split('x').map(|d| d.parse::<i64>().unwrap()).product())
        .collect()
}

fn writes_a_dequantized_weight(results: &[String], sizes: &BTreeSet<i64>) -> Vec<String> {
    results
        .iter()
        .filter(|r| f32_sizes(r).iter().any(|n| sizes.contains(n)))
        .cloned()
        .collect()
}

#[test]
fn one_token_products_never_write_a_dequantized_weight() {
    let Some(compiler) = iree_compile() else {
        eprintln!("skipped: iree-compile not found (set IREE_COMPILE or install it into .venv)");
        return;
    };
    let cfg = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let format = |code, group, scale, min| GroupFormat {
        code,
        group,
        scale,
        min,
    };
    use ElemType::{Ui4, F16, F32, I4, I8};
    let formats = [
        ("q4_1", format(Ui4, 32, F16, Some(F16))),
        ("q8_0", format(I8, 32, F16, None)),
        ("q4_0", format(I4, 32, F16, None)),
        ("q4_k", format(Ui4, 32, F32, Some(F32))),
        ("q5_1", format(I8, 32, F16, Some(F16))),
        ("q6_k", format(I8, 16, F32, None)),
    ];
    let sizes = weight_sizes(&cfg);
    for (name, f) in formats {
        let module = decode_module(&cfg, f);
        let fused = dispatch_results(&compiler, &module, &[FUSION_FLAG]);
        let written = writes_a_dequantized_weight(&fused, &sizes);
        eprintln!("{name}: {} dispatches in the decode step", fused.len());
        assert!(written.is_empty(), "{name}: dispatches write {written:?}");
        // The check can fail: without the flag IREE writes every dequantized weight out.
        if name == "q4_1" {
            let unfused = dispatch_results(&compiler, &module, &[]);
            let written = writes_a_dequantized_weight(&unfused, &sizes);
            assert!(
                !written.is_empty(),
                "expected dequantized weights without the flag"
            );
        }
    }
}
