//! The decode attention kernel's entry points, one per cache type, for the test and the
//! bench (shared by path: only those two use them).

use kernels::{decode_attention_symbol, KvType};

/// q, k cache, v cache, pos and out as pointer and byte offset; then B, H, Hkv, D, C, W, Q,
/// the score scale's f32 bits and the workgroup (see `c/decode_attention.c`).
pub type Entry = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *mut u8,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
);

/// Declares the entry points, one per cache type, all of one signature.
macro_rules! attention_kernels {
    ($($name:ident),*) => {
        extern "C" {
            $(fn $name(
                q: *const u8, qo: usize, k: *const u8, ko: usize, v: *const u8, vo: usize,
                pos: *const u8, po: usize, out: *mut u8, oo: usize, b: usize, h: usize,
                hkv: usize, d: usize, c: usize, w: usize, q_cols: usize, scale: usize, wg: usize,
            );)*
        }
    };
}

attention_kernels!(
    llm_decode_attention_f32,
    llm_decode_attention_f16,
    llm_decode_attention_bf16
);

pub fn entry(kv: KvType) -> Entry {
    match decode_attention_symbol(kv) {
        "llm_decode_attention_f32" => llm_decode_attention_f32,
        "llm_decode_attention_f16" => llm_decode_attention_f16,
        "llm_decode_attention_bf16" => llm_decode_attention_bf16,
        other => panic!("no test entry for {other}"),
    }
}
