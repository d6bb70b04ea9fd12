//! `bench`: batched decode and prefill throughput of a model through IREE,
//! with the memory bandwidth of this machine measured in the same run so
//! that decode speed can be stated as an efficiency.

mod bandwidth;
mod constrained;
mod embeddings;
mod measure;
mod memory;
mod plot;
mod report;

use std::path::PathBuf;

use clap::Parser;
use engine::device_sampling::SamplingMode;
use engine::model;
use engine::model_args::{self, ModelArgs};

#[derive(Parser, Debug)]
#[command(about = "Benchmark prefill and batched decode of a model through IREE")]
struct Args {
    #[command(flatten)]
    model: ModelArgs,
    /// Decode batch sizes to measure.
    #[arg(long = "batch", default_values_t = [1usize, 4, 8])]
    batches: Vec<usize>,
    /// Tokens already in each sequence when decode is timed.
    #[arg(long, default_value_t = 128)]
    context: usize,
    /// Timed decode steps per batch size.
    #[arg(long, default_value_t = 16)]
    steps: usize,
    /// Prompt length for the prefill measurement.
    #[arg(long, default_value_t = 512)]
    prefill_tokens: usize,
    /// Sampling to measure: host, device or both (each batch size twice).
    #[arg(long, default_value = "both", value_parser = ["host", "device", "both"])]
    sampling: String,
    /// Write the results as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Write a PNG plot here.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Build only what is measured (prefill buckets up to the prompt, the given decode
    /// batches, the one window the timed steps need, the logits head, plus the sampling heads
    /// for device sampling) instead of the module `generate` shares: a much shorter compile.
    #[arg(long)]
    measured_only: bool,
    /// Compile the module this run would time into the cache and stop: no device is opened
    /// and no weights are converted (how a cache is built for a machine without iree-compile).
    #[arg(long)]
    compile_only: bool,
    /// Instead of the graph measurements: decode steps through the engine with `--rows`
    /// requests under this JSON schema against the same requests unconstrained, and the
    /// grammar mask time per token.
    #[arg(long)]
    json_schema: Option<PathBuf>,
    /// Collect the CUDA profile (cuProfilerStart/Stop) of the last prefill round and of the
    /// first timed step of each decode run only, for a profiler started with collection off
    /// (`ncu --profile-from-start off`).
    #[arg(long)]
    profile: bool,
    /// Requests decoded together for `--json-schema`.
    #[arg(long, default_value_t = 8)]
    rows: usize,
    /// Tokens per request for `--json-schema`.
    #[arg(long, default_value_t = 64)]
    tokens: usize,
    /// Alternating rounds (unconstrained, constrained) for `--json-schema`; timed rounds (after
    /// a warm-up) for `--embeddings`.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Instead of the graph measurements: this many inputs of 16 to 32 tokens embedded through
    /// the engine in one request, against the prefill of the same tokens (as one prompt, and
    /// as one prompt per input). The module gets the embedding graphs, and one decode bucket.
    #[arg(long)]
    embeddings: Option<usize>,
}

fn main() {
    engine::logs::init();
    let args = model_args::parse_with_defaults::<Args>(BENCH_DEFAULTS);
    if let Err(error) = run(&args) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

/// `bench` times the module `serve` runs unless told: 8 slots.
const BENCH_DEFAULTS: &[(&str, &str)] = &[("slots", "8")];

/// Rounds of (bandwidth, B=1 decode) for the paired read rate.
const PAIRS: usize = 7;

/// The bandwidth probe streams through this much memory, far beyond the caches.
const PROBE_BYTES: usize = 512 << 20;

/// Narrows the default graphs to what this run times: prefill chunks up to the prompt length,
/// the asked batch sizes, the one decode window that holds every timed step, and the logits
/// head (plus the sampling head for device sampling).
fn measured_graphs(graphs: &mut emitter::GraphOptions, args: &Args) {
    let lengths = &graphs.prefill_lengths;
    let fits: Vec<usize> = lengths
        .iter()
        .copied()
        .filter(|&t| t <= args.prefill_tokens.max(args.context))
        .collect();
    if !fits.is_empty() {
        graphs.prefill_lengths = fits;
    }
    let mut batches = args.batches.clone();
    batches.sort_unstable();
    batches.dedup();
    graphs.decode_batches = batches;
    // A window of w positions holds positions below w.
    let end = decode_end(args);
    if let Some(&w) = graphs.decode_windows.iter().find(|&&w| w >= end) {
        graphs.decode_windows = vec![w];
    }
}

/// The position every timed decode stays below: steps, warm-up and the paired rounds all
/// decode below context + steps + a few.
fn decode_end(args: &Args) -> usize {
    args.context + args.steps + 8
}

/// The modes `--sampling` measures: host, device or both.
fn sampling_modes(sampling: &str) -> Vec<SamplingMode> {
    match sampling {
        "host" => vec![SamplingMode::Host],
        "device" => vec![SamplingMode::Device],
        _ => vec![SamplingMode::Host, SamplingMode::Device],
    }
}

/// The encoded tensor bytes of a GGUF file (what a memory target is measured against).
fn gguf_tensor_bytes(path: &std::path::Path) -> Result<Option<u64>, gguf::Error> {
    if path.extension().is_none_or(|e| e != "gguf") {
        return Ok(None);
    }
    let file = gguf::GgufFile::open(path)?;
    Ok(Some(file.tensors().iter().map(|t| t.size).sum()))
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let path = args.model.model_path()?;
    let modes = sampling_modes(&args.sampling);
    // The sampling head goes in wherever device sampling is measured.
    let heads = if modes.contains(&SamplingMode::Device) {
        SamplingMode::Device
    } else {
        SamplingMode::Host
    };
    let mut options = args.model.options(heads)?;
    // Checked before the compile: the timed prompt and decode steps must fit in a slot.
    let capacity = options.graphs.capacity;
    if args.prefill_tokens > capacity || decode_end(args) > capacity {
        return Err(format!(
            "--prefill-tokens {} and --context {} + --steps {} (+ 8 warm-up positions) must fit \
             in --capacity {capacity}",
            args.prefill_tokens, args.context, args.steps
        )
        .into());
    }
    if args.measured_only {
        measured_graphs(&mut options.graphs, args);
    }
    if args.embeddings.is_some() {
        // Nothing decodes: every prompt asks for one token, drawn from its prefill.
        options.graphs.embed_lengths = model::embed_lengths(capacity);
        options.graphs.decode_batches = vec![1];
        options.graphs.decode_windows = vec![capacity];
    }
    if args.compile_only {
        let vmfb = model::prepare(&path, &options)?.compile()?;
        println!("{}", vmfb.display());
        return Ok(());
    }
    let runtime = args.model.runtime()?;
    if let Some(n) = args.embeddings {
        let loaded = model::load(&runtime, &path, &options)?;
        return embeddings::run(loaded, n, args.rounds);
    }
    if let Some(schema) = &args.json_schema {
        let loaded = model::load(&runtime, &path, &options)?;
        return constrained::run(loaded, schema, args.rows, args.tokens, args.rounds);
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    eprintln!("[bench] measuring memory read bandwidth ({threads} threads)");
    // Before the model, and the peak started over once the probe's buffer is freed, so that
    // resident memory and its peak are the model's own.
    let bandwidth = bandwidth::Probe::new(PROBE_BYTES, threads).read_bandwidth(5);
    memory::reset_peak();
    let mut loaded = model::load(&runtime, &path, &options)?;
    eprintln!("[bench] prefill of {} tokens", args.prefill_tokens);
    let profile = args.profile.then_some(runtime.as_ref());
    let prefill = measure::prefill(&mut loaded.graphs, args.prefill_tokens, 2, profile);
    let mut decode = Vec::new();
    for &mode in &modes {
        for &batch in &args.batches {
            eprintln!("[bench] decode B={batch}, {mode:?} sampling");
            decode.push(measure::decode(
                &mut loaded.graphs,
                batch,
                args.context,
                args.steps,
                mode,
                profile,
            ));
        }
    }
    let (rss, peak) = memory::resident();
    // This machine is shared: bandwidth and step time drift with the neighbours' load, so the
    // B=1 read rate is also taken in pairs, each bandwidth round right before a decode run.
    eprintln!("[bench] B=1 decode paired with bandwidth, {PAIRS} rounds");
    let probe = bandwidth::Probe::new(PROBE_BYTES, threads);
    let pairs = measure::paired_b1(&mut loaded.graphs, args.context, PAIRS, || {
        probe.read_bandwidth(2)
    });
    let source_bytes = gguf_tensor_bytes(&path)?;
    let memory = report::Memory {
        rss,
        peak,
        source_bytes,
    };
    let mut report = report::Report::new(&loaded, bandwidth, prefill, decode, &pairs, memory);
    report.decode_kernels = options.graphs.decode_kernels.to_string();
    report.activations = options.graphs.activations.to_string();
    report.head_activations = options.graphs.head_activations.to_string();
    println!("{}", report.table());
    if let Some(path) = &args.json {
        std::fs::write(path, serde_json::to_string_pretty(&report)?)?;
    }
    if let Some(path) = &args.plot {
        plot::write_png(path, &report)?;
    }
    Ok(())
}
