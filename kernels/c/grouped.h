// What the three families of grouped products share (f32 activations in grouped_matmul.c,
// fixed-point one-token products in fixed_matvec.c, 8-bit activations in q8_matmul.c): how a
// block format's codes and group maps are stored and read, the several-weight calls, and the
// exported entry points' arguments. Each family applies its entry macro to every row of
// formats.h.
//
// Weights are stored as row tiles (see the emitter's `weight_format`): codes
// `[tiles, groups, group, 16]` (4-bit codes two per byte, low nibble first), and the group maps
// either as one float per group and row (`[tiles, groups, 16]` scales and mins) or, for
// K-quants, as each 256-element super-block stores them: an f16 factor per row and small
// integer sub-scales per group (see `load_map`), so a Q4_K weight reads its file's 4.5 bits.
//
// Bare-metal C: IREE links this object into its executables, so no libc, no allocation and
// at most 48 KiB of stack per call (IREE's workers have 128 KiB). Every exported function
// computes the tiles of one workgroup (its id is the last argument); IREE runs workgroups on
// its own threads.

#ifndef LLM_GROUPED_H
#define LLM_GROUPED_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#ifdef LLM_AVX2
#include "avx2.h"
#endif

#define INLINE static inline __attribute__((always_inline))

// How an entry point is declared: hidden from the module's dynamic symbols. The tests' library
// of the AVX2 object makes its entries static instead (index_avx2.c), so that the two objects'
// entries, of the same names, link into one test binary.
#ifndef LLM_EXPORT
#define LLM_EXPORT __attribute__((visibility("hidden")))
#endif

#define TILE 16

// How codes are stored, per tile and group of `group` inputs. U4/I4: 8 bytes per input (rows
// 2i and 2i+1 in byte i, low nibble first; I4 two's complement). I8: 16 bytes per input.
// U5/I5/I6 keep the file's bits: the group's low nibbles as U4 (8 bytes per input), then the
// high bits of each pair of inputs k, k+1 in the lane order the nibbles widen to (see
// `high_lanes`): U5/I5 one 32-bit word, bit `16 * (r % 2) + 8 * s + r / 2` for row r of input
// k + s; I6 one 64-bit word, bits `32 * (r % 2) + 2 * (8 * s + r / 2)` and the next. The code
// is `nibble | high << 4`, minus 16 for I5 (Q5_0) and 32 for I6 (Q6_K). Table codes (E2M1:
// MXFP4; NL4: IQ4_NL, IQ4_XS) are stored as U4, each nibble an index into a fixed table of small integers
// (`code_values`), which the kernels widen with one permute, as U4's nibbles already are.
// U2 (Q2_K): 4 bytes per input, row r at bits 2r, 2r + 1 of the input's little-endian word.
// I3 (Q3_K): the group's U2 words, then one 16-bit word of third bits per input (row r at bit
// r); the code is `low | high << 2`, minus 4.
enum code { U4, I4, I8, U5, I5, I6, E2M1, NL4, U2, I3 };

// Codes stored as U2 words (I3 with its third bits after them).
INLINE int two_bit_code(enum code code) { return code == U2 || code == I3; }

// Codes whose nibble is an index into `code_values`, not the value itself.
INLINE int table_code(enum code code) { return code == E2M1 || code == NL4; }

// Codes stored as one nibble per input and row (U4's layout).
INLINE int nibble_code(enum code code) { return code == U4 || code == I4 || table_code(code); }

// The 16 values of a nibble code's indices, written once for the two forms below.
#define U4_VALUES 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
// Two's complement.
#define I4_VALUES 0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1
// ggml's kvalues_mxfp4: E2M1 doubled (its negative zero a plain 0).
#define E2M1_VALUES 0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12
// ggml's kvalues_iq4nl.
#define NL4_VALUES -127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113
// `f(values...)` with a list above as its 16 arguments (the intrinsics may be macros, which
// take a list's name as one argument).
#define EXPAND(f, ...) f(__VA_ARGS__)

// A nibble code's values as f32, for the 16-lane permutes.
INLINE __m512 code_values(enum code code) {
    switch (code) {
    case I4: return EXPAND(_mm512_setr_ps, I4_VALUES);
    case E2M1: return EXPAND(_mm512_setr_ps, E2M1_VALUES);
    case NL4: return EXPAND(_mm512_setr_ps, NL4_VALUES);
    default: return EXPAND(_mm512_setr_ps, U4_VALUES);
    }
}

// The same values as bytes, for `vpshufb` (the AVX2 object's nibble lanes).
INLINE __m128i code_bytes(enum code code) {
    switch (code) {
    case I4: return EXPAND(_mm_setr_epi8, I4_VALUES);
    case E2M1: return EXPAND(_mm_setr_epi8, E2M1_VALUES);
    case NL4: return EXPAND(_mm_setr_epi8, NL4_VALUES);
    default: return EXPAND(_mm_setr_epi8, U4_VALUES);
    }
}

// Bytes of one input's 16 codes.
INLINE size_t input_bytes(enum code code) {
    switch (code) {
    case U4: case I4: case E2M1: case NL4: return 8;
    case I8: return 16;
    case U5: case I5: return 10;
    case U2: return 4;
    case I3: return 6;
    default: return 12;
    }
}

// How group maps are stored. MAP_F16/MAP_F32: one float per group and row. MAP_K6 (Q4_K,
// Q5_K): per tile and super-block of 8 groups, 128 bytes: the 16 rows' f16 factor (d or dmin),
// then each group's 6-bit sub-scales as 8 bytes of low nibbles (rows 2i and 2i+1 in byte i,
// low nibble first) and, after all 8 groups' nibbles, one 32-bit word of top bits per group
// (row r at bits 2r, 2r+1). MAP_K8 (Q6_K): per tile and super-block of 16 groups, 288 bytes:
// the 16 rows' f16 d, then each group's 16 signed 8-bit sub-scales. MAP_E8 (MXFP4): one E8M0
// exponent byte e per group and row, the scale ggml's half of 2^(e - 127): 2^(e - 128), a
// subnormal f32 for e < 2 (`ggml_e8m0_to_fp32_half`). MAP_K6S (IQ4_XS): MAP_K6's layout
// without mins, each 6-bit sub-scale meaning `sc - 32`. MAP_K4 (Q2_K): per tile and
// super-block of 16 groups, 160 bytes: the 16 rows' f16 factor (d or dmin), then each group's
// 4-bit sub-scales as 8 bytes of nibbles (rows 2i and 2i+1 in byte i, low nibble first).
// MAP_K6S16 (Q3_K): MAP_K6S's form for 16 groups of 16, 224 bytes per super-block: the 16
// rows' f16 d, 16 groups' nibbles (8 bytes each), then 16 words of top bits.
enum maps { MAP_F16, MAP_F32, MAP_K6, MAP_K8, MAP_E8, MAP_K6S, MAP_K4, MAP_K6S16 };

// Maps whose mins are stored as positive sub-mins, `min = -(dmin * m)`.
INLINE int negated_mins(enum maps mp) { return mp == MAP_K6 || mp == MAP_K4; }

// Maps in MAP_K6's layout.
INLINE int k6_maps(enum maps mp) { return mp == MAP_K6 || mp == MAP_K6S; }


INLINE uint32_t load_u32(const uint8_t* p) {
    return (uint32_t)_mm_cvtsi128_si32(_mm_loadu_si32(p));
}

INLINE uint64_t load_u64(const uint8_t* p) {
    return (uint64_t)_mm_cvtsi128_si64(_mm_loadl_epi64((const __m128i*)p));
}

// Bytes of one tile row's maps for its first `groups` groups (whole super-blocks for K maps):
// a tile's stride, or where a later group's maps start.
INLINE size_t maps_bytes(enum maps mp, size_t groups) {
    switch (mp) {
    case MAP_F16: return groups * TILE * 2;
    case MAP_F32: return groups * TILE * 4;
    case MAP_K6: case MAP_K6S: return groups / 8 * 128;
    case MAP_E8: return groups * TILE;
    case MAP_K4: return groups / 16 * 160;
    case MAP_K6S16: return groups / 16 * 224;
    default: return groups / 16 * 288;
    }
}

// The 16 rows' scales (or, with `negate`, mins) of group g, from the tile's maps at `base`.
// K maps compute `d * sub_scale` in f32, as the reference rounds it; a min is that product
// negated (sign flipped, so a zero min is -0 as the reference's `x - 0` gives).
INLINE __m512 load_map(enum maps mp, const uint8_t* base, size_t g, int negate) {
    if (mp == MAP_F16) return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(base + g * 32)));
    if (mp == MAP_F32) return _mm512_loadu_ps((const float*)(base + g * 64));
    if (mp == MAP_E8) {
        const __m512i e = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(base + g * TILE)));
        const __mmask16 small = _mm512_cmplt_epu32_mask(e, _mm512_set1_epi32(2));
        const __m512i normal = _mm512_slli_epi32(_mm512_sub_epi32(e, _mm512_set1_epi32(1)), 23);
        const __m512i subnormal = _mm512_sllv_epi32(_mm512_set1_epi32(0x00200000), e);
        return _mm512_castsi512_ps(_mm512_mask_blend_epi32(small, normal, subnormal));
    }
    __m512i sub;
    const uint8_t* p;
    if (k6_maps(mp) || mp == MAP_K6S16) {
        const size_t per = mp == MAP_K6S16 ? 16 : 8;
        p = base + g / per * (32 + per * 12);
        const size_t j = g % per;
        const __m128i bytes = _mm_loadl_epi64((const __m128i*)(p + 32 + j * 8));
        const __m128i low_mask = _mm_set1_epi8(0x0F);
        const __m128i lo = _mm_and_si128(bytes, low_mask);
        const __m128i hi = _mm_and_si128(_mm_srli_epi16(bytes, 4), low_mask);
        const __m512i nibbles = _mm512_cvtepu8_epi32(_mm_unpacklo_epi8(lo, hi));
        const __m512i shifts = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        const __m512i top = _mm512_and_si512(
            _mm512_srlv_epi32(_mm512_set1_epi32((int)load_u32(p + 32 + per * 8 + j * 4)), shifts),
            _mm512_set1_epi32(3));
        sub = _mm512_or_si512(nibbles, _mm512_slli_epi32(top, 4));
        if (mp != MAP_K6) sub = _mm512_sub_epi32(sub, _mm512_set1_epi32(32));
    } else if (mp == MAP_K4) {
        p = base + g / 16 * 160;
        const __m128i bytes = _mm_loadl_epi64((const __m128i*)(p + 32 + g % 16 * 8));
        const __m128i low_mask = _mm_set1_epi8(0x0F);
        const __m128i lo = _mm_and_si128(bytes, low_mask);
        const __m128i hi = _mm_and_si128(_mm_srli_epi16(bytes, 4), low_mask);
        sub = _mm512_cvtepu8_epi32(_mm_unpacklo_epi8(lo, hi));
    } else {
        p = base + g / 16 * 288;
        sub = _mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i*)(p + 32 + g % 16 * 16)));
    }
    const __m512 d = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)p));
    const __m512 v = _mm512_mul_ps(d, _mm512_cvtepi32_ps(sub));
    return negate ? _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(v),
                                                         _mm512_set1_epi32((int)0x80000000u)))
                  : v;
}

// The tiles one workgroup computes: [id * per_workgroup, min((id + 1) * per_workgroup, tiles)).
INLINE void workgroup_tiles(size_t per_workgroup, size_t tiles, size_t id, size_t* begin,
                            size_t* end) {
    *begin = id * per_workgroup;
    *end = *begin + per_workgroup < tiles ? *begin + per_workgroup : tiles;
    if (*begin > *end) *begin = *end;
}

// Several weights with the same inputs and format (q, k and v; gate and up) in one dispatch:
// the workgroups of weight 0 come first, then those of weight 1, ... Each weight has its own
// tile count and output.
struct weight {
    const uint8_t* codes;
    const uint8_t* scales;
    const uint8_t* mins;
    float* y;
    size_t tiles;
};

// The exported entry points, one per group format and weight count (1, 2 or 3). Every buffer
// comes as a base pointer and a byte offset (IREE's bare-pointer calling convention for
// `memref<i8>` plus the offset): x, then each weight's codes, scales (and mins), then each
// output; then K, M, the stored groups per tile row, tiles per workgroup, each weight's tile
// count, and the workgroup id.
#define BUF(p) const uint8_t *p, size_t p##_offset
#define OUT(p) uint8_t *p, size_t p##_offset
#define AT(p) (p + p##_offset)
#define WEIGHT(c, s, m, y, t) \
    { AT(c), AT(s), m, (float*)AT(y), t }

// The three entries of one format (one, two or three weights sharing x), each gathering its
// arguments for `core`: `EXPORTS_MIN_1` for a format with mins, `EXPORTS_MIN_0` without, so
// that a row's `min` column picks one by pasting.
#define EXPORTS_MIN_1(name, core)                                                              \
    LLM_EXPORT void name(                                           \
        BUF(x), BUF(c0), BUF(s0), BUF(m0), OUT(y0), size_t K, size_t M, size_t groups,         \
        size_t per, size_t t0, size_t wg) {                                                    \
        const struct weight w[1] = {WEIGHT(c0, s0, AT(m0), y0, t0)};                           \
        core(AT(x), w, 1, K, M, groups, per, wg);                                              \
    }                                                                                          \
    LLM_EXPORT void name##_x2(                                      \
        BUF(x), BUF(c0), BUF(s0), BUF(m0), BUF(c1), BUF(s1), BUF(m1), OUT(y0), OUT(y1),        \
        size_t K, size_t M, size_t groups, size_t per, size_t t0, size_t t1, size_t wg) {      \
        const struct weight w[2] = {WEIGHT(c0, s0, AT(m0), y0, t0),                            \
                                    WEIGHT(c1, s1, AT(m1), y1, t1)};                           \
        core(AT(x), w, 2, K, M, groups, per, wg);                                              \
    }                                                                                          \
    LLM_EXPORT void name##_x3(                                      \
        BUF(x), BUF(c0), BUF(s0), BUF(m0), BUF(c1), BUF(s1), BUF(m1), BUF(c2), BUF(s2),        \
        BUF(m2), OUT(y0), OUT(y1), OUT(y2), size_t K, size_t M, size_t groups, size_t per,     \
        size_t t0, size_t t1, size_t t2, size_t wg) {                                          \
        const struct weight w[3] = {WEIGHT(c0, s0, AT(m0), y0, t0),                            \
                                    WEIGHT(c1, s1, AT(m1), y1, t1),                            \
                                    WEIGHT(c2, s2, AT(m2), y2, t2)};                           \
        core(AT(x), w, 3, K, M, groups, per, wg);                                              \
    }

#define EXPORTS_MIN_0(name, core)                                                              \
    LLM_EXPORT void name(BUF(x), BUF(c0), BUF(s0), OUT(y0),         \
                                                    size_t K, size_t M, size_t groups,         \
                                                    size_t per, size_t t0, size_t wg) {        \
        const struct weight w[1] = {WEIGHT(c0, s0, 0, y0, t0)};                                \
        core(AT(x), w, 1, K, M, groups, per, wg);                                              \
    }                                                                                          \
    LLM_EXPORT void name##_x2(                                      \
        BUF(x), BUF(c0), BUF(s0), BUF(c1), BUF(s1), OUT(y0), OUT(y1), size_t K, size_t M,      \
        size_t groups, size_t per, size_t t0, size_t t1, size_t wg) {                          \
        const struct weight w[2] = {WEIGHT(c0, s0, 0, y0, t0), WEIGHT(c1, s1, 0, y1, t1)};     \
        core(AT(x), w, 2, K, M, groups, per, wg);                                              \
    }                                                                                          \
    LLM_EXPORT void name##_x3(                                      \
        BUF(x), BUF(c0), BUF(s0), BUF(c1), BUF(s1), BUF(c2), BUF(s2), OUT(y0), OUT(y1),        \
        OUT(y2), size_t K, size_t M, size_t groups, size_t per, size_t t0, size_t t1,          \
        size_t t2, size_t wg) {                                                                \
        const struct weight w[3] = {WEIGHT(c0, s0, 0, y0, t0), WEIGHT(c1, s1, 0, y1, t1),      \
                                    WEIGHT(c2, s2, 0, y2, t2)};                                \
        core(AT(x), w, 3, K, M, groups, per, wg);                                              \
    }

// Groups whose maps `block_maps` decodes together: a K-quant super-block's where that pays,
// else one. K8 (Q6_K) stays per group: its sub-scales are whole bytes, and decoding 16 at a
// time measured no faster.
INLINE size_t map_block_groups(enum maps mp) {
    switch (mp) {
    case MAP_K6: case MAP_K6S: return 8;
    case MAP_K4: case MAP_K6S16: return 16;
    default: return 1;
    }
}

// The sign of every lane flipped: -(d * s) and (-d) * s round alike, so a factor negated once
// gives the negated mins of a whole super-block.
INLINE __m512 negate_ps(__m512 v) {
    return _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(v), _mm512_set1_epi32((int)0x80000000u)));
}

// Eight groups of K6-form 6-bit sub-scales times the widened factor d: the groups' nibbles (8
// bytes each) at `nibbles`, their top-bit words at `words`. The nibbles of all eight are
// split in two byte vectors at once; each group's top bits come from one rotate of its word
// (row r's two bits, at 2r, rotated to bits 4 and 5) and join the nibble in one ternary-logic
// OR: about 7 vector operations per group instead of `load_map`'s 15, in AVX-512 F and BW
// only, so that the f32 kernels (any x86-64-v4 CPU) decode as the integer families do.
// `bias` is subtracted from each sub-scale (32 for the signed forms).
#ifdef LLM_AVX2
// The sub-scales less `bias` of groups 4h + j (lower lane) and 4h + j + 2 (upper lane) of
// eight K6-form groups, as bytes in row order.
INLINE __m256i k6_pair_avx2(const uint8_t* nibbles, const uint8_t* words, int bias, int h,
                            int j) {
    const __m256i low = _mm256_set1_epi8(0x0F);
    // Row r's field: bits 2 (r % 4) of its word's byte r / 4; fields at bits 4-7 are moved to
    // 0-3 by a 16-bit shift (the next byte's bits above them masked off), and the table of the
    // indices f << 0 and f << 2 gives 16 f.
    const __m256i field = AVX2_LANES(3, 12, 48, -64, 3, 12, 48, -64, 3, 12, 48, -64, 3, 12, 48, -64);
    const __m256i value = AVX2_LANES(0, 16, 32, 48, 16, 0, 0, 0, 32, 0, 0, 0, 48, 0, 0, 0);
    // [group 4h | 4h + 2] and [4h + 1 | 4h + 3], rows in order.
    const __m256i bytes = _mm256_loadu_si256((const __m256i*)(nibbles + 32 * h));
    const __m256i lo = _mm256_and_si256(bytes, low);
    const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), low);
    const __m256i nib = j ? _mm256_unpackhi_epi8(lo, hi) : _mm256_unpacklo_epi8(lo, hi);
    const __m256i top = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(words + 16 * h)));
    // Row r of group 4h + j (+2 in the upper lane): byte 4 j (+8) + r / 4 of the words.
    const __m256i from = _mm256_add_epi8(
        AVX2_LANES(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3),
        _mm256_setr_epi32(4 * j * 0x01010101, 4 * j * 0x01010101, 4 * j * 0x01010101,
                          4 * j * 0x01010101, (4 * j + 8) * 0x01010101,
                          (4 * j + 8) * 0x01010101, (4 * j + 8) * 0x01010101,
                          (4 * j + 8) * 0x01010101));
    __m256i f = _mm256_and_si256(_mm256_shuffle_epi8(top, from), field);
    f = _mm256_and_si256(_mm256_or_si256(f, _mm256_srli_epi16(f, 4)), low);
    return _mm256_sub_epi8(_mm256_or_si256(nib, _mm256_shuffle_epi8(value, f)), _mm256_set1_epi8((char)bias));
}

// `k6_groups` in AVX2's byte shuffles, the same values: the eight groups' sub-scales as bytes,
// two groups a vector (one a 128-bit lane): the nibbles interleaved, each row's two top bits
// picked from its group's word with one shuffle, moved to bits 4 and 5 with a 16-entry table
// (the fold of q8_avx2.h's `q8_add_high6`), then each group widened to f32. The 16-lane form
// through avx2.h's halves took about twice the operations (its rotates and ternary logic are
// several AVX2 operations each).
INLINE void k6_groups_avx2(__m512 d, const uint8_t* nibbles, const uint8_t* words, int bias,
                           __m512* out) {
#pragma GCC unroll 2
    for (int h = 0; h < 2; ++h) {
#pragma GCC unroll 2
        for (int j = 0; j < 2; ++j) {
            const __m256i sub = k6_pair_avx2(nibbles, words, bias, h, j);
#pragma GCC unroll 2
            for (int lane = 0; lane < 2; ++lane) {
                const __m128i s = lane ? _mm256_extracti128_si256(sub, 1) : _mm256_castsi256_si128(sub);
                // Sub-scales less 32 are signed bytes; unbiased ones reach 63, signed too.
                const __m512 v = (__m512){_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(s)),
                                          _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_srli_si128(s, 8)))};
                out[4 * h + j + 2 * lane] = _mm512_mul_ps(d, v);
            }
        }
    }
}
#endif

INLINE void k6_groups(__m512 d, const uint8_t* nibbles, const uint8_t* words, int bias,
                      __m512* out) {
#ifdef LLM_AVX2
    k6_groups_avx2(d, nibbles, words, bias, out);
    return;
#endif
    // 128-bit lane L of `even` holds group 2L's 16 rows, of `odd` group 2L + 1's.
    const __m512i bytes = _mm512_loadu_si512((const void*)nibbles);
    const __m512i low = _mm512_set1_epi8(0x0F);
    const __m512i lo = _mm512_and_si512(bytes, low);
    const __m512i hi = _mm512_and_si512(_mm512_srli_epi16(bytes, 4), low);
    const __m512i even = _mm512_unpacklo_epi8(lo, hi), odd = _mm512_unpackhi_epi8(lo, hi);
    // (2r - 4) mod 32 for row r.
    const __m512i rotate = _mm512_setr_epi32(28, 30, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26);
    const __m512i top_bits = _mm512_set1_epi32(0x30), b = _mm512_set1_epi32(bias);
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) {
        const __m512i top = _mm512_rorv_epi32(_mm512_set1_epi32((int)load_u32(words + 4 * j)), rotate);
        const __m512i nib = _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(j % 2 ? odd : even, j / 2));
        // nib | (top & 0x30).
        const __m512i sub = _mm512_ternarylogic_epi32(nib, top, top_bits, 0xF8);
        out[j] = _mm512_mul_ps(d, _mm512_cvtepi32_ps(_mm512_sub_epi32(sub, b)));
    }
}

// Sixteen groups of K4 (Q2_K) 4-bit sub-scales (8 bytes of nibbles each, at `nibbles`) times
// the widened factor d.
INLINE void k4_groups(__m512 d, const uint8_t* nibbles, __m512* out) {
    const __m512i low = _mm512_set1_epi8(0x0F);
#pragma GCC unroll 2
    for (int half = 0; half < 2; ++half) {
        const __m512i bytes = _mm512_loadu_si512((const void*)(nibbles + 64 * half));
        const __m512i lo = _mm512_and_si512(bytes, low);
        const __m512i hi = _mm512_and_si512(_mm512_srli_epi16(bytes, 4), low);
        const __m512i even = _mm512_unpacklo_epi8(lo, hi), odd = _mm512_unpackhi_epi8(lo, hi);
#pragma GCC unroll 8
        for (int j = 0; j < 8; ++j)
            out[8 * half + j] = _mm512_mul_ps(d, _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(
                                                     _mm512_extracti32x4_epi32(j % 2 ? odd : even, j / 2))));
    }
}

// The 16 rows' scales (with `negate`, mins) of the groups of map block `block` (see
// `map_block_groups`), as `load_map` gives them one at a time, bit for bit. A super-block's
// f16 factor is widened once (negated first for mins) and its sub-scales decoded together:
// Q2_K's two maps cost 18 vector operations per group of 16 one at a time, under 4 here.
INLINE void block_maps(enum maps mp, const uint8_t* base, size_t block, int negate, __m512* out) {
    const size_t per = map_block_groups(mp);
    if (per == 1) {
        out[0] = load_map(mp, base, block, negate);
        return;
    }
    const uint8_t* p = base + maps_bytes(mp, block * per);
    __m512 d = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)p));
    if (negate) d = negate_ps(d);
    switch (mp) {
    case MAP_K6: k6_groups(d, p + 32, p + 96, 0, out); break;
    case MAP_K6S: k6_groups(d, p + 32, p + 96, 32, out); break;
    case MAP_K6S16:
        // 16 groups' nibbles, then their 16 top-bit words: two K6 halves.
        k6_groups(d, p + 32, p + 160, 32, out);
        k6_groups(d, p + 96, p + 192, 32, out + 8);
        break;
    default: k4_groups(d, p + 32, out); break;
    }
}

// Asks for group g's maps (scales, and mins when there are) ahead of their use. Where a row is
// read in several chunks, each chunk's maps are a stream of 1-2 KiB of their own, too short
// for the hardware prefetcher to follow. Maps decoded a super-block at a time (`block_maps`)
// are asked for whole, ahead of the block's first group.
INLINE void prefetch_maps(enum maps mp, const uint8_t* st, const uint8_t* mt, size_t g) {
    const size_t per = map_block_groups(mp);
    if (per > 1) {
        if (g % per) return;
        const size_t at = maps_bytes(mp, g), bytes = maps_bytes(mp, per);
        for (size_t line = 0; line < bytes + 63; line += 64) {
            const size_t o = at + (line < bytes ? line : bytes - 1);
            _mm_prefetch((const char*)(st + o), _MM_HINT_T0);
            if (mt) _mm_prefetch((const char*)(mt + o), _MM_HINT_T0);
        }
        return;
    }
    size_t at = maps_bytes(mp, g);
    if (mp == MAP_K8) {
        // A K8 block: the 16 rows' f16 d, then 16 bytes per group.
        if (g % 16 == 0) _mm_prefetch((const char*)(st + at), _MM_HINT_T0);
        at += 32 + 16 * (g % 16);
    }
    _mm_prefetch((const char*)(st + at), _MM_HINT_T0);
    if (mt) _mm_prefetch((const char*)(mt + at), _MM_HINT_T0);
}

// What is added to a code to make it unsigned for `vpdpbusd` (see q8_matmul.c): the least
// power of two that does (its products with a scale stay exact).
INLINE int code_offset(enum code code) {
    switch (code) {
    case I4: return 8;
    case E2M1: return 16;
    case I3: return 4;
    case NL4: return 128;
    case I5: return 16;
    case I6: return 32;
    case I8: return 128;
    default: return 0;
    }
}

// The integer-product families (q8_matmul.c, fixed_matvec.c) need AVX-512 VNNI, VBMI (byte
// permutes) and BITALG (bit gathers of 5- and 6-bit codes' high bits) beyond x86-64-v4: Zen 4,
// Ice Lake and later. The AVX2 object has neither.
#ifndef LLM_AVX2
#pragma GCC push_options
#pragma GCC target("avx512vnni,avx512vbmi,avx512bitalg,bmi2")

// Where byte b of a quad (row r = b / 4, input s = b % 4) finds its two high bits of a 6-bit
// code (see `enum code`): in the pair word of inputs s / 2, from bit 32 (r % 2) + 16 (s % 2) +
// 2 (r / 2); the index is that less 4 (mod 64: `vpmultishiftqb` rotates), so that the 8 bits
// read from there hold the field at bits 4 and 5.
INLINE void i6_high_index(uint8_t* index) {
    for (int b = 0; b < 64; ++b) {
        const int r = b / 4, s = b % 4;
        index[b] = (uint8_t)((32 * (r % 2) + 16 * (s % 2) + 2 * (r / 2) + 60) % 64);
    }
}

// `quad` (nibbles of four inputs' 6-bit codes) with the codes' high bits added, from the two
// pair words at `words`: each byte's two bits moved to bits 4 and 5 with one byte-granular
// shift per pair word (`vpmultishiftqb`, bytes of inputs 2 and 3 from the second word), then
// put above the nibble with one ternary-logic OR: 3 operations per quad where two bit
// shuffles and a masked add per bit took 8. Q6_K's fixed-point one-token product measured
// 1.6x as fast from L2 and 1.35x from memory (23 -> 31 GiB/s, 0.9 of the stream; Zen 4).
INLINE __m512i i6_add_high(__m512i quad, const uint8_t* words, __m512i index) {
    __m512i fields = _mm512_multishift_epi64_epi8(index, _mm512_set1_epi64((long long)load_u64(words)));
    fields = _mm512_mask_multishift_epi64_epi8(fields, 0xCCCCCCCCCCCCCCCCull, index,
                                               _mm512_set1_epi64((long long)load_u64(words + 8)));
    // quad | (fields & 0x30).
    return _mm512_ternarylogic_epi32(quad, fields, _mm512_set1_epi8(0x30), 0xF8);
}

// A table code's values plus its offset as unsigned bytes, the 16 repeated in each 128-bit
// lane: `vpshufb` of a vector of indices (0..15) by it gives the codes `vpdpbusd` takes.
INLINE __m512i table_bytes(enum code code) {
    int8_t values[16];
    const __m512 v = code_values(code);
    __m512i q = _mm512_add_epi32(_mm512_cvtps_epi32(v), _mm512_set1_epi32(code_offset(code)));
    _mm_storeu_si128((__m128i*)values, _mm512_cvtepi32_epi8(q));
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i*)values));
}

// Four inputs' U2 codes as one quad for `vpdpbusd`, each row's field still where its stored
// byte holds it: row r's codes of the four inputs at bytes 4r..4r+3, from `codes` holding 16
// inputs' 64 bytes (inputs 4 * quad .. 4 * quad + 3 are taken). Each byte takes the stored byte
// holding its field (input i, row r: byte 16 * quad + 4i + r / 4), whose field is at bits
// 2 (r % 4) and up: every byte of row r's lane has it at the same bits.
INLINE __m512i u2_quad_bytes(__m512i codes, int quad) {
    // from[j] = 4 * (j % 4) + j / 16.
    static const uint8_t from[64] __attribute__((aligned(64))) = {
        0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12,
        1, 5, 9, 13, 1, 5, 9, 13, 1, 5, 9, 13, 1, 5, 9, 13,
        2, 6, 10, 14, 2, 6, 10, 14, 2, 6, 10, 14, 2, 6, 10, 14,
        3, 7, 11, 15, 3, 7, 11, 15, 3, 7, 11, 15, 3, 7, 11, 15,
    };
    const __m512i index = _mm512_add_epi8(_mm512_load_si512((const void*)from), _mm512_set1_epi8((char)(16 * quad)));
    return _mm512_permutexvar_epi8(index, codes);
}

// `u2_quad_bytes` with each field shifted down within the qword (`vpmultishiftqb` reads 8 bits
// from any bit offset) and masked: the codes themselves.
INLINE __m512i u2_quad_of(__m512i codes, int quad) {
    // at[j] = 8 * (j % 8) + 2 * (j / 4 % 4).
    static const uint8_t at[64] __attribute__((aligned(64))) = {
        0, 8, 16, 24, 34, 42, 50, 58, 4, 12, 20, 28, 38, 46, 54, 62,
        0, 8, 16, 24, 34, 42, 50, 58, 4, 12, 20, 28, 38, 46, 54, 62,
        0, 8, 16, 24, 34, 42, 50, 58, 4, 12, 20, 28, 38, 46, 54, 62,
        0, 8, 16, 24, 34, 42, 50, 58, 4, 12, 20, 28, 38, 46, 54, 62,
    };
    return _mm512_and_si512(_mm512_multishift_epi64_epi8(_mm512_load_si512((const void*)at),
                                                         u2_quad_bytes(codes, quad)),
                            _mm512_set1_epi8(3));
}

// `u2_quad_of` of the four inputs whose 16 bytes are at p.
INLINE __m512i u2_quad(const uint8_t* p) {
    return u2_quad_of(_mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i*)p)), 0);
}

// `quad` (four inputs' U2 codes, see `u2_quad`) plus 4 where the input's third bit is set: the
// 64 bits at p hold four inputs' 16-bit words, row r's bit of input i at 16i + r. Each byte
// (row r, input i: byte 4r + i) reads 8 bits from bit 16i + r - 2 (mod 64) with one
// byte-granular shift (`vpmultishiftqb`), which puts its bit at bit 2, and one ternary-logic
// OR adds it: from L2 the same for the fixed-point Q3_K product (+0-3%) and 1.08x for the
// 8-bit one, against a bit shuffle into a mask and a masked add.
INLINE __m512i i3_add_high(__m512i quad, const uint8_t* p) {
    // at[j] = (16 * (j % 4) + j / 4 + 62) % 64.
    static const uint8_t at[64] __attribute__((aligned(64))) = {
        62, 14, 30, 46, 63, 15, 31, 47, 0, 16, 32, 48, 1, 17, 33, 49,
        2, 18, 34, 50, 3, 19, 35, 51, 4, 20, 36, 52, 5, 21, 37, 53,
        6, 22, 38, 54, 7, 23, 39, 55, 8, 24, 40, 56, 9, 25, 41, 57,
        10, 26, 42, 58, 11, 27, 43, 59, 12, 28, 44, 60, 13, 29, 45, 61,
    };
    const __m512i bits = _mm512_multishift_epi64_epi8(_mm512_load_si512((const void*)at),
                                                      _mm512_set1_epi64((long long)load_u64(p)));
    // quad | (bits & 4).
    return _mm512_ternarylogic_epi32(quad, bits, _mm512_set1_epi8(4), 0xF8);
}

// acc + w . (the four int8 at x, broadcast): the broadcast as the instruction's memory
// operand (`{1to16}`), which GCC does not fold from the intrinsics; a separate broadcast costs
// an extra operation per `vpdpbusd`.
INLINE __m512i dpbusd_broadcast(__m512i acc, __m512i w, const uint8_t* x) {
#ifdef Q8_NO_ASM
    int32_t four;
    __builtin_memcpy(&four, x, 4);
    return _mm512_dpbusd_epi32(acc, w, _mm512_set1_epi32(four));
#else
    __asm__("vpdpbusd %2%{1to16%}, %1, %0" : "+v"(acc) : "v"(w), "m"(*(const int32_t*)x));
    return acc;
#endif
}

#pragma GCC pop_options
#endif

#endif
