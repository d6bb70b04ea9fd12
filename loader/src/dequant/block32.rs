//! The original 32-element block formats.
//!
//! 4-bit layouts store element `i` in the low nibble of byte `i` and element `i + 16` in its high
//! nibble; the 5-bit ones add bit `i` of a little-endian u32 as the fifth bit of element `i`.

use super::f16_at;

fn nibble(qs: &[u8], i: usize) -> u8 {
    if i < 16 {
        qs[i] & 0x0F
    } else {
        qs[i - 16] >> 4
    }
}

fn high_bits(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn fifth_bit(qh: u32, i: usize) -> u8 {
    (((qh >> i) & 1) as u8) << 4
}

/// d: f16, qs: 32 x i8.
pub(super) fn q8_0(b: &[u8], out: &mut [f32]) {
    let d = f16_at(b, 0);
    for (o, &q) in out.iter_mut().zip(&b[2..34]) {
        *o = f32::from(q as i8) * d;
    }
}

/// d: f16, qs: 16 bytes of nibbles; x = d * (q - 8).
pub(super) fn q4_0(b: &[u8], out: &mut [f32]) {
    let d = f16_at(b, 0);
    let qs = &b[2..18];
    for (i, o) in out.iter_mut().enumerate() {
        *o = d * f32::from(nibble(qs, i) as i8 - 8);
    }
}

/// d, m: f16, qs: 16 bytes of nibbles; x = d * q + m.
pub(super) fn q4_1(b: &[u8], out: &mut [f32]) {
    let (d, m) = (f16_at(b, 0), f16_at(b, 2));
    let qs = &b[4..20];
    for (i, o) in out.iter_mut().enumerate() {
        *o = d * f32::from(nibble(qs, i)) + m;
    }
}

/// d: f16, qh: u32, qs: 16 bytes; x = d * (q - 16).
pub(super) fn q5_0(b: &[u8], out: &mut [f32]) {
    let d = f16_at(b, 0);
    let qh = high_bits(b, 2);
    let qs = &b[6..22];
    for (i, o) in out.iter_mut().enumerate() {
        let q = nibble(qs, i) | fifth_bit(qh, i);
        *o = d * f32::from(q as i8 - 16);
    }
}

/// d, m: f16, qh: u32, qs: 16 bytes; x = d * q + m.
pub(super) fn q5_1(b: &[u8], out: &mut [f32]) {
    let (d, m) = (f16_at(b, 0), f16_at(b, 2));
    let qh = high_bits(b, 4);
    let qs = &b[8..24];
    for (i, o) in out.iter_mut().enumerate() {
        let q = nibble(qs, i) | fifth_bit(qh, i);
        *o = d * f32::from(q) + m;
    }
}
