//! KV cache writes and attention over a cache window.
//!
//! Attention runs per kv head with the cache windows as the `[rows, D, W]` (keys) and
//! `[rows, W, D]` (values) operands of `dot_general`: IREE reads both in place, where one
//! `dot_general` over all heads would transpose the window of every layer. GPUs, where each
//! head's products are kernels of their own, decode with all heads at once instead
//! ([`AttentionHeads`]). Keys are stored
//! with positions innermost (see [`Dims::key_cache_type_for`]) so that q·kᵀ sums over rows of
//! the window instead of along each key.

use super::step::{Dims, Step};
use crate::hlo::{
    Cmp, DotDims, ElemType, ExternDispatch, FuncBuilder, GatherDims, ReduceOp, Result, ScatterDims,
    TensorType, Value,
};

/// Writes new V (`[Hkv*D, M]`, rounded to the cache's type) at the `(slot, position)` pairs
/// of `index` (`[M, 2]`) and returns the updated cache, which all later reads must use.
pub fn write_values(
    b: &mut FuncBuilder,
    dims: &Dims,
    cache: &Value,
    index: &Value,
    kv: &Value,
) -> Result<Value> {
    if dims.attention_heads == AttentionHeads::Together {
        return write_values_by_head(b, dims, cache, index, kv);
    }
    let m = kv.dim(1);
    let kv = b.reshape(kv, &[dims.kv_heads, dims.head_dim, m])?;
    let rows = b.transpose(&kv, &[2, 0, 1])?;
    let rows = b.convert(&rows, cache.ty().elem);
    let scatter = ScatterDims {
        update_window_dims: vec![1, 2],
        inserted_window_dims: vec![0, 1],
        scatter_dims_to_operand_dims: vec![0, 1],
        index_vector_dim: 1,
        unique_indices: true,
    };
    b.scatter(cache, index, &rows, &scatter)
}

/// Writes new K (`[Hkv*D, M]`) into a `[S', Hkv, D, P']` cache (see [`Dims::cache_type`]) at
/// the `(slot, position)` pairs of `index` (`[M, 2]`), as the updated cache. IREE 3.13
/// scatters only into leading dims, and the position is the last one here, so the cache is
/// scattered as one flat vector, element `((slot·Hkv + h)·D + d)·P' + position` for each of
/// the Hkv·D values of each token: still in place, and `[Hkv*D, M]` is already in that order.
pub fn write_keys(b: &mut FuncBuilder, cache: &Value, index: &Value, k: &Value) -> Result<Value> {
    let p = cache.dim(3);
    scatter_flat(b, cache, index, k, 1, |b, ty| {
        let row = b.iota(ty.clone(), 0)?;
        let p_splat = b.splat(ty, p as f64)?;
        b.multiply(&row, &p_splat)
    })
}

/// Writes new V (`[Hkv*D, M]`) into a head-major `[S', Hkv, P', D]` cache (see
/// [`Dims::value_cache_type_for`]) as [`write_keys`] does: element
/// `((slot·Hkv + h)·P' + position)·D + d`.
fn write_values_by_head(
    b: &mut FuncBuilder,
    dims: &Dims,
    cache: &Value,
    index: &Value,
    v: &Value,
) -> Result<Value> {
    let (p, d, m) = (cache.dim(2), dims.head_dim, v.dim(1));
    scatter_flat(b, cache, index, v, d, |b, ty| {
        let ty = TensorType::new([dims.kv_heads, d, m], ty.elem);
        let head = b.iota(ty.clone(), 0)?;
        let head_stride = b.splat(ty.clone(), (p * d) as f64)?;
        let head = b.multiply(&head, &head_stride)?;
        let within = b.iota(ty, 1)?;
        let offsets = b.add(&head, &within)?;
        b.reshape(&offsets, &[dims.kv_heads * d, m])
    })
}

/// `cache` with the `[rows, M]` `values` written, converted to its type, at flat elements
/// `slot·(slot's elements) + position·pos_stride + offsets[row, m]`, where `(slot, position)`
/// is token m's pair in `index` (`[M, 2]`) and `offsets` builds the `[rows, M]` i32 offsets.
fn scatter_flat(
    b: &mut FuncBuilder,
    cache: &Value,
    index: &Value,
    values: &Value,
    pos_stride: i64,
    offsets: impl FnOnce(&mut FuncBuilder, TensorType) -> Result<Value>,
) -> Result<Value> {
    let (rows, m) = (values.dim(0), values.dim(1));
    let per_slot = cache.ty().num_elements() / cache.dim(0);
    let i32_ty = |shape: &[i64]| TensorType::new(shape, ElemType::I32);
    let slot = b.slice_dim(index, 1, 0, 1)?;
    let slot = b.reshape(&slot, &[m])?;
    let pos = b.slice_dim(index, 1, 1, 1)?;
    let pos = b.reshape(&pos, &[m])?;
    let stride = b.splat(i32_ty(&[m]), per_slot as f64)?;
    let base = b.multiply(&slot, &stride)?;
    let pos = match pos_stride {
        1 => pos,
        n => {
            let n = b.splat(i32_ty(&[m]), n as f64)?;
            b.multiply(&pos, &n)?
        }
    };
    let base = b.add(&base, &pos)?;
    let base = b.broadcast_in_dim(&base, &[rows, m], &[1])?;
    let offsets = offsets(b, i32_ty(&[rows, m]))?;
    let flat_index = b.add(&base, &offsets)?;
    let flat_index = b.reshape(&flat_index, &[rows * m, 1])?;
    let values = b.convert(values, cache.ty().elem);
    let values = b.reshape(&values, &[rows * m])?;
    let flat = b.reshape(cache, &[cache.ty().num_elements()])?;
    let scatter = ScatterDims {
        update_window_dims: vec![],
        inserted_window_dims: vec![0],
        scatter_dims_to_operand_dims: vec![0],
        index_vector_dim: 1,
        unique_indices: true,
    };
    let flat = b.scatter(&flat, &flat_index, &values, &scatter)?;
    b.reshape(&flat, cache.shape())
}

/// Which cache a window is read from: keys `[S', Hkv, D, P']` or values `[S', P', Hkv, D]`
/// (head-major `[S', Hkv, P', D]` with [`AttentionHeads::Together`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cache {
    Keys,
    Values,
}

/// Positions `[0, W)` of kv head `h` in the attended slots, as `[R, D, W]` (keys) or
/// `[R, W, D]` (values). Decode reads a static slice of slots `[0, B)` in place. Prefill
/// gathers (slot, h): the slot index stays on the device (a dynamic slice reads it back to
/// the host), and the matmul gets a contiguous operand, as IREE 3.13 fails to compile
/// data-tiled matmuls on a strided head slice of a gathered window.
fn head_window(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    which: Cache,
    cache: &Value,
    slot: Option<&Value>,
    h: i64,
) -> Result<Value> {
    let (w, d) = (step.window(), dims.head_dim);
    // Where head h's window starts and ends in a slot, the head axis, and its shape as read.
    let by_head = dims.attention_heads == AttentionHeads::Together;
    let (start, limit, head_axis, shape) = match which {
        Cache::Keys => ([0, h, 0, 0], [1, h + 1, d, w], 1, [step.rows(), d, w]),
        Cache::Values if by_head => ([0, h, 0, 0], [1, h + 1, w, d], 1, [step.rows(), w, d]),
        Cache::Values => ([0, 0, h, 0], [1, w, h + 1, d], 2, [step.rows(), w, d]),
    };
    let window = match (step, slot) {
        (Step::Decode { b: rows, .. }, _) => {
            let mut limit = limit;
            limit[0] = rows;
            b.slice(cache, &start, &limit)?
        }
        (Step::Prefill { .. }, Some(slot)) => {
            let head = b.constant(TensorType::new([1, 1], ElemType::I32), h as f64);
            let index = b.concatenate(&[slot, &head], 1)?;
            let mut slice_sizes: Vec<i64> = limit.iter().zip(start).map(|(l, s)| l - s).collect();
            slice_sizes[0] = 1;
            let gather = GatherDims {
                offset_dims: vec![1, 2, 3],
                collapsed_slice_dims: vec![0],
                start_index_map: vec![0, head_axis],
                index_vector_dim: 1,
                slice_sizes,
            };
            b.gather(cache, &index, &gather)?
        }
        (Step::Prefill { .. }, None) => unreachable!("prefill attends to a slot"),
    };
    let window = b.reshape(&window, &shape)?;
    Ok(b.convert(&window, ElemType::F32))
}

/// How attention goes over the kv heads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttentionHeads {
    /// One product pair per kv head, reading each head's window in place (see the module's
    /// docs): the CPU's form.
    #[default]
    Apart,
    /// A decode step's kv heads in one product pair, a batch dimension more, over a
    /// head-major values cache (see `Dims::value_cache_type_for`) read in place. On CUDA the
    /// loop costs three kernels per kv head and layer, 24 a Llama-3.2-1B layer, and at B = 8
    /// each took 77-98 µs (profiled on an H200). Prefill, sinks and ring chunks stay apart.
    /// The CPU attention kernels read position-major values and are not used with it.
    Together,
}

/// How the two attention contractions (scores, weighted values) are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AttentionForm {
    /// `dot_general`, reading the cache window in place: the fastest form, for modules
    /// compiled without data tiling. With `--iree-opt-data-tiling`, IREE 3.13 would repack
    /// the window of a decode batch every step, and fails to compile it at SmolLM2 sizes.
    #[default]
    Matmul,
    /// Broadcast-multiply-reduce with the scale (scores) and the softmax normalisation
    /// (values) folded into the reduction, so IREE sees reductions, not matmuls, and never
    /// data-tiles the cache window: compiles with data tiling, but runs attention ~2-4x
    /// slower.
    Reduce,
    /// Scores, masked softmax and weighted values as one `iree_linalg_ext.attention` op
    /// (`FuncBuilder::attention`): one kernel where the other forms take three, for GPUs.
    /// A head with sinks keeps the written-out matmul form (the op has no sink term).
    Fused,
}

/// The K and V a step attends over: the first `step.window()` positions of the caches
/// (`[S', Hkv, D, P']` and `[S', P', Hkv, D]` or head-major, see [`Cache`]), then, for a ring
/// layer's prefill, the chunk's own K and V (`[Hkv*D, T]`), which the ring may not hold in
/// full.
pub struct Keys<'a> {
    pub k_cache: &'a Value,
    pub v_cache: &'a Value,
    pub fresh: Option<(&'a Value, &'a Value)>,
}

/// `[Hkv*D, T]` as `[Hkv, T, D]`, so that each kv head is a `[1, T, D]` slice.
pub(super) fn rows_by_kv_head(b: &mut FuncBuilder, dims: &Dims, x: &Value) -> Result<Value> {
    let x = b.reshape(x, &[dims.kv_heads, dims.head_dim, x.dim(1)])?;
    b.transpose(&x, &[0, 2, 1])
}

/// Attention of `q` (`[H*D, M]`, RoPE applied) over `keys`; `mask` (`[R, Q, K]`) marks the
/// keys each query may see; `sinks` (`[H]`), where the model has them, join each head's
/// softmax. Returns `[H*D, M]`.
#[allow(clippy::too_many_arguments)]
pub fn attend(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    form: AttentionForm,
    q: &Value,
    keys: &Keys,
    mask: &Value,
    slot: Option<&Value>,
    sinks: Option<&Value>,
) -> Result<Value> {
    let q = queries_by_kv_head(b, dims, step, q)?;
    let together = dims.attention_heads == AttentionHeads::Together
        && keys.fresh.is_none()
        && sinks.is_none()
        && match step {
            Step::Decode { .. } => matches!(form, AttentionForm::Matmul | AttentionForm::Fused),
            Step::Prefill { .. } => form == AttentionForm::Fused,
        };
    if together {
        return attend_together(b, dims, step, form, &q, keys, mask, slot);
    }
    let (r, qn, d) = (step.rows(), step.queries(dims), dims.head_dim);
    let masked = b.splat(mask.ty().with_elem(ElemType::F32), f64::NEG_INFINITY)?;
    let fresh = match keys.fresh {
        Some((k, v)) => {
            let k = b.reshape(k, &[dims.kv_heads, dims.head_dim, k.dim(1)])?;
            Some((k, rows_by_kv_head(b, dims, v)?))
        }
        None => None,
    };
    let mut heads = Vec::new();
    for h in 0..dims.kv_heads {
        let qh = b.slice_dim(&q, 1, h, 1)?;
        let qh = b.reshape(&qh, &[r, qn, d])?;
        let mut kh = head_window(b, dims, step, Cache::Keys, keys.k_cache, slot, h)?;
        let mut vh = head_window(b, dims, step, Cache::Values, keys.v_cache, slot, h)?;
        if let Some((k, v)) = &fresh {
            let (kf, vf) = (b.slice_dim(k, 0, h, 1)?, b.slice_dim(v, 0, h, 1)?);
            kh = b.concatenate(&[&kh, &kf], 2)?;
            vh = b.concatenate(&[&vh, &vf], 1)?;
        }
        let sink = match sinks {
            Some(sinks) => Some(head_sinks(b, dims, step, sinks, h)?),
            None => None,
        };
        if form == AttentionForm::Fused && sink.is_none() {
            let o = b.attention(&qh, &kh, &vh, dims.attention_scale, mask)?;
            heads.push(b.reshape(&o, &[r, 1, qn, d])?);
            continue;
        }
        let s = scores(b, form, dims.attention_scale, &qh, &kh)?;
        let s = b.select(mask, &s, &masked)?;
        let (e, sum) = softmax_parts(b, &s, sink.as_ref())?;
        let o = weighted_values(b, form, &e, &sum, &vh)?;
        heads.push(b.reshape(&o, &[r, 1, qn, d])?);
    }
    let o = b.concatenate(&heads.iter().collect::<Vec<_>>(), 1)?;
    heads_to_hidden(b, dims, step, &o)
}

/// [`AttentionHeads::Together`]: a step's `q` (`[R, Hkv, Q, D]`) over the first `W` positions
/// of its rows' slots (a prefill chunk's one slot), every kv head at once. Returns `[H*D, M]`.
#[allow(clippy::too_many_arguments)]
fn attend_together(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    form: AttentionForm,
    q: &Value,
    keys: &Keys,
    mask: &Value,
    slot: Option<&Value>,
) -> Result<Value> {
    let (r, hkv, qn, d, w) = (
        step.rows(),
        dims.kv_heads,
        step.queries(dims),
        dims.head_dim,
        step.window(),
    );
    // Head-major values (see `Dims::value_cache_type_for`), so every window is one block.
    let (k, v) = match (step, slot) {
        (Step::Decode { .. }, _) => (
            b.slice(keys.k_cache, &[0, 0, 0, 0], &[r, hkv, d, w])?,
            b.slice(keys.v_cache, &[0, 0, 0, 0], &[r, hkv, w, d])?,
        ),
        (Step::Prefill { .. }, Some(slot)) => (
            slot_window(b, keys.k_cache, slot, [hkv, d, w])?,
            slot_window(b, keys.v_cache, slot, [hkv, w, d])?,
        ),
        (Step::Prefill { .. }, None) => unreachable!("prefill attends to a slot"),
    };
    let k = b.convert(&k, ElemType::F32);
    let v = b.convert(&v, ElemType::F32);
    if form == AttentionForm::Fused {
        let o = b.attention(q, &k, &v, dims.attention_scale, mask)?;
        return heads_to_hidden(b, dims, step, &o);
    }
    let s = b.dot_general(q, &k, &DotDims::contract(3, 2).batch(0, 0).batch(1, 1))?;
    let scale = b.splat(s.ty().clone(), dims.attention_scale)?;
    let s = b.multiply(&s, &scale)?;
    let full = [r, hkv, qn, w];
    let mask = b.broadcast_in_dim(mask, &full, &[0, 2, 3])?;
    let masked = b.splat(mask.ty().with_elem(ElemType::F32), f64::NEG_INFINITY)?;
    let s = b.select(&mask, &s, &masked)?;
    let (e, sum) = softmax_parts(b, &s, None)?;
    let sum = b.broadcast_in_dim(&sum, &full, &[0, 1, 2])?;
    let p = b.divide(&e, &sum)?;
    let o = b.dot_general(&p, &v, &DotDims::contract(3, 2).batch(0, 0).batch(1, 1))?;
    heads_to_hidden(b, dims, step, &o)
}

/// The first `size` of `slot`'s block of a cache, every kv head (`[1, ...size]`): gathered,
/// as the slot index stays on the device (see [`head_window`]).
fn slot_window(b: &mut FuncBuilder, cache: &Value, slot: &Value, size: [i64; 3]) -> Result<Value> {
    let gather = GatherDims {
        offset_dims: vec![1, 2, 3],
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: [1].into_iter().chain(size).collect(),
    };
    let window = b.gather(cache, slot, &gather)?;
    b.reshape(&window, &[1, size[0], size[1], size[2]])
}

/// `scale · q·kᵀ` for `q` `[R, Q, D]` and `k` `[R, D, W]`, as `[R, Q, W]`.
pub(super) fn scores(
    b: &mut FuncBuilder,
    form: AttentionForm,
    scale: f64,
    q: &Value,
    k: &Value,
) -> Result<Value> {
    let (r, qn, d, w) = (q.dim(0), q.dim(1), q.dim(2), k.dim(2));
    match form {
        AttentionForm::Matmul | AttentionForm::Fused => {
            let s = batched_dot(b, q, k, 2, 1)?;
            let scale = b.splat(s.ty().clone(), scale)?;
            b.multiply(&s, &scale)
        }
        AttentionForm::Reduce => {
            let shape = [r, qn, d, w];
            let qb = b.broadcast_in_dim(q, &shape, &[0, 1, 2])?;
            let kb = b.broadcast_in_dim(k, &shape, &[0, 2, 3])?;
            let prod = b.multiply(&qb, &kb)?;
            let scale = b.splat(prod.ty().clone(), scale)?;
            let prod = b.multiply(&prod, &scale)?;
            b.reduce_with(&prod, 0.0, ReduceOp::Add, &[2])
        }
    }
}

/// `Σ_w e[w] v[w] / sum` for `e` `[R, Q, W]`, `sum` `[R, Q]`, `v` `[R, W, D]`: `[R, Q, D]`.
pub(super) fn weighted_values(
    b: &mut FuncBuilder,
    form: AttentionForm,
    e: &Value,
    sum: &Value,
    v: &Value,
) -> Result<Value> {
    match form {
        AttentionForm::Matmul | AttentionForm::Fused => {
            let sum = b.broadcast_in_dim(sum, e.shape(), &[0, 1])?;
            let p = b.divide(e, &sum)?;
            batched_dot(b, &p, v, 2, 1)
        }
        AttentionForm::Reduce => {
            let shape = [e.dim(0), e.dim(1), e.dim(2), v.dim(2)];
            let eb = b.broadcast_in_dim(e, &shape, &[0, 1, 2])?;
            let vb = b.broadcast_in_dim(v, &shape, &[0, 2, 3])?;
            let sum = b.broadcast_in_dim(sum, &shape, &[0, 1])?;
            let prod = b.multiply(&eb, &vb)?;
            let prod = b.divide(&prod, &sum)?;
            b.reduce_with(&prod, 0.0, ReduceOp::Add, &[2])
        }
    }
}

/// `dot_general` batched over dimension 0 of two rank-3 operands. A batch of one is written
/// as a plain matmul: data tiling handles that, where its batched form fails to compile at
/// prefill sizes.
fn batched_dot(
    b: &mut FuncBuilder,
    x: &Value,
    y: &Value,
    x_contract: usize,
    y_contract: usize,
) -> Result<Value> {
    if x.dim(0) > 1 {
        return b.dot_general(x, y, &DotDims::contract(x_contract, y_contract).batch(0, 0));
    }
    let x2 = b.reshape(x, &x.shape()[1..])?;
    let y2 = b.reshape(y, &y.shape()[1..])?;
    let z = b.dot_general(&x2, &y2, &DotDims::contract(x_contract - 1, y_contract - 1))?;
    let mut shape = vec![1];
    shape.extend_from_slice(z.shape());
    b.reshape(&z, &shape)
}

/// Softmax numerator and denominator over the last dimension of scores such as `[R, Q, W]`:
/// `exp(s - max)` and its sum (`[R, Q]`). A sink (shaped as the sum) is one more score in
/// the maximum and the sum, with no value of its own.
pub(super) fn softmax_parts(
    b: &mut FuncBuilder,
    s: &Value,
    sink: Option<&Value>,
) -> Result<(Value, Value)> {
    let last = s.ty().rank() - 1;
    let kept: Vec<usize> = (0..last).collect();
    let mut max = b.reduce_with(s, f64::NEG_INFINITY, ReduceOp::Max, &[last])?;
    if let Some(sink) = sink {
        max = b.maximum(&max, sink)?;
    }
    let wide = b.broadcast_in_dim(&max, s.shape(), &kept)?;
    let e = b.subtract(s, &wide)?;
    let e = b.exp(&e)?;
    let mut sum = b.reduce_with(&e, 0.0, ReduceOp::Add, &[last])?;
    if let Some(sink) = sink {
        let own = b.subtract(sink, &max)?;
        let own = b.exp(&own)?;
        sum = b.add(&sum, &own)?;
    }
    Ok((e, sum))
}

/// The sinks of kv head `h`'s query heads laid out as its queries are (`[R, Q]`): decode
/// rows hold one query per group head; a prefill chunk's queries are (group head, token)
/// pairs, group head major (see [`queries_by_kv_head`]).
pub(super) fn head_sinks(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    sinks: &Value,
    h: i64,
) -> Result<Value> {
    let (r, qn, g) = (step.rows(), step.queries(dims), dims.group);
    let own = b.slice_dim(sinks, 0, h * g, g)?;
    match step {
        Step::Decode { .. } => b.broadcast_in_dim(&own, &[r, qn], &[1]),
        Step::Prefill { .. } => {
            let t = qn / g;
            let own = b.broadcast_in_dim(&own, &[g, t], &[0])?;
            b.reshape(&own, &[r, qn])
        }
    }
}

/// `[H*D, M]` to `[R, Hkv, Q, D]`: decode rows are tokens; a prefill chunk is one row whose
/// queries are (group head, token) pairs.
pub(super) fn queries_by_kv_head(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    q: &Value,
) -> Result<Value> {
    let m = step.tokens();
    let q = b.reshape(q, &[dims.kv_heads, dims.group, dims.head_dim, m])?;
    match step {
        Step::Decode { .. } => b.transpose(&q, &[3, 0, 1, 2]),
        Step::Prefill { .. } => {
            let q = b.transpose(&q, &[0, 1, 3, 2])?;
            b.reshape(&q, &[1, dims.kv_heads, step.queries(dims), dims.head_dim])
        }
    }
}

/// Inverse of [`queries_by_kv_head`].
pub(super) fn heads_to_hidden(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    o: &Value,
) -> Result<Value> {
    let (m, hd) = (step.tokens(), dims.heads * dims.head_dim);
    match step {
        Step::Decode { .. } => {
            let o = b.reshape(o, &[m, hd])?;
            b.transpose(&o, &[1, 0])
        }
        Step::Prefill { .. } => {
            let o = b.reshape(o, &[dims.kv_heads, dims.group, m, dims.head_dim])?;
            let o = b.transpose(&o, &[0, 1, 3, 2])?;
            b.reshape(&o, &[hd, m])
        }
    }
}

/// `mask[r, q, w] = w <= positions[r, q]`, with positions `[R, Q]` broadcast over the window.
pub fn causal_mask(b: &mut FuncBuilder, positions: &Value, window: i64) -> Result<Value> {
    let mut shape = positions.shape().to_vec();
    shape.push(window);
    let ty = positions.ty().with_shape(shape.clone());
    let p = b.broadcast_in_dim(positions, &shape, &(0..shape.len() - 1).collect::<Vec<_>>())?;
    let w = b.iota(ty, shape.len() - 1)?;
    b.compare(Cmp::Le, &w, &p)
}

/// The mask of a ring layer's prefill: query at `qp` (`[R, Q]`) sees key at `kp` (`[K]`) when
/// `0 <= kp <= qp` and `qp - kp < window`; a negative `kp` marks a ring entry never written.
pub fn window_mask(
    b: &mut FuncBuilder,
    query_pos: &Value,
    key_pos: &Value,
    window: i64,
) -> Result<Value> {
    let (r, q, k) = (query_pos.dim(0), query_pos.dim(1), key_pos.dim(0));
    let shape = [r, q, k];
    let qp = b.broadcast_in_dim(query_pos, &shape, &[0, 1])?;
    let kp = b.broadcast_in_dim(key_pos, &shape, &[2])?;
    let ty = qp.ty().clone();
    let zero = b.splat(ty.clone(), 0.0)?;
    let written = b.compare(Cmp::Ge, &kp, &zero)?;
    let causal = b.compare(Cmp::Le, &kp, &qp)?;
    let window = b.splat(ty, window as f64)?;
    let oldest = b.subtract(&qp, &window)?;
    let recent = b.compare(Cmp::Gt, &kp, &oldest)?;
    let mask = b.and(&written, &causal)?;
    b.and(&mask, &recent)
}

/// Whether a decode step over a full-capacity cache runs its attention in the CPU kernel:
/// kernels on, and heads the kernel takes.
pub fn decode_kernel_applies(dims: &Dims, step: Step) -> bool {
    dims.kernels
        && dims.attention_heads == AttentionHeads::Apart
        && kernels::Object::get().is_some()
        && matches!(step, Step::Decode { .. })
        && kv_type(dims.kv_dtype).is_some()
        && kernels::check_decode_attention(dims.head_dim as usize, dims.group as usize).is_ok()
}

/// Whether a prefill step over a full-capacity cache runs its attention in the CPU kernel:
/// kernels on, and heads the kernel takes.
pub fn prefill_kernel_applies(dims: &Dims, step: Step) -> bool {
    dims.kernels
        && dims.attention_heads == AttentionHeads::Apart
        && kernels::Object::get().is_some()
        && matches!(step, Step::Prefill { .. })
        && kv_type(dims.kv_dtype).is_some()
        && kernels::check_prefill_attention(dims.head_dim as usize, dims.group as usize).is_ok()
}

/// What both attention kernels' dispatches take from the module: the kernel object, the
/// caches' element type, slots and positions (checked alike in K and V), and the score scale
/// as f32 bits.
struct KernelParts {
    kv: kernels::KvType,
    object: String,
    slots: i64,
    capacity: i64,
    scale: i64,
}

impl KernelParts {
    fn new(op: &str, dims: &Dims, k_cache: &Value, v_cache: &Value) -> Result<KernelParts> {
        let error = |detail: String| crate::hlo::ShapeError {
            op: op.into(),
            detail,
        };
        let kv =
            kv_type(dims.kv_dtype).ok_or_else(|| error(format!("KV type {}", dims.kv_dtype)))?;
        let object = kernels::Object::get().ok_or_else(|| error("no CPU kernels".into()))?;
        let (slots, capacity) = (v_cache.dim(0), v_cache.dim(1));
        if k_cache.dim(3) != capacity || k_cache.dim(0) != slots {
            return Err(error(format!(
                "K cache {} and V cache {} differ in slots or positions",
                k_cache.ty(),
                v_cache.ty()
            )));
        }
        Ok(KernelParts {
            kv,
            object: object.file_name(),
            slots,
            capacity,
            scale: (dims.attention_scale as f32).to_bits() as i64,
        })
    }
}

fn kv_type(elem: ElemType) -> Option<kernels::KvType> {
    match elem {
        ElemType::F32 => Some(kernels::KvType::F32),
        ElemType::F16 => Some(kernels::KvType::F16),
        ElemType::Bf16 => Some(kernels::KvType::Bf16),
        _ => None,
    }
}

/// Decode attention in one kernel dispatch: row b's query `q` (`[H*D, B]`, RoPE applied)
/// over positions `0..=query_pos[b, 0]` (below the step's window) of slot b in the updated
/// caches; padding rows (negative positions) give zeros. Reads only the live positions,
/// where the graph's form reads and masks the whole window bucket. `[H*D, B]`. With `sinks`
/// (`[H]`), each head's logit joins its softmax.
#[allow(clippy::too_many_arguments)]
pub fn decode_attention_kernel(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    q: &Value,
    k_cache: &Value,
    v_cache: &Value,
    query_pos: &Value,
    sinks: Option<&Value>,
) -> Result<Value> {
    let KernelParts {
        kv,
        object,
        capacity,
        scale,
        ..
    } = KernelParts::new("decode_attention_kernel", dims, k_cache, v_cache)?;
    let (rows, window) = (step.rows(), step.window());
    let (heads, kv_heads, d) = (dims.heads, dims.kv_heads, dims.head_dim);
    let q_cols = query_pos.dim(1);
    let symbol = match sinks {
        Some(_) => kernels::decode_attention_sinks_symbol(kv),
        None => kernels::decode_attention_symbol(kv),
    };
    let mut operands = vec![q, k_cache, v_cache, query_pos];
    operands.extend(sinks);
    let mut bindings: Vec<TensorType> = operands.iter().map(|v| v.ty().clone()).collect();
    bindings.push(TensorType::new([heads * d, rows], ElemType::F32));
    let dispatch = ExternDispatch {
        object,
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!(
            "{symbol}_b{rows}_h{heads}x{kv_heads}_d{d}_c{capacity}_w{window}_q{q_cols}_s{scale:x}"
        ),
        symbol: symbol.into(),
        bindings,
        results: 1,
        constants: vec![rows, heads, kv_heads, d, capacity, window, q_cols, scale],
        workgroups: rows * kv_heads,
    };
    Ok(b.dispatch(&dispatch, &operands)?.remove(0))
}

/// Prefill attention in one kernel dispatch: token t's queries `q` (`[H*D, T]`, RoPE applied)
/// over positions `0..=query_pos[0, t]` (below the step's window) of `slot` (`[1, 1]`) in the
/// updated caches. The kernel keeps a running softmax per query over blocks of positions, so
/// no `[group*T, W]` score matrix is ever written, and reads only the positions its tokens
/// see. With `sinks` (`[H]`), each head's logit joins its queries' softmax. `[H*D, T]`.
#[allow(clippy::too_many_arguments)]
pub fn prefill_attention_kernel(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    q: &Value,
    k_cache: &Value,
    v_cache: &Value,
    query_pos: &Value,
    slot: &Value,
    sinks: Option<&Value>,
) -> Result<Value> {
    const OP: &str = "prefill_attention_kernel";
    let error = |detail: String| crate::hlo::ShapeError {
        op: OP.into(),
        detail,
    };
    let Step::Prefill {
        t: tokens,
        w: window,
    } = step
    else {
        return Err(error(format!("{} is not a prefill step", step.tag())));
    };
    let KernelParts {
        kv,
        object,
        slots,
        capacity,
        scale,
    } = KernelParts::new(OP, dims, k_cache, v_cache)?;
    let (heads, kv_heads, d, group) = (dims.heads, dims.kv_heads, dims.head_dim, dims.group);
    kernels::check_prefill_attention(d as usize, group as usize)
        .map_err(|e| error(e.to_string()))?;
    if q.shape() != [heads * d, tokens] || query_pos.ty().num_elements() < tokens {
        return Err(error(format!(
            "q {} or positions {} do not hold {tokens} tokens",
            q.ty(),
            query_pos.ty()
        )));
    }
    if window > capacity {
        return Err(error(format!("window {window} past capacity {capacity}")));
    }
    let per_workgroup = kernels::prefill_attention_tokens(d as usize, group as usize) as i64;
    let workgroups = kernels::prefill_attention_workgroups(
        tokens as usize,
        kv_heads as usize,
        d as usize,
        group as usize,
    ) as i64;
    let symbol = match sinks {
        Some(_) => kernels::prefill_attention_sinks_symbol(kv),
        None => kernels::prefill_attention_symbol(kv),
    };
    let mut operands = vec![q, k_cache, v_cache, query_pos, slot];
    operands.extend(sinks);
    let mut bindings: Vec<TensorType> = operands.iter().map(|v| v.ty().clone()).collect();
    bindings.push(TensorType::new([heads * d, tokens], ElemType::F32));
    let dispatch = ExternDispatch {
        object,
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!(
            "{symbol}_t{tokens}_h{heads}x{kv_heads}_d{d}_c{capacity}_w{window}_slots{slots}_s{scale:x}"
        ),
        symbol: symbol.into(),
        bindings,
        results: 1,
        constants: vec![
            tokens,
            heads,
            kv_heads,
            d,
            capacity,
            window,
            slots,
            per_workgroup,
            scale,
        ],
        workgroups,
    };
    Ok(b.dispatch(&dispatch, &operands)?.remove(0))
}
