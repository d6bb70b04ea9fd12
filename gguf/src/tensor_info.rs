use crate::ggml_type::GgmlType;

/// Where one tensor lives and how it is encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorInfo {
    pub name: String,
    /// ggml order: `dims[0]` is the fastest-varying (contiguous) dimension, so this is the
    /// reverse of the row-major shape PyTorch/HF would print.
    pub dims: Vec<u64>,
    pub ggml_type: GgmlType,
    /// Byte offset from the start of the data section.
    pub offset: u64,
    /// Bytes the encoded tensor occupies.
    pub size: u64,
}

impl TensorInfo {
    pub fn n_elements(&self) -> u64 {
        self.dims.iter().product()
    }

    /// Row-major shape (slowest dimension first), as HF/safetensors write it.
    pub fn row_major_shape(&self) -> Vec<u64> {
        self.dims.iter().rev().copied().collect()
    }
}
