//! The layer stack of one step as a private function: step inputs (positions, cache indices,
//! mask, RoPE tables), embedding, every layer with its cache update, final RMSNorm.

use super::grouped_kernel::{gather_kernel, weight_kernel, GroupedParts};
use super::layer::{norm_gain, rms_norm};
use super::layer_plan::RopeTable;
use super::linear::{gather_rows, Several};
use super::step::{CacheSpan, Dims, Scratch, Step};
use super::weights::Weights;
use super::LayerPlan;
use crate::hlo::{
    Cmp, ElemType, FuncBuilder, Function, GatherDims, Result, ShapeError, TensorType, Value,
};

fn i32_ty(shape: impl Into<Vec<i64>>) -> TensorType {
    TensorType::new(shape, ElemType::I32)
}

/// Global symbols of layer `l`'s K and V caches.
pub fn cache_globals(l: usize) -> [String; 2] {
    [format!("cache.layers.{l}.k"), format!("cache.layers.{l}.v")]
}

/// What every layer of a step shares.
struct StepInputs {
    tokens: Value,
    /// RoPE positions, `[M]`.
    positions: Value,
    kv_index: Value,
    query_pos: Value,
    slot: Option<Value>,
    /// Prefill's chunk length, which picks the token whose logits are returned.
    len: Option<Value>,
    /// Where ring layers write (see [`CacheSpan::Ring`]); their prefill's key positions.
    ring: Option<RingInputs>,
}

struct RingInputs {
    kv_index: Value,
    key_pos: Option<Value>,
}

/// Decode: row b is slot b at `pos[b]`; a padding row (pos < 0) writes to its scratch place
/// (see [`cache_index`]) and attends to position 0 of its slot, so its values stay finite.
fn decode_inputs(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    ring: Option<i64>,
) -> Result<StepInputs> {
    let rows = step.rows();
    let tokens = b.arg("tokens", i32_ty([rows]));
    let pos = b.arg("pos", i32_ty([rows]));
    let zero = b.splat(i32_ty([rows]), 0.0)?;
    let live = b.compare(Cmp::Ge, &pos, &zero)?;
    let positions = b.select(&live, &pos, &zero)?;
    let row = b.iota(i32_ty([rows]), 0)?;
    let kv_index = cache_index(b, dims, CacheSpan::Full, &live, [&row, &pos, &row])?;
    let query_pos = b.broadcast_in_dim(&positions, &[rows, dims.group], &[0])?;
    let ring = match ring {
        Some(window) => {
            let index = ring_index(b, &positions, window)?;
            Some(RingInputs {
                kv_index: cache_index(
                    b,
                    dims,
                    CacheSpan::Ring(window),
                    &live,
                    [&row, &index, &row],
                )?,
                key_pos: None,
            })
        }
        None => None,
    };
    Ok(StepInputs {
        tokens,
        positions,
        kv_index,
        query_pos,
        slot: None,
        len: None,
        ring,
    })
}

/// `positions mod window`, for non-negative positions.
fn ring_index(b: &mut FuncBuilder, positions: &Value, window: i64) -> Result<Value> {
    let w = b.splat(positions.ty().clone(), window as f64)?;
    b.remainder(positions, &w)
}

/// Positions held by ring entries `[0, n)` of a slot whose positions `[0, start)` are written:
/// entry j holds the latest p < start with p = j mod window, or a negative number when no such
/// p exists.
fn ring_positions(b: &mut FuncBuilder, start: &Value, n: i64, window: i64) -> Result<Value> {
    let ty = i32_ty([n]);
    let j = b.iota(ty.clone(), 0)?;
    let start = b.broadcast_in_dim(start, &[n], &[])?;
    let one = b.splat(ty.clone(), 1.0)?;
    let last = b.subtract(&start, &one)?;
    // last - j + window >= 0 for j < window, so the remainder is the distance back from last.
    let w = b.splat(ty, window as f64)?;
    let back = b.subtract(&last, &j)?;
    let back = b.add(&back, &w)?;
    let back = b.remainder(&back, &w)?;
    b.subtract(&last, &back)
}

/// Prefill: token i sits at `start + i`; tokens past `len` write to their scratch places (see
/// [`cache_index`]).
fn prefill_inputs(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    ring: Option<i64>,
) -> Result<StepInputs> {
    let t = step.tokens();
    let tokens = b.arg("tokens", i32_ty([t]));
    let start_arg = b.arg("start", i32_ty([]));
    let len = b.arg("len", i32_ty([]));
    let slot = b.arg("slot", i32_ty([]));
    let i = b.iota(i32_ty([t]), 0)?;
    let start = b.broadcast_in_dim(&start_arg, &[t], &[])?;
    let positions = b.add(&i, &start)?;
    let lens = b.broadcast_in_dim(&len, &[t], &[])?;
    let live = b.compare(Cmp::Lt, &i, &lens)?;
    let slots = b.broadcast_in_dim(&slot, &[t], &[])?;
    let kv_index = cache_index(b, dims, CacheSpan::Full, &live, [&slots, &positions, &i])?;
    let query_pos = b.broadcast_in_dim(&positions, &[1, dims.group, t], &[2])?;
    let query_pos = b.reshape(&query_pos, &step.query_positions_type(dims).shape)?;
    let slot = b.reshape(&slot, &[1, 1])?;
    let ring = match ring {
        Some(window) => {
            // Chunks are at most a window long, so their ring indices are distinct.
            let index = ring_index(b, &positions, window)?;
            let span = CacheSpan::Ring(window);
            let read = span.read_len(step);
            let held = ring_positions(b, &start_arg, read, window)?;
            Some(RingInputs {
                kv_index: cache_index(b, dims, span, &live, [&slots, &index, &i])?,
                key_pos: Some(b.concatenate(&[&held, &positions], 0)?),
            })
        }
        None => None,
    };
    Ok(StepInputs {
        tokens,
        positions,
        kv_index,
        query_pos,
        slot: Some(slot),
        len: Some(len),
        ring,
    })
}

/// Scatter indices `[M, 2]` into a layer's cache of `span`: live row or token i at
/// (`slot[i]`, `pos[i]`), a padding one at its scratch place (see [`Scratch`]): (S, i) in the
/// scratch slot, or (`slot[i]`, P + i) in its own slot's tail. `i` is `iota([M])`.
fn cache_index(
    b: &mut FuncBuilder,
    dims: &Dims,
    span: CacheSpan,
    live: &Value,
    [slot, pos, i]: [&Value; 3],
) -> Result<Value> {
    let ty = i32_ty([live.dim(0)]);
    let (pad_slot, pad_pos) = match dims.scratch(span) {
        Scratch::Slot => (b.splat(ty, dims.slots as f64)?, i.clone()),
        Scratch::Tail(_) => {
            let own = b.splat(ty, span.positions(dims.capacity) as f64)?;
            (slot.clone(), b.add(i, &own)?)
        }
    };
    let slot_col = b.select(live, slot, &pad_slot)?;
    let pos_col = b.select(live, pos, &pad_pos)?;
    index_pairs(b, &slot_col, &pos_col)
}

/// `[M]` and `[M]` to `[M, 2]` scatter indices.
fn index_pairs(b: &mut FuncBuilder, slots: &Value, positions: &Value) -> Result<Value> {
    let m = slots.dim(0);
    let s = b.reshape(slots, &[m, 1])?;
    let p = b.reshape(positions, &[m, 1])?;
    b.concatenate(&[&s, &p], 1)
}

/// `cos` and `sin` of `position * inv_freq`, each `[D/2, M]`, times the table's scale.
fn rope_tables(
    b: &mut FuncBuilder,
    table: &RopeTable,
    positions: &Value,
) -> Result<(Value, Value)> {
    let shape = [table.inv_freq.len() as i64, positions.dim(0)];
    let f = b.constant_f32(&table.inv_freq);
    let f = b.broadcast_in_dim(&f, &shape, &[0])?;
    let p = b.convert(positions, ElemType::F32);
    let p = b.broadcast_in_dim(&p, &shape, &[1])?;
    let angle = b.multiply(&p, &f)?;
    let (cos, sin) = (b.cosine(&angle)?, b.sine(&angle)?);
    if table.scale == 1.0 {
        return Ok((cos, sin));
    }
    let scale = b.splat(cos.ty().clone(), table.scale)?;
    Ok((b.multiply(&cos, &scale)?, b.multiply(&sin, &scale)?))
}

/// Embedding rows of `tokens`, transposed to `[E, M]` f32 and scaled when the model does.
pub fn embed(
    b: &mut FuncBuilder,
    weights: &Weights,
    tokens: &Value,
    scale: Option<f64>,
) -> Result<Value> {
    let rows = match weights.embed.groups {
        None => dense_rows(b, weights, tokens)?,
        // Packed codes and super-block maps: only the kernels read them.
        Some(g) if g.packed() || g.sub_scales.is_some() => {
            let name = &weights.embed.name;
            let kernel = weight_kernel(&g, weights.kernels, name)?.ok_or_else(|| ShapeError {
                op: "embed".into(),
                detail: format!("{name}: no kernel gathers its rows"),
            })?;
            let parts = weights.embed.load(b)?;
            let table = GroupedParts {
                codes: &parts[0],
                scales: &parts[1],
                mins: parts.get(2),
            };
            let [vocab, e] = weights.embed.ty.shape[..] else {
                return Err(ShapeError {
                    op: "embed".into(),
                    detail: format!("{name} is not a matrix"),
                });
            };
            gather_kernel(b, kernel, &table, tokens, vocab, e)?
        }
        Some(_) => {
            let table = weights.embed.weight(b, Several::Split, false)?;
            gather_rows(b, &table, tokens, weights.embed.ty.shape[1])?
        }
    };
    let x = b.transpose(&rows, &[1, 0])?;
    match scale {
        None => Ok(x),
        Some(scale) => {
            let scale = b.splat(x.ty().clone(), scale)?;
            b.multiply(&x, &scale)
        }
    }
}

/// Rows `tokens` of a dense `[V, E]` table, as f32 `[M, E]`.
fn dense_rows(b: &mut FuncBuilder, weights: &Weights, tokens: &Value) -> Result<Value> {
    let table = b.global_load(&weights.embed.name, &weights.embed.ty);
    let (m, e) = (tokens.dim(0), table.dim(1));
    let idx = b.reshape(tokens, &[m, 1])?;
    let gather = GatherDims {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: vec![1, e],
    };
    let rows = b.gather(&table, &idx, &gather)?;
    Ok(b.convert(&rows, ElemType::F32))
}

/// Column `len - 1` of `[E, T]` as `[E, 1]`: a gather keeps the index on the device (a
/// dynamic slice would read it back to the host), and unlike a masked sum over T it compiles
/// for Metal.
fn last_token(b: &mut FuncBuilder, x: &Value, len: &Value) -> Result<Value> {
    let e = x.dim(0);
    let one = b.constant(i32_ty([]), 1.0);
    let last = b.subtract(len, &one)?;
    let last = b.reshape(&last, &[1, 1])?;
    let gather = GatherDims {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![1],
        start_index_map: vec![1],
        index_vector_dim: 1,
        slice_sizes: vec![e, 1],
    };
    let column = b.gather(x, &last, &gather)?;
    b.reshape(&column, &[e, 1])
}

/// Builds `forward_<step>`: the step's arguments in, the final normed hidden state out
/// (`[E, B]` for decode, `[E, 1]` of the last live token for prefill). Layer `l` is run by
/// `layers[plan.layers[l].function]`.
pub fn forward_function(
    dims: &Dims,
    step: Step,
    weights: &Weights,
    plan: &LayerPlan,
    eps: f64,
    layers: &[Function],
) -> Result<Function> {
    let mut b = FuncBuilder::private(format!("forward_{}", step.tag()));
    let ring = plan.ring();
    let inputs = match step {
        Step::Decode { .. } => decode_inputs(&mut b, dims, step, ring)?,
        Step::Prefill { .. } => prefill_inputs(&mut b, dims, step, ring)?,
    };
    let tables = plan
        .ropes
        .iter()
        .map(|table| rope_tables(&mut b, table, &inputs.positions))
        .collect::<Result<Vec<_>>>()?;
    let mut x = embed(&mut b, weights, &inputs.tokens, dims.embedding_scale)?;
    for (l, params) in weights.layers.iter().enumerate() {
        let layer = plan.layers[l];
        let [k_ty, v_ty] = dims.cache_types_for(layer.span);
        let [kg, vg] = cache_globals(l);
        let k = b.global_load(&kg, &k_ty);
        let v = b.global_load(&vg, &v_ty);
        let mut ws: Vec<Value> = Vec::new();
        for p in params {
            ws.extend(p.load(&mut b)?);
        }
        let (cos, sin) = &tables[layer.rope];
        let (kv_index, key_pos) = match (layer.span, &inputs.ring) {
            (CacheSpan::Ring(_), Some(ring)) => (&ring.kv_index, ring.key_pos.as_ref()),
            _ => (&inputs.kv_index, None),
        };
        let mut operands = vec![&x, cos, sin, kv_index, &inputs.query_pos];
        operands.extend(&inputs.slot);
        operands.extend(key_pos);
        operands.extend([&k, &v]);
        operands.extend(&ws);
        let out = b.call(&layers[layer.function], &operands)?;
        b.global_store(&out[1], &kg);
        b.global_store(&out[2], &vg);
        x = out[0].clone();
    }
    if let Some(len) = &inputs.len {
        x = last_token(&mut b, &x, len)?;
    }
    let norm = b.global_load(&weights.norm.name, &weights.norm.ty);
    let norm = b.convert(&norm, ElemType::F32);
    let norm = norm_gain(&mut b, &norm, dims.norm_offset)?;
    let x = rms_norm(&mut b, &x, &norm, eps)?;
    Ok(b.finish(&[&x]))
}
