//! On-device sampling (docs/architecture.md#sampling-on-the-device): `[R, V]` logits in, one
//! token and its log-probability per row out, so a decode step reads back `R` tokens instead
//! of `R x V` floats.
//!
//! Per row, in the host sampler's default order: greedy when the temperature is 0 (the argmax,
//! ties to the lowest id), else temperature, min-p, top-k, top-p (renormalised), then a
//! Gumbel-max draw over the survivors (as the equivalent exponential race). Top-k and top-p keep exactly the tokens the host
//! sampler keeps (ties to the lower id) without sorting the vocabulary ([`cut`]). The noise is
//! a counter-based hash of (seed, step, token id) ([`rng`]), so a row's token depends only on
//! its own logits, parameters, seed and step. The log-probability is the drawn token's under
//! the distribution it was drawn from (0 for greedy rows), like the host sampler's default.
//!
//! A row whose logits hold a NaN or `+inf`, or only `-inf`, gets token -1 and a NaN
//! log-probability: the caller reports it, no token is made up.

mod cut;
mod rng;

use super::argmax::argmax;
use crate::hlo::{Cmp, ElemType, FuncBuilder, ReduceOp, Result, TensorType, Value};
use crate::module_form::ModuleForm;

/// Argument names of the sampling inputs, in order, after the step's own arguments.
pub const SAMPLE_ARGS: [&str; 6] = ["temperature", "top_k", "top_p", "min_p", "seed", "step"];

/// The per-row sampling inputs: `temperature`, `top_p`, `min_p` `[R] f32`; `top_k` `[R] i32`
/// (0 = off); `seed` `[R, 2] i32` (low word, high word of a 64-bit seed); `step` `[R] i32`.
pub struct SampleArgs {
    pub temperature: Value,
    pub top_k: Value,
    pub top_p: Value,
    pub min_p: Value,
    pub seed: Value,
    pub step: Value,
}

impl SampleArgs {
    pub fn declare(b: &mut FuncBuilder, rows: i64) -> Self {
        let f = TensorType::new([rows], ElemType::F32);
        let i = TensorType::new([rows], ElemType::I32);
        SampleArgs {
            temperature: b.arg(SAMPLE_ARGS[0], f.clone()),
            top_k: b.arg(SAMPLE_ARGS[1], i.clone()),
            top_p: b.arg(SAMPLE_ARGS[2], f.clone()),
            min_p: b.arg(SAMPLE_ARGS[3], f),
            seed: b.arg(SAMPLE_ARGS[4], TensorType::new([rows, 2], ElemType::I32)),
            step: b.arg(SAMPLE_ARGS[5], i),
        }
    }
}

/// The `[R, V]` grid a row-wise computation runs over, with each element's token id.
pub struct Rows {
    pub r: i64,
    pub v: i64,
    pub ids: Value,
    /// Whether filters no row uses are skipped by a branch (see [`ModuleForm::branch_on_filters`]).
    branch: bool,
}

impl Rows {
    fn new(b: &mut FuncBuilder, r: i64, v: i64, form: ModuleForm) -> Result<Self> {
        let ids = b.iota(TensorType::new([r, v], ElemType::I32), 1)?;
        Ok(Rows {
            r,
            v,
            ids,
            branch: form.branch_on_filters(),
        })
    }

    pub fn shape(&self) -> [i64; 2] {
        [self.r, self.v]
    }

    /// A per-row value `[R]` repeated along the vocabulary.
    pub fn bcast(&self, b: &mut FuncBuilder, x: &Value) -> Result<Value> {
        b.broadcast_in_dim(x, &self.shape(), &[0])
    }

    fn splat(&self, b: &mut FuncBuilder, elem: ElemType, value: f64) -> Result<Value> {
        b.splat(TensorType::new(self.shape(), elem), value)
    }
}

fn row_splat(b: &mut FuncBuilder, like: &Value, value: f64) -> Result<Value> {
    b.splat(like.ty().clone(), value)
}

/// An i32 splat of `shape` holding the bits of `word` (the hashes and searches think in
/// unsigned 32-bit words; StableHLO's i32 carries the same bits).
fn word(b: &mut FuncBuilder, shape: &[i64], word: u32) -> Result<Value> {
    b.splat(TensorType::new(shape, ElemType::I32), word as i32 as f64)
}

/// Rows whose maximum is finite: no NaN (the maximum propagates it), no `+inf`, not all `-inf`.
fn finite_rows(b: &mut FuncBuilder, max: &Value) -> Result<Value> {
    let inf = row_splat(b, max, f64::INFINITY)?;
    let ninf = row_splat(b, max, f64::NEG_INFINITY)?;
    let below = b.compare(Cmp::Lt, max, &inf)?;
    let above = b.compare(Cmp::Gt, max, &ninf)?;
    b.and(&below, &above)
}

/// `(x - max) / t` per row, with -0.0 folded into +0.0 so equal logits stay equal; greedy rows
/// use t = 1 (their draw is discarded).
fn tempered(
    b: &mut FuncBuilder,
    rows: &Rows,
    logits: &Value,
    max: &Value,
    temperature: &Value,
    greedy: &Value,
) -> Result<Value> {
    let one = row_splat(b, temperature, 1.0)?;
    let t = b.select(greedy, &one, temperature)?;
    let inv = b.divide(&one, &t)?;
    let max = rows.bcast(b, max)?;
    let inv = rows.bcast(b, &inv)?;
    let z = b.subtract(logits, &max)?;
    let z = b.multiply(&z, &inv)?;
    let zero = rows.splat(b, ElemType::F32, 0.0)?;
    b.add(&z, &zero)
}

/// Tokens that survive min-p: finite, with `p >= min_p * p_max`, i.e. `z >= ln(min_p)`.
fn min_p_mask(b: &mut FuncBuilder, rows: &Rows, z: &Value, min_p: &Value) -> Result<Value> {
    let ninf = rows.splat(b, ElemType::F32, f64::NEG_INFINITY)?;
    let finite = b.compare(Cmp::Gt, z, &ninf)?;
    let floor = b.log(min_p)?;
    let floor = rows.bcast(b, &floor)?;
    let kept = b.compare(Cmp::Ge, z, &floor)?;
    b.and(&finite, &kept)
}

/// Top-k over the `alive` tokens; `top_k <= 0` or `>=` the survivors keeps them all.
fn top_k_mask(
    b: &mut FuncBuilder,
    rows: &Rows,
    key: &Value,
    alive: &Value,
    top_k: &Value,
) -> Result<Value> {
    let one = rows.splat(b, ElemType::I32, 1.0)?;
    let zero = rows.splat(b, ElemType::I32, 0.0)?;
    let count = b.select(alive, &one, &zero)?;
    let n = b.reduce_with(&count, 0.0, ReduceOp::Add, &[1])?;
    let row_zero = row_splat(b, top_k, 0.0)?;
    let positive = b.compare(Cmp::Gt, top_k, &row_zero)?;
    let fewer = b.compare(Cmp::Lt, top_k, &n)?;
    let on = b.and(&positive, &fewer)?;
    let target = b.select(&on, top_k, &n)?;
    filter_rows(b, rows, &on, alive, |b| {
        cut::prefix(b, rows, key, &count, &target)
    })
}

/// `alive`, narrowed to what `kept` builds in the rows whose filter is `on` (`[R] i1`). The
/// filter runs only if some row has it on: the searches are the bulk of the head's work, and
/// most requests use one filter or none.
fn filter_rows(
    b: &mut FuncBuilder,
    rows: &Rows,
    on: &Value,
    alive: &Value,
    kept: impl FnOnce(&mut FuncBuilder) -> Result<Value>,
) -> Result<Value> {
    let filter = |b: &mut FuncBuilder| -> Result<Value> {
        let kept = kept(b)?;
        let on = rows.bcast(b, on)?;
        b.select(&on, &kept, alive)
    };
    if !rows.branch {
        return filter(b);
    }
    let ones = b.splat(on.ty().with_elem(ElemType::I32), 1.0)?;
    let zeros = b.splat(on.ty().with_elem(ElemType::I32), 0.0)?;
    let flags = b.select(on, &ones, &zeros)?;
    let any = b.reduce_with(&flags, 0.0, ReduceOp::Max, &[0])?;
    let zero = b.constant(TensorType::scalar(ElemType::I32), 0.0);
    let any = b.compare(Cmp::Gt, &any, &zero)?;
    let out = b.if_else(&any, |b| Ok(vec![filter(b)?]), |_| Ok(vec![alive.clone()]))?;
    Ok(out.into_iter().next().expect("one result"))
}

/// Top-p over the `alive` tokens with weights `e` (zero elsewhere); `top_p >= 1` keeps all.
fn top_p_mask(
    b: &mut FuncBuilder,
    rows: &Rows,
    key: &Value,
    alive: &Value,
    e: &Value,
    top_p: &Value,
) -> Result<Value> {
    let one = row_splat(b, top_p, 1.0)?;
    let on = b.compare(Cmp::Lt, top_p, &one)?;
    filter_rows(b, rows, &on, alive, |b| {
        let total = b.reduce_with(e, 0.0, ReduceOp::Add, &[1])?;
        let target = b.multiply(top_p, &total)?;
        cut::prefix(b, rows, key, e, &target)
    })
}

/// Samples one token per row of `logits` `[R, V]`; returns tokens `[R] i32` and their
/// log-probabilities `[R] f32`.
pub fn sample(
    b: &mut FuncBuilder,
    logits: &Value,
    args: &SampleArgs,
    form: ModuleForm,
) -> Result<(Value, Value)> {
    let rows = Rows::new(b, logits.dim(0), logits.dim(1), form)?;
    let max = b.reduce_with(logits, f64::NEG_INFINITY, ReduceOp::Max, &[1])?;
    let valid = finite_rows(b, &max)?;
    let zero_t = row_splat(b, &args.temperature, 0.0)?;
    let greedy = b.compare(Cmp::Le, &args.temperature, &zero_t)?;
    let greedy_token = argmax(b, logits, 1, form)?;

    let z = tempered(b, &rows, logits, &max, &args.temperature, &greedy)?;
    let key = cut::order_keys(b, &z)?;
    let alive = min_p_mask(b, &rows, &z, &args.min_p)?;
    let alive = top_k_mask(b, &rows, &key, &alive, &args.top_k)?;
    let zero = rows.splat(b, ElemType::F32, 0.0)?;
    let ez = b.exp(&z)?;
    let e = b.select(&alive, &ez, &zero)?;
    let alive = top_p_mask(b, &rows, &key, &alive, &e, &args.top_p)?;
    let e = b.select(&alive, &ez, &zero)?;
    let total = b.reduce_with(&e, 0.0, ReduceOp::Add, &[1])?;

    let keys = rng::row_keys(b, &args.seed, &args.step)?;
    // Gumbel-max, argmax(z + g), taken as the equivalent exponential race argmax(e / x) with
    // x = -ln(u) ~ Exp(1): one logarithm per token instead of two. Filtered-out tokens have
    // e = 0 and the most likely token e = 1, so they never win.
    let x = rng::exponential(b, &rows, &keys)?;
    let score = b.divide(&e, &x)?;
    let drawn = argmax(b, &score, 1, form)?;
    let ninf = rows.splat(b, ElemType::F32, f64::NEG_INFINITY)?;
    let drawn_b = rows.bcast(b, &drawn)?;
    let hit = b.compare(Cmp::Eq, &rows.ids, &drawn_b)?;
    let z_drawn = b.select(&hit, &z, &ninf)?;
    let z_drawn = b.reduce_with(&z_drawn, f64::NEG_INFINITY, ReduceOp::Max, &[1])?;
    let log_total = b.log(&total)?;
    let logprob = b.subtract(&z_drawn, &log_total)?;

    let token = b.select(&greedy, &greedy_token, &drawn)?;
    let zero_lp = row_splat(b, &logprob, 0.0)?;
    let logprob = b.select(&greedy, &zero_lp, &logprob)?;
    let none = row_splat(b, &token, -1.0)?;
    let nan = row_splat(b, &logprob, f64::NAN)?;
    let token = b.select(&valid, &token, &none)?;
    let logprob = b.select(&valid, &logprob, &nan)?;
    Ok((token, logprob))
}
