//! `serve`: an OpenAI-compatible HTTP server over the continuous-batching
//! engine. The port is bound first and `/health` answers 503 while the model
//! compiles and loads in the background, 200 once it serves.

mod anthropic;
mod api;
mod auth;
mod choice;
mod embeddings;
mod error;
mod generation;
mod harmony;
mod metrics;
mod reasoning;
mod request;
mod state;
mod structured;
mod tokenize;
mod tools;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use engine::batch::GraphRunner;
use engine::batch::{Engine, EngineConfig, SchedulerConfig};
use engine::embedding::Pooling;
use engine::grammar::{GrammarCompiler, GrammarError};
use engine::model;
use engine::model_args::{self, ModelArgs, SamplingArgs};

use crate::embeddings::Embeddings;
use crate::reasoning::ReasoningFormat;
use crate::state::{AppState, Ready, Shared};

#[derive(Parser, Debug, Clone)]
#[command(
    about = "OpenAI-compatible server for a Llama-family model through IREE",
    version
)]
struct Args {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    sampling: SamplingArgs,
    /// The name clients send as `model` (default: the model file or directory name).
    #[arg(long)]
    served_model_name: Option<String>,
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on; 0 lets the system pick a free one. The bound address is printed
    /// on stdout (`listening on http://ADDR`) once the port is open.
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// Requests waiting or running before new ones get 429.
    #[arg(long, default_value_t = 256)]
    max_queue: usize,
    /// Prompt tokens prefilled per engine step across requests.
    #[arg(long, default_value_t = 512)]
    prefill_budget: usize,
    /// Seconds a request may take from arrival to its last token.
    #[arg(long, default_value_t = 600.0)]
    request_timeout: f64,
    /// Seconds in-flight requests get to finish after SIGTERM before they
    /// are cancelled.
    #[arg(long, default_value_t = 30.0)]
    shutdown_grace: f64,
    /// Require `Authorization: Bearer KEY` (or `x-api-key: KEY`) on every route but /health
    /// and /metrics.
    #[arg(long)]
    api_key: Option<String>,
    /// Where a thinking model's reasoning goes in chat responses: `reasoning-content`
    /// (`message.reasoning_content`, as llama.cpp, SGLang and DeepSeek's API), `reasoning`
    /// (`message.reasoning`, as vLLM and Ollama), `both`, or `none` (not separated: the raw
    /// text, tags included, is the content).
    #[arg(long, value_enum, default_value_t = ReasoningFormat::ReasoningContent)]
    reasoning_format: ReasoningFormat,
    /// Also build the embedding graphs (the final normed hidden state of packed inputs) and
    /// serve `/v1/embeddings`, pooled as the model says (see the README). Without it the
    /// module is the same as ever and the route answers 400.
    #[arg(long)]
    embeddings: bool,
    /// Compile the module these arguments ask for and convert the weights into the cache,
    /// print the module's path and exit without serving: a deployment fills its cache ahead
    /// of time, and the server then starts on the full module at once instead of a first one.
    #[arg(long)]
    compile_only: bool,
}

/// `serve` builds 8 slots unless told (`generate` one): it serves requests together.
const SERVE_DEFAULTS: &[(&str, &str)] = &[("slots", "8")];

fn seconds(name: &str, value: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(value).map_err(|_| format!("--{name} must be >= 0, got {value}"))
}

fn main() {
    engine::logs::init();
    let args = model_args::parse_with_defaults::<Args>(SERVE_DEFAULTS);
    if let Err(error) = run(args) {
        tracing::error!("{error}");
        std::process::exit(1);
    }
    // The loader thread may still be compiling; it must not hold the exit.
    std::process::exit(0);
}

fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let timeout = seconds("request-timeout", args.request_timeout)?;
    let grace = seconds("shutdown-grace", args.shutdown_grace)?;
    if args.max_queue == 0 {
        return Err("--max-queue must be at least 1".into());
    }
    let path = args.model.model_path()?;
    if args.compile_only {
        let (options, _) = module_options(&path, &args)?;
        let (vmfb, _) = model::prepare(&path, &options)?.fill_cache()?;
        println!("{}", vmfb.display());
        return Ok(());
    }
    let name = match &args.served_model_name {
        Some(name) => name.clone(),
        None => path
            .file_stem()
            .map_or("model".into(), |s| s.to_string_lossy().into_owned()),
    };
    let state: Shared = Arc::new(AppState::new(
        name,
        timeout,
        args.api_key.clone(),
        args.reasoning_format,
    ));
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port)).await?;
        let address = listener.local_addr()?;
        tracing::info!(%address, model = %path.display(), "listening; loading the model");
        // One line a launcher (or a test) can read to learn a port the system picked.
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "listening on http://{address}")?;
            out.flush()?;
        }
        spawn_loader(state.clone(), path, args.clone());
        axum::serve(listener, api::router(state.clone()))
            .with_graceful_shutdown(shutdown_signal(state.clone(), grace))
            .await?;
        tracing::info!("stopped");
        Ok::<_, Box<dyn std::error::Error>>(())
    })?;
    state.stop_engine();
    Ok(())
}

/// Loads the model and starts the engine on a thread of its own.
fn spawn_loader(state: Shared, path: PathBuf, args: Args) {
    std::thread::Builder::new()
        .name("loader".into())
        .spawn(move || match load(&path, &args) {
            Ok((engine, ready)) => {
                tracing::info!(
                    slots = ready.engine.slots(),
                    capacity = ready.engine.capacity(),
                    "model ready"
                );
                state.install(engine, ready);
            }
            Err(error) => {
                tracing::error!("loading {} failed: {error}", path.display());
                std::process::exit(1);
            }
        })
        .expect("spawn loader thread");
}

fn load(
    path: &std::path::Path,
    args: &Args,
) -> Result<(Engine, Ready), Box<dyn std::error::Error>> {
    let runtime = args.model.runtime()?;
    let (options, pooling) = module_options(path, args)?;
    // A never-seen model answers from a first module while its full one compiles.
    let model::Tiered { loaded, rest } = model::prepare(path, &options)?.load_tiered(&runtime)?;
    let config = EngineConfig {
        max_queue: args.max_queue,
        scheduler: SchedulerConfig {
            prefill_budget: args.prefill_budget,
            eos: loaded.eos,
            sampling: args.sampling.sampling,
        },
    };
    let vocab = loaded.graphs.vocab();
    let grammars = match &loaded.tokenizer {
        Some(tokenizer) => GrammarCompiler::for_tokenizer(tokenizer.clone(), vocab),
        None => Err(GrammarError::Vocabulary(
            "the model has no tokenizer".into(),
        )),
    };
    if let Err(error) = &grammars {
        tracing::warn!("grammars and tool choices are unavailable: {error}");
    }
    let (engine, swap) = Engine::start_tiered(loaded.graphs, loaded.tokenizer.clone(), config);
    if let Some(rest) = rest {
        std::thread::Builder::new()
            .name("full-module".into())
            .spawn(move || match rest.compile() {
                Ok(next) => {
                    if swap.offer(next) {
                        tracing::info!(
                            "full module offered: the engine moves to it between requests"
                        );
                    }
                }
                Err(error) => {
                    tracing::error!("the full module failed ({error}); serving on the first module")
                }
            })?;
    }
    let reasoning = loaded
        .chat_template
        .as_ref()
        .and_then(|t| reasoning::syntax_of(t, loaded.tokenizer.as_deref()));
    let embeddings = pooling.map(|pooling| {
        tracing::info!(
            pooling = pooling.name(),
            longest_input = engine.handle().embedding_length(),
            "embeddings on"
        );
        Embeddings {
            pooling,
            dimensions: loaded.config.hidden_size,
        }
    });
    let ready = Ready {
        reasoning,
        embeddings,
        engine: engine.handle(),
        tokenizer: loaded.tokenizer,
        chat_template: loaded.chat_template,
        grammars,
    };
    Ok((engine, ready))
}

/// The module options these arguments ask for, and the embeddings' pooling when they are on.
/// The pooling is read before anything compiles: one this server cannot do stops it at once.
fn module_options(
    path: &std::path::Path,
    args: &Args,
) -> Result<(model::ModelOptions, Option<Pooling>), Box<dyn std::error::Error>> {
    let mut options = args.model.options(args.sampling.sampling)?;
    let pooling = match args.embeddings {
        true => {
            options.graphs.embed_lengths = model::embed_lengths(options.graphs.capacity);
            Some(Pooling::for_model(path)?)
        }
        false => None,
    };
    Ok((options, pooling))
}

/// Resolves on SIGTERM or Ctrl-C. In-flight requests then get `grace` to
/// finish; after that the engine stops and cancels what still runs, so
/// every open stream ends and the server can exit.
async fn shutdown_signal(state: Shared, grace: Duration) {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!(
        grace_s = grace.as_secs_f64(),
        "shutting down: finishing in-flight requests"
    );
    tokio::spawn(async move {
        tokio::time::sleep(grace).await;
        tracing::info!("grace period over: cancelling what still runs");
        let _ = tokio::task::spawn_blocking(move || state.stop_engine()).await;
    });
}
