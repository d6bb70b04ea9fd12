//! How weights are stored in a parameter file, as every crate that writes, declares or reads
//! them sees it: entry element types, row tiles, and block formats split into integer codes
//! with one affine map per group (`x = scale * code (+ min)`). The loader writes these forms,
//! the emitter declares them, the kernels read them; none of that is described twice.
//!
//! The layouts themselves are in `docs/architecture.md#weight-layouts`.

use serde::{Deserialize, Serialize};

/// Rows per tile: a tiled weight `[out, in]` is stored `[out/16, in, 16]`, sixteen output rows
/// interleaved per input element; grouped weights are always stored as such tiles.
pub const TILE_ROWS: usize = 16;

/// Groups are stored padded to a multiple of this many per tile row. IREE's CPU code generation
/// takes the group dimension 4 groups per vector step; 18 groups (576 inputs) got masked
/// vectors and ran 2-3x slower per weight than 16 or 20 groups (measured on the LM head).
pub const GROUP_MULTIPLE: usize = 4;

/// Groups per tile row as stored for `inputs` inputs in groups of `group`: the padding groups
/// hold zero codes, scales and mins, and meet zero inputs, so they add exact zeros.
pub fn stored_groups(inputs: usize, group: usize) -> usize {
    (inputs / group).div_ceil(GROUP_MULTIPLE) * GROUP_MULTIPLE
}

/// Projections of one input stored as one weight, their rows one after another: a layer's
/// `(fused, parts)` suffixes, the parts in row order. GPU modules read them so (see the
/// emitter's `Projections::Fused`); the loader writes the fused entry from the parts, which keep
/// their checkpoint names everywhere else (biases and norms stay apart).
///
/// Gate and up are not fused: on CUDA the one product saved came back as a kernel of its own
/// for the activation, which IREE fuses into the up product only while that product is apart
/// (Llama-3.2-1B shape, B = 1 decode: 246 kernels either way).
pub const FUSED_ROWS: [(&str, &[&str]); 1] = [(
    "self_attn.qkv_proj.weight",
    &[
        "self_attn.q_proj.weight",
        "self_attn.k_proj.weight",
        "self_attn.v_proj.weight",
    ],
)];

/// The full names of the parts of the fused weight `name` (`model.layers.{l}.{fused}`), in
/// row order; `None` for any other name.
pub fn fused_parts(name: &str) -> Option<Vec<String>> {
    FUSED_ROWS.iter().find_map(|(fused, parts)| {
        let layer = name.strip_suffix(fused)?;
        let index = layer.strip_prefix("model.layers.")?.strip_suffix('.')?;
        index.parse::<usize>().ok()?;
        Some(parts.iter().map(|part| format!("{layer}{part}")).collect())
    })
}

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

    /// The type a safetensors header names, if a parameter file can hold it.
    pub fn from_safetensors_name(name: &str) -> Option<Self> {
        Self::NAMES.iter().find(|r| r.1 == name).map(|r| r.0)
    }

    pub fn size_in_bytes(self) -> usize {
        self.row().3
    }
}

impl std::fmt::Display for Dtype {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.row().2)
    }
}

/// How a group's codes are stored: 4-bit unsigned or signed (two per byte, low nibble first,
/// two's complement for signed), 8-bit signed, the file's 5 and 6 bits (a tile's group of
/// low nibbles (as `U4`), then each input's high bits for the 16 rows), or 4-bit indices into
/// a fixed table of small integers (stored as `U4`; the code is the table's value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Code {
    /// 0..16.
    U4,
    /// Two's complement, -8..8.
    I4,
    I8,
    /// 0..32 (Q5_1, Q5_K).
    U5,
    /// Stored 0..32, meaning q - 16 (Q5_0).
    I5,
    /// Stored 0..64, meaning q - 32 (Q6_K).
    I6,
    /// An index into [`E2M1_VALUES`] (MXFP4).
    E2M1,
    /// An index into [`NL4_VALUES`] (IQ4_NL, IQ4_XS).
    NL4,
    /// 0..4 (Q2_K): per input one 32-bit word of the 16 rows' codes, row r at bits 2r, 2r + 1.
    U2,
    /// Stored 0..8, meaning q - 4 (Q3_K): a tile's group of `U2` words (the low two bits),
    /// then one 16-bit word of third bits per input (row r at bit r).
    I3,
}

/// MXFP4's E2M1 values doubled (so they are integers): ggml's `kvalues_mxfp4`. Index 8 is
/// E2M1's negative zero, which ggml's integer table makes a plain 0.
pub const E2M1_VALUES: [i8; 16] = [0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12];

/// The non-linear 4-bit values of IQ4_NL and IQ4_XS: ggml's `kvalues_iq4nl`.
pub const NL4_VALUES: [i8; 16] = [
    -127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113,
];

impl Code {
    /// Bits per code as stored.
    pub fn bits(self) -> usize {
        match self {
            Code::U2 => 2,
            Code::I3 => 3,
            Code::U4 | Code::I4 | Code::E2M1 | Code::NL4 => 4,
            Code::U5 | Code::I5 => 5,
            Code::I6 => 6,
            Code::I8 => 8,
        }
    }

    /// What is added to a code to get its stored bits (the 5- and 6-bit signed codes).
    pub fn offset(self) -> i32 {
        match self {
            Code::I3 => 4,
            Code::I5 => 16,
            Code::I6 => 32,
            _ => 0,
        }
    }

    /// The values a table code's 4-bit index selects; None for codes that are their value.
    pub fn table(self) -> Option<&'static [i8; 16]> {
        match self {
            Code::E2M1 => Some(&E2M1_VALUES),
            Code::NL4 => Some(&NL4_VALUES),
            _ => None,
        }
    }

    /// The stored bits of code value `q`: the value plus [`Code::offset`], or for a table
    /// code the first index holding `q` (MXFP4's two zeros give the same value). None for a
    /// value the code cannot hold.
    pub fn stored(self, q: i8) -> Option<u8> {
        if let Some(table) = self.table() {
            return table.iter().position(|&v| v == q).map(|i| i as u8);
        }
        let bits = i32::from(q) + self.offset();
        let fits = match self {
            Code::I4 => (-8..8).contains(&i32::from(q)),
            Code::I8 => true,
            _ => (0..1 << self.bits()).contains(&bits),
        };
        fits.then_some(if self == Code::I4 {
            (q as u8) & 0x0F
        } else {
            bits as u8
        })
    }

    /// Whether only the CPU kernels read these codes: 5- and 6-bit codes (their high bits
    /// apart) and table codes (an index is not the value, so no affine map of it is).
    pub fn kernels_only(self) -> bool {
        !self.bits().is_multiple_of(4) || self.table().is_some()
    }
}

/// Group maps kept as the file stores them: K-quant super-blocks of 256 inputs (an f16 factor
/// per row, `d` and `dmin` for mins, times a small integer per group and row) or MXFP4's
/// exponent byte per group. Only the CPU kernels read this form; scales and mins are then
/// byte tensors `[out/16, G / groups_per_block, block_bytes]` (G the stored groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SubScales {
    /// Q4_K and Q5_K: 6-bit sub-scales and sub-mins, 8 groups of 32 per block.
    SixBit,
    /// Q6_K: signed 8-bit sub-scales, 16 groups of 16 per block.
    Int8,
    /// IQ4_XS: 6-bit sub-scales `sc` meaning `sc - 32`, 8 groups of 32 per block, no mins,
    /// stored as `SixBit`'s.
    SixBitSigned,
    /// Q2_K: 4-bit sub-scales and sub-mins, 16 groups of 16 per block.
    FourBit,
    /// Q3_K: `SixBitSigned`'s sub-scales for 16 groups of 16 per block: 16 groups' nibbles,
    /// then their words of top bits.
    SixBitSigned16,
    /// MXFP4: per group and row one E8M0 exponent `e`; the scale is ggml's half of `2^(e-127)`,
    /// `2^(e-128)` (`ggml_e8m0_to_fp32_half`: subnormal for e < 2). A block is one group.
    E8M0,
}

impl SubScales {
    /// Groups per super-block.
    pub fn groups_per_block(self) -> usize {
        match self {
            SubScales::SixBit | SubScales::SixBitSigned => 8,
            SubScales::FourBit | SubScales::SixBitSigned16 => 16,
            SubScales::Int8 => 16,
            SubScales::E8M0 => 1,
        }
    }

    /// Bytes one map (scales or mins) of a tile's 16 rows takes per super-block: 16 f16
    /// factors, then the sub-scales (6-bit: 8 bytes of nibbles and one 32-bit word of top bits
    /// per group; 4-bit: 8 bytes of nibbles per group; 8-bit: 16 bytes per group); E8M0: the
    /// 16 rows' exponent bytes.
    pub fn block_bytes(self) -> usize {
        match self {
            SubScales::SixBit | SubScales::SixBitSigned => 128,
            SubScales::FourBit => 160,
            SubScales::SixBitSigned16 => 224,
            SubScales::Int8 => 288,
            SubScales::E8M0 => 16,
        }
    }

    /// The factor of group `k`'s map from its stored sub-scale `sub` and the block's f16
    /// factor `d` (unused for E8M0), as the reference rounds it.
    pub fn scale(self, d: f32, sub: u8) -> f32 {
        match self {
            SubScales::SixBit | SubScales::FourBit => d * f32::from(sub),
            SubScales::SixBitSigned | SubScales::SixBitSigned16 => d * f32::from(sub as i8 - 32),
            SubScales::Int8 => d * f32::from(sub as i8),
            SubScales::E8M0 => e8m0_half(sub),
        }
    }
}

/// ggml's `ggml_e8m0_to_fp32_half`: `2^(e - 128)`, exactly (a subnormal f32 for e < 2).
pub fn e8m0_half(e: u8) -> f32 {
    let bits = if e < 2 {
        0x0020_0000u32 << e
    } else {
        u32::from(e - 1) << 23
    };
    f32::from_bits(bits)
}

/// The exact group form of one block format: integer codes with one affine map per group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GroupLayout {
    pub code: Code,
    /// Elements sharing one scale (and min).
    pub group: usize,
    /// Stored scale type: f16 where the format's own scale is an f16, else f32.
    pub scale: Dtype,
    /// Stored min type, when the format has an offset.
    pub min: Option<Dtype>,
    /// Set when the maps are stored as the file holds them; `scale` and `min` are then the
    /// per-row factors' type (f16; f32 for E8M0, which has none: the type its scales are).
    pub sub_scales: Option<SubScales>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fused_weights_name_their_parts_in_the_same_layer() {
        assert_eq!(
            fused_parts("model.layers.12.self_attn.qkv_proj.weight").unwrap(),
            [
                "model.layers.12.self_attn.q_proj.weight",
                "model.layers.12.self_attn.k_proj.weight",
                "model.layers.12.self_attn.v_proj.weight",
            ]
        );
        assert_eq!(fused_parts("model.layers.0.self_attn.q_proj.weight"), None);
        assert_eq!(
            fused_parts("model.layers.x.self_attn.qkv_proj.weight"),
            None
        );
        assert_eq!(
            fused_parts("model.layers.0.x.self_attn.qkv_proj.weight"),
            None
        );
        assert_eq!(fused_parts("lm_head.self_attn.qkv_proj.weight"), None);
    }

    #[test]
    fn groups_pad_to_the_multiple() {
        assert_eq!(stored_groups(576, 32), 20);
        assert_eq!(stored_groups(512, 32), 16);
        assert_eq!(stored_groups(64, 16), 4);
        assert_eq!(stored_groups(32, 32), 4);
    }

    #[test]
    fn e8m0_halves_are_ggmls() {
        assert_eq!(e8m0_half(0).to_bits(), 0x0020_0000);
        assert_eq!(e8m0_half(1).to_bits(), 0x0040_0000);
        assert_eq!(e8m0_half(2), 2f32.powi(-126));
        assert_eq!(e8m0_half(128), 1.0);
        assert_eq!(e8m0_half(255), 2f32.powi(127));
        for e in 1..=255u8 {
            assert_eq!(e8m0_half(e), 2.0 * e8m0_half(e - 1), "{e}");
        }
    }

    #[test]
    fn stored_bits_give_back_the_code() {
        for code in [
            Code::U2,
            Code::I3,
            Code::U4,
            Code::I4,
            Code::U5,
            Code::I5,
            Code::I6,
            Code::E2M1,
            Code::NL4,
        ] {
            for bits in 0..1u16 << code.bits() {
                let q = match code.table() {
                    Some(t) => t[bits as usize],
                    None if code == Code::I4 => ((bits as u8) << 4) as i8 >> 4,
                    None => (i32::from(bits) - code.offset()) as i8,
                };
                let stored = code.stored(q).unwrap();
                let back = code.table().map_or(q, |t| t[stored as usize]);
                assert_eq!(back, q, "{code:?} {bits}");
            }
        }
        assert_eq!(Code::E2M1.stored(5), None);
        assert_eq!(Code::U4.stored(16), None);
        assert_eq!(Code::I4.stored(8), None);
        assert!(Code::E2M1.kernels_only() && Code::I6.kernels_only());
        assert!(!Code::U4.kernels_only() && !Code::I8.kernels_only());
    }

    #[test]
    fn dtype_names_round_trip() {
        for (dtype, name, _, _) in Dtype::NAMES {
            assert_eq!(Dtype::from_safetensors_name(name), Some(dtype));
            assert_eq!(dtype.safetensors_name(), name);
        }
        assert_eq!(Dtype::BF16.to_string(), "bf16");
    }
}
