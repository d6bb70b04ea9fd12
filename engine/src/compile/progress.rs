//! What a person sees while `iree-compile` runs: a progress line with the model, the target,
//! the functions in the module, the elapsed time and an estimate from the last compile of a
//! similar size, plus `tracing` records for logs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// One finished compile: the module's size and how long it took. The history file keeps one
/// per line, `target<TAB>bytes<TAB>seconds`, newest last.
#[derive(Debug, Clone, PartialEq)]
struct Record {
    target: String,
    bytes: usize,
    seconds: f64,
}

/// Compile times of earlier modules, kept in the cache directory they were compiled into.
pub(super) struct History {
    path: PathBuf,
}

/// The most records kept: enough to find a similar module, small enough to read at once.
const KEPT: usize = 64;

impl History {
    pub(super) fn in_dir(cache_dir: &Path) -> History {
        History {
            path: cache_dir.join("compile-times.tsv"),
        }
    }

    fn records(&self) -> Vec<Record> {
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        text.lines()
            .filter_map(|line| {
                let mut fields = line.split('\t');
                Some(Record {
                    target: fields.next()?.to_string(),
                    bytes: fields.next()?.parse().ok()?,
                    seconds: fields.next()?.parse().ok()?,
                })
            })
            .collect()
    }

    /// Seconds a module of `bytes` of MLIR should take for `target`: the newest compile for
    /// that target closest in size, scaled by size (compile time grows about linearly with the
    /// number of functions, which the text's size follows).
    pub(super) fn estimate(&self, target: &str, bytes: usize) -> Option<f64> {
        let records = self.records();
        let nearest = records
            .iter()
            .rev()
            .filter(|r| r.target == target && r.bytes > 0)
            .min_by_key(|r| r.bytes.abs_diff(bytes))?;
        Some(nearest.seconds * bytes as f64 / nearest.bytes as f64)
    }

    /// Adds a finished compile. Failing to write the history loses only estimates.
    pub(super) fn record(&self, target: &str, bytes: usize, seconds: f64) {
        let mut records = self.records();
        records.push(Record {
            target: target.to_string(),
            bytes,
            seconds,
        });
        let start = records.len().saturating_sub(KEPT);
        let text: String = records[start..]
            .iter()
            .map(|r| format!("{}\t{}\t{:.2}\n", r.target, r.bytes, r.seconds))
            .collect();
        let partial = self
            .path
            .with_extension(format!("{}.partial", std::process::id()));
        if std::fs::write(&partial, text).is_ok() {
            let _ = std::fs::rename(&partial, &self.path);
        }
    }
}

/// The progress line of one compile; it clears itself when dropped.
pub(super) struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Starts the line on stderr when `visible` (hidden where stderr is not a terminal).
    pub(super) fn start(
        visible: bool,
        what: &str,
        functions: usize,
        estimate: Option<f64>,
    ) -> Progress {
        let guess = match estimate {
            Some(s) => format!(", about {s:.0} s by the last compile of a similar module"),
            None => String::new(),
        };
        tracing::info!("compiling {what}: {functions} functions{guess}");
        if !visible {
            return Progress { bar: None };
        }
        let bar = loader::progress::add(ProgressBar::new_spinner());
        bar.set_style(
            ProgressStyle::with_template("{spinner} compiling {msg} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message(format!("{what}: {functions} functions{guess}"));
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// The public functions of a module's text: the emitter writes each at the module's top
/// level, private helpers are marked `private`.
pub(super) fn count_functions(mlir: &str) -> usize {
    mlir.lines()
        .filter(|l| l.starts_with("  func.func @"))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_scale_the_nearest_compile_of_the_same_target() {
        let dir = tempfile::tempdir().unwrap();
        let history = History::in_dir(dir.path());
        assert_eq!(history.estimate("cpu", 1000), None);
        history.record("cpu", 1000, 10.0);
        history.record("cpu", 4000, 60.0);
        history.record("cuda", 1000, 99.0);
        // 1500 bytes is nearest the 1000-byte compile: 10 s scaled by 1.5.
        assert_eq!(history.estimate("cpu", 1500), Some(15.0));
        assert_eq!(history.estimate("cpu", 3000), Some(45.0));
        assert_eq!(history.estimate("cuda", 500), Some(49.5));
        assert_eq!(history.estimate("metal", 500), None);
    }

    #[test]
    fn history_keeps_the_newest_records() {
        let dir = tempfile::tempdir().unwrap();
        let history = History::in_dir(dir.path());
        for i in 0..(KEPT + 10) {
            history.record("cpu", 100 + i, 1.0);
        }
        let records = history.records();
        assert_eq!(records.len(), KEPT);
        assert_eq!(records.last().unwrap().bytes, 100 + KEPT + 9);
    }

    #[test]
    fn counts_only_top_level_public_functions() {
        let mlir = "module {\n  func.func private @layer(%x: f32)\n  func.func @prefill_logits_t32(\n    func.func @nested(\n  func.func @copy_slot(\n}";
        assert_eq!(count_functions(mlir), 2);
    }
}
