//! The bridge from the engine to async handlers: the engine thread sends every
//! choice's events into one tokio channel, and dropping a [`Generation`] (the
//! client went away, the deadline passed) cancels every choice at once rather
//! than at its next token.

use std::time::Instant;

use engine::batch::{
    Canceller, EngineHandle, Event, EventSink, GenerationRequest, SinkClosed, SubmitError,
};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::state::Shared;

/// One event of one choice.
pub struct Update {
    pub choice: usize,
    pub event: Event,
}

/// One choice's events, tagged with its index, into the request's channel.
struct ChoiceSink {
    choice: usize,
    sender: mpsc::UnboundedSender<Update>,
}

impl EventSink for ChoiceSink {
    fn send(&mut self, event: Event) -> Result<(), SinkClosed> {
        let update = Update {
            choice: self.choice,
            event,
        };
        self.sender.send(update).map_err(|_| SinkClosed)
    }
}

/// The running choices of one HTTP request.
pub struct Generation {
    updates: mpsc::UnboundedReceiver<Update>,
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
        let (sender, updates) = mpsc::unbounded_channel();
        let prompt_tokens: usize = choices.iter().map(|c| c.prompt.len()).sum();
        let mut cancellers = Vec::with_capacity(choices.len());
        for (choice, request) in choices.into_iter().enumerate() {
            let sink = ChoiceSink {
                choice,
                sender: sender.clone(),
            };
            match engine.submit_to(request, sink) {
                Ok(canceller) => cancellers.push(canceller),
                Err(error) => {
                    cancellers.iter().for_each(Canceller::cancel);
                    return Err(error);
                }
            }
        }
        state.metrics.prompt_tokens.add(prompt_tokens as u64);
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
