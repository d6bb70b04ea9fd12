//! StableHLO ops with operand checks and result type inference.

use super::error::{fail, types_of, Result};
use super::function::{join, FuncBuilder, Sums, Value};
use super::types::{ElemType, TensorType};

/// Halving rounds of [`FuncBuilder::sum_in_order`] written as one expression (16 slices):
/// IREE 3.13 compiles four into one CPU kernel, while five (32 slices) came apart into about
/// one kernel per slice. A Llama-3.2-1B norm (2048 values) is three kernels, not eleven.
const ROUNDS_AT_ONCE: u32 = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReduceOp {
    Add,
    Max,
    Min,
}

/// `dot_general` dimension numbers.
#[derive(Debug, Clone, Default)]
pub struct DotDims {
    pub lhs_batch: Vec<usize>,
    pub rhs_batch: Vec<usize>,
    pub lhs_contract: Vec<usize>,
    pub rhs_contract: Vec<usize>,
}

impl DotDims {
    pub fn contract(lhs: usize, rhs: usize) -> Self {
        DotDims {
            lhs_contract: vec![lhs],
            rhs_contract: vec![rhs],
            ..Default::default()
        }
    }

    pub fn batch(mut self, lhs: usize, rhs: usize) -> Self {
        self.lhs_batch.push(lhs);
        self.rhs_batch.push(rhs);
        self
    }
}

pub(super) fn dims(d: &[usize]) -> String {
    format!("[{}]", join(d))
}

pub(super) fn array_i64(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("array<i64: {}>", items.join(", "))
}

/// Formats a splat constant so MLIR parses it back to the same bits.
fn literal(value: f64, elem: ElemType) -> String {
    if !elem.is_float() {
        return format!("{}", value as i64);
    }
    if value.is_nan() || value.is_infinite() {
        let bits: u32 = match (elem, value.is_nan(), value > 0.0) {
            (ElemType::F32, true, _) => 0x7FC0_0000,
            (ElemType::F32, _, true) => 0x7F80_0000,
            (ElemType::F32, _, false) => 0xFF80_0000,
            (ElemType::F16, true, _) => 0x7E00,
            (ElemType::F16, _, true) => 0x7C00,
            (ElemType::F16, _, false) => 0xFC00,
            (_, true, _) => 0x7FC0,
            (_, _, true) => 0x7F80,
            (_, _, false) => 0xFF80,
        };
        return format!("0x{bits:X}");
    }
    float_text(value as f32)
}

/// Shortest decimal that round-trips through f32, always with a '.' as MLIR requires.
pub(crate) fn float_text(v: f32) -> String {
    let s = format!("{v:e}");
    let (mantissa, exp) = s.split_once('e').expect("exponent form");
    let mantissa = if mantissa.contains('.') {
        mantissa.to_string()
    } else {
        format!("{mantissa}.0")
    };
    if exp == "0" {
        mantissa
    } else {
        format!("{mantissa}e{exp}")
    }
}

pub(super) fn check_dims(op: &str, what: &str, d: &[usize], rank: usize) -> Result<()> {
    let mut seen = vec![false; rank];
    for &i in d {
        if i >= rank || seen[i] {
            return fail(op, format!("{what} {} invalid for rank {rank}", dims(d)));
        }
        seen[i] = true;
    }
    Ok(())
}

impl FuncBuilder {
    pub fn constant(&mut self, ty: TensorType, value: f64) -> Value {
        let text = format!(
            "stablehlo.constant dense<{}> : {ty}",
            literal(value, ty.elem)
        );
        self.define(ty, &text)
    }

    pub fn constant_f32(&mut self, values: &[f32]) -> Value {
        let ty = TensorType::new([values.len() as i64], ElemType::F32);
        let items: Vec<String> = values.iter().map(|&v| float_text(v)).collect();
        let text = format!("stablehlo.constant dense<[{}]> : {ty}", items.join(", "));
        self.define(ty, &text)
    }

    pub fn iota(&mut self, ty: TensorType, dim: usize) -> Result<Value> {
        if dim >= ty.rank() {
            return fail("stablehlo.iota", format!("dim {dim} out of range for {ty}"));
        }
        let text = format!("stablehlo.iota dim = {dim} : {ty}");
        Ok(self.define(ty, &text))
    }

    pub fn reshape(&mut self, x: &Value, shape: &[i64]) -> Result<Value> {
        let ty = x.ty().with_shape(shape);
        if ty.num_elements() != x.ty().num_elements() {
            return fail(
                "stablehlo.reshape",
                format!("cannot reshape {} to {ty}", x.ty()),
            );
        }
        let text = format!("stablehlo.reshape {x} : ({}) -> {ty}", x.ty());
        Ok(self.define(ty, &text))
    }

    /// `dims[i]` is the result dimension that operand dimension `i` maps to.
    pub fn broadcast_in_dim(&mut self, x: &Value, shape: &[i64], dims_: &[usize]) -> Result<Value> {
        let op = "stablehlo.broadcast_in_dim";
        let ty = x.ty().with_shape(shape);
        if dims_.len() != x.ty().rank() {
            return fail(op, format!("dims {} do not cover {}", dims(dims_), x.ty()));
        }
        check_dims(op, "dims", dims_, shape.len())?;
        for (i, &d) in dims_.iter().enumerate() {
            if x.dim(i) != 1 && x.dim(i) != shape[d] {
                return fail(
                    op,
                    format!(
                        "{} cannot broadcast to {ty} along dims {}",
                        x.ty(),
                        dims(dims_)
                    ),
                );
            }
        }
        let text = format!(
            "stablehlo.broadcast_in_dim {x}, dims = {} : ({}) -> {ty}",
            dims(dims_),
            x.ty()
        );
        Ok(self.define(ty, &text))
    }

    /// Broadcasts a scalar constant to `ty`'s shape.
    pub fn splat(&mut self, ty: TensorType, value: f64) -> Result<Value> {
        let scalar = self.constant(TensorType::scalar(ty.elem), value);
        self.broadcast_in_dim(&scalar, &ty.shape, &[])
    }

    pub fn transpose(&mut self, x: &Value, perm: &[usize]) -> Result<Value> {
        let op = "stablehlo.transpose";
        if perm.len() != x.ty().rank() {
            return fail(
                op,
                format!("permutation {} does not fit {}", dims(perm), x.ty()),
            );
        }
        check_dims(op, "permutation", perm, perm.len())?;
        let shape: Vec<i64> = perm.iter().map(|&p| x.dim(p)).collect();
        let ty = x.ty().with_shape(shape);
        let text = format!(
            "stablehlo.transpose {x}, dims = {} : ({}) -> {ty}",
            dims(perm),
            x.ty()
        );
        Ok(self.define(ty, &text))
    }

    pub fn convert(&mut self, x: &Value, elem: ElemType) -> Value {
        if x.ty().elem == elem {
            return x.clone();
        }
        let ty = x.ty().with_elem(elem);
        let text = format!("stablehlo.convert {x} : ({}) -> {ty}", x.ty());
        let wide = self.define(ty, &text);
        if elem == ElemType::F32 && matches!(x.ty().elem, ElemType::F16 | ElemType::Bf16) {
            self.record_widening(&wide, x);
        }
        wide
    }

    fn binary(&mut self, name: &str, a: &Value, b: &Value) -> Result<Value> {
        let op = format!("stablehlo.{name}");
        if a.ty() != b.ty() {
            return fail(
                &op,
                format!("operand types differ: {}", types_of(&[a.ty(), b.ty()])),
            );
        }
        let text = format!("{op} {a}, {b} : {}", a.ty());
        Ok(self.define(a.ty().clone(), &text))
    }

    pub fn add(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary("add", a, b)
    }

    pub fn subtract(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary("subtract", a, b)
    }

    pub fn multiply(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary("multiply", a, b)
    }

    pub fn divide(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary("divide", a, b)
    }

    pub fn maximum(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary("maximum", a, b)
    }

    pub fn minimum(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary("minimum", a, b)
    }

    /// Remainder with the sign of the dividend (C's `%`).
    pub fn remainder(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary("remainder", a, b)
    }

    /// Bitwise ops and shifts take integers (and `i1` for the logical ones); integer
    /// arithmetic wraps, which the counter-based hashes rely on.
    fn binary_int(&mut self, name: &str, a: &Value, b: &Value) -> Result<Value> {
        if a.ty().elem.is_float() {
            return fail(
                &format!("stablehlo.{name}"),
                format!("needs integer operands, got {}", a.ty()),
            );
        }
        self.binary(name, a, b)
    }

    pub fn and(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary_int("and", a, b)
    }

    pub fn or(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary_int("or", a, b)
    }

    pub fn xor(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary_int("xor", a, b)
    }

    pub fn shift_left(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary_int("shift_left", a, b)
    }

    pub fn shift_right_logical(&mut self, a: &Value, b: &Value) -> Result<Value> {
        self.binary_int("shift_right_logical", a, b)
    }

    pub fn negate(&mut self, x: &Value) -> Result<Value> {
        let text = format!("stablehlo.negate {x} : {}", x.ty());
        Ok(self.define(x.ty().clone(), &text))
    }

    /// Reinterprets the bits of each element as `elem`, which must have the same width.
    pub fn bitcast_convert(&mut self, x: &Value, elem: ElemType) -> Result<Value> {
        let op = "stablehlo.bitcast_convert";
        if elem.bits() != x.ty().elem.bits() || elem == ElemType::I1 {
            return fail(op, format!("cannot reinterpret {} as {elem}", x.ty()));
        }
        let ty = x.ty().with_elem(elem);
        let text = format!("{op} {x} : ({}) -> {ty}", x.ty());
        Ok(self.define(ty, &text))
    }

    /// `x` unchanged, but the compiler may not fuse across it: what is computed before it is
    /// written to memory once, and what comes after reads it.
    pub fn optimization_barrier(&mut self, x: &Value) -> Value {
        let text = format!("stablehlo.optimization_barrier {x} : {}", x.ty());
        self.define(x.ty().clone(), &text)
    }

    fn unary_float(&mut self, name: &str, x: &Value) -> Result<Value> {
        let op = format!("stablehlo.{name}");
        if !x.ty().elem.is_float() {
            return fail(&op, format!("needs a float operand, got {}", x.ty()));
        }
        let text = format!("{op} {x} : {}", x.ty());
        Ok(self.define(x.ty().clone(), &text))
    }

    pub fn exp(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("exponential", x)
    }

    pub fn log(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("log", x)
    }

    /// `log(1 + x)`, exact for small `x` where `log` of the sum would round it away.
    pub fn log_plus_one(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("log_plus_one", x)
    }

    pub fn rsqrt(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("rsqrt", x)
    }

    pub fn logistic(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("logistic", x)
    }

    pub fn tanh(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("tanh", x)
    }

    pub fn cosine(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("cosine", x)
    }

    pub fn sine(&mut self, x: &Value) -> Result<Value> {
        self.unary_float("sine", x)
    }

    pub fn compare(&mut self, dir: Cmp, a: &Value, b: &Value) -> Result<Value> {
        let op = "stablehlo.compare";
        if a.ty() != b.ty() {
            return fail(
                op,
                format!("operand types differ: {}", types_of(&[a.ty(), b.ty()])),
            );
        }
        let kind = match a.ty().elem {
            e if e.is_float() => "FLOAT",
            ElemType::I1 | ElemType::Ui4 => "UNSIGNED",
            _ => "SIGNED",
        };
        let dir = match dir {
            Cmp::Eq => "EQ",
            Cmp::Ne => "NE",
            Cmp::Lt => "LT",
            Cmp::Le => "LE",
            Cmp::Gt => "GT",
            Cmp::Ge => "GE",
        };
        let ty = a.ty().with_elem(ElemType::I1);
        let text = format!(
            "{op} {dir}, {a}, {b}, {kind} : ({}, {}) -> {ty}",
            a.ty(),
            b.ty()
        );
        Ok(self.define(ty, &text))
    }

    pub fn select(&mut self, pred: &Value, on_true: &Value, on_false: &Value) -> Result<Value> {
        let op = "stablehlo.select";
        if on_true.ty() != on_false.ty() || pred.ty() != &on_true.ty().with_elem(ElemType::I1) {
            let tys = types_of(&[pred.ty(), on_true.ty(), on_false.ty()]);
            return fail(
                op,
                format!("needs an i1 predicate and two values of its shape, got {tys}"),
            );
        }
        let text = format!(
            "{op} {pred}, {on_true}, {on_false} : {}, {}",
            pred.ty(),
            on_true.ty()
        );
        Ok(self.define(on_true.ty().clone(), &text))
    }

    pub fn dot_general(&mut self, a: &Value, b: &Value, d: &DotDims) -> Result<Value> {
        self.dot_general_into(a, b, d, a.ty().elem)
    }

    /// `dot_general` whose sums and result are `elem` (f16 operands summed in f32).
    pub fn dot_general_into(
        &mut self,
        a: &Value,
        b: &Value,
        d: &DotDims,
        elem: ElemType,
    ) -> Result<Value> {
        let op = "stablehlo.dot_general";
        let (ta, tb) = (a.ty(), b.ty());
        let both = types_of(&[ta, tb]);
        if ta.elem != tb.elem {
            return fail(op, format!("element types differ: {both}"));
        }
        if d.lhs_batch.len() != d.rhs_batch.len() || d.lhs_contract.len() != d.rhs_contract.len() {
            return fail(op, format!("unpaired dimension lists for {both}"));
        }
        let lhs_used: Vec<usize> = d.lhs_batch.iter().chain(&d.lhs_contract).copied().collect();
        let rhs_used: Vec<usize> = d.rhs_batch.iter().chain(&d.rhs_contract).copied().collect();
        check_dims(op, "lhs batching+contracting dims", &lhs_used, ta.rank())?;
        check_dims(op, "rhs batching+contracting dims", &rhs_used, tb.rank())?;
        for (&l, &r) in lhs_used.iter().zip(&rhs_used) {
            if ta.shape[l] != tb.shape[r] {
                return fail(
                    op,
                    format!(
                        "lhs dim {l} ({}) != rhs dim {r} ({}) for {both}",
                        ta.shape[l], tb.shape[r]
                    ),
                );
            }
        }
        let mut shape: Vec<i64> = d.lhs_batch.iter().map(|&i| ta.shape[i]).collect();
        shape.extend(
            (0..ta.rank())
                .filter(|i| !lhs_used.contains(i))
                .map(|i| ta.shape[i]),
        );
        shape.extend(
            (0..tb.rank())
                .filter(|i| !rhs_used.contains(i))
                .map(|i| tb.shape[i]),
        );
        let ty = TensorType::new(shape, elem);
        let batching = if d.lhs_batch.is_empty() {
            String::new()
        } else {
            format!(
                "batching_dims = {} x {}, ",
                dims(&d.lhs_batch),
                dims(&d.rhs_batch)
            )
        };
        let text = format!(
            "{op} {a}, {b}, {batching}contracting_dims = {} x {} : ({ta}, {tb}) -> {ty}",
            dims(&d.lhs_contract),
            dims(&d.rhs_contract)
        );
        Ok(self.define(ty, &text))
    }

    pub fn reduce(
        &mut self,
        x: &Value,
        init: &Value,
        kind: ReduceOp,
        over: &[usize],
    ) -> Result<Value> {
        let op = "stablehlo.reduce";
        check_dims(op, "dimensions", over, x.ty().rank())?;
        if init.ty() != &TensorType::scalar(x.ty().elem) {
            return fail(op, format!("init {} does not match {}", init.ty(), x.ty()));
        }
        let shape: Vec<i64> = (0..x.ty().rank())
            .filter(|i| !over.contains(i))
            .map(|i| x.dim(i))
            .collect();
        let ty = x.ty().with_shape(shape);
        let body = match kind {
            ReduceOp::Add => "add",
            ReduceOp::Max => "maximum",
            ReduceOp::Min => "minimum",
        };
        let text = format!(
            "{op}({x} init: {init}) applies stablehlo.{body} across dimensions = {} : ({}, {}) -> {ty}",
            dims(over),
            x.ty(),
            init.ty()
        );
        Ok(self.define(ty, &text))
    }

    /// Attention as one `iree_linalg_ext.attention` op: `softmax(scale · q·k + mask) · v` for
    /// `q` `[..., M, K1]`, keys `k` `[..., K1, K2]` (contracted dimension first, as the caches
    /// hold them), values `v` `[..., K2, N]`, with the same leading batch dimensions, and an
    /// i1 `mask` `[B0, M, K2]` (true: the key is seen) shared by every batch dimension after
    /// the first. Returns `[..., M, N]` in f32. IREE compiles the op to one kernel (an online
    /// softmax over K2) where the written-out form takes three: scores, softmax, values.
    pub fn attention(
        &mut self,
        q: &Value,
        k: &Value,
        v: &Value,
        scale: f64,
        mask: &Value,
    ) -> Result<Value> {
        let op = "iree_linalg_ext.attention";
        let rank = q.ty().rank();
        let batch = rank.saturating_sub(2);
        let (m, k1) = (q.dim(rank - 2), q.dim(rank - 1));
        let same_batch =
            |x: &Value| x.ty().rank() == rank && x.shape()[..batch] == q.shape()[..batch];
        if rank < 3
            || !same_batch(k)
            || !same_batch(v)
            || k.dim(rank - 2) != k1
            || v.dim(rank - 2) != k.dim(rank - 1)
            || mask.shape() != [q.dim(0), m, k.dim(rank - 1)]
            || mask.ty().elem != ElemType::I1
            || [q, k, v].iter().any(|x| x.ty().elem != ElemType::F32)
        {
            let tys = types_of(&[q.ty(), k.ty(), v.ty(), mask.ty()]);
            return fail(
                op,
                format!("needs q, k, v and a mask of matching shapes, got {tys}"),
            );
        }
        let mut out_shape = q.shape()[..rank - 1].to_vec();
        out_shape.push(v.dim(rank - 1));
        let ty = TensorType::new(out_shape, ElemType::F32);
        // Iteration dimensions: the batch ones, then m, n, k1, k2.
        let b: Vec<String> = (0..batch).map(|i| format!("b{i}")).collect();
        let all = format!("({}, m, n, k1, k2)", b.join(", "));
        let map = |dims: &[&str]| format!("affine_map<{all} -> ({})>", dims.join(", "));
        let batched = |tail: [&str; 2]| {
            let dims: Vec<&str> = b.iter().map(String::as_str).chain(tail).collect();
            map(&dims)
        };
        let maps = [
            batched(["m", "k1"]),
            batched(["k1", "k2"]),
            batched(["k2", "n"]),
            map(&[]),
            map(&["b0", "m", "k2"]),
            batched(["m", "n"]),
        ];
        let scale_name = self.fresh(TensorType::scalar(ElemType::F32));
        self.line(&format!(
            "{scale_name} = arith.constant {} : f32",
            float_text(scale as f32)
        ));
        let init = self.define(ty.clone(), &format!("tensor.empty() : {ty}"));
        let text = format!(
            "\"{op}\"({q}, {k}, {v}, {scale_name}, {mask}, {init}) <{{indexing_maps = [{}]}}> ({{\n\
             \x20   ^bb0(%score: f32):\n\
             \x20     \"iree_linalg_ext.yield\"(%score) : (f32) -> ()\n\
             \x20   }}) : ({}, {}, {}, f32, {}, {ty}) -> {ty}",
            maps.join(", "),
            q.ty(),
            k.ty(),
            v.ty(),
            mask.ty()
        );
        Ok(self.define(ty, &text))
    }

    /// Reduces with a scalar constant initial value.
    pub fn reduce_with(
        &mut self,
        x: &Value,
        init: f64,
        kind: ReduceOp,
        over: &[usize],
    ) -> Result<Value> {
        let init = self.constant(TensorType::scalar(x.ty().elem), init);
        self.reduce(x, &init, kind, over)
    }

    /// The sum along `dim` (removed from the shape) in an order the graph fixes: halves added
    /// elementwise until one slice is left; the slice an odd count leaves over is added to a
    /// carry, and the carry to the last slice.
    ///
    /// A `stablehlo.reduce` leaves the order to the compiler, and IREE's CPU code sums a
    /// token's row one way when it is alone (a vector reduction along the row) and another
    /// among several (a vector across the tokens, the row summed in sequence): the same row
    /// gave other bits at B=1 than at B=4. Elementwise adds are not reassociated, so this sum
    /// is the same for a row whatever else the tensor holds. With [`Sums::Compiler`] it is
    /// one `stablehlo.reduce` after all.
    ///
    /// Up to [`ROUNDS_AT_ONCE`] rounds are written as one expression over slices of the same
    /// tensor (the same adds in the same tree), which IREE compiles to one kernel, where a
    /// round's result sliced by the next round cost a kernel per round.
    pub fn sum_in_order(&mut self, x: &Value, dim: usize) -> Result<Value> {
        check_dims("sum_in_order", "dimensions", &[dim], x.ty().rank())?;
        if self.sums() == Sums::Compiler {
            return self.reduce_with(x, 0.0, ReduceOp::Add, &[dim]);
        }
        let mut x = x.clone();
        let mut carry: Option<Value> = None;
        let mut n = x.dim(dim);
        while n > 1 {
            if n % 2 == 1 {
                let rest = self.slice_dim(&x, dim, n - 1, 1)?;
                carry = Some(match carry {
                    Some(c) => self.add(&c, &rest)?,
                    None => rest,
                });
            }
            // Rounds that halve an even count, at most ROUNDS_AT_ONCE; an odd count takes one.
            let rounds = n.trailing_zeros().clamp(1, ROUNDS_AT_ONCE);
            let len = n >> rounds;
            x = self.halvings(&x, dim, len, 1 << rounds)?;
            n = len;
        }
        if let Some(c) = carry {
            x = self.add(&x, &c)?;
        }
        let shape: Vec<i64> = (0..x.ty().rank())
            .filter(|&i| i != dim)
            .map(|i| x.dim(i))
            .collect();
        self.reshape(&x, &shape)
    }

    /// `rounds` halvings of `x` along `dim` as one expression: its first `chunks * len` values
    /// as `chunks` slices of `len` (a power of two), the second half of the list added to the
    /// first until one slice is left, as one round at a time would add them.
    fn halvings(&mut self, x: &Value, dim: usize, len: i64, chunks: i64) -> Result<Value> {
        let mut slices: Vec<Value> = (0..chunks)
            .map(|j| self.slice_dim(x, dim, j * len, len))
            .collect::<Result<_>>()?;
        while slices.len() > 1 {
            let hi = slices.split_off(slices.len() / 2);
            slices = slices
                .iter()
                .zip(&hi)
                .map(|(a, b)| self.add(a, b))
                .collect::<Result<_>>()?;
        }
        Ok(slices.remove(0))
    }

    /// Maximum along `dim` and the first index holding it, as one two-operand reduce.
    pub fn reduce_max_index(&mut self, x: &Value, dim: usize) -> Result<(Value, Value)> {
        let op = "stablehlo.reduce";
        check_dims(op, "dimensions", &[dim], x.ty().rank())?;
        if !x.ty().elem.is_float() {
            return fail(
                op,
                format!("max-index reduce needs a float operand, got {}", x.ty()),
            );
        }
        let (e, i) = (x.ty().elem, ElemType::I32);
        let iota = self.iota(x.ty().with_elem(i), dim)?;
        let init = self.constant(TensorType::scalar(e), f64::NEG_INFINITY);
        let zero = self.constant(TensorType::scalar(i), 0.0);
        let shape: Vec<i64> = (0..x.ty().rank())
            .filter(|&d| d != dim)
            .map(|d| x.dim(d))
            .collect();
        let (max_ty, idx_ty) = (x.ty().with_shape(shape.clone()), TensorType::new(shape, i));
        let r = self.fresh(max_ty.clone());
        let text = format!(
            "{r}:2 = \"{op}\"({x}, {iota}, {init}, {zero}) ({{
      ^bb0(%a: tensor<{e}>, %ai: tensor<{i}>, %b: tensor<{e}>, %bi: tensor<{i}>):
        %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<{e}>, tensor<{e}>) -> tensor<i1>
        %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<{e}>, tensor<{e}>) -> tensor<i1>
        %first = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<{i}>, tensor<{i}>) -> tensor<i1>
        %tie = stablehlo.and %eq, %first : tensor<i1>
        %keep = stablehlo.or %gt, %tie : tensor<i1>
        %v = stablehlo.select %keep, %a, %b : tensor<i1>, tensor<{e}>
        %vi = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<{i}>
        stablehlo.return %v, %vi : tensor<{e}>, tensor<{i}>
    }}) {{dimensions = array<i64: {dim}>}} : ({}, {}, {}, {}) -> ({max_ty}, {idx_ty})",
            x.ty(),
            iota.ty(),
            init.ty(),
            zero.ty()
        );
        self.line(&text);
        Ok((r.project(0, max_ty), r.project(1, idx_ty)))
    }
}
