//! Timed runs of the graphs: prefill throughput and decode steps per batch
//! size, sampled on the host (logits read back) or on the device.

use std::time::Instant;

use emitter::Head;
use engine::batch::GraphRunner;
use engine::device_sampling::{SampleRows, SamplingMode};
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};
use engine::runtime::Runtime;
use sampler::{Request, Sample, SampleParams, Sampler};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct PrefillResult {
    pub tokens: usize,
    /// The longest chunk the prompt was cut into.
    pub chunk: usize,
    pub seconds: f64,
    pub tokens_per_second: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct DecodeResult {
    pub batch: usize,
    /// "host" or "device".
    pub sampling: &'static str,
    pub context: usize,
    /// The median call: a step's latency when each step is called after the one before is
    /// read; with steps queued ahead (fenced functions, device sampling) calls alternate
    /// between waiting and finding their step done, and the mean is the step's time.
    pub step_ms: f64,
    pub step_ms_mean: f64,
    pub step_ms_min: f64,
    /// Rows over the mean step.
    pub tokens_per_second: f64,
    /// The decode call alone (median): the graph and reading its results back, without the
    /// host sampler.
    pub forward_ms: f64,
    pub sample_ms: f64,
    pub sample_share: f64,
    pub bytes_read_back: usize,
}

fn prompt(len: usize, salt: usize, vocab: usize) -> Vec<i32> {
    (0..len)
        .map(|i| ((i * 7919 + salt * 104729 + 17) % (vocab - 2) + 1) as i32)
        .collect()
}

/// Writes `ids` into `slot` from position 0 in the chunks the engine cuts a prompt into
/// (`GraphRunner::chunk_len`: the largest bucket the rest fills, else the smallest that holds
/// it), each returning the last token's logits into `logits`; returns the longest chunk. A
/// prompt shorter than the largest bucket was timed padded to it before, which is not what
/// `generate` or `serve` run: 64 tokens took as long as 128.
fn fill(graphs: &mut Graphs, slot: usize, ids: &[i32], logits: &mut [f32]) -> usize {
    let (mut start, mut longest) = (0, 0);
    while start < ids.len() {
        let len = graphs.chunk_len(start, ids.len() - start);
        let chunk = &ids[start..start + len];
        graphs
            .prefill(slot, start, chunk, PrefillOut::Logits(logits))
            .expect("prefill");
        start += len;
        longest = longest.max(len);
    }
    longest
}

/// Collects the device profile of what `run` does when `profile` is given (see
/// [`Runtime::profiler`]).
fn profiled<T>(profile: Option<&Runtime>, run: impl FnOnce() -> T) -> T {
    let switch = |on| {
        if let Some(runtime) = profile {
            runtime.profiler(on).expect("profiler");
        }
    };
    switch(true);
    let out = run();
    switch(false);
    out
}

/// Prefills `tokens` into slot 0 in the engine's chunks (`fill`); with `profile`, the
/// device profile of the last round is collected.
pub fn prefill(
    graphs: &mut Graphs,
    tokens: usize,
    rounds: usize,
    profile: Option<&Runtime>,
) -> PrefillResult {
    let vocab = graphs.vocab();
    let mut chunk = 0;
    let ids = prompt(tokens, 0, vocab);
    let mut logits = vec![0f32; vocab];
    let mut best = f64::INFINITY;
    for round in 0..rounds {
        let started = Instant::now();
        chunk = profiled(profile.filter(|_| round + 1 == rounds), || {
            fill(graphs, 0, &ids, &mut logits)
        });
        best = best.min(started.elapsed().as_secs_f64());
    }
    PrefillResult {
        tokens,
        chunk,
        seconds: best,
        tokens_per_second: tokens as f64 / best,
    }
}

/// `steps` decode steps of `batch` rows whose sequences sit at `context`
/// tokens, each sampling every row (temperature 0.8, top-p 0.95) on the host
/// or in the graph, which feeds the next step. With `profile`, the device profile of the
/// first timed step is collected.
pub fn decode(
    graphs: &mut Graphs,
    batch: usize,
    context: usize,
    steps: usize,
    mode: SamplingMode,
    profile: Option<&Runtime>,
) -> DecodeResult {
    let vocab = graphs.vocab();
    let mut logits = vec![0f32; vocab];
    for slot in 0..batch {
        fill(graphs, slot, &prompt(context, slot, vocab), &mut logits);
    }
    let params = SampleParams {
        temperature: 0.8,
        top_p: 0.95,
        seed: 7,
        ..SampleParams::default()
    };
    let mut sampler = Sampler::new();
    let mut sample = Sample::default();
    let mut out = DecodeOutput::default();
    let mut tokens: Vec<i32> = (0..batch).map(|b| (b * 31 + 5) as i32).collect();
    let mut step_times = Vec::with_capacity(steps);
    let mut forward_times = Vec::with_capacity(steps);
    let mut sample_time = 0f64;
    let mut rows = 0;
    let mut staged = SampleRows::default();
    let head = match mode {
        SamplingMode::Host => Head::Logits,
        SamplingMode::Device => Head::Sample,
    };
    // The first steps warm caches and page in weights; they are not timed.
    let warmup = 2;
    for step in 0..steps + warmup {
        let pos: Vec<i32> = (0..batch).map(|_| (context + step) as i32).collect();
        staged.clear();
        for _ in 0..batch {
            staged.push(&params, step as u64);
        }
        // Each step feeds the next its draws, one position on: the graphs may queue it now.
        let look_ahead = step + 1 < steps + warmup;
        let started = Instant::now();
        rows = profiled(profile.filter(|_| step == warmup), || {
            graphs.decode(head, &tokens, &pos, Some(&mut staged), look_ahead, &mut out)
        })
        .expect("decode");
        let decoded = started.elapsed().as_secs_f64();
        let sampled = Instant::now();
        for (b, token) in tokens.iter_mut().enumerate() {
            if mode == SamplingMode::Device {
                *token = out.ids[b];
                continue;
            }
            let request = Request::new(&params).step(step as u64);
            sampler
                .sample_into(
                    &mut out.logits[b * vocab..(b + 1) * vocab],
                    &request,
                    &mut sample,
                )
                .expect("sample");
            *token = sample.token as i32;
        }
        let sampling = sampled.elapsed().as_secs_f64();
        if step >= warmup {
            step_times.push(decoded + sampling);
            forward_times.push(decoded);
            sample_time += sampling;
        }
    }
    step_times.sort_by(f64::total_cmp);
    forward_times.sort_by(f64::total_cmp);
    let median = step_times[step_times.len() / 2];
    let mean = step_times.iter().sum::<f64>() / step_times.len() as f64;
    let sample_ms = sample_time / steps as f64 * 1e3;
    let read_back_per_row = match mode {
        SamplingMode::Host => vocab * 4,
        SamplingMode::Device => 8,
    };
    DecodeResult {
        batch,
        sampling: if mode == SamplingMode::Host {
            "host"
        } else {
            "device"
        },
        context,
        step_ms: median * 1e3,
        step_ms_mean: mean * 1e3,
        step_ms_min: step_times[0] * 1e3,
        tokens_per_second: batch as f64 / mean,
        forward_ms: forward_times[forward_times.len() / 2] * 1e3,
        sample_ms,
        sample_share: sample_ms / (median * 1e3),
        bytes_read_back: rows * read_back_per_row,
    }
}

/// `rounds` of (bandwidth, B=1 decode step): each round times 6 decode steps between two
/// bandwidth measurements and pairs the median step with the mean of the two, so both
/// numbers of a pair see the same load on a shared machine.
pub fn paired_b1(
    graphs: &mut Graphs,
    context: usize,
    rounds: usize,
    mut bandwidth: impl FnMut() -> f64,
) -> Vec<(f64, f64)> {
    let vocab = graphs.vocab();
    let mut logits = vec![0f32; vocab];
    fill(graphs, 0, &prompt(context, 0, vocab), &mut logits);
    let mut out = DecodeOutput::default();
    let mut pairs = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let before = bandwidth();
        let mut steps = Vec::with_capacity(6);
        for step in 0..6 {
            // Rewrites the same position each step: the cost does not depend on the token.
            let started = Instant::now();
            graphs
                .decode(
                    Head::Logits,
                    &[step * 31 + 5],
                    &[context as i32],
                    None,
                    false,
                    &mut out,
                )
                .expect("decode");
            steps.push(started.elapsed().as_secs_f64());
        }
        let after = bandwidth();
        steps.sort_by(f64::total_cmp);
        pairs.push(((before + after) / 2.0, steps[steps.len() / 2] * 1e3));
    }
    pairs
}
