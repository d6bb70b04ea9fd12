//! Continuous batching: the engine a serve worker drives.

mod detok;
mod engine;
mod prefix_cache;
mod request;
mod scheduler;
mod sequence;

pub use engine::{Canceller, Engine, EngineConfig, EngineHandle, EngineStats, Load, RequestStream};
pub use request::{Event, FinishReason, GenerationRequest, SubmitError};
pub use scheduler::{Scheduler, SchedulerConfig, StepStats};
