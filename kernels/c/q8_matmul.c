// Products of grouped weights with activations quantized to 8 bits (opt-in and lossy: the
// exact kernels in grouped_matmul.c are the default). Prefill is bound by f32 FMAs: one FMA
// does 16 multiply-adds, one AVX-512 VNNI `vpdpbusd` 64 (u8 x s8 -> i32, four per 32-bit
// lane). So each token's activations are first quantized per block of inputs to int8 with an
// f32 scale (`q8_quantize`, its own dispatch), 32 inputs per block for the per-group formats
// (as llama.cpp's Q8_0) and 256 for K-quants (Q8_K), with each group's sum of the int8 codes.
// The product then reads the weight codes as stored, rearranges one tile's codes for a chunk
// of inputs into the VNNI order on the stack (`q8_unpack`: lane r of a vector holds row r's
// codes of four consecutive inputs, as unsigned bytes), and multiplies them into one i32
// accumulator per token and group, broadcasting four int8 activations per instruction.
//
// The arithmetic, for row r, token m, activation block b (scale dx) and group g in it, with
// u the stored unsigned code (q + off: offset 8 for I4, 16 for I5 and E2M1, 32 for I6, 128
// for I8 and NL4, 0 for U4 and U5; a table code's q is its table value), S_g the group's sum of int8 activations:
//   dot_g = sum_k u[r, k] * qx[k]                                     (exact, i32)
//   part_b = fma chain over the block's groups, in order:
//            part = fma(f32(dot_g), scale_g, part); part = fma(minoff_g, f32(S_g), part)
//   y += part_b * dx_b (fma), blocks in order
// with minoff_g = min_g - off * scale_g (0 for a format without mins): the offset of signed
// codes is subtracted as off * S_g, which the min term carries. Integer sums are exact; the
// floats follow this order, so the test's scalar reference gives the same bits. The AVX2
// object multiplies the super-block formats' sub-scales in integers instead, with one f32
// step per super-block (q8_avx2.h, "Integer sub-scales"; `GroupedMatmul::q8_int_subs`).
//
// Same constraints as grouped_matmul.c (see grouped.h), and the CPU features grouped.h names
// for the integer-product families.

#include "formats.h"
#include "grouped.h"

#ifndef LLM_AVX2
#pragma GCC push_options
#pragma GCC target("avx512vnni,avx512vbmi,avx512bitalg,bmi2")
#endif
// Inputs of one tile rearranged at a time (a multiple of 256): 8 KiB of codes and 4 KiB of
// per-group scale vectors on the stack.
#define Q8_CHUNK 512
// Tokens whose sums for one tile stay on the stack across chunks (16 KiB), written to y once:
// y's layout puts a tile's 16 rows of one token M floats apart, which costs 16 scalar stores
// per token each time.
#define Q8_SPAN 256
// Tokens one workgroup of the quantizer takes (one vector lane each).
#define Q8_TOKENS 16

// Inputs per activation scale: a K-quant super-block as llama.cpp's Q8_K, else one group of
// 32 as Q8_0.
INLINE int q8_block(enum maps mp) {
    return k6_maps(mp) || mp == MAP_K8 || mp == MAP_K4 || mp == MAP_K6S16 ? 256 : 32;
}

// Quantized activations of K inputs and M tokens, one buffer: codes [M, K] i8, then scales
// [M, K / block] f32, then group sums [M, K / group] f32 (integers, exact in f32).
INLINE size_t q8_scales_at(size_t K, size_t M) { return K * M; }
INLINE size_t q8_sums_at(size_t K, size_t M, size_t block) { return K * M + M * (K / block) * 4; }

// Bytes of codes ahead of their use that `q8_unpack` asks for (see fixed_matvec.c's
// FX_PREFETCH_BYTES): one token from memory (weights 5x the L3, 2-core Zen 4) read Q8_0 1.5x
// as fast (17 -> 26 GiB/s), Q6_K and MXFP4 1.2x, Q3_K 1.08x; Q4_K the same.
#ifndef Q8_PREFETCH_BYTES
#define Q8_PREFETCH_BYTES 8192
#endif

#ifdef LLM_AVX2
#include "q8_avx2.h"
#else
// Tokens multiplied together: 8 i32 and 8 f32 accumulators in registers.
#define Q8_MR 8

// Tokens m0.. (up to 16) of x [K, M] f32: per block, d = amax / 127 and q = round-to-nearest-
// even(x * (127 / amax)) (0 for an all-zero block), clamped to [-127, 127].
INLINE void q8_quantize(const float* x, uint8_t* xq, size_t K, size_t M, size_t block,
                        size_t group, size_t m0) {
    if (m0 >= M || block > 256 || K % block || block % group) return;
    const int mb = M - m0 < Q8_TOKENS ? (int)(M - m0) : Q8_TOKENS;
    const __mmask16 live = (__mmask16)((1u << mb) - 1);
    float* scales = (float*)(xq + q8_scales_at(K, M));
    float* sums = (float*)(xq + q8_sums_at(K, M, block));
    const size_t blocks = K / block, groups = K / group;
    // One block's codes, input-major (a token per byte), before they are written token-major.
    int8_t q[256 * Q8_TOKENS] __attribute__((aligned(64)));
    for (size_t b0 = 0; b0 < K; b0 += block) {
        const float* xb = x + b0 * M + m0;
        __m512 amax = _mm512_setzero_ps();
        for (size_t k = 0; k < block; ++k)
            amax = _mm512_max_ps(amax, _mm512_abs_ps(_mm512_maskz_loadu_ps(live, xb + k * M)));
        const __mmask16 nonzero = _mm512_cmp_ps_mask(amax, _mm512_setzero_ps(), _CMP_NEQ_OQ);
        const __m512 d = _mm512_div_ps(amax, _mm512_set1_ps(127.0f));
        const __m512 id = _mm512_maskz_div_ps(nonzero, _mm512_set1_ps(127.0f), amax);
        float dv[Q8_TOKENS];
        _mm512_storeu_ps(dv, d);
        for (int m = 0; m < mb; ++m) scales[(m0 + m) * blocks + b0 / block] = dv[m];
        __m512i s = _mm512_setzero_si512();
        for (size_t k = 0; k < block; ++k) {
            const __m512 v = _mm512_mul_ps(_mm512_maskz_loadu_ps(live, xb + k * M), id);
            __m512i qi = _mm512_cvt_roundps_epi32(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            qi = _mm512_min_epi32(_mm512_max_epi32(qi, _mm512_set1_epi32(-127)),
                                  _mm512_set1_epi32(127));
            s = _mm512_add_epi32(s, qi);
            _mm_store_si128((__m128i*)(q + k * Q8_TOKENS), _mm512_cvtepi32_epi8(qi));
            if ((k + 1) % group == 0) {
                float sv[Q8_TOKENS];
                _mm512_storeu_ps(sv, _mm512_cvtepi32_ps(s));
                const size_t g = (b0 + k) / group;
                for (int m = 0; m < mb; ++m) sums[(m0 + m) * groups + g] = sv[m];
                s = _mm512_setzero_si512();
            }
        }
        int8_t* codes = (int8_t*)xq;
        for (int m = 0; m < mb; ++m) {
            int8_t* row = codes + (m0 + m) * K + b0;
            for (size_t k = 0; k < block; ++k) row[k] = q[k * Q8_TOKENS + m];
        }
    }
}

// One tile's chunk of inputs ready for `vpdpbusd`: quad i (inputs 4i..4i+3 of the chunk) as 64
// bytes, row r's four unsigned codes at bytes 4r..4r+3; each group's scales and `minoff`.
struct q8_chunk {
    uint8_t quads[Q8_CHUNK / 4][64] __attribute__((aligned(64)));
    float scale[Q8_CHUNK / 16][TILE] __attribute__((aligned(64)));
    float minoff[Q8_CHUNK / 16][TILE] __attribute__((aligned(64)));
};

// Byte permutations and bit positions `q8_unpack` uses, built once per call by formula.
struct q8_tables {
    // Nibble codes: from [lo | hi] nibbles of 8 inputs (input k's row 2i at lo byte 8k + i, row
    // 2i + 1 at hi byte 8k + i) to quad 0 (inputs 0..3) and quad 1 (inputs 4..7).
    uint8_t nibbles[2][64] __attribute__((aligned(64)));
    // Byte codes: from 4 inputs x 16 rows to 16 rows x 4 inputs.
    uint8_t bytes[64] __attribute__((aligned(64)));
    // High bits: the bit of two 32-bit words (inputs k, k+1, then k+2, k+3; row r of input
    // k + s at bit 16 * (r % 2) + 8 * s + r / 2) that belongs to each byte of a quad.
    uint8_t high[64] __attribute__((aligned(64)));
    // 6-bit codes' high bits (`i6_add_high`).
    uint8_t high6[64] __attribute__((aligned(64)));
};

INLINE void q8_build_tables(struct q8_tables* t) {
    for (int j = 0; j < 64; ++j) {
        const int r = j / 4, kk = j % 4;
        for (int quad = 0; quad < 2; ++quad)
            t->nibbles[quad][j] = (uint8_t)((4 * quad + kk) * 8 + r / 2 + (r % 2 ? 64 : 0));
        t->bytes[j] = (uint8_t)(kk * 16 + r);
        t->high[j] = (uint8_t)(32 * (kk / 2) + 16 * (r % 2) + 8 * (kk % 2) + r / 2);
    }
    i6_high_index(t->high6);
}

// Adds 16 (or `add`) to the bytes of `quad` whose bit in `bits` (64 bits, see `high`) is set.
INLINE __m512i q8_add_high(__m512i quad, uint64_t bits, __m512i index, int add) {
    const __mmask64 set = _mm512_bitshuffle_epi64_mask(_mm512_set1_epi64((long long)bits), index);
    return _mm512_mask_add_epi8(quad, set, quad, _mm512_set1_epi8((char)add));
}


// The two quads of inputs k..k+3 and k+4..k+7 of one tile's group of codes at `cg`
// (`group` inputs): row r's four unsigned codes at bytes 4r..4r+3.
INLINE void q8_quads(enum code code, int group, const struct q8_tables* tb, const uint8_t* cg,
                     int k, __m512i* out0, __m512i* out1) {
    const __m512i nib0 = _mm512_load_si512(tb->nibbles[0]);
    const __m512i nib1 = _mm512_load_si512(tb->nibbles[1]);
    const __m512i bytes_index = _mm512_load_si512(tb->bytes);
    const __m512i high_index = _mm512_load_si512(tb->high);
    const __m512i low_mask = _mm512_set1_epi8(0x0F);
    const __m512i values = table_bytes(code);
    __m512i q0, q1;
    if (two_bit_code(code)) {
        const __m512i codes16 = _mm512_loadu_si512((const void*)(cg + k / 16 * 64));
        q0 = u2_quad_of(codes16, k % 16 / 4);
        q1 = u2_quad_of(codes16, k % 16 / 4 + 1);
        if (code == I3) {
            q0 = i3_add_high(q0, cg + (size_t)group * 4 + (size_t)k * 2);
            q1 = i3_add_high(q1, cg + (size_t)group * 4 + (size_t)(k + 4) * 2);
        }
    } else if (code == I8) {
        const __m512i flip = _mm512_set1_epi8((char)0x80);
        q0 = _mm512_xor_si512(_mm512_permutexvar_epi8(
            bytes_index, _mm512_loadu_si512((const void*)(cg + k * 16))), flip);
        q1 = _mm512_xor_si512(_mm512_permutexvar_epi8(
            bytes_index, _mm512_loadu_si512((const void*)(cg + (k + 4) * 16))), flip);
    } else {
        __m512i src = _mm512_loadu_si512((const void*)(cg + k * 8));
        // Two's complement nibbles n to n ^ 8 = q + 8.
        if (code == I4) src = _mm512_xor_si512(src, _mm512_set1_epi8((char)0x88));
        const __m512i lo = _mm512_and_si512(src, low_mask);
        const __m512i hi = _mm512_and_si512(_mm512_srli_epi16(src, 4), low_mask);
        q0 = _mm512_permutex2var_epi8(lo, nib0, hi);
        q1 = _mm512_permutex2var_epi8(lo, nib1, hi);
        if (table_code(code)) {
            // Indices to the table's values plus the offset.
            q0 = _mm512_shuffle_epi8(values, q0);
            q1 = _mm512_shuffle_epi8(values, q1);
        }
        const uint8_t* high = cg + (size_t)group * 8;
        if (code == U5 || code == I5) {
            q0 = q8_add_high(q0, load_u64(high + (size_t)(k / 2) * 4), high_index, 16);
            q1 = q8_add_high(q1, load_u64(high + (size_t)(k / 2 + 2) * 4), high_index, 16);
        } else if (code == I6) {
            // Each pair of inputs' 64-bit word of high bits (see `i6_add_high`; one token's
            // 8-bit Q6_K product measured 1.7x as fast from L2 as through bit extracts, 1.1x
            // from memory: 0.94 of the stream).
            const __m512i index6 = _mm512_load_si512(tb->high6);
            const uint8_t* w = high + (size_t)(k / 2) * 8;
            q0 = i6_add_high(q0, w, index6);
            q1 = i6_add_high(q1, w + 16, index6);
        }
    }
    *out0 = q0;
    *out1 = q1;
}


// Inputs k..k+7 of one tile's group of codes as two quads.
INLINE void q8_store_quads(enum code code, int group, const struct q8_tables* tb,
                           const uint8_t* cg, int k, uint8_t (*quads)[64]) {
    __m512i q0, q1;
    q8_quads(code, group, tb, cg, k, &q0, &q1);
    _mm512_store_si512((void*)quads[0], q0);
    _mm512_store_si512((void*)quads[1], q1);
}

// acc[m] (16 rows of token rows[m]) += the chunk's product, for mr tokens; inputs k0..k0+n.
// xq points at the activations' codes; scales and sums at theirs.
INLINE void q8_tokens(enum code code, enum maps mp, int has_min, int mr, int group, int block,
                      const struct q8_chunk* w, size_t n, const uint8_t* xq, const float* xs,
                      const float* xsum, size_t K, const uint32_t* rows, size_t k0,
                      float (*acc)[TILE]) {
    (void)code, (void)mp, (void)has_min;
    const size_t blocks = K / block, groups = K / group;
    for (size_t b = 0; b < n; b += block) {
        __m512 part[Q8_MR];
#pragma GCC unroll 8
        for (int m = 0; m < mr; ++m) part[m] = _mm512_setzero_ps();
        for (size_t g = b / group; g < (b + block) / group; ++g) {
            __m512i dot[Q8_MR];
#pragma GCC unroll 8
            for (int m = 0; m < mr; ++m) dot[m] = _mm512_setzero_si512();
#pragma GCC unroll 8
            for (int i = 0; i < group / 4; ++i) {
                const size_t q = g * group / 4 + i;
                const __m512i wq = _mm512_load_si512((const void*)w->quads[q]);
                const uint8_t* xk = xq + k0 + q * 4;
#pragma GCC unroll 8
                for (int m = 0; m < mr; ++m) dot[m] = dpbusd_broadcast(dot[m], wq, xk + (size_t)rows[m] * K);
            }
            const __m512 sc = _mm512_load_ps(w->scale[g]);
            const __m512 mo = _mm512_load_ps(w->minoff[g]);
            const size_t gx = k0 / group + g;
#pragma GCC unroll 8
            for (int m = 0; m < mr; ++m) {
                part[m] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot[m]), sc, part[m]);
                part[m] = _mm512_fmadd_ps(mo, _mm512_set1_ps(xsum[(size_t)rows[m] * groups + gx]), part[m]);
            }
        }
        const size_t bx = (k0 + b) / block;
#pragma GCC unroll 8
        for (int m = 0; m < mr; ++m)
            _mm512_store_ps(acc[m], _mm512_fmadd_ps(part[m], _mm512_set1_ps(xs[(size_t)rows[m] * blocks + bx]),
                                                    _mm512_load_ps(acc[m])));
    }
}

// One group's integer sums for one token: the tile's codes at `cg` from memory, the token's
// codes at xg, in two chains (the two quads of each 8 inputs; integer sums: any order).
INLINE __m512i q8_group_dot(enum code code, int group, const struct q8_tables* tables,
                            const uint8_t* cg, const uint8_t* xg, float xsum) {
    (void)xsum;
    __m512i dot[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
#pragma GCC unroll 4
    for (int k = 0; k < group; k += 8) {
        __m512i q0, q1;
        q8_quads(code, group, tables, cg, k, &q0, &q1);
        dot[0] = dpbusd_broadcast(dot[0], q0, xg + k);
        dot[1] = dpbusd_broadcast(dot[1], q1, xg + k + 4);
    }
    return _mm512_add_epi32(dot[0], dot[1]);
}
#endif

// Groups g0..g0+gn of one tile (codes at `codes`, maps at `scales` and `mins`) into `out`.
// The tiles of a weight lie one after another, so the codes and maps `Q8_PREFETCH_BYTES` of
// codes ahead are asked for along that order: `maps_ahead` bytes of maps ahead.
INLINE void q8_unpack(enum code code, int group, enum maps mp, int has_min,
                      const struct q8_tables* tb, const uint8_t* codes, const uint8_t* scales,
                      const uint8_t* mins, size_t g0, size_t gn, size_t maps_ahead,
                      struct q8_chunk* out) {
    const size_t code_bytes = input_bytes(code);
    const float off = (float)code_offset(code);
    // One map block's scales and mins at a time (chunks are whole blocks).
    const size_t per_block = map_block_groups(mp);
    __m512 block_scale[16], block_min[16];
    for (size_t g = 0; g < gn; ++g) {
        const uint8_t* cg = codes + (g0 + g) * group * code_bytes;
        for (size_t line = 0; line < group * code_bytes; line += 64)
            _mm_prefetch((const char*)(cg + Q8_PREFETCH_BYTES + line), _MM_HINT_T0);
        const size_t map_at = maps_bytes(mp, g0 + g) + maps_ahead;
        _mm_prefetch((const char*)(scales + map_at), _MM_HINT_T0);
        if (has_min) _mm_prefetch((const char*)(mins + map_at), _MM_HINT_T0);
        uint8_t(*quads)[64] = out->quads + g * group / 4;
        for (int k = 0; k < group; k += 8) {
            q8_store_quads(code, group, tb, cg, k, quads + k / 4);
        }
#ifdef Q8_INT_SUBS
        if (q8_int_subs(mp)) {
            const size_t per = (size_t)subs_groups(group);
            if ((g0 + g) % per == 0)
                subs_unpack_block(code, mp, group, has_min, scales, mins, (g0 + g) / per, g, out);
            continue;
        }
#endif
        const size_t j = (g0 + g) % per_block;
        if (j == 0) {
            block_maps(mp, scales, (g0 + g) / per_block, 0, block_scale);
            if (has_min) block_maps(mp, mins, (g0 + g) / per_block, negated_mins(mp), block_min);
        }
        const __m512 d = block_scale[j];
        const __m512 mn = has_min ? block_min[j] : _mm512_setzero_ps();
        _mm512_store_ps(out->scale[g], d);
        // min - off * scale, one rounding (off * scale is exact: off is a power of two).
        _mm512_store_ps(out->minoff[g], _mm512_fnmadd_ps(_mm512_set1_ps(off), d, mn));
    }
}

// `q8_tokens` for the span's tokens rows[0..span), Q8_MR at a time, then 4, 2, 1.
INLINE void q8_span(enum code code, enum maps mp, int has_min, int group, int block,
                    const struct q8_chunk* w, size_t n, const uint8_t* xq, const float* xs,
                    const float* xsum, size_t K, const uint32_t* rows, size_t span, size_t k0,
                    float (*acc)[TILE]) {
    size_t m = 0;
#define Q8_TOKENS_AT(mr)                                                                       \
    q8_tokens(code, mp, has_min, mr, group, block, w, n, xq, xs, xsum, K, rows + m, k0, acc + m)
    for (; m + Q8_MR <= span; m += Q8_MR) Q8_TOKENS_AT(Q8_MR);
    if (m + 4 <= span) { Q8_TOKENS_AT(4); m += 4; }
    if (m + 2 <= span) { Q8_TOKENS_AT(2); m += 2; }
    if (m < span) Q8_TOKENS_AT(1);
#undef Q8_TOKENS_AT
}

// One token (M == 1): the tiles' codes go from memory into `vpdpbusd` in registers, as
// fixed_matvec.c's do, without `q8_unpack`'s pass through the stack, which at one token costs
// more than the products (the rearranged codes are read back once). The arithmetic is
// `q8_tokens`' for one token, in the same order, so the bits are the same: per group the
// integer sum, then part = fma(f32(dot), scale, part) and part = fma(minoff, f32(S), part),
// and y += part * dx per block. The codes and maps are asked for `Q8_PREFETCH_BYTES` ahead
// along the reading order, as fixed_matvec.c does. One token from memory (weights 5x the L3,
// 2-core Zen 4, against the unpacking path in alternating rounds): Q4_K 28 -> 34 GiB/s (0.98
// of a stream of the same bytes), Q8_0 17 -> 29, MXFP4 24 -> 35, IQ4_XS 28 -> 34.5, Q3_K
// 19 -> 30, Q6_K 21 -> 29; from L2 Q4_K 39 -> 62 GiB/s.
// The token's codes are at xq, its block scales at xs and its group sums at xsum.
INLINE void q8_matvec(enum code code, int group, enum maps mp, int has_min, const uint8_t* xq,
                      const float* xs, const float* xsum, const uint8_t* codes,
                      const uint8_t* scales, const uint8_t* mins, float* y, size_t K,
                      size_t stored_groups, size_t tile_begin, size_t tile_end) {
    const size_t block = (size_t)q8_block(mp), groups = K / group;
    const size_t group_bytes = (size_t)group * input_bytes(code);
    const size_t tile_codes = stored_groups * group_bytes;
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    const __m512 off = _mm512_set1_ps((float)code_offset(code));
    struct q8_tables tables;
    q8_build_tables(&tables);
    const size_t per_block = map_block_groups(mp);
    __m512 block_scale[16], block_min[16];
    // The prefetch cursor: tile tile_begin + pi, group pg, `ahead` groups past the one read.
    const size_t ahead = Q8_PREFETCH_BYTES / group_bytes;
    size_t pi = 0, pg = 0;
    const size_t tn = tile_end - tile_begin;
#define Q8_PREFETCH_NEXT                                                                       \
    do {                                                                                       \
        if (pi < tn) {                                                                         \
            const size_t pt = tile_begin + pi;                                                 \
            const uint8_t* cp = codes + pt * tile_codes + pg * group_bytes;                    \
            for (size_t line = 0; line < group_bytes; line += 64)                              \
                _mm_prefetch((const char*)(cp + line), _MM_HINT_T0);                           \
            prefetch_maps(mp, scales + pt * tile_maps, has_min ? mins + pt * tile_maps : 0, \
                             pg);                                                              \
            if (++pg == groups) pg = 0, ++pi;                                                  \
        }                                                                                      \
    } while (0)
    for (size_t a = 0; a < ahead; ++a) Q8_PREFETCH_NEXT;
    for (size_t t = tile_begin; t < tile_end; ++t) {
        const uint8_t* ct = codes + t * tile_codes;
        const uint8_t *st = scales + t * tile_maps, *mt = has_min ? mins + t * tile_maps : 0;
        __m512 acc = _mm512_setzero_ps();
#ifdef Q8_INT_SUBS
        if (q8_int_subs(mp)) {
            for (size_t b = 0; b < K / block; ++b)
                Q8_SUBS_MATVEC_BLOCK(code, group, mp, has_min, st, mt, b, ct, group_bytes, xq, xs,
                                     xsum, acc, Q8_PREFETCH_NEXT);
            _mm512_storeu_ps(y + t * TILE, acc);
            continue;
        }
#endif
        for (size_t b = 0; b < K / block; ++b) {
            __m512 part = _mm512_setzero_ps();
            for (size_t g = b * block / group; g < (b + 1) * block / group; ++g) {
                Q8_PREFETCH_NEXT;
                const uint8_t* cg = ct + g * group_bytes;
                const uint8_t* xg = xq + g * group;
                const __m512i dot = q8_group_dot(code, group, &tables, cg, xg, xsum[g]);
                const size_t j = g % per_block;
                if (j == 0) {
                    block_maps(mp, st, g / per_block, 0, block_scale);
                    if (has_min) block_maps(mp, mt, g / per_block, negated_mins(mp), block_min);
                }
                const __m512 d = block_scale[j];
                const __m512 mn = has_min ? block_min[j] : _mm512_setzero_ps();
                const __m512 minoff = _mm512_fnmadd_ps(off, d, mn);
                part = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot), d, part);
                part = _mm512_fmadd_ps(minoff, _mm512_set1_ps(xsum[g]), part);
            }
            acc = _mm512_fmadd_ps(part, _mm512_set1_ps(xs[b]), acc);
        }
        _mm512_storeu_ps(y + t * TILE, acc);
    }
#undef Q8_PREFETCH_NEXT
}

INLINE void q8_matmul(enum code code, int group, enum maps mp, int has_min, const uint8_t* xq,
                      const uint8_t* codes, const uint8_t* scales, const uint8_t* mins, float* y,
                      size_t K, size_t M, size_t stored_groups, size_t tile_begin,
                      size_t tile_end) {
    const size_t block = (size_t)q8_block(mp);
    if (K / group > stored_groups || K % block) return;
    const float* xs = (const float*)(xq + q8_scales_at(K, M));
    const float* xsum = (const float*)(xq + q8_sums_at(K, M, block));
    if (M == 1) {
        q8_matvec(code, group, mp, has_min, xq, xs, xsum, codes, scales, mins, y, K,
                  stored_groups, tile_begin, tile_end);
        return;
    }
    const size_t tile_codes = stored_groups * group * input_bytes(code);
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    struct q8_tables tables;
    q8_build_tables(&tables);
    struct q8_chunk chunk;
    float acc[Q8_SPAN][TILE] __attribute__((aligned(64)));
    uint32_t rows[Q8_SPAN];
    const size_t maps_ahead = tile_maps * Q8_PREFETCH_BYTES / tile_codes;
    for (size_t t = tile_begin; t < tile_end; ++t) {
        float* yt = y + t * TILE * M;
        for (size_t s0 = 0; s0 < M; s0 += Q8_SPAN) {
            const size_t span = M - s0 < Q8_SPAN ? M - s0 : Q8_SPAN;
            for (size_t m = 0; m < span; ++m) rows[m] = (uint32_t)(s0 + m);
            for (size_t m = 0; m < span; ++m) _mm512_store_ps(acc[m], _mm512_setzero_ps());
            for (size_t k0 = 0; k0 < K; k0 += Q8_CHUNK) {
                const size_t n = K - k0 < Q8_CHUNK ? K - k0 : Q8_CHUNK;
                q8_unpack(code, group, mp, has_min, &tables, codes + t * tile_codes,
                          scales + t * tile_maps, has_min ? mins + t * tile_maps : 0,
                          k0 / group, n / group, maps_ahead, &chunk);
                q8_span(code, mp, has_min, group, (int)block, &chunk, n, xq, xs, xsum, K, rows, span, k0,
                        acc);
            }
            for (size_t m = 0; m < span; ++m)
                for (int j = 0; j < TILE; ++j) yt[j * M + s0 + m] = acc[m][j];
        }
    }
}

INLINE void q8_matmul_many(enum code code, int group, enum maps mp, int has_min,
                           const uint8_t* xq, const struct weight* w, int n, size_t K, size_t M,
                           size_t stored_groups, size_t per_workgroup, size_t workgroup) {
    for (int i = 0; i < n; ++i) {
        const size_t count = (w[i].tiles + per_workgroup - 1) / per_workgroup;
        if (workgroup < count) {
            size_t begin, end;
            workgroup_tiles(per_workgroup, w[i].tiles, workgroup, &begin, &end);
            q8_matmul(code, group, mp, has_min, xq, w[i].codes, w[i].scales, w[i].mins, w[i].y,
                      K, M, stored_groups, begin, end);
            return;
        }
        workgroup -= count;
    }
}

// `llm_q8_quantize`: x [K, M] f32 and the quantized buffer (see `q8_sums_at`), each as a base
// pointer and byte offset; then K, M, the block and group sizes and the workgroup id (16
// tokens per workgroup).
LLM_EXPORT void llm_q8_quantize(BUF(x), OUT(xq), size_t K, size_t M,
                                                           size_t block, size_t group,
                                                           size_t wg) {
    q8_quantize((const float*)AT(x), AT(xq), K, M, block, group, wg * Q8_TOKENS);
}

// The product entries: as grouped_matmul.c's, with the quantized activations in place of x.
#define Q8_CORE(name, code, group, mp, has_min)                                                \
    static __attribute__((noinline)) void name##_core(const uint8_t* xq,                      \
                                                      const struct weight* w, int n, size_t K, \
                                                      size_t M, size_t groups, size_t per,     \
                                                      size_t wg) {                             \
        q8_matmul_many(code, group, mp, has_min, xq, w, n, K, M, groups, per, wg);             \
    }

// A row of formats.h: `llm_q8_matmul_<stem>` (and `_x2`, `_x3`).
#define Q8_ENTRIES(stem, code, group, mp, min, fixed)                                          \
    Q8_CORE(llm_q8_matmul_##stem, code, group, mp, min)                                        \
    EXPORTS_MIN_##min(llm_q8_matmul_##stem, llm_q8_matmul_##stem##_core)

LLM_FORMATS(Q8_ENTRIES)

#ifndef LLM_AVX2
#pragma GCC pop_options
#endif
