//! The decode attention kernel from memory, at SmolLM2-135M's shapes: 30 layers of f16
//! caches (`[9, 3, 64, 2048]` keys and `[9, 2048, 3, 64]` values each, 425 MB in all, far
//! beyond the caches), B=8 rows at 128 and at 1000 positions, one thread, as one decode step
//! runs them. The baseline in the same run is a plain stream over the same number of bytes;
//! criterion reports both as bytes per second (K and V bytes the step must read), so the
//! kernel's share of the stream rate and the 1000-over-128 time ratio read off one run.
//!
//! Run with `cargo bench -p kernels --bench decode_attention`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use kernels::KvType;

#[allow(dead_code)]
#[path = "../tests/common/attention.rs"]
mod attention;

const LAYERS: usize = 30;
const ROWS: usize = 8;
const HEADS: usize = 9;
const KV_HEADS: usize = 3;
const DIM: usize = 64;
const CAPACITY: usize = 2048;

/// One layer's f16 caches, filled with small values (every bit pattern a normal number).
struct Layer {
    keys: Vec<u16>,
    values: Vec<u16>,
}

fn layers() -> Vec<Layer> {
    let len = (ROWS + 1) * KV_HEADS * DIM * CAPACITY;
    let fill = |seed: usize| -> Vec<u16> {
        (0..len)
            .map(|i| 0x3000 | ((i.wrapping_mul(2_654_435_761) ^ seed) & 0x3FF) as u16)
            .collect()
    };
    (0..LAYERS)
        .map(|l| Layer {
            keys: fill(2 * l),
            values: fill(2 * l + 1),
        })
        .collect()
}

/// Every layer's attention for rows at positions `context..context + ROWS`.
fn step(layers: &[Layer], context: usize, out: &mut [f32]) {
    let entry = attention::entry(KvType::F16);
    let q: Vec<f32> = (0..HEADS * DIM * ROWS)
        .map(|i| (i % 7) as f32 * 0.1)
        .collect();
    let pos: Vec<i32> = (0..ROWS as i32).map(|b| context as i32 + b).collect();
    let window = if context + ROWS <= 1024 {
        1024
    } else {
        CAPACITY
    };
    let scale = (1.0f32 / (DIM as f32).sqrt()).to_bits() as usize;
    for layer in layers {
        for wg in 0..ROWS * KV_HEADS {
            // SAFETY: q, both caches, pos and out hold the shapes the arguments give, at
            // offset 0; the kernel writes only `out`.
            unsafe {
                entry(
                    q.as_ptr().cast(),
                    0,
                    layer.keys.as_ptr().cast(),
                    0,
                    layer.values.as_ptr().cast(),
                    0,
                    pos.as_ptr().cast(),
                    0,
                    out.as_mut_ptr().cast(),
                    0,
                    ROWS,
                    HEADS,
                    KV_HEADS,
                    DIM,
                    CAPACITY,
                    window,
                    1,
                    scale,
                    wg,
                );
            }
        }
    }
}

/// K and V bytes a step at `context` reads (each row reads its live positions).
fn step_bytes(context: usize) -> u64 {
    let positions: usize = (0..ROWS).map(|b| context + b + 1).sum();
    (LAYERS * positions * KV_HEADS * DIM * 2 * 2) as u64
}

/// Sums `bytes` of the caches in order, as 64-bit words: the rate memory streams at on this
/// thread.
fn stream(layers: &[Layer], bytes: u64) -> u64 {
    let mut left = (bytes / 2) as usize;
    let mut sum = 0u64;
    for layer in layers {
        for half in [&layer.keys, &layer.values] {
            let n = left.min(half.len());
            // SAFETY: every bit pattern is a valid u64; the unaligned ends are left out.
            let (_, words, _) = unsafe { half[..n].align_to::<u64>() };
            sum = words.iter().fold(sum, |s, &w| s.wrapping_add(w));
            left -= n;
        }
    }
    sum
}

fn main() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels (x86-64-v4 needed)");
        return;
    }
    let layers = layers();
    let mut out = vec![0f32; HEADS * DIM * ROWS];
    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("decode_attention_f16_step");
    for context in [128usize, 1000] {
        let bytes = step_bytes(context);
        group.throughput(Throughput::Bytes(bytes));
        group.bench_function(BenchmarkId::new("kernel", context), |b| {
            b.iter(|| step(&layers, black_box(context), &mut out))
        });
        group.bench_function(BenchmarkId::new("stream", context), |b| {
            b.iter(|| stream(&layers, black_box(bytes)))
        });
    }
    group.finish();
    c.final_summary();
}
