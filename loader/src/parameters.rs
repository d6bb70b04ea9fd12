//! What a parameter file holds, independent of where the weights came from.

use std::path::PathBuf;

pub use weight_format::Dtype;

use crate::dequant::Groups;
use crate::error::Result;

/// Writes float `values` into `out` as `dtype` (exactly `values.len() * size_in_bytes()` bytes),
/// little-endian, rounding to nearest even where the type is narrower.
pub(crate) fn encode(dtype: Dtype, values: &[f32], out: &mut [u8]) {
    let n = dtype.size_in_bytes();
    let chunks = out.chunks_exact_mut(n).zip(values);
    match dtype {
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
