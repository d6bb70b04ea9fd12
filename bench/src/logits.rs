//! `logits`: a model's logits over given token sequences and its greedy continuation, written
//! as files for a script to compare with another implementation's (the GPU run in
//! `docs/gpu.md` compares them with transformers' on the same machine, without cargo).
//!
//! For `--tokens` (the first `--prompt-len` of them a prompt) it writes, into `--out`:
//! - `one_token.f32`: the logits at every position, each position a one-token prefill chunk;
//! - `chunked.f32`: the prompt prefilled in `--chunk`-token chunks (each chunk's last position)
//!   then one decode step per remaining position;
//! - `ragged.f32` (with `--ragged-tokens`): both sequences at once, each in its own slot,
//!   prefilled apart and then decoded together in two-row steps, a finished row padding;
//! - `result.json`: which positions each file's rows hold, the greedy ids, the timings.
//!
//! With `--device-greedy` the module also has the device sampling heads, and the greedy
//! continuation is drawn a second time by them (with fenced functions, each decode step queued
//! before the one ahead of it is read): `device_greedy_ids` beside the host sampler's.
//! `--device-draws N` draws N tokens with the device heads' standalone sampler from the
//! logits at the prompt's last position, with every filter on, and reports how far their
//! frequencies are from the host sampler's exact distribution (`device_draws`).
//!
//! Logits are little-endian f32, one row of the vocabulary each. `--compile-only` compiles the
//! module into the cache and stops: no device, no weights.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Parser;
use emitter::Head;
use engine::batch::{
    Engine, EngineConfig, Event, FinishReason, GenerationRequest, GraphRunner, SchedulerConfig,
};
use engine::device_sampling::{SampleRows, SamplingMode};
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};
use engine::model::{self, ModelOptions};
use engine::model_args::{self, ModelArgs};
use sampler::SampleParams;
use serde_json::json;

#[derive(Parser, Debug)]
#[command(about = "Write a model's logits over token sequences, and its greedy continuation")]
struct Args {
    #[command(flatten)]
    model: ModelArgs,
    /// Token ids: the prompt, then the positions decoded one step at a time.
    #[arg(long, value_delimiter = ',', required_unless_present = "compile_only")]
    tokens: Vec<u32>,
    /// How many of `--tokens` are the prompt (prefilled in chunks). [default: all]
    #[arg(long)]
    prompt_len: Option<usize>,
    /// A second sequence, decoded beside the first in one ragged batch.
    #[arg(long, value_delimiter = ',')]
    ragged_tokens: Vec<u32>,
    /// How many of `--ragged-tokens` are its prompt.
    #[arg(long)]
    ragged_prompt_len: Option<usize>,
    /// Tokens of greedy continuation of the first prompt, drawn through the engine.
    #[arg(long, default_value_t = 0)]
    greedy: usize,
    /// Draw the greedy continuation a second time with the device sampling heads (the module
    /// gets them), to compare with the host sampler's.
    #[arg(long)]
    device_greedy: bool,
    /// Draw this many tokens with the device heads from the logits at the prompt's last
    /// position, against the host sampler's distribution (the module gets the heads).
    #[arg(long, default_value_t = 0)]
    device_draws: usize,
    /// Prefill chunk length.
    #[arg(long, default_value_t = 8)]
    chunk: usize,
    /// Output directory.
    #[arg(long, required_unless_present = "compile_only")]
    out: Option<PathBuf>,
    /// Compile the module into the cache and stop (no device is opened).
    #[arg(long)]
    compile_only: bool,
}

/// A small module is enough: two slots of 64 positions, one decode window.
const DEFAULTS: &[(&str, &str)] = &[("slots", "2"), ("capacity", "64")];

#[derive(Debug, thiserror::Error)]
enum LogitsError {
    #[error("--{flag} {len} is longer than its {tokens} tokens, or zero")]
    PromptLength {
        flag: &'static str,
        len: usize,
        tokens: usize,
    },
    #[error("{what} needs {needed} positions; the module holds {capacity} (--capacity)")]
    TooLong {
        what: &'static str,
        needed: usize,
        capacity: usize,
    },
    #[error("token {token} is outside the vocabulary of {vocab}")]
    Token { token: u32, vocab: usize },
    #[error("--chunk must be at least 1")]
    Chunk,
    #[error("a ragged batch needs --slots 2 or more")]
    Slots,
    #[error("the greedy request did not run to its length: {0}")]
    Greedy(String),
    #[error("the device heads drew {drawn} of the {count} device-greedy tokens")]
    NotOnDevice { drawn: u64, count: usize },
}

fn main() {
    engine::logs::init();
    let args = model_args::parse_with_defaults::<Args>(DEFAULTS);
    if let Err(error) = run(&args) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

/// One token sequence and its prompt length, checked.
struct Sequence {
    tokens: Vec<i32>,
    prompt: usize,
}

impl Sequence {
    fn new(tokens: &[u32], prompt: Option<usize>, flag: &'static str) -> Result<Self, LogitsError> {
        let prompt = prompt.unwrap_or(tokens.len());
        if prompt == 0 || prompt > tokens.len() {
            return Err(LogitsError::PromptLength {
                flag,
                len: prompt,
                tokens: tokens.len(),
            });
        }
        Ok(Sequence {
            tokens: tokens.iter().map(|&t| t as i32).collect(),
            prompt,
        })
    }

    fn check(&self, vocab: usize, capacity: usize, what: &'static str) -> Result<(), LogitsError> {
        if let Some(&token) = self.tokens.iter().find(|&&t| t as usize >= vocab) {
            return Err(LogitsError::Token {
                token: token as u32,
                vocab,
            });
        }
        if self.tokens.len() > capacity {
            return Err(LogitsError::TooLong {
                what,
                needed: self.tokens.len(),
                capacity,
            });
        }
        Ok(())
    }
}

/// The module: the tools' model options, narrowed to one prefill chunk, one decode window,
/// the logits head and decode batches of one and two rows.
fn options(args: &Args) -> Result<ModelOptions, Box<dyn std::error::Error>> {
    if args.chunk == 0 {
        return Err(LogitsError::Chunk.into());
    }
    let mut options = args.model.options(SamplingMode::Host)?;
    let graphs = &mut options.graphs;
    graphs.prefill_lengths = vec![args.chunk];
    graphs.decode_windows = vec![graphs.capacity];
    graphs.decode_batches = if graphs.slots >= 2 {
        vec![1, 2]
    } else {
        vec![1]
    };
    graphs.heads = if args.device_greedy || args.device_draws > 0 {
        vec![Head::Logits, Head::Sample]
    } else {
        vec![Head::Logits]
    };
    Ok(options)
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let options = options(args)?;
    let capacity = options.graphs.capacity;
    let path = args.model.model_path()?;
    if args.compile_only {
        let vmfb = model::prepare(&path, &options)?.compile()?;
        println!("{}", vmfb.display());
        return Ok(());
    }
    let first = Sequence::new(&args.tokens, args.prompt_len, "prompt-len")?;
    let second = (!args.ragged_tokens.is_empty())
        .then(|| {
            Sequence::new(
                &args.ragged_tokens,
                args.ragged_prompt_len,
                "ragged-prompt-len",
            )
        })
        .transpose()?;
    if second.is_some() && options.graphs.slots < 2 {
        return Err(LogitsError::Slots.into());
    }
    let out = args.out.clone().expect("clap requires --out");
    std::fs::create_dir_all(&out)?;

    let started = Instant::now();
    let runtime = args.model.runtime()?;
    let prepared = model::prepare(&path, &options)?;
    let vocab = prepared.config.vocab_size;
    first.check(vocab, capacity, "--tokens")?;
    if let Some(second) = &second {
        second.check(vocab, capacity, "--ragged-tokens")?;
    }
    if first.prompt + args.greedy > capacity {
        return Err(LogitsError::TooLong {
            what: "the prompt and --greedy",
            needed: first.prompt + args.greedy,
            capacity,
        }
        .into());
    }
    let mut loaded = prepared.load(&runtime)?;
    let load_seconds = started.elapsed().as_secs_f64();
    let vocab = loaded.graphs.vocab();

    let started = Instant::now();
    let one_token = one_token_prefills(&mut loaded.graphs, &first.tokens)?;
    write_rows(&out.join("one_token.f32"), &one_token)?;
    let (positions, rows) = prefill_then_decode(&mut loaded.graphs, &first, args.chunk)?;
    write_rows(&out.join("chunked.f32"), &rows)?;
    let ragged = match &second {
        Some(second) => {
            let (positions, rows) = ragged_batch(&mut loaded.graphs, [&first, second], args.chunk)?;
            write_rows(&out.join("ragged.f32"), &rows)?;
            Some(positions)
        }
        None => None,
    };
    let compute_seconds = started.elapsed().as_secs_f64();
    let draws = match args.device_draws {
        0 => None,
        n => Some(device_draws(
            &mut loaded.graphs,
            &one_token[first.prompt - 1],
            n,
        )?),
    };

    let started = Instant::now();
    let prompt = &first.tokens[..first.prompt];
    let (greedy_ids, device_greedy) =
        greedy(loaded.graphs, prompt, args.greedy, args.device_greedy)?;
    let greedy_seconds = started.elapsed().as_secs_f64();

    let result = json!({
        "model": path.display().to_string(),
        "device": args.model.device,
        "vmfb": loaded.vmfb.display().to_string(),
        "vocab": vocab,
        "tokens": first.tokens,
        "prompt_len": first.prompt,
        "one_token": {"file": "one_token.f32", "positions": (0..first.tokens.len()).collect::<Vec<_>>()},
        "chunked": {"file": "chunked.f32", "positions": positions},
        "ragged": ragged.map(|rows| json!({
            "file": "ragged.f32",
            "tokens": second.as_ref().map(|s| s.tokens.clone()),
            "prompt_len": second.as_ref().map(|s| s.prompt),
            "rows": rows.iter().map(|(seq, pos)| json!([seq, pos])).collect::<Vec<_>>(),
        })),
        "greedy_ids": greedy_ids,
        "device_greedy_ids": device_greedy.as_ref().map(|d| &d.ids),
        "device_steps_queued_ahead": device_greedy.as_ref().map(|d| d.ahead_served),
        "device_draws": draws,
        "seconds": {"load": load_seconds, "logits": compute_seconds, "greedy": greedy_seconds},
    });
    std::fs::write(
        out.join("result.json"),
        serde_json::to_string_pretty(&result)?,
    )?;
    println!("{}", out.join("result.json").display());
    Ok(())
}

/// Rows of logits and where each one was taken (a position, or a sequence and position).
type Rows<P> = (Vec<P>, Vec<Vec<f32>>);

fn write_rows(path: &Path, rows: &[Vec<f32>]) -> std::io::Result<()> {
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    for value in rows.iter().flatten() {
        file.write_all(&value.to_le_bytes())?;
    }
    file.flush()
}

/// Every position through a one-token prefill chunk in slot 0.
fn one_token_prefills(
    graphs: &mut Graphs,
    tokens: &[i32],
) -> Result<Vec<Vec<f32>>, engine::EngineError> {
    let mut rows = Vec::with_capacity(tokens.len());
    for (pos, &t) in tokens.iter().enumerate() {
        let mut logits = vec![0f32; graphs.vocab()];
        graphs.prefill(0, pos, &[t], PrefillOut::Logits(&mut logits))?;
        rows.push(logits);
    }
    Ok(rows)
}

/// `slot`'s prompt in chunks, returning each chunk's last position and logits.
fn prefill_chunks(
    graphs: &mut Graphs,
    slot: usize,
    sequence: &Sequence,
    chunk: usize,
) -> Result<Rows<usize>, engine::EngineError> {
    let (mut positions, mut rows) = (Vec::new(), Vec::new());
    for start in (0..sequence.prompt).step_by(chunk) {
        let end = (start + chunk).min(sequence.prompt);
        let mut logits = vec![0f32; graphs.vocab()];
        graphs.prefill(
            slot,
            start,
            &sequence.tokens[start..end],
            PrefillOut::Logits(&mut logits),
        )?;
        positions.push(end - 1);
        rows.push(logits);
    }
    Ok((positions, rows))
}

/// The prompt in chunks, then one one-row decode step per remaining position.
fn prefill_then_decode(
    graphs: &mut Graphs,
    sequence: &Sequence,
    chunk: usize,
) -> Result<Rows<usize>, engine::EngineError> {
    let (mut positions, mut rows) = prefill_chunks(graphs, 0, sequence, chunk)?;
    let mut out = DecodeOutput::default();
    for pos in sequence.prompt..sequence.tokens.len() {
        graphs.decode(
            Head::Logits,
            &[sequence.tokens[pos]],
            &[pos as i32],
            None,
            false,
            &mut out,
        )?;
        positions.push(pos);
        rows.push(out.logits[..graphs.vocab()].to_vec());
    }
    Ok((positions, rows))
}

/// Sequence `i` in slot `i`, prefilled apart, then decoded together: each step has two rows,
/// a sequence with nothing left to decode padding its row (`pos = -1`). Rows come back as
/// (sequence, position): the prompts' last positions, then every decoded one.
fn ragged_batch(
    graphs: &mut Graphs,
    sequences: [&Sequence; 2],
    chunk: usize,
) -> Result<Rows<(usize, usize)>, engine::EngineError> {
    let (mut positions, mut rows) = (Vec::new(), Vec::new());
    for (slot, sequence) in sequences.iter().enumerate() {
        let (ends, logits) = prefill_chunks(graphs, slot, sequence, chunk)?;
        positions.push((slot, *ends.last().expect("a prompt has a token")));
        rows.push(logits.into_iter().last().expect("a prompt has a chunk"));
    }
    let vocab = graphs.vocab();
    let steps = sequences
        .iter()
        .map(|s| s.tokens.len() - s.prompt)
        .max()
        .unwrap_or(0);
    let mut out = DecodeOutput::default();
    for step in 0..steps {
        let (mut tokens, mut pos) = (Vec::new(), Vec::new());
        for sequence in sequences {
            let p = sequence.prompt + step;
            match sequence.tokens.get(p) {
                Some(&t) => (tokens.push(t), pos.push(p as i32)),
                None => (tokens.push(0), pos.push(-1)),
            };
        }
        graphs.decode(Head::Logits, &tokens, &pos, None, false, &mut out)?;
        for (row, &p) in pos.iter().enumerate() {
            if p >= 0 {
                positions.push((row, p as usize));
                rows.push(out.logits[row * vocab..(row + 1) * vocab].to_vec());
            }
        }
    }
    Ok((positions, rows))
}

/// `n` tokens drawn by the device heads' standalone sampler from `row` (two rows a call, each
/// draw its own step of one seed), with every filter on, against the host sampler's exact
/// distribution: the total variation distance of the frequencies (about
/// 0.4 sqrt(support / n) expected), draws the host could never make, and the largest
/// difference of a draw's log-probability from the host's.
fn device_draws(
    graphs: &mut Graphs,
    row: &[f32],
    n: usize,
) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let params = SampleParams {
        temperature: 1.0,
        top_k: 8,
        top_p: 0.95,
        min_p: 0.01,
        seed: 0x5eed_d1ce,
        ..SampleParams::default()
    };
    let vocab = row.len();
    let mut exact = vec![0f64; vocab];
    for (token, p) in
        sampler::Sampler::new().distribution(&mut row.to_vec(), &sampler::Request::new(&params))?
    {
        exact[token as usize] = p;
    }
    const ROWS: usize = 2;
    let logits: Vec<f32> = row.iter().copied().cycle().take(ROWS * vocab).collect();
    let (mut rows, mut ids, mut logprobs) = (SampleRows::default(), Vec::new(), Vec::new());
    let mut counts = vec![0usize; vocab];
    let (mut drawn, mut outside, mut logprob_diff) = (0usize, 0usize, 0f64);
    while drawn < n {
        rows.clear();
        for i in 0..ROWS {
            rows.push(&params, (drawn + i) as u64);
        }
        graphs.sample(&logits, &mut rows, &mut ids, &mut logprobs)?;
        for (&token, &logprob) in ids.iter().zip(&logprobs).take(ROWS) {
            match exact.get(token as usize) {
                Some(&p) if token >= 0 && p > 0.0 => {
                    counts[token as usize] += 1;
                    logprob_diff = logprob_diff.max((logprob as f64 - p.ln()).abs());
                }
                _ => outside += 1,
            }
        }
        drawn += ROWS;
    }
    let tv = counts
        .iter()
        .zip(&exact)
        .map(|(&c, &p)| (c as f64 / drawn as f64 - p).abs())
        .sum::<f64>()
        / 2.0;
    Ok(json!({
        "params": {"temperature": params.temperature, "top_k": params.top_k,
                   "top_p": params.top_p, "min_p": params.min_p},
        "draws": drawn,
        "support": exact.iter().filter(|&&p| p > 0.0).count(),
        "total_variation": tv,
        "outside_support": outside,
        "max_logprob_diff": logprob_diff,
    }))
}

/// The device heads' greedy continuation, and how many of its decode steps were queued ahead.
struct DeviceGreedy {
    ids: Vec<u32>,
    ahead_served: u64,
}

/// `count` greedy tokens after `prompt`, drawn by the engine's scheduler and host sampler;
/// with `device`, then drawn again by the device sampling heads.
fn greedy(
    graphs: Graphs,
    prompt: &[i32],
    count: usize,
    device: bool,
) -> Result<(Vec<u32>, Option<DeviceGreedy>), Box<dyn std::error::Error>> {
    if count == 0 {
        return Ok((
            Vec::new(),
            device.then(|| DeviceGreedy {
                ids: Vec::new(),
                ahead_served: 0,
            }),
        ));
    }
    let config = EngineConfig {
        max_queue: 1,
        scheduler: SchedulerConfig {
            prefill_budget: 64,
            eos: None,
            sampling: if device {
                SamplingMode::Device
            } else {
                SamplingMode::Host
            },
        },
    };
    let engine = Engine::start(graphs, None, config);
    let prompt: Vec<u32> = prompt.iter().map(|&t| t as u32).collect();
    // The device heads serve no request for log-probabilities, so this one is the host's.
    let host = SampleParams {
        top_logprobs: 1,
        ..SampleParams::greedy()
    };
    let host_ids = run_to_length(&engine, GenerationRequest::new(prompt.clone(), host, count))?;
    if !device {
        return Ok((host_ids, None));
    }
    let request = GenerationRequest::new(prompt, SampleParams::greedy(), count);
    let ids = run_to_length(&engine, request)?;
    // The engine publishes a step's counts after the step's events: they are whole once its
    // thread has ended. The host's request drew none on the device and queued none ahead.
    let handle = engine.handle();
    drop(engine);
    let stats = handle.stats();
    if stats.device_tokens != count as u64 {
        let drawn = stats.device_tokens;
        return Err(LogitsError::NotOnDevice { drawn, count }.into());
    }
    let ahead_served = stats.ahead_served;
    Ok((host_ids, Some(DeviceGreedy { ids, ahead_served })))
}

/// The tokens of `request`, which must run to its length: an engine error ends it early and
/// must surface as the step's cause, not as a short continuation to compare.
fn run_to_length(
    engine: &Engine,
    request: GenerationRequest,
) -> Result<Vec<u32>, Box<dyn std::error::Error>> {
    let count = request.max_tokens;
    let (ids, event) = engine.submit(request)?.collect();
    match event {
        Event::Finished {
            reason: FinishReason::Length,
            ..
        } if ids.len() == count => Ok(ids),
        other => Err(LogitsError::Greedy(format!("after {} tokens: {other:?}", ids.len())).into()),
    }
}
