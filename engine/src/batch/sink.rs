//! Where a request's events go. The engine thread hands each event to the sink the caller gave
//! at submission, so an async caller receives them on its own channel without a thread in
//! between.

use super::request::Event;

/// Nobody listens to a request's events any more; the engine stops working on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the receiver of the request's events is gone")]
pub struct SinkClosed;

/// A receiver of one request's events. `send` runs on the engine thread between steps, so it
/// must not block: unbounded channels are the intended sinks.
pub trait EventSink: Send {
    /// Hands `event` on; [`SinkClosed`] cancels the request.
    fn send(&mut self, event: Event) -> Result<(), SinkClosed>;
}

impl EventSink for std::sync::mpsc::Sender<Event> {
    fn send(&mut self, event: Event) -> Result<(), SinkClosed> {
        std::sync::mpsc::Sender::send(self, event).map_err(|_| SinkClosed)
    }
}

impl EventSink for tokio::sync::mpsc::UnboundedSender<Event> {
    fn send(&mut self, event: Event) -> Result<(), SinkClosed> {
        tokio::sync::mpsc::UnboundedSender::send(self, event).map_err(|_| SinkClosed)
    }
}
