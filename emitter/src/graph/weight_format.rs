//! How each weight is stored: the plan the model's loader derives from its file and hands to
//! the graphs as data.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::linear::TILE_ROWS;
use crate::hlo::{ElemType, TensorType};
pub use ::weight_format::{Code, SubScales};
use ::weight_format::{Dtype, GroupLayout};

/// Integer codes with one affine map per group of `group` inputs: element `x = scale * code`,
/// plus `min` when the format has one. Stored as row tiles: codes `[out/16, G, group, 16]`,
/// scales and mins `[out/16, G, 16]`, with `G` the group count padded by [`stored_groups`];
/// or, with `sub_scales`, the maps as K-quant super-blocks store them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupFormat {
    /// The codes as stored (the loader's and the kernels' [`Code`]): 4-bit codes are declared
    /// `ui4` or `i4`, bytes `i8`; 5- and 6-bit codes keep the file's bits, per tile and group
    /// the low nibbles of every input as `ui4` codes are stored, then each input's high bits
    /// for the 16 rows, declared as the bytes `[out/16, G, group * 2 * bits]`; table codes
    /// (MXFP4's, IQ4_NL's) are their 4-bit indices, stored as `ui4` codes are and declared as bytes
    /// alike. Only the CPU kernels read those.
    pub code: Code,
    pub group: i64,
    /// The per-group scale's type; with `sub_scales`, the per-row super-block factor's (f16;
    /// f32 for MXFP4's exponent bytes, which have none).
    pub scale: ElemType,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub min: Option<ElemType>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sub_scales: Option<SubScales>,
}

/// The stored form of one weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WeightFormat {
    /// One float per element, in the weight's layout.
    Dense(ElemType),
    Groups(GroupFormat),
}

/// HF weight name -> stored format; weights it does not name are dense in
/// `GraphOptions::weight_dtype`.
pub type WeightFormats = BTreeMap<String, WeightFormat>;

/// [`::weight_format::stored_groups`] in the graphs' dimension type.
pub fn stored_groups(inp: i64, group: i64) -> i64 {
    ::weight_format::stored_groups(inp as usize, group as usize) as i64
}

/// The parameter (and global) names of a grouped weight's parts.
pub fn group_part(name: &str, part: &str) -> String {
    format!("{name}.{part}")
}

/// Why a weight cannot be stored in a [`GroupFormat`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GroupFormatError {
    #[error("scales and mins must be floats")]
    MapsNotFloat,
    #[error("[{out}, {inp}] does not split into groups of {group} and tiles of {TILE_ROWS} rows")]
    Groups { out: i64, inp: i64, group: i64 },
    #[error("[{out}, {inp}] does not split into super-blocks of {block} inputs")]
    SuperBlocks { out: i64, inp: i64, block: i64 },
}

impl GroupFormat {
    /// The element type the graphs declare the codes as, or widen them to: `ui4`, `i4`, and
    /// `i8` for bytes and for the codes only the kernels read.
    pub fn code_elem(&self) -> ElemType {
        match self.code {
            Code::U4 => ElemType::Ui4,
            Code::I4 => ElemType::I4,
            Code::I8
            | Code::U2
            | Code::I3
            | Code::U5
            | Code::I5
            | Code::I6
            | Code::E2M1
            | Code::NL4 => ElemType::I8,
        }
    }

    /// Whether only the CPU kernels read the codes: 2-, 3-, 5- and 6-bit codes, table indices
    /// ([`Code::kernels_only`]); declared as their bytes.
    pub fn packed(&self) -> bool {
        self.code.kernels_only()
    }

    /// Why a `[out, inp]` weight cannot be stored in this format, if it cannot.
    pub fn check(&self, out: i64, inp: i64) -> Result<(), GroupFormatError> {
        if !self.scale.is_float() || self.min.is_some_and(|m| !m.is_float()) {
            return Err(GroupFormatError::MapsNotFloat);
        }
        if self.group <= 0 || inp % self.group != 0 || out % TILE_ROWS != 0 {
            return Err(GroupFormatError::Groups {
                out,
                inp,
                group: self.group,
            });
        }
        if let Some(sub) = self.sub_scales {
            let block = self.group * sub.groups_per_block() as i64;
            if inp % block != 0 {
                return Err(GroupFormatError::SuperBlocks { out, inp, block });
            }
        }
        Ok(())
    }

    /// `(part name suffix, stored type)` of codes, scales and (if any) mins.
    pub fn parts(&self, out: i64, inp: i64) -> Vec<(&'static str, TensorType)> {
        let (tiles, groups) = (out / TILE_ROWS, stored_groups(inp, self.group));
        let codes = if self.packed() {
            let bytes = self.group * 2 * self.code.bits() as i64;
            TensorType::new([tiles, groups, bytes], ElemType::I8)
        } else {
            TensorType::new([tiles, groups, self.group, TILE_ROWS], self.code_elem())
        };
        let maps = |elem| match self.sub_scales {
            None => TensorType::new([tiles, groups, TILE_ROWS], elem),
            Some(sub) => TensorType::new(
                [
                    tiles,
                    groups / sub.groups_per_block() as i64,
                    sub.block_bytes() as i64,
                ],
                ElemType::I8,
            ),
        };
        let mut parts = vec![("codes", codes), ("scales", maps(self.scale))];
        parts.extend(self.min.map(|m| ("mins", maps(m))));
        parts
    }
}

/// A parameter-file entry type as the graphs declare it; `U8` entries hold 4-bit codes, which
/// the graphs declare as `ui4` (or `i4`, see [`GroupFormat`]).
impl From<Dtype> for ElemType {
    fn from(dtype: Dtype) -> ElemType {
        match dtype {
            Dtype::F32 => ElemType::F32,
            Dtype::F16 => ElemType::F16,
            Dtype::BF16 => ElemType::Bf16,
            Dtype::I8 => ElemType::I8,
            Dtype::U8 => ElemType::Ui4,
        }
    }
}

/// A graph parameter type that no parameter-file entry holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("parameter files hold f32 or f16 weights, not {0}")]
pub struct NotStored(pub ElemType);

/// The parameter-file entry type that holds a graph parameter of element type `elem`: floats
/// as themselves, 8-bit codes as `I8`, 4-bit codes (`i4`/`ui4`) packed two per `U8`.
impl TryFrom<ElemType> for Dtype {
    type Error = NotStored;

    fn try_from(elem: ElemType) -> Result<Dtype, NotStored> {
        match elem {
            ElemType::F32 => Ok(Dtype::F32),
            ElemType::F16 => Ok(Dtype::F16),
            ElemType::Bf16 => Ok(Dtype::BF16),
            ElemType::I8 => Ok(Dtype::I8),
            ElemType::I4 | ElemType::Ui4 => Ok(Dtype::U8),
            ElemType::I32 | ElemType::I1 => Err(NotStored(elem)),
        }
    }
}

/// A block format's group layout as the graphs declare it: the same codes, float maps as the
/// graphs' element types.
impl From<GroupLayout> for GroupFormat {
    fn from(g: GroupLayout) -> GroupFormat {
        GroupFormat {
            code: g.code,
            group: g.group as i64,
            scale: g.scale.into(),
            min: g.min.map(ElemType::from),
            sub_scales: g.sub_scales,
        }
    }
}

#[cfg(test)]
mod stored_type_tests {
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
