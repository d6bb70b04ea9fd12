//! Formats whose 4-bit codes index a fixed table of small integers (`weight_format::Code::table`):
//! MXFP4 and IQ4_NL in blocks of 32, IQ4_XS in super-blocks of 256 with 6-bit sub-scales.
//!
//! A block of 32 stores element `i` in the low nibble of byte `i` and element `i + 16` in its
//! high nibble, as the original 4-bit formats do.

use weight_format::{e8m0_half, E2M1_VALUES, NL4_VALUES};

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
