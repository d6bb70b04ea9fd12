//! One set of progress lines per process: a weight conversion and a module compile run at the
//! same time on a new model, and two bars drawn on their own would overwrite each other.

use std::sync::OnceLock;

use indicatif::{MultiProgress, ProgressBar};

/// The process's progress lines on stderr (drawn only when stderr is a terminal).
pub fn lines() -> &'static MultiProgress {
    static LINES: OnceLock<MultiProgress> = OnceLock::new();
    LINES.get_or_init(MultiProgress::new)
}

/// Adds `bar` to the process's lines.
pub fn add(bar: ProgressBar) -> ProgressBar {
    lines().add(bar)
}
