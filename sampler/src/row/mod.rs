//! Processing and drawing one row.
//!
//! The vocabulary is never sorted. Every filter is an upper set in the
//! order "higher logit first, lower id first among equals", so each one is
//! a threshold in logit space, and only the (small) set of tokens above the
//! thresholds is ever handled one by one:
//!
//! * top-k and min-p: one streaming pass appends the tokens above a running
//!   threshold to a candidate buffer; the threshold rises as the buffer is
//!   pruned (top-k) or as the running maximum grows (min-p).
//! * top-p without either: one pass finds the maximum and the weight sum `Z`
//!   together (block maxima first, rescaling the running sum when the
//!   maximum grows); a provable bound (all tokens below
//!   `m + T ln((1 - p) Z / V)` together weigh less than `(1 - p) Z`) then
//!   selects a superset of the nucleus in a second pass, inside which the
//!   exact cut is found by guess and verify: masked sums over the candidates
//!   narrow a logit interval around the crossing point, and only the few
//!   candidates left inside it are sorted.
//! * temperature only: the same single pass keeps per-block weight sums; the
//!   draw picks a block from them and re-weighs only that block.

mod candidates;
mod logprobs;
mod penalties;

use crate::error::SampleError;
use crate::kernels::{exp2_scale, Kernels, Scan, Sink, BLOCK};
use crate::params::{LogprobSource, Order, SampleParams};
use crate::rng::SplitMix64;
use crate::{Request, Sample, TokenLogprob};
use candidates::{collect_top, infinite_candidates, nucleus, retain_ge, select_top, Collected};
use logprobs::{processed_top, raw_stats};
use penalties::{apply_penalties, original, restore};

/// Reusable buffers of one worker. Sized to the largest vocabulary seen, so
/// after the first row of that size nothing is allocated.
#[derive(Default)]
pub(crate) struct Scratch {
    vals: Vec<f32>,
    idx: Vec<u32>,
    e: Vec<f64>,
    keys: Vec<u64>,
    pairs: Vec<(u64, f64)>,
    sums: Vec<f64>,
    refs: Vec<f32>,
    tmp: Vec<f32>,
    vals2: Vec<f32>,
    pos: Vec<u32>,
    counts: Vec<u32>,
    touched: Vec<u32>,
    saved: Vec<(u32, f32)>,
}

impl Scratch {
    fn fit(&mut self, v: usize) {
        if self.vals.len() < v {
            self.vals.resize(v, 0.0);
            self.idx.resize(v, 0);
            self.e.resize(v, 0.0);
            self.counts.resize(v, 0);
            self.vals2.resize(v, 0.0);
            self.pos.resize(v, 0);
            self.sums.resize(v.div_ceil(BLOCK), 0.0);
            self.refs.resize(v.div_ceil(BLOCK), 0.0);
        }
        if self.tmp.len() < BLOCK {
            self.tmp.resize(BLOCK, 0.0);
        }
    }
}

/// Order key: higher logit first, then lower id. `-0.0` is folded into
/// `+0.0` so equal floats tie.
#[inline]
pub(crate) fn key(v: f32, id: u32) -> u64 {
    let b = (v + 0.0).to_bits();
    let ord = if b >> 31 == 1 { !b } else { b | 0x8000_0000 };
    ((ord as u64) << 32) | (!id) as u64
}

#[inline]
fn key_val(k: u64) -> f32 {
    let ord = (k >> 32) as u32;
    f32::from_bits(if ord >> 31 == 1 {
        ord & 0x7FFF_FFFF
    } else {
        !ord
    })
}

#[inline]
fn key_id(k: u64) -> u32 {
    !(k as u32)
}

/// The smallest float above `x` (identity on NaN and `+inf`).
fn next_up(x: f32) -> f32 {
    if x.is_nan() || x == f32::INFINITY {
        x
    } else if x == 0.0 {
        f32::from_bits(1)
    } else if x > 0.0 {
        f32::from_bits(x.to_bits() + 1)
    } else {
        f32::from_bits(x.to_bits() - 1)
    }
}

/// What survives processing: the distribution the token is drawn from.
pub(crate) enum Final {
    /// Greedy: one token with probability 1.
    Point(u32),
    /// Every token of the row with weight `exp((x - m) * inv_t)`; block `b`'s
    /// sum is `Scratch::sums[b]`, relative to the maximum `Scratch::refs[b]`.
    Dense { m: f32, inv_t: f32, z: f64 },
    /// The first `n` entries of `Scratch::{vals, idx, e}`; `e` holds the
    /// weights.
    Sparse {
        n: usize,
        m: f32,
        inv_t: f32,
        z: f64,
    },
}

fn first_nan(row: &[f32]) -> SampleError {
    SampleError::NanLogit {
        index: row.iter().position(|x| x.is_nan()).unwrap_or(0),
    }
}

/// Scan that turns NaN and all `-inf` rows into errors.
fn checked_scan(k: Kernels, row: &[f32]) -> Result<Scan, SampleError> {
    let s = k.scan(row);
    if s.nan {
        Err(first_nan(row))
    } else if s.max == f32::NEG_INFINITY {
        Err(SampleError::NoCandidates)
    } else {
        Ok(s)
    }
}

/// Applies temperature and the filters to `row` (penalties and bias already
/// in place).
pub(crate) fn process(
    k: Kernels,
    s: &mut Scratch,
    row: &[f32],
    p: &SampleParams,
) -> Result<Final, SampleError> {
    let v = row.len();
    if v == 0 {
        return Err(SampleError::NoCandidates);
    }
    s.fit(v);
    let inv_t = 1.0 / p.temperature;
    let kk = if p.top_k >= v { 0 } else { p.top_k };
    // A temperature so small that the weight exponent's scale overflows is
    // greedy in the limit too.
    if !exp2_scale(inv_t).is_finite() || kk == 1 {
        let sc = checked_scan(k, row)?;
        return Ok(Final::Point(sc.argmax as u32));
    }
    let first = p.order == Order::TemperatureFirst;
    let use_topp = p.top_p < 1.0;
    // llama.cpp applies min-p after top-p, so it can only be folded into the
    // candidate pass when top-p is off or comes after it.
    let minp_early = p.min_p > 0.0 && (first || !use_topp);
    let minp_late = p.min_p > 0.0 && !minp_early;
    // p >= min_p * p_max  <=>  x >= m + T ln(min_p), T being the temperature
    // min-p judges at.
    let minp_temp = if first { p.temperature } else { 1.0 };
    let d = if p.min_p > 0.0 {
        ((p.min_p as f64).ln() * minp_temp as f64) as f32
    } else {
        f32::NEG_INFINITY
    };
    // Inverse temperature of the distribution top-p measures.
    let inv_tp = if first { inv_t } else { 1.0 };

    // Set when the candidates are a superset of the nucleus cut from the
    // whole row: top-p then measures against the whole row's weight.
    let mut nucleus_total = None;
    let mut candidate_floor = None;
    let collected = if kk > 0 || minp_early {
        collect_top(
            k,
            s,
            row,
            kk,
            if minp_early { d } else { f32::NEG_INFINITY },
        )?
    } else {
        let on = k.exp_online(
            row,
            if use_topp { inv_tp } else { inv_t },
            &mut s.sums,
            &mut s.refs,
        );
        let m = on.max;
        if on.nan || (m == f32::INFINITY && k.scan(row).nan) {
            return Err(first_nan(row));
        } else if m == f32::NEG_INFINITY {
            return Err(SampleError::NoCandidates);
        } else if m == f32::INFINITY {
            Collected::PosInf
        } else if !use_topp {
            return Ok(Final::Dense {
                m,
                inv_t,
                z: on.total,
            });
        } else {
            // All tokens below base-2 exponent y weigh less than V 2^y in
            // total; at this y that is (1 - p) Z, so the nucleus lies above.
            // The margin absorbs the rounding of the threshold.
            let z = on.total;
            let y = ((1.0 - p.top_p as f64) * z / v as f64).log2() - 1e-3;
            let thr = ((m as f64 + y / exp2_scale(inv_tp) as f64) as f32).max(f32::MIN);
            let n = k
                .collect_ge(row, 0, thr, Sink::new(&mut s.vals, &mut s.idx, 0), true)
                .n;
            nucleus_total = Some(z);
            candidate_floor = Some(thr);
            Collected::Some { n, m }
        }
    };
    let (mut n, m) = match collected {
        Collected::Some { n, m } => (n, m),
        Collected::PosInf => (infinite_candidates(k, s, row), 0.0),
    };
    // A logit no candidate is below, to start the nucleus search from.
    let mut floor = candidate_floor.unwrap_or(f32::MIN);
    if minp_early {
        n = retain_ge(s, n, m + d);
        floor = floor.max(m + d);
    }
    if kk > 0 && n > kk {
        floor = floor.max(select_top(s, n, kk));
        n = kk;
    }
    if use_topp {
        let z = k.exp_f64(&s.vals[..n], m, inv_tp, &mut s.e[..n]);
        let total = nucleus_total.unwrap_or(z);
        // Candidates this far below the maximum weigh exactly 0.
        let zero = ((m as f64 - 128.0 / exp2_scale(inv_tp) as f64) as f32).max(f32::MIN);
        n = nucleus(k, s, n, p.top_p as f64 * total, floor.max(zero), m);
    }
    if minp_late {
        n = retain_ge(s, n, m + d);
    }
    let z = k.exp_f64(&s.vals[..n], m, inv_t, &mut s.e[..n]);
    Ok(Final::Sparse { n, m, inv_t, z })
}

/// Draws from `fin` with the uniform `u` in `[0, 1)`; returns the token and
/// its position in the candidate buffers (sparse) or the row (dense).
pub(crate) fn draw(k: Kernels, s: &mut Scratch, row: &[f32], fin: &Final, u: f64) -> usize {
    match *fin {
        Final::Point(t) => t as usize,
        Final::Dense { m, inv_t, z } => {
            let r = u * z;
            let nb = row.len().div_ceil(BLOCK);
            let sc = exp2_scale(inv_t) as f64;
            // Block sums are relative to the maximum seen when they were
            // taken; `factor` rescales them to the row maximum `m`, and only
            // changes where that running maximum did.
            let (mut acc, mut factor, mut seen) = (0.0, 0.0, f32::NAN);
            let mut chosen = None;
            let mut last = (0, 0.0, 0.0);
            for (b, (&w, &at)) in s.sums[..nb].iter().zip(&s.refs[..nb]).enumerate() {
                if at != seen {
                    seen = at;
                    factor = ((at as f64 - m as f64) * sc).exp2();
                }
                let w = w * factor;
                if w > 0.0 {
                    last = (b, acc, factor);
                    if acc + w > r {
                        chosen = Some((b, acc, factor));
                        break;
                    }
                }
                acc += w;
            }
            // Rounding may leave r past the last block: take the last one
            // with weight.
            let (b, acc, factor) = chosen.unwrap_or(last);
            let start = b * BLOCK;
            let blk = &row[start..(start + BLOCK).min(row.len())];
            let tmp = &mut s.tmp[..blk.len()];
            k.exp_store(blk, s.refs[b], inv_t, tmp);
            start + walk(tmp.iter().map(|&w| w as f64 * factor), acc, r)
        }
        Final::Sparse { n, z, .. } => walk(s.e[..n].iter().copied(), 0.0, u * z),
    }
}

/// Position where the running sum from `acc` first exceeds `r`, or the last
/// positive weight if rounding keeps it short.
#[inline]
fn walk(weights: impl Iterator<Item = f64>, mut acc: f64, r: f64) -> usize {
    let mut last = 0;
    for (j, w) in weights.enumerate() {
        if w > 0.0 {
            last = j;
            acc += w;
            if acc > r {
                return j;
            }
        }
    }
    last
}

/// Token id and processed log-probability of the drawn position.
fn drawn(s: &Scratch, row: &[f32], fin: &Final, at: usize) -> (u32, f64) {
    match *fin {
        Final::Point(t) => (t, 0.0),
        Final::Dense { m, inv_t, z } => (
            at as u32,
            (row[at] as f64 - m as f64) * inv_t as f64 - z.ln(),
        ),
        Final::Sparse { m, inv_t, z, .. } => (
            s.idx[at],
            (s.vals[at] as f64 - m as f64) * inv_t as f64 - z.ln(),
        ),
    }
}

/// Samples one row into `out`. The row is restored before returning.
pub(crate) fn sample_row(
    k: Kernels,
    s: &mut Scratch,
    row: &mut [f32],
    req: &Request<'_>,
    out: &mut Sample,
) -> Result<(), SampleError> {
    let p = req.params;
    p.validate()?;
    s.fit(row.len());
    out.top_logprobs.clear();
    let raw = if p.logprobs == LogprobSource::Raw && !row.is_empty() {
        Some(raw_stats(k, s, row, p.top_logprobs, &mut out.top_logprobs)?)
    } else {
        None
    };
    apply_penalties(s, row, p, req.history)?;
    let result = process(k, s, row, p).map(|fin| {
        let u = SplitMix64::for_step(p.seed, req.step).next_f64();
        let at = draw(k, s, row, &fin, u);
        let (token, lp) = drawn(s, row, &fin, at);
        if raw.is_none() && p.top_logprobs > 0 {
            processed_top(k, s, row, &fin, p.top_logprobs, &mut out.top_logprobs);
        }
        (token, lp)
    });
    let result = result.map(|(token, lp)| {
        out.token = token;
        out.logprob = match &raw {
            Some(raw) => raw.logprob(original(s, row, token)) as f32,
            None => lp as f32,
        };
    });
    restore(s, row);
    result
}

/// The processed distribution of a row as `(token, probability)` pairs in
/// id order, tokens of probability 0 left out.
pub(crate) fn distribution(
    k: Kernels,
    s: &mut Scratch,
    row: &mut [f32],
    req: &Request<'_>,
) -> Result<Vec<(u32, f64)>, SampleError> {
    let p = req.params;
    p.validate()?;
    s.fit(row.len());
    apply_penalties(s, row, p, req.history)?;
    let result = process(k, s, row, p).map(|fin| {
        let mut out: Vec<(u32, f64)> = match fin {
            Final::Point(t) => vec![(t, 1.0)],
            Final::Dense { m, inv_t, z } => {
                let mut w = vec![0.0f32; row.len()];
                k.exp_store(row, m, inv_t, &mut w);
                w.iter()
                    .enumerate()
                    .map(|(i, &w)| (i as u32, w as f64 / z))
                    .collect()
            }
            Final::Sparse { n, z, .. } => s.idx[..n]
                .iter()
                .zip(&s.e[..n])
                .map(|(&i, &w)| (i, w / z))
                .collect(),
        };
        out.retain(|&(_, q)| q > 0.0);
        out.sort_unstable_by_key(|&(t, _)| t);
        out
    });
    restore(s, row);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_by_logit_then_lowest_id() {
        let vals = [
            f32::NEG_INFINITY,
            -f32::MAX,
            -1.5,
            -f32::MIN_POSITIVE / 4.0,
            0.0,
            1e-40,
            2.0,
            f32::MAX,
            f32::INFINITY,
        ];
        for w in vals.windows(2) {
            assert!(key(w[0], 0) < key(w[1], 0), "{} < {}", w[0], w[1]);
        }
        for &v in &vals {
            assert!(key(v, 3) > key(v, 4), "lower id first among equal logits");
            assert_eq!(key_val(key(v, 9)), v);
            assert_eq!(key_id(key(v, 9)), 9);
        }
        assert_eq!(key(-0.0, 5), key(0.0, 5), "-0.0 ties with 0.0");
    }

    #[test]
    fn next_up_is_the_next_float() {
        for x in [
            -3.5f32,
            -f32::MIN_POSITIVE,
            -1e-45,
            0.0,
            -0.0,
            1e-45,
            1.0,
            f32::MAX,
        ] {
            let y = next_up(x);
            assert!(y > x);
            // Nothing lies strictly between: the midpoint rounds to an end.
            let mid = ((x as f64 + y as f64) / 2.0) as f32;
            assert!(mid == x || mid == y);
        }
        assert_eq!(next_up(f32::MAX), f32::INFINITY);
        assert_eq!(next_up(f32::INFINITY), f32::INFINITY);
        assert_eq!(next_up(f32::NEG_INFINITY), -f32::MAX);
    }
}
