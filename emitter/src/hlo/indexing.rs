//! Ops that select or place parts of tensors: slices, reversal, concatenation, gather and
//! scatter.

use super::error::{fail, types_of, Result};
use super::function::{join, FuncBuilder, Value};
use super::ops::{array_i64, check_dims, dims};
use super::types::{ElemType, TensorType};

/// `gather` dimension numbers (no operand batching dims).
#[derive(Debug, Clone)]
pub struct GatherDims {
    pub offset_dims: Vec<usize>,
    pub collapsed_slice_dims: Vec<usize>,
    pub start_index_map: Vec<usize>,
    pub index_vector_dim: usize,
    pub slice_sizes: Vec<i64>,
}

/// `scatter` dimension numbers (no operand batching dims). The update replaces the old value.
#[derive(Debug, Clone)]
pub struct ScatterDims {
    pub update_window_dims: Vec<usize>,
    pub inserted_window_dims: Vec<usize>,
    pub scatter_dims_to_operand_dims: Vec<usize>,
    pub index_vector_dim: usize,
    pub unique_indices: bool,
}

impl FuncBuilder {
    pub fn slice(&mut self, x: &Value, start: &[i64], limit: &[i64]) -> Result<Value> {
        let op = "stablehlo.slice";
        let rank = x.ty().rank();
        if start.len() != rank || limit.len() != rank {
            return fail(
                op,
                format!("bounds {start:?}..{limit:?} do not fit {}", x.ty()),
            );
        }
        let ok = (0..rank).all(|i| 0 <= start[i] && start[i] <= limit[i] && limit[i] <= x.dim(i));
        if !ok {
            return fail(
                op,
                format!("bounds {start:?}..{limit:?} out of range for {}", x.ty()),
            );
        }
        let shape: Vec<i64> = (0..rank).map(|i| limit[i] - start[i]).collect();
        let ty = x.ty().with_shape(shape);
        let ranges: Vec<String> = (0..rank)
            .map(|i| format!("{}:{}", start[i], limit[i]))
            .collect();
        let text = format!("{op} {x} [{}] : ({}) -> {ty}", ranges.join(", "), x.ty());
        Ok(self.define(ty, &text))
    }

    /// Slices `[start, start+len)` of one dimension.
    pub fn slice_dim(&mut self, x: &Value, dim: usize, start: i64, len: i64) -> Result<Value> {
        let mut lo = vec![0; x.ty().rank()];
        let mut hi = x.shape().to_vec();
        if dim >= lo.len() {
            return fail(
                "stablehlo.slice",
                format!("dim {dim} out of range for {}", x.ty()),
            );
        }
        lo[dim] = start;
        hi[dim] = start + len;
        self.slice(x, &lo, &hi)
    }

    /// `x` with the order of the given dimensions reversed.
    pub fn reverse(&mut self, x: &Value, dimensions: &[usize]) -> Result<Value> {
        let op = "stablehlo.reverse";
        check_dims(op, "dimensions", dimensions, x.ty().rank())?;
        let ty = x.ty().clone();
        let text = format!("{op} {x}, dims = {} : {ty}", dims(dimensions));
        Ok(self.define(ty, &text))
    }

    pub fn concatenate(&mut self, xs: &[&Value], dim: usize) -> Result<Value> {
        let op = "stablehlo.concatenate";
        let Some(first) = xs.first() else {
            return fail(op, "needs at least one operand");
        };
        let tys: Vec<&TensorType> = xs.iter().map(|v| v.ty()).collect();
        let rank = first.ty().rank();
        let same_elsewhere = |t: &&TensorType| {
            t.elem == first.ty().elem
                && t.rank() == rank
                && (0..rank).all(|i| i == dim || t.shape[i] == first.dim(i))
        };
        if dim >= rank || !tys.iter().all(same_elsewhere) {
            return fail(
                op,
                format!(
                    "operands do not agree outside dim {dim}: {}",
                    types_of(&tys)
                ),
            );
        }
        let mut shape = first.shape().to_vec();
        shape[dim] = tys.iter().map(|t| t.shape[dim]).sum();
        let ty = first.ty().with_shape(shape);
        let names = join(&xs.iter().map(|v| v.to_string()).collect::<Vec<_>>());
        let text = format!("{op} {names}, dim = {dim} : ({}) -> {ty}", types_of(&tys));
        Ok(self.define(ty, &text))
    }

    pub fn gather(&mut self, operand: &Value, indices: &Value, g: &GatherDims) -> Result<Value> {
        let op = "stablehlo.gather";
        let (to, ti) = (operand.ty(), indices.ty());
        let both = types_of(&[to, ti]);
        if ti.elem != ElemType::I32 || g.slice_sizes.len() != to.rank() {
            return fail(
                op,
                format!("needs i32 indices and one slice size per operand dim: {both}"),
            );
        }
        let index_len = ti.shape.get(g.index_vector_dim).copied().unwrap_or(1);
        if g.start_index_map.len() as i64 != index_len {
            return fail(
                op,
                format!(
                    "start_index_map {} does not match index vectors of {ti}",
                    dims(&g.start_index_map)
                ),
            );
        }
        check_dims(op, "start_index_map", &g.start_index_map, to.rank())?;
        check_dims(
            op,
            "collapsed_slice_dims",
            &g.collapsed_slice_dims,
            to.rank(),
        )?;
        for (i, &s) in g.slice_sizes.iter().enumerate() {
            let collapsed_bad = g.collapsed_slice_dims.contains(&i) && s != 1;
            if s < 0 || s > to.shape[i] || collapsed_bad {
                return fail(
                    op,
                    format!("slice sizes {:?} do not fit {to}", g.slice_sizes),
                );
            }
        }
        let offsets: Vec<i64> = (0..to.rank())
            .filter(|i| !g.collapsed_slice_dims.contains(i))
            .map(|i| g.slice_sizes[i])
            .collect();
        let batch: Vec<i64> = (0..ti.rank())
            .filter(|&i| i != g.index_vector_dim)
            .map(|i| ti.shape[i])
            .collect();
        let rank = batch.len() + offsets.len();
        if g.offset_dims.len() != offsets.len() {
            return fail(
                op,
                format!(
                    "offset_dims {} do not match {} offset dims",
                    dims(&g.offset_dims),
                    offsets.len()
                ),
            );
        }
        check_dims(op, "offset_dims", &g.offset_dims, rank)?;
        let (mut oi, mut bi) = (offsets.iter(), batch.iter());
        let shape: Vec<i64> = (0..rank)
            .map(|i| {
                if g.offset_dims.contains(&i) {
                    *oi.next().unwrap()
                } else {
                    *bi.next().unwrap()
                }
            })
            .collect();
        let ty = to.with_shape(shape);
        let text = format!(
            "\"{op}\"({operand}, {indices}) {{dimension_numbers = #stablehlo.gather<offset_dims = {}, collapsed_slice_dims = {}, start_index_map = {}, index_vector_dim = {}>, indices_are_sorted = false, slice_sizes = {}}} : ({to}, {ti}) -> {ty}",
            dims(&g.offset_dims),
            dims(&g.collapsed_slice_dims),
            dims(&g.start_index_map),
            g.index_vector_dim,
            array_i64(&g.slice_sizes)
        );
        Ok(self.define(ty, &text))
    }

    pub fn scatter(
        &mut self,
        operand: &Value,
        indices: &Value,
        updates: &Value,
        s: &ScatterDims,
    ) -> Result<Value> {
        let op = "stablehlo.scatter";
        let (to, ti, tu) = (operand.ty(), indices.ty(), updates.ty());
        let all = types_of(&[to, ti, tu]);
        if ti.elem != ElemType::I32 || to.elem != tu.elem {
            return fail(
                op,
                format!("needs i32 indices and updates of the operand's type: {all}"),
            );
        }
        let index_len = ti.shape.get(s.index_vector_dim).copied().unwrap_or(1);
        if s.scatter_dims_to_operand_dims.len() as i64 != index_len {
            return fail(
                op,
                format!("scatter_dims_to_operand_dims do not match index vectors: {all}"),
            );
        }
        check_dims(
            op,
            "scatter_dims_to_operand_dims",
            &s.scatter_dims_to_operand_dims,
            to.rank(),
        )?;
        check_dims(
            op,
            "inserted_window_dims",
            &s.inserted_window_dims,
            to.rank(),
        )?;
        check_dims(op, "update_window_dims", &s.update_window_dims, tu.rank())?;
        let window_operand_dims: Vec<usize> = (0..to.rank())
            .filter(|i| !s.inserted_window_dims.contains(i))
            .collect();
        if window_operand_dims.len() != s.update_window_dims.len() {
            return fail(
                op,
                format!(
                    "update_window_dims {} do not match the operand: {all}",
                    dims(&s.update_window_dims)
                ),
            );
        }
        for (&u, &o) in s.update_window_dims.iter().zip(&window_operand_dims) {
            if tu.shape[u] > to.shape[o] {
                return fail(
                    op,
                    format!("update window dim {u} larger than operand dim {o}: {all}"),
                );
            }
        }
        let scatter_dims: Vec<i64> = (0..tu.rank())
            .filter(|i| !s.update_window_dims.contains(i))
            .map(|i| tu.shape[i])
            .collect();
        let index_batch: Vec<i64> = (0..ti.rank())
            .filter(|&i| i != s.index_vector_dim)
            .map(|i| ti.shape[i])
            .collect();
        if scatter_dims != index_batch {
            return fail(op, format!("update scatter dims {scatter_dims:?} != index batch dims {index_batch:?}: {all}"));
        }
        let e = to.elem;
        let v = self.fresh(to.clone());
        let text = format!(
            "{v} = \"{op}\"({operand}, {indices}, {updates}) ({{\n      ^bb0(%old: tensor<{e}>, %new: tensor<{e}>):\n        stablehlo.return %new : tensor<{e}>\n    }}) {{indices_are_sorted = false, unique_indices = {}, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = {}, inserted_window_dims = {}, scatter_dims_to_operand_dims = {}, index_vector_dim = {}>}} : ({all}) -> {to}",
            s.unique_indices,
            dims(&s.update_window_dims),
            dims(&s.inserted_window_dims),
            dims(&s.scatter_dims_to_operand_dims),
            s.index_vector_dim
        );
        self.line(&text);
        Ok(v)
    }
}
