//! Log records of every binary go through `tracing` to stderr, filtered by `RUST_LOG`
//! (`info` when unset), so compile and load progress reads the same in `generate`, `bench`,
//! `serve` and the rest.

use std::io::{IsTerminal, Write};

/// Installs the stderr subscriber; a second call does nothing.
pub fn init() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| AboveProgress)
        .with_target(false)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// Stderr, written above the progress lines (which are cleared and redrawn around each
/// record) rather than through them.
struct AboveProgress;

impl Write for AboveProgress {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        loader::progress::lines().suspend(|| std::io::stderr().write(buf))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}
