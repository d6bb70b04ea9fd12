//! Continuous batching: the engine a serve worker drives.

mod detok;
mod draw;
mod embed;
mod engine;
mod masks;
mod prefix_cache;
mod request;
mod runner;
mod scheduler;
mod sequence;
mod sink;

pub use draw::log_sum_exp;
pub use embed::{EmbeddingError, EmbeddingReply, EmbeddingRequest};
pub use engine::{
    Canceller, Engine, EngineConfig, EngineHandle, EngineStats, Load, ModuleSwap, NextModule,
    RequestLimits, RequestStream,
};
pub use request::{
    DrawError, Event, FinishReason, GenerationError, GenerationRequest, SubmitError,
};
pub use runner::GraphRunner;
pub use scheduler::{GraphsLoader, Scheduler, SchedulerConfig, StepStats};
pub use sink::{EventSink, SinkClosed};
