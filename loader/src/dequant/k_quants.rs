//! 256-element "K" super-blocks, split into sub-blocks that each carry their own scale.

use super::f16_at;

/// Q4_K/Q5_K pack eight 6-bit scales and eight 6-bit mins into 12 bytes: the low 6 bits of
/// sub-blocks 0-3 sit in bytes 0-3 (scales) and 4-7 (mins); sub-blocks 4-7 take their low 4 bits
/// from bytes 8-11 and their top 2 bits from the spare high bits of bytes 0-7.
pub(super) fn scale_min(packed: &[u8], j: usize) -> (u8, u8) {
    if j < 4 {
        (packed[j] & 0x3F, packed[j + 4] & 0x3F)
    } else {
        let low = packed[j + 4];
        let sc = (low & 0x0F) | ((packed[j - 4] >> 2) & 0x30);
        let m = (low >> 4) | ((packed[j] >> 2) & 0x30);
        (sc, m)
    }
}

/// Per-sub-block (scale, offset), each rounded to f32 before use as the reference does.
pub(super) fn sub_block_affine(b: &[u8], j: usize) -> (f32, f32) {
    let (d, dmin) = (f16_at(b, 0), f16_at(b, 2));
    let (sc, m) = scale_min(&b[4..16], j);
    (d * f32::from(sc), dmin * f32::from(m))
}

/// Low nibble of sub-block `j`: pairs of sub-blocks share 32 bytes, low then high nibbles.
pub(super) fn low_nibble(qs: &[u8], j: usize, k: usize) -> u8 {
    (qs[32 * (j / 2) + k] >> (4 * (j % 2))) & 0x0F
}

/// d, dmin: f16, scales: 12 bytes, qs: 128 bytes; x = (d * sc) * q - dmin * m.
pub(super) fn q4_k(b: &[u8], out: &mut [f32]) {
    let qs = &b[16..144];
    for (j, sub) in out.chunks_exact_mut(32).enumerate() {
        let (dl, ml) = sub_block_affine(b, j);
        for (k, o) in sub.iter_mut().enumerate() {
            *o = dl * f32::from(low_nibble(qs, j, k)) - ml;
        }
    }
}

/// As Q4_K plus qh: 32 bytes whose bit `j` of byte `k` is the fifth bit of sub-block j's k-th.
pub(super) fn q5_k(b: &[u8], out: &mut [f32]) {
    let (qh, qs) = (&b[16..48], &b[48..176]);
    for (j, sub) in out.chunks_exact_mut(32).enumerate() {
        let (dl, ml) = sub_block_affine(b, j);
        for (k, o) in sub.iter_mut().enumerate() {
            let q = low_nibble(qs, j, k) | (((qh[k] >> j) & 1) << 4);
            *o = dl * f32::from(q) - ml;
        }
    }
}

/// ql: 128 bytes, qh: 64 bytes, scales: 16 x i8, d: f16; x = (d * scale) * (q - 32).
///
/// Each 128-element half uses 64 ql bytes (low nibbles for elements 0-63, high for 64-127)
/// and 32 qh bytes (2-bit fields at shifts 0, 2, 4, 6 for each quarter).
pub(super) fn q6_k(b: &[u8], out: &mut [f32]) {
    let scales = &b[192..208];
    let d = f16_at(b, 208);
    for (e, o) in out.iter_mut().enumerate() {
        let dl = d * f32::from(scales[e / 16] as i8);
        *o = dl * f32::from(q6_code(b, e));
    }
}

/// Element `e`'s code `q - 32` (see [`q6_k`]).
pub(super) fn q6_code(b: &[u8], e: usize) -> i8 {
    let (ql, qh) = (&b[0..128], &b[128..192]);
    let (h, r) = (e / 128, e % 128);
    let low = (ql[h * 64 + r % 64] >> (4 * (r / 64))) & 0x0F;
    let high = (qh[h * 32 + r % 32] >> (2 * (r / 32))) & 0x03;
    (low | (high << 4)) as i8 - 32
}

/// Q2_K's and Q3_K's 2-bit field of element `e`: each 128-element half reads 32 bytes of qs,
/// its four quarters at shifts 0, 2, 4, 6.
pub(super) fn two_bits(qs: &[u8], e: usize) -> u8 {
    let (h, r) = (e / 128, e % 128);
    (qs[h * 32 + r % 32] >> (2 * (r / 32))) & 0x03
}

/// Q2_K group `j`'s (scale, offset) `(d * sc, dmin * m)`, each rounded to f32 as the reference
/// rounds them: byte j of the scales holds sc (low nibble) and m (high).
pub(super) fn q2_k_affine(b: &[u8], j: usize) -> (f32, f32) {
    let (d, dmin) = (f16_at(b, 80), f16_at(b, 82));
    let packed = b[j];
    (d * f32::from(packed & 0x0F), dmin * f32::from(packed >> 4))
}

/// scales: 16 bytes, qs: 64 bytes, d, dmin: f16; x = (d * sc) * q - dmin * m, groups of 16.
pub(super) fn q2_k(b: &[u8], out: &mut [f32]) {
    for (j, group) in out.chunks_exact_mut(16).enumerate() {
        let (dl, ml) = q2_k_affine(b, j);
        for (k, o) in group.iter_mut().enumerate() {
            *o = dl * f32::from(two_bits(&b[16..80], j * 16 + k)) - ml;
        }
    }
}

/// Q3_K's 6-bit sub-scale of group `j` (0..16) as stored (meaning `sc - 32`): the low 4 bits
/// from nibble j of bytes 0..8 (low nibbles for groups 0-7, high for 8-15), the top 2 from
/// bits `2 * (j / 4)` of byte `8 + j % 4`.
pub(super) fn q3_k_sub_scale(scales: &[u8], j: usize) -> u8 {
    let low = (scales[j % 8] >> (4 * (j / 8))) & 0x0F;
    let top = (scales[8 + j % 4] >> (2 * (j / 4))) & 0x03;
    low | top << 4
}

/// Element `e`'s Q3_K code: the 2-bit field minus 4 where its bit of hmask (bit e / 32 of byte
/// e % 32) is clear.
pub(super) fn q3_code(b: &[u8], e: usize) -> i8 {
    let high = (b[e % 32] >> (e / 32)) & 1;
    two_bits(&b[32..96], e) as i8 - if high == 0 { 4 } else { 0 }
}

/// Q3_K group `j`'s scale `d * (sc - 32)`, rounded to f32 as the reference does.
pub(super) fn q3_k_scale(b: &[u8], j: usize) -> f32 {
    f16_at(b, 108) * f32::from(q3_k_sub_scale(&b[96..108], j) as i8 - 32)
}

/// hmask: 32 bytes, qs: 64 bytes, scales: 12 bytes, d: f16; x = (d * (sc - 32)) * q, groups
/// of 16.
pub(super) fn q3_k(b: &[u8], out: &mut [f32]) {
    for (j, group) in out.chunks_exact_mut(16).enumerate() {
        let dl = q3_k_scale(b, j);
        for (k, o) in group.iter_mut().enumerate() {
            *o = dl * f32::from(q3_code(b, j * 16 + k));
        }
    }
}
