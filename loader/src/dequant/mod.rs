//! GGUF tensor encodings -> f32, matching gguf-py's reference dequantization bit for bit.
//!
//! Bit-exactness comes from doing the same f32 operations in the same order as the reference
//! (e.g. `(d * sc) * q - dmin * m`, never a fused multiply-add), so results can be compared with
//! `==` against fixtures produced by gguf-py.

mod block32;
mod float;
mod groups;
mod k_quants;
mod table_codes;

pub use groups::{
    compact_layout, group_layout, pack_high_bit_codes, pack_super_block_maps, pack_three_bit_codes,
    split_groups, Groups, SuperBlocks,
};
pub use weight_format::{Code, GroupLayout, SubScales};

use gguf::GgmlType;
use rayon::prelude::*;

/// Decodes one block of `block_size` elements from `type_size` bytes.
type BlockFn = fn(&[u8], &mut [f32]);

/// Blocks handed to one rayon task: big enough to amortise scheduling, small enough to balance.
const BLOCKS_PER_TASK: usize = 4096;

#[derive(Debug, thiserror::Error)]
pub enum DequantError {
    #[error("dequantizing {0} is not supported")]
    Unsupported(GgmlType),
    #[error("{ty}: {bytes} bytes cannot hold {elements} elements")]
    SizeMismatch {
        ty: GgmlType,
        bytes: usize,
        elements: usize,
    },
}

/// Types [`dequantize`] accepts.
pub fn is_supported(ty: GgmlType) -> bool {
    block_fn(ty).is_some()
}

fn block_fn(ty: GgmlType) -> Option<BlockFn> {
    use GgmlType::*;
    Some(match ty {
        F32 => float::f32_block,
        F16 => float::f16_block,
        BF16 => float::bf16_block,
        Q8_0 => block32::q8_0,
        Q4_0 => block32::q4_0,
        Q4_1 => block32::q4_1,
        Q5_0 => block32::q5_0,
        Q5_1 => block32::q5_1,
        Q4_K => k_quants::q4_k,
        Q5_K => k_quants::q5_k,
        Q6_K => k_quants::q6_k,
        Q2_K => k_quants::q2_k,
        Q3_K => k_quants::q3_k,
        MXFP4 => table_codes::mxfp4,
        IQ4_NL => table_codes::iq4_nl,
        IQ4_XS => table_codes::iq4_xs,
        _ => return None,
    })
}

/// Decodes `bytes` (ggml encoding of `out.len()` elements) into `out`, in parallel.
pub fn dequantize(ty: GgmlType, bytes: &[u8], out: &mut [f32]) -> Result<(), DequantError> {
    let decode = block_fn(ty).ok_or(DequantError::Unsupported(ty))?;
    let expected = ty.bytes_for(out.len() as u64);
    if expected != Some(bytes.len() as u64) {
        return Err(DequantError::SizeMismatch {
            ty,
            bytes: bytes.len(),
            elements: out.len(),
        });
    }
    let (block, size) = (ty.block_size() as usize, ty.type_size() as usize);
    bytes
        .par_chunks(size * BLOCKS_PER_TASK)
        .zip(out.par_chunks_mut(block * BLOCKS_PER_TASK))
        .for_each(|(src, dst)| {
            src.chunks_exact(size)
                .zip(dst.chunks_exact_mut(block))
                .for_each(|(s, d)| decode(s, d));
        });
    Ok(())
}

/// Convenience for tests and small tensors.
pub fn dequantize_to_vec(ty: GgmlType, bytes: &[u8], n: usize) -> Result<Vec<f32>, DequantError> {
    let mut out = vec![0.0; n];
    dequantize(ty, bytes, &mut out)?;
    Ok(out)
}

pub(crate) fn f16_at(bytes: &[u8], at: usize) -> f32 {
    half::f16::from_le_bytes([bytes[at], bytes[at + 1]]).to_f32()
}
