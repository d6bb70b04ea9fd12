use std::fmt;

use serde::{Deserialize, Serialize};

/// Element types the graphs need; the spelling is MLIR's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ElemType {
    F32,
    F16,
    Bf16,
    I32,
    I8,
    I4,
    /// Unsigned 4-bit, MLIR's `ui4`.
    Ui4,
    I1,
}

impl ElemType {
    pub fn is_float(self) -> bool {
        matches!(self, ElemType::F32 | ElemType::F16 | ElemType::Bf16)
    }

    pub fn mlir(self) -> &'static str {
        match self {
            ElemType::F32 => "f32",
            ElemType::F16 => "f16",
            ElemType::Bf16 => "bf16",
            ElemType::I32 => "i32",
            ElemType::I8 => "i8",
            ElemType::I4 => "i4",
            ElemType::Ui4 => "ui4",
            ElemType::I1 => "i1",
        }
    }

    /// Storage width in bits (`i1` is stored as a byte).
    pub fn bits(self) -> usize {
        match self {
            ElemType::F32 | ElemType::I32 => 32,
            ElemType::F16 | ElemType::Bf16 => 16,
            ElemType::I8 | ElemType::I1 => 8,
            ElemType::I4 | ElemType::Ui4 => 4,
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mlir())
    }
}

/// A ranked, statically shaped tensor type; rank 0 is a scalar (`tensor<i32>`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TensorType {
    pub shape: Vec<i64>,
    #[serde(rename = "dtype")]
    pub elem: ElemType,
}

impl TensorType {
    pub fn new(shape: impl Into<Vec<i64>>, elem: ElemType) -> Self {
        TensorType {
            shape: shape.into(),
            elem,
        }
    }

    pub fn scalar(elem: ElemType) -> Self {
        TensorType::new(Vec::new(), elem)
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn num_elements(&self) -> i64 {
        self.shape.iter().product()
    }

    /// Bytes of storage, sub-byte elements packed.
    pub fn byte_size(&self) -> i64 {
        (self.num_elements() * self.elem.bits() as i64 + 7) / 8
    }

    pub fn with_shape(&self, shape: impl Into<Vec<i64>>) -> Self {
        TensorType::new(shape, self.elem)
    }

    pub fn with_elem(&self, elem: ElemType) -> Self {
        TensorType::new(self.shape.clone(), elem)
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            write!(f, "{d}x")?;
        }
        write!(f, "{}>", self.elem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_like_mlir() {
        assert_eq!(
            TensorType::new([2, 3], ElemType::F32).to_string(),
            "tensor<2x3xf32>"
        );
        assert_eq!(TensorType::scalar(ElemType::I32).to_string(), "tensor<i32>");
        assert_eq!(
            TensorType::new([0], ElemType::I1).to_string(),
            "tensor<0xi1>"
        );
    }
}
