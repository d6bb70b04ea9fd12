//! The layer stack of one step as a private function: step inputs (positions, cache indices,
//! mask, RoPE tables), embedding, every layer with its cache update, final RMSNorm.

use std::collections::BTreeMap;

use super::copy_slot::{gather_slot, put_slot};
use super::delta_net::{state_globals, StateDims};
use super::grouped_kernel::{gather_kernel, weight_kernel, GroupedParts};
use super::layer::{head_rms_norm, norm_gain, rms_norm};
use super::layer_plan::RopeTable;
use super::linear::{gather_rows, linear, Several};
use super::step::{CacheSpan, Dims, Scratch, Step};
use super::weights::{Param, PerLayerWeights, Weights};
use super::LayerPlan;
use crate::config::{KvSource, ModelConfig};
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
    /// Query positions of the layers whose kv heads serve `dims.group` heads (see
    /// [`query_positions`]).
    query_pos: Value,
    slot: Option<Value>,
    /// Prefill's chunk length, which picks the token whose logits are returned.
    len: Option<Value>,
    /// Where ring layers write (see [`CacheSpan::Ring`]); their prefill's key positions.
    ring: Option<RingInputs>,
    /// Where each row's step starts: decode's `pos` `[B]`, prefill's `start` `[]`. Rows that
    /// start there their sequence (0) give linear layers zero states.
    start: Value,
    /// Decode's live rows `[B]` (pos >= 0): only they keep their linear layers' new states.
    live: Option<Value>,
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
    let query_pos = query_positions(b, step, &positions, dims.group)?;
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
        start: pos,
        live: Some(live),
    })
}

/// Positions of the queries `[R, Q]` of layers whose kv heads each serve `group` heads.
fn query_positions(
    b: &mut FuncBuilder,
    step: Step,
    positions: &Value,
    group: i64,
) -> Result<Value> {
    match step {
        Step::Decode { b: rows, .. } => b.broadcast_in_dim(positions, &[rows, group], &[0]),
        Step::Prefill { t, .. } => {
            let q = b.broadcast_in_dim(positions, &[1, group, t], &[2])?;
            b.reshape(&q, &[1, group * t])
        }
    }
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
    let query_pos = query_positions(b, step, &positions, dims.group)?;
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
        start: start_arg,
        live: None,
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
pub(super) fn rope_tables(
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
    table_columns(b, &weights.embed, weights.kernels, tokens, scale)
}

/// Rows `tokens` of the table `table`, transposed to `[E, M]` f32, times `scale`.
fn table_columns(
    b: &mut FuncBuilder,
    table: &Param,
    kernels: bool,
    tokens: &Value,
    scale: Option<f64>,
) -> Result<Value> {
    let rows = match table.groups {
        None => dense_rows(b, table, tokens)?,
        // Packed codes and super-block maps: only the kernels read them.
        Some(g) if g.packed() || g.sub_scales.is_some() => {
            let name = &table.name;
            let kernel = weight_kernel(&g, kernels, name)?.ok_or_else(|| ShapeError {
                op: "embed".into(),
                detail: format!("{name}: no kernel gathers its rows"),
            })?;
            let [vocab, e] = table.ty.shape[..] else {
                return Err(ShapeError {
                    op: "embed".into(),
                    detail: format!("{name} is not a matrix"),
                });
            };
            let parts = table.load(b)?;
            let grouped = GroupedParts {
                codes: &parts[0],
                scales: &parts[1],
                mins: parts.get(2),
            };
            gather_kernel(b, kernel, &grouped, tokens, vocab, e)?
        }
        Some(_) => {
            let weight = table.weight(b, Several::Split, false)?;
            gather_rows(b, &weight, tokens, table.ty.shape[1])?
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
fn dense_rows(b: &mut FuncBuilder, table: &Param, tokens: &Value) -> Result<Value> {
    let table = b.global_load(&table.name, &table.ty);
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

/// Every layer's per-layer input, `[L * P, M]` (layer l's rows `l*P..(l+1)*P`): the tokens'
/// rows of the per-layer table times sqrt(P), plus the RMS-normed projection of the scaled
/// token embedding `x` times hidden^-1/2, times 2^-1/2 (see `config::PerLayerInput`).
#[allow(clippy::too_many_arguments)]
fn per_layer_inputs(
    b: &mut FuncBuilder,
    p: &PerLayerWeights,
    kernels: bool,
    tokens: &Value,
    x: &Value,
    layers: i64,
    eps: f64,
) -> Result<Value> {
    let width = p.norm.ty.shape[0];
    let own = table_columns(b, &p.table, kernels, tokens, Some((width as f64).sqrt()))?;
    let w = p.projection.weight(b, Several::Split, kernels)?;
    let projected = linear(b, &w, x)?;
    let scale = b.splat(projected.ty().clone(), (x.dim(0) as f64).powf(-0.5))?;
    let projected = b.multiply(&projected, &scale)?;
    let norm = b.global_load(&p.norm.name, &p.norm.ty);
    let norm = b.convert(&norm, ElemType::F32);
    let projected = head_rms_norm(b, &projected, layers, Some(&norm), eps)?;
    let sum = b.add(&projected, &own)?;
    let half = b.splat(sum.ty().clone(), 0.5f64.sqrt())?;
    b.multiply(&sum, &half)
}

/// A producer layer's caches and its chunk's own K and V, for the layers that read them.
struct Stored {
    before: [Value; 2],
    after: [Value; 2],
    fresh: Option<[Value; 2]>,
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

/// Runs linear layer `l` (`function`) on `x` over the rows' states: decode's rows are slots
/// `0..B`, prefill's one row is its slot. Rows that start their sequence read zero states;
/// decode's padding rows keep theirs.
#[allow(clippy::too_many_arguments)]
fn linear_layer(
    b: &mut FuncBuilder,
    cfg: &ModelConfig,
    dims: &Dims,
    l: usize,
    inputs: &StepInputs,
    function: &Function,
    x: &Value,
    weights: &[Value],
) -> Result<Value> {
    let a = cfg.linear_attention.as_ref().ok_or_else(|| ShapeError {
        op: "forward".into(),
        detail: format!("layer {l} is linear in a model without linear attention"),
    })?;
    let s = StateDims::new(a);
    let names = state_globals(l);
    let tys = s.global_types(dims.slots);
    let globals = [0, 1].map(|i| b.global_load(&names[i], &tys[i]));
    // Rows at position 0: decode `[B]`, prefill a scalar.
    let zero = b.splat(inputs.start.ty().clone(), 0.0)?;
    let fresh = b.compare(Cmp::Eq, &inputs.start, &zero)?;
    let rows = match &inputs.slot {
        Some(_) => 1,
        None => fresh.dim(0),
    };
    let mut operands: Vec<Value> = vec![x.clone()];
    operands.extend(inputs.len.clone());
    let mut taken = Vec::new();
    for global in &globals {
        let mine = match &inputs.slot {
            // Prefill: its slot's state, without the leading 1.
            Some(slot) => {
                let one = gather_slot(b, global, slot)?;
                b.reshape(&one, &global.shape()[1..])?
            }
            None => b.slice_dim(global, 0, 0, rows)?,
        };
        let zero = b.splat(mine.ty().clone(), 0.0)?;
        let fresh = b.broadcast_in_dim(
            &fresh,
            mine.shape(),
            &match inputs.slot {
                Some(_) => vec![],
                None => vec![0],
            },
        )?;
        let start = b.select(&fresh, &zero, &mine)?;
        operands.push(start.clone());
        taken.push(mine);
    }
    operands.extend(weights.iter().cloned());
    let refs: Vec<&Value> = operands.iter().collect();
    let out = b.call(function, &refs)?;
    for (i, global) in globals.iter().enumerate() {
        let new = &out[1 + i];
        let stored = match (&inputs.slot, &inputs.live) {
            (Some(slot), _) => {
                let mut one = vec![1];
                one.extend(new.shape());
                let new = b.reshape(new, &one)?;
                put_slot(b, global, slot, &new)?
            }
            (None, Some(live)) => {
                let live = b.broadcast_in_dim(live, new.shape(), &[0])?;
                let kept = b.select(&live, new, &taken[i])?;
                match rows < dims.slots {
                    // Rows 0..B scattered into the global, which IREE updates in place; a
                    // concatenation with the other slots would copy every slot's state.
                    true => {
                        let at = b.iota(TensorType::new([rows, 1], ElemType::I32), 0)?;
                        put_slot(b, global, &at, &kept)?
                    }
                    false => kept,
                }
            }
            (None, None) => unreachable!("decode inputs carry their live rows"),
        };
        b.global_store(&stored, &names[i]);
    }
    Ok(out[0].clone())
}

/// Builds `forward_<step>`: the step's arguments in, the final normed hidden state out
/// (`[E, B]` for decode, `[E, 1]` of the last live token for prefill). Layer `l` is run by
/// `layers[plan.layers[l].function]`.
pub fn forward_function(
    cfg: &ModelConfig,
    dims: &Dims,
    step: Step,
    weights: &Weights,
    plan: &LayerPlan,
    layers: &[Function],
) -> Result<Function> {
    let mut b = FuncBuilder::private(format!("forward_{}", step.tag()))
        .with_products(dims.products)
        .with_sums(dims.sums)
        .with_columns(step.columns(dims.decode_kernels));
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
    let count = weights.layers.len() as i64;
    let per_layer = match &weights.per_layer {
        Some(p) => {
            let (eps, kernels) = (cfg.rms_norm_eps, weights.kernels);
            Some(per_layer_inputs(
                &mut b,
                p,
                kernels,
                &inputs.tokens,
                &x,
                count,
                eps,
            )?)
        }
        None => None,
    };
    let mut query_pos = BTreeMap::from([(dims.group, inputs.query_pos.clone())]);
    let mut stored: BTreeMap<usize, Stored> = BTreeMap::new();
    for (l, params) in weights.layers.iter().enumerate() {
        let layer = plan.layers[l];
        let key = &plan.functions[layer.function];
        if layer.keeps_state() {
            let mut ws: Vec<Value> = Vec::new();
            for p in params {
                ws.extend(p.load(&mut b)?);
            }
            x = linear_layer(
                &mut b,
                cfg,
                dims,
                l,
                &inputs,
                &layers[layer.function],
                &x,
                &ws,
            )?;
            continue;
        }
        let ldims = dims.for_heads(cfg, layer.shape.heads);
        if let std::collections::btree_map::Entry::Vacant(e) = query_pos.entry(ldims.group) {
            e.insert(query_positions(
                &mut b,
                step,
                &inputs.positions,
                ldims.group,
            )?);
        }
        let own_input = match &per_layer {
            Some(all) => {
                let width = all.dim(0) / count;
                Some(b.slice_dim(all, 0, l as i64 * width, width)?)
            }
            None => None,
        };
        let (cos, sin) = &tables[layer.rope];
        let (kv_index, key_pos) = match (layer.span, &inputs.ring) {
            (CacheSpan::Ring(_), Some(ring)) => (&ring.kv_index, ring.key_pos.as_ref()),
            _ => (&inputs.kv_index, None),
        };
        let mut operands = vec![&x, cos, sin];
        let [kg, vg] = cache_globals(l);
        let loaded = match layer.kv {
            KvSource::Own => {
                let [k_ty, v_ty] = ldims.cache_types_for(layer.span);
                Some([b.global_load(&kg, &k_ty), b.global_load(&vg, &v_ty)])
            }
            KvSource::Shared { .. } => None,
        };
        let mut ws: Vec<Value> = Vec::new();
        for p in params {
            ws.extend(p.load(&mut b)?);
        }
        match (layer.kv, &loaded) {
            (KvSource::Own, Some(caches)) => {
                operands.extend([kv_index, &query_pos[&ldims.group]]);
                operands.extend(&inputs.slot);
                operands.extend(key_pos);
                operands.extend(caches);
            }
            (KvSource::Own, None) => unreachable!("loaded above"),
            (KvSource::Shared { from }, _) => {
                let s = stored.get(&from).ok_or_else(|| ShapeError {
                    op: "forward".into(),
                    detail: format!("layer {l} reads layer {from}'s cache before it is written"),
                })?;
                operands.push(&query_pos[&ldims.group]);
                operands.extend(&inputs.slot);
                operands.extend(key_pos);
                match (&s.fresh, key_pos) {
                    // A ring's prefill: the ring before the chunk and the chunk's own K and V.
                    (Some(fresh), Some(_)) => {
                        operands.extend(&s.before);
                        operands.extend(fresh);
                    }
                    _ => operands.extend(&s.after),
                }
            }
        }
        operands.extend(&own_input);
        operands.extend(&ws);
        let out = b.call(&layers[layer.function], &operands)?;
        if let Some([k, v]) = &loaded {
            b.global_store(&out[1], &kg);
            b.global_store(&out[2], &vg);
            if key.stores {
                stored.insert(
                    l,
                    Stored {
                        before: [k.clone(), v.clone()],
                        after: [out[1].clone(), out[2].clone()],
                        fresh: (out.len() == 5).then(|| [out[3].clone(), out[4].clone()]),
                    },
                );
            }
        }
        x = out[0].clone();
    }
    if let Some(len) = &inputs.len {
        x = last_token(&mut b, &x, len)?;
    }
    let norm = b.global_load(&weights.norm.name, &weights.norm.ty);
    let norm = b.convert(&norm, ElemType::F32);
    let norm = norm_gain(&mut b, &norm, dims.norm_offset)?;
    let x = rms_norm(&mut b, &x, &norm, cfg.rms_norm_eps)?;
    Ok(b.finish(&[&x]))
}
