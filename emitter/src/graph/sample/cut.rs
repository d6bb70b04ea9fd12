//! Truncation thresholds found by bisection instead of sorting (a sort of V is quadratic on
//! IREE's CPU backend, DESIGN §3).
//!
//! Tokens are ordered by logit, ties to the lower id, as the host sampler orders them. A
//! filter keeps the shortest prefix of that order whose weight reaches a per-row target:
//! top-k weighs each token 1, top-p weighs it by its probability. The prefix ends at a
//! (logit, id) pair: 32 passes find the logit bit by bit over order-preserving integer keys,
//! then log2(V) passes find the last id among the tokens tied at that logit. Each pass is one
//! masked sum over `[R, V]`; there are no data-dependent loops, so nothing is read back.

use super::Rows;
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

fn rows_const(b: &mut FuncBuilder, r: i64, word: u32) -> Result<Value> {
    b.splat(TensorType::new([r], ElemType::I32), word as i32 as f64)
}

/// The largest key `tau` with `sum(weight where key >= tau) >= target`, built from the top
/// bit down in the unsigned image of the keys (`key ^ 0x8000_0000`).
fn threshold_key(
    b: &mut FuncBuilder,
    rows: &Rows,
    key: &Value,
    weight: &Value,
    target: &Value,
) -> Result<Value> {
    let sign = rows_const(b, rows.r, 0x8000_0000)?;
    let mut found = rows_const(b, rows.r, 0)?;
    for bit in (0..32).rev() {
        let bit = rows_const(b, rows.r, 1 << bit)?;
        let cand = b.or(&found, &bit)?;
        let cand_key = b.xor(&cand, &sign)?;
        let cand_key = rows.bcast(b, &cand_key)?;
        let above = b.compare(Cmp::Ge, key, &cand_key)?;
        let w = masked_sum(b, &above, weight)?;
        let ok = b.compare(Cmp::Ge, &w, target)?;
        found = b.select(&ok, &cand, &found)?;
    }
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
    let mut found = rows_const(b, rows.r, 0)?;
    for bit in (0..id_bits).rev() {
        let bit = rows_const(b, rows.r, 1 << bit)?;
        let cand = b.or(&found, &bit)?;
        let cand_b = rows.bcast(b, &cand)?;
        let below = b.compare(Cmp::Lt, &rows.ids, &cand_b)?;
        let w = masked_sum(b, &below, tied_weight)?;
        let ok = b.compare(Cmp::Lt, &w, need)?;
        found = b.select(&ok, &cand, &found)?;
    }
    Ok(found)
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
    let tau = threshold_key(b, rows, key, weight, target)?;
    let tau = rows.bcast(b, &tau)?;
    let above = b.compare(Cmp::Gt, key, &tau)?;
    let tied = b.compare(Cmp::Eq, key, &tau)?;
    let need = masked_sum(b, &above, weight)?;
    let need = b.subtract(target, &need)?;
    let zero = b.splat(weight.ty().clone(), 0.0)?;
    let tied_weight = b.select(&tied, weight, &zero)?;
    let last = last_tied_id(b, rows, &tied_weight, &need)?;
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
