//! Log-probability bookkeeping: the drawn token's and the top-N, of the processed
//! distribution or of the raw logits as passed in.

use std::cmp::Reverse;

use super::candidates::{collect_top, fill_keys, Collected};
use super::*;

/// Writes the `count` best entries of `keys` into `out`, best first.
pub(super) fn top_from_keys(
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
pub(super) fn processed_top(
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
pub(super) struct Raw {
    /// Log of the normaliser, or `+inf` when the row holds `+inf` logits.
    lse: f64,
    /// How many `+inf` logits the row holds.
    infinite: usize,
}

impl Raw {
    pub(super) fn logprob(&self, x: f32) -> f64 {
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

pub(super) fn raw_stats(
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
