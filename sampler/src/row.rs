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

use std::cmp::Reverse;

use crate::error::SampleError;
use crate::kernels::{exp2_scale, Kernels, Scan, Sink, BLOCK};
use crate::params::{LogprobSource, Order, SampleParams};
use crate::rng::SplitMix64;
use crate::{Request, Sample, TokenLogprob};

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

enum Collected {
    /// `n` candidates in the buffers; `m` is the row maximum.
    Some { n: usize, m: f32 },
    /// The row holds `+inf`.
    PosInf,
}

/// Replaces `s.keys` with the keys of the first `n` candidates.
fn fill_keys(s: &mut Scratch, n: usize) {
    s.keys.clear();
    s.keys.extend(
        s.vals[..n]
            .iter()
            .zip(&s.idx[..n])
            .map(|(&v, &i)| key(v, i)),
    );
}

/// Keeps the `keep` best candidates of the first `n` by [`key`]; returns the
/// smallest kept logit.
fn select_top(s: &mut Scratch, n: usize, keep: usize) -> f32 {
    fill_keys(s, n);
    if keep < n {
        s.keys.select_nth_unstable_by_key(keep - 1, |&k| Reverse(k));
        s.keys.truncate(keep);
    }
    let mut low = f32::INFINITY;
    for (j, &k) in s.keys.iter().enumerate() {
        let v = key_val(k);
        s.vals[j] = v;
        s.idx[j] = key_id(k);
        low = low.min(v);
    }
    low
}

/// Drops the candidates whose logit is below `t`; returns the new count.
fn retain_ge(s: &mut Scratch, n: usize, t: f32) -> usize {
    let mut w = 0;
    for j in 0..n {
        let v = s.vals[j];
        s.vals[w] = v;
        s.idx[w] = s.idx[j];
        s.e[w] = s.e[j];
        w += (v >= t) as usize;
    }
    w
}

/// One streaming pass collecting every token that can survive top-`kk`
/// (0 = off) and a min-p threshold `d` logits below the maximum (`-inf` =
/// off). The buffers may hold extra tokens; the caller trims them.
fn collect_top(
    k: Kernels,
    s: &mut Scratch,
    row: &[f32],
    kk: usize,
    d: f32,
) -> Result<Collected, SampleError> {
    let v = row.len();
    // f32::MIN rather than -inf: `-inf` logits are never candidates.
    let mut thr = f32::MIN;
    let mut n = 0;
    let mut m = f32::NEG_INFINITY;
    let mut prune_at = (2 * kk).max(256);
    let mut pos = 0;
    // Start small so the threshold rises before many tokens are copied.
    let mut chunk = 256;
    while pos < v {
        let end = (pos + chunk).min(v);
        let c = k.collect_ge(
            &row[pos..end],
            pos as u32,
            thr,
            Sink::new(&mut s.vals, &mut s.idx, n),
            false,
        );
        n = c.n;
        if c.nan {
            return Err(first_nan(row));
        }
        m = m.max(c.max);
        if m == f32::INFINITY {
            // The candidates are now the +inf tokens; only a NaN further on
            // could still change the outcome.
            if k.scan(&row[end..]).nan {
                return Err(first_nan(row));
            }
            return Ok(Collected::PosInf);
        }
        thr = thr.max(m + d);
        if n >= prune_at {
            if d > f32::NEG_INFINITY {
                n = retain_ge(s, n, thr);
            }
            if kk > 0 && n > kk {
                thr = thr.max(next_up(select_top(s, n, kk)));
                n = kk;
            } else {
                prune_at = prune_at.max(2 * n);
            }
        }
        pos = end;
        chunk = (chunk * 2).min(8192);
    }
    if m == f32::NEG_INFINITY {
        return Err(SampleError::NoCandidates);
    }
    Ok(Collected::Some { n, m })
}

/// The `+inf` tokens, as equal candidates of logit 0: the limit of the
/// distribution as those logits grow, whatever the temperature.
fn infinite_candidates(k: Kernels, s: &mut Scratch, row: &[f32]) -> usize {
    let n = k
        .collect_ge(
            row,
            0,
            f32::INFINITY,
            Sink::new(&mut s.vals, &mut s.idx, 0),
            false,
        )
        .n;
    s.vals[..n].fill(0.0);
    n
}

/// Keeps the nucleus of the first `n` candidates, whose weights are in `e`:
/// the smallest prefix, in key order, whose weight reaches `target`.
/// `top` is the largest candidate logit and no candidate below `lo` may
/// carry weight. Returns the new count.
///
/// Guess and verify: masked sums over the candidates narrow a logit
/// interval `[lo, hi)` that holds the crossing point, until only a few
/// candidates lie inside; only those are sorted.
fn nucleus(k: Kernels, s: &mut Scratch, n: usize, target: f64, lo: f32, top: f32) -> usize {
    const BOUNDARY: usize = 48;
    let (vals, e) = (&s.vals[..n], &s.e[..n]);
    // Invariant: weight(v >= lo) >= target > weight(v >= hi).
    let mut lo = lo;
    let mut hi = next_up(top);
    let (mut count_lo, mut count_hi) = (n, 0usize);
    let (mut mass_lo, mut mass_hi) = (f64::INFINITY, 0.0f64);
    while count_lo - count_hi > BOUNDARY {
        // Regula falsi on the mass above the threshold, kept away from the
        // ends so that the interval always shrinks by a good factor.
        let frac = if mass_lo.is_finite() {
            ((mass_lo - target) / (mass_lo - mass_hi)).clamp(0.1, 0.9)
        } else {
            0.5
        };
        let mid = lo + ((hi as f64 - lo as f64) * frac) as f32;
        if !(mid > lo && mid < hi) {
            break;
        }
        let (mass, count) = k.mass_ge(vals, e, mid);
        if mass >= target {
            (lo, count_lo, mass_lo) = (mid, count, mass);
        } else {
            (hi, count_hi, mass_hi) = (mid, count, mass);
        }
    }
    // Positions of the candidates at or above `lo`: everything above `hi`
    // is in, and the boundary below it is decided in key order.
    let above = k
        .collect_ge(vals, 0, lo, Sink::new(&mut s.vals2, &mut s.pos, 0), true)
        .n;
    s.pairs.clear();
    for (&v, &at) in s.vals2[..above].iter().zip(&s.pos[..above]) {
        if v < hi {
            s.pairs.push((key(v, s.idx[at as usize]), s.e[at as usize]));
        }
    }
    s.pairs.sort_unstable_by_key(|&(k, _)| Reverse(k));
    let mut acc = mass_hi;
    // Rounding may leave the boundary just short of the target: keep all.
    let mut cut = s.pairs.last().map_or(u64::MAX, |p| p.0);
    for &(k, w) in &s.pairs {
        acc += w;
        if acc >= target {
            cut = k;
            break;
        }
    }
    // Compact in place: position `at` of each entry read is never below the
    // slot `kept` written, so no entry is overwritten before it is read.
    let mut kept = 0;
    for j in 0..above {
        let (v, at) = (s.vals2[j], s.pos[j] as usize);
        let id = s.idx[at];
        if v >= hi || key(v, id) >= cut {
            s.vals[kept] = v;
            s.idx[kept] = id;
            s.e[kept] = s.e[at];
            kept += 1;
        }
    }
    kept
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

/// Writes the `count` best entries of `keys` into `out`, best first.
fn top_from_keys(
    keys: &mut Vec<u64>,
    count: usize,
    out: &mut Vec<TokenLogprob>,
    logprob: impl Fn(f32) -> f64,
) {
    if count == 0 || keys.is_empty() {
        return;
    }
    let count = count.min(keys.len());
    if count < keys.len() {
        keys.select_nth_unstable_by_key(count - 1, |&k| Reverse(k));
        keys.truncate(count);
    }
    keys.sort_unstable_by_key(|&k| Reverse(k));
    out.extend(keys.iter().map(|&k| TokenLogprob {
        token: key_id(k),
        logprob: logprob(key_val(k)) as f32,
    }));
}

/// Top logprobs of the processed distribution.
fn processed_top(
    k: Kernels,
    s: &mut Scratch,
    row: &[f32],
    fin: &Final,
    count: usize,
    out: &mut Vec<TokenLogprob>,
) {
    match *fin {
        Final::Point(t) => out.push(TokenLogprob {
            token: t,
            logprob: 0.0,
        }),
        Final::Sparse { n, m, inv_t, z } => {
            fill_keys(s, n);
            let lz = z.ln();
            top_from_keys(&mut s.keys, count, out, |v| {
                (v as f64 - m as f64) * inv_t as f64 - lz
            });
        }
        Final::Dense { m, inv_t, z } => {
            // The row was checked when `fin` was built, so this cannot fail.
            if let Ok(Collected::Some { n, .. }) = collect_top(k, s, row, count, f32::NEG_INFINITY)
            {
                fill_keys(s, n);
                let lz = z.ln();
                top_from_keys(&mut s.keys, count, out, |v| {
                    (v as f64 - m as f64) * inv_t as f64 - lz
                });
            }
        }
    }
}

/// `log_softmax` of the row as passed in, taken before any processing.
struct Raw {
    /// Log of the normaliser, or `+inf` when the row holds `+inf` logits.
    lse: f64,
    /// How many `+inf` logits the row holds.
    infinite: usize,
}

impl Raw {
    fn logprob(&self, x: f32) -> f64 {
        if self.infinite > 0 {
            if x == f32::INFINITY {
                -(self.infinite as f64).ln()
            } else {
                f64::NEG_INFINITY
            }
        } else {
            x as f64 - self.lse
        }
    }
}

fn raw_stats(
    k: Kernels,
    s: &mut Scratch,
    row: &[f32],
    count: usize,
    out: &mut Vec<TokenLogprob>,
) -> Result<Raw, SampleError> {
    let sc = k.scan(row);
    if sc.nan {
        return Err(first_nan(row));
    }
    let raw = if sc.max == f32::INFINITY {
        Raw {
            lse: f64::INFINITY,
            infinite: row.iter().filter(|&&x| x == f32::INFINITY).count(),
        }
    } else if sc.max == f32::NEG_INFINITY {
        Raw {
            lse: f64::INFINITY,
            infinite: 0,
        }
    } else {
        let z = k.exp_online(row, 1.0, &mut s.sums, &mut s.refs).total;
        Raw {
            lse: sc.max as f64 + z.ln(),
            infinite: 0,
        }
    };
    if count > 0 && sc.max > f32::NEG_INFINITY {
        let n = if raw.infinite > 0 {
            k.collect_ge(
                row,
                0,
                f32::INFINITY,
                Sink::new(&mut s.vals, &mut s.idx, 0),
                false,
            )
            .n
        } else {
            match collect_top(k, s, row, count, f32::NEG_INFINITY)? {
                Collected::Some { n, .. } => n,
                Collected::PosInf => 0,
            }
        };
        fill_keys(s, n);
        top_from_keys(&mut s.keys, count, out, |v| raw.logprob(v));
    }
    Ok(raw)
}

/// The token window the penalties look at.
fn penalty_window<'h>(p: &SampleParams, history: &'h [u32]) -> &'h [u32] {
    match p.penalty_last_n {
        Some(n) => &history[history.len().saturating_sub(n)..],
        None => history,
    }
}

/// Applies penalties and logit bias in place, remembering the original
/// values in `s.saved` (in application order) so they can be restored.
fn apply_penalties(
    s: &mut Scratch,
    row: &mut [f32],
    p: &SampleParams,
    history: &[u32],
) -> Result<(), SampleError> {
    let v = row.len();
    s.saved.clear();
    let window = if p.has_penalties() {
        penalty_window(p, history)
    } else {
        &[]
    };
    // Check every id before touching the row, so an error leaves it intact.
    let ids = window
        .iter()
        .copied()
        .chain(p.logit_bias.iter().map(|&(t, _)| t));
    for t in ids {
        if t as usize >= v {
            return Err(SampleError::TokenOutOfRange { token: t, vocab: v });
        }
    }
    if !window.is_empty() {
        for &t in window {
            let c = &mut s.counts[t as usize];
            if *c == 0 {
                s.touched.push(t);
            }
            *c += 1;
        }
        for &t in &s.touched {
            let c = std::mem::take(&mut s.counts[t as usize]);
            let x = row[t as usize];
            s.saved.push((t, x));
            let mut y = x;
            if p.repetition_penalty != 1.0 {
                y = if y > 0.0 {
                    y / p.repetition_penalty
                } else {
                    y * p.repetition_penalty
                };
            }
            y -= p.frequency_penalty * c as f32 + p.presence_penalty;
            row[t as usize] = y;
        }
        s.touched.clear();
    }
    for &(t, b) in &p.logit_bias {
        let x = row[t as usize];
        s.saved.push((t, x));
        // Infinite biases ban or force a token whatever its logit, rather
        // than producing NaN from inf - inf.
        row[t as usize] = if b.is_infinite() { b } else { x + b };
    }
    Ok(())
}

fn restore(s: &Scratch, row: &mut [f32]) {
    for &(t, x) in s.saved.iter().rev() {
        row[t as usize] = x;
    }
}

/// The original logit of `token`, looking through the saved values.
fn original(s: &Scratch, row: &[f32], token: u32) -> f32 {
    s.saved
        .iter()
        .find(|&&(t, _)| t == token)
        .map_or(row[token as usize], |&(_, x)| x)
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
