//! What handlers share: the model once loaded, the metrics, the limits.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use axum::http::StatusCode;
use engine::batch::{Engine, EngineHandle};
use engine::grammar::{GrammarCompiler, GrammarError};
use loader::{ChatTemplate, Tokenizer};

use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::reasoning::{ReasoningFormat, Syntax};

/// The loaded model and the engine serving it.
pub struct Ready {
    pub engine: EngineHandle,
    pub tokenizer: Option<Arc<Tokenizer>>,
    pub chat_template: Option<ChatTemplate>,
    /// Compiles requests' grammars, or why this model cannot take them.
    pub grammars: Result<GrammarCompiler, GrammarError>,
    /// How the template's family marks reasoning, if it writes any.
    pub reasoning: Option<Syntax>,
    /// With `--embeddings`: how the model pools, and its vectors' width.
    pub embeddings: Option<crate::embeddings::Embeddings>,
}

pub struct AppState {
    /// The name clients put in `model`.
    pub model_name: String,
    pub ready: OnceLock<Ready>,
    /// Owns the engine thread; taken at shutdown, which ends what still runs.
    pub engine: Mutex<Option<Engine>>,
    pub metrics: Metrics,
    /// How long one request may take, from arrival to its last token.
    pub request_timeout: Duration,
    pub created: u64,
    /// `--api-key`: the key requests must carry.
    pub api_key: Option<String>,
    /// `--reasoning-format`: where separated reasoning goes in chat responses.
    pub reasoning_format: ReasoningFormat,
}

impl AppState {
    pub fn new(
        model_name: String,
        request_timeout: Duration,
        api_key: Option<String>,
        reasoning_format: ReasoningFormat,
    ) -> AppState {
        AppState {
            reasoning_format,
            model_name,
            ready: OnceLock::new(),
            engine: Mutex::new(None),
            metrics: Metrics::default(),
            request_timeout,
            created: unix_now(),
            api_key,
        }
    }

    /// The engine, or 503 while the model is still loading.
    pub fn ready(&self) -> Result<&Ready, ApiError> {
        self.ready.get().ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "model_loading",
                "the model is still loading; retry when /health answers 200",
            )
        })
    }

    /// Puts the loaded engine in service.
    pub fn install(&self, engine: Engine, ready: Ready) {
        *self.engine.lock().unwrap_or_else(|p| p.into_inner()) = Some(engine);
        let _ = self.ready.set(ready);
    }

    /// Stops the engine: requests still running end as cancelled.
    pub fn stop_engine(&self) {
        let engine = self.engine.lock().unwrap_or_else(|p| p.into_inner()).take();
        drop(engine);
    }
}

pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

pub type Shared = Arc<AppState>;
