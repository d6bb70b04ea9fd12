//! The candidate buffers: the few tokens above a threshold, collected in one streaming pass and
//! narrowed by top-k, min-p and the top-p nucleus without sorting the vocabulary.

use std::cmp::Reverse;

use super::*;

pub(super) enum Collected {
    /// `n` candidates in the buffers; `m` is the row maximum.
    Some { n: usize, m: f32 },
    /// The row holds `+inf`.
    PosInf,
}

/// Replaces `s.keys` with the keys of the first `n` candidates.
pub(super) fn fill_keys(s: &mut Scratch, n: usize) {
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
pub(super) fn select_top(s: &mut Scratch, n: usize, keep: usize) -> f32 {
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
pub(super) fn retain_ge(s: &mut Scratch, n: usize, t: f32) -> usize {
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
pub(super) fn collect_top(
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
pub(super) fn infinite_candidates(k: Kernels, s: &mut Scratch, row: &[f32]) -> usize {
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
pub(super) fn nucleus(
    k: Kernels,
    s: &mut Scratch,
    n: usize,
    target: f64,
    lo: f32,
    top: f32,
) -> usize {
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
