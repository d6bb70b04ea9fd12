//! A Gated DeltaNet layer (Qwen 3.5's linear attention; see `config::LinearAttention`) as a
//! private function. Where an attention layer reads and writes a KV cache, this one carries a
//! fixed-size state per sequence: the last `taps - 1` inputs of its causal convolution and a
//! `key_dim x value_dim` matrix per value head.
//!
//! Per token t and value head h, with q and k L2-normalised (q also scaled by dk^-1/2):
//! `S = S * exp(g)`, `S += k (beta (v - S^T k))^T`, `o = S^T q`, where
//! `g = -exp(A_log) softplus(a + dt_bias)` and `beta = sigmoid(b)`. Decode makes that one
//! update per row; prefill makes it in blocks of tokens whose updates are products (see
//! [`blocks`]), so its cost grows linearly with the prompt.

use std::collections::BTreeMap;

use super::layer::{declare_weights, mlp_block, norm_of, projections, rms_norm, vector};
use super::linear::Weight;
use super::step::{Dims, Step};
use super::weight_format::WeightFormat;
use super::weights::LINEAR_ATTENTION;
use crate::config::{LayerShape, LinearAttention, ModelConfig};
use crate::hlo::{
    Cmp, DotDims, ElemType, FuncBuilder, Function, GatherDims, Result, ShapeError, TensorType,
    Value,
};

fn f32_ty(shape: impl Into<Vec<i64>>) -> TensorType {
    TensorType::new(shape, ElemType::F32)
}

/// Global symbols of linear layer `l`'s convolution and recurrent states.
pub fn state_globals(l: usize) -> [String; 2] {
    [
        format!("state.layers.{l}.conv"),
        format!("state.layers.{l}.recurrent"),
    ]
}

/// The sizes a DeltaNet layer is built from.
#[derive(Debug, Clone, Copy)]
pub struct StateDims {
    key_heads: i64,
    value_heads: i64,
    key_dim: i64,
    value_dim: i64,
    taps: i64,
    channels: i64,
    /// Value heads in tiled order (see `config::LinearAttention::value_heads_tiled`).
    tiled: bool,
}

impl StateDims {
    pub fn new(a: &LinearAttention) -> StateDims {
        StateDims {
            key_heads: a.key_heads as i64,
            value_heads: a.value_heads as i64,
            key_dim: a.key_dim as i64,
            value_dim: a.value_dim as i64,
            taps: a.conv_kernel as i64,
            channels: a.conv_channels() as i64,
            tiled: a.value_heads_tiled,
        }
    }

    /// One slot's convolution state, `[taps - 1, C]`, behind `rows` leading dims.
    pub fn conv_type(&self, rows: &[i64]) -> TensorType {
        let tail = [self.taps - 1, self.channels];
        f32_ty(rows.iter().copied().chain(tail).collect::<Vec<_>>())
    }

    /// One slot's recurrent state, `[Hv, dk, dv]`, behind `rows` leading dims.
    pub fn recurrent_type(&self, rows: &[i64]) -> TensorType {
        let tail = [self.value_heads, self.key_dim, self.value_dim];
        f32_ty(rows.iter().copied().chain(tail).collect::<Vec<_>>())
    }

    /// Both module globals for `slots` slots.
    pub fn global_types(&self, slots: i64) -> [TensorType; 2] {
        [self.conv_type(&[slots]), self.recurrent_type(&[slots])]
    }
}

/// Decode: `<name>(x [E, B], conv [B, taps-1, C], state [B, Hv, dk, dv], weights...)`, row b
/// one token of the sequence whose states it was given. Prefill:
/// `<name>(x [E, T], len, conv [taps-1, C], state [Hv, dk, dv], weights...)`, the first `len`
/// tokens of one sequence (the rest padding, which moves no state). Both return the new
/// hidden state and both states after the step.
pub fn layer_function(
    name: String,
    cfg: &ModelConfig,
    dims: &Dims,
    step: Step,
    shape: &LayerShape,
    formats: &[WeightFormat],
) -> Result<Function> {
    let a = cfg.linear_attention.as_ref().ok_or_else(|| ShapeError {
        op: "delta_net".into(),
        detail: "a linear layer in a model without linear attention".into(),
    })?;
    let s = StateDims::new(a);
    let mut b = FuncBuilder::private(name)
        .with_products(dims.products)
        .with_sums(dims.sums)
        .with_columns(step.columns(dims.decode_kernels));
    let m = step.tokens();
    let x = b.arg("x", f32_ty([dims.hidden, m]));
    let len = match step {
        Step::Prefill { .. } => Some(b.arg("len", TensorType::scalar(ElemType::I32))),
        Step::Decode { .. } => None,
    };
    let rows: &[i64] = match step {
        Step::Prefill { .. } => &[],
        Step::Decode { .. } => &[m],
    };
    let conv = b.arg("conv", s.conv_type(rows));
    let state = b.arg("state", s.recurrent_type(rows));
    let w = declare_weights(&mut b, cfg, dims, shape, formats)?;
    let (eps, offset) = (cfg.rms_norm_eps, dims.norm_offset);
    let gain = norm_of(&mut b, &w, "input_layernorm.weight", offset)?;
    let xn = rms_norm(&mut b, &x, &gain, eps)?;
    let names: Vec<&str> = (LINEAR_ATTENTION[..4].iter())
        .map(|n| n.trim_end_matches(".weight"))
        .collect();
    let [qkv, z, beta, decay]: [Value; 4] = projections(&mut b, &w, &names, &xn)?
        .try_into()
        .expect("four projections");
    let taps = vector(&w, "linear_attn.conv1d.weight")?;
    let (mixed, conv) = match &len {
        Some(len) => convolve_chunk(&mut b, &s, &qkv, &conv, taps, len)?,
        None => convolve_rows(&mut b, &s, &qkv, &conv, taps)?,
    };
    let inputs = step_inputs(&mut b, &s, &w, &mixed, &beta, &decay)?;
    let (o, state) = match &len {
        // `GraphOptions::validate` holds chunks longer than a block to whole blocks.
        Some(len) => blocks(&mut b, &s, &inputs, &state, len, dims.linear_chunk.min(m))?,
        None => {
            let (state, o) = delta_step(&mut b, &state, &inputs)?;
            (o, state)
        }
    };
    let o = gated_norm(&mut b, &s, &w, &o, &z, eps)?;
    let out = projections(&mut b, &w, &["linear_attn.out_proj"], &o)?.remove(0);
    let x = b.add(&x, &out)?;
    let x = mlp_block(&mut b, &w, &x, cfg, dims, shape.mlp)?;
    Ok(b.finish(&[&x, &conv, &state]))
}

/// The causal convolution of one token per row: `qkv [C, B]` after each row's `taps - 1`
/// earlier inputs `conv [B, taps-1, C]`. Returns SiLU of it as `[B, C]` and the rows' new
/// states (the last `taps - 1` inputs).
fn convolve_rows(
    b: &mut FuncBuilder,
    s: &StateDims,
    qkv: &Value,
    conv: &Value,
    taps: &Value,
) -> Result<(Value, Value)> {
    let rows = qkv.dim(1);
    let now = b.transpose(qkv, &[1, 0])?;
    let now = b.reshape(&now, &[rows, 1, s.channels])?;
    let seq = b.concatenate(&[conv, &now], 1)?;
    let w = b.transpose(taps, &[1, 0])?;
    let w = b.broadcast_in_dim(&w, &[rows, s.taps, s.channels], &[1, 2])?;
    let products = b.multiply(&seq, &w)?;
    let sum = b.sum_in_order(&products, 1)?;
    let next = b.slice_dim(&seq, 1, 1, s.taps - 1)?;
    Ok((silu(b, &sum)?, next))
}

/// The causal convolution of a chunk `qkv [C, T]` after its sequence's `taps - 1` earlier
/// inputs `conv [taps-1, C]`. Returns SiLU of it as `[T, C]` and the state after the first
/// `len` tokens.
fn convolve_chunk(
    b: &mut FuncBuilder,
    s: &StateDims,
    qkv: &Value,
    conv: &Value,
    taps: &Value,
    len: &Value,
) -> Result<(Value, Value)> {
    let t = qkv.dim(1);
    let now = b.transpose(qkv, &[1, 0])?;
    let seq = b.concatenate(&[conv, &now], 0)?;
    let mut sum: Option<Value> = None;
    for j in 0..s.taps {
        let window = b.slice_dim(&seq, 0, j, t)?;
        let tap = b.slice_dim(taps, 1, j, 1)?;
        let tap = b.reshape(&tap, &[s.channels])?;
        let tap = b.broadcast_in_dim(&tap, &[t, s.channels], &[1])?;
        let term = b.multiply(&window, &tap)?;
        sum = Some(match sum {
            None => term,
            Some(acc) => b.add(&acc, &term)?,
        });
    }
    let sum = sum.expect("at least two taps");
    // Inputs len .. len + taps - 1 of the sequence are the chunk's last live tokens.
    let at = b.reshape(len, &[1, 1])?;
    let gather = GatherDims {
        offset_dims: vec![1, 2],
        collapsed_slice_dims: vec![],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: vec![s.taps - 1, s.channels],
    };
    let next = b.gather(&seq, &at, &gather)?;
    let next = b.reshape(&next, &[s.taps - 1, s.channels])?;
    Ok((silu(b, &sum)?, next))
}

fn silu(b: &mut FuncBuilder, x: &Value) -> Result<Value> {
    let sig = b.logistic(x)?;
    b.multiply(x, &sig)
}

/// What the state update reads per token (rows: decode rows or a chunk's tokens).
struct StepValues {
    /// `[M, Hv, dk]`: L2-normalised, scaled by dk^-1/2, each key head repeated for its value
    /// heads.
    q: Value,
    /// `[M, Hv, dk]`: L2-normalised, repeated likewise.
    k: Value,
    /// `[M, Hv, dv]`.
    v: Value,
    /// `g`, the log of the decay, `[M, Hv]`.
    g: Value,
    /// `[M, Hv]`.
    beta: Value,
}

/// Splits the convolved `mixed [M, C]` into q, k, v and computes the decay and write strength
/// from their projections `[Hv, M]`.
fn step_inputs(
    b: &mut FuncBuilder,
    s: &StateDims,
    w: &BTreeMap<String, Weight>,
    mixed: &Value,
    beta: &Value,
    decay: &Value,
) -> Result<StepValues> {
    let m = mixed.dim(0);
    let keys = s.key_heads * s.key_dim;
    let q = b.slice_dim(mixed, 1, 0, keys)?;
    let k = b.slice_dim(mixed, 1, keys, keys)?;
    let v = b.slice_dim(mixed, 1, 2 * keys, s.value_heads * s.value_dim)?;
    let q = l2_heads(b, s, &q, Some((s.key_dim as f64).powf(-0.5)))?;
    let k = l2_heads(b, s, &k, None)?;
    let v = b.reshape(&v, &[m, s.value_heads, s.value_dim])?;
    let beta = b.transpose(beta, &[1, 0])?;
    let beta = b.logistic(&beta)?;
    // g = -exp(A_log) * softplus(a + dt_bias), in transformers' order.
    let a = b.transpose(decay, &[1, 0])?;
    let dt_bias = vector(w, "linear_attn.dt_bias")?;
    let dt_bias = b.broadcast_in_dim(dt_bias, &[m, s.value_heads], &[1])?;
    let a = b.add(&a, &dt_bias)?;
    let soft = softplus(b, &a)?;
    let rate = vector(w, "linear_attn.A_log")?;
    let rate = b.exp(rate)?;
    let rate = b.negate(&rate)?;
    let rate = b.broadcast_in_dim(&rate, &[m, s.value_heads], &[1])?;
    let g = b.multiply(&rate, &soft)?;
    Ok(StepValues { q, k, v, g, beta })
}

/// `log(1 + e^x)`, and `x` itself above 20 (torch's threshold).
fn softplus(b: &mut FuncBuilder, x: &Value) -> Result<Value> {
    let e = b.exp(x)?;
    let soft = b.log_plus_one(&e)?;
    let threshold = b.splat(x.ty().clone(), 20.0)?;
    let above = b.compare(Cmp::Gt, x, &threshold)?;
    b.select(&above, x, &soft)
}

/// `[M, Hk*dk]` as `[M, Hv, dk]`: each key head L2-normalised (`x / sqrt(sum x^2 + 1e-6)`),
/// times `scale`, repeated for the value heads that read it, in their order.
fn l2_heads(b: &mut FuncBuilder, s: &StateDims, x: &Value, scale: Option<f64>) -> Result<Value> {
    let m = x.dim(0);
    let heads = [m, s.key_heads, s.key_dim];
    let x = b.reshape(x, &heads)?;
    let sq = b.multiply(&x, &x)?;
    let sum = b.sum_in_order(&sq, 2)?;
    let eps = b.splat(sum.ty().clone(), 1e-6)?;
    let sum = b.add(&sum, &eps)?;
    let r = b.rsqrt(&sum)?;
    let r = b.broadcast_in_dim(&r, &heads, &[0, 1])?;
    let mut x = b.multiply(&x, &r)?;
    if let Some(scale) = scale {
        let scale = b.splat(x.ty().clone(), scale)?;
        x = b.multiply(&x, &scale)?;
    }
    let repeat = s.value_heads / s.key_heads;
    let x = match s.tiled {
        // Value head j * K + k reads key head k.
        true => b.broadcast_in_dim(&x, &[m, repeat, s.key_heads, s.key_dim], &[0, 2, 3])?,
        // Value head k * r + j reads key head k.
        false => b.broadcast_in_dim(&x, &[m, s.key_heads, repeat, s.key_dim], &[0, 1, 3])?,
    };
    b.reshape(&x, &[m, s.value_heads, s.key_dim])
}

/// One token per row: the states `[R, Hv, dk, dv]` after it and its read-out `[R, Hv, dv]`.
///
/// With the decayed state `D = d S`, the update is `S' = D + k delta^T` where
/// `delta = beta (v - D^T k)`, and the read-out `S'^T q = d (S^T q) + (k . q) delta`. Both
/// products with the old state, `S^T k` and `S^T q`, read it before it changes, and the new
/// state is written in one pass: the state (2 MiB a layer and row at 35B-A3B) is read twice and
/// written once, where forming `D` and `S'` first passes over it six times.
fn delta_step(b: &mut FuncBuilder, state: &Value, t: &StepValues) -> Result<(Value, Value)> {
    let full = state.shape().to_vec();
    let k = b.broadcast_in_dim(&t.k, &full, &[0, 1, 2])?;
    let q = b.broadcast_in_dim(&t.q, &full, &[0, 1, 2])?;
    let sk = b.multiply(state, &k)?;
    let sk = b.sum_in_order(&sk, 2)?;
    let sq = b.multiply(state, &q)?;
    let sq = b.sum_in_order(&sq, 2)?;
    let heads = sk.shape().to_vec();
    let d = b.exp(&t.g)?;
    let decay = b.broadcast_in_dim(&d, &heads, &[0, 1])?;
    let recalled = b.multiply(&sk, &decay)?;
    let delta = b.subtract(&t.v, &recalled)?;
    let beta = b.broadcast_in_dim(&t.beta, &heads, &[0, 1])?;
    let delta = b.multiply(&delta, &beta)?;
    let kq = b.multiply(&t.k, &t.q)?;
    let kq = b.sum_in_order(&kq, 2)?;
    let kq = b.broadcast_in_dim(&kq, &heads, &[0, 1])?;
    let read = b.multiply(&sq, &decay)?;
    let written = b.multiply(&kq, &delta)?;
    let o = b.add(&read, &written)?;
    let decay = b.broadcast_in_dim(&d, &full, &[0, 1])?;
    let kept = b.multiply(state, &decay)?;
    let delta = b.broadcast_in_dim(&delta, &full, &[0, 1, 3])?;
    let write = b.multiply(&k, &delta)?;
    let state = b.add(&kept, &write)?;
    Ok((state, o))
}

/// The chunk in blocks of `c` tokens (`T = N c`), tokens past `len` moving nothing (their
/// decay 1, their write strength 0): the gated delta rule's chunked form, whose numbers are
/// the per-token recurrence's in another order. Within a block, with `G` the running sum of
/// `g` and `Γ_ij = exp(G_i - G_j)` for `i >= j` (0 above), the writes are
/// `W (β v - β (k ⊙ e^G) S)` with `W = (I - A)^-1`, `A_ij = -β_i k_i·k_j Γ_ij` below the
/// diagonal; the read-outs are `(q ⊙ e^G) S + (q kᵀ ⊙ Γ) U`; the state goes on as
/// `e^{G_c} S + (k ⊙ e^{G_c - G})ᵀ U`. `A` is nilpotent, so `W = Π_p (I + A^(2^p))` over
/// `log2 c` factors: products, where transformers solves row by row. Every block but the state's
/// step from one to the next is computed for all blocks at once; those steps are `N`
/// products, unrolled.
fn blocks(
    b: &mut FuncBuilder,
    s: &StateDims,
    t: &StepValues,
    state: &Value,
    len: &Value,
    c: i64,
) -> Result<(Value, Value)> {
    let tokens = t.q.dim(0);
    let n = tokens / c;
    let (hv, dk, dv) = (s.value_heads, s.key_dim, s.value_dim);
    // Tokens past len: g = 0, beta = 0.
    let i = b.iota(TensorType::new([tokens, hv], ElemType::I32), 0)?;
    let lens = b.broadcast_in_dim(len, &[tokens, hv], &[])?;
    let live = b.compare(Cmp::Lt, &i, &lens)?;
    let zero = b.splat(t.g.ty().clone(), 0.0)?;
    let g = b.select(&live, &t.g, &zero)?;
    let beta = b.select(&live, &t.beta, &zero)?;
    // [T, Hv, d] -> [Hv, N, c, d]; [T, Hv] -> [Hv, N, c].
    let blocked = |b: &mut FuncBuilder, x: &Value| -> Result<Value> {
        let d = x.dim(2);
        let x = b.reshape(x, &[n, c, hv, d])?;
        b.transpose(&x, &[2, 0, 1, 3])
    };
    let per_token = |b: &mut FuncBuilder, x: &Value| -> Result<Value> {
        let x = b.reshape(x, &[n, c, hv])?;
        b.transpose(&x, &[2, 0, 1])
    };
    let (q, k, v) = (blocked(b, &t.q)?, blocked(b, &t.k)?, blocked(b, &t.v)?);
    let (g, beta) = (per_token(b, &g)?, per_token(b, &beta)?);
    let square = [hv, n, c, c];
    // G_i = sum of g_j over j <= i, as a product with the lower triangle of ones.
    let row = b.iota(TensorType::new([c, c], ElemType::I32), 0)?;
    let col = b.iota(TensorType::new([c, c], ElemType::I32), 1)?;
    let lower = b.compare(Cmp::Ge, &row, &col)?;
    let strict = b.compare(Cmp::Gt, &row, &col)?;
    let ones = b.splat(f32_ty([c, c]), 1.0)?;
    let zeros = b.splat(f32_ty([c, c]), 0.0)?;
    let tri = b.select(&lower, &ones, &zeros)?;
    let gsum = b.dot_general(&g, &tri, &DotDims::contract(2, 1))?;
    // Γ, from exponents masked before exp (above the diagonal they are positive).
    let gi = b.broadcast_in_dim(&gsum, &square, &[0, 1, 2])?;
    let gj = b.broadcast_in_dim(&gsum, &square, &[0, 1, 3])?;
    let diff = b.subtract(&gi, &gj)?;
    let lower4 = b.broadcast_in_dim(&lower, &square, &[2, 3])?;
    let zero4 = b.splat(f32_ty(square), 0.0)?;
    let diff = b.select(&lower4, &diff, &zero4)?;
    let gamma = b.exp(&diff)?;
    let gamma = b.select(&lower4, &gamma, &zero4)?;
    let vec4 =
        |b: &mut FuncBuilder, x: &Value, d: i64| b.broadcast_in_dim(x, &[hv, n, c, d], &[0, 1, 2]);
    let beta_k = vec4(b, &beta, dk)?;
    let beta_v = vec4(b, &beta, dv)?;
    let kb = b.multiply(&k, &beta_k)?;
    let vb = b.multiply(&v, &beta_v)?;
    let bmm = DotDims::contract(3, 3).batch(0, 0).batch(1, 1);
    let kk = b.dot_general(&kb, &k, &bmm)?;
    let a = b.multiply(&kk, &gamma)?;
    let a = b.negate(&a)?;
    let strict4 = b.broadcast_in_dim(&strict, &square, &[2, 3])?;
    let a = b.select(&strict4, &a, &zero4)?;
    // W = (I - A)^-1 = (I + A)(I + A^2)(I + A^4)...
    let eye = b.select(&lower, &ones, &zeros)?;
    let eye = b.select(&strict, &zeros, &eye)?;
    let eye = b.broadcast_in_dim(&eye, &square, &[2, 3])?;
    let matmul = DotDims::contract(3, 2).batch(0, 0).batch(1, 1);
    let mut w = b.add(&eye, &a)?;
    let mut power = a.clone();
    let mut span = 2;
    while span < c {
        power = b.dot_general(&power, &power, &matmul)?;
        let more = b.dot_general(&w, &power, &matmul)?;
        w = b.add(&w, &more)?;
        span *= 2;
    }
    let eg = b.exp(&gsum)?;
    let eg_k = vec4(b, &eg, dk)?;
    let writes = b.dot_general(&w, &vb, &matmul)?;
    let kbg = b.multiply(&kb, &eg_k)?;
    let kc = b.dot_general(&w, &kbg, &matmul)?;
    let qk = b.dot_general(&q, &k, &bmm)?;
    let intra = b.multiply(&qk, &gamma)?;
    let qg = b.multiply(&q, &eg_k)?;
    let last = b.slice_dim(&gsum, 2, c - 1, 1)?;
    let last_c = b.broadcast_in_dim(&last, &[hv, n, c], &[0, 1, 2])?;
    let to_end = b.subtract(&last_c, &gsum)?;
    let to_end = b.exp(&to_end)?;
    let to_end = vec4(b, &to_end, dk)?;
    let kd = b.multiply(&k, &to_end)?;
    let carry = b.exp(&last)?;
    // The state's steps, block by block: [Hv, dk, dv].
    let heads = DotDims::contract(2, 1).batch(0, 0);
    let mut state = state.clone();
    let mut outs = Vec::new();
    for block in 0..n {
        let at = |b: &mut FuncBuilder, x: &Value| -> Result<Value> {
            let one = b.slice_dim(x, 1, block, 1)?;
            let mut shape = x.shape().to_vec();
            shape.remove(1);
            b.reshape(&one, &shape)
        };
        let v_prime = {
            let kc = at(b, &kc)?;
            b.dot_general(&kc, &state, &heads)?
        };
        let u = at(b, &writes)?;
        let u = b.subtract(&u, &v_prime)?;
        let inter = {
            let qg = at(b, &qg)?;
            b.dot_general(&qg, &state, &heads)?
        };
        let intra = at(b, &intra)?;
        let local = b.dot_general(&intra, &u, &heads)?;
        outs.push(b.add(&inter, &local)?);
        let carry = at(b, &carry)?;
        let carry = b.reshape(&carry, &[hv])?;
        let carry = b.broadcast_in_dim(&carry, &[hv, dk, dv], &[0])?;
        let kept = b.multiply(&state, &carry)?;
        let kd = at(b, &kd)?;
        let written = b.dot_general(&kd, &u, &DotDims::contract(1, 1).batch(0, 0))?;
        state = b.add(&kept, &written)?;
    }
    // [Hv, c, dv] per block -> [T, Hv, dv].
    let refs: Vec<&Value> = outs.iter().collect();
    let o = b.concatenate(&refs, 1)?;
    let o = b.transpose(&o, &[1, 0, 2])?;
    Ok((o, state))
}

/// `norm(o) * w * silu(z)` per value head (the norm's weight without the model's offset), as
/// `[Hv*dv, M]` for the output projection. `o` is `[M, Hv, dv]`, `z` `[Hv*dv, M]`.
fn gated_norm(
    b: &mut FuncBuilder,
    s: &StateDims,
    w: &BTreeMap<String, Weight>,
    o: &Value,
    z: &Value,
    eps: f64,
) -> Result<Value> {
    let m = o.dim(0);
    let heads = [m, s.value_heads, s.value_dim];
    let sq = b.multiply(o, o)?;
    let sum = b.sum_in_order(&sq, 2)?;
    let count = b.splat(sum.ty().clone(), s.value_dim as f64)?;
    let mean = b.divide(&sum, &count)?;
    let eps = b.splat(mean.ty().clone(), eps)?;
    let var = b.add(&mean, &eps)?;
    let r = b.rsqrt(&var)?;
    let r = b.broadcast_in_dim(&r, &heads, &[0, 1])?;
    let normed = b.multiply(o, &r)?;
    let gain = vector(w, "linear_attn.norm.weight")?;
    let gain = b.broadcast_in_dim(gain, &heads, &[2])?;
    let normed = b.multiply(&normed, &gain)?;
    let z = b.transpose(z, &[1, 0])?;
    let z = b.reshape(&z, &heads)?;
    let gate = silu(b, &z)?;
    let gated = b.multiply(&normed, &gate)?;
    let flat = b.reshape(&gated, &[m, s.value_heads * s.value_dim])?;
    b.transpose(&flat, &[1, 0])
}
