//! Embedding graphs: `embed_hidden_t{T}` runs a packed chunk of several sequences through the
//! layers and returns every token's final normed hidden state, which the engine pools.
//!
//! Inputs of an embedding request are short and need no cache: packing them side by side in
//! one chunk makes each product as wide as a long prompt's prefill chunk, where one call per
//! input would run many narrow products. Each token attends causally over its own sequence
//! only (a mask from the segment ids), and its RoPE position counts from its sequence's start.

use super::attention::{
    head_sinks, heads_to_hidden, queries_by_kv_head, rows_by_kv_head, scores, softmax_parts,
    weighted_values, AttentionForm,
};
use super::forward::{embed, rope_tables};
use super::layer::{norm_gain, rms_norm};
use super::step::{Dims, Step};
use super::weights::Weights;
use super::LayerPlan;
use crate::hlo::{Cmp, ElemType, FuncBuilder, Function, Result, TensorType, Value};

/// The public name of the embedding graph over chunks of `t` tokens.
pub fn embed_name(t: usize) -> String {
    format!("embed_hidden_t{t}")
}

fn i32_ty(shape: impl Into<Vec<i64>>) -> TensorType {
    TensorType::new(shape, ElemType::I32)
}

/// `embed_hidden_t{T}(tokens [T], positions [T], segments [T]) -> [T, E]`: token i is at
/// position `positions[i]` of sequence `segments[i]`; a sequence's tokens are contiguous and
/// in order. Padding tokens take a segment of their own (the engine gives them -1) and their
/// rows are to be ignored. Layer `l` is run by `layers[plan.layers[l].function]`, built with
/// `LayerKinds::packed`.
pub fn embed_function(
    dims: &Dims,
    t: i64,
    weights: &Weights,
    plan: &LayerPlan,
    eps: f64,
    layers: &[Function],
) -> Result<Function> {
    let mut b = FuncBuilder::new(embed_name(t as usize));
    let tokens = b.arg("tokens", i32_ty([t]));
    let positions = b.arg("positions", i32_ty([t]));
    let segments = b.arg("segments", i32_ty([t]));
    let tables = plan
        .ropes
        .iter()
        .map(|table| rope_tables(&mut b, table, &positions))
        .collect::<Result<Vec<_>>>()?;
    let mut x = embed(&mut b, weights, &tokens, dims.embedding_scale)?;
    for (l, params) in weights.layers.iter().enumerate() {
        let layer = plan.layers[l];
        let mut ws: Vec<Value> = Vec::new();
        for p in params {
            ws.extend(p.load(&mut b)?);
        }
        let (cos, sin) = &tables[layer.rope];
        let mut operands = vec![&x, cos, sin, &segments];
        operands.extend(&ws);
        x = b.call(&layers[layer.function], &operands)?.remove(0);
    }
    let norm = b.global_load(&weights.norm.name, &weights.norm.ty);
    let norm = b.convert(&norm, ElemType::F32);
    let norm = norm_gain(&mut b, &norm, dims.norm_offset)?;
    let x = rms_norm(&mut b, &x, &norm, eps)?;
    // A row per token, so that a sequence's rows are contiguous for the host's pooling.
    let rows = b.transpose(&x, &[1, 0])?;
    Ok(b.finish(&[&rows]))
}

/// Attention of a packed chunk's `q` (`[H*D, T]`, RoPE applied) over its own `k` and `v`
/// (`[Hkv*D, T]`): query i sees key j when both belong to the same sequence and `j <= i` (and
/// `i - j < window` in a sliding-window layer). Returns `[H*D, T]`.
pub fn packed_attention(
    b: &mut FuncBuilder,
    dims: &Dims,
    form: AttentionForm,
    [q, k, v]: [&Value; 3],
    segments: &Value,
    window: Option<i64>,
    sinks: Option<&Value>,
) -> Result<Value> {
    let t = q.dim(1);
    // The chunk as one prefill row over a window of its own T tokens: queries are
    // (group head, token) pairs, as the cached prefill's are.
    let step = Step::Prefill { t, w: t };
    let (qn, d) = (step.queries(dims), dims.head_dim);
    let q = queries_by_kv_head(b, dims, step, q)?;
    let k = b.reshape(k, &[dims.kv_heads, d, t])?;
    let v = rows_by_kv_head(b, dims, v)?;
    let mask = packed_mask(b, dims, segments, window)?;
    let masked = b.splat(mask.ty().with_elem(ElemType::F32), f64::NEG_INFINITY)?;
    let mut heads = Vec::new();
    for h in 0..dims.kv_heads {
        let qh = b.slice_dim(&q, 1, h, 1)?;
        let qh = b.reshape(&qh, &[1, qn, d])?;
        let kh = b.slice_dim(&k, 0, h, 1)?;
        let vh = b.slice_dim(&v, 0, h, 1)?;
        let s = scores(b, form, dims.attention_scale, &qh, &kh)?;
        let s = b.select(&mask, &s, &masked)?;
        let sink = match sinks {
            Some(sinks) => Some(head_sinks(b, dims, step, sinks, h)?),
            None => None,
        };
        let (e, sum) = softmax_parts(b, &s, sink.as_ref())?;
        let o = weighted_values(b, form, &e, &sum, &vh)?;
        heads.push(b.reshape(&o, &[1, 1, qn, d])?);
    }
    let o = b.concatenate(&heads.iter().collect::<Vec<_>>(), 1)?;
    heads_to_hidden(b, dims, step, &o)
}

/// `[1, group * T, T]`: query (head g, token i) sees token j when `segments[i] ==
/// segments[j]`, `j <= i` and, with a window, `i - j < window`. Within a sequence chunk
/// indices differ as positions do, so the causal and window tests need no positions. Built
/// in each layer from the segments, as the cached steps build theirs from positions.
fn packed_mask(
    b: &mut FuncBuilder,
    dims: &Dims,
    segments: &Value,
    window: Option<i64>,
) -> Result<Value> {
    let t = segments.dim(0);
    let square = i32_ty([t, t]);
    let query_seg = b.broadcast_in_dim(segments, &[t, t], &[0])?;
    let key_seg = b.broadcast_in_dim(segments, &[t, t], &[1])?;
    let same = b.compare(Cmp::Eq, &query_seg, &key_seg)?;
    let i = b.iota(square.clone(), 0)?;
    let j = b.iota(square.clone(), 1)?;
    let causal = b.compare(Cmp::Le, &j, &i)?;
    let mut mask = b.and(&same, &causal)?;
    if let Some(window) = window {
        let back = b.subtract(&i, &j)?;
        let window = b.splat(square, window as f64)?;
        let recent = b.compare(Cmp::Lt, &back, &window)?;
        mask = b.and(&mask, &recent)?;
    }
    let g = dims.group;
    let mask = b.broadcast_in_dim(&mask, &[1, g, t, t], &[2, 3])?;
    b.reshape(&mask, &[1, g * t, t])
}
