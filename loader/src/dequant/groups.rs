//! Block formats as integer codes with one affine map per group: `x = scale * code (+ min)`.
//!
//! Every supported block format reduces to this form exactly: the scales and mins are the f32
//! values the reference dequantizer computes before its last multiply-add (K-quants' `d * sc`
//! and `dmin * m` are rounded to f32 there too), so `scale * code + min`, evaluated in f32 in that
//! order, is bit for bit the reference value. A graph can then multiply by the codes and apply
//! each group's map after summing over the group.

use gguf::GgmlType;
use rayon::prelude::*;

use super::{f16_at, DequantError, BLOCKS_PER_TASK};
use crate::parameters::Dtype;

/// How codes are stored: 4-bit unsigned or signed (two per byte, low nibble first, two's
/// complement for signed) or 8-bit signed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    U4,
    I4,
    I8,
}

/// The exact group form of one block format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GroupLayout {
    pub code: Code,
    /// Elements sharing one scale (and min).
    pub group: usize,
    /// Stored scale type: f16 where the format's own scale is an f16, else f32.
    pub scale: Dtype,
    /// Stored min type, when the format has an offset.
    pub min: Option<Dtype>,
}

/// The group layout of `ty`, or None when it has none (plain floats, unsupported blocks).
pub fn group_layout(ty: GgmlType) -> Option<GroupLayout> {
    use Code::{I4, I8 as S8, U4};
    use Dtype::{F16, F32};
    use GgmlType::*;
    let layout = |code, group, scale, min| GroupLayout {
        code,
        group,
        scale,
        min,
    };
    Some(match ty {
        Q8_0 => layout(S8, 32, F16, None),
        // Signed codes q - 8: an offset -8 d would turn the reference's -0 into +0.
        Q4_0 => layout(I4, 32, F16, None),
        Q4_1 => layout(U4, 32, F16, Some(F16)),
        Q5_0 => layout(S8, 32, F16, None),
        Q5_1 => layout(S8, 32, F16, Some(F16)),
        Q4_K => layout(U4, 32, F32, Some(F32)),
        Q5_K => layout(S8, 32, F32, Some(F32)),
        Q6_K => layout(S8, 16, F32, None),
        _ => return None,
    })
}

/// A tensor's codes (one per element, 4-bit codes in 0..16) and per-group scales and mins
/// (`mins` is empty when the format has none), in the source's row-major order.
#[derive(Debug, Clone, PartialEq)]
pub struct Groups {
    pub layout: GroupLayout,
    pub codes: Vec<i8>,
    pub scales: Vec<f32>,
    pub mins: Vec<f32>,
}

impl Groups {
    /// Element `i` as the reference dequantizer computes it.
    pub fn value(&self, i: usize) -> f32 {
        let g = i / self.layout.group;
        let scaled = self.scales[g] * f32::from(self.codes[i]);
        match self.mins.get(g) {
            Some(&m) => scaled + m,
            None => scaled,
        }
    }
}

/// One block's codes, scales and mins.
type SplitFn = fn(&[u8], &mut [i8], &mut [f32], &mut [f32]);

fn split_fn(ty: GgmlType) -> Option<SplitFn> {
    use GgmlType::*;
    Some(match ty {
        Q8_0 => q8_0,
        Q4_0 => q4_0,
        Q4_1 => q4_1,
        Q5_0 => q5_0,
        Q5_1 => q5_1,
        Q4_K => q4_k,
        Q5_K => q5_k,
        Q6_K => q6_k,
        _ => return None,
    })
}

/// Splits `bytes` (ggml encoding of `n` elements) into codes and group maps.
pub fn split_groups(ty: GgmlType, bytes: &[u8], n: usize) -> Result<Groups, DequantError> {
    let (Some(layout), Some(split)) = (group_layout(ty), split_fn(ty)) else {
        return Err(DequantError::Unsupported(ty));
    };
    if ty.bytes_for(n as u64) != Some(bytes.len() as u64) {
        return Err(DequantError::SizeMismatch {
            ty,
            bytes: bytes.len(),
            elements: n,
        });
    }
    let n_groups = n / layout.group;
    let (mut codes, mut scales, mut mins) =
        (vec![0i8; n], vec![0f32; n_groups], vec![0f32; n_groups]);
    let (block, size) = (ty.block_size() as usize, ty.type_size() as usize);
    let per_block = block / layout.group;
    bytes
        .par_chunks(size * BLOCKS_PER_TASK)
        .zip(codes.par_chunks_mut(block * BLOCKS_PER_TASK))
        .zip(scales.par_chunks_mut(per_block * BLOCKS_PER_TASK))
        .zip(mins.par_chunks_mut(per_block * BLOCKS_PER_TASK))
        .for_each(|(((src, c), s), m)| {
            for (i, b) in src.chunks_exact(size).enumerate() {
                let g = i * per_block..(i + 1) * per_block;
                split(
                    b,
                    &mut c[i * block..][..block],
                    &mut s[g.clone()],
                    &mut m[g],
                );
            }
        });
    if layout.min.is_none() {
        mins.clear();
    }
    Ok(Groups {
        layout,
        codes,
        scales,
        mins,
    })
}

fn nibble(qs: &[u8], i: usize) -> u8 {
    if i < 16 {
        qs[i] & 0x0F
    } else {
        qs[i - 16] >> 4
    }
}

fn fifth_bits(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn five_bit(qs: &[u8], qh: u32, i: usize) -> u8 {
    nibble(qs, i) | ((((qh >> i) & 1) as u8) << 4)
}

fn q8_0(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    scales[0] = f16_at(b, 0);
    for (c, &q) in codes.iter_mut().zip(&b[2..34]) {
        *c = q as i8;
    }
}

fn q4_0(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    scales[0] = f16_at(b, 0);
    for (i, c) in codes.iter_mut().enumerate() {
        *c = nibble(&b[2..18], i) as i8 - 8;
    }
}

fn q4_1(b: &[u8], codes: &mut [i8], scales: &mut [f32], mins: &mut [f32]) {
    scales[0] = f16_at(b, 0);
    mins[0] = f16_at(b, 2);
    for (i, c) in codes.iter_mut().enumerate() {
        *c = nibble(&b[4..20], i) as i8;
    }
}

fn q5_0(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    scales[0] = f16_at(b, 0);
    let qh = fifth_bits(b, 2);
    for (i, c) in codes.iter_mut().enumerate() {
        *c = five_bit(&b[6..22], qh, i) as i8 - 16;
    }
}

fn q5_1(b: &[u8], codes: &mut [i8], scales: &mut [f32], mins: &mut [f32]) {
    scales[0] = f16_at(b, 0);
    mins[0] = f16_at(b, 2);
    let qh = fifth_bits(b, 4);
    for (i, c) in codes.iter_mut().enumerate() {
        *c = five_bit(&b[8..24], qh, i) as i8;
    }
}

/// K-quant maps: `(d * sc) * q - dmin * m` is `scale * q + min` with `min = -(dmin * m)`.
fn k_maps(b: &[u8], scales: &mut [f32], mins: &mut [f32]) {
    for (j, (s, m)) in scales.iter_mut().zip(mins.iter_mut()).enumerate() {
        let (dl, ml) = super::k_quants::sub_block_affine(b, j);
        *s = dl;
        *m = -ml;
    }
}

fn q4_k(b: &[u8], codes: &mut [i8], scales: &mut [f32], mins: &mut [f32]) {
    k_maps(b, scales, mins);
    for (j, sub) in codes.chunks_exact_mut(32).enumerate() {
        for (k, c) in sub.iter_mut().enumerate() {
            *c = super::k_quants::low_nibble(&b[16..144], j, k) as i8;
        }
    }
}

fn q5_k(b: &[u8], codes: &mut [i8], scales: &mut [f32], mins: &mut [f32]) {
    k_maps(b, scales, mins);
    let (qh, qs) = (&b[16..48], &b[48..176]);
    for (j, sub) in codes.chunks_exact_mut(32).enumerate() {
        for (k, c) in sub.iter_mut().enumerate() {
            *c = (super::k_quants::low_nibble(qs, j, k) | (((qh[k] >> j) & 1) << 4)) as i8;
        }
    }
}

fn q6_k(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    let d = f16_at(b, 208);
    for (s, &sc) in scales.iter_mut().zip(&b[192..208]) {
        *s = d * f32::from(sc as i8);
    }
    for (e, c) in codes.iter_mut().enumerate() {
        *c = super::k_quants::q6_code(b, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_block_formats_have_groups() {
        use GgmlType::*;
        for ty in [Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K] {
            let layout = group_layout(ty).unwrap();
            assert_eq!(ty.block_size() as usize % layout.group, 0, "{ty}");
        }
        for ty in [F32, F16, BF16, IQ2_XXS, Q8_1] {
            assert!(group_layout(ty).is_none(), "{ty}");
            assert!(matches!(
                split_groups(ty, &[], 0),
                Err(DequantError::Unsupported(_))
            ));
        }
    }

    #[test]
    fn size_mismatch_is_an_error() {
        assert!(matches!(
            split_groups(GgmlType::Q4_1, &[0; 19], 32),
            Err(DequantError::SizeMismatch { .. })
        ));
    }
}
