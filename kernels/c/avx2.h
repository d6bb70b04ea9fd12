// The AVX-512 operations the f32 kernel families use (grouped_matmul.c, experts.c's f32 entry,
// the attention kernels), each done on two AVX2 halves, so that the same source builds a second
// object for x86-64-v3 CPUs (AVX2, FMA, F16C: Zen 1-3, Intel's client cores since Alder Lake,
// which have no AVX-512). Without it such a CPU multiplied native weights through IREE's own
// code generation, or widened them to f32: on a 2-core Zen 3 the Llama-3.2-1B shape (Q4_K_M)
// stepped in 203 ms (native, 1.4x the file's bytes) or 656 ms (f32, 6x), and an 8B file did not
// fit in 24 GiB as f32.
//
// Each operation gives every lane what the AVX-512 instruction gives it (the same IEEE
// operations lane by lane; reductions in GCC's order), so a kernel's numbers are the same bits
// on either object (the one exception: grouped_matmul.c's `scaled_lanes`, whose sums are
// scaled by 2^24 and differ only where one is subnormal). Only the f32 families are here: the
// 8-bit family has its own AVX2 form (q8_avx2.h), and the fixed-point one needs VNNI.
//
// Included by grouped.h and attention.h after <immintrin.h> when LLM_AVX2 is defined
// (kernels_avx2.c); the AVX-512 names below then stand for these functions and types.

#ifndef LLM_AVX2_H
#define LLM_AVX2_H

#include <immintrin.h>

#define AVX2_INLINE static inline __attribute__((always_inline))

typedef struct {
    __m256 lo, hi;
} llm_v16f;

typedef struct {
    __m256i lo, hi;
} llm_v16i;

#define __m512 llm_v16f
#define __m512i llm_v16i

// A 16-byte pattern in both 128-bit lanes of a 256-bit vector.
#define AVX2_LANES(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)

// A 16-bit lane mask as two 8-lane vector masks (all ones where the bit is set).
AVX2_INLINE __m256i avx2_mask_half(unsigned bits) {
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256i set = _mm256_and_si256(_mm256_set1_epi32((int)bits), bit);
    return _mm256_cmpeq_epi32(set, bit);
}

AVX2_INLINE unsigned avx2_mask_bits(__m256i lo, __m256i hi) {
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(lo)) |
           (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(hi)) << 8;
}

// Floats.

AVX2_INLINE llm_v16f avx2_set1_ps(float f) {
    const __m256 v = _mm256_set1_ps(f);
    return (llm_v16f){v, v};
}
AVX2_INLINE llm_v16f avx2_setzero_ps(void) {
    return (llm_v16f){_mm256_setzero_ps(), _mm256_setzero_ps()};
}
AVX2_INLINE llm_v16f avx2_setr_ps(float a0, float a1, float a2, float a3, float a4, float a5,
                                  float a6, float a7, float a8, float a9, float a10, float a11,
                                  float a12, float a13, float a14, float a15) {
    return (llm_v16f){_mm256_setr_ps(a0, a1, a2, a3, a4, a5, a6, a7),
                      _mm256_setr_ps(a8, a9, a10, a11, a12, a13, a14, a15)};
}
AVX2_INLINE llm_v16f avx2_loadu_ps(const void* p) {
    const float* f = (const float*)p;
    return (llm_v16f){_mm256_loadu_ps(f), _mm256_loadu_ps(f + 8)};
}
AVX2_INLINE void avx2_storeu_ps(void* p, llm_v16f v) {
    float* f = (float*)p;
    _mm256_storeu_ps(f, v.lo);
    _mm256_storeu_ps(f + 8, v.hi);
}

#define AVX2_BINARY_PS(name, op)                                   \
    AVX2_INLINE llm_v16f name(llm_v16f a, llm_v16f b) {            \
        return (llm_v16f){op(a.lo, b.lo), op(a.hi, b.hi)};         \
    }
AVX2_BINARY_PS(avx2_add_ps, _mm256_add_ps)
AVX2_BINARY_PS(avx2_sub_ps, _mm256_sub_ps)
AVX2_BINARY_PS(avx2_mul_ps, _mm256_mul_ps)
AVX2_BINARY_PS(avx2_max_ps, _mm256_max_ps)

AVX2_INLINE llm_v16f avx2_fmadd_ps(llm_v16f a, llm_v16f b, llm_v16f c) {
    return (llm_v16f){_mm256_fmadd_ps(a.lo, b.lo, c.lo), _mm256_fmadd_ps(a.hi, b.hi, c.hi)};
}
AVX2_INLINE llm_v16f avx2_fnmadd_ps(llm_v16f a, llm_v16f b, llm_v16f c) {
    return (llm_v16f){_mm256_fnmadd_ps(a.lo, b.lo, c.lo), _mm256_fnmadd_ps(a.hi, b.hi, c.hi)};
}

// Table lookups. `vpermps` on 8 lanes reads an index's low 3 bits: bit 3 picks the half of
// the 16-entry table, moved to the sign bit for `vblendvps`.
AVX2_INLINE __m256 avx2_lookup8(__m256i index, __m256 lo, __m256 hi) {
    const __m256 from_lo = _mm256_permutevar8x32_ps(lo, index);
    const __m256 from_hi = _mm256_permutevar8x32_ps(hi, index);
    return _mm256_blendv_ps(from_lo, from_hi, _mm256_castsi256_ps(_mm256_slli_epi32(index, 28)));
}
AVX2_INLINE llm_v16f avx2_permutexvar_ps(llm_v16i index, llm_v16f table) {
    return (llm_v16f){avx2_lookup8(index.lo, table.lo, table.hi),
                      avx2_lookup8(index.hi, table.lo, table.hi)};
}
// Index bit 4 picks b's 16 entries over a's.
AVX2_INLINE __m256 avx2_lookup16(__m256i index, llm_v16f a, llm_v16f b) {
    const __m256 from_a = avx2_lookup8(index, a.lo, a.hi);
    const __m256 from_b = avx2_lookup8(index, b.lo, b.hi);
    return _mm256_blendv_ps(from_a, from_b, _mm256_castsi256_ps(_mm256_slli_epi32(index, 27)));
}
AVX2_INLINE llm_v16f avx2_permutex2var_ps(llm_v16f a, llm_v16i index, llm_v16f b) {
    return (llm_v16f){avx2_lookup16(index.lo, a, b), avx2_lookup16(index.hi, a, b)};
}

AVX2_INLINE llm_v16f avx2_castps128_ps512(__m128 v) {
    return (llm_v16f){_mm256_zextps128_ps256(v), _mm256_setzero_ps()};
}

AVX2_INLINE llm_v16f avx2_maskz_loadu_ps(unsigned mask, const void* p) {
    const float* f = (const float*)p;
    return (llm_v16f){_mm256_maskload_ps(f, avx2_mask_half(mask & 0xFF)),
                      _mm256_maskload_ps(f + 8, avx2_mask_half(mask >> 8))};
}
AVX2_INLINE llm_v16f avx2_mask_loadu_ps(llm_v16f src, unsigned mask, const void* p) {
    const llm_v16f loaded = avx2_maskz_loadu_ps(mask, p);
    const __m256i lo = avx2_mask_half(mask & 0xFF), hi = avx2_mask_half(mask >> 8);
    return (llm_v16f){_mm256_blendv_ps(src.lo, loaded.lo, _mm256_castsi256_ps(lo)),
                      _mm256_blendv_ps(src.hi, loaded.hi, _mm256_castsi256_ps(hi))};
}
AVX2_INLINE llm_v16f avx2_maskz_mov_ps(unsigned mask, llm_v16f v) {
    return (llm_v16f){_mm256_and_ps(v.lo, _mm256_castsi256_ps(avx2_mask_half(mask & 0xFF))),
                      _mm256_and_ps(v.hi, _mm256_castsi256_ps(avx2_mask_half(mask >> 8)))};
}

// GCC's order: the halves, then the 128-bit halves, then pairs.
#define AVX2_REDUCE(name, op256, op128, op)                                                     \
    AVX2_INLINE float name(llm_v16f v) {                                                        \
        const __m256 t = op256(v.hi, v.lo);                                                     \
        const __m128 u = op128(_mm256_extractf128_ps(t, 1), _mm256_castps256_ps128(t));        \
        const __m128 w = op128(u, _mm_shuffle_ps(u, u, _MM_SHUFFLE(1, 0, 3, 2)));               \
        const float a = _mm_cvtss_f32(w), b = _mm_cvtss_f32(_mm_shuffle_ps(w, w, 1));          \
        return op(a, b);                                                                        \
    }
#define AVX2_ADD(a, b) ((a) + (b))
#define AVX2_MAX(a, b) ((a) > (b) ? (a) : (b))
AVX2_REDUCE(avx2_reduce_add_ps, _mm256_add_ps, _mm_add_ps, AVX2_ADD)
AVX2_REDUCE(avx2_reduce_max_ps, _mm256_max_ps, _mm_max_ps, AVX2_MAX)

AVX2_INLINE float avx2_cvtss_f32(llm_v16f v) { return _mm256_cvtss_f32(v.lo); }

// Round to an integral value; the scale field (imm bits 4-7) is 0 in every use.
#define avx2_roundscale_ps(v, imm)                                                              \
    ((llm_v16f){_mm256_round_ps((v).lo, (imm) & 0x0F), _mm256_round_ps((v).hi, (imm) & 0x0F)})

// p * 2^n for integral n: the power built in the exponent field, one rounding of the product
// as `vscalefps` rounds it. n is kept to [-126, 127], where 2^n is a normal float (exp_ps's n).
AVX2_INLINE __m256 avx2_scalef8(__m256 p, __m256 n) {
    const __m256 bounded = _mm256_min_ps(_mm256_max_ps(n, _mm256_set1_ps(-126.0f)),
                                         _mm256_set1_ps(127.0f));
    const __m256i bits = _mm256_slli_epi32(
        _mm256_add_epi32(_mm256_cvtps_epi32(bounded), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(bits));
}
AVX2_INLINE llm_v16f avx2_scalef_ps(llm_v16f p, llm_v16f n) {
    return (llm_v16f){avx2_scalef8(p.lo, n.lo), avx2_scalef8(p.hi, n.hi)};
}

AVX2_INLINE llm_v16f avx2_cvtph_ps(__m256i h) {
    return (llm_v16f){_mm256_cvtph_ps(_mm256_castsi256_si128(h)),
                      _mm256_cvtph_ps(_mm256_extracti128_si256(h, 1))};
}
AVX2_INLINE llm_v16f avx2_cvtepi32_ps(llm_v16i v) {
    return (llm_v16f){_mm256_cvtepi32_ps(v.lo), _mm256_cvtepi32_ps(v.hi)};
}
AVX2_INLINE llm_v16f avx2_castsi512_ps(llm_v16i v) {
    return (llm_v16f){_mm256_castsi256_ps(v.lo), _mm256_castsi256_ps(v.hi)};
}
AVX2_INLINE llm_v16i avx2_castps_si512(llm_v16f v) {
    return (llm_v16i){_mm256_castps_si256(v.lo), _mm256_castps_si256(v.hi)};
}

// y[index[i] * scale] = v[i] for each lane, in lane order.
AVX2_INLINE void avx2_i32scatter_ps(void* base, llm_v16i index, llm_v16f v, int scale) {
    int at[16];
    float values[16];
    _mm256_storeu_si256((__m256i*)at, index.lo);
    _mm256_storeu_si256((__m256i*)(at + 8), index.hi);
    _mm256_storeu_ps(values, v.lo);
    _mm256_storeu_ps(values + 8, v.hi);
    for (int i = 0; i < 16; ++i) *(float*)((char*)base + (ptrdiff_t)at[i] * scale) = values[i];
}

// Integers.

AVX2_INLINE llm_v16i avx2_set1_epi32(int a) {
    const __m256i v = _mm256_set1_epi32(a);
    return (llm_v16i){v, v};
}
AVX2_INLINE llm_v16i avx2_set1_epi8(char a) {
    const __m256i v = _mm256_set1_epi8(a);
    return (llm_v16i){v, v};
}
AVX2_INLINE llm_v16i avx2_setr_epi32(int a0, int a1, int a2, int a3, int a4, int a5, int a6,
                                     int a7, int a8, int a9, int a10, int a11, int a12, int a13,
                                     int a14, int a15) {
    return (llm_v16i){_mm256_setr_epi32(a0, a1, a2, a3, a4, a5, a6, a7),
                      _mm256_setr_epi32(a8, a9, a10, a11, a12, a13, a14, a15)};
}
AVX2_INLINE llm_v16i avx2_loadu_si512(const void* p) {
    const __m256i* v = (const __m256i*)p;
    return (llm_v16i){_mm256_loadu_si256(v), _mm256_loadu_si256(v + 1)};
}

#define AVX2_BINARY_SI(name, op)                                   \
    AVX2_INLINE llm_v16i name(llm_v16i a, llm_v16i b) {            \
        return (llm_v16i){op(a.lo, b.lo), op(a.hi, b.hi)};         \
    }
AVX2_BINARY_SI(avx2_and_si512, _mm256_and_si256)
AVX2_BINARY_SI(avx2_or_si512, _mm256_or_si256)
AVX2_BINARY_SI(avx2_xor_si512, _mm256_xor_si256)
AVX2_BINARY_SI(avx2_add_epi32, _mm256_add_epi32)
AVX2_BINARY_SI(avx2_sub_epi32, _mm256_sub_epi32)
AVX2_BINARY_SI(avx2_mullo_epi32, _mm256_mullo_epi32)
AVX2_BINARY_SI(avx2_srlv_epi32, _mm256_srlv_epi32)
AVX2_BINARY_SI(avx2_sllv_epi32, _mm256_sllv_epi32)
// Within each 128-bit lane, as the 512-bit forms.
AVX2_BINARY_SI(avx2_unpacklo_epi8, _mm256_unpacklo_epi8)
AVX2_BINARY_SI(avx2_unpackhi_epi8, _mm256_unpackhi_epi8)

#define AVX2_SHIFT_SI(name, op)                                    \
    AVX2_INLINE llm_v16i name(llm_v16i a, unsigned n) {            \
        return (llm_v16i){op(a.lo, (int)n), op(a.hi, (int)n)};     \
    }
AVX2_SHIFT_SI(avx2_slli_epi32, _mm256_slli_epi32)
AVX2_SHIFT_SI(avx2_srli_epi32, _mm256_srli_epi32)
AVX2_SHIFT_SI(avx2_srli_epi16, _mm256_srli_epi16)

// Rotate right by each lane's count (mod 32).
AVX2_INLINE __m256i avx2_rorv8(__m256i a, __m256i n) {
    const __m256i r = _mm256_and_si256(n, _mm256_set1_epi32(31));
    const __m256i l = _mm256_and_si256(_mm256_sub_epi32(_mm256_set1_epi32(32), r),
                                       _mm256_set1_epi32(31));
    return _mm256_or_si256(_mm256_srlv_epi32(a, r), _mm256_sllv_epi32(a, l));
}
AVX2_BINARY_SI(avx2_rorv_epi32, avx2_rorv8)

// The one truth table the kernels use, a | (b & c).
#define avx2_ternarylogic_epi32(a, b, c, imm) avx2_ternary_##imm(a, b, c)
AVX2_INLINE llm_v16i avx2_ternary_0xF8(llm_v16i a, llm_v16i b, llm_v16i c) {
    return avx2_or_si512(a, avx2_and_si512(b, c));
}

AVX2_INLINE llm_v16i avx2_cvtepu8_epi32(__m128i v) {
    return (llm_v16i){_mm256_cvtepu8_epi32(v), _mm256_cvtepu8_epi32(_mm_srli_si128(v, 8))};
}
AVX2_INLINE llm_v16i avx2_cvtepi8_epi32(__m128i v) {
    return (llm_v16i){_mm256_cvtepi8_epi32(v), _mm256_cvtepi8_epi32(_mm_srli_si128(v, 8))};
}
AVX2_INLINE llm_v16i avx2_cvtepu16_epi32(__m256i v) {
    return (llm_v16i){_mm256_cvtepu16_epi32(_mm256_castsi256_si128(v)),
                      _mm256_cvtepu16_epi32(_mm256_extracti128_si256(v, 1))};
}
AVX2_INLINE __m128i avx2_extracti32x4_epi32(llm_v16i v, int k) {
    const __m256i half = k < 2 ? v.lo : v.hi;
    return k % 2 ? _mm256_extracti128_si256(half, 1) : _mm256_castsi256_si128(half);
}

// Unsigned a < b per lane, as a 16-bit mask.
AVX2_INLINE unsigned avx2_cmplt_epu32_mask(llm_v16i a, llm_v16i b) {
    const __m256i flip = _mm256_set1_epi32((int)0x80000000u);
    const __m256i lo = _mm256_cmpgt_epi32(_mm256_xor_si256(b.lo, flip), _mm256_xor_si256(a.lo, flip));
    const __m256i hi = _mm256_cmpgt_epi32(_mm256_xor_si256(b.hi, flip), _mm256_xor_si256(a.hi, flip));
    return avx2_mask_bits(lo, hi);
}
// b where the mask's bit is set, else a.
AVX2_INLINE llm_v16i avx2_mask_blend_epi32(unsigned mask, llm_v16i a, llm_v16i b) {
    return (llm_v16i){_mm256_blendv_epi8(a.lo, b.lo, avx2_mask_half(mask & 0xFF)),
                      _mm256_blendv_epi8(a.hi, b.hi, avx2_mask_half(mask >> 8))};
}

// AVX-512VL's masked 256-bit loads, on the tails of rows.
AVX2_INLINE __m256 avx2_maskz_loadu_ps256(unsigned mask, const void* p) {
    return _mm256_maskload_ps((const float*)p, avx2_mask_half(mask & 0xFF));
}
AVX2_INLINE __m256i avx2_maskz_loadu_epi16(unsigned mask, const void* p) {
    if ((mask & 0xFFFF) == 0xFFFF) return _mm256_loadu_si256((const __m256i*)p);
    uint16_t lanes[16];
    const uint16_t* from = (const uint16_t*)p;
    for (int i = 0; i < 16; ++i) lanes[i] = mask >> i & 1 ? from[i] : 0;
    return _mm256_loadu_si256((const __m256i*)lanes);
}

#define _mm512_set1_ps avx2_set1_ps
#define _mm512_setzero_ps avx2_setzero_ps
#undef _mm512_setr_ps
#define _mm512_setr_ps avx2_setr_ps
#define _mm512_load_ps avx2_loadu_ps
#define _mm512_loadu_ps avx2_loadu_ps
#define _mm512_store_ps avx2_storeu_ps
#define _mm512_storeu_ps avx2_storeu_ps
#define _mm512_add_ps avx2_add_ps
#define _mm512_sub_ps avx2_sub_ps
#define _mm512_mul_ps avx2_mul_ps
#define _mm512_max_ps avx2_max_ps
#define _mm512_fmadd_ps avx2_fmadd_ps
#define _mm512_fnmadd_ps avx2_fnmadd_ps
#define _mm512_permutexvar_ps avx2_permutexvar_ps
#define _mm512_permutex2var_ps avx2_permutex2var_ps
#define _mm512_castps128_ps512 avx2_castps128_ps512
#define _mm512_maskz_loadu_ps avx2_maskz_loadu_ps
#define _mm512_mask_loadu_ps avx2_mask_loadu_ps
#define _mm512_maskz_mov_ps avx2_maskz_mov_ps
#define _mm512_reduce_add_ps avx2_reduce_add_ps
#define _mm512_reduce_max_ps avx2_reduce_max_ps
#define _mm512_cvtss_f32 avx2_cvtss_f32
#define _mm512_roundscale_ps avx2_roundscale_ps
#define _mm512_scalef_ps avx2_scalef_ps
#define _mm512_cvtph_ps avx2_cvtph_ps
#define _mm512_cvtepi32_ps avx2_cvtepi32_ps
#define _mm512_castsi512_ps avx2_castsi512_ps
#define _mm512_castps_si512 avx2_castps_si512
#define _mm512_i32scatter_ps avx2_i32scatter_ps
#define _mm512_set1_epi32 avx2_set1_epi32
#define _mm512_set1_epi8 avx2_set1_epi8
#undef _mm512_setr_epi32
#define _mm512_setr_epi32 avx2_setr_epi32
#define _mm512_loadu_si512 avx2_loadu_si512
#define _mm512_load_si512 avx2_loadu_si512
#define _mm512_and_si512 avx2_and_si512
#define _mm512_or_si512 avx2_or_si512
#define _mm512_xor_si512 avx2_xor_si512
#define _mm512_add_epi32 avx2_add_epi32
#define _mm512_sub_epi32 avx2_sub_epi32
#define _mm512_mullo_epi32 avx2_mullo_epi32
#define _mm512_srlv_epi32 avx2_srlv_epi32
#define _mm512_sllv_epi32 avx2_sllv_epi32
#define _mm512_rorv_epi32 avx2_rorv_epi32
#define _mm512_unpacklo_epi8 avx2_unpacklo_epi8
#define _mm512_unpackhi_epi8 avx2_unpackhi_epi8
#define _mm512_slli_epi32 avx2_slli_epi32
#define _mm512_srli_epi32 avx2_srli_epi32
#define _mm512_srli_epi16 avx2_srli_epi16
#define _mm512_ternarylogic_epi32 avx2_ternarylogic_epi32
#define _mm512_cvtepu8_epi32 avx2_cvtepu8_epi32
#define _mm512_cvtepi8_epi32 avx2_cvtepi8_epi32
#define _mm512_cvtepu16_epi32 avx2_cvtepu16_epi32
#define _mm512_extracti32x4_epi32 avx2_extracti32x4_epi32
#define _mm512_cmplt_epu32_mask avx2_cmplt_epu32_mask
#define _mm512_mask_blend_epi32 avx2_mask_blend_epi32
#define _mm256_maskz_loadu_ps avx2_maskz_loadu_ps256
#define _mm256_maskz_loadu_epi16 avx2_maskz_loadu_epi16

#endif
