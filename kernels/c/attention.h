// What the attention kernels (decode_attention.c, prefill_attention.c) share: the cache
// element types, widening loads, e^x, prefetch hints and the online softmax over blocks of
// positions. Included by both; one copy per translation unit.

#ifndef LLM_ATTENTION_H
#define LLM_ATTENTION_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#ifdef LLM_AVX2
#include "avx2.h"
#endif

// As grouped.h declares entry points.
#ifndef LLM_EXPORT
#define LLM_EXPORT __attribute__((visibility("hidden")))
#endif

#define INLINE static inline __attribute__((always_inline))

enum kv { KV_F32, KV_F16, KV_BF16 };

// 16 values from p widened to f32; lanes outside `live` read nothing and are zero.
INLINE __m512 load_kv(enum kv kv, const uint8_t* p, __mmask16 live) {
    switch (kv) {
    case KV_F16:
        return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(live, p));
    case KV_BF16:
        return _mm512_castsi512_ps(
            _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(live, p)), 16));
    default:
        return _mm512_maskz_loadu_ps(live, p);
    }
}

// e^x for x <= 0 (x clamped at -87: e^-87 is below every weight that matters). A degree-7
// polynomial after range reduction, about 1e-7 relative.
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

// Asks for the bytes [p, p + bytes) in cache ahead of their use. The caches' rows are a page
// apart (keys) or interleave heads (values), a pattern the hardware prefetchers follow poorly:
// without these hints the decode kernel reads memory at a third of the rate it reaches with
// them.
INLINE void prefetch(const uint8_t* p, size_t bytes) {
    for (size_t off = 0; off < bytes; off += 64) _mm_prefetch((const char*)(p + off), _MM_HINT_T0);
}

// Lanes of vector v (16 lanes each) that hold one of the first n elements.
INLINE __mmask16 lanes(size_t n, size_t v) {
    const size_t first = v * 16;
    if (n <= first) return 0;
    return n - first >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (n - first)) - 1);
}

// Positions per block of the online softmax.
#define KEY_BLOCK 64

// Folds one query's scores s[0..n) of a block into its running softmax: w[0..KEY_BLOCK)
// becomes the weights exp(s - max) (zero from n on; w may be s), and the sum and the output
// row `out` (D values) are rescaled when the maximum grows. n >= 1.
INLINE void softmax_fold(const float* s, float* w, size_t n, size_t D, float* max, float* sum,
                         float* out) {
    __m512 sv[KEY_BLOCK / 16];
    __m512 top = _mm512_set1_ps(-__builtin_inff());
    for (size_t v = 0; v < KEY_BLOCK / 16; ++v) {
        sv[v] = _mm512_mask_loadu_ps(_mm512_set1_ps(-__builtin_inff()), lanes(n, v), s + v * 16);
        top = _mm512_max_ps(top, sv[v]);
    }
    const float block_max = _mm512_reduce_max_ps(top);
    const float new_max = block_max > *max ? block_max : *max;
    __m512 total = _mm512_setzero_ps();
    for (size_t v = 0; v < KEY_BLOCK / 16; ++v) {
        const __m512 e =
            _mm512_maskz_mov_ps(lanes(n, v), exp_ps(_mm512_sub_ps(sv[v], _mm512_set1_ps(new_max))));
        _mm512_store_ps(w + v * 16, e);
        total = _mm512_add_ps(total, e);
    }
    if (*max != new_max) {
        const float rescale = _mm512_cvtss_f32(exp_ps(_mm512_set1_ps(*max - new_max)));
        const __m512 r = _mm512_set1_ps(rescale);
        for (size_t d = 0; d < D; d += 16)
            _mm512_store_ps(out + d, _mm512_mul_ps(_mm512_load_ps(out + d), r));
        *sum *= rescale;
    }
    *sum += _mm512_reduce_add_ps(total);
    *max = new_max;
}

#endif
