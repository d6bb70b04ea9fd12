//! Prometheus text metrics. The names follow the model-server convention that
//! Kubernetes' inference gateway and vLLM dashboards read (`vllm:` prefix), so
//! a router or autoscaler configured for such servers works unchanged.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use engine::batch::Load;

/// A monotonically increasing count.
#[derive(Default)]
pub struct Counter(AtomicU64);

impl Counter {
    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// A histogram over fixed upper bounds (seconds).
pub struct Histogram {
    bounds: &'static [f64],
    state: Mutex<HistogramState>,
}

#[derive(Default)]
struct HistogramState {
    counts: Vec<u64>,
    sum: f64,
    count: u64,
}

impl Histogram {
    fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            state: Mutex::new(HistogramState {
                counts: vec![0; bounds.len()],
                ..HistogramState::default()
            }),
        }
    }

    pub fn observe(&self, seconds: f64) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(i) = self.bounds.iter().position(|&b| seconds <= b) {
            state.counts[i] += 1;
        }
        state.sum += seconds;
        state.count += 1;
    }

    fn render(&self, out: &mut String, name: &str, labels: &str) {
        let state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let mut cumulative = 0;
        for (bound, count) in self.bounds.iter().zip(&state.counts) {
            cumulative += count;
            let _ = writeln!(out, "{name}_bucket{{{labels},le=\"{bound}\"}} {cumulative}");
        }
        let _ = writeln!(out, "{name}_bucket{{{labels},le=\"+Inf\"}} {}", state.count);
        let _ = writeln!(out, "{name}_sum{{{labels}}} {}", state.sum);
        let _ = writeln!(out, "{name}_count{{{labels}}} {}", state.count);
    }
}

const TTFT_BOUNDS: &[f64] = &[
    0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0,
    20.0, 40.0, 80.0,
];
const ITL_BOUNDS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3,
    0.4, 0.5, 0.75, 1.0, 2.5,
];

/// Everything `/metrics` reports besides the engine's live load.
pub struct Metrics {
    pub prompt_tokens: Counter,
    pub generation_tokens: Counter,
    pub prefix_cache_queries: Counter,
    pub prefix_cache_hits: Counter,
    pub finished_stop: Counter,
    pub finished_length: Counter,
    pub finished_abort: Counter,
    pub rejected_queue_full: Counter,
    pub ttft: Histogram,
    pub itl: Histogram,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            prompt_tokens: Counter::default(),
            generation_tokens: Counter::default(),
            prefix_cache_queries: Counter::default(),
            prefix_cache_hits: Counter::default(),
            finished_stop: Counter::default(),
            finished_length: Counter::default(),
            finished_abort: Counter::default(),
            rejected_queue_full: Counter::default(),
            ttft: Histogram::new(TTFT_BOUNDS),
            itl: Histogram::new(ITL_BOUNDS),
        }
    }
}

impl Metrics {
    /// The Prometheus text exposition; `load` is `None` while the model loads.
    pub fn render(&self, model: &str, load: Option<Load>) -> String {
        let labels = format!("model_name=\"{}\"", model.replace(['"', '\\', '\n'], "_"));
        let mut out = String::new();
        let load = load.unwrap_or(Load {
            running: 0,
            waiting: 0,
            kv_usage: 0.0,
        });
        let gauge = |out: &mut String, name: &str, help: &str, value: f64| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge");
            let _ = writeln!(out, "{name}{{{labels}}} {value}");
        };
        gauge(
            &mut out,
            "vllm:num_requests_running",
            "Requests holding a slot.",
            load.running as f64,
        );
        gauge(
            &mut out,
            "vllm:num_requests_waiting",
            "Requests accepted and waiting for a slot.",
            load.waiting as f64,
        );
        gauge(
            &mut out,
            "vllm:kv_cache_usage_perc",
            "Fraction of the KV cache positions (all slots) in use; 1 is full.",
            load.kv_usage,
        );
        let counters: [(&str, &str, &Counter); 5] = [
            (
                "vllm:prompt_tokens_total",
                "Prompt tokens of accepted requests (each choice counts its own).",
                &self.prompt_tokens,
            ),
            (
                "vllm:generation_tokens_total",
                "Generated tokens.",
                &self.generation_tokens,
            ),
            (
                "vllm:prefix_cache_queries_total",
                "Prompt tokens looked up in the prefix cache.",
                &self.prefix_cache_queries,
            ),
            (
                "vllm:prefix_cache_hits_total",
                "Prompt tokens found in the prefix cache.",
                &self.prefix_cache_hits,
            ),
            (
                "serve:rejected_queue_full_total",
                "Requests answered 429 because the queue was full.",
                &self.rejected_queue_full,
            ),
        ];
        for (name, help, counter) in counters {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter");
            let _ = writeln!(out, "{name}{{{labels}}} {}", counter.get());
        }
        let name = "vllm:request_success_total";
        let _ = writeln!(out, "# HELP {name} Finished requests by finish reason.");
        let _ = writeln!(out, "# TYPE {name} counter");
        for (reason, counter) in [
            ("stop", &self.finished_stop),
            ("length", &self.finished_length),
            ("abort", &self.finished_abort),
        ] {
            let _ = writeln!(
                out,
                "{name}{{{labels},finished_reason=\"{reason}\"}} {}",
                counter.get()
            );
        }
        for (name, help, histogram) in [
            (
                "vllm:time_to_first_token_seconds",
                "Time from request arrival to its first token.",
                &self.ttft,
            ),
            (
                "vllm:inter_token_latency_seconds",
                "Time between consecutive tokens of a request.",
                &self.itl,
            ),
        ] {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
            histogram.render(&mut out, name, &labels);
        }
        out
    }
}
