//! One token through the grouped product from memory, per stored format: `[4096, 2048]`
//! weights (Llama-3.2-1B's gate/up shape) multiplied in turn on one thread, as a decode step
//! runs them, as many as make at least `TOTAL_BYTES` (128 MiB, four times a 32 MiB L3, so
//! every format is read from memory). Criterion reports bytes per second of the stored
//! weight (codes and maps); the baseline in the same run is a plain stream over the same
//! bytes. `fixed` is the fixed-point one-token kernel (`c/fixed_matvec.c`), where the format
//! and the CPU have it, `q8` the 8-bit path (`c/q8_matmul.c`, activations quantized before).
//! The compact forms (`Maps::SuperBlock*`, `Maps::E8M0`, 5- and 6-bit codes, table codes)
//! keep the file's bits; the others are the widened group forms.
//!
//! After Criterion's figures, each format's one-token kernels are measured again against the
//! stream in alternating rounds (the machine's load moves all of them alike) and printed as
//! shares of the stream: the rate of a core reading the same bytes from memory, and the
//! figure the one-token kernels aim at.
//!
//! Run with `cargo bench -p kernels --bench grouped_matmul` (a name after `--` picks formats).

use std::hint::black_box;
use std::time::Instant;

use criterion::{BenchmarkId, Criterion, Throughput};
use kernels::{GroupedMatmul, Maps, TILE_ROWS};

// The tests' helpers, of which the bench uses a part.
#[allow(dead_code)]
#[path = "../tests/common/mod.rs"]
mod common;
#[allow(dead_code)]
#[path = "../tests/common/grouped.rs"]
mod grouped;
#[allow(dead_code)]
#[path = "../tests/common/q8.rs"]
mod q8;

mod measure;

use common::Rng;
use grouped::{call_entry, entry, fixed_entry, grouped, named, Call, Entry, Grouped};
use measure::{load, median};

/// Rows of each weight; `GROUPED_BENCH_ROWS` sets another count (a multiple of 16).
const OUT: usize = 4096;
const INP: usize = 2048;
/// The stored bytes one measurement reads, at least: beyond any L3 these machines have.
/// `GROUPED_BENCH_BYTES` sets another amount: 1 keeps the two drawn weights (5-20 MiB), read
/// from a 32 MiB L3, which tells a product bound by its operations from one bound by how it
/// reads memory (on a Zen 3 core the compact forms ran as fast from L3 as from memory: Q4_K
/// 4.9 GiB/s both, Q6_K 4.8 and 4.0).
const TOTAL_BYTES: usize = 128 << 20;

fn total_bytes() -> usize {
    std::env::var("GROUPED_BENCH_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(TOTAL_BYTES)
}

/// With `GROUPED_BENCH_BYTES=1`, `GROUPED_BENCH_ROWS=128` keeps two weights of 128 rows
/// (150-300 KiB) in a core's L2, which tells a product bound by its operations from one
/// bound by memory where the L3 a machine gives one core varies: on a Zen 3 VM the 5-20 MiB
/// weights of `GROUPED_BENCH_BYTES=1` alone streamed at the memory rate in most runs.
fn out_rows() -> usize {
    std::env::var("GROUPED_BENCH_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&rows: &usize| rows > 0 && rows % TILE_ROWS == 0)
        .unwrap_or(OUT)
}

/// Rounds of the paired measurement.
const ROUNDS: usize = 15;

/// One weight as stored, as the kernels read it.
#[derive(Clone)]
struct Stored {
    codes: Vec<u8>,
    scales: Vec<u8>,
    mins: Vec<u8>,
    stored_groups: usize,
}

impl Stored {
    fn bytes(&self) -> usize {
        self.codes.len() + self.scales.len() + self.mins.len()
    }
}

/// Which entry of a format a measurement calls.
type Pick = fn(GroupedMatmul) -> Entry;

/// `w · x` for one token through `pick`'s kernel, every workgroup in turn (the whole weight
/// on this thread). For the 8-bit entry x is the quantized activations.
fn product(
    pick: fn(GroupedMatmul) -> Entry,
    format: GroupedMatmul,
    w: &Stored,
    x: &[u8],
    y: &mut [u8],
) {
    let call = Call {
        inp: INP,
        m: 1,
        stored_groups: w.stored_groups,
        per: 64,
        tiles: y.len() / 4 / TILE_ROWS,
    };
    for wg in 0..call.tiles.div_ceil(call.per) {
        // SAFETY: x holds [INP, 1] f32, the weight its stored parts, y [rows, 1] f32.
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
fn stream(weights: &[Stored]) -> u64 {
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

/// A weight count's worth of `[out_rows(), INP]` weights of format `f` reaching `TOTAL_BYTES`:
/// two drawn, the rest copies of them (the bytes' values do not change how fast they stream).
fn weights(f: GroupedMatmul) -> Vec<Stored> {
    let drawn: Vec<Stored> = (0..2)
        .map(|i| {
            let w: Grouped = grouped(f, out_rows(), INP, 0, &mut Rng(1 + i as u64));
            Stored {
                codes: w.codes,
                scales: as_files_hold(f, w.scales),
                mins: w.mins,
                stored_groups: w.stored_groups,
            }
        })
        .collect();
    let count = total_bytes().div_ceil(drawn[0].bytes()).max(2);
    (0..count).map(|i| drawn[i % 2].clone()).collect()
}

/// The stored maps with the tests' edge cases taken out where a file does not hold them and
/// they change the speed. MXFP4: the tests draw one group in 16 with the subnormal scale of
/// an exponent byte below 2 (weights below 2^-123: in effect a block of zeros), and an Intel
/// core takes a microcode assist for each multiply-add on a subnormal operand. One Xeon core
/// read MXFP4 from memory at 0.37 of the stream through the 8-bit product and 0.50 through
/// the f32 one with them, 1.12 and 0.92 without (the fixed-point product builds its factor in
/// integers: 1.07 and 1.02). Such exponents become one of the drawn ones' (2^-8): 2^-126
/// itself would still make subnormal products.
fn as_files_hold(f: GroupedMatmul, mut scales: Vec<u8>) -> Vec<u8> {
    if f.maps == Maps::E8M0 {
        scales.iter_mut().filter(|e| **e < 2).for_each(|e| *e = 120);
    }
    scales
}

/// Seconds of one pass of `run`.
fn seconds(mut run: impl FnMut()) -> f64 {
    let start = Instant::now();
    run();
    start.elapsed().as_secs_f64()
}

fn main() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels (x86-64-v4 needed)");
        return;
    }
    // A name after `--` (Criterion's filter: an argument that is no flag nor a flag's value)
    // picks the formats whose name contains it.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter: Option<String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| {
            let after_option = i > 0 && args[i - 1].starts_with("--") && args[i - 1] != "--bench";
            !a.starts_with('-') && !after_option
        })
        .map(|(_, a)| a.rsplit('/').next().unwrap_or(a).to_string())
        .next_back();
    let mut c = Criterion::default().configure_from_args();
    let x: Vec<u8> = (0..INP)
        .flat_map(|i| ((i % 13) as f32 * 0.01).to_le_bytes())
        .collect();
    let x_floats: Vec<f32> = common::floats(&x);
    let mut y = vec![0u8; out_rows() * 4];
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
    // Per format, the kernels' rates and their shares of the stream (paired rounds).
    let mut shares: Vec<String> = Vec::new();
    for name in names {
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        let f = named(name);
        let weights = weights(f);
        let bytes: usize = weights.iter().map(Stored::bytes).sum();
        let xq = kernels::q8_host_supported()
            .then(|| q8::quantize_kernel(&x_floats, INP, 1, f.q8_block(), f.group));
        // (label, entry, input): the f32 kernel, the fixed-point one, the 8-bit one.
        let mut kernels: Vec<(&str, Pick, &[u8])> = vec![("kernel", entry, &x)];
        if let Some(xq) = &xq {
            if f.fixed_symbol_for(1).is_some() && kernels::fixed_host_supported() {
                kernels.push(("fixed", fixed_entry, &x));
            }
            kernels.push(("q8", q8::entry, xq));
        }
        let mut group = c.benchmark_group("grouped_matmul_one_token");
        group.throughput(Throughput::Bytes(bytes as u64));
        for &(label, pick, input) in &kernels {
            group.bench_function(BenchmarkId::new(label, name), |b| {
                b.iter(|| {
                    for w in &weights {
                        product(pick, f, w, black_box(input), &mut y);
                    }
                })
            });
        }
        group.bench_function(BenchmarkId::new("stream", name), |b| {
            b.iter(|| stream(black_box(&weights)))
        });
        group.finish();
        // Alternating rounds: each kernel, then the stream.
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); kernels.len() + 1];
        for round in 0..=ROUNDS {
            for (i, &(_, pick, input)) in kernels.iter().enumerate() {
                let t = seconds(|| {
                    for w in &weights {
                        product(pick, f, w, black_box(input), &mut y);
                    }
                });
                if round > 0 {
                    times[i].push(t);
                }
            }
            let t = seconds(|| {
                black_box(stream(black_box(&weights)));
            });
            if round > 0 {
                times[kernels.len()].push(t);
            }
        }
        let gib = bytes as f64 / (1u64 << 30) as f64;
        let stream_s = median(times[kernels.len()].clone());
        let mut line = format!(
            "{name:>13} ({:>3} MiB): stream {:5.1} GiB/s",
            bytes >> 20,
            gib / stream_s
        );
        for (i, &(label, _, _)) in kernels.iter().enumerate() {
            // The share per round (kernel against the stream beside it), then the median.
            let share = median(
                times[i]
                    .iter()
                    .zip(&times[kernels.len()])
                    .map(|(k, s)| s / k)
                    .collect(),
            );
            line += &format!(
                "  {label} {:5.1} GiB/s = {:.2}",
                gib / median(times[i].clone()),
                share
            );
        }
        shares.push(line);
    }
    c.final_summary();
    println!(
        "\none token from memory, one core, against a stream of the same bytes in alternating \
         rounds (median of {ROUNDS}; load {}):",
        load()
    );
    for line in shares {
        println!("{line}");
    }
}
