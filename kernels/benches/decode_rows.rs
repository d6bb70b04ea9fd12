//! A decode step's rows through the exact kernels on one thread: 1 to 8 tokens times
//! `[4096, 2048]` weights (Llama-3.2-1B's gate/up shape), per stored format, through the f32
//! kernel and the fixed-point one, the latter on `vpdpbusd` and, where the CPU has it, on the
//! matrix unit (AMX, `kernels::fixed_tiles`). Every token's bits are the same through both
//! fixed-point paths; a family that is fast at one row and at eight is what lets a decode step
//! keep one family for every row count (`--decode-kernels`) at no cost.
//!
//! The weights (two drawn, copied to `DECODE_ROWS_BYTES`, 64 MiB unless set) are read in
//! alternating rounds, each kernel at each token count in turn; the table gives the medians
//! in microseconds per weight and each path's time against the f32 kernel's in the same
//! rounds.
//!
//! Run with `cargo bench -p kernels --bench decode_rows` (a name after `--` picks formats).

use std::hint::black_box;
use std::time::Instant;

use kernels::{GroupedMatmul, TILE_ROWS};

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
const TOTAL_BYTES: usize = 64 << 20;
const ROUNDS: usize = 9;
const TOKENS: [usize; 4] = [1, 2, 4, 8];

struct Stored {
    codes: Vec<u8>,
    scales: Vec<u8>,
    mins: Vec<u8>,
    stored_groups: usize,
}

/// `w · x` for `m` tokens through `pick`'s kernel, every workgroup in turn.
fn product(
    pick: fn(GroupedMatmul) -> Entry,
    f: GroupedMatmul,
    w: &Stored,
    x: &[u8],
    m: usize,
    y: &mut [u8],
) {
    let call = Call {
        inp: INP,
        m,
        stored_groups: w.stored_groups,
        per: 64,
        tiles: OUT / TILE_ROWS,
    };
    for wg in 0..call.tiles.div_ceil(call.per) {
        // SAFETY: x holds [INP, m] f32, the weight its stored parts, y [OUT, m] f32.
        unsafe { call_entry(pick(f), [&w.codes, &w.scales, &w.mins], x, y, 0, &call, wg) };
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

/// One measured path: a label, the entry, and whether the fixed-point products use the unit.
struct Path {
    label: &'static str,
    pick: fn(GroupedMatmul) -> Entry,
    tiles: bool,
}

fn main() {
    if !kernels::fixed_host_supported() {
        eprintln!("skipped: this CPU lacks the fixed-point kernels' instructions");
        return;
    }
    let filter = std::env::args().skip(1).rfind(|a| !a.starts_with('-'));
    let total: usize = std::env::var("DECODE_ROWS_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(TOTAL_BYTES);
    let unit = kernels::fixed_tiles(true);
    let mut paths = vec![
        Path {
            label: "f32",
            pick: entry,
            tiles: false,
        },
        Path {
            label: "fixed vpdpbusd",
            pick: fixed_entry,
            tiles: false,
        },
    ];
    if unit {
        paths.push(Path {
            label: "fixed AMX",
            pick: fixed_entry,
            tiles: true,
        });
    }
    let mut rng = Rng(5);
    let x: Vec<u8> = (0..INP * TOKENS[TOKENS.len() - 1])
        .flat_map(|_| rng.unit().to_le_bytes())
        .collect();
    let mut y = vec![0u8; OUT * TOKENS[TOKENS.len() - 1] * 4];
    println!(
        "[{OUT}x{INP}] weights, one thread, {ROUNDS} alternating rounds, load {}; matrix unit: {}",
        load(),
        if unit { "yes" } else { "no" }
    );
    for name in [
        "q4_k", "q5_k", "q6_k", "q4_0", "q4_1", "q8_0", "iq4_xs", "q3_k", "q2_k", "mxfp4",
    ] {
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        let f = named(name);
        let drawn: Vec<Stored> = (0..2)
            .map(|i| {
                let w: Grouped = grouped(f, OUT, INP, 0, &mut Rng(1 + i as u64));
                Stored {
                    codes: w.codes,
                    scales: w.scales,
                    mins: w.mins,
                    stored_groups: w.stored_groups,
                }
            })
            .collect();
        let bytes = drawn[0].codes.len() + drawn[0].scales.len() + drawn[0].mins.len();
        let count = total.div_ceil(bytes).max(2);
        // times[path][tokens]
        let mut times = vec![vec![Vec::new(); TOKENS.len()]; paths.len()];
        for round in 0..=ROUNDS {
            for (t, &m) in TOKENS.iter().enumerate() {
                for (p, path) in paths.iter().enumerate() {
                    kernels::fixed_tiles(path.tiles);
                    let start = Instant::now();
                    for i in 0..count {
                        product(path.pick, f, &drawn[i % 2], black_box(&x), m, &mut y);
                    }
                    let us = start.elapsed().as_secs_f64() * 1e6 / count as f64;
                    if round > 0 {
                        times[p][t].push(us);
                    }
                }
            }
        }
        kernels::fixed_tiles(true);
        let mut line = format!("{name:>7}:");
        for (t, &m) in TOKENS.iter().enumerate() {
            line += &format!("  M={m}");
            for (p, path) in paths.iter().enumerate() {
                let ratio = median(
                    times[p][t]
                        .iter()
                        .zip(&times[0][t])
                        .map(|(a, b)| a / b)
                        .collect(),
                );
                line += &format!(" {} {:.0} us", path.label, median(times[p][t].clone()));
                if p > 0 {
                    line += &format!(" ({ratio:.2}x)");
                }
            }
        }
        println!("{line}");
    }
}
