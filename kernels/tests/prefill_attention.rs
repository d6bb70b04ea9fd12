//! The prefill attention kernel against a scalar f64 softmax attention: cache types, query
//! heads per kv head (1, 3, 4, 8, 16), head dimensions (64, 80, 128, 256), chunks of 1 to 70
//! tokens starting at position 0 and later, windows shorter than the chunk's last position,
//! positions past the capacity (padding tokens), and slots other than 0.

use kernels::{
    check_prefill_attention, prefill_attention_tokens, prefill_attention_workgroups, KvType,
};

#[allow(dead_code)]
#[path = "common/attention.rs"]
mod attention;
use attention::{prefill_entry, prefill_sinks_entry, stored};

mod common;
use common::{floats, Rng};

struct Case {
    heads: usize,
    kv_heads: usize,
    dim: usize,
    /// Slots of the cache, scratch included.
    slots: usize,
    slot: usize,
    capacity: usize,
    window: usize,
    /// The chunk's first position and its tokens.
    start: usize,
    tokens: usize,
}

fn check(case: &Case, kv: KvType, seed: u64, sinks: Option<&[f32]>) {
    let Case {
        heads,
        kv_heads,
        dim,
        slots,
        slot,
        capacity,
        window,
        start,
        tokens,
    } = *case;
    let group = heads / kv_heads;
    check_prefill_attention(dim, group).unwrap();
    let mut rng = Rng(seed);
    let q: Vec<f32> = (0..heads * dim * tokens).map(|_| rng.unit()).collect();
    let cache_len = slots * capacity * kv_heads * dim;
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
    // Positions as the graph passes them: `[1, G * T]`, head g's tokens at g * T.
    let positions: Vec<i32> = (0..tokens).map(|t| (start + t) as i32).collect();
    let pos: Vec<u8> = (0..group)
        .flat_map(|_| positions.iter())
        .flat_map(|p| p.to_le_bytes())
        .collect();
    let slot_arg = (slot as i32).to_le_bytes();
    let scale = 1.0 / (dim as f32).sqrt();
    let qb: Vec<u8> = q.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut out = vec![0xFFu8; heads * dim * tokens * 4];
    let per_workgroup = prefill_attention_tokens(dim, group);
    for wg in 0..prefill_attention_workgroups(tokens, kv_heads, dim, group) {
        let sizes = (
            tokens,
            heads,
            kv_heads,
            dim,
            capacity,
            window,
            slots,
            per_workgroup,
        );
        let (t, h, hkv, d, c, w, s, tb) = sizes;
        let scale = scale.to_bits() as usize;
        match sinks {
            // SAFETY: the buffers hold q, both caches, positions, the slot and the output at
            // offset 0 in the shapes the arguments give.
            None => unsafe {
                prefill_entry(kv)(
                    qb.as_ptr(),
                    0,
                    kb.as_ptr(),
                    0,
                    vb.as_ptr(),
                    0,
                    pos.as_ptr(),
                    0,
                    slot_arg.as_ptr(),
                    0,
                    out.as_mut_ptr(),
                    0,
                    t,
                    h,
                    hkv,
                    d,
                    c,
                    w,
                    s,
                    tb,
                    scale,
                    wg,
                )
            },
            // SAFETY: as above, and the sinks hold one f32 per query head.
            Some(sinks) => unsafe {
                let sinks: Vec<u8> = sinks.iter().flat_map(|v| v.to_le_bytes()).collect();
                prefill_sinks_entry(kv)(
                    qb.as_ptr(),
                    0,
                    kb.as_ptr(),
                    0,
                    vb.as_ptr(),
                    0,
                    pos.as_ptr(),
                    0,
                    slot_arg.as_ptr(),
                    0,
                    sinks.as_ptr(),
                    0,
                    out.as_mut_ptr(),
                    0,
                    t,
                    h,
                    hkv,
                    d,
                    c,
                    w,
                    s,
                    tb,
                    scale,
                    wg,
                )
            },
        }
    }
    let out = floats(&out);
    // Keys `[slots, Hkv, D, C]`, values `[slots, C, Hkv, D]`.
    let key =
        |t: usize, h: usize, d: usize| kf[((slot * kv_heads + h) * dim + d) * capacity + t] as f64;
    let value =
        |t: usize, h: usize, d: usize| vf[((slot * capacity + t) * kv_heads + h) * dim + d] as f64;
    for (t, &p) in positions.iter().enumerate() {
        let keys = (p as usize + 1).min(window);
        for head in 0..heads {
            let h = head / group;
            let scores: Vec<f64> = (0..keys)
                .map(|k| {
                    let dot: f64 = (0..dim)
                        .map(|d| q[(head * dim + d) * tokens + t] as f64 * key(k, h, d))
                        .sum();
                    dot * scale as f64
                })
                .collect();
            // A sink joins the softmax as a score without a value.
            let sink = sinks.map(|s| s[head] as f64);
            let max = scores
                .iter()
                .chain(sink.as_ref())
                .cloned()
                .fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = scores.iter().map(|s| (s - max).exp()).collect();
            let sum: f64 = e.iter().sum::<f64>() + sink.map_or(0.0, |s| (s - max).exp());
            for d in 0..dim {
                let expected = (0..keys).map(|k| e[k] * value(k, h, d)).sum::<f64>() / sum;
                let got = out[(head * dim + d) * tokens + t] as f64;
                assert!(
                    (got - expected).abs() <= 2e-6,
                    "{kv:?} token {t} (pos {p}) head {head} d {d}: {got} vs {expected}"
                );
            }
        }
    }
}

#[test]
fn prefill_attention_matches_softmax_attention() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    let case = |heads, kv_heads, dim, capacity, window, start, tokens, slot| Case {
        heads,
        kv_heads,
        dim,
        slots: 3,
        slot,
        capacity,
        window,
        start,
        tokens,
    };
    let cases = [
        // One query head per kv head, 70 tokens from position 0 (several token blocks, and
        // key blocks on the diagonal), slot 1.
        case(2, 2, 64, 160, 160, 0, 70, 1),
        // SmolLM2's heads (3 per kv head) at a later start, 17 tokens.
        case(9, 3, 64, 200, 192, 100, 17, 0),
        // Four per kv head of 128, 66 tokens from 90 with a window of 128 shorter than the
        // last position, slot 2.
        case(8, 2, 128, 300, 128, 90, 66, 2),
        // Eight per kv head of 256 (Gemma-like), 5 tokens from 0.
        case(8, 1, 256, 96, 96, 0, 5, 1),
        // One token at a later start (a chunk of a long prompt's tail).
        case(8, 2, 64, 100, 64, 37, 1, 1),
        // Eight per kv head of 128, 17 tokens from 0 in a window of 10 positions.
        case(16, 2, 128, 64, 10, 0, 17, 0),
        // Three per kv head of 256, tokens past the capacity (padding) at a full window.
        case(6, 2, 256, 160, 160, 157, 5, 1),
        // Sixteen per kv head of 80 (four tokens per workgroup, a 16-wide output remainder).
        case(16, 1, 80, 140, 140, 60, 9, 2),
        // Four per kv head of 64, 130 tokens at a later start, window = capacity.
        case(8, 2, 64, 300, 300, 100, 130, 1),
    ];
    for (i, case) in cases.iter().enumerate() {
        for kv in [KvType::F32, KvType::F16, KvType::Bf16] {
            check(case, kv, 11 + i as u64, None);
        }
    }
}

/// gpt-oss's attention sinks in a prefill chunk: each head's logit joins every query's
/// softmax, above, among and below the scores.
#[test]
fn prefill_attention_with_sinks_matches_softmax_attention() {
    if !kernels::host_supported() {
        eprintln!("skipped: this CPU does not run the kernels");
        return;
    }
    let case = Case {
        heads: 8,
        kv_heads: 2,
        dim: 64,
        slots: 3,
        slot: 1,
        capacity: 200,
        window: 200,
        start: 60,
        tokens: 70,
    };
    let sinks = [4.0, 0.5, -0.3, 0.0, -30.0, 2.0, 1.0, -1.0];
    for kv in [KvType::F32, KvType::F16, KvType::Bf16] {
        check(&case, kv, 31, Some(&sinks));
    }
}
