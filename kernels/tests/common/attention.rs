//! The attention kernels' entry points, one per cache type, and the caches' stored values,
//! for the attention tests and the decode bench (shared by path: only those use them).

use kernels::{
    decode_attention_sinks_symbol, decode_attention_symbol, prefill_attention_sinks_symbol,
    prefill_attention_symbol, KvType,
};

/// The entry point `name` in the object this CPU runs.
fn linked(name: &str) -> unsafe extern "C" fn() {
    kernels::linked_entry(name).unwrap_or_else(|| panic!("no test entry for {name}"))
}

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

pub fn sinks_entry(kv: KvType) -> SinksEntry {
    // SAFETY: every entry of this family takes exactly these arguments (`c/decode_attention.c`).
    unsafe {
        std::mem::transmute::<unsafe extern "C" fn(), SinksEntry>(linked(
            decode_attention_sinks_symbol(kv),
        ))
    }
}

pub fn entry(kv: KvType) -> Entry {
    // SAFETY: every entry of this family takes exactly these arguments (`c/decode_attention.c`).
    unsafe {
        std::mem::transmute::<unsafe extern "C" fn(), Entry>(linked(decode_attention_symbol(kv)))
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

pub fn prefill_entry(kv: KvType) -> PrefillEntry {
    // SAFETY: every entry of this family takes exactly these arguments (`c/prefill_attention.c`).
    unsafe {
        std::mem::transmute::<unsafe extern "C" fn(), PrefillEntry>(linked(
            prefill_attention_symbol(kv),
        ))
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

pub fn prefill_sinks_entry(kv: KvType) -> PrefillSinksEntry {
    // SAFETY: every entry of this family takes exactly these arguments (`c/prefill_attention.c`).
    unsafe {
        std::mem::transmute::<unsafe extern "C" fn(), PrefillSinksEntry>(linked(
            prefill_attention_sinks_symbol(kv),
        ))
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
