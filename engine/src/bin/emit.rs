use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use emitter::graph::Head;
use emitter::{GraphOptions, ModelConfig, ModuleForm};
use engine::compile::Target;
use engine::device_sampling::SamplingMode;
use engine::model::{self, ModelOptions, ModuleWeights};
use engine::model_args::ModelArgs;
use engine::EngineError;
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
///
/// The model flags and their defaults are `generate`'s: with the same flags, `emit` writes the
/// module `generate` compiles (by default native weights in tiles with the CPU kernels, on a
/// CPU that runs them). A flag given twice takes its last value.
#[derive(Parser, Debug)]
#[command(name = "emit", version, args_override_self = true)]
struct Args {
    #[command(flatten)]
    model: ModelArgs,

    /// Output directory; model.mlir and manifest.json are (over)written there.
    #[arg(long)]
    out: PathBuf,

    /// Also write the parameter file the module reads (weights as --weights and
    /// --weight-layout store them; a .safetensors or .irpa path).
    #[arg(long)]
    parameters: Option<PathBuf>,

    /// Decode batch sizes B: emits decode_ragged_{logits,argmax}_b{B}_w{W}. Repeat or separate
    /// with commas. [default: those of 1, 4 and 8 that the slots hold]
    #[arg(long = "batch", value_delimiter = ',')]
    batches: Vec<usize>,

    /// Prefill chunk lengths T: emits prefill_{logits,argmax}_t{T}.
    /// [default: those of 32, 128 and 512 that the capacity holds]
    #[arg(long = "prefill", value_delimiter = ',')]
    prefill: Vec<usize>,

    /// Decode context windows W (attention reads only the first W positions). The capacity is
    /// always added as the largest; default windows above the capacity are dropped.
    /// [default: 256,1024]
    #[arg(long = "context", value_delimiter = ',')]
    context: Vec<usize>,

    /// Prefill context windows W: emits prefill_*_t{T}_w{W} for every W >= T of the longest
    /// T, and for a shorter T the smallest such W and the largest. [default: 512 doubling up
    /// to the capacity, which is always the largest; one window of the whole capacity,
    /// prefill_*_t{T}, where the capacity is 512 or less]
    #[arg(long = "prefill-context", value_delimiter = ',')]
    prefill_context: Vec<usize>,

    /// Heads emitted for every step: logits, argmax, sample (on-device sampling; also emits
    /// the standalone sample_b{B} functions). [default: logits, as `generate` with host
    /// sampling]
    #[arg(long, value_delimiter = ',', value_parser = parse_head)]
    heads: Vec<Head>,

    /// Module form: generic (the target is chosen by iree-compile flags: llvm-cpu, CUDA
    /// sm_80; --device picks what the module is built for), cuda-sm90 (the target spelled
    /// out in the module, as iree-compile 3.13 cannot select sm_90 by flag), or metal (argmax
    /// in a form IREE's Metal backend lowers). A GPU form builds for that GPU, as --device
    /// would.
    #[arg(long = "target", default_value = "generic", value_parser = parse_form)]
    form: ModuleForm,
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

/// Decode windows: the given ones, with the capacity, which is always the largest.
fn decode_windows(mut windows: Vec<usize>, capacity: usize) -> Vec<usize> {
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

/// The compile target: the one a GPU module form names, else `--device`'s.
fn target(args: &Args) -> Result<Target, EngineError> {
    match args.form {
        ModuleForm::Generic => args.model.target(),
        ModuleForm::CudaSm90 => Ok(Target::Cuda { sm: "sm_90".into() }),
        ModuleForm::Metal => Ok(Target::Metal),
    }
}

/// `generate`'s options for the model flags (host sampling), with the buckets and heads
/// given here in place of its defaults.
fn options(args: &Args) -> Result<ModelOptions, EngineError> {
    let mut options = args.model.options_for(target(args)?, SamplingMode::Host)?;
    let graphs = &mut options.graphs;
    let given = |list: &Vec<usize>| (!list.is_empty()).then(|| sorted(list.clone()));
    if let Some(batches) = given(&args.batches) {
        graphs.decode_batches = batches;
    }
    if let Some(lengths) = given(&args.prefill) {
        graphs.prefill_lengths = lengths;
    }
    if !args.context.is_empty() {
        graphs.decode_windows = sorted(decode_windows(args.context.clone(), graphs.capacity));
    }
    if let Some(windows) = given(&args.prefill_context) {
        graphs.prefill_windows = windows;
    }
    if !args.heads.is_empty() {
        graphs.heads = args.heads.clone();
    }
    Ok(options)
}

/// The graph options `generate` renders for `config`. An explicit --cpu-kernels keeps the
/// kernels even where this CPU cannot run them: the module may be compiled for another one.
fn graph_options(args: &Args, options: &ModelOptions, config: &ModelConfig) -> GraphOptions {
    let mut graphs = model::module_options(options, config);
    graphs.cpu_kernels |= args.model.cpu_kernels == Some(true);
    graphs
}

fn run(args: &Args) -> Result<Vec<PathBuf>, Box<dyn std::error::Error>> {
    let path = args.model.model_path()?;
    let options = options(args)?;
    if options.weights == Precision::F32 && args.parameters.is_none() {
        // f32 names no weight formats: the configuration alone makes the module, so an HF
        // directory without weight files will do.
        let config = ModelConfig::load(&path)?;
        let rendered = emitter::render(&config, &graph_options(args, &options, &config))?;
        return Ok(rendered.write(&args.out)?);
    }
    let model = loader::Model::open(&path)?;
    let graphs = graph_options(args, &options, model.config());
    let ModuleWeights {
        rendered,
        plan,
        tiling,
        ..
    } = model::module_weights(&model, options.weights, graphs)?;
    let mut written = rendered.write(&args.out)?;
    if let Some(path) = &args.parameters {
        model.write_planned_parameter_file(path, &plan, &tiling)?;
        written.push(path.clone());
    }
    Ok(written)
}
