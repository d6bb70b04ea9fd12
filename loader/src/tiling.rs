//! Row tiles: the parameter-file layout CPU graphs multiply fastest.
//!
//! A tiled `[rows, cols]` tensor is stored as `[rows/16, cols, 16]`, sixteen rows interleaved
//! per column, so that a matrix-vector product reads it front to back (see the emitter's
//! `WeightLayout::Tiled`). Which tensors are tiled is the graphs' choice, named here.

use std::collections::BTreeSet;

use crate::error::{Error, Result};

pub use weight_format::TILE_ROWS;

/// The tensors a parameter file stores as row tiles; all others keep HF's layout.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Tiling {
    names: BTreeSet<String>,
}

impl Tiling {
    /// Every tensor in HF layout.
    pub fn none() -> Tiling {
        Tiling::default()
    }

    pub fn of(names: impl IntoIterator<Item = String>) -> Tiling {
        Tiling {
            names: names.into_iter().collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.names.contains(name)
    }

    /// The stored shape of tensor `name` with HF shape `shape`, or why it cannot be tiled.
    pub(crate) fn stored_shape(&self, name: &str, shape: &[usize]) -> Result<Vec<usize>> {
        if !self.contains(name) {
            return Ok(shape.to_vec());
        }
        match *shape {
            [rows, cols] if rows % TILE_ROWS == 0 => Ok(vec![rows / TILE_ROWS, cols, TILE_ROWS]),
            // Stacked experts: each expert's matrix in tiles of its own.
            [experts, rows, cols] if rows % TILE_ROWS == 0 => {
                Ok(vec![experts, rows / TILE_ROWS, cols, TILE_ROWS])
            }
            _ => Err(Error::Config(format!(
                "tensor {name} of shape {shape:?} cannot be stored as tiles of {TILE_ROWS} rows"
            ))),
        }
    }
}

/// `[rows, cols]` row-major values as `[rows/16, cols, 16]`.
#[cfg(test)]
pub(crate) fn tile_rows<T: Copy + Default>(values: &[T], cols: usize) -> Vec<T> {
    let mut out = values.to_vec();
    tile_rows_in_place(&mut out, cols);
    out
}

/// [`tile_rows`] within `values` itself, a tile at a time: converting a vocabulary-sized
/// table or a stack of experts holds one copy of it, not two.
pub(crate) fn tile_rows_in_place<T: Copy + Default>(values: &mut [T], cols: usize) {
    let mut rows = vec![T::default(); TILE_ROWS * cols];
    for tile in values.chunks_exact_mut(TILE_ROWS * cols) {
        rows.copy_from_slice(tile);
        for (j, row) in rows.chunks_exact(cols).enumerate() {
            for (k, &v) in row.iter().enumerate() {
                tile[k * TILE_ROWS + j] = v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_interleave_sixteen_rows_per_column() {
        let (rows, cols) = (32, 3);
        let values: Vec<f32> = (0..rows * cols).map(|i| i as f32).collect();
        let tiled = tile_rows(&values, cols);
        for r in 0..rows {
            for c in 0..cols {
                let (i, j) = (r / TILE_ROWS, r % TILE_ROWS);
                assert_eq!(
                    tiled[(i * cols + c) * TILE_ROWS + j],
                    values[r * cols + c],
                    "row {r} col {c}"
                );
            }
        }
    }

    #[test]
    fn only_named_matrices_with_whole_tiles_are_tiled() {
        let tiling = Tiling::of(["w".to_string(), "v".to_string()]);
        assert_eq!(tiling.stored_shape("w", &[48, 5]).unwrap(), vec![3, 5, 16]);
        assert_eq!(tiling.stored_shape("other", &[48, 5]).unwrap(), vec![48, 5]);
        let err = tiling.stored_shape("v", &[20, 5]).unwrap_err().to_string();
        assert!(err.contains("v") && err.contains("16 rows"), "{err}");
        assert!(tiling.stored_shape("v", &[48]).is_err());
        // Stacked experts tile each expert's rows.
        assert_eq!(
            tiling.stored_shape("w", &[4, 48, 5]).unwrap(),
            vec![4, 3, 5, 16]
        );
        assert!(tiling.stored_shape("w", &[4, 20, 5]).is_err());
    }
}
