//! Portable kernels written over fixed-width lane arrays.
//!
//! Each loop body works on `W` independent lanes, so LLVM turns it into
//! vector code without reassociating floating-point sums (which it may not
//! do on its own). The same source is instantiated once per instruction set
//! from `x86.rs` under `#[target_feature]`, and directly for the baseline
//! build. `F` selects fused multiply-add: with it, `mul_add` is one
//! instruction; without it, it would be a slow library call, so the plain
//! `a * b + c` form is used instead.

use super::{Collect, Online, Scan, Sink, BLOCK};

/// Base-2 exponents at or below this give exactly 0 (the biased exponent
/// of the scale factor becomes 0). That is a weight below `2^-126.5` relative
/// to the row maximum, which no 53-bit uniform could select anyway; exact
/// zeros keep `-inf` logits impossible.
const EXP2_LO: f32 = -127.0;
/// `1.5 * 2^23`: adding it rounds to an integer held in the low mantissa bits.
const ROUND_MAGIC: f32 = 12_582_912.0;
/// Near-minimax fit of `2^f` on `[-1/2, 1/2]` with the constant term pinned
/// to 1; relative error below 2e-7 when evaluated in f32. (C1 is the fitted
/// value, a few ulps from ln 2 on purpose.)
#[allow(clippy::approx_constant)]
pub(crate) const C1: f32 = 0.693_147;
pub(crate) const C2: f32 = 0.240_222_42;
pub(crate) const C3: f32 = 0.055_507_336;
pub(crate) const C4: f32 = 0.009_671_513;
pub(crate) const C5: f32 = 0.001_326_472_7;

#[inline(always)]
fn fma<const F: bool>(a: f32, b: f32, c: f32) -> f32 {
    if F {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

/// `2^y` for `y <= 0`, relative error ~2e-7, exactly 0 for `y <= -127`
/// (including `-inf`).
#[inline(always)]
pub(crate) fn exp2<const F: bool>(y: f32) -> f32 {
    let y = if y < EXP2_LO { EXP2_LO } else { y };
    let t = y + ROUND_MAGIC;
    let n = t - ROUND_MAGIC;
    let f = y - n;
    let mut p = C5;
    p = fma::<F>(p, f, C4);
    p = fma::<F>(p, f, C3);
    p = fma::<F>(p, f, C2);
    p = fma::<F>(p, f, C1);
    p = fma::<F>(p, f, 1.0);
    // The low bits of `t` hold n in two's complement; adding the exponent
    // bias and shifting drops the magic constant's bits off the top. For
    // n = -127 the biased exponent is 0 and the scale is exactly 0.
    let scale = f32::from_bits(t.to_bits().wrapping_add(127) << 23);
    p * scale
}

/// The factor that turns `x - m` into a base-2 exponent at inverse
/// temperature `inv_t`.
#[inline(always)]
pub(crate) fn exp2_scale(inv_t: f32) -> f32 {
    inv_t * std::f32::consts::LOG2_E
}

/// Weight `exp((x - m) * inv_t)` of logit `x`, given `sc = exp2_scale(inv_t)`.
#[inline(always)]
pub(crate) fn weight<const F: bool>(x: f32, m: f32, sc: f32) -> f32 {
    exp2::<F>((x - m) * sc)
}

/// Sums the lanes pairwise (the compiler keeps this in vector registers).
#[inline(always)]
fn lane_sum<const W: usize>(mut acc: [f32; W]) -> f32 {
    let mut w = W;
    while w > 1 {
        w /= 2;
        for j in 0..w {
            acc[j] += acc[j + w];
        }
    }
    acc[0]
}

/// Maximum of `blk` (NaNs ignored) and whether it holds a NaN.
#[inline(always)]
pub(crate) fn max_nan<const W: usize>(blk: &[f32]) -> (f32, bool) {
    let mut best = [f32::NEG_INFINITY; W];
    let mut nan = [0u32; W];
    let chunks = blk.chunks_exact(W);
    let tail = chunks.remainder();
    for c in chunks {
        for j in 0..W {
            let x = c[j];
            // `>` is false for NaN, so NaNs never become the maximum.
            best[j] = if x > best[j] { x } else { best[j] };
            nan[j] |= x.is_nan() as u32;
        }
    }
    let mut max = f32::NEG_INFINITY;
    let mut any_nan = false;
    for j in 0..W {
        max = if best[j] > max { best[j] } else { max };
        any_nan |= nan[j] != 0;
    }
    for &x in tail {
        any_nan |= x.is_nan();
        max = if x > max { x } else { max };
    }
    (max, any_nan)
}

/// Maximum, lowest index of the maximum, and whether a NaN is present.
///
/// One pass of block maxima, then a search for the first maximum inside the
/// first block that reached it, which is still in cache; tracking indices
/// per lane instead would cost blends on every element.
#[inline(always)]
pub(crate) fn scan<const W: usize>(row: &[f32]) -> Scan {
    let mut max = f32::NEG_INFINITY;
    let mut at_block = 0;
    let mut nan = false;
    for (b, blk) in row.chunks(BLOCK).enumerate() {
        let (m, n) = max_nan::<W>(blk);
        nan |= n;
        if m > max {
            max = m;
            at_block = b;
        }
    }
    let argmax = if max == f32::NEG_INFINITY {
        usize::MAX
    } else {
        let start = at_block * BLOCK;
        start + first_eq::<W>(&row[start..(start + BLOCK).min(row.len())], max)
    };
    Scan { max, argmax, nan }
}

/// Index of the first element equal to `v` (`row.len()` if none).
#[inline(always)]
fn first_eq<const W: usize>(row: &[f32], v: f32) -> usize {
    let chunks = row.chunks_exact(W);
    let tail_at = row.len() - chunks.remainder().len();
    for (ci, c) in chunks.enumerate() {
        let hit = c.iter().fold(0u32, |h, &x| h | (x == v) as u32);
        if hit != 0 {
            return ci * W + c.iter().position(|&x| x == v).unwrap_or(0);
        }
    }
    tail_at
        + row[tail_at..]
            .iter()
            .position(|&x| x == v)
            .unwrap_or(row.len() - tail_at)
}

/// Sum of the weights of `blk` relative to `m`.
#[inline(always)]
fn block_sum<const W: usize, const F: bool>(blk: &[f32], m: f32, sc: f32) -> f64 {
    let mut acc = [0.0f32; W];
    let chunks = blk.chunks_exact(W);
    let tail = chunks.remainder();
    for c in chunks {
        for j in 0..W {
            acc[j] += weight::<F>(c[j], m, sc);
        }
    }
    let mut s = lane_sum(acc) as f64;
    for &x in tail {
        s += weight::<F>(x, m, sc) as f64;
    }
    s
}

/// One pass computing the row maximum and the total weight at once: each
/// block's maximum is taken first (the block then sits in L1 for its exps),
/// and the running total is rescaled whenever the maximum grows. Block `b`'s
/// weight sum goes to `sums[b]`, relative to `refs[b]`, the maximum so far.
/// Stops early at a `+inf` (the weights are then meaningless).
#[inline(always)]
pub(crate) fn exp_online<const W: usize, const F: bool>(
    row: &[f32],
    inv_t: f32,
    sums: &mut [f64],
    refs: &mut [f32],
) -> Online {
    exp_online_by::<W>(row, inv_t, sums, refs, block_sum::<W, F>)
}

/// [`exp_online`] with the per-block weight sum supplied by the caller, so
/// that instruction-set specific kernels share the bookkeeping.
#[inline(always)]
pub(crate) fn exp_online_by<const W: usize>(
    row: &[f32],
    inv_t: f32,
    sums: &mut [f64],
    refs: &mut [f32],
    block_sum: impl Fn(&[f32], f32, f32) -> f64,
) -> Online {
    let sc = exp2_scale(inv_t);
    let mut out = Online {
        max: f32::NEG_INFINITY,
        total: 0.0,
        nan: false,
    };
    for ((blk, sum), r) in row.chunks(BLOCK).zip(sums.iter_mut()).zip(refs.iter_mut()) {
        let (bm, nan) = max_nan::<W>(blk);
        out.nan |= nan;
        if bm > out.max {
            if out.total > 0.0 {
                out.total *= ((out.max as f64 - bm as f64) * sc as f64).exp2();
            }
            out.max = bm;
            if bm == f32::INFINITY {
                return out;
            }
        }
        *r = out.max;
        *sum = if out.max == f32::NEG_INFINITY {
            0.0
        } else {
            block_sum(blk, out.max, sc)
        };
        out.total += *sum;
    }
    out
}

/// Writes the weight of every logit of `src` into `dst` (same length).
#[inline(always)]
pub(crate) fn exp_store<const W: usize, const F: bool>(
    src: &[f32],
    m: f32,
    inv_t: f32,
    dst: &mut [f32],
) {
    let sc = exp2_scale(inv_t);
    let dst = &mut dst[..src.len()];
    let mut d = dst.chunks_exact_mut(W);
    let mut s = src.chunks_exact(W);
    for (o, c) in (&mut d).zip(&mut s) {
        for j in 0..W {
            o[j] = weight::<F>(c[j], m, sc);
        }
    }
    for (o, &x) in d.into_remainder().iter_mut().zip(s.remainder()) {
        *o = weight::<F>(x, m, sc);
    }
}

/// Weights of `src` as f64 into `dst` (same length); returns their sum.
#[inline(always)]
pub(crate) fn exp_f64<const W: usize, const F: bool>(
    src: &[f32],
    m: f32,
    inv_t: f32,
    dst: &mut [f64],
) -> f64 {
    let sc = exp2_scale(inv_t);
    let dst = &mut dst[..src.len()];
    let mut acc = [0.0f64; W];
    let mut d = dst.chunks_exact_mut(W);
    let mut s = src.chunks_exact(W);
    for (o, c) in (&mut d).zip(&mut s) {
        for j in 0..W {
            let w = weight::<F>(c[j], m, sc) as f64;
            o[j] = w;
            acc[j] += w;
        }
    }
    let mut total = 0.0f64;
    for a in acc {
        total += a;
    }
    for (o, &x) in d.into_remainder().iter_mut().zip(s.remainder()) {
        *o = weight::<F>(x, m, sc) as f64;
        total += *o;
    }
    total
}

/// Total weight and count of the entries whose logit is `>= t`.
///
/// Everything is done in f64 lanes (the comparison too, which is exact):
/// mixing f32 masks with f64 sums stops the loop from vectorising.
#[inline(always)]
pub(crate) fn mass_ge<const W: usize>(vals: &[f32], e: &[f64], t: f32) -> (f64, usize) {
    let e = &e[..vals.len()];
    let t = t as f64;
    let mut acc = [0.0f64; W];
    let mut cnt = [0.0f64; W];
    let mut vs = vals.chunks_exact(W);
    let mut es = e.chunks_exact(W);
    for (v, w) in (&mut vs).zip(&mut es) {
        for j in 0..W {
            let keep = v[j] as f64 >= t;
            acc[j] += if keep { w[j] } else { 0.0 };
            cnt[j] += if keep { 1.0 } else { 0.0 };
        }
    }
    let mut mass = 0.0f64;
    let mut count = 0.0f64;
    for j in 0..W {
        mass += acc[j];
        count += cnt[j];
    }
    let mut count = count as usize;
    for (&v, &w) in vs.remainder().iter().zip(es.remainder()) {
        if v as f64 >= t {
            mass += w;
            count += 1;
        }
    }
    (mass, count)
}

/// Appends `(src[i], base + i)` for every `src[i] >= thr` to `out`, and
/// reports the chunk maximum and whether it holds a NaN.
///
/// Lanes are tested `W` at a time and only chunks with a hit take the
/// (branch-free) scalar append, which is cheap when hits are rare: the common
/// case once a top-k or min-p threshold has risen.
#[inline(always)]
pub(crate) fn collect_ge<const W: usize>(
    src: &[f32],
    base: u32,
    thr: f32,
    out: Sink<'_>,
) -> Collect {
    let Sink { vals, idx, mut n } = out;
    let mut best = [f32::NEG_INFINITY; W];
    let mut nan = [0u32; W];
    let chunks = src.chunks_exact(W);
    let tail_at = src.len() - chunks.remainder().len();
    for (ci, c) in chunks.enumerate() {
        let mut hit = 0u32;
        for j in 0..W {
            let x = c[j];
            best[j] = if x > best[j] { x } else { best[j] };
            nan[j] |= x.is_nan() as u32;
            hit |= (x >= thr) as u32;
        }
        if hit != 0 {
            let at = base + (ci * W) as u32;
            for (j, &x) in c.iter().enumerate() {
                vals[n] = x;
                idx[n] = at + j as u32;
                n += (x >= thr) as usize;
            }
        }
    }
    let max = best
        .iter()
        .fold(f32::NEG_INFINITY, |a, &b| if b > a { b } else { a });
    let nan = nan.iter().any(|&x| x != 0);
    collect_tail(src, tail_at, base, thr, Sink { vals, idx, n }, max, nan)
}

/// Finishes a collection pass over `src[from..]` one element at a time,
/// given the maximum and NaN flag of `src[..from]`.
#[inline(always)]
pub(crate) fn collect_tail(
    src: &[f32],
    from: usize,
    base: u32,
    thr: f32,
    out: Sink<'_>,
    max: f32,
    nan: bool,
) -> Collect {
    let Sink { vals, idx, mut n } = out;
    let mut c = Collect { n, max, nan };
    for (j, &x) in src[from..].iter().enumerate() {
        c.nan |= x.is_nan();
        if x > c.max {
            c.max = x;
        }
        if x >= thr {
            vals[n] = x;
            idx[n] = base + (from + j) as u32;
            n += 1;
        }
    }
    c.n = n;
    c
}
