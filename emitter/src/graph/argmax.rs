//! Argmax in the form each module form compiles well; the LM head's argmax head and the sampling
//! head's greedy and Gumbel-max draws share it.

use crate::hlo::{Cmp, ElemType, FuncBuilder, ReduceOp, Result, TensorType, Value};
use crate::module_form::ModuleForm;

/// Index of the first maximum along `dim`. Where the module form allows, as max -> eq ->
/// select(iota) -> min, which IREE runs several times faster on CPU than the two-operand reduce.
pub fn argmax(b: &mut FuncBuilder, x: &Value, dim: usize, form: ModuleForm) -> Result<Value> {
    if form.pairwise_argmax() {
        return Ok(b.reduce_max_index(x, dim)?.1);
    }
    let shape = x.shape().to_vec();
    let keep: Vec<usize> = (0..shape.len()).filter(|&i| i != dim).collect();
    let max = b.reduce_with(x, f64::NEG_INFINITY, ReduceOp::Max, &[dim])?;
    let max = b.broadcast_in_dim(&max, &shape, &keep)?;
    let hit = b.compare(Cmp::Eq, x, &max)?;
    let idx = b.iota(TensorType::new(shape.clone(), ElemType::I32), dim)?;
    let none = b.splat(TensorType::new(shape, ElemType::I32), i32::MAX as f64)?;
    let cand = b.select(&hit, &idx, &none)?;
    b.reduce_with(&cand, i32::MAX as f64, ReduceOp::Min, &[dim])
}
