//! Metal's module form declares 4-bit codes as the bytes that hold them and splits the
//! nibbles in the graph (IREE's Metal code generation cannot load `i4`). No Metal device runs
//! here, so the form is compiled for the CPU and checked against the generic form on
//! SmolLM2's Q4_1 weights: the same codes widened to the same floats give the same logits.
//! Metal's LM head also multiplies several rows one token at a time, which the two-row
//! decode step covers. The form is the same in every layer, so two of SmolLM2's 30 layers
//! carry the check: IREE's own code generation compiles both forms of the whole model in
//! about 4 minutes on two cores, of two layers in under one.

use std::path::{Path, PathBuf};

use emitter::graph::{Head, WeightLayout};
use emitter::ModuleForm;
use engine::batch::GraphRunner;
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};
use engine::model::{self, ModelOptions, ModuleWeights};
use engine::runtime::Runtime;
use loader::Precision;

/// Writes `model`'s small native module in `form` (two slots of 256 positions,
/// 32-token prefill, one- and two-row decode, logits only) into `dir`, and the parameter file to
/// `parameters` unless it is there already (both forms read the same file).
fn write_module(model: &loader::Model, form: ModuleForm, dir: &Path, parameters: &Path) {
    let mut graphs = model::default_graph_options(2, 256);
    graphs.prefill_lengths = vec![32];
    graphs.decode_batches = vec![1, 2];
    graphs.decode_windows = vec![256];
    graphs.heads = vec![Head::Logits];
    graphs.weight_layout = WeightLayout::Tiled;
    graphs.form = form;
    let ModuleWeights {
        rendered,
        plan,
        tiling,
        ..
    } = model::module_weights(model, Precision::Native, graphs).unwrap();
    rendered.write(dir).unwrap();
    if !parameters.exists() {
        model
            .write_planned_parameter_file(parameters, &plan, &tiling)
            .unwrap();
    }
}

/// Compiles the module in `dir` for this CPU (IREE's own code generation, no kernels).
fn load(runtime: &std::sync::Arc<Runtime>, dir: &Path, parameters: &Path) -> Graphs {
    let options = ModelOptions {
        cpu_kernels: false,
        cache_dir: engine::paths::cache_dir().join("test-vmfb"),
        verbose: false,
        ..ModelOptions::cpu()
    };
    model::load_assets(runtime, dir, parameters, &options).unwrap()
}

/// Prefill of a 20-token prompt, three one-row decode steps and a two-row one: every step's
/// logits.
fn run(graphs: &mut Graphs) -> Vec<Vec<f32>> {
    let prompt: Vec<i32> = (0..20).map(|i| (i * 977 + 31) % 49152).collect();
    let mut logits = vec![0f32; graphs.vocab()];
    graphs
        .prefill(0, 0, &prompt, PrefillOut::Logits(&mut logits))
        .unwrap();
    let mut all = vec![logits];
    let mut out = DecodeOutput::default();
    for step in 0..3 {
        let token = [(step * 4099 + 17) % 49152];
        let pos = [prompt.len() as i32 + step];
        graphs
            .decode(Head::Logits, &token, &pos, None, false, &mut out)
            .unwrap();
        all.push(out.logits[..graphs.vocab()].to_vec());
    }
    // Two rows: slot 0 goes on, slot 1 starts at position 0.
    let pos = [prompt.len() as i32 + 3, 0];
    graphs
        .decode(Head::Logits, &[101, 202], &pos, None, false, &mut out)
        .unwrap();
    all.push(out.logits[..2 * graphs.vocab()].to_vec());
    all
}

#[test]
fn codes_split_from_bytes_give_the_logits_of_4_bit_codes() {
    let path = loader::default_model_path()
        .expect("the test command installs the default model (make setup)");
    let model = loader::Model::open(tests::truncated_gguf(&path, 2)).unwrap();
    let root: PathBuf = tests::temp_dir("nibble-bytes");
    let parameters = root.join("model.safetensors");
    let (generic, metal) = (root.join("generic"), root.join("metal"));
    write_module(&model, ModuleForm::Generic, &generic, &parameters);
    write_module(&model, ModuleForm::Metal, &metal, &parameters);
    let as_bytes = std::fs::read_to_string(metal.join(emitter::MODULE_FILE)).unwrap();
    assert!(!as_bytes.contains("xi4>") && !as_bytes.contains("xui4>"));
    assert!(as_bytes.contains("shift_right_logical"));

    let runtime = Runtime::new("local-task").unwrap();
    let expected = run(&mut load(&runtime, &generic, &parameters));
    let got = run(&mut load(&runtime, &metal, &parameters));
    for (step, (a, b)) in expected.iter().zip(&got).enumerate() {
        let diff = a
            .iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs())
            .fold(0f32, f32::max);
        eprintln!("step {step}: max |metal form - generic form| = {diff:.2e}");
        assert!(diff <= 1e-4, "step {step}: logits differ by {diff}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}
