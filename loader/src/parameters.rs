//! What a parameter file holds, independent of where the weights came from.

use std::path::PathBuf;

pub use weight_format::Dtype;

use crate::dequant::Groups;
use crate::error::{Error, Result};

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
    /// Position in the source's own tensor list (the first of them, for a stack).
    pub source_index: usize,
    /// How the source encodes it.
    pub source_type: gguf::GgmlType,
    /// How it is made of source tensors.
    pub assembly: Assembly,
}

/// How a parameter is made of source tensors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Assembly {
    /// The source tensor `source_index`, its values in order (its shape may differ, as a
    /// vector for a `[1, n]` matrix).
    Whole,
    /// The source tensors at these positions, one expert's matrix each, in expert order,
    /// stacked on a new leading axis.
    Stacked(Vec<usize>),
    /// Rows `start..start + shape[1]` of each expert's `rows`-row matrix of the 3-D source
    /// tensor `source_index`: the gate or the up half of fused gate/up experts.
    ExpertRows { rows: usize, start: usize },
    /// Columns `start, start + every, ...` of each expert's matrix `[k, n * every]` (or vector
    /// `[n * every]`) of the source tensor `source_index`, transposed: `[E, n, k]` (or
    /// `[E, n]`). gpt-oss stores experts `[E, in, out]` with gate and up interleaved column by
    /// column (`every` 2), and down `[E, in, out]` (`every` 1: a transpose).
    ExpertColumns { every: usize, start: usize },
    /// Whole source tensors `sources` (of `elements` values each) one after another: the rows
    /// of projections stored as one weight (see `weight_format::FUSED_ROWS`).
    Rows {
        sources: Vec<usize>,
        elements: Vec<usize>,
    },
}

impl PlannedTensor {
    pub fn n_elements(&self) -> usize {
        self.shape.iter().product()
    }

    /// The source tensors this parameter is read from.
    pub fn sources(&self) -> &[usize] {
        match &self.assembly {
            Assembly::Stacked(sources) | Assembly::Rows { sources, .. } => sources,
            _ => std::slice::from_ref(&self.source_index),
        }
    }

    /// A parameter that is one source tensor as it is.
    pub fn whole(
        name: String,
        shape: Vec<usize>,
        source_index: usize,
        source_type: gguf::GgmlType,
    ) -> Self {
        PlannedTensor {
            name,
            shape,
            source_index,
            source_type,
            assembly: Assembly::Whole,
        }
    }
}

/// The gate and the up experts, `[E, W, H]` each, of fused experts `[E, 2W, H]` (source tensor
/// `source_index`, called `source` in errors) whose every expert has its gate rows first.
pub(crate) fn split_gate_up(
    source: &str,
    shape: &[usize],
    [gate, up]: [String; 2],
    source_index: usize,
    source_type: gguf::GgmlType,
) -> Result<[PlannedTensor; 2]> {
    let [experts, rows, cols] = *shape else {
        return Err(bad_gate_up(source, shape, "fused gate/up experts are 3-D"));
    };
    if rows % 2 != 0 {
        return Err(bad_gate_up(source, shape, "an odd number of gate/up rows"));
    }
    let half = |name, start| PlannedTensor {
        name,
        shape: vec![experts, rows / 2, cols],
        source_index,
        source_type,
        assembly: Assembly::ExpertRows { rows, start },
    };
    Ok([half(gate, 0), half(up, rows / 2)])
}

/// The parts of an experts tensor stored as gpt-oss stores them (see
/// [`Assembly::ExpertColumns`]): `names[i]` takes columns `i, i + every, ...` with
/// `every = names.len()`, transposed. `shape` is `[E, k, n * every]` or `[E, n * every]`.
pub(crate) fn split_columns(
    source: &str,
    shape: &[usize],
    names: Vec<String>,
    source_index: usize,
    source_type: gguf::GgmlType,
) -> Result<Vec<PlannedTensor>> {
    let every = names.len();
    let (experts, rows, cols) = match *shape {
        [e, k, c] => (e, Some(k), c),
        [e, c] => (e, None, c),
        _ => return Err(bad_gate_up(source, shape, "experts are 2-D or 3-D")),
    };
    if every == 0 || cols % every != 0 {
        return Err(bad_gate_up(
            source,
            shape,
            "columns do not split evenly into the fused parts",
        ));
    }
    let part = |(start, name)| {
        let mut shape = vec![experts, cols / every];
        shape.extend(rows);
        PlannedTensor {
            name,
            shape,
            source_index,
            source_type,
            assembly: Assembly::ExpertColumns { every, start },
        }
    };
    Ok(names.into_iter().enumerate().map(part).collect())
}

fn bad_gate_up(source: &str, shape: &[usize], reason: &str) -> Error {
    Error::BadShape {
        tensor: source.to_string(),
        shape: shape.to_vec(),
        reason: reason.to_string(),
    }
}

/// Where weights come from: a GGUF file or an HF safetensors directory.
pub(crate) trait ParameterSource: Sync {
    /// Every parameter in HF naming and layout; unknown tensors are an error.
    fn plan(&self) -> Result<Vec<PlannedTensor>>;

    /// Decodes source tensor `index` whole to f32 in HF layout; `out` holds its elements.
    fn decode_source(&self, index: usize, out: &mut [f32]) -> Result<()>;

    /// Lets source tensor `index`'s pages go, where the source maps its file (a later read
    /// faults them in again from the page cache); nothing otherwise.
    fn release_source(&self, _index: usize) {}

    /// Called once `tensor` is read (decoded, or its groups taken): a conversion reads each
    /// source tensor once (twice for fused gate/up experts, whose second half reads them
    /// again from the page cache), so their pages can go.
    fn release(&self, tensor: &PlannedTensor) {
        for &index in tensor.sources() {
            self.release_source(index);
        }
    }

    /// Decodes one planned tensor to f32 in HF layout (`out.len() == tensor.n_elements()`).
    fn decode(&self, tensor: &PlannedTensor, out: &mut [f32]) -> Result<()> {
        match &tensor.assembly {
            Assembly::Whole => self.decode_source(tensor.source_index, out),
            Assembly::Stacked(sources) => {
                let per = out.len() / sources.len().max(1);
                for (i, &source) in sources.iter().enumerate() {
                    self.decode_source(source, &mut out[i * per..(i + 1) * per])?;
                }
                Ok(())
            }
            Assembly::Rows { sources, elements } => {
                let mut rest = out;
                for (&source, &n) in sources.iter().zip(elements) {
                    let (part, after) = rest.split_at_mut(n);
                    self.decode_source(source, part)?;
                    rest = after;
                }
                Ok(())
            }
            &Assembly::ExpertRows { rows, start } => {
                let [experts, len, cols] = tensor.shape[..] else {
                    return Err(Error::BadShape {
                        tensor: tensor.name.clone(),
                        shape: tensor.shape.clone(),
                        reason: "expert rows of a tensor that is not [experts, rows, cols]".into(),
                    });
                };
                // The fused source is twice the part: decoded whole, then each expert's rows
                // of this part copied out.
                let mut fused = vec![0.0; experts * rows * cols];
                self.decode_source(tensor.source_index, &mut fused)?;
                for e in 0..experts {
                    let from = (e * rows + start) * cols;
                    out[e * len * cols..(e + 1) * len * cols]
                        .copy_from_slice(&fused[from..from + len * cols]);
                }
                Ok(())
            }
            &Assembly::ExpertColumns { every, start } => {
                let (experts, n) = (tensor.shape[0], tensor.shape[1]);
                let k = tensor.shape.get(2).copied().unwrap_or(1);
                let mut fused = vec![0.0; experts * k * n * every];
                self.decode_source(tensor.source_index, &mut fused)?;
                let width = n * every;
                for e in 0..experts {
                    let matrix = &fused[e * k * width..(e + 1) * k * width];
                    let part = &mut out[e * n * k..(e + 1) * n * k];
                    for (j, row) in part.chunks_exact_mut(k).enumerate() {
                        for (i, x) in row.iter_mut().enumerate() {
                            *x = matrix[i * width + j * every + start];
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// One planned tensor's block codes and group maps, in HF row order.
    fn groups(&self, tensor: &PlannedTensor) -> Result<Groups>;

    /// Files whose identity (path, size, mtime) decides whether a cached conversion is current.
    fn identity_files(&self) -> Vec<PathBuf>;
}
