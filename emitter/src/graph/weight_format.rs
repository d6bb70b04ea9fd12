//! How each weight is stored: the plan the model's loader derives from its file and hands to
//! the graphs as data.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::linear::TILE_ROWS;
use crate::hlo::{ElemType, TensorType};

/// Integer codes with one affine map per group of `group` inputs: element `x = scale * code`,
/// plus `min` when the format has one. Stored as row tiles: codes `[out/16, G, group, 16]`,
/// scales and mins `[out/16, G, 16]`, with `G` the group count padded by [`stored_groups`];
/// or, with `sub_scales`, the maps as K-quant super-blocks store them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupFormat {
    /// `ui4`, `i4` or `i8`.
    pub code: ElemType,
    pub group: i64,
    /// The per-group scale's type; with `sub_scales`, the per-row super-block factor's (f16).
    pub scale: ElemType,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub min: Option<ElemType>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sub_scales: Option<SubScales>,
    /// Set when the codes keep the file's 5 or 6 bits; `code` is then `i8`, the type they
    /// widen to.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub packed_codes: Option<PackedCodes>,
}

/// Codes at the file's own bits (Q5_0, Q5_1, Q5_K, Q6_K): per tile and group, the low nibbles
/// of every input as `ui4` codes are stored, then each input's high bits for the 16 rows; the
/// codes part is the bytes `[out/16, G, group * 2 * bits]`. Only the CPU kernels read it
/// (`kernels::Code`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PackedCodes {
    /// 0..32 (Q5_1, Q5_K).
    U5,
    /// Stored 0..32, meaning q - 16 (Q5_0).
    I5,
    /// Stored 0..64, meaning q - 32 (Q6_K).
    I6,
}

impl PackedCodes {
    pub fn bits(self) -> i64 {
        match self {
            PackedCodes::U5 | PackedCodes::I5 => 5,
            PackedCodes::I6 => 6,
        }
    }
}

/// How K-quant super-blocks of 256 inputs keep their group maps: an f16 factor per row (`d`,
/// and `dmin` for mins) times a small integer per group and row, read as the file stores
/// them. Only the CPU kernels read this form (`kernels::Maps`): scales and mins are byte
/// tensors `[out/16, G / groups_per_block, bytes]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SubScales {
    /// Q4_K and Q5_K: 6-bit sub-scales and sub-mins, 8 groups of 32 per block.
    SixBit,
    /// Q6_K: signed 8-bit sub-scales, 16 groups of 16 per block.
    Int8,
}

impl SubScales {
    /// The kernels' form of these maps, which defines their layout.
    fn maps(self) -> kernels::Maps {
        match self {
            SubScales::SixBit => kernels::Maps::SuperBlock6,
            SubScales::Int8 => kernels::Maps::SuperBlock8,
        }
    }

    /// Groups per super-block.
    pub fn groups_per_block(self) -> i64 {
        self.maps().groups_per_block() as i64
    }

    /// Bytes per tile and super-block of one map (scales or mins).
    pub fn block_bytes(self) -> i64 {
        let maps = self.maps();
        maps.tile_bytes(maps.groups_per_block()) as i64
    }
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

/// Groups are stored padded to a multiple of this many per tile row. IREE's CPU code generation
/// takes the group dimension 4 groups per vector step; 18 groups (576 inputs) got masked
/// vectors and ran 2-3x slower per weight than 16 or 20 groups (measured on the LM head).
pub const GROUP_MULTIPLE: i64 = 4;

/// Groups per tile row as stored for `inp` inputs in groups of `group`: the padding groups hold
/// zero codes, scales and mins, and meet zero inputs, so they add exact zeros.
pub fn stored_groups(inp: i64, group: i64) -> i64 {
    (inp / group + GROUP_MULTIPLE - 1) / GROUP_MULTIPLE * GROUP_MULTIPLE
}

/// The parameter (and global) names of a grouped weight's parts.
pub fn group_part(name: &str, part: &str) -> String {
    format!("{name}.{part}")
}

impl GroupFormat {
    /// Why a `[out, inp]` weight cannot be stored in this format, if it cannot.
    pub fn check(&self, out: i64, inp: i64) -> Result<(), String> {
        if !matches!(self.code, ElemType::Ui4 | ElemType::I4 | ElemType::I8) {
            return Err(format!("codes must be ui4, i4 or i8, not {}", self.code));
        }
        if !self.scale.is_float() || self.min.is_some_and(|m| !m.is_float()) {
            return Err("scales and mins must be floats".into());
        }
        if self.group <= 0 || inp % self.group != 0 || out % TILE_ROWS != 0 {
            return Err(format!(
                "[{out}, {inp}] does not split into groups of {} and tiles of {TILE_ROWS} rows",
                self.group
            ));
        }
        if let Some(sub) = self.sub_scales {
            let block = self.group * sub.groups_per_block();
            if inp % block != 0 {
                return Err(format!(
                    "[{out}, {inp}] does not split into super-blocks of {block} inputs"
                ));
            }
        }
        Ok(())
    }

    /// `(part name suffix, stored type)` of codes, scales and (if any) mins.
    pub fn parts(&self, out: i64, inp: i64) -> Vec<(&'static str, TensorType)> {
        let (tiles, groups) = (out / TILE_ROWS, stored_groups(inp, self.group));
        let codes = match self.packed_codes {
            None => TensorType::new([tiles, groups, self.group, TILE_ROWS], self.code),
            Some(p) => TensorType::new([tiles, groups, self.group * 2 * p.bits()], ElemType::I8),
        };
        let maps = |elem| match self.sub_scales {
            None => TensorType::new([tiles, groups, TILE_ROWS], elem),
            Some(sub) => TensorType::new(
                [tiles, groups / sub.groups_per_block(), sub.block_bytes()],
                ElemType::I8,
            ),
        };
        let mut parts = vec![("codes", codes), ("scales", maps(self.scale))];
        parts.extend(self.min.map(|m| ("mins", maps(m))));
        parts
    }
}
