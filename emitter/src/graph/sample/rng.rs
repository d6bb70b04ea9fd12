//! Counter-based random numbers in 32-bit integer ops only, so the same graph runs on targets
//! without 64-bit integers (Metal). Each uniform is a pure function of (seed, step, token id):
//! a row's draw never depends on its neighbours, the batch size or the schedule.

use super::{word, Rows};
use crate::hlo::{ElemType, FuncBuilder, Result, TensorType, Value};

/// The `lowbias32` integer finaliser (C. Wellons' hash prospector): a bijection on 32-bit words
/// with low bias, two xor-shift-multiply rounds.
fn mix(b: &mut FuncBuilder, x: &Value) -> Result<Value> {
    let x = xorshift(b, x, 16)?;
    let x = mul_const(b, &x, 0x7feb_352d)?;
    let x = xorshift(b, &x, 15)?;
    let x = mul_const(b, &x, 0x846c_a68b)?;
    xorshift(b, &x, 16)
}

fn xorshift(b: &mut FuncBuilder, x: &Value, by: u32) -> Result<Value> {
    let n = word(b, x.shape(), by)?;
    let s = b.shift_right_logical(x, &n)?;
    b.xor(x, &s)
}

fn mul_const(b: &mut FuncBuilder, x: &Value, k: u32) -> Result<Value> {
    let k = word(b, x.shape(), k)?;
    b.multiply(x, &k)
}

fn xor_const(b: &mut FuncBuilder, x: &Value, k: u32) -> Result<Value> {
    let k = word(b, x.shape(), k)?;
    b.xor(x, &k)
}

/// One 32-bit key per row from its 64-bit seed (`seed[:, 0]` low word, `seed[:, 1]` high
/// word) and its step.
pub fn row_keys(b: &mut FuncBuilder, seed: &Value, step: &Value) -> Result<(Value, Value)> {
    let r = step.dim(0);
    let lo = b.slice(seed, &[0, 0], &[r, 1])?;
    let lo = b.reshape(&lo, &[r])?;
    let hi = b.slice(seed, &[0, 1], &[r, 2])?;
    let hi = b.reshape(&hi, &[r])?;
    let k = xor_const(b, step, 0x9e37_79b9)?;
    let k = mix(b, &k)?;
    let k = b.xor(&k, &hi)?;
    let k = mix(b, &k)?;
    let k = b.xor(&k, &lo)?;
    let first = mix(b, &k)?;
    let second = xor_const(b, &first, 0x85eb_ca6b)?;
    let second = mix(b, &second)?;
    Ok((first, second))
}

/// Standard exponential noise `-ln(u)` for every (row, token), with `u` a 23-bit uniform
/// strictly inside (0, 1), so the noise is finite and positive.
pub fn exponential(b: &mut FuncBuilder, rows: &Rows, keys: &(Value, Value)) -> Result<Value> {
    let (k1, k2) = (rows.bcast(b, &keys.0)?, rows.bcast(b, &keys.1)?);
    let h = b.xor(&rows.ids, &k1)?;
    let h = mix(b, &h)?;
    let h = b.add(&h, &k2)?;
    let h = mix(b, &h)?;
    let nine = word(b, h.shape(), 9)?;
    let h = b.shift_right_logical(&h, &nine)?;
    let f = b.convert(&h, ElemType::F32);
    let ty = TensorType::new(rows.shape(), ElemType::F32);
    let half = b.splat(ty.clone(), 0.5)?;
    let scale = b.splat(ty, 1.0 / (1u32 << 23) as f64)?;
    let u = b.add(&f, &half)?;
    let u = b.multiply(&u, &scale)?;
    let l = b.log(&u)?;
    b.negate(&l)
}
