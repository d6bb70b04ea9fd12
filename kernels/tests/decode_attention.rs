//! The decode attention kernel against a scalar softmax attention: cache types, grouped
//! query heads (fewer and more than the four the kernel runs at once), positions inside and
//! at the edges of its blocks of 64, the window bound, and padding rows.

use kernels::KvType;

#[allow(dead_code)]
#[path = "common/attention.rs"]
mod attention;
use attention::{entry, sinks_entry, stored};

mod common;
use common::{floats, Rng};

struct Case {
    batch: usize,
    heads: usize,
    kv_heads: usize,
    dim: usize,
    capacity: usize,
    window: usize,
    /// Position per row; negative rows are padding.
    positions: Vec<i32>,
}

/// `sinks`: one logit per query head (gpt-oss), through the entry that takes them.
fn check(case: &Case, kv: KvType, seed: u64, sinks: Option<&[f32]>) {
    let Case {
        batch,
        heads,
        kv_heads,
        dim,
        capacity,
        window,
        ..
    } = *case;
    let group = heads / kv_heads;
    let mut rng = Rng(seed);
    let q: Vec<f32> = (0..heads * dim * batch).map(|_| rng.unit()).collect();
    let cache_len = (batch + 1) * capacity * kv_heads * dim;
    let (mut kb, mut vb) = (Vec::new(), Vec::new());
    let (mut kf, mut vf) = (Vec::new(), Vec::new());
    for _ in 0..cache_len {
        let (bytes, value) = stored(rng.unit() * 2.0, kv);
        kb.extend(bytes);
        kf.push(value);
        let (bytes, value) = stored(rng.unit(), kv);
        vb.extend(bytes);
        vf.push(value);
    }
    // Positions as the graph passes them: `[B, Q]`, every column the row's position.
    let q_cols = group;
    let pos: Vec<u8> = (0..batch)
        .flat_map(|b| std::iter::repeat_n(case.positions[b], q_cols))
        .flat_map(|p| p.to_le_bytes())
        .collect();
    let scale = 1.0 / (dim as f32).sqrt();
    let qb: Vec<u8> = q.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut out = vec![0xFFu8; heads * dim * batch * 4];
    let sink_bytes: Vec<u8> = sinks
        .unwrap_or(&[])
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    for wg in 0..batch * kv_heads {
        if sinks.is_some() {
            // SAFETY: as below, with the sinks (`[H]` f32) at offset 0 of their buffer.
            unsafe {
                sinks_entry(kv)(
                    qb.as_ptr(),
                    0,
                    kb.as_ptr(),
                    0,
                    vb.as_ptr(),
                    0,
                    pos.as_ptr(),
                    0,
                    sink_bytes.as_ptr(),
                    0,
                    out.as_mut_ptr(),
                    0,
                    batch,
                    heads,
                    kv_heads,
                    dim,
                    capacity,
                    window,
                    q_cols,
                    scale.to_bits() as usize,
                    wg,
                );
            }
            continue;
        }
        // SAFETY: the buffers hold q, both caches, positions and the output at offset 0 in the
        // shapes the arguments give.
        unsafe {
            entry(kv)(
                qb.as_ptr(),
                0,
                kb.as_ptr(),
                0,
                vb.as_ptr(),
                0,
                pos.as_ptr(),
                0,
                out.as_mut_ptr(),
                0,
                batch,
                heads,
                kv_heads,
                dim,
                capacity,
                window,
                q_cols,
                scale.to_bits() as usize,
                wg,
            );
        }
    }
    let out = floats(&out);
    // Keys `[B+1, Hkv, D, C]`, values `[B+1, C, Hkv, D]`.
    let key = |b: usize, t: usize, h: usize, d: usize| {
        kf[((b * kv_heads + h) * dim + d) * capacity + t] as f64
    };
    let value = |b: usize, t: usize, h: usize, d: usize| {
        vf[((b * capacity + t) * kv_heads + h) * dim + d] as f64
    };
    for b in 0..batch {
        let p = case.positions[b];
        for head in 0..heads {
            let h = head / group;
            let expected: Vec<f64> = if p < 0 {
                vec![0.0; dim]
            } else {
                let keys = (p as usize + 1).min(window);
                let scores: Vec<f64> = (0..keys)
                    .map(|t| {
                        let dot: f64 = (0..dim)
                            .map(|d| q[(head * dim + d) * batch + b] as f64 * key(b, t, h, d))
                            .sum();
                        dot * scale as f64
                    })
                    .collect();
                // A sink is one more score, with no value.
                let sink = sinks.map(|s| s[head] as f64);
                let max = scores
                    .iter()
                    .chain(&sink)
                    .cloned()
                    .fold(f64::NEG_INFINITY, f64::max);
                let e: Vec<f64> = scores.iter().map(|s| (s - max).exp()).collect();
                let sum: f64 = e.iter().sum::<f64>() + sink.map_or(0.0, |s| (s - max).exp());
                (0..dim)
                    .map(|d| (0..keys).map(|t| e[t] * value(b, t, h, d)).sum::<f64>() / sum)
                    .collect()
            };
            for d in 0..dim {
                let got = out[(head * dim + d) * batch + b] as f64;
                assert!(
                    (got - expected[d]).abs() <= 2e-6,
                    "{kv:?} row {b} (pos {p}) head {head} d {d}: {got} vs {}",
                    expected[d]
                );
            }
        }
    }
}

#[test]
fn decode_attention_matches_softmax_attention() {
    // Heads of 512 fit only eight to a kv head; sixteen are refused before any dispatch.
    assert!(kernels::check_decode_attention(512, 8).is_ok());
    assert!(kernels::check_decode_attention(512, 16).is_err());
    assert!(kernels::check_prefill_attention(512, 8).is_err());
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    let cases = [
        // SmolLM2's heads: 9 query heads over 3 kv heads of 64; positions at block edges.
        Case {
            batch: 5,
            heads: 9,
            kv_heads: 3,
            dim: 64,
            capacity: 200,
            window: 192,
            positions: vec![0, 63, 64, 127, 150],
        },
        // Five query heads per kv head (two passes of four), a window mid-block.
        Case {
            batch: 2,
            heads: 10,
            kv_heads: 2,
            dim: 32,
            capacity: 136,
            window: 100,
            positions: vec![135, 17],
        },
        // A window shorter than the position, a padding row, one kv head of 256 (Gemma-like).
        Case {
            batch: 3,
            heads: 4,
            kv_heads: 1,
            dim: 256,
            capacity: 40,
            window: 33,
            positions: vec![39, -1, 32],
        },
        // Gemma 4's global heads: 512 values, eight query heads per kv head (the most whose
        // queries fit the kernel's buffers), across two blocks of keys.
        Case {
            batch: 2,
            heads: 16,
            kv_heads: 2,
            dim: 512,
            capacity: 96,
            window: 96,
            positions: vec![95, 70],
        },
    ];
    for (i, case) in cases.iter().enumerate() {
        for kv in [KvType::F32, KvType::F16, KvType::Bf16] {
            check(case, kv, 7 + i as u64, None);
        }
    }
}

/// gpt-oss's attention sinks: each head's logit joins its softmax. Sinks above, among and
/// below the scores, so that the sink sets the running maximum, is overtaken, or weighs
/// nothing.
#[test]
fn decode_attention_with_sinks_matches_softmax_attention() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    let case = Case {
        batch: 3,
        heads: 8,
        kv_heads: 2,
        dim: 64,
        capacity: 136,
        window: 136,
        positions: vec![0, 70, 135],
    };
    let sinks = [4.0, 0.5, -0.3, 0.0, -30.0, 2.0, 1.0, -1.0];
    for kv in [KvType::F32, KvType::F16, KvType::Bf16] {
        check(&case, kv, 21, Some(&sinks));
    }
}
