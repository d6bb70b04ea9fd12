//! Emitted modules compile with iree-compile for llvm-cpu. (The committed tiny module compiles
//! in every test that loads it through `tests::tiny`, cached there.)

use std::path::Path;
use std::process::Command;

use emitter::graph::{AttentionForm, Head, WeightLayout};
use emitter::hlo::ElemType;
use emitter::{GraphOptions, ModelConfig, ModuleForm, RopeScaling};

mod common;
use common::{iree_compile, root};

/// Compiles for the host CPU, with data tiling when asked.
fn compile_for_cpu(module: &Path, data_tiling: bool) {
    let Some(compiler) = iree_compile() else {
        eprintln!("skipped: iree-compile not found (set IREE_COMPILE or install iree-base-compiler into .venv)");
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let result = Command::new(compiler)
        .arg(module)
        .args([
            "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=host",
        ])
        .args(data_tiling.then_some("--iree-opt-data-tiling"))
        .arg("-o")
        .arg(out.path().join("model.vmfb"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        result.status.success(),
        "iree-compile failed on {}:\n{}",
        module.display(),
        &stderr[..stderr.len().min(4000)]
    );
}

/// Every optional feature at once: f16 weights, tied head, q/k/v/o/MLP biases, llama3 RoPE
/// scaling, prefill context windows, and the reduce form of decode attention, compiled with
/// data tiling as that form is meant to be.
#[test]
fn feature_variant_compiles_for_llvm_cpu() {
    let cfg = ModelConfig::load(&root().join("assets/tiny")).unwrap();
    let cfg = ModelConfig {
        tie_word_embeddings: true,
        qkv_bias: true,
        o_bias: true,
        mlp_bias: true,
        rope_scaling: Some(RopeScaling::Llama3 {
            factor: 8.0,
            low_freq_factor: 1.0,
            high_freq_factor: 4.0,
            original_max_position_embeddings: 32.0,
        }),
        ..cfg
    };
    let opts = GraphOptions {
        slots: 2,
        capacity: 32,
        weight_dtype: ElemType::F16,
        // Tiled with biases, f16 and a tied embedding gathered from tiles.
        weight_layout: WeightLayout::Tiled,
        weight_formats: Default::default(),
        kv_dtype: ElemType::F32,
        prefill_lengths: vec![8],
        prefill_windows: vec![16, 32],
        decode_batches: vec![2],
        decode_windows: vec![32],
        decode_attention: AttentionForm::Reduce,
        heads: Head::ALL.to_vec(),
        form: ModuleForm::Generic,
        cpu_kernels: false,
        activations: Default::default(),
        head_activations: Default::default(),
        decode_kernels: Default::default(),
        products: Default::default(),
        embed_lengths: Vec::new(),
        sums: emitter::graph::Sums::Ordered,
        attention_heads: emitter::graph::AttentionHeads::Apart,
        projections: emitter::graph::Projections::Apart,
        linear_chunk: emitter::graph::LINEAR_CHUNK,
    };
    let rendered = emitter::render(&cfg, &opts).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.mlir");
    std::fs::write(&path, rendered.module).unwrap();
    compile_for_cpu(&path, true);
}
