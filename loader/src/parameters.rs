//! What a parameter file holds, independent of where the weights came from.

use std::path::PathBuf;

use emitter::hlo::ElemType;

use crate::error::{Error, Result};

/// Element type of a converted parameter file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dtype {
    #[default]
    F32,
    F16,
}

impl Dtype {
    /// The name safetensors headers use.
    pub fn safetensors_name(self) -> &'static str {
        match self {
            Dtype::F32 => "F32",
            Dtype::F16 => "F16",
        }
    }

    pub fn from_safetensors_name(name: &str) -> Option<Self> {
        match name {
            "F32" => Some(Dtype::F32),
            "F16" => Some(Dtype::F16),
            _ => None,
        }
    }

    pub fn size_in_bytes(self) -> usize {
        match self {
            Dtype::F32 => 4,
            Dtype::F16 => 2,
        }
    }

    /// Writes `values` into `out` (exactly `values.len() * size_in_bytes()` bytes), little-endian.
    pub(crate) fn encode(self, values: &[f32], out: &mut [u8]) {
        match self {
            Dtype::F32 => out
                .chunks_exact_mut(4)
                .zip(values)
                .for_each(|(o, v)| o.copy_from_slice(&v.to_le_bytes())),
            Dtype::F16 => out
                .chunks_exact_mut(2)
                .zip(values)
                .for_each(|(o, v)| o.copy_from_slice(&half::f16::from_f32(*v).to_le_bytes())),
        }
    }
}

/// The element type the graphs declare for parameters of this type.
impl From<Dtype> for ElemType {
    fn from(dtype: Dtype) -> ElemType {
        match dtype {
            Dtype::F32 => ElemType::F32,
            Dtype::F16 => ElemType::F16,
        }
    }
}

/// The parameter file type for weights the graphs declare as `elem`.
impl TryFrom<ElemType> for Dtype {
    type Error = Error;

    fn try_from(elem: ElemType) -> Result<Dtype> {
        match elem {
            ElemType::F32 => Ok(Dtype::F32),
            ElemType::F16 => Ok(Dtype::F16),
            ElemType::Bf16 | ElemType::I32 | ElemType::I1 => {
                Err(Error::UnsupportedWeightType(elem))
            }
        }
    }
}

impl std::fmt::Display for Dtype {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Dtype::F32 => "f32",
            Dtype::F16 => "f16",
        })
    }
}

/// One tensor of a parameter file: HF name, row-major HF shape, element type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParameterInfo {
    pub name: String,
    pub shape: Vec<usize>,
    pub dtype: Dtype,
}

impl ParameterInfo {
    pub fn n_elements(&self) -> usize {
        self.shape.iter().product()
    }

    pub fn size_in_bytes(&self) -> usize {
        self.n_elements() * self.dtype.size_in_bytes()
    }
}

/// A tensor a source can produce, before any conversion.
#[derive(Debug, Clone)]
pub(crate) struct PlannedTensor {
    /// HF name.
    pub name: String,
    /// HF row-major shape.
    pub shape: Vec<usize>,
    /// Position in the source's own tensor list.
    pub source_index: usize,
}

impl PlannedTensor {
    pub fn n_elements(&self) -> usize {
        self.shape.iter().product()
    }
}

/// Where weights come from: a GGUF file or an HF safetensors directory.
pub(crate) trait ParameterSource: Sync {
    /// Every parameter in HF naming and layout; unknown tensors are an error.
    fn plan(&self) -> Result<Vec<PlannedTensor>>;

    /// Decodes one planned tensor to f32 in HF layout (`out.len() == tensor.n_elements()`).
    fn decode(&self, tensor: &PlannedTensor, out: &mut [f32]) -> Result<()>;

    /// Files whose identity (path, size, mtime) decides whether a cached conversion is current.
    fn identity_files(&self) -> Vec<PathBuf>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_float_weight_types_have_a_parameter_file_type() {
        for elem in [ElemType::F32, ElemType::F16] {
            let dtype = Dtype::try_from(elem).unwrap();
            assert_eq!(ElemType::from(dtype), elem);
        }
        for elem in [ElemType::Bf16, ElemType::I32, ElemType::I1] {
            assert!(Dtype::try_from(elem).is_err(), "{elem}");
        }
    }
}
