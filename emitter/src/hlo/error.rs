use std::fmt;

use super::types::TensorType;

/// A graph construction error: the op that refused, and why, with the shapes involved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeError {
    pub op: String,
    pub detail: String,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.op, self.detail)
    }
}

impl std::error::Error for ShapeError {}

pub type Result<T> = std::result::Result<T, ShapeError>;

pub(crate) fn fail<T>(op: &str, detail: impl Into<String>) -> Result<T> {
    Err(ShapeError {
        op: op.to_string(),
        detail: detail.into(),
    })
}

/// Lists operand types for error messages: `tensor<2x3xf32>, tensor<3xf32>`.
pub(crate) fn types_of(tys: &[&TensorType]) -> String {
    tys.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
