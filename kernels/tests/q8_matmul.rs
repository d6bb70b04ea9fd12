//! The 8-bit activation kernels (`c/q8_matmul.c`) against a scalar reference of the same
//! quantized arithmetic: the quantizer's codes, scales and group sums bit for bit; the
//! product's integer group sums exactly and its f32 chain in the kernel's order, so the
//! outputs are compared bit for bit too; every format, 1-17 tokens (each token-block size and
//! remainder), long rows, partial workgroups, several weights per call. A last check bounds
//! the path's distance from the exact f32 product, so that the reference itself means what
//! the exact kernels mean.

use kernels::{GroupedMatmul, TILE_ROWS};

// Shared with the exact kernels' test and the bench, of which this test uses a part.
#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/grouped.rs"]
mod grouped;
#[path = "common/q8.rs"]
mod q8;

use common::{floats, Rng};
use grouped::{entry_point, formats, grouped, named, ThreeWithMins};

fn supported() -> bool {
    let ok = kernels::q8_host_supported();
    if !ok {
        eprintln!("skipped: this CPU does not run the 8-bit kernels");
    }
    ok
}

/// Activations with a spread of magnitudes in each block; token 0's first `zero` inputs are
/// 0 (an all-zero block: scale 0, codes 0).
fn activations(inp: usize, m: usize, zero: usize, rng: &mut Rng) -> Vec<f32> {
    let mut x: Vec<f32> = (0..inp * m)
        .map(|i| rng.unit() * if (i / m).is_multiple_of(7) { 8.0 } else { 1.0 })
        .collect();
    for k in 0..zero.min(inp) {
        x[k * m] = 0.0;
    }
    x
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|f| f.to_bits()).collect()
}

fn check(format: GroupedMatmul, out: usize, inp: usize, m: usize, per: usize, seed: u64) {
    let mut rng = Rng(seed);
    let padding = if format.maps.groups_per_block() == 1 {
        3
    } else {
        0
    };
    let w = grouped(format, out, inp, padding, &mut rng);
    let (block, group) = (format.q8_block(), format.group);
    let x = activations(inp, m, block, &mut rng);
    let xq = q8::quantize_kernel(&x, inp, m, block, group);
    let want = q8::quantize(&x, inp, m, block, group);
    let got = q8::unpack(&xq, inp, m, block, group);
    assert_eq!(got.codes, want.codes, "{format:?} M={m}: codes");
    assert_eq!(
        bits(&got.scales),
        bits(&want.scales),
        "{format:?} M={m}: scales"
    );
    assert_eq!(got.sums, want.sums, "{format:?} M={m}: sums");
    let y = q8::run(format, &w, &xq, inp, m, out, per);
    let reference = q8::reference(format, &w, &want, inp, m, out);
    for (i, (a, b)) in y.iter().zip(&reference).enumerate() {
        assert_eq!(
            a.to_bits(),
            b.to_bits(),
            "{format:?} [{out}x{inp}] M={m} per={per}: row {} token {}: {a} vs {b}",
            i / m,
            i % m
        );
    }
}

#[test]
fn every_format_matches_the_reference() {
    if !supported() {
        return;
    }
    for (i, format) in formats().enumerate() {
        let unit = format
            .q8_block()
            .max(format.group * format.maps.groups_per_block());
        let short = (4 * format.group).max(unit);
        for m in 1..=17 {
            check(format, 48, short, m, 2, 17 + i as u64 * 100 + m as u64);
        }
        // 7 tiles in workgroups of 3: partial workgroups; rows of several chunks of 1024.
        check(format, 112, 2560, 9, 3, 5 + i as u64);
    }
}

/// Qwen2.5's 8960 and Llama-3.1-8B's 14336 inputs: many chunks, the last one partial.
#[test]
fn long_rows_match_the_reference() {
    if !supported() {
        return;
    }
    for (i, format) in formats().enumerate() {
        for (inp, m) in [(8960, 1), (14336, 3), (8960, 17)] {
            check(format, 32, inp, m, 2, 300 + i as u64 * 10 + m as u64);
        }
    }
}

/// What the path computes, independently of the reference's formula: the dequantized weights
/// times the dequantized activations (`d * q` per block), to f32 rounding, for every format;
/// and its distance from the exact product stays small (4096-input rows, 1% of the sum of
/// magnitudes) but is not zero (the activations were quantized).
#[test]
fn the_path_multiplies_dequantized_activations() {
    if !supported() {
        return;
    }
    let (out, inp, m) = (32, 4096, 5);
    for (i, format) in formats().enumerate() {
        let mut rng = Rng(4242 + i as u64);
        let w = grouped(format, out, inp, 0, &mut rng);
        let x = activations(inp, m, 0, &mut rng);
        let (block, group) = (format.q8_block(), format.group);
        let xq = q8::quantize_kernel(&x, inp, m, block, group);
        let q = q8::quantize(&x, inp, m, block, group);
        let y = q8::run(format, &w, &xq, inp, m, out, 2);
        let (mut worst_exact, mut worst_dequantized) = (0f64, 0f64);
        for r in 0..out {
            for t in 0..m {
                let row = &w.dense[r * inp..(r + 1) * inp];
                let dx = |k: usize| {
                    f64::from(q.scales[t * (inp / block) + k / block])
                        * f64::from(q.codes[t * inp + k])
                };
                let dequantized: f64 = (0..inp).map(|k| f64::from(row[k]) * dx(k)).sum();
                let terms = (0..inp).map(|k| f64::from(row[k]) * f64::from(x[k * m + t]));
                let exact: f64 = terms.clone().sum();
                let magnitude: f64 = terms.map(f64::abs).sum();
                let got = f64::from(y[r * m + t]);
                worst_dequantized = worst_dequantized.max((got - dequantized).abs() / magnitude);
                worst_exact = worst_exact.max((got - exact).abs() / magnitude);
            }
        }
        assert!(
            worst_dequantized < 2e-6,
            "{format:?}: {worst_dequantized} from the dequantized product"
        );
        assert!(
            worst_exact < 1e-2 && worst_exact > 1e-5,
            "{format:?}: {worst_exact} from the exact product"
        );
    }
}

/// Three weights in one call give each weight's own product (q, k and v of Q4_K).
#[test]
fn several_weights_in_one_call_equal_one_call_each() {
    if !supported() {
        return;
    }
    let (inp, per, m) = (512, 2, 11);
    let q4_k = named("q4_k");
    let mut rng = Rng(7);
    let x = activations(inp, m, 0, &mut rng);
    let xq = q8::quantize_kernel(&x, inp, m, q4_k.q8_block(), q4_k.group);
    let outs = [96, 32, 48];
    let ws: Vec<_> = outs
        .iter()
        .map(|&o| grouped(q4_k, o, inp, 0, &mut rng))
        .collect();
    let mut ys: Vec<Vec<u8>> = outs.iter().map(|&o| vec![0u8; o * m * 4]).collect();
    let tiles: Vec<usize> = outs.iter().map(|o| o / TILE_ROWS).collect();
    let workgroups: usize = tiles.iter().map(|t| t.div_ceil(per)).sum();
    let symbol = q4_k.q8_symbol_for(3).expect("a kernel format");
    // SAFETY: the three-weight 8-bit entry of a format with mins takes exactly these arguments.
    let three = unsafe {
        std::mem::transmute::<unsafe extern "C" fn(), ThreeWithMins>(entry_point(&symbol))
    };
    for wg in 0..workgroups {
        let [y0, y1, y2] = &mut ys[..] else {
            unreachable!()
        };
        // SAFETY: every buffer holds what the kernel reads or writes for its weight.
        unsafe {
            three(
                xq.as_ptr(),
                0,
                ws[0].codes.as_ptr(),
                0,
                ws[0].scales.as_ptr(),
                0,
                ws[0].mins.as_ptr(),
                0,
                ws[1].codes.as_ptr(),
                0,
                ws[1].scales.as_ptr(),
                0,
                ws[1].mins.as_ptr(),
                0,
                ws[2].codes.as_ptr(),
                0,
                ws[2].scales.as_ptr(),
                0,
                ws[2].mins.as_ptr(),
                0,
                y0.as_mut_ptr(),
                0,
                y1.as_mut_ptr(),
                0,
                y2.as_mut_ptr(),
                0,
                inp,
                m,
                ws[0].stored_groups,
                per,
                tiles[0],
                tiles[1],
                tiles[2],
                wg,
            );
        }
    }
    for (i, w) in ws.iter().enumerate() {
        let alone = q8::run(q4_k, w, &xq, inp, m, outs[i], per);
        assert_eq!(bits(&floats(&ys[i])), bits(&alone), "weight {i}");
    }
}
