//! The mixture-of-experts MLP: a router picks `k` of `E` experts per token (softmax then top-k,
//! optionally renormalised, or top-k of the logits then a softmax over those; ties to the
//! lower id), the selected experts' gated MLPs run (with their biases where the model has
//! them), and their outputs are summed weighted by the router; a shared expert, gated by
//! `sigmoid(w . x)`, joins the sum where the model has one.
//!
//! Two pure StableHLO forms compute the same sums:
//! - gathered: each (token, slot) pair gathers its expert's matrices and multiplies them, so
//!   only selected experts are read; used while the pairs (`k * M`) are no more than the
//!   experts, i.e. for decode steps;
//! - every expert: all experts multiply all tokens and unselected (token, expert) products are
//!   masked out; used for prefill chunks, where nearly every expert is selected by some token
//!   and one read of each expert beats a gathered copy per pair.
//!
//! Both read the stacked weights `[E, out, in]` as stored and widen after selecting; the
//! gathered form sums a token's experts in the order the router ranked them, the other in
//! expert order. Stacks stored in a GGUF's
//! blocks go through the CPU kernels instead (`kernels/c/experts.c`): one dispatch per
//! projection, each chosen expert read once per step whatever the token count.

use std::collections::BTreeMap;

use super::grouped_kernel::{experts_input, experts_kernel, GroupedParts};
use super::layer::{gated, gated_mlp, rms_norm};
use super::linear::{linear, Activations, Weight};
use super::weights::{
    EXPERT_DOWN, EXPERT_DOWN_BIAS, EXPERT_GATE, EXPERT_GATE_BIAS, EXPERT_UP, EXPERT_UP_BIAS,
    PER_EXPERT_SCALE, ROUTER, ROUTER_BIAS, ROUTER_SCALE, SHARED_GATE,
};
use crate::config::{Activation, Experts, Routing};
use crate::hlo::{
    Cmp, DotDims, ElemType, FuncBuilder, GatherDims, ReduceOp, Result, ShapeError, TensorType,
    Value,
};
use kernels::GroupedMatmul;

/// The MLP output `[H, M]` of the normed hidden state `xn` (`[H, M]`), routed by
/// `router_in` (`xn` itself, or a scaled router's input, see [`scaled_router_input`]).
pub fn mixture(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    experts: &Experts,
    activation: Activation,
    xn: &Value,
    router_in: &Value,
) -> Result<Value> {
    let m = xn.dim(1);
    let route = Route::new(b, w, experts, router_in)?;
    let biases = match experts.biases {
        true => Some(Biases {
            gate: dense(w, EXPERT_GATE_BIAS)?,
            up: dense(w, EXPERT_UP_BIAS)?,
            down: dense(w, EXPERT_DOWN_BIAS)?,
        }),
        false => None,
    };
    let stacks = (
        weight(w, EXPERT_GATE)?,
        weight(w, EXPERT_UP)?,
        weight(w, EXPERT_DOWN)?,
    );
    let routed = match stacks {
        (Weight::Dense(gate), Weight::Dense(up), Weight::Dense(down)) => {
            let stacks = Stacks {
                gate,
                up,
                down,
                biases,
            };
            if (experts.per_token * m as usize) <= experts.count {
                gathered(b, &stacks, activation, xn, &route)?
            } else {
                every_expert(b, &stacks, activation, xn, &route)?
            }
        }
        (gate, up, down) => {
            let stacks = [gate, up, down].map(kernel_stack);
            let [gate, up, down] = stacks;
            in_kernels(b, [gate?, up?, down?], biases, activation, xn, &route)?
        }
    };
    if experts.shared.is_none() {
        return Ok(routed);
    }
    let shared = gated_mlp(b, w, "mlp.shared_expert", activation, xn)?;
    // sigmoid(w . x) per token, `[1, M]`.
    let gate = linear(b, weight(w, SHARED_GATE)?, xn)?;
    let gate = b.logistic(&gate)?;
    let gate = b.reshape(&gate, &[m])?;
    let gate = b.broadcast_in_dim(&gate, shared.shape(), &[1])?;
    let shared = b.multiply(&shared, &gate)?;
    b.add(&routed, &shared)
}

/// The layer's weight `name`.
fn weight<'a>(w: &'a BTreeMap<String, Weight>, name: &str) -> Result<&'a Weight> {
    w.get(name).ok_or_else(|| ShapeError {
        op: "experts".into(),
        detail: format!("{name} missing from the layer"),
    })
}

/// The layer's dense weight `name`.
fn dense<'a>(w: &'a BTreeMap<String, Weight>, name: &str) -> Result<&'a Value> {
    match weight(w, name)? {
        Weight::Dense(v) => Ok(v),
        Weight::Groups { .. } => Err(ShapeError {
            op: "experts".into(),
            detail: format!("{name} must be dense"),
        }),
    }
}

/// The stacked expert matrices, `[E, W, H]`, `[E, W, H]` and `[E, H, W]`, as stored.
struct Stacks<'a> {
    gate: &'a Value,
    up: &'a Value,
    down: &'a Value,
    biases: Option<Biases<'a>>,
}

/// Each expert's projection biases, `[E, W]`, `[E, W]` and `[E, H]`.
#[derive(Clone, Copy)]
struct Biases<'a> {
    gate: &'a Value,
    up: &'a Value,
    down: &'a Value,
}

/// `y + bias[expert of pair p]` for pair products `y` `[P, N]` and `ids` `[P, 1]`.
fn add_pair_bias(b: &mut FuncBuilder, y: &Value, bias: &Value, ids: &Value) -> Result<Value> {
    let n = bias.dim(1);
    let g = GatherDims {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: vec![1, n],
    };
    let rows = b.gather(bias, ids, &g)?;
    b.add(y, &rows)
}

/// `y + bias[e]` for every expert's products `y` `[E, N, M]`.
fn add_expert_bias(b: &mut FuncBuilder, y: &Value, bias: &Value) -> Result<Value> {
    let bias = b.broadcast_in_dim(bias, y.shape(), &[0, 1])?;
    b.add(y, &bias)
}

/// Each token's selected experts, best first: ids `[k, M]` i32 and weights `[k, M]` f32.
struct Route {
    ids: Value,
    weights: Value,
}

impl Route {
    /// The router's logits (plus its bias, where the model has one), then the model's
    /// routing: a softmax over every expert and the `k` largest probabilities (renormalised
    /// where the model does), or the `k` largest logits and a softmax over those.
    fn new(
        b: &mut FuncBuilder,
        w: &BTreeMap<String, Weight>,
        experts: &Experts,
        x: &Value,
    ) -> Result<Route> {
        let mut logits = linear(b, weight(w, ROUTER)?, x)?;
        if experts.biases {
            let bias = dense(w, ROUTER_BIAS)?;
            let bias = b.broadcast_in_dim(bias, logits.shape(), &[0])?;
            logits = b.add(&logits, &bias)?;
        }
        match experts.routing {
            Routing::SoftmaxTopK => {
                let probs = softmax_over_experts(b, &logits)?;
                let (ids, mut weights) = top_k(b, &probs, experts.per_token)?;
                if experts.renormalize {
                    let sum = b.sum_in_order(&weights, 0)?;
                    let sum = b.broadcast_in_dim(&sum, weights.shape(), &[1])?;
                    weights = b.divide(&weights, &sum)?;
                }
                if experts.scaled_router {
                    let scale = dense(w, PER_EXPERT_SCALE)?;
                    let scale = gather_by_id(b, scale, &ids)?;
                    weights = b.multiply(&weights, &scale)?;
                }
                Ok(Route { ids, weights })
            }
            Routing::TopKSoftmax => {
                let (ids, top) = top_k(b, &logits, experts.per_token)?;
                let weights = softmax_over_experts(b, &top)?;
                Ok(Route { ids, weights })
            }
        }
    }

    fn slots(&self) -> i64 {
        self.ids.dim(0)
    }
}

/// A scaled router's input: the layer's input `x` RMS-normed without a weight, times its
/// `mlp.router_scale` (`[H]`) and H^-1/2, in transformers' order.
pub(super) fn scaled_router_input(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    x: &Value,
    eps: f64,
) -> Result<Value> {
    // The weight-free norm times the scale is the layer's RMSNorm with the scale as its
    // weight: the same operations in the same order.
    let scaled = rms_norm(b, x, dense(w, ROUTER_SCALE)?, eps)?;
    let root = b.splat(scaled.ty().clone(), (x.dim(0) as f64).powf(-0.5))?;
    b.multiply(&scaled, &root)
}

/// `values[ids]` for ids `[k, M]`: `[k, M]`.
fn gather_by_id(b: &mut FuncBuilder, values: &Value, ids: &Value) -> Result<Value> {
    let (k, m) = (ids.dim(0), ids.dim(1));
    let flat = b.reshape(ids, &[k * m, 1])?;
    let g = GatherDims {
        offset_dims: vec![],
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: vec![1],
    };
    let picked = b.gather(values, &flat, &g)?;
    b.reshape(&picked, &[k, m])
}

/// The `k` largest of each token's `scores` (`[E, M]`), best first: ids `[k, M]` i32 and
/// values `[k, M]`. `k` rounds of taking the largest value (ties to the lower id: the
/// smallest index holding the maximum) and removing it; the row is never sorted, and `k`
/// reductions over `E` values per token cost nothing next to the experts.
fn top_k(b: &mut FuncBuilder, scores: &Value, k: usize) -> Result<(Value, Value)> {
    let (e, m) = (scores.dim(0), scores.dim(1));
    let ids_ty = TensorType::new([e, m], ElemType::I32);
    let iota = b.iota(ids_ty.clone(), 0)?;
    let past_last = b.splat(ids_ty, e as f64)?;
    // Below every score still in the running, logits included.
    let taken = b.splat(scores.ty().clone(), f64::NEG_INFINITY)?;
    let mut scores = scores.clone();
    let (mut ids, mut values) = (Vec::new(), Vec::new());
    for _ in 0..k {
        let top = b.reduce_with(&scores, f64::NEG_INFINITY, ReduceOp::Max, &[0])?;
        let top_e = b.broadcast_in_dim(&top, &[e, m], &[1])?;
        let is_top = b.compare(Cmp::Eq, &scores, &top_e)?;
        let candidates = b.select(&is_top, &iota, &past_last)?;
        let id = b.reduce_with(&candidates, e as f64, ReduceOp::Min, &[0])?;
        let id_e = b.broadcast_in_dim(&id, &[e, m], &[1])?;
        let chosen = b.compare(Cmp::Eq, &iota, &id_e)?;
        scores = b.select(&chosen, &taken, &scores)?;
        ids.push(b.reshape(&id, &[1, m])?);
        values.push(b.reshape(&top, &[1, m])?);
    }
    let ids = b.concatenate(&ids.iter().collect::<Vec<_>>(), 0)?;
    let values = b.concatenate(&values.iter().collect::<Vec<_>>(), 0)?;
    Ok((ids, values))
}

/// Softmax of `[E, M]` (or of the `[k, M]` chosen) over dimension 0, max-subtracted.
fn softmax_over_experts(b: &mut FuncBuilder, logits: &Value) -> Result<Value> {
    let shape = logits.shape().to_vec();
    let max = b.reduce_with(logits, f64::NEG_INFINITY, ReduceOp::Max, &[0])?;
    let max = b.broadcast_in_dim(&max, &shape, &[1])?;
    let shifted = b.subtract(logits, &max)?;
    let e = b.exp(&shifted)?;
    let sum = b.sum_in_order(&e, 0)?;
    let sum = b.broadcast_in_dim(&sum, &shape, &[1])?;
    b.divide(&e, &sum)
}

/// A stacked grouped weight the CPU kernels multiply: its parts, kernel and activations.
struct KernelStack<'a> {
    parts: GroupedParts<'a>,
    kernel: GroupedMatmul,
    activations: Activations,
}

impl KernelStack<'_> {
    /// Its product for the pairs `ids` routes, of inputs `rows` (`[M, in]` f32) or `input`
    /// (those rows as `experts_input` made them for this stack).
    fn times(
        &self,
        b: &mut FuncBuilder,
        ids: &Value,
        input: &Value,
        rows: &Value,
    ) -> Result<Value> {
        let (m, inp) = (rows.dim(0), rows.dim(1));
        experts_kernel(
            b,
            self.kernel,
            self.activations,
            &self.parts,
            ids,
            (input, m, inp),
        )
    }

    fn input(&self, b: &mut FuncBuilder, rows: &Value) -> Result<Value> {
        experts_input(b, self.kernel, self.activations, rows)
    }

    /// Whether `other` takes this stack's input as it is.
    fn shares_input(&self, other: &KernelStack) -> bool {
        self.activations == other.activations
            && (self.activations == Activations::F32
                || (self.kernel.q8_block(), self.kernel.group)
                    == (other.kernel.q8_block(), other.kernel.group))
    }
}

fn kernel_stack(w: &Weight) -> Result<KernelStack<'_>> {
    match w {
        Weight::Groups {
            codes,
            scales,
            mins,
            kernel: Some(kernel),
            activations,
            ..
        } => Ok(KernelStack {
            parts: GroupedParts {
                codes,
                scales,
                mins: mins.as_ref(),
            },
            kernel: *kernel,
            activations: *activations,
        }),
        _ => Err(ShapeError {
            op: "experts".into(),
            detail: "stacked experts in groups are multiplied only by the CPU kernels, and all \
                     three stacks must be stored alike"
                .into(),
        }),
    }
}

/// The experts' products in the CPU kernels (`kernels/c/experts.c`), each chosen expert read
/// once per step: gate and up for every pair, then down of each pair's activation.
fn in_kernels(
    b: &mut FuncBuilder,
    [gate, up, down]: [KernelStack; 3],
    biases: Option<Biases>,
    activation: Activation,
    xn: &Value,
    route: &Route,
) -> Result<Value> {
    let m = xn.dim(1);
    let pairs = route.slots() * m;
    // The kernels take each token's input as a row (quantized once for gate and up).
    let x = b.transpose(xn, &[1, 0])?;
    let xg = gate.input(b, &x)?;
    let xu = match gate.shares_input(&up) {
        true => xg.clone(),
        false => up.input(b, &x)?,
    };
    let mut g = gate.times(b, &route.ids, &xg, &x)?;
    let mut u = up.times(b, &route.ids, &xu, &x)?;
    let pair_ids = b.reshape(&route.ids, &[pairs, 1])?;
    if let Some(bias) = biases {
        g = add_pair_bias(b, &g, bias.gate, &pair_ids)?;
        u = add_pair_bias(b, &u, bias.up, &pair_ids)?;
    }
    let act = gated(b, activation, &g, &u)?;
    // Pair p's input to down is its own activation, row p: one "token" per pair.
    let ids = b.reshape(&route.ids, &[1, pairs])?;
    let input = down.input(b, &act)?;
    let mut down = down.times(b, &ids, &input, &act)?;
    if let Some(bias) = biases {
        down = add_pair_bias(b, &down, bias.down, &pair_ids)?;
    }
    weighted_sum(b, &down, route, m)
}

/// `[k * M, H]` pair outputs (pair `j * M + m`) weighted by the router and summed per token
/// in the router's order: `[H, M]`.
fn weighted_sum(b: &mut FuncBuilder, down: &Value, route: &Route, m: i64) -> Result<Value> {
    let (k, h) = (route.slots(), down.dim(1));
    let pairs = k * m;
    let weights = b.reshape(&route.weights, &[pairs])?;
    let weights = b.broadcast_in_dim(&weights, &[pairs, h], &[0])?;
    let scaled = b.multiply(down, &weights)?;
    let scaled = b.reshape(&scaled, &[k, m, h])?;
    let sum = b.sum_in_order(&scaled, 0)?;
    b.transpose(&sum, &[1, 0])
}

/// Pair `p = j * M + m` (slot j of token m) gathers its expert's matrices and multiplies
/// token m's input by them: `[k * M, ...]` products, each reading one expert.
fn gathered(
    b: &mut FuncBuilder,
    stacks: &Stacks,
    activation: Activation,
    xn: &Value,
    route: &Route,
) -> Result<Value> {
    let (h, m, k) = (xn.dim(0), xn.dim(1), route.slots());
    let pairs = k * m;
    let ids = b.reshape(&route.ids, &[pairs, 1])?;
    let pick = |b: &mut FuncBuilder, stack: &Value| -> Result<Value> {
        let (rows, cols) = (stack.dim(1), stack.dim(2));
        let g = GatherDims {
            offset_dims: vec![1, 2],
            collapsed_slice_dims: vec![0],
            start_index_map: vec![0],
            index_vector_dim: 1,
            slice_sizes: vec![1, rows, cols],
        };
        let picked = b.gather(stack, &ids, &g)?;
        // Kept out of the product's dispatch: IREE's CUDA code generation fails to distribute
        // a batched product with the gather fused in ("failed to distribute", 3.13).
        let picked = b.optimization_barrier(&picked);
        Ok(b.convert(&picked, ElemType::F32))
    };
    let x = b.transpose(xn, &[1, 0])?;
    let x = b.broadcast_in_dim(&x, &[k, m, h], &[1, 2])?;
    let x = b.reshape(&x, &[pairs, h])?;
    let per_pair = DotDims::contract(2, 1).batch(0, 0);
    let gate = pick(b, stacks.gate)?;
    let mut gate = b.dot_general(&gate, &x, &per_pair)?;
    let up = pick(b, stacks.up)?;
    let mut up = b.dot_general(&up, &x, &per_pair)?;
    if let Some(bias) = stacks.biases {
        gate = add_pair_bias(b, &gate, bias.gate, &ids)?;
        up = add_pair_bias(b, &up, bias.up, &ids)?;
    }
    let act = gated(b, activation, &gate, &up)?;
    let down = pick(b, stacks.down)?;
    let mut down = b.dot_general(&down, &act, &per_pair)?;
    if let Some(bias) = stacks.biases {
        down = add_pair_bias(b, &down, bias.down, &ids)?;
    }
    weighted_sum(b, &down, route, m)
}

/// Every expert multiplies every token; each token keeps its selected experts' outputs,
/// weighted, and the rest are masked out (a select, so a non-finite unselected output cannot
/// reach the sum).
fn every_expert(
    b: &mut FuncBuilder,
    stacks: &Stacks,
    activation: Activation,
    xn: &Value,
    route: &Route,
) -> Result<Value> {
    let (h, m) = (xn.dim(0), xn.dim(1));
    let e = stacks.gate.dim(0);
    let widen = |b: &mut FuncBuilder, v: &Value| b.convert(v, ElemType::F32);
    let (gate_w, up_w, down_w) = (
        widen(b, stacks.gate),
        widen(b, stacks.up),
        widen(b, stacks.down),
    );
    let mut gate = b.dot_general(&gate_w, xn, &DotDims::contract(2, 0))?;
    let mut up = b.dot_general(&up_w, xn, &DotDims::contract(2, 0))?;
    if let Some(bias) = stacks.biases {
        gate = add_expert_bias(b, &gate, bias.gate)?;
        up = add_expert_bias(b, &up, bias.up)?;
    }
    let act = gated(b, activation, &gate, &up)?;
    let mut down = b.dot_general(&down_w, &act, &DotDims::contract(2, 1).batch(0, 0))?;
    if let Some(bias) = stacks.biases {
        down = add_expert_bias(b, &down, bias.down)?;
    }
    // Per (expert, token): the router's weight where selected, and whether it is.
    let ids_ty = TensorType::new([e, m], ElemType::I32);
    let iota = b.iota(ids_ty, 0)?;
    let zero = b.splat(TensorType::new([e, m], ElemType::F32), 0.0)?;
    let mut weight = zero.clone();
    let mut selected = None;
    for j in 0..route.slots() {
        let id = b.slice_dim(&route.ids, 0, j, 1)?;
        let id = b.reshape(&id, &[m])?;
        let id = b.broadcast_in_dim(&id, &[e, m], &[1])?;
        let hit = b.compare(Cmp::Eq, &iota, &id)?;
        let wj = b.slice_dim(&route.weights, 0, j, 1)?;
        let wj = b.reshape(&wj, &[m])?;
        let wj = b.broadcast_in_dim(&wj, &[e, m], &[1])?;
        let add = b.select(&hit, &wj, &zero)?;
        weight = b.add(&weight, &add)?;
        selected = Some(match selected {
            None => hit,
            Some(s) => b.or(&s, &hit)?,
        });
    }
    let selected = selected.expect("at least one expert per token");
    let weight = b.broadcast_in_dim(&weight, &[e, h, m], &[0, 2])?;
    let selected = b.broadcast_in_dim(&selected, &[e, h, m], &[0, 2])?;
    let scaled = b.multiply(&down, &weight)?;
    let zeros = b.splat(scaled.ty().clone(), 0.0)?;
    let kept = b.select(&selected, &scaled, &zeros)?;
    b.sum_in_order(&kept, 0)
}
