//! The C kernels against a scalar reference: every group format, token counts that exercise
//! each block size (8, 4, 2, 1) and their remainders, tile counts that leave partial blocks,
//! padding groups, and workgroups splitting the tiles.

use kernels::{GroupedMatmul, TILE_ROWS};

mod common;
#[path = "common/grouped.rs"]
mod grouped;

use common::{floats, Rng};
use grouped::{
    entry, entry_point, fixed_entry, fixed_shared_input, formats, grouped, named, run, run_entry,
    run_shared, short_row, Entry, Grouped, ThreeWithMins,
};

fn check(format: GroupedMatmul, out: usize, inp: usize, m: usize, per: usize, seed: u64) {
    check_entry(entry, format, out, inp, m, per, seed, Rng::unit);
}

/// `pick`'s kernel for `format` against the f64 product of the dequantized weights, with
/// inputs drawn by `draw`.
#[allow(clippy::too_many_arguments)]
fn check_entry(
    pick: fn(GroupedMatmul) -> Entry,
    format: GroupedMatmul,
    out: usize,
    inp: usize,
    m: usize,
    per: usize,
    seed: u64,
    draw: fn(&mut Rng) -> f32,
) {
    let mut rng = Rng(seed);
    // Padding groups where the maps are per group; super-block maps come in whole blocks.
    let padding = if format.maps.groups_per_block() == 1 {
        3
    } else {
        0
    };
    let w = grouped(format, out, inp, padding, &mut rng);
    let x: Vec<f32> = (0..inp * m).map(|_| draw(&mut rng)).collect();
    let y = run_entry(pick, format, &w, &x, inp, m, out, per);
    for row in 0..out {
        for t in 0..m {
            let exact: f64 = (0..inp)
                .map(|k| w.dense[row * inp + k] as f64 * x[k * m + t] as f64)
                .sum();
            let magnitude: f64 = (0..inp)
                .map(|k| (w.dense[row * inp + k] as f64 * x[k * m + t] as f64).abs())
                .sum();
            let got = y[row * m + t] as f64;
            // f32 sums in another order: a few ulps of the sum of magnitudes.
            assert!(
                (got - exact).abs() <= 1e-6 * magnitude + 1e-30,
                "{format:?} [{out}x{inp}] M={m} per={per}: row {row} token {t}: {got} vs {exact}"
            );
        }
    }
}

#[test]
fn every_format_matches_the_reference() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    for (i, format) in formats().enumerate() {
        let unit = format.group * format.maps.groups_per_block();
        let short = short_row(format);
        for m in [1, 2, 3, 4, 5, 7, 8, 9, 17] {
            check(format, 112, short, m, 4, 17 + i as u64 * 100 + m as u64);
        }
        // 7 tiles in workgroups of 3: a block of 2 and a remainder; wide rows.
        let wide = if unit > 1 { 768 } else { 576 };
        check(format, 112, wide, 1, 3, 5 + i as u64);
        check(format, 48, 1536, 2, 1, 9 + i as u64);
        // Prefill: a remainder of every pass size (12, 8, 4, 2, 1) after whole passes, over
        // rows of several input blocks; then more tokens than the tiles-innermost kernel
        // takes (512), over several spans of the tile-by-tile one.
        let rest = 12 + 8 + 4 + 2 + 1;
        check(format, 32, 1536, 128 + rest, 2, 40 + i as u64);
        check(format, 32, 512, 512 + rest, 2, 60 + i as u64);
    }
}

/// Rows longer than one chunk of group sums (512 groups): Qwen2.5's 8960 and Llama-3.1-8B's
/// 14336 inputs, each token-block size and the many-token path.
#[test]
fn long_rows_match_the_reference() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    for (i, format) in formats().enumerate() {
        for (inp, m) in [(8960, 1), (14336, 2), (8960, 5), (14336, 8), (8960, 17)] {
            check(format, 32, inp, m, 2, 300 + i as u64 * 10 + m as u64);
        }
    }
}

/// Inputs over 24 binary orders of magnitude, signed, with the occasional exact zero: a
/// block's largest input far above most of the others, as activation outliers are.
fn spread(rng: &mut Rng) -> f32 {
    let unit = rng.unit();
    if rng.next().is_multiple_of(17) {
        return 0.0;
    }
    unit * 2f32.powi((rng.next() % 24) as i32 - 12)
}

/// The formats with a fixed-point kernel, where this CPU runs them.
fn fixed_formats() -> Option<Vec<GroupedMatmul>> {
    if !kernels::fixed_host_supported() {
        eprintln!("skipped: this CPU lacks the VNNI/VBMI instructions the fixed-point kernels use");
        return None;
    }
    Some(
        formats()
            .filter(|f| f.fixed_symbol_for(1).is_some())
            .collect(),
    )
}

/// The fixed-point kernels (`c/fixed_matvec.c`): every format narrower than a byte and Q8_0,
/// at one token and at several (each pass size and a remainder), short, wide and long rows
/// (several chunks of the fixed-point buffer at every pass size), with uniform inputs and
/// inputs spread over many magnitudes, to the f32 kernels' tolerance.
#[test]
fn fixed_point_kernels_match_the_reference() {
    let Some(fixed) = fixed_formats() else { return };
    let narrow = formats().filter(|f| f.code.bits() < 8).count();
    assert_eq!(
        fixed.len(),
        narrow + 1,
        "every code narrower than a byte, and Q8_0"
    );
    for (i, format) in fixed.into_iter().enumerate() {
        let unit = format.group * format.maps.groups_per_block();
        let short = short_row(format);
        let seed = 900 + i as u64 * 10;
        for m in [1, 2, 3, 8, 9, 17] {
            check_entry(
                fixed_entry,
                format,
                112,
                short,
                m,
                4,
                seed + m as u64,
                Rng::unit,
            );
        }
        let wide = if unit > 1 { 768 } else { 576 };
        check_entry(fixed_entry, format, 112, wide, 1, 3, seed + 4, Rng::unit);
        check_entry(fixed_entry, format, 48, wide, 1, 64, seed + 5, spread);
        for inp in [8960, 14336] {
            check_entry(fixed_entry, format, 32, inp, 1, 2, seed + 6, spread);
        }
        for m in [3, 8] {
            check_entry(fixed_entry, format, 32, 8960, m, 2, seed + 7, spread);
        }
    }
}

/// `pick`'s entry for `format` (`out` rows) over each `(inputs, tokens)` case: every token's
/// outputs from the product of all are bit for bit those it gets alone. With `nan`, the
/// 8-token case has a NaN in token 5's inputs: it must change nothing for the others, and that
/// token's NaN outputs must be NaN alone too.
fn check_alone_and_together(
    pick: fn(GroupedMatmul) -> Entry,
    format: GroupedMatmul,
    out: usize,
    cases: &[(usize, usize)],
    nan: bool,
    rng: &mut Rng,
) {
    for &(inp, m) in cases {
        let w = grouped(format, out, inp, 0, rng);
        let mut x: Vec<f32> = (0..inp * m).map(|_| spread(rng)).collect();
        if nan && m == 8 {
            x[(inp / 2) * m + 5] = f32::NAN;
        }
        let together = run_entry(pick, format, &w, &x, inp, m, out, 2);
        for t in 0..m {
            let column: Vec<f32> = (0..inp).map(|k| x[k * m + t]).collect();
            let has_nan = column.iter().any(|v| v.is_nan());
            let alone = run_entry(pick, format, &w, &column, inp, 1, out, 2);
            for row in 0..out {
                let (a, b) = (together[row * m + t], alone[row]);
                assert!(
                    a.to_bits() == b.to_bits() || (has_nan && a.is_nan() && b.is_nan()),
                    "{format:?} [{out}x{inp}] M={m}: row {row} token {t}: {a} together, {b} alone"
                );
            }
        }
    }
}

/// Through the f32 entries (CPUs without the fixed-point ones), each token's outputs at up to
/// 15 tokens (the small-batch path, not the dequantized blocks from 16 on) are bit for bit
/// those it gets alone.
#[test]
fn f32_tokens_get_the_same_bits_alone_and_together() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    for (i, format) in formats().enumerate() {
        let short = short_row(format);
        let cases = [(short, 2), (short, 3), (short, 8), (5120, 7), (short, 15)];
        check_alone_and_together(entry, format, 80, &cases, false, &mut Rng(3000 + i as u64));
    }
}

/// The f32 family's order of operations, written out: each row's products summed in two
/// chains (the even inputs of a group and the odd ones, `fma` in input order), the chains added,
/// the sum scaled once (`fma` into the row's total), then the min times the group's input sum
/// (summed in input order). The kernel's one-token and small-batch paths must give these bits:
/// they are what makes a token's numbers the same alone and in a batch, and the same on the
/// AVX-512 and AVX2 objects however each widens its codes.
fn ordered_product(
    format: GroupedMatmul,
    w: &Grouped,
    x: &[f32],
    inp: usize,
    m: usize,
    out: usize,
) -> Vec<f32> {
    let group = format.group;
    let groups = inp / group;
    let mut y = vec![0f32; out * m];
    for row in 0..out {
        for t in 0..m {
            let mut total = 0f32;
            for g in 0..groups {
                let mut chains = [0f32; 2];
                let mut sum = 0f32;
                for k in g * group..(g + 1) * group {
                    let xk = x[k * m + t];
                    chains[k % 2] = (w.q[row * inp + k] as f32).mul_add(xk, chains[k % 2]);
                    sum += xk;
                }
                total = (chains[0] + chains[1]).mul_add(w.scale[row * groups + g], total);
                if format.min {
                    total = w.min[row * groups + g].mul_add(sum, total);
                }
            }
            y[row * m + t] = total;
        }
    }
    y
}

/// Every format's f32 entry at 1 to 15 tokens (and over rows of several chunks of group sums)
/// gives [`ordered_product`]'s bits.
#[test]
fn f32_kernels_sum_in_the_documented_order() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    for (i, format) in formats().enumerate() {
        let short = short_row(format);
        let mut rng = Rng(4000 + i as u64);
        for (inp, m) in [
            (short, 1),
            (short, 2),
            (short, 3),
            (short, 8),
            (short, 15),
            (8960, 1),
            (14336, 2),
        ] {
            let w = grouped(format, 48, inp, 0, &mut rng);
            let x: Vec<f32> = (0..inp * m).map(|_| spread(&mut rng)).collect();
            let got = run(format, &w, &x, inp, m, 48, 2);
            let want = ordered_product(format, &w, &x, inp, m, 48);
            for (j, (a, b)) in got.iter().zip(&want).enumerate() {
                assert!(
                    a.to_bits() == b.to_bits(),
                    "{format:?} [48x{inp}] M={m}: row {} token {}: {a} from the kernel, {b} in order",
                    j / m,
                    j % m
                );
            }
        }
    }
}

/// The paths of the fixed-point products of several tokens to test (`kernels::fixed_tiles`):
/// `vpdpbusd`, then the matrix unit where this CPU and OS have it.
fn tile_paths() -> Vec<bool> {
    if kernels::fixed_tiles(true) {
        vec![false, true]
    } else {
        eprintln!("the matrix unit's path skipped: this CPU or OS has no AMX for it");
        vec![false]
    }
}

/// Through the fixed-point entries, each token's outputs from the product of several are bit
/// for bit those it gets alone, at every token count a decode step has (and a remainder past
/// 8), over rows of one chunk and of several. A token whose inputs hold a NaN changes nothing
/// for the others, and gets what it gets alone. Several tokens run on `vpdpbusd`, then on the
/// matrix unit where this CPU has it (`kernels::fixed_tiles`; one token always takes
/// `vpdpbusd`), so this also checks the two paths against each other.
#[test]
fn fixed_point_tokens_get_the_same_bits_alone_and_together() {
    let Some(fixed) = fixed_formats() else { return };
    for tiles in tile_paths() {
        kernels::fixed_tiles(tiles);
        for (i, format) in fixed.iter().enumerate() {
            let short = short_row(*format);
            let cases = [
                (short, 2),
                (short, 3),
                (short, 4),
                (short, 5),
                (short, 8),
                (5120, 7),
                (short, 9),
            ];
            check_alone_and_together(
                fixed_entry,
                *format,
                48,
                &cases,
                true,
                &mut Rng(2000 + i as u64),
            );
        }
    }
    kernels::fixed_tiles(true);
}

/// Through a step's shared buffer (`llm_fixed_quantize`, then `llm_fixed_rows_<stem>`), every
/// token's outputs are bit for bit what the fixed-point entry gives it alone, at every row
/// count a decode step has, on `vpdpbusd` and on the matrix unit where this CPU has it, with a
/// token holding a NaN or an infinity among them (which takes the f32 kernel's outputs).
#[test]
fn fixed_point_tokens_from_the_shared_buffer_get_the_bits_they_get_alone() {
    let Some(fixed) = fixed_formats() else { return };
    for tiles in tile_paths() {
        kernels::fixed_tiles(tiles);
        for (i, format) in fixed.iter().enumerate() {
            let format = *format;
            let mut rng = Rng(4000 + i as u64);
            let short = short_row(format);
            for (inp, m) in [
                (short, 1),
                (short, 2),
                (short, 3),
                (short, 4),
                (short, 8),
                (5120, 6),
                (short, 11),
            ] {
                let w = grouped(format, 48, inp, 0, &mut rng);
                let mut x: Vec<f32> = (0..inp * m).map(|_| spread(&mut rng)).collect();
                if m == 8 {
                    x[(inp / 3) * m + 2] = f32::NAN;
                    x[(inp / 2) * m + 6] = f32::INFINITY;
                }
                let together = run_shared(format, &w, &x, inp, m, 48, 2);
                for t in 0..m {
                    let column: Vec<f32> = (0..inp).map(|k| x[k * m + t]).collect();
                    let alone = run_entry(fixed_entry, format, &w, &column, inp, 1, 48, 2);
                    for row in 0..48 {
                        let (a, b) = (together[row * m + t], alone[row]);
                        assert!(
                            a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                            "{format:?} [48x{inp}] M={m} tiles {tiles}: row {row} token {t}: {a} shared, {b} alone"
                        );
                    }
                }
            }
        }
    }
    kernels::fixed_tiles(true);
}

/// `llm_fixed_quantize`'s buffer holds what `kernels::fixed_activation_bytes` and
/// `fx_shared_of` say: x as given; per token and block of 32 a power-of-two unit u with the
/// block's largest magnitude in [2^29 u, 2^30 u) (u at least 2^-126); each input as the four
/// signed limbs of N = round(x / u) (ties to even); the pairs' sums (l0 + 2^8 l1, l2 + 2^8
/// l3) and the min weights f32(sum N) u per 16 and 32 inputs; a finite flag per token.
#[test]
fn the_shared_buffer_holds_each_input_as_its_limbs() {
    if !kernels::fixed_host_supported() {
        eprintln!("skipped: this CPU lacks the VNNI/VBMI instructions the fixed-point kernels use");
        return;
    }
    let mut rng = Rng(31);
    for (k, m) in [(576, 1), (576, 3), (2048, 8), (1536, 5)] {
        let mut x: Vec<f32> = (0..k * m).map(|_| spread(&mut rng)).collect();
        // A block of zeros, one of tiny inputs, and a token that is not finite.
        for i in 0..32 {
            x[i * m] = 0.0;
            x[(32 + i) * m] = rng.unit() * 1e-38;
        }
        let bad = m - 1;
        if m > 1 {
            x[(k / 2) * m + bad] = f32::NAN;
        }
        let buffer = fixed_shared_input(&x, k, m);
        let blocks = k / 32;
        let row = (buffer.len() - 4 * k * m - blocks * m * 40 - 4 * m) / (4 * m);
        assert!(row >= k, "limb rows of {row} bytes for {k} inputs");
        let f32_at = |at: usize| f32::from_le_bytes(buffer[at..at + 4].try_into().unwrap());
        let i32_at = |at: usize| i32::from_le_bytes(buffer[at..at + 4].try_into().unwrap());
        let (limbs, unit) = (4 * k * m, 4 * k * m + 4 * row * m);
        let (weight32, weight16) = (unit + 4 * m * blocks, unit + 8 * m * blocks);
        let (pairs32, pairs16) = (unit + 16 * m * blocks, unit + 24 * m * blocks);
        let finite = unit + 40 * m * blocks;
        for (i, v) in x.iter().enumerate() {
            assert_eq!(f32_at(4 * i).to_bits(), v.to_bits(), "x[{i}] copied");
        }
        for t in 0..m {
            let all_finite = (0..k).all(|i| x[i * m + t].is_finite());
            assert_eq!(
                i32_at(finite + 4 * t),
                i32::from(all_finite),
                "token {t}'s flag"
            );
            if !all_finite {
                continue;
            }
            for b in 0..blocks {
                let inputs: Vec<f32> = (0..32).map(|i| x[(32 * b + i) * m + t]).collect();
                let amax = inputs.iter().fold(0f32, |a, v| a.max(v.abs()));
                let e = ((amax.to_bits() >> 23) as i32 - 126).max(-96);
                let u = f32_at(unit + 4 * (t * blocks + b));
                assert_eq!(u, 2f32.powi(e - 30), "token {t} block {b}'s unit");
                let mut n_sums = [0i64; 2];
                let mut pair_sums = [[0i32; 2]; 2];
                for (i, &v) in inputs.iter().enumerate() {
                    let n = (f64::from(v) / f64::from(u)).round_ties_even() as i64;
                    assert!(n.abs() < 1 << 30);
                    let at = limbs + 4 * row * t + 32 * b + i;
                    let l: Vec<i64> = (0..4)
                        .map(|j| i64::from(buffer[at + j * row] as i8))
                        .collect();
                    assert_eq!(
                        l[0] + (l[1] << 8) + (l[2] << 16) + (l[3] << 24),
                        n,
                        "token {t} input {}",
                        32 * b + i
                    );
                    assert!(l[3].abs() <= 65);
                    n_sums[i / 16] += n;
                    pair_sums[i / 16][0] += (l[0] + (l[1] << 8)) as i32;
                    pair_sums[i / 16][1] += (l[2] + (l[3] << 8)) as i32;
                }
                for h in 0..2 {
                    let half = 2 * (t * blocks + b) + h;
                    assert_eq!(f32_at(weight16 + 4 * half), n_sums[h] as f32 * u);
                    for (p, &sum) in pair_sums[h].iter().enumerate() {
                        assert_eq!(i32_at(pairs16 + 8 * half + 4 * p), sum);
                    }
                }
                let block = t * blocks + b;
                assert_eq!(
                    f32_at(weight32 + 4 * block),
                    (n_sums[0] + n_sums[1]) as f32 * u
                );
                for (p, (a, b)) in pair_sums[0].iter().zip(pair_sums[1]).enumerate() {
                    assert_eq!(i32_at(pairs32 + 8 * block + 4 * p), a + b);
                }
            }
        }
    }
}

/// An activation the integers cannot hold (NaN, an infinity) sends the call to the f32
/// kernel: the same outputs, NaN where it is, bit for bit.
#[test]
fn fixed_point_kernels_pass_non_finite_inputs_to_the_f32_kernel() {
    let Some(fixed) = fixed_formats() else { return };
    for (i, format) in fixed.into_iter().enumerate() {
        let inp = short_row(format);
        let mut rng = Rng(70 + i as u64);
        let w = grouped(format, 32, inp, 0, &mut rng);
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let mut x: Vec<f32> = (0..inp).map(|_| rng.unit()).collect();
            x[inp / 3] = bad;
            let exact = run_entry(entry, format, &w, &x, inp, 1, 32, 2);
            let fixed = run_entry(fixed_entry, format, &w, &x, inp, 1, 32, 2);
            let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&fixed), bits(&exact), "{format:?} with {bad} in x");
        }
    }
}

/// Every entry point a row of `kernels::FORMATS` names is one the tests' index resolves (the
/// index is made from `c/formats.h`, so the two lists agree here as in the object).
#[test]
fn every_format_has_its_entries() {
    for format in formats() {
        let names = (1..=kernels::MAX_WEIGHTS)
            .flat_map(|n| {
                [
                    format.symbol_for(n),
                    format.fixed_symbol_for(n),
                    format.q8_symbol_for(n),
                ]
            })
            .chain([format.gather_symbol()])
            .flatten();
        let isa = kernels::Isa::host();
        for name in names {
            // The AVX2 object has no fixed-point family.
            let fixed = name.starts_with("llm_fixed_");
            if isa == Some(kernels::Isa::Avx2) && fixed {
                assert!(
                    kernels::linked_entry(&name).is_none(),
                    "{name} in the AVX2 object"
                );
                continue;
            }
            entry_point(&name);
        }
    }
}

/// `llm_grouped_matmul_i8_g32_f16_x2`: two weights without mins.
type TwoWithoutMins = unsafe extern "C" fn(
    x: *const u8,
    xo: usize,
    c0: *const u8,
    co0: usize,
    s0: *const u8,
    so0: usize,
    c1: *const u8,
    co1: usize,
    s1: *const u8,
    so1: usize,
    y0: *mut u8,
    yo0: usize,
    y1: *mut u8,
    yo1: usize,
    k: usize,
    m: usize,
    g: usize,
    per: usize,
    t0: usize,
    t1: usize,
    wg: usize,
);

/// Several weights in one call give each weight's own product, whichever workgroup computes it.
#[test]
fn several_weights_in_one_call_equal_one_call_each() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    let (inp, per) = (576, 4);
    for m in [1, 3, 8, 20] {
        let mut rng = Rng(99 + m as u64);
        let x: Vec<f32> = (0..inp * m).map(|_| rng.unit()).collect();
        let xb: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
        // q, k, v shapes: 36, 12 and 12 tiles of 16 rows are what SmolLM2 has; smaller here.
        let outs = [112, 48, 32];
        let q4_1 = named("q4_1");
        let ws: Vec<Grouped> = outs
            .iter()
            .map(|&o| grouped(q4_1, o, inp, 2, &mut rng))
            .collect();
        let mut ys: Vec<Vec<u8>> = outs.iter().map(|&o| vec![0u8; o * m * 4]).collect();
        let tiles: Vec<usize> = outs.iter().map(|o| o / TILE_ROWS).collect();
        let workgroups: usize = tiles.iter().map(|t| t.div_ceil(per)).sum();
        for wg in 0..workgroups {
            let [y0, y1, y2] = &mut ys[..] else {
                unreachable!()
            };
            // SAFETY: every buffer holds what the kernel reads or writes for its weight.
            // SAFETY: the entry takes exactly these arguments (`EXPORTS_MIN_1` in c/grouped.h).
            let x3 = unsafe {
                std::mem::transmute::<unsafe extern "C" fn(), ThreeWithMins>(entry_point(
                    "llm_grouped_matmul_u4_g32_f16_min_x3",
                ))
            };
            unsafe {
                x3(
                    xb.as_ptr(),
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
            let alone = run(q4_1, w, &x, inp, m, outs[i], per);
            assert_eq!(floats(&ys[i]), alone, "weight {i} at M={m}");
        }

        let q8_0 = named("q8_0");
        let ws: Vec<Grouped> = [64, 16]
            .iter()
            .map(|&o| grouped(q8_0, o, inp, 0, &mut rng))
            .collect();
        let mut y0 = vec![0u8; 64 * m * 4];
        let mut y1 = vec![0u8; 16 * m * 4];
        for wg in 0..2 {
            // SAFETY: the entry takes exactly these arguments (`EXPORTS_MIN_0` in c/grouped.h);
            // per = 4 tiles puts each weight in one workgroup.
            let x2 = unsafe {
                std::mem::transmute::<unsafe extern "C" fn(), TwoWithoutMins>(entry_point(
                    "llm_grouped_matmul_i8_g32_f16_x2",
                ))
            };
            unsafe {
                x2(
                    xb.as_ptr(),
                    0,
                    ws[0].codes.as_ptr(),
                    0,
                    ws[0].scales.as_ptr(),
                    0,
                    ws[1].codes.as_ptr(),
                    0,
                    ws[1].scales.as_ptr(),
                    0,
                    y0.as_mut_ptr(),
                    0,
                    y1.as_mut_ptr(),
                    0,
                    inp,
                    m,
                    ws[0].stored_groups,
                    4,
                    4,
                    1,
                    wg,
                );
            }
        }
        assert_eq!(
            floats(&y0),
            run(q8_0, &ws[0], &x, inp, m, 64, 4),
            "q8_0 weight 0 at M={m}"
        );
        assert_eq!(
            floats(&y1),
            run(q8_0, &ws[1], &x, inp, m, 16, 4),
            "q8_0 weight 1 at M={m}"
        );
    }
}

type GatherWithMins = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *mut u8,
    usize,
    usize,
    usize,
    usize,
    usize,
);
type GatherWithoutMins = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *mut u8,
    usize,
    usize,
    usize,
    usize,
    usize,
);

/// Gathered rows are the table's dequantized rows exactly, in every format; tokens outside it
/// read the nearest row.
#[test]
fn gathered_rows_equal_the_dequantized_table() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    let (vocab, e) = (64, 768);
    let tokens: Vec<i32> = vec![0, 17, 63, 5, -3, 64, 1000];
    let clamped: Vec<usize> = tokens.iter().map(|&t| t.clamp(0, 63) as usize).collect();
    let tb: Vec<u8> = tokens.iter().flat_map(|t| t.to_le_bytes()).collect();
    for (i, format) in formats().enumerate() {
        let gather = entry_point(&format.gather_symbol().expect("a kernel format"));
        let w = grouped(format, vocab, e, 0, &mut Rng(77 + i as u64));
        let mut y = vec![0u8; tokens.len() * e * 4];
        for wg in 0..tokens.len() {
            // SAFETY: tokens [7] i32, the table's parts for [64, 768], y [7, 768] f32; a
            // gather entry takes these arguments (`GATHER_MIN_1`/`_0` in c/grouped_matmul.c).
            unsafe {
                if format.min {
                    let gather =
                        std::mem::transmute::<unsafe extern "C" fn(), GatherWithMins>(gather);
                    gather(
                        tb.as_ptr(),
                        0,
                        w.codes.as_ptr(),
                        0,
                        w.scales.as_ptr(),
                        0,
                        w.mins.as_ptr(),
                        0,
                        y.as_mut_ptr(),
                        0,
                        e,
                        vocab,
                        w.stored_groups,
                        wg,
                    )
                } else {
                    let gather =
                        std::mem::transmute::<unsafe extern "C" fn(), GatherWithoutMins>(gather);
                    gather(
                        tb.as_ptr(),
                        0,
                        w.codes.as_ptr(),
                        0,
                        w.scales.as_ptr(),
                        0,
                        y.as_mut_ptr(),
                        0,
                        e,
                        vocab,
                        w.stored_groups,
                        wg,
                    )
                }
            }
        }
        let y = floats(&y);
        for (m, &row) in clamped.iter().enumerate() {
            let want = &w.dense[row * e..(row + 1) * e];
            let got = &y[m * e..(m + 1) * e];
            let same = want
                .iter()
                .zip(got)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(same, "{format:?}: token {} (row {row})", tokens[m]);
        }
    }
}
