//! The experts kernels (`c/experts.c`, the f32 entry and the fixed-point one where the format
//! and CPU have it) against a scalar reference: every block format, 1 to 17 tokens, routing skewed onto one expert and spread over all, an expert every pair chooses
//! and one none does (its maps poisoned with NaN, so reading it would show), pairs choosing
//! no expert, and a token's rows equal bit for bit whatever else a decode step holds. The 8-bit
//! entry against the 8-bit product's scalar reference, bit for bit.

use kernels::GroupedMatmul;

mod common;
#[path = "common/experts.rs"]
mod experts;
// The shared module's weight builder, row lengths and dense entry are used here.
#[allow(dead_code)]
#[path = "common/grouped.rs"]
mod grouped;
#[allow(dead_code)]
#[path = "common/q8.rs"]
mod q8;

use common::{floats, Rng};
use experts::{call, pad, run, stack, OFFSET};
use grouped::{formats, short_row};

const EXPERTS: usize = 6;
/// Never chosen by the routings below; its maps are NaN.
const UNCHOSEN: usize = 5;

/// Each pair's row through the entry `symbol` against the f64 product of its expert's
/// dequantized weight.
#[allow(clippy::too_many_arguments)]
fn check(
    symbol: &str,
    format: GroupedMatmul,
    out: usize,
    inp: usize,
    m: usize,
    routing: Routing,
    seed: u64,
) {
    let mut rng = Rng(seed);
    let w = stack(format, EXPERTS, (out, inp), Some(UNCHOSEN), true, &mut rng);
    let slots = 2;
    let x: Vec<f32> = (0..inp * m).map(|_| rng.unit()).collect();
    let ids: Vec<i32> = (0..slots * m)
        .map(|p| routing.expert(p, &mut rng))
        .collect();
    let y = run(symbol, format, &w, &x, &ids, inp, m, out, 2);
    for (p, &e) in ids.iter().enumerate() {
        let t = p % m;
        for row in 0..out {
            let got = y[p * out + row] as f64;
            let Some(expert) = usize::try_from(e).ok().filter(|&e| e < EXPERTS) else {
                assert_eq!(got, 0.0, "{symbol}: pair {p} chose no expert");
                continue;
            };
            let dense = &w.experts[expert].dense;
            let terms = (0..inp).map(|k| dense[row * inp + k] as f64 * x[t * inp + k] as f64);
            let exact: f64 = terms.clone().sum();
            let magnitude: f64 = terms.map(f64::abs).sum();
            assert!(
                (got - exact).abs() <= 1e-6 * magnitude + 1e-30,
                "{symbol} M={m} {routing:?}: pair {p} (expert {e}) row {row}: {got} vs {exact}"
            );
        }
    }
    // One token alone, with its own choices: the same bits, at a decode step's token counts
    // (below grouped_matmul.c's GEMM_TOKENS, 16, as the dense entries; more tokens are a
    // prefill's, whose products take the many-token order).
    if m >= 16 {
        return;
    }
    // Through the exact entry each pair gets the dense f32 entry's bits for its expert and its
    // token alone: the one-token product (c/experts.c).
    if format.experts_symbol().is_some_and(|exact| exact == symbol) {
        for (p, &e) in ids.iter().enumerate() {
            let Some(expert) = usize::try_from(e).ok().and_then(|e| w.experts.get(e)) else {
                continue;
            };
            let token = &x[(p % m) * inp..][..inp];
            let dense = grouped::run(format, expert, token, inp, 1, out, 2);
            let same = y[p * out..][..out]
                .iter()
                .zip(&dense)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(
                same,
                "{symbol} M={m}: pair {p} differs from the dense one-token entry"
            );
        }
    }
    let t = m / 2;
    let alone_x = x[t * inp..][..inp].to_vec();
    let alone_ids: Vec<i32> = (0..slots).map(|s| ids[s * m + t]).collect();
    let alone = run(symbol, format, &w, &alone_x, &alone_ids, inp, 1, out, 2);
    for s in 0..slots {
        let batched = &y[(s * m + t) * out..][..out];
        let single = &alone[s * out..][..out];
        let same = batched
            .iter()
            .zip(single)
            .all(|(a, b)| a.to_bits() == b.to_bits());
        assert!(
            same,
            "{symbol} M={m}: token {t} slot {s} depends on its batch"
        );
    }
}

#[derive(Debug, Clone, Copy)]
enum Routing {
    /// Every pair chooses expert 1.
    Skewed,
    /// Pairs spread over experts 0..UNCHOSEN, and one pair per step chooses none (-1 or E).
    Spread,
}

impl Routing {
    fn expert(self, p: usize, rng: &mut Rng) -> i32 {
        match self {
            Routing::Skewed => 1,
            Routing::Spread if p == 3 => -1,
            Routing::Spread if p == 4 => EXPERTS as i32,
            Routing::Spread => (rng.next() % UNCHOSEN as u64) as i32,
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
        let exact = format.experts_symbol().expect("an experts entry");
        let fixed = format
            .experts_fixed_symbol()
            .filter(|_| kernels::fixed_host_supported());
        for symbol in [Some(exact), fixed].iter().flatten() {
            let inp = short_row(format);
            for m in [1, 2, 3, 5, 8, 17] {
                for routing in [Routing::Skewed, Routing::Spread] {
                    let seed = 7 + i as u64 * 50 + m as u64;
                    check(symbol, format, 48, inp, m, routing, seed);
                }
            }
            // Rows of several input blocks, and of several fixed-point chunks.
            check(symbol, format, 32, 1536, 4, Routing::Spread, 900 + i as u64);
            check(symbol, format, 32, 8960, 2, Routing::Spread, 950 + i as u64);
        }
    }
}

/// The 8-bit entry: each pair's row is the 8-bit product of its expert and its token's
/// quantized activations, bit for bit the scalar reference of `q8_matmul.c`'s arithmetic,
/// through the one-pair path (an expert few pairs chose) and the unpacked one (many did).
#[test]
fn q8_entry_matches_the_8_bit_reference() {
    if !kernels::q8_host_supported() {
        eprintln!("skipped: this CPU does not run the 8-bit kernels");
        return;
    }
    for (i, format) in formats().enumerate() {
        let symbol = format.experts_q8_symbol().expect("an 8-bit experts entry");
        let unit = format.q8_block();
        let (block, group) = (format.q8_block(), format.group);
        // 130 tokens on one expert: 260 pairs, more than one span of the unpacked path.
        for (inp, m) in [
            (unit, 1),
            (unit, 2),
            (unit, 5),
            (2 * unit, 17),
            (1536, 3),
            (unit, 130),
        ] {
            for routing in [Routing::Skewed, Routing::Spread] {
                let mut rng = Rng(5000 + i as u64 * 31 + m as u64);
                let out = 48;
                let w = stack(format, EXPERTS, (out, inp), Some(UNCHOSEN), false, &mut rng);
                let slots = 2;
                let x: Vec<f32> = (0..inp * m).map(|_| rng.unit()).collect();
                let ids: Vec<i32> = (0..slots * m)
                    .map(|p| routing.expert(p, &mut rng))
                    .collect();
                let xq = q8::quantize_kernel(&x, inp, m, block, group);
                let unpacked = q8::unpack(&xq, inp, m, block, group);
                let ib: Vec<u8> = ids.iter().flat_map(|v| v.to_le_bytes()).collect();
                let mut y = pad(&f32::NAN.to_le_bytes().repeat(ids.len() * out));
                call(
                    &symbol,
                    format,
                    &w,
                    &pad(&xq),
                    &pad(&ib),
                    &mut y,
                    (inp, m, out),
                    2,
                );
                let y = floats(&y[OFFSET..]);
                for (p, &e) in ids.iter().enumerate() {
                    let row = &y[p * out..][..out];
                    let Some(e) = usize::try_from(e).ok().filter(|&e| e < EXPERTS) else {
                        assert!(
                            row.iter().all(|&v| v == 0.0),
                            "{symbol}: pair {p} chose none"
                        );
                        continue;
                    };
                    let want = q8::reference(format, &w.experts[e], &unpacked, inp, m, out);
                    let t = p % m;
                    for (r, got) in row.iter().enumerate() {
                        assert_eq!(
                            got.to_bits(),
                            want[r * m + t].to_bits(),
                            "{symbol} K={inp} M={m} {routing:?}: pair {p} (expert {e}) row {r}"
                        );
                    }
                }
            }
        }
    }
}
