//! Prefill-like blocks on one thread: the exact kernels (f32 FMAs on widened codes) against
//! the 8-bit activation path (quantize, then `vpdpbusd`), at Llama-3.2-1B's gate/up
//! (`[8192, 2048]`) and down (`[2048, 8192]`) shapes, 32, 128 and 512 tokens (a full prefill
//! chunk), Q4_K and Q6_K.
//! Criterion reports multiply-adds per second (elements: out x in x tokens). Two
//! micro-benches give this core's peaks in the same unit: independent 512-bit f32 FMAs (16
//! multiply-adds each) and `vpdpbusd` (64 each), so each kernel's share of its peak reads off
//! one run.
//!
//! Run with `cargo bench -p kernels --bench prefill`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};
use kernels::{GroupedMatmul, TILE_ROWS};

#[allow(dead_code)]
#[path = "../tests/common/mod.rs"]
mod common;
#[allow(dead_code)]
#[path = "../tests/common/grouped.rs"]
mod grouped;
#[allow(dead_code)]
#[path = "../tests/common/q8.rs"]
mod q8;

use common::Rng;
use grouped::{call_entry, entry, grouped, named, Call, Entry, Grouped};

/// Independent accumulators: enough to cover the FMA latency at two per cycle.
const CHAINS: usize = 12;
const PEAK_STEPS: usize = 1 << 16;

/// `PEAK_STEPS` rounds of `CHAINS` independent 512-bit FMAs.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn fma_peak(seed: f32) -> f32 {
    use std::arch::x86_64::*;
    let mut acc = [_mm512_set1_ps(seed); CHAINS];
    let (a, b) = (_mm512_set1_ps(0.999_9), _mm512_set1_ps(1e-6));
    for _ in 0..PEAK_STEPS {
        for v in acc.iter_mut() {
            *v = _mm512_fmadd_ps(*v, a, b);
        }
    }
    let sum = acc
        .iter()
        .fold(_mm512_setzero_ps(), |s, &v| _mm512_add_ps(s, v));
    _mm512_reduce_add_ps(sum)
}

/// `PEAK_STEPS` rounds of `CHAINS` independent 512-bit `vpdpbusd`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vnni")]
fn vnni_peak(seed: i32) -> i32 {
    use std::arch::x86_64::*;
    let mut acc = [_mm512_set1_epi32(seed); CHAINS];
    let (a, b) = (
        _mm512_set1_epi32(0x0102_0304),
        _mm512_set1_epi32(0x01FF_01FF),
    );
    for _ in 0..PEAK_STEPS {
        for v in acc.iter_mut() {
            *v = _mm512_dpbusd_epi32(*v, a, b);
        }
    }
    let sum = acc
        .iter()
        .fold(_mm512_setzero_si512(), |s, &v| _mm512_add_epi32(s, v));
    _mm512_reduce_add_epi32(sum)
}

/// `pick`'s entry of `f` over every workgroup, 16 tiles each: `w · x` for x `[inp, m]` (f32, or quantized
/// for the 8-bit path).
fn workgroups(
    pick: fn(GroupedMatmul) -> Entry,
    f: GroupedMatmul,
    w: &Grouped,
    (out, inp, m): (usize, usize, usize),
    x: &[u8],
    y: &mut [u8],
) {
    let call = Call {
        inp,
        m,
        stored_groups: w.stored_groups,
        per: 16,
        tiles: out / TILE_ROWS,
    };
    for wg in 0..call.tiles.div_ceil(call.per) {
        // SAFETY: x holds what the entry reads for [inp, m], the weight its stored parts, y
        // [out, m] f32.
        unsafe { call_entry(pick(f), [&w.codes, &w.scales, &w.mins], x, y, 0, &call, wg) };
    }
}

fn main() {
    if !kernels::q8_host_supported() {
        eprintln!("skipped: this CPU does not run the 8-bit kernels");
        return;
    }
    let mut c = Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    // The peaks are AVX-512's (the fixed-point kernels' CPUs).
    if kernels::fixed_host_supported() {
        let mut group = c.benchmark_group("peak");
        group.throughput(Throughput::Elements((PEAK_STEPS * CHAINS * 16) as u64));
        // SAFETY: fixed_host_supported() checked AVX-512 F and VNNI.
        group.bench_function("f32_fma", |b| {
            b.iter(|| unsafe { fma_peak(black_box(1.0)) })
        });
        group.throughput(Throughput::Elements((PEAK_STEPS * CHAINS * 64) as u64));
        group.bench_function("vpdpbusd", |b| {
            b.iter(|| unsafe { vnni_peak(black_box(1)) })
        });
        group.finish();
    }

    let mut group = c.benchmark_group("prefill");
    for (out, inp) in [(8192, 2048), (2048, 8192)] {
        for name in ["q4_k", "q6_k"] {
            let f = named(name);
            let mut w = grouped(f, out, inp, 0, &mut Rng(1));
            w.dense = Vec::new();
            for m in [32, 128, 512] {
                let mut rng = Rng(2);
                let x: Vec<f32> = (0..inp * m).map(|_| rng.unit()).collect();
                let xb: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
                let mut y = vec![0u8; out * m * 4];
                group.throughput(Throughput::Elements((out * inp * m) as u64));
                let id = format!("{name}_{out}x{inp}_m{m}");
                group.bench_function(BenchmarkId::new("exact", &id), |b| {
                    b.iter(|| workgroups(entry, f, &w, (out, inp, m), black_box(&xb), &mut y))
                });
                group.bench_function(BenchmarkId::new("q8", &id), |b| {
                    b.iter(|| {
                        // The activations' quantization is part of the 8-bit path's cost.
                        let xq = q8::quantize_kernel(black_box(&x), inp, m, f.q8_block(), f.group);
                        workgroups(q8::entry, f, &w, (out, inp, m), &xq, &mut y)
                    })
                });
            }
        }
    }
    group.finish();
    c.final_summary();
}
