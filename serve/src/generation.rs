//! The bridge from the engine's blocking streams to async handlers: one
//! forwarding thread per choice moves events into a tokio channel, and
//! dropping a [`Generation`] (the client went away, the deadline passed)
//! cancels every choice at once rather than at its next token.

use std::time::Instant;

use engine::batch::{Canceller, EngineHandle, Event, GenerationRequest, SubmitError};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::state::Shared;

/// One event of one choice.
pub struct Update {
    pub choice: usize,
    pub event: Event,
}

/// The running choices of one HTTP request.
pub struct Generation {
    updates: mpsc::Receiver<Update>,
    cancellers: Vec<Canceller>,
    /// Choices whose `Finished` event has been handed out.
    finished: Vec<bool>,
    state: Shared,
    pub started: Instant,
}

impl Generation {
    /// Submits every choice; if one is refused the others are cancelled.
    pub fn start(
        state: Shared,
        engine: &EngineHandle,
        choices: Vec<GenerationRequest>,
        started: Instant,
    ) -> Result<Generation, SubmitError> {
        let (sender, updates) = mpsc::channel(64);
        let prompt_tokens: usize = choices.iter().map(|c| c.prompt.len()).sum();
        let mut streams = Vec::with_capacity(choices.len());
        for request in choices {
            // An error drops the streams submitted so far, which cancels them.
            streams.push(engine.submit(request)?);
        }
        let cancellers: Vec<Canceller> = streams.iter().map(|s| s.canceller()).collect();
        state.metrics.prompt_tokens.add(prompt_tokens as u64);
        for (choice, stream) in streams.into_iter().enumerate() {
            let sender = sender.clone();
            std::thread::Builder::new()
                .name("serve-stream".into())
                .spawn(move || {
                    for event in stream {
                        if sender.blocking_send(Update { choice, event }).is_err() {
                            break;
                        }
                    }
                })
                .expect("spawn stream thread");
        }
        Ok(Generation {
            updates,
            finished: vec![false; cancellers.len()],
            cancellers,
            state,
            started,
        })
    }

    /// The next event of any choice; `None` once every choice has finished.
    pub async fn next(&mut self) -> Option<Update> {
        let update = self.updates.recv().await?;
        if matches!(update.event, Event::Finished { .. }) {
            self.finished[update.choice] = true;
        }
        Some(update)
    }
}

impl Drop for Generation {
    fn drop(&mut self) {
        for (canceller, &finished) in self.cancellers.iter().zip(&self.finished) {
            if !finished {
                canceller.cancel();
                self.state.metrics.finished_abort.add(1);
            }
        }
    }
}

/// The answer to a refused submission.
pub fn submit_error(error: SubmitError, prompt_field: &str) -> ApiError {
    use axum::http::StatusCode;
    match error {
        SubmitError::QueueFull { capacity } => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "queue_full",
            format!("the server is busy: {capacity} requests are waiting or running; retry later"),
        ),
        SubmitError::EngineStopped => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "engine_stopped",
            "the engine has stopped",
        ),
        SubmitError::EmptyPrompt
        | SubmitError::PromptTooLong { .. }
        | SubmitError::TokenOutOfRange { .. } => ApiError::invalid(prompt_field, error.to_string()),
        other => ApiError::invalid("body", other.to_string()),
    }
}
