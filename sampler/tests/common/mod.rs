//! Plain f64 reference implementation of the documented semantics, and
//! test data generators.

#![allow(dead_code)]

use sampler::{Order, SampleParams, SplitMix64};

/// `n` logits drawn from N(0, 1) * `scale`.
pub fn normal_logits(n: usize, scale: f64, seed: u64) -> Vec<f32> {
    let mut g = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(n + 1);
    while out.len() < n {
        let r = (-2.0 * (1.0 - g.next_f64()).ln()).sqrt();
        let a = std::f64::consts::TAU * g.next_f64();
        out.push((scale * r * a.cos()) as f32);
        out.push((scale * r * a.sin()) as f32);
    }
    out.truncate(n);
    out
}

/// Penalties and bias exactly as documented, in the same f32 arithmetic.
pub fn penalised(logits: &[f32], p: &SampleParams, history: &[u32]) -> Vec<f32> {
    let mut x = logits.to_vec();
    let window = match p.penalty_last_n {
        Some(n) => &history[history.len().saturating_sub(n)..],
        None => history,
    };
    let active = p.penalty_last_n != Some(0)
        && (p.repetition_penalty != 1.0 || p.frequency_penalty != 0.0 || p.presence_penalty != 0.0);
    if active {
        let mut counts = std::collections::BTreeMap::new();
        for &t in window {
            *counts.entry(t).or_insert(0u32) += 1;
        }
        for (&t, &c) in &counts {
            let mut y = x[t as usize];
            if p.repetition_penalty != 1.0 {
                y = if y > 0.0 {
                    y / p.repetition_penalty
                } else {
                    y * p.repetition_penalty
                };
            }
            y -= p.frequency_penalty * c as f32 + p.presence_penalty;
            x[t as usize] = y;
        }
    }
    for &(t, b) in &p.logit_bias {
        let y = x[t as usize];
        x[t as usize] = if b.is_infinite() { b } else { y + b };
    }
    x
}

/// Ids sorted by (logit descending, id ascending).
fn by_rank(x: &[f64], ids: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut ids: Vec<usize> = ids.collect();
    // `+ 0.0` folds -0.0 into 0.0 so that they tie.
    ids.sort_by(|&a, &b| (x[b] + 0.0).total_cmp(&(x[a] + 0.0)).then(a.cmp(&b)));
    ids
}

/// Keeps the smallest prefix of `ranked` whose weight `w` reaches `p` of
/// the total weight of `ranked`.
fn nucleus(ranked: &[usize], w: &[f64], p: f64) -> Vec<usize> {
    let total: f64 = ranked.iter().map(|&i| w[i]).sum();
    let mut acc = 0.0;
    let mut out = Vec::new();
    for &i in ranked {
        out.push(i);
        acc += w[i];
        if acc >= p * total {
            break;
        }
    }
    out
}

/// The processed distribution per the documented semantics, in f64, from
/// already penalised logits. `None` when no token can be drawn.
pub fn reference_distribution(x: &[f32], p: &SampleParams) -> Option<Vec<f64>> {
    let v = x.len();
    if x.iter().any(|l| l.is_nan()) {
        return None;
    }
    let mut x: Vec<f64> = x.iter().map(|&l| l as f64).collect();
    if x.contains(&f64::INFINITY) {
        for l in x.iter_mut() {
            *l = if *l == f64::INFINITY {
                0.0
            } else {
                f64::NEG_INFINITY
            };
        }
    }
    let finite: Vec<usize> = (0..v).filter(|&i| x[i] > f64::NEG_INFINITY).collect();
    if finite.is_empty() {
        return None;
    }
    let ranked = by_rank(&x, finite.into_iter());
    let m = x[ranked[0]];
    let mut out = vec![0.0; v];
    let k = if p.top_k == 0 || p.top_k >= v {
        usize::MAX
    } else {
        p.top_k
    };
    if p.temperature == 0.0 || k == 1 {
        out[ranked[0]] = 1.0;
        return Some(out);
    }
    let t = p.temperature as f64;
    let weight = |temp: f64| -> Vec<f64> { x.iter().map(|&l| ((l - m) / temp).exp()).collect() };
    let wt = weight(t);
    let mut kept: Vec<usize> = ranked.clone();
    match p.order {
        Order::TemperatureFirst => {
            if p.min_p > 0.0 {
                kept.retain(|&i| wt[i] >= p.min_p as f64);
            }
            kept.truncate(k);
            if p.top_p < 1.0 {
                kept = nucleus(&kept, &wt, p.top_p as f64);
            }
        }
        Order::TemperatureLast => {
            let w1 = weight(1.0);
            kept.truncate(k);
            if p.top_p < 1.0 {
                kept = nucleus(&kept, &w1, p.top_p as f64);
            }
            if p.min_p > 0.0 {
                kept.retain(|&i| w1[i] >= p.min_p as f64);
            }
        }
    }
    let z: f64 = kept.iter().map(|&i| wt[i]).sum();
    for &i in &kept {
        out[i] = wt[i] / z;
    }
    Some(out)
}

/// Total-variation distance between two distributions over the same ids.
pub fn tv(a: &[f64], b: &[f64]) -> f64 {
    0.5 * a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>()
}

/// Dense probabilities from the sampler's sparse `(token, p)` list.
pub fn dense(v: usize, sparse: &[(u32, f64)]) -> Vec<f64> {
    let mut out = vec![0.0; v];
    for &(t, q) in sparse {
        out[t as usize] = q;
    }
    out
}
