//! Formats whose 4-bit codes index a fixed table of small integers (`weight_format::Code::table`):
//! MXFP4 and IQ4_NL in blocks of 32, IQ4_XS in super-blocks of 256 with 6-bit sub-scales.
//!
//! A block of 32 stores element `i` in the low nibble of byte `i` and element `i + 16` in its
//! high nibble, as the original 4-bit formats do.

use weight_format::{e8m0_half, SubScales, E2M1_VALUES, NL4_VALUES};

use super::f16_at;

/// Table index of element `i` of a block of 32 whose nibbles start at `qs`.
pub(super) fn index(qs: &[u8], i: usize) -> usize {
    usize::from(if i < 16 {
        qs[i] & 0x0F
    } else {
        qs[i - 16] >> 4
    })
}

/// e: E8M0 exponent byte, qs: 16 bytes; x = e8m0_half(e) * E2M1[q] (the table's values are
/// doubled E2M1, so ggml halves the scale).
pub(super) fn mxfp4(b: &[u8], out: &mut [f32]) {
    let d = e8m0_half(b[0]);
    for (i, o) in out.iter_mut().enumerate() {
        *o = d * f32::from(E2M1_VALUES[index(&b[1..17], i)]);
    }
}

/// d: f16, qs: 16 bytes; x = d * NL4[q].
pub(super) fn iq4_nl(b: &[u8], out: &mut [f32]) {
    let d = f16_at(b, 0);
    for (i, o) in out.iter_mut().enumerate() {
        *o = d * f32::from(NL4_VALUES[index(&b[2..18], i)]);
    }
}

/// IQ4_XS's 6-bit sub-scale of group `j` (0..8), stored as the file keeps it (meaning
/// `sc - 32`): the low 4 bits from nibble j of bytes 4..8, the top 2 from bits 2j of the
/// little-endian u16 at 2.
pub(super) fn iq4_xs_sub_scale(b: &[u8], j: usize) -> u8 {
    let high = u16::from_le_bytes([b[2], b[3]]);
    let low = (b[4 + j / 2] >> (4 * (j % 2))) & 0x0F;
    low | (((high >> (2 * j)) & 0x03) as u8) << 4
}

/// Group `j`'s scale `d * (sc - 32)`, rounded to f32 as the reference does.
pub(super) fn iq4_xs_scale(b: &[u8], j: usize) -> f32 {
    SubScales::SixBitSigned.scale(f16_at(b, 0), iq4_xs_sub_scale(b, j))
}

/// d: f16, scales_h: u16, scales_l: 4 bytes, qs: 8 groups of 16 bytes (a block of 32 each);
/// x = (d * (sc - 32)) * NL4[q].
pub(super) fn iq4_xs(b: &[u8], out: &mut [f32]) {
    for (j, group) in out.chunks_exact_mut(32).enumerate() {
        let dl = iq4_xs_scale(b, j);
        let qs = &b[8 + 16 * j..][..16];
        for (i, o) in group.iter_mut().enumerate() {
            *o = dl * f32::from(NL4_VALUES[index(qs, i)]);
        }
    }
}
