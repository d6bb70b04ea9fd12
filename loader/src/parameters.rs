//! What a parameter file holds, independent of where the weights came from.

use std::path::PathBuf;

use emitter::hlo::ElemType;

use crate::dequant::Groups;
use crate::error::{Error, Result};

/// Element type of a parameter-file entry. `U8` holds 4-bit codes, two per byte, low nibble
/// first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dtype {
    #[default]
    F32,
    F16,
    BF16,
    I8,
    U8,
}

impl Dtype {
    const NAMES: [(Dtype, &'static str, &'static str, usize); 5] = [
        (Dtype::F32, "F32", "f32", 4),
        (Dtype::F16, "F16", "f16", 2),
        (Dtype::BF16, "BF16", "bf16", 2),
        (Dtype::I8, "I8", "i8", 1),
        (Dtype::U8, "U8", "u8", 1),
    ];

    fn row(self) -> &'static (Dtype, &'static str, &'static str, usize) {
        Self::NAMES
            .iter()
            .find(|r| r.0 == self)
            .expect("every dtype has a row")
    }

    /// The name safetensors headers use.
    pub fn safetensors_name(self) -> &'static str {
        self.row().1
    }

    pub fn from_safetensors_name(name: &str) -> Option<Self> {
        Self::NAMES.iter().find(|r| r.1 == name).map(|r| r.0)
    }

    pub fn size_in_bytes(self) -> usize {
        self.row().3
    }

    /// Writes float `values` into `out` (exactly `values.len() * size_in_bytes()` bytes),
    /// little-endian, rounding to nearest even where the type is narrower.
    pub(crate) fn encode(self, values: &[f32], out: &mut [u8]) {
        let n = self.size_in_bytes();
        let chunks = out.chunks_exact_mut(n).zip(values);
        match self {
            Dtype::F32 => chunks.for_each(|(o, v)| o.copy_from_slice(&v.to_le_bytes())),
            Dtype::F16 => {
                chunks.for_each(|(o, v)| o.copy_from_slice(&half::f16::from_f32(*v).to_le_bytes()))
            }
            Dtype::BF16 => {
                chunks.for_each(|(o, v)| o.copy_from_slice(&half::bf16::from_f32(*v).to_le_bytes()))
            }
            Dtype::I8 | Dtype::U8 => unreachable!("integer entries hold codes, not values"),
        }
    }
}

/// The parameter-file entry type that holds a graph parameter of element type `elem`: floats
/// as themselves, 8-bit codes as `I8`, 4-bit codes (`i4`/`ui4`) packed two per `U8`.
impl TryFrom<ElemType> for Dtype {
    type Error = Error;

    fn try_from(elem: ElemType) -> Result<Dtype> {
        match elem {
            ElemType::F32 => Ok(Dtype::F32),
            ElemType::F16 => Ok(Dtype::F16),
            ElemType::Bf16 => Ok(Dtype::BF16),
            ElemType::I8 => Ok(Dtype::I8),
            ElemType::I4 | ElemType::Ui4 => Ok(Dtype::U8),
            ElemType::I32 | ElemType::I1 => Err(Error::UnsupportedWeightType(elem)),
        }
    }
}

impl std::fmt::Display for Dtype {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.row().2)
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
    /// How the source encodes it.
    pub source_type: gguf::GgmlType,
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

    /// One planned tensor's block codes and group maps, in HF row order.
    fn groups(&self, tensor: &PlannedTensor) -> Result<Groups>;

    /// Files whose identity (path, size, mtime) decides whether a cached conversion is current.
    fn identity_files(&self) -> Vec<PathBuf>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_element_types_map_to_parameter_file_types() {
        let stored = [
            (ElemType::F32, Dtype::F32),
            (ElemType::F16, Dtype::F16),
            (ElemType::Bf16, Dtype::BF16),
            (ElemType::I8, Dtype::I8),
            (ElemType::I4, Dtype::U8),
            (ElemType::Ui4, Dtype::U8),
        ];
        for (elem, dtype) in stored {
            assert_eq!(Dtype::try_from(elem).unwrap(), dtype, "{elem}");
        }
        for elem in [ElemType::I32, ElemType::I1] {
            assert!(Dtype::try_from(elem).is_err(), "{elem}");
        }
    }
}
