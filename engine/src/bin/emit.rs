use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use emitter::graph::{AttentionForm, Head, WeightLayout};
use emitter::hlo::ElemType;
use emitter::{GraphOptions, ModuleForm};
use engine::model::{self, ModuleWeights};
use loader::Precision;

/// Emit StableHLO for a Llama-family model: one module (`model.mlir`) holding prefill, ragged
/// decode and slot-copy functions that share the weights (IREE parameters named as in HF
/// checkpoints) and the per-layer KV caches, plus `manifest.json` describing every function
/// and parameter. Compile the module with iree-compile; bind the weights as parameter scope
/// "model".
///
/// Functions: prefill_{logits,argmax}_t{T}(tokens[T], start, len, slot) writes K/V of
/// positions start..start+len of `slot` and returns the logits (or argmax) of token len-1;
/// decode_ragged_{logits,argmax}_b{B}_w{W}(tokens[B], pos[B]) advances slot b by one token at
/// pos[b], attending over the first W cache positions (pos[b] < 0 marks a padding row);
/// copy_slot(src, dst) copies one slot's K/V in every layer. The sample heads take per-row
/// temperature, top_k, top_p, min_p, seed[.,2] and step after those arguments and return
/// tokens and log-probabilities; sample_b{B}(logits[B,V], ...) is the sampling head alone.
#[derive(Parser, Debug)]
#[command(name = "emit", version)]
struct Args {
    /// Model: an HF directory with config.json, or a .gguf file (only its header is read,
    /// unless --parameters asks for the weights).
    #[arg(long)]
    model: PathBuf,

    /// Output directory; model.mlir and manifest.json are (over)written there.
    #[arg(long)]
    out: PathBuf,

    /// Also write the parameter file the module reads (weights as --weights and
    /// --weight-layout store them; a .safetensors or .irpa path).
    #[arg(long)]
    parameters: Option<PathBuf>,

    /// Decode batch sizes B: emits decode_ragged_{logits,argmax}_b{B}_w{W}. Repeat or separate
    /// with commas.
    #[arg(long = "batch", value_delimiter = ',', default_values_t = [1, 4, 8])]
    batches: Vec<usize>,

    /// Concurrent sequence slots S; the caches get one more, scratch, slot for padding writes.
    #[arg(long, default_value_t = 8)]
    slots: usize,

    /// Context capacity C per slot (cache positions).
    #[arg(long, default_value_t = 2048)]
    capacity: usize,

    /// Prefill chunk lengths T: emits prefill_{logits,argmax}_t{T}.
    #[arg(long = "prefill", value_delimiter = ',', default_values_t = [32, 128, 512])]
    prefill: Vec<usize>,

    /// Decode context windows W (attention reads only the first W positions). The capacity is
    /// always added as the largest; default windows above the capacity are dropped.
    /// [default: 256,1024]
    #[arg(long = "context", value_delimiter = ',')]
    context: Option<Vec<usize>>,

    /// Prefill context windows: if given, emits prefill_*_t{T}_w{W} for every W >= T
    /// instead of one window of the whole capacity.
    #[arg(long = "prefill-context", value_delimiter = ',')]
    prefill_context: Vec<usize>,

    /// Weight storage: native (a GGUF file's own block formats, dequantized inside the
    /// products), f32, f16 or bf16. Computation is f32 in every case.
    #[arg(long, default_value = "f32")]
    weights: Precision,

    /// Multiply native weights and run decode attention with the hand-written CPU kernels
    /// (x86-64 with AVX-512 only): their object is written next to the module; compile with
    /// --iree-hal-executable-object-search-path=OUT.
    #[arg(long)]
    cpu_kernels: bool,
    /// KV cache element type: f32, f16 or bf16.
    #[arg(long, default_value = "f32", value_parser = model::parse_kv_dtype)]
    kv: ElemType,
    /// Prefill's products on the CPU kernels (with --cpu-kernels): f32 (exact) or q8
    /// (activations quantized to int8 per block; needs AVX-512 VNNI, VBMI and BITALG).
    #[arg(long, default_value = "f32")]
    activations: emitter::graph::Activations,

    /// Projection weight layout: rows (HF `[out, in]`) or tiled (`[out/16, in, 16]`, the fast
    /// one for CPU targets, and the only one native weights are read from; the parameter file
    /// must be written tiled to match). [default: tiled with --weights native, else rows]
    #[arg(long)]
    weight_layout: Option<WeightLayout>,

    /// Decode attention form: matmul (dot_general over the cache window in place; fastest;
    /// compile without --iree-opt-data-tiling, which cannot handle it) or reduce
    /// (broadcast-multiply-reduce, never data-tiled: for builds that need data tiling,
    /// at 2-4x the attention cost).
    #[arg(long, default_value = "matmul", value_parser = parse_attention)]
    decode_attention: AttentionForm,

    /// Heads emitted for every step: logits, argmax, sample (on-device sampling; also emits
    /// the standalone sample_b{B} functions).
    #[arg(long, value_delimiter = ',', default_values = ["logits", "argmax", "sample"], value_parser = parse_head)]
    heads: Vec<Head>,

    /// Module form: generic (the target is chosen by iree-compile flags: llvm-cpu, CUDA
    /// sm_80), cuda-sm90 (the target spelled out in the module, as iree-compile 3.13 cannot
    /// select sm_90 by flag), or metal (argmax in a form IREE's Metal backend lowers).
    #[arg(long = "target", default_value = "generic", value_parser = parse_form)]
    form: ModuleForm,
}

const DEFAULT_CONTEXT: [usize; 2] = [256, 1024];

fn parse_attention(s: &str) -> Result<AttentionForm, String> {
    match s {
        "reduce" => Ok(AttentionForm::Reduce),
        "matmul" => Ok(AttentionForm::Matmul),
        _ => Err(format!("unknown attention form {s:?} (reduce or matmul)")),
    }
}

fn parse_head(s: &str) -> Result<Head, String> {
    Head::ALL
        .into_iter()
        .find(|v| v.name() == s)
        .ok_or_else(|| format!("unknown head {s:?} (logits, argmax or sample)"))
}

fn parse_form(s: &str) -> Result<ModuleForm, String> {
    ModuleForm::parse(s)
        .ok_or_else(|| format!("unknown target {s:?} (generic, cuda-sm90 or metal)"))
}

/// Decode windows: the given or default ones, capped by the capacity, which is always last.
fn decode_windows(context: Option<Vec<usize>>, capacity: usize) -> Vec<usize> {
    let mut windows = context.unwrap_or_else(|| {
        DEFAULT_CONTEXT
            .iter()
            .copied()
            .filter(|&w| w < capacity)
            .collect()
    });
    if !windows.contains(&capacity) {
        windows.push(capacity);
    }
    windows
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v.dedup();
    v
}

fn main() -> ExitCode {
    engine::logs::init();
    let args = Args::parse();
    let started = Instant::now();
    match run(&args) {
        Ok(files) => {
            for f in files {
                let bytes = std::fs::metadata(&f).map(|m| m.len()).unwrap_or(0);
                println!("wrote {} ({bytes} bytes)", f.display());
            }
            println!("emitted in {:.0} ms", started.elapsed().as_secs_f64() * 1e3);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("emit: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<Vec<PathBuf>, Box<dyn std::error::Error>> {
    if args.cpu_kernels && (args.form != ModuleForm::Generic || kernels::Object::get().is_none()) {
        return Err("--cpu-kernels needs the generic (CPU) target on an x86-64 build".into());
    }
    // Block formats are read only from row tiles; rows would store them expanded to f32.
    let weight_layout = match (args.weights, args.weight_layout) {
        (Precision::Native, Some(WeightLayout::Rows)) => {
            return Err("native weights are read from row tiles: use --weight-layout tiled".into())
        }
        (Precision::Native, _) => WeightLayout::Tiled,
        (_, layout) => layout.unwrap_or(WeightLayout::Rows),
    };
    let opts = GraphOptions {
        slots: args.slots,
        capacity: args.capacity,
        weight_dtype: ElemType::F32,
        weight_layout,
        weight_formats: Default::default(),
        kv_dtype: args.kv,
        prefill_lengths: sorted(args.prefill.clone()),
        prefill_windows: sorted(args.prefill_context.clone()),
        decode_batches: sorted(args.batches.clone()),
        decode_windows: sorted(decode_windows(args.context.clone(), args.capacity)),
        decode_attention: args.decode_attention,
        heads: args.heads.clone(),
        form: args.form,
        cpu_kernels: args.cpu_kernels,
        activations: args.activations,
    };
    if args.weights == Precision::F32 && args.parameters.is_none() {
        // f32 names no weight formats: the configuration alone makes the module, so an HF
        // directory without weight files will do.
        return Ok(emitter::emit(&args.model, &args.out, &opts)?);
    }
    let model = loader::Model::open(&args.model)?;
    let ModuleWeights {
        rendered,
        plan,
        tiling,
        ..
    } = model::module_weights(&model, args.weights, opts)?;
    let mut written = rendered.write(&args.out)?;
    if let Some(path) = &args.parameters {
        model.write_planned_parameter_file(path, &plan, &tiling)?;
        written.push(path.clone());
    }
    Ok(written)
}
