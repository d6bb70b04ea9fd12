//! A decode step's rows through the exact kernels on one thread: 1 to 8 tokens times
//! `[4096, 2048]` weights (Llama-3.2-1B's gate/up shape) in the emitter's workgroups, per stored
//! format, through the f32 kernel and the fixed-point one: quantizing its inputs in each
//! workgroup (`fixed`), or reading them from the step's shared buffer (quantized once per
//! product, included in the time) on `vpdpbusd` and, where the CPU has it, on the matrix unit
//! (AMX, `kernels::fixed_tiles`). Every token's bits are the same through the fixed-point
//! paths; a family that is fast at one row and at eight is what lets a decode step keep one
//! family for every row count (`--decode-kernels`) at no cost.
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

mod measure;

use common::Rng;
use grouped::{
    call_entry, entry, fixed_entry, fixed_shared_entry, fixed_shared_input, grouped, named, Call,
    Entry, Grouped,
};
use measure::{load, median};

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

/// Tiles per workgroup as the emitter gives a product of `m` tokens (`tiles_per_workgroup`):
/// about 16 workgroups for one or two tokens, 32 for a few.
fn per_workgroup(tiles: usize, m: usize) -> usize {
    match m {
        ..=2 => (tiles.div_ceil(16).div_ceil(4) * 4).clamp(4, 64),
        _ => tiles.div_ceil(32).max(1),
    }
}

/// `w · x` for `m` tokens through `pick`'s kernel, every workgroup in turn; with `shared`, x is
/// first put in fixed point once (`llm_fixed_quantize`), as a decode step does, and the entry
/// reads that.
fn product(
    path: &Path,
    f: GroupedMatmul,
    w: &Stored,
    x: &[f32],
    xb: &[u8],
    m: usize,
    y: &mut [u8],
) {
    let tiles = OUT / TILE_ROWS;
    let call = Call {
        inp: INP,
        m,
        stored_groups: w.stored_groups,
        per: per_workgroup(tiles, m),
        tiles,
    };
    let shared;
    let input: &[u8] = if path.shared {
        shared = fixed_shared_input(&x[..INP * m], INP, m);
        &shared
    } else {
        xb
    };
    for wg in 0..tiles.div_ceil(call.per) {
        // SAFETY: x holds [INP, m] f32 (or its shared buffer), the weight its stored parts, y
        // [OUT, m] f32.
        unsafe {
            call_entry(
                (path.pick)(f),
                [&w.codes, &w.scales, &w.mins],
                input,
                y,
                0,
                &call,
                wg,
            )
        };
    }
}

/// One measured path: a label, the entry, whether the fixed-point products use the unit, and
/// whether the entry reads the step's shared buffer.
struct Path {
    label: &'static str,
    pick: fn(GroupedMatmul) -> Entry,
    tiles: bool,
    shared: bool,
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
            shared: false,
        },
        Path {
            label: "fixed",
            pick: fixed_entry,
            tiles: unit,
            shared: false,
        },
        Path {
            label: "shared vpdpbusd",
            pick: fixed_shared_entry,
            tiles: false,
            shared: true,
        },
    ];
    if unit {
        paths.push(Path {
            label: "shared AMX",
            pick: fixed_shared_entry,
            tiles: true,
            shared: true,
        });
    }
    let mut rng = Rng(5);
    let x: Vec<f32> = (0..INP * TOKENS[TOKENS.len() - 1])
        .map(|_| rng.unit())
        .collect();
    // x as bytes for each token count, [INP, m] from the same floats.
    let xb: Vec<Vec<u8>> = TOKENS
        .iter()
        .map(|&m| x[..INP * m].iter().flat_map(|v| v.to_le_bytes()).collect())
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
                        product(path, f, &drawn[i % 2], black_box(&x), &xb[t], m, &mut y);
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
