//! Truncation thresholds found by bisection instead of sorting (a sort of V is quadratic on
//! IREE's CPU backend; docs/architecture.md#sampling-on-the-device).
//!
//! Tokens are ordered by logit, ties to the lower id, as the host sampler orders them. A
//! filter keeps the shortest prefix of that order whose weight reaches a per-row target:
//! top-k weighs each token 1, top-p weighs it by its probability. The prefix ends at a
//! (logit, id) pair: a bisection over order-preserving integer keys finds the logit (32 bits),
//! then one over ids finds the last id among the tokens tied at that logit (log2(V) bits).
//! Each pass resolves [`PROBE_BITS`] bits with one masked sum over `[R, probes, V]`; there
//! are no data-dependent loops, so nothing is read back.

use super::{word, Rows};
use crate::hlo::{Cmp, ElemType, FuncBuilder, ReduceOp, Result, TensorType, Value};

/// Integer keys in the order of the floats (NaN aside), with -0.0 and +0.0 equal:
/// non-negative floats keep their bits, negative ones map to minus their magnitude bits.
pub fn order_keys(b: &mut FuncBuilder, x: &Value) -> Result<Value> {
    let bits = b.bitcast_convert(x, ElemType::I32)?;
    let ty = bits.ty().clone();
    let zero = b.splat(ty.clone(), 0.0)?;
    let magnitude_mask = b.splat(ty, i32::MAX as f64)?;
    let magnitude = b.and(&bits, &magnitude_mask)?;
    let negated = b.subtract(&zero, &magnitude)?;
    let negative = b.compare(Cmp::Lt, &bits, &zero)?;
    b.select(&negative, &negated, &bits)
}

/// Sum over each row of `weight` where `mask` holds.
fn masked_sum(b: &mut FuncBuilder, mask: &Value, weight: &Value) -> Result<Value> {
    let zero = b.splat(weight.ty().clone(), 0.0)?;
    let w = b.select(mask, weight, &zero)?;
    b.reduce_with(&w, 0.0, ReduceOp::Add, &[1])
}

/// Bits resolved per pass: each pass tests `2^PROBE_BITS - 1` candidates at once, as one
/// reduction over `[R, probes, V]`, so a 32-bit search takes `32 / PROBE_BITS` passes.
const PROBE_BITS: u32 = 2;

/// Builds the largest `found` (in `bits` bits, from the top) for which `holds(candidates)`
/// is true, where `holds` maps candidates `[R, P]` to `[R, P] i1` and is monotone: true up to
/// some candidate, false above it.
fn bisect(
    b: &mut FuncBuilder,
    rows: &Rows,
    bits: u32,
    mut holds: impl FnMut(&mut FuncBuilder, &Value) -> Result<Value>,
) -> Result<Value> {
    let mut found = word(b, &[rows.r], 0)?;
    let mut left = bits;
    while left > 0 {
        let step = PROBE_BITS.min(left);
        let shift = left - step;
        let probes = (1i64 << step) - 1;
        let ty = TensorType::new([rows.r, probes], ElemType::I32);
        let digits = b.iota(ty.clone(), 1)?;
        let one = b.splat(ty.clone(), 1.0)?;
        let digits = b.add(&digits, &one)?;
        let by = b.splat(ty.clone(), shift as f64)?;
        let offsets = b.shift_left(&digits, &by)?;
        let base = b.broadcast_in_dim(&found, &[rows.r, probes], &[0])?;
        let cands = b.or(&base, &offsets)?;
        let ok = holds(b, &cands)?;
        let zero = b.splat(ty, 0.0)?;
        let ok = b.select(&ok, &one, &zero)?;
        let digit = b.reduce_with(&ok, 0.0, ReduceOp::Add, &[1])?;
        let by = word(b, &[rows.r], shift)?;
        let digit = b.shift_left(&digit, &by)?;
        found = b.or(&found, &digit)?;
        left -= step;
    }
    Ok(found)
}

/// Per row and candidate, the sum of `weight` where `include(elements, candidates)` holds,
/// with `elements` `[R, P, V]` (broadcast from `[R, V]`) and candidates broadcast along V.
fn sums_per_candidate(
    b: &mut FuncBuilder,
    rows: &Rows,
    elements: &Value,
    cands: &Value,
    weight: &Value,
    dir: Cmp,
) -> Result<Value> {
    let p = cands.dim(1);
    let shape = [rows.r, p, rows.v];
    let elements = b.broadcast_in_dim(elements, &shape, &[0, 2])?;
    let cands = b.broadcast_in_dim(cands, &shape, &[0, 1])?;
    let weight = b.broadcast_in_dim(weight, &shape, &[0, 2])?;
    let mask = b.compare(dir, &elements, &cands)?;
    let zero = b.splat(weight.ty().clone(), 0.0)?;
    let w = b.select(&mask, &weight, &zero)?;
    b.reduce_with(&w, 0.0, ReduceOp::Add, &[2])
}

/// The largest key `tau` with `sum(weight where key >= tau) >= target`, searched in the
/// unsigned image of the keys (`key ^ 0x8000_0000`), where the bit order is the key order.
fn threshold_key(
    b: &mut FuncBuilder,
    rows: &Rows,
    key: &Value,
    weight: &Value,
    target: &Value,
) -> Result<Value> {
    let sign = word(b, &[rows.r], 0x8000_0000)?;
    let found = bisect(b, rows, 32, |b, cands| {
        let p = cands.dim(1);
        let sign = b.broadcast_in_dim(&sign, &[rows.r, p], &[0])?;
        let cand_keys = b.xor(cands, &sign)?;
        let w = sums_per_candidate(b, rows, key, &cand_keys, weight, Cmp::Ge)?;
        let target = b.broadcast_in_dim(target, &[rows.r, p], &[0])?;
        b.compare(Cmp::Ge, &w, &target)
    })?;
    b.xor(&found, &sign)
}

/// Among tokens tied at the threshold (`tied_weight` is zero elsewhere), the largest id `j`
/// such that the tied tokens below `j` still weigh less than `need`; tokens with id <= j
/// complete the prefix.
fn last_tied_id(
    b: &mut FuncBuilder,
    rows: &Rows,
    tied_weight: &Value,
    need: &Value,
) -> Result<Value> {
    let id_bits = 64 - (rows.v as u64 - 1).leading_zeros().min(63);
    bisect(b, rows, id_bits, |b, cands| {
        let p = cands.dim(1);
        let w = sums_per_candidate(b, rows, &rows.ids, cands, tied_weight, Cmp::Lt)?;
        let need = b.broadcast_in_dim(need, &[rows.r, p], &[0])?;
        b.compare(Cmp::Lt, &w, &need)
    })
}

/// The mask of the shortest (logit desc, id asc) prefix of the tokens whose `weight` reaches
/// `target` per row. `weight` (`[R, V]`, i32 or f32) must be zero on tokens that are out.
pub fn prefix(
    b: &mut FuncBuilder,
    rows: &Rows,
    key: &Value,
    weight: &Value,
    target: &Value,
) -> Result<Value> {
    // The barriers keep each bisection's last pass (a sum over a few candidates) out of the
    // vocabulary-wide masks that read its result: fused with them, IREE's CUDA code
    // generation ran the whole [V] mask in one thread (3.7 ms of an H200 step, profiled).
    let tau = threshold_key(b, rows, key, weight, target)?;
    let tau = b.optimization_barrier(&tau);
    let tau = rows.bcast(b, &tau)?;
    let above = b.compare(Cmp::Gt, key, &tau)?;
    let tied = b.compare(Cmp::Eq, key, &tau)?;
    let need = masked_sum(b, &above, weight)?;
    let need = b.subtract(target, &need)?;
    let zero = b.splat(weight.ty().clone(), 0.0)?;
    let tied_weight = b.select(&tied, weight, &zero)?;
    let last = last_tied_id(b, rows, &tied_weight, &need)?;
    let last = b.optimization_barrier(&last);
    let last = rows.bcast(b, &last)?;
    let early = b.compare(Cmp::Le, &rows.ids, &last)?;
    let tied_in = b.and(&tied, &early)?;
    let row_zero = b.splat(need.ty().clone(), 0.0)?;
    let needs_tied = b.compare(Cmp::Gt, &need, &row_zero)?;
    let needs_tied = rows.bcast(b, &needs_tied)?;
    let tied_in = b.and(&tied_in, &needs_tied)?;
    let weighted = b.compare(Cmp::Gt, weight, &zero)?;
    let tied_in = b.and(&tied_in, &weighted)?;
    let above = b.and(&above, &weighted)?;
    b.or(&above, &tied_in)
}
