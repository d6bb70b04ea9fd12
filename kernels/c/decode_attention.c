// Attention of one decode step over a slot's cache, for IREE's CPU executables.
//
// Row b of a decode batch is a token at position pos[b] of slot b; it attends positions
// 0..=pos[b] of its slot (and of the window W the graph reads). The graph's form computes
// scores over all W positions of a window bucket and masks the rest, in six small matmul
// dispatches per layer; here one dispatch reads only the live positions: each workgroup takes
// one (row, kv head) pair and its query heads, and keeps a running (online) softmax over
// blocks of 16 positions: scores, the block's maximum, exp(s - max) and the weighted values,
// with earlier blocks rescaled when the maximum grows. exp is a degree-7 polynomial after
// range reduction (about 1e-7 relative), the only arithmetic that differs from the
// reference's beyond summation order.
//
// Cache layout `[slots + 1, C, Hkv, D]` in f32, f16 or bf16; q and the output are `[H * D, B]`
// f32; pos `[B, Q]` i32 (column 0 is the row's position; negative marks a padding row, whose
// output is zeros). Bare-metal C like grouped_matmul.c.

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#define INLINE static inline __attribute__((always_inline))
#define BLOCK 16
#define MAX_HEAD_DIM 256
#define MAX_GROUP 16

enum kv { KV_F32, KV_F16, KV_BF16 };

INLINE __m512 load_kv(enum kv kv, const uint8_t* p) {
    switch (kv) {
    case KV_F16:
        return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)p));
    case KV_BF16:
        return _mm512_castsi512_ps(
            _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)p)), 16));
    default:
        return _mm512_loadu_ps((const float*)p);
    }
}

// e^x for x <= 0 (x clamped at -87: e^-87 is below every weight that matters).
INLINE __m512 exp_ps(__m512 x) {
    x = _mm512_max_ps(x, _mm512_set1_ps(-87.0f));
    const __m512 n = _mm512_roundscale_ps(_mm512_mul_ps(x, _mm512_set1_ps(1.44269504088896341f)),
                                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693145751953125f), x);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(1.428606765330187e-06f), r);
    __m512 p = _mm512_set1_ps(1.0f / 5040.0f);
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f / 720.0f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f / 120.0f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f / 24.0f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f / 6.0f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(0.5f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f));
    return _mm512_scalef_ps(p, n);
}

INLINE void decode_attention(enum kv kv, const float* q, const uint8_t* k_cache,
                             const uint8_t* v_cache, const int32_t* pos, float* out, size_t B,
                             size_t H, size_t Hkv, size_t D, size_t C, size_t W, size_t Q,
                             float scale, size_t workgroup) {
    const size_t b = workgroup / Hkv, h = workgroup % Hkv, G = H / Hkv;
    if (b >= B || D % 16 != 0 || D > MAX_HEAD_DIM || G > MAX_GROUP) return;
    const size_t vecs = D / 16;
    const size_t elem = kv == KV_F32 ? 4 : 2;
    const int32_t p = pos[b * Q];
    if (p < 0) {
        for (size_t g = 0; g < G; ++g)
            for (size_t d = 0; d < D; ++d) out[((h * G + g) * D + d) * B + b] = 0.0f;
        return;
    }
    const size_t keys = (size_t)p + 1 < W ? (size_t)p + 1 : W;
    // The group's queries, scaled, and their running softmax states.
    float qs[MAX_GROUP][MAX_HEAD_DIM] __attribute__((aligned(64)));
    float acc[MAX_GROUP][MAX_HEAD_DIM] __attribute__((aligned(64)));
    float maxes[MAX_GROUP], sums[MAX_GROUP];
    for (size_t g = 0; g < G; ++g) {
        for (size_t d = 0; d < D; ++d) {
            qs[g][d] = q[((h * G + g) * D + d) * B + b] * scale;
            acc[g][d] = 0.0f;
        }
        maxes[g] = -__builtin_inff();
        sums[g] = 0.0f;
    }
    const size_t row = Hkv * D * elem;  // bytes between positions
    const uint8_t* kb = k_cache + (b * C * Hkv + h) * D * elem;
    const uint8_t* vb = v_cache + (b * C * Hkv + h) * D * elem;
    for (size_t t0 = 0; t0 < keys; t0 += BLOCK) {
        const size_t n = keys - t0 < BLOCK ? keys - t0 : BLOCK;
        const __mmask16 live = (__mmask16)((1u << n) - 1);
        float s[MAX_GROUP][BLOCK] __attribute__((aligned(64)));
        for (size_t j = 0; j < n; ++j) {
            __m512 kr[MAX_HEAD_DIM / 16];
            for (size_t v = 0; v < vecs; ++v) kr[v] = load_kv(kv, kb + (t0 + j) * row + v * 16 * elem);
            for (size_t g = 0; g < G; ++g) {
                __m512 dot = _mm512_mul_ps(kr[0], _mm512_load_ps(qs[g]));
                for (size_t v = 1; v < vecs; ++v)
                    dot = _mm512_fmadd_ps(kr[v], _mm512_load_ps(qs[g] + v * 16), dot);
                s[g][j] = _mm512_reduce_add_ps(dot);
            }
        }
        float weights[MAX_GROUP][BLOCK] __attribute__((aligned(64)));
        for (size_t g = 0; g < G; ++g) {
            const __m512 sv = _mm512_mask_loadu_ps(_mm512_set1_ps(-__builtin_inff()), live, s[g]);
            const float block_max = _mm512_reduce_max_ps(sv);
            const float m = block_max > maxes[g] ? block_max : maxes[g];
            const __m512 e = _mm512_maskz_mov_ps(live, exp_ps(_mm512_sub_ps(sv, _mm512_set1_ps(m))));
            _mm512_store_ps(weights[g], e);
            const float rescale =
                _mm512_cvtss_f32(exp_ps(_mm512_set1_ps(maxes[g] - m)));
            if (maxes[g] != m) {
                const __m512 r = _mm512_set1_ps(rescale);
                for (size_t v = 0; v < vecs; ++v)
                    _mm512_store_ps(acc[g] + v * 16, _mm512_mul_ps(_mm512_load_ps(acc[g] + v * 16), r));
                sums[g] *= rescale;
            }
            sums[g] += _mm512_reduce_add_ps(e);
            maxes[g] = m;
        }
        for (size_t j = 0; j < n; ++j) {
            for (size_t v = 0; v < vecs; ++v) {
                const __m512 vr = load_kv(kv, vb + (t0 + j) * row + v * 16 * elem);
                for (size_t g = 0; g < G; ++g) {
                    float* a = acc[g] + v * 16;
                    _mm512_store_ps(a, _mm512_fmadd_ps(vr, _mm512_set1_ps(weights[g][j]),
                                                       _mm512_load_ps(a)));
                }
            }
        }
    }
    for (size_t g = 0; g < G; ++g) {
        const float inv = 1.0f / sums[g];
        for (size_t d = 0; d < D; ++d) out[((h * G + g) * D + d) * B + b] = acc[g][d] * inv;
    }
}

// Entry points per cache type: q, k cache, v cache, pos and out as base pointer and byte
// offset; then B, H, Hkv, D, C (positions per slot in the cache), W (positions read), Q
// (columns of pos), the score scale as the bits of an f32, and the workgroup id (one per
// row and kv head).
#define DECODE_ATTENTION(name, kv)                                                          \
    __attribute__((visibility("hidden"))) void name(                                       \
        const uint8_t* q, size_t q_offset, const uint8_t* k, size_t k_offset,              \
        const uint8_t* v, size_t v_offset, const uint8_t* pos, size_t pos_offset,          \
        uint8_t* out, size_t out_offset, size_t B, size_t H, size_t Hkv, size_t D, size_t C, \
        size_t W, size_t Q, size_t scale_bits, size_t workgroup) {                         \
        union {                                                                            \
            uint32_t bits;                                                                 \
            float value;                                                                   \
        } scale = {(uint32_t)scale_bits};                                                  \
        decode_attention(kv, (const float*)(q + q_offset), k + k_offset, v + v_offset,     \
                         (const int32_t*)(pos + pos_offset), (float*)(out + out_offset), B, \
                         H, Hkv, D, C, W, Q, scale.value, workgroup);                      \
    }

DECODE_ATTENTION(llm_decode_attention_f32, KV_F32)
DECODE_ATTENTION(llm_decode_attention_f16, KV_F16)
DECODE_ATTENTION(llm_decode_attention_bf16, KV_BF16)
