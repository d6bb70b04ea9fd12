// Attention of one prefill chunk over its slot's cache, for IREE's CPU executables: the
// prefill counterpart of decode_attention.c.
//
// Token t of the chunk sits at position pos[t] of the slot and attends positions
// 0..=min(pos[t], W - 1) (W: the positions the step reads; the cache already holds the
// chunk's own K and V). The graph's form builds, per kv head, the scores of every (query
// head, token) pair over the whole window as one [group * T, W] f32 matrix, masks, softmaxes
// and multiplies it by the values; at long windows IREE keeps several of those matrices
// alive at once (their size grows with the window: 512 x 8192 f32 is 16 MiB per query head).
// Here nothing the size of the window is written: each workgroup takes one kv head and a
// block of tokens, i.e. the group's query heads times those tokens (its queries), and walks
// the positions in blocks of 64 with a running (online) softmax per query, as the decode
// kernel does for its single token.
//
// Each key block is a small GEMM on both sides, register-blocked so that one load of keys or
// values serves several queries:
// - scores: 4 queries x 64 positions in 16 accumulators; per head dimension, four vector
//   loads of keys and four broadcast query values feed 16 FMAs;
// - values: 4 queries x 64 output dimensions in 16 accumulators; per position, four vector
//   loads of values and four broadcast weights feed 16 FMAs.
// Keys and values are first copied, 64 head dimensions at a time, into a contiguous f32
// slice on the stack (16 KiB), which every register block then reads from L1. Read in place
// they are not cached between register blocks: a block's key rows lie C elements apart, a
// power of two of at least 4 KiB, so all 64 rows fall into the same few cache sets (the
// value rows, Hkv * D elements apart, likewise), and each register block fetched them again
// from L3 or memory. Measured on one Zen 4 core at the Llama-3.2-1B shape (32 x 8 heads of
// 64, a 512-token chunk at positions 1536..2047 or 7488..7999, f32 cache, the machine's other
// core busy): about 18 GFLOP/s in place, 80 GFLOP/s with the copies; with the queries
// (scaled, one contiguous row each) and running outputs on the stack too, everything a
// register block touches stays in L1 and L2.
// The copies also widen f16 and bf16 once per block instead of once per register block.
//
// Each key and value element is read from memory once per workgroup: the more queries a
// workgroup takes, the less the cache is streamed. The stack buffer (PF_FLOATS floats, 44
// KiB) holds the slice and, per query, its scaled query, running output and one block's
// weights, which bounds the tokens per workgroup (`kernels::prefill_attention_tokens` gives
// the count the graph uses). Blocks past the last position any of the workgroup's queries
// sees are not read, and register blocks whose queries all end before a key block skip it,
// so the causal triangle's upper half costs nothing.
//
// q and the output are `[H * D, T]` f32 (the graph's layout: tokens innermost). pos is read
// as T i32 (the first T entries of the graph's `[1, group * T]` query positions); slot is one
// i32 on the device, clamped to the cache's slots. exp is the decode kernel's polynomial.
// Bare-metal C like grouped_matmul.c (see grouped.h).

#include "attention.h"

#define PF_KEYS KEY_BLOCK
#define PF_KVECS (PF_KEYS / 16)
#define PF_QR 4
#define PF_SLICE 64
#define PF_MAX_HEAD_DIM 256
#define PF_MAX_GROUP 16
#define PF_MAX_QUERIES 64
#define PF_FLOATS 11264

// Copies rows d0 .. d0 + dn of a key block (n positions from keys; row d at keys + d * C
// elements) into pack[r * PF_KEYS + 0..64) as f32, zero past n. The next block's rows
// (next_keys, when there is one) are fetched meanwhile.
INLINE void pf_pack_keys(enum kv kv, const uint8_t* keys, const uint8_t* next_keys, size_t elem,
                         size_t C, size_t d0, size_t dn, size_t n, float* pack) {
    __mmask16 live[PF_KVECS];
    for (size_t v = 0; v < PF_KVECS; ++v) live[v] = lanes(n, v);
    for (size_t r = 0; r < dn; ++r) {
        const uint8_t* row = keys + (d0 + r) * C * elem;
        for (size_t v = 0; v < PF_KVECS; ++v)
            _mm512_store_ps(pack + r * PF_KEYS + v * 16, load_kv(kv, row + v * 16 * elem, live[v]));
        if (next_keys) prefetch(next_keys + (d0 + r) * C * elem, PF_KEYS * elem);
    }
}

// Copies dimensions d0 .. d0 + dn of the block's n value rows (row t at values + t * stride
// bytes) into pack[t * PF_SLICE + 0..dn) as f32; the next block's rows are fetched meanwhile.
INLINE void pf_pack_values(enum kv kv, const uint8_t* values, const uint8_t* next_values,
                           size_t stride, size_t elem, size_t d0, size_t dn, size_t n,
                           float* pack) {
    for (size_t t = 0; t < n; ++t) {
        const uint8_t* row = values + t * stride + d0 * elem;
        for (size_t v = 0; v < dn / 16; ++v)
            _mm512_store_ps(pack + t * PF_SLICE + v * 16, load_kv(kv, row + v * 16 * elem, 0xFFFF));
        if (next_values) prefetch(next_values + t * stride + d0 * elem, dn * elem);
    }
}

// Adds the products of dimensions d0 .. d0 + dn to the scores of 4 queries (scaled queries at
// qs + i * D, scores at s + i * PF_KEYS) over a block of packed keys; the first slice starts
// them from zero.
INLINE void pf_scores(const float* qs, size_t D, const float* pack, size_t d0, size_t dn,
                      float* s) {
    __m512 acc[PF_QR][PF_KVECS];
    for (size_t i = 0; i < PF_QR; ++i)
        for (size_t v = 0; v < PF_KVECS; ++v)
            acc[i][v] = d0 ? _mm512_load_ps(s + i * PF_KEYS + v * 16) : _mm512_setzero_ps();
    const float* q = qs + d0;
    for (size_t r = 0; r < dn; ++r) {
        __m512 k[PF_KVECS];
        for (size_t v = 0; v < PF_KVECS; ++v) k[v] = _mm512_load_ps(pack + r * PF_KEYS + v * 16);
        for (size_t i = 0; i < PF_QR; ++i) {
            const __m512 qd = _mm512_set1_ps(q[i * D + r]);
            for (size_t v = 0; v < PF_KVECS; ++v) acc[i][v] = _mm512_fmadd_ps(k[v], qd, acc[i][v]);
        }
    }
    for (size_t i = 0; i < PF_QR; ++i)
        for (size_t v = 0; v < PF_KVECS; ++v) _mm512_store_ps(s + i * PF_KEYS + v * 16, acc[i][v]);
}

// o[i][0 .. 16 * DV) += sum over the block's n positions of w[i][t] * packed value row t, for
// the 4 queries of a register block (output rows D apart, weight rows PF_KEYS apart). DV is
// a constant at every call, so the accumulators stay in registers.
INLINE void pf_values(const float* w, const float* pack, size_t D, size_t n, size_t DV,
                      float* o) {
    __m512 acc[PF_QR][PF_SLICE / 16];
    for (size_t i = 0; i < PF_QR; ++i)
        for (size_t v = 0; v < DV; ++v) acc[i][v] = _mm512_load_ps(o + i * D + v * 16);
    for (size_t t = 0; t < n; ++t) {
        __m512 vr[PF_SLICE / 16];
        for (size_t v = 0; v < DV; ++v) vr[v] = _mm512_load_ps(pack + t * PF_SLICE + v * 16);
        for (size_t i = 0; i < PF_QR; ++i) {
            const __m512 wt = _mm512_set1_ps(w[i * PF_KEYS + t]);
            for (size_t v = 0; v < DV; ++v) acc[i][v] = _mm512_fmadd_ps(vr[v], wt, acc[i][v]);
        }
    }
    for (size_t i = 0; i < PF_QR; ++i)
        for (size_t v = 0; v < DV; ++v) _mm512_store_ps(o + i * D + v * 16, acc[i][v]);
}

// Whether any of the 4 queries from j0 sees a position at or past k0.
INLINE int pf_reaches(const size_t* seen, size_t j0, size_t k0) {
    for (size_t i = 0; i < PF_QR; ++i)
        if (seen[j0 + i] > k0) return 1;
    return 0;
}

INLINE void prefill_attention(enum kv kv, const float* q, const uint8_t* k_cache,
                              const uint8_t* v_cache, const int32_t* pos,
                              const int32_t* slot_index, const float* sinks, float* out,
                              size_t T, size_t H,
                              size_t Hkv, size_t D, size_t C, size_t W, size_t slots, size_t TB,
                              float scale, size_t workgroup) {
    if (T == 0 || Hkv == 0 || TB == 0 || slots == 0 || H % Hkv != 0) return;
    const size_t G = H / Hkv, blocks = (T + TB - 1) / TB;
    if (workgroup >= Hkv * blocks || D == 0 || D % 16 != 0 || D > PF_MAX_HEAD_DIM || G == 0 ||
        G > PF_MAX_GROUP)
        return;
    const size_t queries = G * TB, padded = (queries + PF_QR - 1) / PF_QR * PF_QR;
    if (padded > PF_MAX_QUERIES || PF_SLICE * PF_KEYS + padded * (2 * D + PF_KEYS) > PF_FLOATS)
        return;
    const size_t h = workgroup / blocks;
    // The chunk's last tokens see the most positions: their workgroups come first, so that
    // the short ones fill in at the end.
    const size_t t0 = (blocks - 1 - workgroup % blocks) * TB;
    const size_t nt = T - t0 < TB ? T - t0 : TB;
    const int32_t slot_value = *slot_index;
    const size_t slot = slot_value < 0                 ? 0
                        : (size_t)slot_value >= slots ? slots - 1
                                                       : (size_t)slot_value;
    const size_t elem = kv == KV_F32 ? 4 : 2;

    // Query j is head h * G + j / TB at token t0 + j % TB; queries past the block's tokens
    // (and the padding up to a multiple of PF_QR) are zero and see no positions.
    float buf[PF_FLOATS] __attribute__((aligned(64)));
    float* pack = buf;                      // one slice of keys or values, f32
    float* qs = pack + PF_SLICE * PF_KEYS;  // [padded][D]: scaled queries
    float* o = qs + padded * D;             // [padded][D]: running outputs
    float* s = o + padded * D;              // [padded][PF_KEYS]: the block's scores, weights
    size_t seen[PF_MAX_QUERIES];            // positions query j sees
    float maxes[PF_MAX_QUERIES], sums[PF_MAX_QUERIES];
    size_t span = 0;
    for (size_t j = 0; j < padded; ++j) {
        const size_t g = j / TB, t = j % TB;
        const int live = j < queries && t < nt;
        const int32_t p = live ? pos[t0 + t] : -1;
        seen[j] = p < 0 ? 0 : (size_t)p + 1 < W ? (size_t)p + 1 : W;
        if (seen[j] > span) span = seen[j];
        const float* qj = live ? q + ((h * G + g) * D) * T + t0 + t : NULL;
        for (size_t d = 0; d < D; ++d) {
            qs[j * D + d] = qj ? qj[d * T] * scale : 0.0f;
            o[j * D + d] = 0.0f;
        }
        // With sinks (gpt-oss), each query's softmax starts from its head's sink, a score
        // without a value, as in the decode kernel.
        maxes[j] = sinks && live ? sinks[h * G + g] : -__builtin_inff();
        sums[j] = sinks && live ? 1.0f : 0.0f;
    }
    const uint8_t* kb = k_cache + (slot * Hkv + h) * D * C * elem;
    const size_t stride = Hkv * D * elem;  // bytes between positions of the values
    const uint8_t* vb = v_cache + (slot * C * Hkv + h) * D * elem;
    for (size_t k0 = 0; k0 < span; k0 += PF_KEYS) {
        const size_t n = span - k0 < PF_KEYS ? span - k0 : PF_KEYS;
        const int more = k0 + PF_KEYS < span;
        const uint8_t* next_keys = more ? kb + (k0 + PF_KEYS) * elem : NULL;
        const uint8_t* next_values = more ? vb + (k0 + PF_KEYS) * stride : NULL;
        for (size_t d0 = 0; d0 < D; d0 += PF_SLICE) {
            const size_t dn = D - d0 < PF_SLICE ? D - d0 : PF_SLICE;
            pf_pack_keys(kv, kb + k0 * elem, next_keys, elem, C, d0, dn, n, pack);
            for (size_t j0 = 0; j0 < padded; j0 += PF_QR)
                if (pf_reaches(seen, j0, k0))
                    pf_scores(qs + j0 * D, D, pack, d0, dn, s + j0 * PF_KEYS);
        }
        for (size_t j = 0; j < padded; ++j) {
            if (seen[j] <= k0) continue;
            const size_t m = seen[j] - k0 < n ? seen[j] - k0 : n;
            softmax_fold(s + j * PF_KEYS, s + j * PF_KEYS, m, D, &maxes[j], &sums[j], o + j * D);
        }
        // A query that sees none of the block gets zero weights in a register block with
        // others that do.
        for (size_t j = 0; j < padded; ++j)
            if (seen[j] <= k0 && pf_reaches(seen, j / PF_QR * PF_QR, k0))
                for (size_t v = 0; v < PF_KVECS; ++v)
                    _mm512_store_ps(s + j * PF_KEYS + v * 16, _mm512_setzero_ps());
        for (size_t d0 = 0; d0 < D; d0 += PF_SLICE) {
            const size_t dn = D - d0 < PF_SLICE ? D - d0 : PF_SLICE;
            pf_pack_values(kv, vb + k0 * stride, next_values, stride, elem, d0, dn, n, pack);
            for (size_t j0 = 0; j0 < padded; j0 += PF_QR) {
                if (!pf_reaches(seen, j0, k0)) continue;
                const float* w = s + j0 * PF_KEYS;
                float* oj = o + j0 * D + d0;
                switch (dn / 16) {
                case 4:
                    pf_values(w, pack, D, n, 4, oj);
                    break;
                case 3:
                    pf_values(w, pack, D, n, 3, oj);
                    break;
                case 2:
                    pf_values(w, pack, D, n, 2, oj);
                    break;
                default:
                    pf_values(w, pack, D, n, 1, oj);
                    break;
                }
            }
        }
    }
    for (size_t j = 0; j < queries; ++j) {
        const size_t g = j / TB, t = j % TB;
        if (t >= nt) continue;
        const float inv = sums[j] > 0.0f ? 1.0f / sums[j] : 0.0f;
        float* dst = out + ((h * G + g) * D) * T + t0 + t;
        for (size_t d = 0; d < D; ++d) dst[d * T] = o[j * D + d] * inv;
    }
}

// Entry points per cache type: q, k cache, v cache, pos, slot and out as base pointer and
// byte offset; then T, H, Hkv, D, C (positions per slot in the cache), W (positions read),
// the cache's slots (scratch included), tokens per workgroup, the score scale as the bits of
// an f32, and the workgroup id (one per kv head and block of tokens).
#define PREFILL_ATTENTION(name, kv)                                                          \
    LLM_EXPORT void name(                                        \
        const uint8_t* q, size_t q_offset, const uint8_t* k, size_t k_offset,               \
        const uint8_t* v, size_t v_offset, const uint8_t* pos, size_t pos_offset,           \
        const uint8_t* slot, size_t slot_offset, uint8_t* out, size_t out_offset, size_t T, \
        size_t H, size_t Hkv, size_t D, size_t C, size_t W, size_t slots, size_t TB,        \
        size_t scale_bits, size_t workgroup) {                                              \
        union {                                                                             \
            uint32_t bits;                                                                  \
            float value;                                                                    \
        } scale = {(uint32_t)scale_bits};                                                   \
        prefill_attention(kv, (const float*)(q + q_offset), k + k_offset, v + v_offset,     \
                          (const int32_t*)(pos + pos_offset),                               \
                          (const int32_t*)(slot + slot_offset), NULL,                       \
                          (float*)(out + out_offset), T, H, Hkv, D, C, W, slots, TB,        \
                          scale.value, workgroup);                                          \
    }

// The same with the sinks (`[H]` f32) as one more binding after the slot.
#define PREFILL_ATTENTION_SINKS(name, kv)                                                    \
    LLM_EXPORT void name(                                        \
        const uint8_t* q, size_t q_offset, const uint8_t* k, size_t k_offset,               \
        const uint8_t* v, size_t v_offset, const uint8_t* pos, size_t pos_offset,           \
        const uint8_t* slot, size_t slot_offset, const uint8_t* sinks, size_t sinks_offset, \
        uint8_t* out, size_t out_offset, size_t T, size_t H, size_t Hkv, size_t D, size_t C, \
        size_t W, size_t slots, size_t TB, size_t scale_bits, size_t workgroup) {           \
        union {                                                                             \
            uint32_t bits;                                                                  \
            float value;                                                                    \
        } scale = {(uint32_t)scale_bits};                                                   \
        prefill_attention(kv, (const float*)(q + q_offset), k + k_offset, v + v_offset,     \
                          (const int32_t*)(pos + pos_offset),                               \
                          (const int32_t*)(slot + slot_offset),                             \
                          (const float*)(sinks + sinks_offset), (float*)(out + out_offset), \
                          T, H, Hkv, D, C, W, slots, TB, scale.value, workgroup);           \
    }

PREFILL_ATTENTION(llm_prefill_attention_f32, KV_F32)
PREFILL_ATTENTION(llm_prefill_attention_f16, KV_F16)
PREFILL_ATTENTION(llm_prefill_attention_bf16, KV_BF16)
PREFILL_ATTENTION_SINKS(llm_prefill_attention_sinks_f32, KV_F32)
PREFILL_ATTENTION_SINKS(llm_prefill_attention_sinks_f16, KV_F16)
PREFILL_ATTENTION_SINKS(llm_prefill_attention_sinks_bf16, KV_BF16)
