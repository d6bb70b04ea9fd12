//! The attention kernels' entry points, one per cache type, and the caches' stored values,
//! for the attention tests and the decode bench (shared by path: only those use them).

use kernels::{
    decode_attention_sinks_symbol, decode_attention_symbol, prefill_attention_sinks_symbol,
    prefill_attention_symbol, KvType,
};

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

/// Declares entry points of one signature (the parenthesised parameter list), one per name.
macro_rules! kernels {
    ($params:tt; $($name:ident),*) => {
        $(kernels!(@one $name $params);)*
    };
    (@one $name:ident ($($param:tt)*)) => {
        extern "C" {
            fn $name($($param)*);
        }
    };
}

kernels!(
    (
        q: *const u8, qo: usize, k: *const u8, ko: usize, v: *const u8, vo: usize,
        pos: *const u8, po: usize, out: *mut u8, oo: usize, b: usize, h: usize,
        hkv: usize, d: usize, c: usize, w: usize, q_cols: usize, scale: usize, wg: usize,
    );
    llm_decode_attention_f32,
    llm_decode_attention_f16,
    llm_decode_attention_bf16
);

/// [`Entry`] with the sinks (pointer and byte offset) after pos.
pub type SinksEntry = unsafe extern "C" fn(
    *const u8,
    usize,
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

kernels!(
    (
        q: *const u8, qo: usize, k: *const u8, ko: usize, v: *const u8, vo: usize,
        pos: *const u8, po: usize, sinks: *const u8, so: usize, out: *mut u8, oo: usize,
        b: usize, h: usize, hkv: usize, d: usize, c: usize, w: usize, q_cols: usize,
        scale: usize, wg: usize,
    );
    llm_decode_attention_sinks_f32,
    llm_decode_attention_sinks_f16,
    llm_decode_attention_sinks_bf16
);

pub fn sinks_entry(kv: KvType) -> SinksEntry {
    match decode_attention_sinks_symbol(kv) {
        "llm_decode_attention_sinks_f32" => llm_decode_attention_sinks_f32,
        "llm_decode_attention_sinks_f16" => llm_decode_attention_sinks_f16,
        "llm_decode_attention_sinks_bf16" => llm_decode_attention_sinks_bf16,
        other => panic!("no test entry for {other}"),
    }
}

pub fn entry(kv: KvType) -> Entry {
    match decode_attention_symbol(kv) {
        "llm_decode_attention_f32" => llm_decode_attention_f32,
        "llm_decode_attention_f16" => llm_decode_attention_f16,
        "llm_decode_attention_bf16" => llm_decode_attention_bf16,
        other => panic!("no test entry for {other}"),
    }
}

/// q, k cache, v cache, pos, slot and out as pointer and byte offset; then T, H, Hkv, D, C,
/// W, slots, tokens per workgroup, the score scale's f32 bits and the workgroup (see
/// `c/prefill_attention.c`).
pub type PrefillEntry = unsafe extern "C" fn(
    *const u8,
    usize,
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
    usize,
);

kernels!(
    (
        q: *const u8, qo: usize, k: *const u8, ko: usize, v: *const u8, vo: usize,
        pos: *const u8, po: usize, slot: *const u8, so: usize, out: *mut u8, oo: usize,
        t: usize, h: usize, hkv: usize, d: usize, c: usize, w: usize, slots: usize,
        tb: usize, scale: usize, wg: usize,
    );
    llm_prefill_attention_f32,
    llm_prefill_attention_f16,
    llm_prefill_attention_bf16
);

pub fn prefill_entry(kv: KvType) -> PrefillEntry {
    match prefill_attention_symbol(kv) {
        "llm_prefill_attention_f32" => llm_prefill_attention_f32,
        "llm_prefill_attention_f16" => llm_prefill_attention_f16,
        "llm_prefill_attention_bf16" => llm_prefill_attention_bf16,
        other => panic!("no test entry for {other}"),
    }
}

/// [`PrefillEntry`] with the sinks (pointer and byte offset) after the slot.
pub type PrefillSinksEntry = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
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
    usize,
);

kernels!(
    (
        q: *const u8, qo: usize, k: *const u8, ko: usize, v: *const u8, vo: usize,
        pos: *const u8, po: usize, slot: *const u8, so: usize, sinks: *const u8, sio: usize,
        out: *mut u8, oo: usize, t: usize, h: usize, hkv: usize, d: usize, c: usize, w: usize,
        slots: usize, tb: usize, scale: usize, wg: usize,
    );
    llm_prefill_attention_sinks_f32,
    llm_prefill_attention_sinks_f16,
    llm_prefill_attention_sinks_bf16
);

pub fn prefill_sinks_entry(kv: KvType) -> PrefillSinksEntry {
    match prefill_attention_sinks_symbol(kv) {
        "llm_prefill_attention_sinks_f32" => llm_prefill_attention_sinks_f32,
        "llm_prefill_attention_sinks_f16" => llm_prefill_attention_sinks_f16,
        "llm_prefill_attention_sinks_bf16" => llm_prefill_attention_sinks_bf16,
        other => panic!("no test entry for {other}"),
    }
}

/// A cache value as stored, and its value as read back.
pub fn stored(v: f32, kv: KvType) -> (Vec<u8>, f32) {
    match kv {
        KvType::F32 => (v.to_le_bytes().to_vec(), v),
        KvType::F16 => {
            let h = half::f16::from_f32(v);
            (h.to_le_bytes().to_vec(), h.to_f32())
        }
        KvType::Bf16 => {
            let h = half::bf16::from_f32(v);
            (h.to_le_bytes().to_vec(), h.to_f32())
        }
    }
}
