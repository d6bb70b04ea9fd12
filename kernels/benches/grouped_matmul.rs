//! One token through the grouped product from memory, per stored format: eight `[4096, 2048]`
//! weights (Llama-3.2-1B's gate/up shape; 8 x 8M weights, beyond the caches) multiplied in
//! turn on one thread, as a decode step runs them. Criterion reports bytes per second of the
//! stored weight (codes and maps); the baseline in the same run is a plain stream over the
//! same bytes, so each format's share of the stream rate reads off one run. `fixed` is the
//! fixed-point one-token kernel of a 4-bit format (`c/fixed_matvec.c`), where the CPU has it. The compact forms
//! (`Maps::SuperBlock*`, `Maps::E8M0`, 5- and 6-bit codes, table codes) keep the file's bits;
//! the others are the widened group forms.
//!
//! Run with `cargo bench -p kernels --bench grouped_matmul`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use kernels::{GroupedMatmul, TILE_ROWS};

// The tests' helpers, of which the bench uses a part.
#[allow(dead_code)]
#[path = "../tests/common/mod.rs"]
mod common;
#[allow(dead_code)]
#[path = "../tests/common/grouped.rs"]
mod grouped;

use common::Rng;
use grouped::{call_entry, entry, fixed_entry, grouped, named, Call, Entry, Grouped};

const OUT: usize = 4096;
const INP: usize = 2048;
const WEIGHTS: usize = 8;

/// Which entry of a format a measurement calls.
type Pick = fn(GroupedMatmul) -> Entry;

/// `w · x` for one token through `pick`'s kernel, every workgroup in turn (the whole weight
/// on this thread).
fn product(
    pick: fn(GroupedMatmul) -> Entry,
    format: GroupedMatmul,
    w: &Grouped,
    x: &[u8],
    y: &mut [u8],
) {
    let call = Call {
        inp: INP,
        m: 1,
        stored_groups: w.stored_groups,
        per: 64,
        tiles: OUT / TILE_ROWS,
    };
    for wg in 0..call.tiles.div_ceil(call.per) {
        // SAFETY: x holds [INP, 1] f32, the weight its stored parts, y [OUT, 1] f32.
        unsafe {
            call_entry(
                pick(format),
                [&w.codes, &w.scales, &w.mins],
                x,
                y,
                0,
                &call,
                wg,
            )
        };
    }
}

/// Sums every stored byte as 64-bit words: the rate memory streams at on this thread.
fn stream(weights: &[Grouped]) -> u64 {
    let mut sum = 0u64;
    for w in weights {
        for part in [&w.codes, &w.scales, &w.mins] {
            // SAFETY: every bit pattern is a valid u64; the unaligned ends are left out.
            let (_, words, _) = unsafe { part.align_to::<u64>() };
            sum = words.iter().fold(sum, |s, &v| s.wrapping_add(v));
        }
    }
    sum
}

fn main() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels (x86-64-v4 needed)");
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("grouped_matmul_one_token");
    let x: Vec<u8> = (0..INP)
        .flat_map(|i| ((i % 13) as f32 * 0.01).to_le_bytes())
        .collect();
    let mut y = vec![0u8; OUT * 4];
    let names = [
        "q4_k",
        "q5_k",
        "q6_k",
        "q4_k_widened",
        "q6_k_widened",
        "q4_0",
        "q8_0",
        "mxfp4",
        "iq4_nl",
        "iq4_xs",
        "q2_k",
        "q2_k_widened",
        "q3_k",
    ];
    for name in names {
        let f = named(name);
        let weights: Vec<Grouped> = (0..WEIGHTS)
            .map(|i| {
                let mut w = grouped(f, OUT, INP, 0, &mut Rng(1 + i as u64));
                w.dense = Vec::new();
                w
            })
            .collect();
        let bytes: usize = weights
            .iter()
            .map(|w| w.codes.len() + w.scales.len() + w.mins.len())
            .sum();
        group.throughput(Throughput::Bytes(bytes as u64));
        let mut kernels: Vec<(&str, Pick)> = vec![("kernel", entry)];
        if kernels::q8_host_supported() && f.fixed_symbol_for(1).is_some() {
            kernels.push(("fixed", fixed_entry));
        }
        for (label, pick) in kernels {
            group.bench_function(BenchmarkId::new(label, name), |b| {
                b.iter(|| {
                    for w in &weights {
                        product(pick, f, w, black_box(&x), &mut y);
                    }
                })
            });
        }
        group.bench_function(BenchmarkId::new("stream", name), |b| {
            b.iter(|| stream(black_box(&weights)))
        });
    }
    group.finish();
    c.final_summary();
}
