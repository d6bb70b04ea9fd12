//! A mixture's expert products on one thread, as a step runs them: Qwen3-30B-A3B's gate/up
//! (`[768, 2048]`) and down (`[2048, 768]`) stacks of 128 experts, each token choosing 8
//! distinct experts, Q4_K and Q6_K. Decode-sized calls (1 and 8 tokens) and prefill chunks
//! (32, 128 and 512 tokens) through each entry: `fixed` (each pair through the fixed-point
//! one-token product) and `f32` (each chosen expert's tiles dequantized a block at a time,
//! then multiplied by 8 pairs at a time), exact; `q8` (`--activations q8`: the activations'
//! quantization, then each pair's 8-bit product, or an expert's tiles unpacked once for the
//! pairs that chose it). Criterion reports multiply-adds per second (elements: pairs x out x
//! in).
//!
//! Run with `cargo bench -p kernels --bench experts` (a name after `--` picks calls, e.g.
//! `m512`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};

#[allow(dead_code)]
#[path = "../tests/common/mod.rs"]
mod common;
#[allow(dead_code)]
#[path = "../tests/common/experts.rs"]
mod experts;
#[allow(dead_code)]
#[path = "../tests/common/grouped.rs"]
mod grouped;
#[allow(dead_code)]
#[path = "../tests/common/q8.rs"]
mod q8;

use common::Rng;
use experts::{call, pad, stack};
use grouped::named;

const EXPERTS: usize = 128;
const PER_TOKEN: usize = 8;

/// ids `[PER_TOKEN, m]`: each token's experts distinct, drawn uniformly.
fn routing(m: usize, rng: &mut Rng) -> Vec<i32> {
    let mut chosen = vec![Vec::new(); m];
    for c in chosen.iter_mut() {
        while c.len() < PER_TOKEN {
            let e = (rng.next() % EXPERTS as u64) as i32;
            if !c.contains(&e) {
                c.push(e);
            }
        }
    }
    (0..PER_TOKEN)
        .flat_map(|s| chosen.iter().map(move |c| c[s]))
        .collect()
}

fn main() {
    if !kernels::q8_host_supported() {
        eprintln!("skipped: this CPU does not run the 8-bit kernels");
        return;
    }
    let mut c = Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut group = c.benchmark_group("experts");
    for (out, inp) in [(768, 2048), (2048, 768)] {
        for name in ["q4_k", "q6_k"] {
            let f = named(name);
            let w = stack(f, EXPERTS, (out, inp), None, false, &mut Rng(1));
            let entries = [
                (
                    "fixed",
                    f.experts_fixed_symbol()
                        .filter(|_| kernels::fixed_host_supported()),
                ),
                ("f32", f.experts_symbol()),
                ("q8", f.experts_q8_symbol()),
            ];
            for m in [1, 8, 32, 128, 512] {
                let mut rng = Rng(2 + m as u64);
                let floats: Vec<f32> = (0..inp * m).map(|_| rng.unit()).collect();
                let x: Vec<u8> = floats.iter().flat_map(|v| v.to_le_bytes()).collect();
                let x = pad(&x);
                let ids: Vec<u8> = routing(m, &mut rng)
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect();
                let ids = pad(&ids);
                let mut y = pad(&vec![0u8; PER_TOKEN * m * out * 4]);
                group.throughput(Throughput::Elements((PER_TOKEN * m * out * inp) as u64));
                let id = format!("{name}_{out}x{inp}_m{m}");
                for (label, symbol) in &entries {
                    let Some(symbol) = symbol else { continue };
                    // A few workgroups per expert, as the graphs dispatch them.
                    let per = (out / kernels::TILE_ROWS).div_ceil(4);
                    group.bench_function(BenchmarkId::new(*label, &id), |b| {
                        b.iter(|| {
                            // The 8-bit path's cost includes the activations' quantization (of
                            // the values as [inp, m]: any do).
                            let xq = (*label == "q8").then(|| {
                                let (block, group) = (f.q8_block(), f.group);
                                pad(&q8::quantize_kernel(&floats, inp, m, block, group))
                            });
                            let input = xq.as_ref().unwrap_or(&x);
                            call(
                                symbol,
                                f,
                                &w,
                                black_box(input),
                                &ids,
                                &mut y,
                                (inp, m, out),
                                per,
                            )
                        })
                    });
                }
            }
        }
    }
    group.finish();
    c.final_summary();
}
