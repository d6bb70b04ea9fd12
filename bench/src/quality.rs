//! `quality`: what a lossy storage choice costs in the model's outputs.
//!
//! Each choice of weight and KV cache types runs the oracle prompts teacher-forced (the prompt,
//! then the reference greedy continuation, one decode step per token) next to the reference
//! run with f32 weights and an f32 KV cache, and reports over every position: mean and max
//! KL(reference || choice), top-1 agreement and max |Δlogit|, the statistics llama.cpp's
//! perplexity tool reports for its quantized types.
//!
//! A choice with q8 activations (`WEIGHTS:KV:q8`) quantizes each token's activations on their
//! own, so decode steps give what a whole prompt's prefill computes for it too; a fourth field
//! is the LM head's (`native:f32:q8:q8`, the head 8-bit as well, as llama.cpp's is).
//!
//! `--peer-logits FILE` adds llama.cpp's own logits for the same sequences and GGUF file
//! (`scripts/peer-logits.sh`), compared against the same reference, so its row stands next to
//! ours.

use std::path::PathBuf;

use clap::Parser;
use emitter::graph::{Activations, Head};
use emitter::hlo::ElemType;
use engine::batch::GraphRunner;
use engine::graphs::DecodeOutput;
use engine::model::{self, ModelOptions};
use engine::runtime::Runtime;
use loader::Precision;
use serde::Serialize;

#[derive(Parser, Debug)]
#[command(about = "KL divergence and top-1 agreement of lossy weight and KV types against f32")]
struct Args {
    /// Model (.gguf or HF dir); default SmolLM2-135M-Instruct from the venv.
    #[arg(long)]
    model: Option<PathBuf>,
    /// Prompts: JSON `{"prompts": [{"prompt_ids": [..], "greedy_ids": [..]}, ..]}`, or a
    /// `.txt` file of passages separated by blank lines, each tokenized by the model's
    /// tokenizer (e.g. `tests/fixtures/quality/passages.txt`).
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/oracle/generation.json"))]
    prompts: PathBuf,
    /// Choices as WEIGHTS:KV[:ACTIVATIONS[:HEAD]] (weights native, f32, f16 or bf16; KV f32,
    /// f16 or bf16; the layers' and the LM head's activations f32 or q8, q8 with native
    /// weights on the kernels).
    #[arg(long = "choice", value_parser = parse_choice,
          default_values = ["f16:f32", "bf16:f32", "native:f32", "f32:f16", "f32:bf16", "native:f16"])]
    choices: Vec<Choice>,
    /// llama.cpp's logits for the same prompts and model file, from `scripts/peer-logits.sh`:
    /// compared against the same reference as a row of its own.
    #[arg(long)]
    peer_logits: Option<PathBuf>,
    /// Write the results as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Write the token sequences as prompts JSON here (for `scripts/peer-logits.sh --prompts`,
    /// so llama.cpp sees the very ids of a `.txt` file's passages) and stop.
    #[arg(long)]
    write_prompts: Option<PathBuf>,
    /// Write each sequence's teacher-forced log-probabilities under the first `--choice` here
    /// and stop: JSON `{"logprobs": [[..], ..]}`, per sequence the log-softmax (f64) of each
    /// token after the first given the ones before it. What a server's prompt
    /// log-probabilities are held against (`scripts/lm-eval-check.sh`).
    #[arg(long)]
    logprobs_out: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Choice {
    weights: Precision,
    kv: ElemType,
    activations: Activations,
    head: Activations,
}

impl Choice {
    /// The activations column: the layers', and the head's where it is not exact.
    fn activations_label(&self) -> String {
        match self.head {
            Activations::F32 => self.activations.to_string(),
            head => format!("{}, head {head}", self.activations),
        }
    }
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "weights {} / KV {}", self.weights, self.kv)?;
        match (self.activations, self.head) {
            (Activations::F32, Activations::F32) => Ok(()),
            _ => write!(f, " / activations {}", self.activations_label()),
        }
    }
}

fn parse_choice(text: &str) -> Result<Choice, String> {
    let mut parts = text.split(':');
    let (Some(weights), Some(kv), activations, head, None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return Err(format!("{text:?} is not WEIGHTS:KV[:ACTIVATIONS[:HEAD]]"));
    };
    Ok(Choice {
        weights: weights.parse()?,
        kv: engine::model_args::parse_kv_dtype(kv).map_err(|e| e.to_string())?,
        activations: activations.map_or(Ok(Activations::F32), str::parse)?,
        head: head.map_or(Ok(Activations::F32), str::parse)?,
    })
}

#[derive(Debug, Serialize)]
struct Row {
    weights: String,
    kv: String,
    activations: String,
    positions: usize,
    mean_kl: f64,
    max_kl: f64,
    top1_agreement: f64,
    max_abs_logit_diff: f64,
}

fn main() {
    let args = Args::parse();
    if let Err(error) = run(&args) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let path = match &args.model {
        Some(path) => path.clone(),
        None => loader::default_model_path()?,
    };
    let sequences = match args.prompts.extension().and_then(|e| e.to_str()) {
        Some("txt") => tokenize_passages(&args.prompts, &path)?,
        _ => read_prompts(&args.prompts)?,
    };
    if let Some(file) = &args.write_prompts {
        let prompts: Vec<_> = sequences
            .iter()
            .map(|s| serde_json::json!({"prompt_ids": s, "greedy_ids": []}))
            .collect();
        std::fs::write(file, serde_json::json!({ "prompts": prompts }).to_string())?;
        let positions: usize = sequences.iter().map(Vec::len).sum();
        eprintln!(
            "[quality] {} sequences, {positions} positions -> {}",
            sequences.len(),
            file.display()
        );
        return Ok(());
    }
    let runtime = Runtime::new("local-task")?;
    let longest = sequences.iter().map(Vec::len).max().unwrap_or(0);
    if let Some(file) = &args.logprobs_out {
        let choice = args.choices[0];
        eprintln!("[quality] teacher-forced log-probabilities: {choice}");
        let rows = logits(&runtime, &path, choice, &sequences, longest)?;
        let logprobs: Vec<Vec<f64>> = sequences
            .iter()
            .zip(&rows)
            .map(|(sequence, rows)| {
                sequence[1..]
                    .iter()
                    .zip(rows)
                    .map(|(&token, row)| log_softmax(row)[token as usize])
                    .collect()
            })
            .collect();
        std::fs::write(
            file,
            serde_json::json!({ "logprobs": logprobs }).to_string(),
        )?;
        return Ok(());
    }
    let reference = Choice {
        weights: Precision::F32,
        kv: ElemType::F32,
        activations: Activations::F32,
        head: Activations::F32,
    };
    eprintln!("[quality] reference: {reference}");
    let expected = logits(&runtime, &path, reference, &sequences, longest)?;
    let mut rows = Vec::new();
    for &choice in &args.choices {
        eprintln!("[quality] {choice}");
        let got = logits(&runtime, &path, choice, &sequences, longest)?;
        let label = [
            choice.weights.to_string(),
            choice.kv.to_string(),
            choice.activations_label(),
        ];
        rows.push(compare(label, &expected, &got));
    }
    if let Some(file) = &args.peer_logits {
        let got = read_peer_logits(file, &sequences, expected[0][0].len())?;
        let label = ["llama.cpp (the file's types)", "f16", "its own (8-bit)"].map(String::from);
        rows.push(compare(label, &expected, &got));
    }
    println!("{}", table(&rows));
    if let Some(json) = &args.json {
        std::fs::write(json, serde_json::to_string_pretty(&rows)?)?;
    }
    Ok(())
}

/// Each passage of a text file (blank lines between passages) as the model's tokenizer
/// encodes it, special tokens included.
fn tokenize_passages(
    file: &std::path::Path,
    model: &std::path::Path,
) -> Result<Vec<Vec<i32>>, Box<dyn std::error::Error>> {
    let tokenizer = loader::Model::open(model)?.tokenizer()?;
    let text = std::fs::read_to_string(file)?;
    let mut sequences = Vec::new();
    for passage in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        let ids = tokenizer.encode(passage, true)?;
        sequences.push(ids.into_iter().map(|t| t as i32).collect());
    }
    if sequences.is_empty() {
        return Err(format!("{}: no passages", file.display()).into());
    }
    Ok(sequences)
}

/// Each prompt's ids followed by its greedy continuation.
fn read_prompts(path: &PathBuf) -> Result<Vec<Vec<i32>>, Box<dyn std::error::Error>> {
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path)?)?;
    let prompts = json["prompts"]
        .as_array()
        .ok_or_else(|| format!("{}: no \"prompts\" list", path.display()))?;
    let ids = |v: &serde_json::Value, key: &str| -> Result<Vec<i32>, String> {
        v[key]
            .as_array()
            .ok_or_else(|| format!("a prompt has no {key:?} list"))?
            .iter()
            .map(|x| {
                x.as_i64()
                    .and_then(|i| i32::try_from(i).ok())
                    .ok_or_else(|| format!("{key}: {x} is not a token id"))
            })
            .collect()
    };
    let sequences = prompts
        .iter()
        .map(|p| Ok([ids(p, "prompt_ids")?, ids(p, "greedy_ids")?].concat()))
        .collect::<Result<Vec<_>, String>>()?;
    if sequences.iter().any(Vec::is_empty) || sequences.is_empty() {
        return Err(format!("{}: empty prompts", path.display()).into());
    }
    Ok(sequences)
}

/// Logits at every position of every sequence, one decode step per token, in a small module
/// (one slot, logits heads only) built for `choice`.
fn logits(
    runtime: &std::sync::Arc<Runtime>,
    path: &std::path::Path,
    choice: Choice,
    sequences: &[Vec<i32>],
    longest: usize,
) -> Result<Vec<Vec<Vec<f32>>>, Box<dyn std::error::Error>> {
    let mut graphs = model::default_graph_options(1, longest.next_power_of_two().max(64));
    graphs.prefill_lengths = vec![32.min(graphs.capacity)];
    graphs.heads = vec![Head::Logits];
    graphs.kv_dtype = choice.kv;
    graphs.activations = choice.activations;
    graphs.head_activations = choice.head;
    let options = ModelOptions {
        graphs,
        weights: choice.weights,
        ..ModelOptions::cpu()
    };
    let mut loaded = model::load(runtime, path, &options)?;
    let vocab = loaded.graphs.vocab();
    if let Some(bad) = sequences
        .iter()
        .flatten()
        .find(|&&t| t < 0 || t as usize >= vocab)
    {
        return Err(format!("token id {bad} is outside the vocabulary of {vocab}").into());
    }
    let mut out = DecodeOutput::default();
    let mut all = Vec::new();
    for sequence in sequences {
        let mut rows = Vec::new();
        for (pos, &token) in sequence.iter().enumerate() {
            loaded
                .graphs
                .decode(Head::Logits, &[token], &[pos as i32], None, false, &mut out)?;
            rows.push(out.logits[..vocab].to_vec());
        }
        all.push(rows);
    }
    Ok(all)
}

/// `log softmax(x)` in f64.
fn log_softmax(x: &[f32]) -> Vec<f64> {
    let lse = engine::batch::log_sum_exp(x);
    x.iter().map(|&v| v as f64 - lse).collect()
}

fn argmax(x: &[f32]) -> usize {
    let mut best = 0;
    for (i, &v) in x.iter().enumerate() {
        if v > x[best] {
            best = i;
        }
    }
    best
}

/// llama.cpp's logits as `scripts/peer_logits.py` writes them (a JSON header line, then f32
/// little-endian `[length, vocab]` per sequence), checked against the sequences and vocabulary.
fn read_peer_logits(
    path: &PathBuf,
    sequences: &[Vec<i32>],
    vocab: usize,
) -> Result<Vec<Vec<Vec<f32>>>, Box<dyn std::error::Error>> {
    let bytes = std::fs::read(path)?;
    let newline = (bytes.iter().position(|&b| b == b'\n'))
        .ok_or_else(|| format!("{}: no header line", path.display()))?;
    let header: serde_json::Value = serde_json::from_slice(&bytes[..newline])?;
    let lengths: Vec<usize> = sequences.iter().map(Vec::len).collect();
    let theirs: Option<Vec<usize>> = header["lengths"].as_array().map(|a| {
        a.iter()
            .filter_map(|v| v.as_u64().map(|n| n as usize))
            .collect()
    });
    if header["vocab"].as_u64() != Some(vocab as u64) || theirs.as_ref() != Some(&lengths) {
        return Err(format!(
            "{}: logits of vocabulary {} for sequences {:?}, not {vocab} for {lengths:?}",
            path.display(),
            header["vocab"],
            theirs
        )
        .into());
    }
    let floats: Vec<f32> = bytes[newline + 1..]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    if floats.len() != lengths.iter().sum::<usize>() * vocab {
        return Err(format!("{}: truncated logits", path.display()).into());
    }
    let mut rows = floats.chunks_exact(vocab).map(<[f32]>::to_vec);
    Ok(lengths
        .iter()
        .map(|&n| rows.by_ref().take(n).collect())
        .collect())
}

/// The statistics of `got` against `expected` over every position, in a row labelled
/// `[weights, KV, activations]`.
fn compare(label: [String; 3], expected: &[Vec<Vec<f32>>], got: &[Vec<Vec<f32>>]) -> Row {
    let (mut kl_sum, mut kl_max, mut agree, mut diff_max, mut n) = (0.0, 0.0f64, 0, 0.0f64, 0);
    let pairs = expected.iter().flatten().zip(got.iter().flatten());
    for (p, q) in pairs {
        let (lp, lq) = (log_softmax(p), log_softmax(q));
        let kl: f64 = lp.iter().zip(&lq).map(|(a, b)| a.exp() * (a - b)).sum();
        kl_sum += kl;
        kl_max = kl_max.max(kl);
        agree += usize::from(argmax(p) == argmax(q));
        let diff = p.iter().zip(q).map(|(a, b)| (a - b).abs() as f64);
        diff_max = diff.fold(diff_max, f64::max);
        n += 1;
    }
    let [weights, kv, activations] = label;
    Row {
        weights,
        kv,
        activations,
        positions: n,
        mean_kl: kl_sum / n as f64,
        max_kl: kl_max,
        top1_agreement: agree as f64 / n as f64,
        max_abs_logit_diff: diff_max,
    }
}

fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| weights | KV | activations | positions | mean KL | max KL | top-1 agreement | max abs logit diff |\n|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {:.3e} | {:.3e} | {:.2}% | {:.4} |\n",
            r.weights,
            r.kv,
            r.activations,
            r.positions,
            r.mean_kl,
            r.max_kl,
            100.0 * r.top1_agreement,
            r.max_abs_logit_diff
        ));
    }
    out
}
