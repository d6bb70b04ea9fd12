//! How each tensor is stored in a parameter file: a dense float type, or its GGUF block
//! format split exactly into codes and group maps (see `dequant::groups`).

use std::collections::BTreeMap;

use gguf::GgmlType;

use crate::dequant::{compact_layout, group_layout, GroupLayout};
use crate::parameters::Dtype;

/// The stored form of one tensor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoredFormat {
    /// Every element as one float of this type.
    Dense(Dtype),
    /// The source's own blocks as codes plus per-group scale (and min); stored as row tiles.
    Groups(GgmlType),
    /// The source's blocks at the file's own bits per weight: 5- and 6-bit codes with their
    /// high bits apart, K-quant maps as the super-blocks keep them (see
    /// `dequant::compact_layout`); stored as row tiles, read only by the CPU kernels.
    Compact(GgmlType),
}

impl StoredFormat {
    /// The group layout of a `Groups` format.
    pub fn group_layout(self) -> Option<GroupLayout> {
        match self {
            StoredFormat::Dense(_) => None,
            StoredFormat::Groups(ty) => group_layout(ty),
            StoredFormat::Compact(ty) => compact_layout(ty),
        }
    }

    /// The source type of a grouped format.
    pub fn block_type(self) -> Option<GgmlType> {
        match self {
            StoredFormat::Dense(_) => None,
            StoredFormat::Groups(ty) | StoredFormat::Compact(ty) => Some(ty),
        }
    }

    /// This format at the file's own bits per weight where its group layout widens them
    /// (see [`StoredFormat::Compact`]); unchanged otherwise.
    pub fn compact(self) -> StoredFormat {
        match self {
            StoredFormat::Groups(ty) if compact_layout(ty).is_some() => StoredFormat::Compact(ty),
            other => other,
        }
    }
}

impl std::fmt::Display for StoredFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoredFormat::Dense(d) => write!(f, "{d}"),
            StoredFormat::Groups(ty) => f.write_str(&ty.name().to_lowercase()),
            StoredFormat::Compact(ty) => write!(f, "{}-compact", ty.name().to_lowercase()),
        }
    }
}

/// The `--weights` choice: the file's own types, or every tensor in one float type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Precision {
    /// Block formats stay blocks where the graphs take them (see [`plan`]); float tensors keep
    /// their type; everything else is f32.
    Native,
    #[default]
    F32,
    F16,
    Bf16,
}

impl std::str::FromStr for Precision {
    type Err = String;

    fn from_str(name: &str) -> Result<Precision, String> {
        match name {
            "native" => Ok(Precision::Native),
            "f32" => Ok(Precision::F32),
            "f16" => Ok(Precision::F16),
            "bf16" => Ok(Precision::Bf16),
            _ => Err(format!(
                "unknown weight precision {name:?} (native, f32, f16 or bf16)"
            )),
        }
    }
}

impl std::fmt::Display for Precision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Precision::Native => "native",
            Precision::F32 => "f32",
            Precision::F16 => "f16",
            Precision::Bf16 => "bf16",
        })
    }
}

/// HF tensor name -> stored format, for every tensor of a parameter file.
pub type WeightPlan = BTreeMap<String, StoredFormat>;

/// The stored format of a tensor whose source type is `source`. `takes_blocks` says whether
/// the graphs can read this tensor as groups (every matrix of tiled graphs).
pub fn stored_format(precision: Precision, source: GgmlType, takes_blocks: bool) -> StoredFormat {
    match precision {
        Precision::F32 => StoredFormat::Dense(Dtype::F32),
        Precision::F16 => StoredFormat::Dense(Dtype::F16),
        Precision::Bf16 => StoredFormat::Dense(Dtype::BF16),
        Precision::Native => match source {
            GgmlType::F16 => StoredFormat::Dense(Dtype::F16),
            GgmlType::BF16 => StoredFormat::Dense(Dtype::BF16),
            ty if takes_blocks && group_layout(ty).is_some() => StoredFormat::Groups(ty),
            _ => StoredFormat::Dense(Dtype::F32),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_keeps_blocks_only_where_the_graphs_take_them() {
        use GgmlType::*;
        let native = |ty, blocks| stored_format(Precision::Native, ty, blocks);
        assert_eq!(native(Q4_1, true), StoredFormat::Groups(Q4_1));
        assert_eq!(native(Q4_1, false), StoredFormat::Dense(Dtype::F32));
        assert_eq!(native(F16, true), StoredFormat::Dense(Dtype::F16));
        assert_eq!(native(F32, true), StoredFormat::Dense(Dtype::F32));
        assert_eq!(native(IQ2_XXS, true), StoredFormat::Dense(Dtype::F32));
        assert_eq!(
            stored_format(Precision::Bf16, Q4_1, true),
            StoredFormat::Dense(Dtype::BF16)
        );
        assert_eq!("native".parse(), Ok(Precision::Native));
        assert_eq!(
            StoredFormat::Groups(Q4_K).compact(),
            StoredFormat::Compact(Q4_K)
        );
        assert_eq!(
            StoredFormat::Groups(Q4_1).compact(),
            StoredFormat::Groups(Q4_1)
        );
        assert!("int4".parse::<Precision>().is_err());
    }
}
