// Attention of one decode step over a slot's cache, for IREE's CPU executables.
//
// Row b of a decode batch is a token at position pos[b] of slot b; it attends positions
// 0..=pos[b] of its slot (and of the window W the graph reads). The graph's form computes
// scores over all W positions of a window bucket and masks the rest, in six small matmul
// dispatches per layer; here one dispatch reads only the live positions: each workgroup takes
// one (row, kv head) pair and its query heads, and keeps a running (online) softmax over
// blocks of 64 positions: scores, the block's maximum, exp(s - max) and the weighted values,
// with earlier blocks rescaled when the maximum grows. exp is a degree-7 polynomial after
// range reduction (about 1e-7 relative), the only arithmetic that differs from the
// reference's beyond summation order.
//
// Keys are `[slots, Hkv, D, C]` (positions innermost; the cache's own slots and positions,
// scratch included), so a block's scores are plain
// vector products: each of D rows gives 64 contiguous positions, multiplied by one query
// value per head, with no sums across lanes; values are `[slots, C, Hkv, D]`, a block's
// weighted sum one row of D per position. Both in f32, f16 or bf16. Query heads run four at a
// time in registers (a group of 3 pads to 4 with zero queries). q and the output are
// `[H * D, B]` f32; pos `[B, Q]` i32 (column 0 is the row's position; negative marks a padding
// row, whose output is zeros). With sinks (gpt-oss: one logit per query head, `[H]` f32), each
// head's softmax starts from its sink as a score without a value: the running maximum is the
// sink and the sum exp(sink - sink) = 1, so the sink takes its share of the weight. Bare-metal
// C like grouped_matmul.c (see grouped.h).

#include "attention.h"

#define BLOCK KEY_BLOCK
#define VECS (BLOCK / 16)
#define HEADS 4
#define MAX_HEAD_DIM 512
#define MAX_GROUP 16
// The group's query and accumulator rows share one bound: 16 heads of 256 values, or 8 of
// 512 (Gemma 4's global layers), 16 KiB of stack each.
#define MAX_QUERY_FLOATS (16 * 256)

// Scores of query heads g0..g0+3 over the block's n positions starting at keys (row d of
// the head's keys at keys + d * C elements), into s[g][0..64). The rows of the next block
// (next_keys, when there is one) are fetched meanwhile.
INLINE void block_scores(enum kv kv, const float* qs, const uint8_t* keys,
                         const uint8_t* next_keys, size_t elem, size_t C, size_t D, size_t n,
                         size_t g0, float (*s)[BLOCK]) {
    __mmask16 live[VECS];
    for (size_t v = 0; v < VECS; ++v) live[v] = lanes(n, v);
    __m512 acc[HEADS][VECS];
    for (size_t g = 0; g < HEADS; ++g)
        for (size_t v = 0; v < VECS; ++v) acc[g][v] = _mm512_setzero_ps();
    for (size_t d = 0; d < D; ++d) {
        const uint8_t* row = keys + d * C * elem;
        __m512 k[VECS];
        for (size_t v = 0; v < VECS; ++v) k[v] = load_kv(kv, row + v * 16 * elem, live[v]);
        if (next_keys) prefetch(next_keys + d * C * elem, BLOCK * elem);
        for (size_t g = 0; g < HEADS; ++g) {
            const __m512 qd = _mm512_set1_ps(qs[(g0 + g) * D + d]);
            for (size_t v = 0; v < VECS; ++v) acc[g][v] = _mm512_fmadd_ps(k[v], qd, acc[g][v]);
        }
    }
    for (size_t g = 0; g < HEADS; ++g)
        for (size_t v = 0; v < VECS; ++v) _mm512_store_ps(s[g0 + g] + v * 16, acc[g][v]);
}

// out[g] += sum over the block's n positions of w[g][t] * value row t, for heads g0..g0+3;
// value row t at values + t * stride bytes. The first pass over the rows fetches the next
// block's (next_values, when there is one) meanwhile.
INLINE void block_values(enum kv kv, const float (*w)[BLOCK], const uint8_t* values,
                         const uint8_t* next_values, size_t stride, size_t elem, size_t D,
                         size_t n, size_t g0, float* out) {
    for (size_t d = 0; d < D; d += 16) {
        __m512 acc[HEADS];
        for (size_t g = 0; g < HEADS; ++g) acc[g] = _mm512_load_ps(out + (g0 + g) * D + d);
        for (size_t t = 0; t < n; ++t) {
            const __m512 vr = load_kv(kv, values + t * stride + d * elem, 0xFFFF);
            if (next_values && d == 0) prefetch(next_values + t * stride, D * elem);
            for (size_t g = 0; g < HEADS; ++g)
                acc[g] = _mm512_fmadd_ps(vr, _mm512_set1_ps(w[g0 + g][t]), acc[g]);
        }
        for (size_t g = 0; g < HEADS; ++g) _mm512_store_ps(out + (g0 + g) * D + d, acc[g]);
    }
}

INLINE void decode_attention(enum kv kv, const float* q, const uint8_t* k_cache,
                             const uint8_t* v_cache, const int32_t* pos, const float* sinks,
                             float* out, size_t B, size_t H, size_t Hkv, size_t D, size_t C,
                             size_t W, size_t Q, float scale, size_t workgroup) {
    const size_t b = workgroup / Hkv, h = workgroup % Hkv, G = H / Hkv;
    const size_t heads = (G + HEADS - 1) / HEADS * HEADS;
    if (b >= B || D % 16 != 0 || D > MAX_HEAD_DIM || G > MAX_GROUP ||
        heads * D > MAX_QUERY_FLOATS)
        return;
    const size_t elem = kv == KV_F32 ? 4 : 2;
    const int32_t p = pos[b * Q];
    if (p < 0) {
        for (size_t g = 0; g < G; ++g)
            for (size_t d = 0; d < D; ++d) out[((h * G + g) * D + d) * B + b] = 0.0f;
        return;
    }
    const size_t keys = (size_t)p + 1 < W ? (size_t)p + 1 : W;
    // The group's queries, scaled, and their running softmax states, a row of D per head;
    // heads G..heads are zero queries whose weights are zero.
    float qs[MAX_QUERY_FLOATS] __attribute__((aligned(64)));
    float acc[MAX_QUERY_FLOATS] __attribute__((aligned(64)));
    float s[MAX_GROUP][BLOCK] __attribute__((aligned(64)));
    float w[MAX_GROUP][BLOCK] __attribute__((aligned(64)));
    float maxes[MAX_GROUP], sums[MAX_GROUP];
    for (size_t g = 0; g < heads; ++g) {
        for (size_t d = 0; d < D; ++d) {
            qs[g * D + d] = g < G ? q[((h * G + g) * D + d) * B + b] * scale : 0.0f;
            acc[g * D + d] = 0.0f;
        }
        for (size_t t = 0; t < BLOCK; ++t) w[g][t] = 0.0f;
        const int sunk = sinks && g < G;
        maxes[g] = sunk ? sinks[h * G + g] : -__builtin_inff();
        sums[g] = sunk ? 1.0f : 0.0f;
    }
    const uint8_t* kb = k_cache + (b * Hkv + h) * D * C * elem;
    const size_t stride = Hkv * D * elem;  // bytes between positions of the values
    const uint8_t* vb = v_cache + (b * C * Hkv + h) * D * elem;
    // The first block's rows; each block then fetches the next one's.
    for (size_t d = 0; d < D; ++d) prefetch(kb + d * C * elem, BLOCK * elem);
    for (size_t t = 0; t < BLOCK && t < keys; ++t) prefetch(vb + t * stride, D * elem);
    for (size_t t0 = 0; t0 < keys; t0 += BLOCK) {
        const size_t n = keys - t0 < BLOCK ? keys - t0 : BLOCK;
        const int more = t0 + BLOCK < keys;
        const uint8_t* next_keys = more ? kb + (t0 + BLOCK) * elem : NULL;
        const uint8_t* next_values = more ? vb + (t0 + BLOCK) * stride : NULL;
        for (size_t g0 = 0; g0 < heads; g0 += HEADS)
            block_scores(kv, qs, kb + t0 * elem, g0 ? NULL : next_keys, elem, C, D, n, g0, s);
        for (size_t g = 0; g < G; ++g)
            softmax_fold(s[g], w[g], n, D, &maxes[g], &sums[g], acc + g * D);
        for (size_t g0 = 0; g0 < heads; g0 += HEADS)
            block_values(kv, w, vb + t0 * stride, g0 ? NULL : next_values, stride, elem, D, n,
                         g0, acc);
    }
    for (size_t g = 0; g < G; ++g) {
        const float inv = 1.0f / sums[g];
        for (size_t d = 0; d < D; ++d) out[((h * G + g) * D + d) * B + b] = acc[g * D + d] * inv;
    }
}
// Entry points per cache type: q, k cache, v cache, pos and out as base pointer and byte
// offset; then B, H, Hkv, D, C (positions per slot in the cache), W (positions read), Q
// (columns of pos), the score scale as the bits of an f32, and the workgroup id (one per
// row and kv head).
#define DECODE_ATTENTION(name, kv)                                                          \
    LLM_EXPORT void name(                                       \
        const uint8_t* q, size_t q_offset, const uint8_t* k, size_t k_offset,              \
        const uint8_t* v, size_t v_offset, const uint8_t* pos, size_t pos_offset,          \
        uint8_t* out, size_t out_offset, size_t B, size_t H, size_t Hkv, size_t D, size_t C, \
        size_t W, size_t Q, size_t scale_bits, size_t workgroup) {                         \
        union {                                                                            \
            uint32_t bits;                                                                 \
            float value;                                                                   \
        } scale = {(uint32_t)scale_bits};                                                  \
        decode_attention(kv, (const float*)(q + q_offset), k + k_offset, v + v_offset,     \
                         (const int32_t*)(pos + pos_offset), NULL, (float*)(out + out_offset), \
                         B, H, Hkv, D, C, W, Q, scale.value, workgroup);                   \
    }

// The same with the sinks (`[H]` f32) as one more binding after pos.
#define DECODE_ATTENTION_SINKS(name, kv)                                                    \
    LLM_EXPORT void name(                                       \
        const uint8_t* q, size_t q_offset, const uint8_t* k, size_t k_offset,              \
        const uint8_t* v, size_t v_offset, const uint8_t* pos, size_t pos_offset,          \
        const uint8_t* sinks, size_t sinks_offset, uint8_t* out, size_t out_offset,        \
        size_t B, size_t H, size_t Hkv, size_t D, size_t C, size_t W, size_t Q,            \
        size_t scale_bits, size_t workgroup) {                                             \
        union {                                                                            \
            uint32_t bits;                                                                 \
            float value;                                                                   \
        } scale = {(uint32_t)scale_bits};                                                  \
        decode_attention(kv, (const float*)(q + q_offset), k + k_offset, v + v_offset,     \
                         (const int32_t*)(pos + pos_offset),                               \
                         (const float*)(sinks + sinks_offset), (float*)(out + out_offset), \
                         B, H, Hkv, D, C, W, Q, scale.value, workgroup);                   \
    }

DECODE_ATTENTION(llm_decode_attention_f32, KV_F32)
DECODE_ATTENTION(llm_decode_attention_f16, KV_F16)
DECODE_ATTENTION(llm_decode_attention_bf16, KV_BF16)
DECODE_ATTENTION_SINKS(llm_decode_attention_sinks_f32, KV_F32)
DECODE_ATTENTION_SINKS(llm_decode_attention_sinks_f16, KV_F16)
DECODE_ATTENTION_SINKS(llm_decode_attention_sinks_bf16, KV_BF16)
