// What the attention kernels (decode_attention.c, prefill_attention.c) share: the cache
// element types, widening loads, e^x and prefetch hints. Included by both; one copy per
// translation unit.

#ifndef LLM_ATTENTION_H
#define LLM_ATTENTION_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

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

#endif
