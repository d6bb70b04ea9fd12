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
use weight_format::{Code, Dtype, GroupLayout, SubScales};

/// The group layout that keeps the file's own bits per weight where [`group_layout`] widens
/// them: 5- and 6-bit codes with their high bits apart, table codes as their 4-bit indices,
/// K-quant and MXFP4 maps as the file stores them. None where the group layout is already the
/// file's size (Q4_0, Q4_1, Q8_0). Only the CPU kernels read it.
pub fn compact_layout(ty: GgmlType) -> Option<GroupLayout> {
    use GgmlType::*;
    let expanded = group_layout(ty)?;
    let (code, sub_scales) = match ty {
        Q4_K => (Code::U4, Some(SubScales::SixBit)),
        Q5_K => (Code::U5, Some(SubScales::SixBit)),
        Q6_K => (Code::I6, Some(SubScales::Int8)),
        Q5_0 => (Code::I5, None),
        Q5_1 => (Code::U5, None),
        MXFP4 => (Code::E2M1, Some(SubScales::E8M0)),
        IQ4_NL => (Code::NL4, None),
        IQ4_XS => (Code::NL4, Some(SubScales::SixBitSigned)),
        Q2_K => (Code::U2, Some(SubScales::FourBit)),
        Q3_K => (Code::I3, Some(SubScales::SixBitSigned16)),
        _ => return None,
    };
    let maps = match sub_scales {
        Some(SubScales::E8M0) => Dtype::F32,
        Some(_) => Dtype::F16,
        None => expanded.scale,
    };
    Some(GroupLayout {
        code,
        scale: maps,
        min: expanded.min.map(|_| maps),
        sub_scales,
        ..expanded
    })
}

/// One tile's codes for one group in the high-bit layout (`kernels::Code`): `codes[k * 16 + r]`
/// (input k, row r, as the values [`Groups`] holds) become 8 bytes of low nibbles per input
/// (rows 2i and 2i + 1 in byte i, low nibble first), then one word per pair of inputs k, k + 1
/// holding their high bits in the order the kernels widen nibbles to: row r of input k + s at
/// lane `8 * s + r / 2` of the even (r even) or odd half; 5-bit codes one bit per lane in a
/// 32-bit word (odd half from bit 16), 6-bit codes two bits per lane in a 64-bit word (odd
/// half from bit 32).
pub fn pack_high_bit_codes(code: Code, codes: &[i8], out: &mut [u8]) {
    let group = codes.len() / 16;
    let (word_bytes, lane_bits) = if code.bits() == 5 { (4, 1) } else { (8, 2) };
    out.fill(0);
    let (nibbles, high) = out.split_at_mut(group * 8);
    for (i, &c) in codes.iter().enumerate() {
        let (k, r) = (i / 16, i % 16);
        let bits = (i32::from(c) + code.offset()) as u8;
        nibbles[k * 8 + r / 2] |= (bits & 0x0F) << (4 * (r % 2));
        let lane = (k % 2) * 8 + r / 2;
        let bit = (r % 2) * 16 * lane_bits + lane * lane_bits;
        let word = &mut high[k / 2 * word_bytes..][..word_bytes];
        word[bit / 8] |= (bits >> 4) << (bit % 8);
    }
}

/// One tile's codes for one group in the 3-bit layout (`Code::I3`): `codes[k * 16 + r]` (q in
/// -4..4) stored as `q + 4`, its low two bits as `U2` words (per input a 32-bit word, row r at
/// bits 2r), then per input a 16-bit word of the third bits (row r at bit r).
pub fn pack_three_bit_codes(codes: &[i8], out: &mut [u8]) {
    let group = codes.len() / 16;
    out.fill(0);
    let (low, high) = out.split_at_mut(group * 4);
    for (i, &c) in codes.iter().enumerate() {
        let (k, r) = (i / 16, i % 16);
        let bits = (i32::from(c) + Code::I3.offset()) as u8;
        low[k * 4 + r / 4] |= (bits & 0x03) << (2 * (r % 4));
        high[k * 2 + r / 8] |= (bits >> 2 & 1) << (r % 8);
    }
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
        sub_scales: None,
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
        // Table codes as their values (small integers) with a float scale: affine and exact
        // (MXFP4's scales are powers of two from 2^-128, beyond f16).
        MXFP4 => layout(S8, 32, F32, None),
        IQ4_NL => layout(S8, 32, F16, None),
        IQ4_XS => layout(S8, 32, F32, None),
        // Q2_K's 2-bit codes as 4-bit ones, Q3_K's 3-bit codes as bytes (their compact forms
        // keep their bits).
        Q2_K => layout(U4, 16, F32, Some(F32)),
        Q3_K => layout(S8, 16, F32, None),
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
    /// K-quants' maps as their super-blocks store them.
    pub super_blocks: Option<SuperBlocks>,
}

/// Maps as the file stores them (`SubScales`), in row-major order: per super-block the f16
/// bits of `d` (and `dmin`), per group the integer sub-scale (and sub-min; i8 sub-scales as
/// their bytes). `scale = d * sub_scale` and `min = -(dmin * sub_min)`, each rounded to f32;
/// MXFP4 has no `d`, its sub-scales are the groups' exponent bytes (`SubScales::scale`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SuperBlocks {
    pub d: Vec<u16>,
    pub dmin: Vec<u16>,
    pub sub_scales: Vec<u8>,
    pub sub_mins: Vec<u8>,
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
        MXFP4 => mxfp4,
        IQ4_NL => iq4_nl,
        IQ4_XS => iq4_xs,
        Q2_K => q2_k,
        Q3_K => q3_k,
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
        super_blocks: super_blocks(ty, bytes),
    })
}

/// The super-block fields of K-quant blocks (already checked to be whole blocks).
fn super_blocks(ty: GgmlType, bytes: &[u8]) -> Option<SuperBlocks> {
    let size = ty.type_size() as usize;
    let u16_at = |b: &[u8], at: usize| u16::from_le_bytes([b[at], b[at + 1]]);
    let mut out = SuperBlocks::default();
    match ty {
        GgmlType::Q4_K | GgmlType::Q5_K => {
            for b in bytes.chunks_exact(size) {
                out.d.push(u16_at(b, 0));
                out.dmin.push(u16_at(b, 2));
                for j in 0..8 {
                    let (sc, m) = super::k_quants::scale_min(&b[4..16], j);
                    out.sub_scales.push(sc);
                    out.sub_mins.push(m);
                }
            }
        }
        GgmlType::Q6_K => {
            for b in bytes.chunks_exact(size) {
                out.d.push(u16_at(b, 208));
                out.sub_scales.extend_from_slice(&b[192..208]);
            }
        }
        GgmlType::Q2_K => {
            for b in bytes.chunks_exact(size) {
                out.d.push(u16_at(b, 80));
                out.dmin.push(u16_at(b, 82));
                out.sub_scales.extend(b[..16].iter().map(|v| v & 0x0F));
                out.sub_mins.extend(b[..16].iter().map(|v| v >> 4));
            }
        }
        GgmlType::Q3_K => {
            for b in bytes.chunks_exact(size) {
                out.d.push(u16_at(b, 108));
                out.sub_scales
                    .extend((0..16).map(|j| super::k_quants::q3_k_sub_scale(&b[96..108], j)));
            }
        }
        GgmlType::IQ4_XS => {
            for b in bytes.chunks_exact(size) {
                out.d.push(u16_at(b, 0));
                out.sub_scales
                    .extend((0..8).map(|j| super::table_codes::iq4_xs_sub_scale(b, j)));
            }
        }
        GgmlType::MXFP4 => out.sub_scales = bytes.iter().step_by(size).copied().collect(),
        _ => return None,
    }
    Some(out)
}

/// One tile's maps of one super-block in the kernels' form (`kernels::Maps`): the 16 rows'
/// factors (`factors[r]`, f16 bits), then per group `k` the rows' sub-scales `sub[r][k]`: for
/// 6-bit ones 8 bytes of low nibbles (rows 2i, 2i+1 in byte i, low nibble first) for every
/// group, then one little-endian 32-bit word of top bits per group (row r at bits 2r, 2r+1);
/// for 8-bit ones 16 bytes per group. E8M0 blocks (one group) are the rows' 16 bytes alone.
pub fn pack_super_block_maps(
    kind: SubScales,
    factors: &[u16; 16],
    sub: &[&[u8]; 16],
    out: &mut [u8],
) {
    // Exponent bytes have no factor: the block is the 16 rows' bytes.
    if kind == SubScales::E8M0 {
        for (o, row) in out.iter_mut().zip(sub) {
            *o = row[0];
        }
        return;
    }
    for (r, f) in factors.iter().enumerate() {
        out[2 * r..2 * r + 2].copy_from_slice(&f.to_le_bytes());
    }
    let groups = kind.groups_per_block();
    let body = &mut out[32..kind.block_bytes()];
    body.fill(0);
    match kind {
        SubScales::SixBit | SubScales::SixBitSigned | SubScales::SixBitSigned16 => {
            for k in 0..groups {
                for (r, row) in sub.iter().enumerate() {
                    let v = row[k];
                    body[k * 8 + r / 2] |= (v & 0x0F) << (4 * (r % 2));
                    body[groups * 8 + k * 4 + r / 4] |= (v >> 4 & 0x03) << (2 * (r % 4));
                }
            }
        }
        SubScales::Int8 => {
            for k in 0..groups {
                for (r, row) in sub.iter().enumerate() {
                    body[k * 16 + r] = row[k];
                }
            }
        }
        SubScales::FourBit => {
            for k in 0..groups {
                for (r, row) in sub.iter().enumerate() {
                    body[k * 8 + r / 2] |= (row[k] & 0x0F) << (4 * (r % 2));
                }
            }
        }
        SubScales::E8M0 => {}
    }
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

/// MXFP4: the table's value with the exponent's scale (see `table_codes::mxfp4`).
fn mxfp4(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    scales[0] = weight_format::e8m0_half(b[0]);
    for (i, c) in codes.iter_mut().enumerate() {
        *c = weight_format::E2M1_VALUES[super::table_codes::index(&b[1..17], i)];
    }
}

/// IQ4_NL: the table's value with the block's f16 scale (see `table_codes::iq4_nl`).
fn iq4_nl(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    scales[0] = f16_at(b, 0);
    for (i, c) in codes.iter_mut().enumerate() {
        *c = weight_format::NL4_VALUES[super::table_codes::index(&b[2..18], i)];
    }
}

/// IQ4_XS: the table's value with the group's `d * (sc - 32)` (see `table_codes::iq4_xs`).
fn iq4_xs(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    for (j, (sub, s)) in codes
        .chunks_exact_mut(32)
        .zip(scales.iter_mut())
        .enumerate()
    {
        *s = super::table_codes::iq4_xs_scale(b, j);
        let qs = &b[8 + 16 * j..][..16];
        for (i, c) in sub.iter_mut().enumerate() {
            *c = weight_format::NL4_VALUES[super::table_codes::index(qs, i)];
        }
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

/// Q2_K: `(d * sc) * q - dmin * m` is `scale * q + min` with `min = -(dmin * m)`.
fn q2_k(b: &[u8], codes: &mut [i8], scales: &mut [f32], mins: &mut [f32]) {
    for (j, (s, m)) in scales.iter_mut().zip(mins.iter_mut()).enumerate() {
        let (dl, ml) = super::k_quants::q2_k_affine(b, j);
        *s = dl;
        *m = -ml;
    }
    for (e, c) in codes.iter_mut().enumerate() {
        *c = super::k_quants::two_bits(&b[16..80], e) as i8;
    }
}

fn q3_k(b: &[u8], codes: &mut [i8], scales: &mut [f32], _: &mut [f32]) {
    for (j, s) in scales.iter_mut().enumerate() {
        *s = super::k_quants::q3_k_scale(b, j);
    }
    for (e, c) in codes.iter_mut().enumerate() {
        *c = super::k_quants::q3_code(b, e);
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
        for ty in [
            Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K, MXFP4, IQ4_NL, IQ4_XS, Q2_K, Q3_K,
        ] {
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
    fn compact_layouts_keep_the_files_bits() {
        use GgmlType::*;
        for ty in [
            Q4_K, Q5_K, Q6_K, Q5_0, Q5_1, MXFP4, IQ4_NL, IQ4_XS, Q2_K, Q3_K,
        ] {
            let l = compact_layout(ty).unwrap();
            let per_block = l.sub_scales.map_or(1, SubScales::groups_per_block);
            let block = l.group * per_block;
            // Bytes per `block` elements of 16 rows: codes, one factor (two with mins) per row
            // and the packed sub-scales, or the per-group maps.
            let maps = match l.sub_scales {
                Some(s) => s.block_bytes() * (1 + usize::from(l.min.is_some())),
                None => 16 * per_block * 2 * (1 + usize::from(l.min.is_some())),
            };
            let stored = 16 * block * l.code.bits() / 8 + maps;
            let file = 16 * ty.type_size() as usize * block / ty.block_size() as usize;
            assert_eq!(stored, file, "{ty}");
        }
        for ty in [Q8_0, Q4_0, Q4_1, F16] {
            assert!(compact_layout(ty).is_none(), "{ty}");
        }
    }

    /// The super-block fields give back the reference's scales and mins exactly.
    #[test]
    fn super_block_fields_rebuild_the_maps() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for ty in [
            GgmlType::Q4_K,
            GgmlType::Q5_K,
            GgmlType::Q6_K,
            GgmlType::IQ4_XS,
            GgmlType::Q2_K,
            GgmlType::Q3_K,
        ] {
            let size = ty.type_size() as usize;
            let mut bytes: Vec<u8> = (0..size * 3).map(|_| next() as u8).collect();
            // Finite f16 factors.
            for b in bytes.chunks_exact_mut(size) {
                let at = match ty {
                    GgmlType::Q6_K => 208,
                    GgmlType::Q2_K => 80,
                    GgmlType::Q3_K => 108,
                    _ => 0,
                };
                b[at..at + 2].copy_from_slice(&half::f16::from_f32(0.01).to_le_bytes());
                if matches!(ty, GgmlType::Q4_K | GgmlType::Q5_K | GgmlType::Q2_K) {
                    b[at + 2..at + 4].copy_from_slice(&half::f16::from_f32(0.002).to_le_bytes());
                }
            }
            let g = split_groups(ty, &bytes, 3 * 256).unwrap();
            let sb = g.super_blocks.as_ref().unwrap();
            let per = 256 / g.layout.group;
            for (i, &scale) in g.scales.iter().enumerate() {
                let d = half::f16::from_bits(sb.d[i / per]).to_f32();
                let sc = match ty {
                    GgmlType::Q6_K => f32::from(sb.sub_scales[i] as i8),
                    GgmlType::IQ4_XS | GgmlType::Q3_K => f32::from(sb.sub_scales[i] as i8 - 32),
                    _ => f32::from(sb.sub_scales[i]),
                };
                assert_eq!((d * sc).to_bits(), scale.to_bits(), "{ty} group {i}");
                if let Some(&min) = g.mins.get(i) {
                    let dmin = half::f16::from_bits(sb.dmin[i / per]).to_f32();
                    let m = -(dmin * f32::from(sb.sub_mins[i]));
                    assert_eq!(m.to_bits(), min.to_bits(), "{ty} group {i}");
                }
            }
        }
    }

    /// MXFP4's exponent bytes give back the group scales exactly, and its codes are table
    /// values whose indices the compact form stores.
    #[test]
    fn exponent_bytes_rebuild_the_scales() {
        let size = GgmlType::MXFP4.type_size() as usize;
        let bytes: Vec<u8> = (0..size * 256).map(|i| (i * 37 % 256) as u8).collect();
        let g = split_groups(GgmlType::MXFP4, &bytes, 256 * 32).unwrap();
        let sb = g.super_blocks.as_ref().unwrap();
        assert!(sb.d.is_empty() && g.mins.is_empty());
        assert_eq!(sb.sub_scales.len(), g.scales.len());
        for (i, (&e, &scale)) in sb.sub_scales.iter().zip(&g.scales).enumerate() {
            assert_eq!(e, bytes[i * size]);
            assert_eq!(SubScales::E8M0.scale(0.0, e).to_bits(), scale.to_bits());
        }
        let code = compact_layout(GgmlType::MXFP4).unwrap().code;
        for (i, &q) in g.codes.iter().enumerate() {
            let index = code.stored(q).unwrap();
            assert_eq!(code.table().unwrap()[usize::from(index)], q, "{i}");
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
