//! A small typed builder for StableHLO text in MLIR's pretty form.

mod dispatch;
mod error;
mod function;
mod indexing;
mod module;
mod ops;
mod types;

pub use dispatch::ExternDispatch;
pub use error::{Result, ShapeError};
pub use function::{Columns, FuncBuilder, Function, ProductForm, Sums, Value, FEW_COLUMNS};
pub use indexing::{GatherDims, ScatterDims};
pub use module::{Global, GlobalInit, Module};
pub use ops::{Cmp, DotDims, ReduceOp};
pub use types::{ElemType, TensorType};

#[cfg(test)]
mod tests;
