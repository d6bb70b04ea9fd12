//! Host sampler speed against candle-transformers' `LogitsProcessor`.
//!
//! One thread, V = 128256, B = 8 rows of N(0,1)*3 logits, temperature 0.8.
//! First a table of per-row times for both samplers, measured in interleaved
//! blocks so that both see the same machine load, with the speed-ups and the
//! per-row targets; then the same cases as criterion benchmarks (their times
//! are per batch of `B` rows).
//!
//! Run with `cargo bench -p bench --features peers --bench sampler`; pass `-- --table-only`
//! to skip the criterion part, and set `SAMPLER_BENCH_ISA=avx2` (or
//! `scalar`) to measure a narrower instruction set than the CPU's best.

use std::hint::black_box;
use std::time::{Duration, Instant};

use candle_core::{Device, Tensor};
use candle_transformers::generation::{LogitsProcessor, Sampling};
use criterion::Criterion;
use sampler::{Isa, Request, SampleParams, Sampler, SplitMix64};

const V: usize = 128_256;
const B: usize = 8;
const TEMPERATURE: f32 = 0.8;
/// Interleaved blocks per mode, and batches of `B` rows timed per block.
const BLOCKS: usize = 8;
const OUR_ROUNDS: usize = 40;
const CANDLE_ROUNDS: usize = 5;

struct Mode {
    name: &'static str,
    params: SampleParams,
    /// candle's equivalent, if it has one.
    candle: Option<Sampling>,
    /// Per-row budget for our sampler, in microseconds.
    target_us: f64,
    /// Required speed-up over candle, where one is set.
    min_ratio: Option<f64>,
}

fn modes() -> Vec<Mode> {
    let t = TEMPERATURE;
    let tf = t as f64;
    let with = |f: &dyn Fn(&mut SampleParams)| {
        let mut p = SampleParams {
            temperature: t,
            seed: 42,
            ..SampleParams::default()
        };
        f(&mut p);
        p
    };
    vec![
        Mode {
            name: "greedy",
            params: SampleParams::greedy(),
            candle: Some(Sampling::ArgMax),
            target_us: 20.0,
            min_ratio: None,
        },
        Mode {
            name: "temperature",
            params: with(&|_| {}),
            candle: Some(Sampling::All { temperature: tf }),
            target_us: 75.0,
            min_ratio: Some(10.0),
        },
        Mode {
            name: "top-k 40",
            params: with(&|p| p.top_k = 40),
            candle: Some(Sampling::TopK {
                k: 40,
                temperature: tf,
            }),
            target_us: 30.0,
            min_ratio: None,
        },
        Mode {
            name: "min-p 0.05",
            params: with(&|p| p.min_p = 0.05),
            candle: None,
            target_us: 30.0,
            min_ratio: None,
        },
        Mode {
            name: "top-p 0.9",
            params: with(&|p| p.top_p = 0.9),
            candle: Some(Sampling::TopP {
                p: 0.9,
                temperature: tf,
            }),
            target_us: 120.0,
            min_ratio: Some(40.0),
        },
        Mode {
            name: "top-k 40 -> top-p 0.9",
            params: with(&|p| {
                p.top_k = 40;
                p.top_p = 0.9;
            }),
            candle: Some(Sampling::TopKThenTopP {
                k: 40,
                p: 0.9,
                temperature: tf,
            }),
            target_us: 30.0,
            min_ratio: None,
        },
    ]
}

/// `B` rows of N(0, 1) * 3 logits (Box-Muller over SplitMix64).
fn logits() -> Vec<f32> {
    let mut g = SplitMix64::new(0x5eed);
    let mut out = Vec::with_capacity(B * V);
    while out.len() < B * V {
        let r = (-2.0 * (1.0 - g.next_f64()).ln()).sqrt();
        let a = std::f64::consts::TAU * g.next_f64();
        out.push((3.0 * r * a.cos()) as f32);
        out.push((3.0 * r * a.sin()) as f32);
    }
    out.truncate(B * V);
    out
}

/// Our sampler on the whole batch; `step` varies the draws between calls.
fn run_ours(
    s: &mut Sampler,
    logits: &mut [f32],
    params: &SampleParams,
    step: u64,
    out: &mut Vec<Result<sampler::Sample, sampler::SampleError>>,
) {
    let reqs: [Request<'_>; B] =
        std::array::from_fn(|i| Request::new(params).step(step * B as u64 + i as u64));
    s.sample_batch(logits, V, &reqs, out)
        .expect("well-formed batch");
    for r in out.iter() {
        black_box(r.as_ref().expect("row samples").token);
    }
}

/// candle on the same rows, one `sample` call per row as its API works.
fn run_candle(lp: &mut LogitsProcessor, rows: &[Tensor]) {
    for row in rows {
        black_box(lp.sample(row).expect("candle samples"));
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Per-row microseconds over the measured rounds.
struct Timing {
    median: f64,
    best: f64,
}

fn table(sampler: &mut Sampler, logits: &mut [f32], rows: &[Tensor]) {
    println!();
    println!("sampler vs candle-transformers LogitsProcessor: 1 thread, V = {V}, B = {B} rows of N(0,1)*3, T = {TEMPERATURE}");
    println!(
        "kernels: {:?}; per-row microseconds, median (best) over {BLOCKS} interleaved blocks of {OUR_ROUNDS} (ours) / {CANDLE_ROUNDS} (candle) batches",
        sampler.isa()
    );
    println!("ratio: candle's best over our median");
    println!();
    println!(
        "| {:<22} | {:>16} | {:>18} | {:>8} | {:>8} | {:>9} | {:>6} |",
        "mode", "ours µs/row", "candle µs/row", "ratio", "target", "ratio min", "ok"
    );
    println!(
        "|{:-<24}|{:->18}|{:->20}|{:->10}|{:->10}|{:->11}|{:->8}|",
        "", "", "", "", "", "", ""
    );
    let mut out = Vec::new();
    // Warm both samplers up on every mode first. candle in particular runs
    // markedly faster once its large allocations have been through the
    // allocator a few times (glibc raises its mmap threshold), which is
    // the state a criterion loop measures it in.
    for mode in modes() {
        for step in 0..10 {
            run_ours(sampler, logits, &mode.params, step, &mut out);
        }
        if let Some(sampling) = mode.candle.clone() {
            let mut lp = LogitsProcessor::from_sampling(42, sampling);
            for _ in 0..3 {
                run_candle(&mut lp, rows);
            }
        }
    }
    let mut all_ok = true;
    for mode in modes() {
        let mut lp = mode
            .candle
            .clone()
            .map(|s| LogitsProcessor::from_sampling(42, s));
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        // Alternate blocks of rounds: both samplers see the same machine
        // load, while each keeps the caches (and candle its allocator) warm
        // within its own block, as a criterion loop would; the first batch
        // of each block only warms up.
        let mut step = 0u64;
        for _ in 0..BLOCKS {
            for round in 0..=OUR_ROUNDS {
                step += 1;
                let t = Instant::now();
                run_ours(sampler, logits, &mode.params, step, &mut out);
                if round > 0 {
                    ours.push(t.elapsed().as_secs_f64() * 1e6 / B as f64);
                }
            }
            if let Some(lp) = lp.as_mut() {
                for round in 0..=CANDLE_ROUNDS {
                    let t = Instant::now();
                    run_candle(lp, rows);
                    if round > 0 {
                        theirs.push(t.elapsed().as_secs_f64() * 1e6 / B as f64);
                    }
                }
            }
        }
        let ours = Timing {
            best: ours.iter().cloned().fold(f64::INFINITY, f64::min),
            median: median(&mut ours),
        };
        let theirs = (!theirs.is_empty()).then(|| Timing {
            best: theirs.iter().cloned().fold(f64::INFINITY, f64::min),
            median: median(&mut theirs),
        });
        // Conservative: candle's best batch against our median one. candle's
        // times swing with the allocator's state (its large per-call
        // allocations), and this keeps that swing in its favour.
        let ratio = theirs.as_ref().map(|c| c.best / ours.median);
        let ok = ours.median <= mode.target_us
            && mode
                .min_ratio
                .is_none_or(|min| ratio.is_some_and(|r| r >= min));
        all_ok &= ok;
        println!(
            "| {:<22} | {:>16} | {:>18} | {:>8} | {:>8} | {:>9} | {:>6} |",
            mode.name,
            format!("{:.1} ({:.1})", ours.median, ours.best),
            theirs.map_or("n/a".into(), |c| format!("{:.1} ({:.1})", c.median, c.best)),
            ratio.map_or("n/a".into(), |r| format!("{r:.1}x")),
            format!("≤ {:.0}", mode.target_us),
            mode.min_ratio.map_or("".into(), |r| format!("≥ {r:.0}x")),
            if ok { "yes" } else { "NO" },
        );
    }
    println!();
    println!("all targets met: {}", if all_ok { "yes" } else { "NO" });
    println!();
}

fn criterion_benches(
    c: &mut Criterion,
    sampler: &mut Sampler,
    logits: &mut [f32],
    rows: &[Tensor],
) {
    let mut out = Vec::new();
    for mode in modes() {
        let mut group = c.benchmark_group(format!("sampler/{}", mode.name));
        group.throughput(criterion::Throughput::Elements(B as u64));
        let mut step = 0u64;
        group.bench_function("ours", |b| {
            b.iter(|| {
                step += 1;
                run_ours(sampler, logits, &mode.params, step, &mut out)
            })
        });
        if let Some(sampling) = mode.candle.clone() {
            let mut lp = LogitsProcessor::from_sampling(42, sampling);
            group.bench_function("candle", |b| b.iter(|| run_candle(&mut lp, rows)));
        }
        group.finish();
    }
}

fn main() {
    // Both samplers on one thread: ours by switch, candle's CPU kernels
    // through the rayon pool size it reads at start-up.
    std::env::set_var("RAYON_NUM_THREADS", "1");
    // SAMPLER_BENCH_ISA=avx2 (or scalar) measures a narrower instruction set
    // than this CPU's best.
    let isa = match std::env::var("SAMPLER_BENCH_ISA").as_deref() {
        Ok("avx2") => Isa::Avx2,
        Ok("scalar") => Isa::Scalar,
        _ => Isa::detect(),
    };
    let mut sampler =
        Sampler::with_isa(isa).expect("this CPU supports the instruction set asked for");
    sampler.set_parallel(false);
    let mut logits = logits();
    let rows: Vec<Tensor> = logits
        .chunks(V)
        .map(|r| Tensor::from_slice(r, V, &Device::Cpu).expect("tensor"))
        .collect();
    table(&mut sampler, &mut logits, &rows);
    if std::env::args().any(|a| a == "--table-only") {
        return;
    }
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    criterion_benches(&mut c, &mut sampler, &mut logits, &rows);
    c.final_summary();
}
