//! Unquantized encodings: one element per block.

use super::f16_at;

pub(super) fn f32_block(b: &[u8], out: &mut [f32]) {
    out[0] = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
}

pub(super) fn f16_block(b: &[u8], out: &mut [f32]) {
    out[0] = f16_at(b, 0);
}

/// bf16 is the high half of an f32, so widening is a shift (NaN payloads survive too).
pub(super) fn bf16_block(b: &[u8], out: &mut [f32]) {
    out[0] = f32::from_bits(u32::from(u16::from_le_bytes([b[0], b[1]])) << 16);
}
