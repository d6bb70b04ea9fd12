// The 8-bit activation family (q8_matmul.c) for x86-64-v3 CPUs (AVX2, no AVX-512 VNNI): the
// same quantized activations, the same integer group sums and the same f32 chain in the same
// order, so a result is the same bits on either object; only how the integer sums are formed
// differs. The exception: Q2_K and Q3_K multiply their sub-scales in integers here (see
// "Integer sub-scales" below), with one f32 step per super-block instead of per group. Included by q8_matmul.c in the AVX2 object (kernels_avx2.c) in place of its
// AVX-512 quantizer, unpacking and products.
//
// AVX2 has no `vpdpbusd`: `vpmaddubsw` multiplies 32 unsigned by signed byte pairs into 16
// saturating i16 sums of two, and `vpmaddwd` by ones adds those pairs into 8 i32 lanes. So a
// tile's 16 rows of four inputs (a quad) are two 256-bit vectors, each i32 lane one row's four
// codes: `e` holds rows 0, 2, 4, 6 | 8, 10, 12, 14 and `o` rows 1, 3, 5, 7 | 9, 11, 13, 15 (the
// order a nibble code's bytes give with one lane-crossing dword permute and one byte shuffle
// per vector); a group's sums go back to row order once. Codes whose unsigned form is below
// 128 (every format but Q8_0 and IQ4_NL/IQ4_XS) go into `vpmaddubsw` as they are: two products
// of at most 127 * 127 never saturate. Q8_0's bytes and the IQ4 tables' values are signed, up
// to 255 unsigned: they are multiplied as |q| times x with q's sign (`vpsignb`), at most
// 128 * 127 a product, and the offset is added back as 128 times the group's activation sum,
// in integers, so the sum is the unsigned one the AVX-512 kernel forms.
//
// Small codes add their i16 sums over several quads before widening them (a 4-bit code's
// whole group: 8 quads of at most 2 * 15 * 127 each stay under 2^15), which saves a
// `vpmaddwd` and an add per quad.

#ifndef LLM_Q8_AVX2_H
#define LLM_Q8_AVX2_H

// Tokens multiplied together in `q8_tokens`: each holds two i32 sums per group (and two i16
// sums for small codes) in the 16 registers.
#define Q8_MR 4

// Activations: as the AVX-512 quantizer (q8_matmul.c's comment), 16 tokens a workgroup as two
// halves of 8 lanes. Round-to-nearest-even is explicit, as the AVX-512 form's is.
INLINE void q8_quantize(const float* x, uint8_t* xq, size_t K, size_t M, size_t block,
                        size_t group, size_t m0) {
    if (m0 >= M || block > 256 || K % block || block % group) return;
    const int mb = M - m0 < Q8_TOKENS ? (int)(M - m0) : Q8_TOKENS;
    float* scales = (float*)(xq + q8_scales_at(K, M));
    float* sums = (float*)(xq + q8_sums_at(K, M, block));
    const size_t blocks = K / block, groups = K / group;
    int8_t q[256 * Q8_TOKENS] __attribute__((aligned(64)));
    const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    const __m256 one27 = _mm256_set1_ps(127.0f);
    for (size_t b0 = 0; b0 < K; b0 += block) {
        const float* xb = x + b0 * M + m0;
        for (int h = 0; h * 8 < mb; ++h) {
            const int n = mb - 8 * h < 8 ? mb - 8 * h : 8;
            const __m256i live = avx2_mask_half((1u << n) - 1);
            const float* xh = xb + 8 * h;
            __m256 amax = _mm256_setzero_ps();
            for (size_t k = 0; k < block; ++k)
                amax = _mm256_max_ps(amax, _mm256_and_ps(_mm256_maskload_ps(xh + k * M, live), magnitude));
            const __m256 nonzero = _mm256_cmp_ps(amax, _mm256_setzero_ps(), _CMP_NEQ_OQ);
            const __m256 d = _mm256_div_ps(amax, one27);
            const __m256 id = _mm256_and_ps(_mm256_div_ps(one27, amax), nonzero);
            float dv[8];
            _mm256_storeu_ps(dv, d);
            for (int m = 0; m < n; ++m) scales[(m0 + 8 * h + m) * blocks + b0 / block] = dv[m];
            __m256i s = _mm256_setzero_si256();
            for (size_t k = 0; k < block; ++k) {
                const __m256 v = _mm256_mul_ps(_mm256_maskload_ps(xh + k * M, live), id);
                __m256i qi = _mm256_cvttps_epi32(
                    _mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
                qi = _mm256_min_epi32(_mm256_max_epi32(qi, _mm256_set1_epi32(-127)),
                                      _mm256_set1_epi32(127));
                s = _mm256_add_epi32(s, qi);
                // Eight i32 in [-127, 127] to bytes: packing saturates nothing.
                const __m256i bytes = _mm256_packs_epi16(_mm256_packs_epi32(qi, qi), qi);
                _mm_storel_epi64((__m128i*)(q + k * Q8_TOKENS + 8 * h),
                                 _mm_unpacklo_epi32(_mm256_castsi256_si128(bytes),
                                                    _mm256_extracti128_si256(bytes, 1)));
                if ((k + 1) % group == 0) {
                    float sv[8];
                    _mm256_storeu_ps(sv, _mm256_cvtepi32_ps(s));
                    const size_t g = (b0 + k) / group;
                    for (int m = 0; m < n; ++m) sums[(m0 + 8 * h + m) * groups + g] = sv[m];
                    s = _mm256_setzero_si256();
                }
            }
        }
        int8_t* codes = (int8_t*)xq;
        for (int m = 0; m < mb; ++m) {
            int8_t* row = codes + (m0 + m) * K + b0;
            for (size_t k = 0; k < block; ++k) row[k] = q[k * Q8_TOKENS + m];
        }
    }
}

// The AVX2 quads need no tables (the AVX-512 form's byte permutations).
struct q8_tables {
    char none;
};

INLINE void q8_build_tables(struct q8_tables* t) { t->none = 0; }

// Codes multiplied as signed bytes (see above).
INLINE int q8_signed(enum code code) { return code == I8 || code == NL4; }

// Quads whose i16 sums add up without saturating: 32767 over the largest sum of two products.
INLINE int q8_i16_quads(enum code code) {
    switch (code) {
    case U4: case I4: return 8;   // 15
    case U2: return 32;           // 3
    case I3: return 16;           // 7
    case E2M1: return 4;          // 28
    case U5: case I5: return 4;   // 31
    case I6: return 2;            // 63
    default: return 1;            // signed: 128
    }
}

// Quads a group's i16 sums take in one run before they are widened to i32.
INLINE int q8_run(enum code code, int group) {
    const int quads = group / 4, fit = q8_i16_quads(code);
    return fit < quads ? fit : quads;
}

// The quads' row order from four inputs' nibble bytes, one 128-bit lane per 8 rows after the
// dword permute: byte 4s + i (input s, rows 2i and 2i + 1) to byte 4i + s.
#define Q8_TRANSPOSE AVX2_LANES(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)

// Inputs k..k+3 of 4-bit codes (8 bytes each at p): low nibbles are the even rows, high the odd.
INLINE void q8_nibbles(const uint8_t* p, __m256i* e, __m256i* o) {
    const __m256i v = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i*)p),
                                                  _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    const __m256i low = _mm256_set1_epi8(0x0F);
    *e = _mm256_shuffle_epi8(_mm256_and_si256(v, low), Q8_TRANSPOSE);
    *o = _mm256_shuffle_epi8(_mm256_and_si256(_mm256_srli_epi16(v, 4), low), Q8_TRANSPOSE);
}

// `v | 16` in the bytes whose bit of U5/I5's two pair words (8 bytes at `words`: row r of
// input s at word s / 2, bit 16 (r % 2) + 8 (s % 2) + r / 2) is set.
INLINE void q8_add_high5(const uint8_t* words, __m256i* e, __m256i* o) {
    const __m256i src = _mm256_set1_epi64x((long long)load_u64(words));
    // Row 8L + 2i (+1) of input s: byte 4 (s / 2) + s % 2 (+2), bit 4L + i.
    const __m256i from_e = AVX2_LANES(0, 1, 4, 5, 0, 1, 4, 5, 0, 1, 4, 5, 0, 1, 4, 5);
    const __m256i from_o = AVX2_LANES(2, 3, 6, 7, 2, 3, 6, 7, 2, 3, 6, 7, 2, 3, 6, 7);
    const __m256i bit = _mm256_setr_epi8(1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16,
                                         16, 16, 32, 32, 32, 32, 64, 64, 64, 64, -128, -128,
                                         -128, -128);
    const __m256i sixteen = _mm256_set1_epi8(16);
    const __m256i he = _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(src, from_e), bit), bit);
    const __m256i ho = _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(src, from_o), bit), bit);
    *e = _mm256_or_si256(*e, _mm256_and_si256(he, sixteen));
    *o = _mm256_or_si256(*o, _mm256_and_si256(ho, sixteen));
}

// 16 times I6's two high bits added to the nibbles, from two pair words (16 bytes at `words`:
// row r of input s at word s / 2, bits 32 (r % 2) + 16 (s % 2) + 2 (r / 2) and the next).
INLINE void q8_add_high6(const uint8_t* words, __m256i* e, __m256i* o) {
    const __m256i src = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)words));
    // Row 8L + 2i (+1) of input s: byte 8 (s / 2) + 2 (s % 2) + L (+4), bits 2i and 2i + 1.
    const __m256i from_e = _mm256_setr_epi8(0, 2, 8, 10, 0, 2, 8, 10, 0, 2, 8, 10, 0, 2, 8, 10,
                                            1, 3, 9, 11, 1, 3, 9, 11, 1, 3, 9, 11, 1, 3, 9, 11);
    const __m256i from_o = _mm256_add_epi8(from_e, _mm256_set1_epi8(4));
    const __m256i field = AVX2_LANES(3, 3, 3, 3, 12, 12, 12, 12, 48, 48, 48, 48, -64, -64, -64, -64);
    // A field at bits 2i is f << 2i: fields at bits 4-7 are moved to 0-3 (the 16-bit shift
    // brings the next byte's low bits above them, masked off), and a table of the indices
    // f << 0 and f << 2 gives 16 f.
    const __m256i value = AVX2_LANES(0, 16, 32, 48, 16, 0, 0, 0, 32, 0, 0, 0, 48, 0, 0, 0);
    const __m256i low = _mm256_set1_epi8(0x0F);
    __m256i me = _mm256_and_si256(_mm256_shuffle_epi8(src, from_e), field);
    __m256i mo = _mm256_and_si256(_mm256_shuffle_epi8(src, from_o), field);
    me = _mm256_and_si256(_mm256_or_si256(me, _mm256_srli_epi16(me, 4)), low);
    mo = _mm256_and_si256(_mm256_or_si256(mo, _mm256_srli_epi16(mo, 4)), low);
    *e = _mm256_or_si256(*e, _mm256_shuffle_epi8(value, me));
    *o = _mm256_or_si256(*o, _mm256_shuffle_epi8(value, mo));
}

// The bytes holding rows 8L + 2i and 8L + 2i + 1 of U2 inputs k..k+3 (byte 4s + 2L + i / 2),
// and of their third bits (byte 2s + L), in the quads' order.
#define Q8_TWO_BIT_BYTES                                                                        \
    _mm256_setr_epi8(0, 4, 8, 12, 0, 4, 8, 12, 1, 5, 9, 13, 1, 5, 9, 13, 2, 6, 10, 14, 2, 6, 10, \
                     14, 3, 7, 11, 15, 3, 7, 11, 15)
#define Q8_HIGH3_BYTES                                                                          \
    _mm256_setr_epi8(0, 2, 4, 6, 0, 2, 4, 6, 0, 2, 4, 6, 0, 2, 4, 6, 1, 3, 5, 7, 1, 3, 5, 7, 1, 3, \
                     5, 7, 1, 3, 5, 7)

// Inputs k..k+3 of U2 codes (four bytes each at p: row r at bits 2r of the input's word).
INLINE void q8_two_bits(const uint8_t* p, __m256i* e, __m256i* o) {
    const __m256i src = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)p));
    // Row 8L + 2i (+1) of input s: byte 4s + 2L + i / 2, bits 4 (i % 2) (+2); the odd rows
    // read a copy shifted down by 2.
    const __m256i from = Q8_TWO_BIT_BYTES;
    const __m256i field = AVX2_LANES(3, 3, 3, 3, 48, 48, 48, 48, 3, 3, 3, 3, 48, 48, 48, 48);
    const __m256i three = _mm256_set1_epi8(3);
    const __m256i me = _mm256_and_si256(_mm256_shuffle_epi8(src, from), field);
    const __m256i mo = _mm256_and_si256(_mm256_shuffle_epi8(_mm256_srli_epi16(src, 2), from), field);
    *e = _mm256_and_si256(_mm256_or_si256(me, _mm256_srli_epi16(me, 4)), three);
    *o = _mm256_and_si256(_mm256_or_si256(mo, _mm256_srli_epi16(mo, 4)), three);
}

// `v | 4` in the bytes whose third bit is set: four inputs' 16-bit words at p, row r at bit r.
INLINE void q8_add_high3(const uint8_t* p, __m256i* e, __m256i* o) {
    const __m256i src = _mm256_set1_epi64x((long long)load_u64(p));
    // Row 8L + 2i (+1) of input s: byte 2s + L, bit 2i (+1).
    const __m256i from = Q8_HIGH3_BYTES;
    const __m256i bit_e = AVX2_LANES(1, 1, 1, 1, 4, 4, 4, 4, 16, 16, 16, 16, 64, 64, 64, 64);
    const __m256i bit_o = _mm256_add_epi8(bit_e, bit_e);
    const __m256i four = _mm256_set1_epi8(4);
    const __m256i bytes = _mm256_shuffle_epi8(src, from);
    const __m256i he = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bit_e), bit_e);
    const __m256i ho = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bit_o), bit_o);
    *e = _mm256_or_si256(*e, _mm256_and_si256(he, four));
    *o = _mm256_or_si256(*o, _mm256_and_si256(ho, four));
}

// One token's two-bit codes (`q8_group_dot`) are left where their byte holds them, at bit 0 or
// 2 (`vpmaddubsw` multiplies 4q as readily as q), which saves the fold `q8_two_bits` does: a
// row at bits 4-7 of its byte is read from a copy shifted down by 4. `e` holds rows 0, 1, 4,
// 5 | 8, 9, 12, 13 (bits 0, 2, 0, 2), `o` rows 2, 3, 6, 7 | 10, 11, 14, 15 (bits 4, 6, ...
// shifted to 0, 2), so rows 4k + 1 and 4k + 3 come four times too large: their i32 sums,
// multiples of 4, are shifted back once per group (`q8_scaled_rows`), exactly. A code of at
// most 7 * 4 keeps four quads' i16 sums under 2^15 (2 * 28 * 127 * 4 = 28448). Operations per
// quad: 6 where `q8_two_bits` takes 12, 16 with Q3_K's third bit where it takes 22. Measured
// from L2 on one Zen 3 core, as a share of the unchanged exact kernel's rate in the same run:
// Q3_K 1.68 -> 1.79, Q2_K 1.65 -> 1.87.
INLINE void q8_two_bits_scaled(const uint8_t* p, __m256i* e, __m256i* o) {
    const __m256i src = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)p));
    const __m256i field = AVX2_LANES(3, 3, 3, 3, 12, 12, 12, 12, 3, 3, 3, 3, 12, 12, 12, 12);
    *e = _mm256_and_si256(_mm256_shuffle_epi8(src, Q8_TWO_BIT_BYTES), field);
    *o = _mm256_and_si256(_mm256_shuffle_epi8(_mm256_srli_epi16(src, 4), Q8_TWO_BIT_BYTES), field);
}

// Q3_K's third bit for `q8_two_bits_scaled`'s rows: 4 (bit 2) or 16 (bit 4) where it is set,
// from four inputs' 16-bit words at p (row r at bit r; the rows' bytes as `q8_add_high3`).
INLINE void q8_add_high3_scaled(const uint8_t* p, __m256i* e, __m256i* o) {
    const __m256i src = _mm256_set1_epi64x((long long)load_u64(p));
    const __m256i from = Q8_HIGH3_BYTES;
    // Row r's bit r % 8: e's rows 0, 1, 4, 5 (mod 8), o's 2, 3, 6, 7.
    const __m256i bit_e = AVX2_LANES(1, 1, 1, 1, 2, 2, 2, 2, 16, 16, 16, 16, 32, 32, 32, 32);
    const __m256i bit_o = AVX2_LANES(4, 4, 4, 4, 8, 8, 8, 8, 64, 64, 64, 64, -128, -128, -128,
                                     -128);
    const __m256i four = AVX2_LANES(4, 4, 4, 4, 16, 16, 16, 16, 4, 4, 4, 4, 16, 16, 16, 16);
    const __m256i bytes = _mm256_shuffle_epi8(src, from);
    const __m256i he = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bit_e), bit_e);
    const __m256i ho = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bit_o), bit_o);
    *e = _mm256_or_si256(*e, _mm256_and_si256(he, four));
    *o = _mm256_or_si256(*o, _mm256_and_si256(ho, four));
}

// A group's i32 sums of `q8_two_bits_scaled` quads to row order, rows 4k + 1 and 4k + 3
// divided by 4 (exact: each of their products is a multiple of 4).
INLINE __m512i q8_scaled_rows(__m256i e, __m256i o) {
    const __m256i down = _mm256_setr_epi32(0, 2, 0, 2, 0, 2, 0, 2);
    e = _mm256_srav_epi32(e, down);
    o = _mm256_srav_epi32(o, down);
    // [0 1 2 3 | 8 9 10 11] and [4 5 6 7 | 12 13 14 15].
    const __m256i a = _mm256_unpacklo_epi64(e, o), b = _mm256_unpackhi_epi64(e, o);
    return (__m512i){_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31)};
}

// Inputs k..k+3 of byte codes (16 each at p, row r at byte r): the rows of all four inputs
// gathered per 128-bit lane (rows 0-3 with 8-11, 4-7 with 12-15), transposed to quads in the
// order rows 0, 2, 1, 3, then split into even and odd rows.
INLINE void q8_bytes(const uint8_t* p, __m256i* e, __m256i* o) {
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i a = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i*)p), order);
    const __m256i b = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i*)(p + 32)), order);
    // Byte 4s + j (input s, row j of four) to the quads of rows 0, 2, 1, 3.
    const __m256i t = AVX2_LANES(0, 4, 8, 12, 2, 6, 10, 14, 1, 5, 9, 13, 3, 7, 11, 15);
    const __m256i first = _mm256_shuffle_epi8(_mm256_unpacklo_epi64(a, b), t);
    const __m256i second = _mm256_shuffle_epi8(_mm256_unpackhi_epi64(a, b), t);
    *e = _mm256_unpacklo_epi64(first, second);
    *o = _mm256_unpackhi_epi64(first, second);
}

// Inputs k..k+3 of one tile's group of codes at `cg` (`group` inputs) as the quads `e` and `o`:
// unsigned codes (q + offset) or, for `q8_signed` codes, q itself.
INLINE void q8_quad(enum code code, int group, const uint8_t* cg, int k, __m256i* e, __m256i* o) {
    if (two_bit_code(code)) {
        q8_two_bits(cg + (size_t)k * 4, e, o);
        if (code == I3) q8_add_high3(cg + (size_t)group * 4 + (size_t)k * 2, e, o);
        return;
    }
    if (code == I8) {
        q8_bytes(cg + (size_t)k * 16, e, o);
        return;
    }
    q8_nibbles(cg + (size_t)k * 8, e, o);
    if (code == I4) {
        // Two's complement nibbles n to n ^ 8 = q + 8.
        *e = _mm256_xor_si256(*e, _mm256_set1_epi8(8));
        *o = _mm256_xor_si256(*o, _mm256_set1_epi8(8));
    } else if (table_code(code)) {
        __m128i values = code_bytes(code);
        if (!q8_signed(code)) values = _mm_add_epi8(values, _mm_set1_epi8((char)code_offset(code)));
        const __m256i table = _mm256_broadcastsi128_si256(values);
        *e = _mm256_shuffle_epi8(table, *e);
        *o = _mm256_shuffle_epi8(table, *o);
    }
    const uint8_t* high = cg + (size_t)group * 8;
    if (code == U5 || code == I5) q8_add_high5(high + (size_t)(k / 2) * 4, e, o);
    else if (code == I6) q8_add_high6(high + (size_t)(k / 2) * 8, e, o);
}

// The i16 products of one quad vector with four activations `x4` (broadcast).
INLINE __m256i q8_products(enum code code, __m256i w, __m256i x4) {
    if (q8_signed(code)) return _mm256_maddubs_epi16(_mm256_abs_epi8(w), _mm256_sign_epi8(x4, w));
    return _mm256_maddubs_epi16(w, x4);
}

// A group's i32 sums in the quads' row order (`e`, `o`) to row order, with the offset of
// signed codes added back (`off` times the group's activation sum).
INLINE __m512i q8_rows(enum code code, __m256i e, __m256i o, float xsum) {
    if (q8_signed(code)) {
        const __m256i add = _mm256_set1_epi32(code_offset(code) * (int)xsum);
        e = _mm256_add_epi32(e, add);
        o = _mm256_add_epi32(o, add);
    }
    // [0 1 2 3 | 8 9 10 11] and [4 5 6 7 | 12 13 14 15].
    const __m256i a = _mm256_unpacklo_epi32(e, o), b = _mm256_unpackhi_epi32(e, o);
    return (__m512i){_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31)};
}

// Runs of at least this many quads keep their i16 sums in two chains, added in the order
// written: GCC otherwise reassociates a run's eight products into a tree (exact either way),
// which holds them all at once in AVX2's 16 registers and spills half of them to the stack.
// One Zen 3 core, one token, alternating with the tree in one process (same bits): from L2
// Q4_K 0.944-0.954x the time and Q4_0 0.921-0.932x, from memory 0.97-1.00x and 0.97-0.99x.
// The same barrier on every run length gave the shorter runs (the other codes) 0.98-1.02x
// under load, no gain: they keep GCC's order.
#ifndef Q8_CHAIN_RUN
#define Q8_CHAIN_RUN 8
#endif

// One group of two-bit codes for one token (`q8_two_bits_scaled`'s layout, rows 4k + 1 and
// 4k + 3 four times too large): the i16 sums of its quads, `group / 4` of at most four.
INLINE void q8_scaled_sums(enum code code, int group, const uint8_t* cg, const uint8_t* xg,
                           __m256i* se, __m256i* so) {
    *se = *so = _mm256_setzero_si256();
#pragma GCC unroll 4
    for (int i = 0; i < group / 4; ++i) {
        __m256i e, o;
        q8_two_bits_scaled(cg + (size_t)i * 16, &e, &o);
        if (code == I3) q8_add_high3_scaled(cg + (size_t)group * 4 + (size_t)i * 8, &e, &o);
        const __m256i x4 = _mm256_set1_epi32((int)load_u32(xg + 4 * i));
        *se = _mm256_add_epi16(*se, q8_products(code, e, x4));
        *so = _mm256_add_epi16(*so, q8_products(code, o, x4));
    }
}

// The i16 sums of one token's run of quads r0..r0 + run of a group (codes at `cg` from
// memory, the token's at xg), in the quads' layout.
INLINE void q8_run_dot(enum code code, int group, const uint8_t* cg, const uint8_t* xg, int r0,
                       int run, __m256i* se, __m256i* so) {
    __m256i e_sum = _mm256_setzero_si256(), o_sum = _mm256_setzero_si256();
#pragma GCC unroll 32
    for (int i = r0; i < r0 + run; ++i) {
        __m256i e, o;
        q8_quad(code, group, cg, 4 * i, &e, &o);
        const __m256i x4 = _mm256_set1_epi32((int)load_u32(xg + 4 * i));
        e_sum = _mm256_add_epi16(e_sum, q8_products(code, e, x4));
        o_sum = _mm256_add_epi16(o_sum, q8_products(code, o, x4));
        if (run >= Q8_CHAIN_RUN) __asm__("" : "+x"(e_sum), "+x"(o_sum));
    }
    *se = e_sum;
    *so = o_sum;
}

// One group's integer sums for one token: the tile's codes at `cg` from memory, the token's
// codes at xg.
INLINE __m512i q8_group_dot(enum code code, int group, const struct q8_tables* tables,
                            const uint8_t* cg, const uint8_t* xg, float xsum) {
    (void)tables;
    const __m256i ones = _mm256_set1_epi16(1);
    if (two_bit_code(code) && group <= 16) {
        // Two-bit codes left in place: one run (see `q8_two_bits_scaled`).
        __m256i se, so;
        q8_scaled_sums(code, group, cg, xg, &se, &so);
        return q8_scaled_rows(_mm256_madd_epi16(se, ones), _mm256_madd_epi16(so, ones));
    }
    const int run = q8_run(code, group);
    __m256i de = _mm256_setzero_si256(), dd = _mm256_setzero_si256();
#pragma GCC unroll 8
    for (int r0 = 0; r0 < group / 4; r0 += run) {
        __m256i se, so;
        q8_run_dot(code, group, cg, xg, r0, run, &se, &so);
        de = _mm256_add_epi32(de, _mm256_madd_epi16(se, ones));
        dd = _mm256_add_epi32(dd, _mm256_madd_epi16(so, ones));
    }
    return q8_rows(code, de, dd, xsum);
}

// One tile's chunk of inputs, unpacked: quad i (inputs 4i..4i+3 of the chunk) as its `e` then
// its `o` vector; each group's scales and `minoff`.
// Formats with integer sub-scales (`q8_int_subs`) keep each group's sub-scales as
// `subs_lanes` of the quads' layout in place of the f32 scales, N's lanes in pairs of groups
// in place of the mins, and each super-block's factors.
struct q8_chunk {
    uint8_t quads[Q8_CHUNK / 4][64] __attribute__((aligned(64)));
    union {
        float scale[Q8_CHUNK / 16][TILE] __attribute__((aligned(64)));
        __m256i sub[Q8_CHUNK / 16][2];
    };
    union {
        float minoff[Q8_CHUNK / 16][TILE] __attribute__((aligned(64)));
        // N's lanes (`subs_n`), two groups' in each i32 lane: group 2p's in the low i16
        // half, 2p + 1's in the high one.
        __m256i n_pairs[Q8_CHUNK / 32][2];
    };
    float factor[Q8_CHUNK / 256][TILE] __attribute__((aligned(64)));
    float factor_min[Q8_CHUNK / 256][TILE] __attribute__((aligned(64)));
};


// Inputs k..k+7 of one tile's group of codes as two quads.
INLINE void q8_store_quads(enum code code, int group, const struct q8_tables* tb,
                           const uint8_t* cg, int k, uint8_t (*quads)[64]) {
    (void)tb;
#pragma GCC unroll 2
    for (int j = 0; j < 2; ++j) {
        __m256i e, o;
        q8_quad(code, group, cg, k + 4 * j, &e, &o);
        _mm256_store_si256((__m256i*)quads[j], e);
        _mm256_store_si256((__m256i*)(quads[j] + 32), o);
    }
}

// Integer sub-scales (the K-quants Q2_K-Q6_K and IQ4_XS: a super-block of 256 inputs, 8 or 16
// groups, small integer sub-scales under one f16 factor per row). The per-group f32 chain
// (the sums back to row order, a conversion and two FMAs per group, and the super-block's
// sub-scales widened to f32 first) took a large share of these one-token products: with it
// left out (wrong numbers, a measurement only) one Zen 3 core read Q3_K 1.4x, Q2_K 1.8x and
// Q4_K 1.3x as fast from L2. Here the sub-scales multiply the groups' i16 sums in the
// `vpmaddwd` that widens them anyway, and the floats come once per super-block. One token
// from memory on one Zen 3 core, builds alternating: Q3_K 6.9-7.0 -> 9.3-9.5 GiB/s, Q2_K
// 7.0-7.1 -> 9.9, Q4_K 13.0 -> 16.4-16.6, Q5_K 10.1 -> 12.1-12.5, Q6_K 11.8 -> 12.6-13.0,
// IQ4_XS 8.9 -> 11.7 (the stream 15-19). At 128 tokens Q4_K 63 -> 67 Gelem/s, Q6_K 61 -> 58.
// For row r, token m, super-block b (activation scale dx):
//   I = sum_g s_g (dot_g - off S_g)  (exact, i32: signed codes' dot_g is sum q x itself)
//   N = sum_g m_g S_g                 (formats with mins)
//   part = d * f32(I); with mins part = fnmadd(dmin, f32(N), part)
//   y += part * dx (fma), blocks in order
// with s_g the signed sub-scale (sc - 32 for Q3_K and IQ4_XS), dot_g the codes' sum as above
// and S_g the group's activation sum. |I| stays under 2^31 for every format; f32(I) rounds
// to nearest where |I| > 2^24, the same in every path. The AVX-512 object keeps the
// per-group f32 chain, so these formats' 8-bit results differ between the objects (as
// rounding does, about 1e-7 relative); one object's one-token and several-token paths
// compute alike, so a row's bits do not depend on its batch. The same integers in the
// AVX-512 object (each group's `vpdpbusd` sum times its sub-scale lanes by `vpmulld`, N and
// the code offset's sum from pair words) were tried on a 2-core Intel Xeon (family 6 model
// 207): one token from L2 as fast as the chain (Q4_K 21.2 against 20.8 GiB/s, Q6_K 20.6
// against 20.3, IQ4_XS 16.4 against 17.6), but 128 tokens 12-18% slower (8192x2048: Q4_K
// 127-132 against 150-154 Gelem/s, Q6_K 106-111 against 120-134): `vpmulld` is two
// micro-operations per group and token on one port, where the chain's conversion and FMAs
// spread over two. One-token and several-token paths must compute alike, so it was left out.
#define Q8_INT_SUBS 1

INLINE int q8_int_subs(enum maps mp) {
    return mp == MAP_K4 || mp == MAP_K6 || mp == MAP_K6S || mp == MAP_K6S16 || mp == MAP_K8;
}

// Groups per super-block (and activation block) of `q8_int_subs` formats.
INLINE int subs_groups(int group) { return 256 / group; }

// A super-block's f16 factor per row, widened, and its groups' signed sub-scales as bytes
// [group][row].
INLINE __m512 subs_block(enum maps mp, const uint8_t* base, size_t block, int8_t (*sub)[TILE]) {
    const int per = mp == MAP_K6 || mp == MAP_K6S ? 8 : 16;
    const uint8_t* p = base + maps_bytes(mp, block * per);
    if (mp == MAP_K6 || mp == MAP_K6S || mp == MAP_K6S16) {
        // K6S16: two K6 halves of 8 groups.
        const int bias = mp == MAP_K6 ? 0 : 32;
#pragma GCC unroll 2
        for (int half = 0; half < per / 8; ++half) {
            const uint8_t* nibbles = p + 32 + 64 * half;
            const uint8_t* words = p + (mp == MAP_K6S16 ? 160 : 96) + 32 * half;
#pragma GCC unroll 4
            for (int hj = 0; hj < 4; ++hj) {
                const int h = hj / 2, j = hj % 2;
                const __m256i v = k6_pair_avx2(nibbles, words, bias, h, j);
                _mm_store_si128((__m128i*)sub[8 * half + 4 * h + j], _mm256_castsi256_si128(v));
                _mm_store_si128((__m128i*)sub[8 * half + 4 * h + j + 2], _mm256_extracti128_si256(v, 1));
            }
        }
    } else if (mp == MAP_K4) {
        // Four groups' nibbles a load, [group 4q | 4q + 2] and [4q + 1 | 4q + 3] once
        // interleaved.
        const __m256i low = _mm256_set1_epi8(0x0F);
#pragma GCC unroll 4
        for (int q = 0; q < 4; ++q) {
            const __m256i bytes = _mm256_loadu_si256((const __m256i*)(p + 32 + 32 * q));
            const __m256i lo = _mm256_and_si256(bytes, low);
            const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), low);
            const __m256i a = _mm256_unpacklo_epi8(lo, hi), b = _mm256_unpackhi_epi8(lo, hi);
            _mm_store_si128((__m128i*)sub[4 * q], _mm256_castsi256_si128(a));
            _mm_store_si128((__m128i*)sub[4 * q + 1], _mm256_castsi256_si128(b));
            _mm_store_si128((__m128i*)sub[4 * q + 2], _mm256_extracti128_si256(a, 1));
            _mm_store_si128((__m128i*)sub[4 * q + 3], _mm256_extracti128_si256(b, 1));
        }
    } else {
        // K8: the bytes as stored.
#pragma GCC unroll 8
        for (int q = 0; q < 8; ++q)
            _mm256_store_si256((__m256i*)sub[2 * q], _mm256_loadu_si256((const __m256i*)(p + 32 + 32 * q)));
    }
    return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)p));
}

// The byte picks that put row r's sub-scale in the high byte of both i16 halves of an i32
// lane (low bytes zero, 0x80 picks nothing), for the rows of a layout's lanes a, b, c, d
// (and 8 more in the upper half).
#define SUBS_ROW(r) ((int)(0x00800080u | (unsigned)(r) << 8 | (unsigned)(r) << 24))
#define SUBS_INDEX(a, b, c, d)                                                                  \
    _mm256_setr_epi32(SUBS_ROW(a), SUBS_ROW(b), SUBS_ROW(c), SUBS_ROW(d), SUBS_ROW(a + 8),     \
                      SUBS_ROW(b + 8), SUBS_ROW(c + 8), SUBS_ROW(d + 8))
// `q8_two_bits_scaled`'s rows (two-bit codes, one token), then the quads' (`q8_quad`).
#define SUBS_SCALED_E SUBS_INDEX(0, 1, 4, 5)
#define SUBS_SCALED_O SUBS_INDEX(2, 3, 6, 7)
#define SUBS_PAIRED_E SUBS_INDEX(0, 2, 4, 6)
#define SUBS_PAIRED_O SUBS_INDEX(1, 3, 5, 7)

// One group's 16 sub-scales (bytes in row order) as i16 lanes of a layout's i32 sums: both
// halves of a row's lane hold its sub-scale, so one `vpmaddwd` of the i16 sums multiplies and
// widens them.
INLINE __m256i subs_lanes(const int8_t* sub, __m256i index) {
    const __m256i s = _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i*)sub));
    return _mm256_srai_epi16(_mm256_shuffle_epi8(s, index), 8);
}

// Whether N is needed: mins, or an offset of unsigned codes (Q3_K's 4, Q6_K's 32) to take
// off as off * sum s_g S_g. Signed codes' products are q x already.
INLINE int subs_n(enum code code, int has_min) {
    return has_min || (!q8_signed(code) && code_offset(code));
}

// One token's running I and N of a super-block, in a layout's two vectors.
struct q8_subs {
    __m256i i_e, i_o, n_e, n_o;
};

// Adds the lanes `n_e`, `n_o` (sub-mins, or with a code offset the sub-scales again) times
// one group's activation sum S to N.
INLINE void subs_sum(struct q8_subs* f, __m256i n_e, __m256i n_o, float xsum) {
    // S in the low i16 half of each lane, 0 in the high one (|S| <= 32 * 127).
    const __m256i sum = _mm256_set1_epi32((int)xsum & 0xFFFF);
    f->n_e = _mm256_add_epi32(f->n_e, _mm256_madd_epi16(n_e, sum));
    f->n_o = _mm256_add_epi32(f->n_o, _mm256_madd_epi16(n_o, sum));
}

// Adds a run's i16 sums (se, so) times its group's sub-scale lanes to I.
INLINE void subs_add(struct q8_subs* f, __m256i se, __m256i so, __m256i s_e, __m256i s_o) {
    f->i_e = _mm256_add_epi32(f->i_e, _mm256_madd_epi16(se, s_e));
    f->i_o = _mm256_add_epi32(f->i_o, _mm256_madd_epi16(so, s_o));
}

// A layout's two vectors of i32 to row order: `scaled` (rows 0, 1, 4, 5 | ...) or paired
// (rows 0, 2, 4, 6 | ...).
INLINE __m512i subs_rows(__m256i e, __m256i o, int scaled) {
    const __m256i a = scaled ? _mm256_unpacklo_epi64(e, o) : _mm256_unpacklo_epi32(e, o);
    const __m256i b = scaled ? _mm256_unpackhi_epi64(e, o) : _mm256_unpackhi_epi32(e, o);
    return (__m512i){_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31)};
}

// acc + the super-block's part times dx (see above); `scaled`: rows 4k + 1 and 4k + 3 of I
// are four times too large (every term a multiple of 4, so the shift is exact).
INLINE __m512 subs_end(enum code code, int has_min, int scaled, struct q8_subs f, __m512 d,
                       __m512 dmin, float dx, __m512 acc) {
    if (scaled) {
        const __m256i down = _mm256_setr_epi32(0, 2, 0, 2, 0, 2, 0, 2);
        f.i_e = _mm256_srav_epi32(f.i_e, down);
        f.i_o = _mm256_srav_epi32(f.i_o, down);
    }
    if (!has_min && subs_n(code, has_min)) {
        const __m256i o = _mm256_set1_epi32(code_offset(code));
        f.i_e = _mm256_sub_epi32(f.i_e, _mm256_mullo_epi32(f.n_e, o));
        f.i_o = _mm256_sub_epi32(f.i_o, _mm256_mullo_epi32(f.n_o, o));
    }
    __m512 part = _mm512_mul_ps(d, _mm512_cvtepi32_ps(subs_rows(f.i_e, f.i_o, scaled)));
    if (has_min) part = _mm512_fnmadd_ps(dmin, _mm512_cvtepi32_ps(subs_rows(f.n_e, f.n_o, scaled)), part);
    return _mm512_fmadd_ps(part, _mm512_set1_ps(dx), acc);
}

// One group of one token into I: two-bit codes in `q8_two_bits_scaled`'s layout (one run),
// others run by run as `q8_group_dot` sums them, each run's i16 sums times the sub-scale
// lanes. Two-bit codes make their lanes after the sums: made first and held across them (to
// share them with N), one Zen 3 core read Q3_K at 8.6 GiB/s from memory against 9.6.
INLINE void subs_group(enum code code, int group, const uint8_t* cg, const uint8_t* xg,
                       const int8_t* sub, struct q8_subs* f) {
    __m256i se, so;
    if (two_bit_code(code)) {
        q8_scaled_sums(code, group, cg, xg, &se, &so);
        subs_add(f, se, so, subs_lanes(sub, SUBS_SCALED_E), subs_lanes(sub, SUBS_SCALED_O));
        return;
    }
    const __m256i s_e = subs_lanes(sub, SUBS_PAIRED_E), s_o = subs_lanes(sub, SUBS_PAIRED_O);
    const int run = q8_run(code, group);
#pragma GCC unroll 8
    for (int r0 = 0; r0 < group / 4; r0 += run) {
        q8_run_dot(code, group, cg, xg, r0, run, &se, &so);
        subs_add(f, se, so, s_e, s_o);
    }
}

// The one-token product of a format with integer sub-scales: super-block b of one tile (maps
// at st, mt; its groups' codes from `cg`, one every `group_bytes`), `prefetch` run before
// each group.
#define Q8_SUBS_MATVEC_BLOCK(code, group, mp, has_min, st, mt, b, cg, group_bytes, xq, xs, xsum, \
                             acc, prefetch)                                                     \
    do {                                                                                        \
        int8_t sub_[16][TILE] __attribute__((aligned(32)));                                     \
        int8_t min_[16][TILE] __attribute__((aligned(32)));                                     \
        const __m512 d_ = subs_block(mp, st, b, sub_);                                          \
        const __m512 dmin_ = has_min ? subs_block(mp, mt, b, min_) : _mm512_setzero_ps();       \
        struct q8_subs f_ = {_mm256_setzero_si256(), _mm256_setzero_si256(),                    \
                             _mm256_setzero_si256(), _mm256_setzero_si256()};                   \
        const int per_ = subs_groups(group), scaled_ = two_bit_code(code);                      \
        for (int j_ = 0; j_ < per_; ++j_) {                                                     \
            const size_t g_ = (b) * per_ + j_;                                                  \
            prefetch;                                                                           \
            subs_group(code, group, (cg) + g_ * (group_bytes), (xq) + g_ * (group), sub_[j_], &f_); \
            if (subs_n(code, has_min)) {                                                        \
                const int8_t* n_ = has_min ? min_[j_] : sub_[j_];                               \
                subs_sum(&f_, subs_lanes(n_, scaled_ ? SUBS_SCALED_E : SUBS_PAIRED_E),          \
                         subs_lanes(n_, scaled_ ? SUBS_SCALED_O : SUBS_PAIRED_O), (xsum)[g_]);  \
            }                                                                                   \
        }                                                                                       \
        acc = subs_end(code, has_min, scaled_, f_, d_, dmin_, (xs)[b], acc);                    \
    } while (0)

// `q8_unpack`'s maps for a format with integer sub-scales: super-block `block`'s lanes (the
// quads' layout) for the chunk's groups from j0, N's lanes in pairs, and its factors.
INLINE void subs_unpack_block(enum code code, enum maps mp, int group, int has_min,
                              const uint8_t* scales, const uint8_t* mins, size_t block,
                              size_t j0, struct q8_chunk* out) {
    const int per = subs_groups(group);
    int8_t sub[16][TILE] __attribute__((aligned(32)));
    _mm512_store_ps(out->factor[j0 / per], subs_block(mp, scales, block, sub));
    for (int j = 0; j < per; ++j) {
        _mm256_store_si256(&out->sub[j0 + j][0], subs_lanes(sub[j], SUBS_PAIRED_E));
        _mm256_store_si256(&out->sub[j0 + j][1], subs_lanes(sub[j], SUBS_PAIRED_O));
    }
    if (!subs_n(code, has_min)) return;
    if (has_min) _mm512_store_ps(out->factor_min[j0 / per], subs_block(mp, mins, block, sub));
    for (int j = 0; j < per; j += 2) {
        __m256i* pair = out->n_pairs[(j0 + j) / 2];
        pair[0] = _mm256_blend_epi16(subs_lanes(sub[j], SUBS_PAIRED_E), subs_lanes(sub[j + 1], SUBS_PAIRED_E), 0xAA);
        pair[1] = _mm256_blend_epi16(subs_lanes(sub[j], SUBS_PAIRED_O), subs_lanes(sub[j + 1], SUBS_PAIRED_O), 0xAA);
    }
}

// One run of the chunk's quads (q0..q0 + run) for mr tokens: each token's i16 sums added to
// se[m] and so[m]; the tokens' codes from xq (offset to the chunk), rows K apart.
INLINE void q8_run_sums(enum code code, int mr, const struct q8_chunk* w, size_t q0, int run,
                        const uint8_t* xq, size_t K, const uint32_t* rows, __m256i* se,
                        __m256i* so) {
#pragma GCC unroll 8
    for (int i = 0; i < run; ++i) {
        const size_t q = q0 + (size_t)i;
        const __m256i e = _mm256_load_si256((const __m256i*)w->quads[q]);
        const __m256i o = _mm256_load_si256((const __m256i*)(w->quads[q] + 32));
        const uint8_t* xk = xq + q * 4;
#pragma GCC unroll 4
        for (int m = 0; m < mr; ++m) {
            const __m256i x4 = _mm256_set1_epi32((int)load_u32(xk + (size_t)rows[m] * K));
            se[m] = _mm256_add_epi16(se[m], q8_products(code, e, x4));
            so[m] = _mm256_add_epi16(so[m], q8_products(code, o, x4));
        }
    }
}

// `q8_tokens` for a format with integer sub-scales: each token's I from each run's i16 sums
// times the sub-scale lanes, N after them from the activation sums alone, then `subs_end`,
// per super-block.
INLINE void q8_tokens_subs(enum code code, int mr, int group, int block, int has_min,
                           const struct q8_chunk* w, size_t n, const uint8_t* xq,
                           const float* xs, const float* xsum, size_t K, const uint32_t* rows,
                           size_t k0, float (*acc)[TILE]) {
    const size_t blocks = K / block, groups = K / group;
    const int run = q8_run(code, group);
    for (size_t b = 0; b < n; b += block) {
        struct q8_subs f[Q8_MR];
#pragma GCC unroll 4
        for (int m = 0; m < mr; ++m) f[m].i_e = f[m].i_o = f[m].n_e = f[m].n_o = _mm256_setzero_si256();
        for (size_t g = b / group; g < (b + block) / group; ++g) {
            for (int r0 = 0; r0 < group / 4; r0 += run) {
                __m256i se[Q8_MR], so[Q8_MR];
#pragma GCC unroll 4
                for (int m = 0; m < mr; ++m) se[m] = so[m] = _mm256_setzero_si256();
                q8_run_sums(code, mr, w, g * group / 4 + (size_t)r0, run, xq + k0, K, rows, se, so);
#pragma GCC unroll 4
                for (int m = 0; m < mr; ++m) subs_add(&f[m], se[m], so[m], w->sub[g][0], w->sub[g][1]);
            }
        }
        const size_t bx = (k0 + b) / block;
        for (int m = 0; m < mr; ++m) {
            if (subs_n(code, has_min)) {
                // The block's activation sums as pair words (S_2p | S_2p+1 << 16, exact: |S|
                // <= 32 * 127), eight converted at once, each multiplying two groups' N lanes
                // in one `vpmaddwd`. One S at a time, broadcast per group, took a third of the
                // product's time (Q6_K at 128 tokens: 47 against 69 Gelem/s with N left out,
                // one Zen 3 core).
                const float* sm = xsum + (size_t)rows[m] * groups + (k0 + b) / group;
                int32_t words[8] __attribute__((aligned(16)));
                for (size_t h = 0; h < block / group; h += 8) {
                    const __m256i v = _mm256_cvttps_epi32(_mm256_loadu_ps(sm + h));
                    const __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi32(v, v), 0x08);
                    _mm_store_si128((__m128i*)(words + h / 2), _mm256_castsi256_si128(packed));
                }
                for (size_t p = 0; p < block / group / 2; ++p) {
                    const __m256i* nl = w->n_pairs[b / group / 2 + p];
                    const __m256i sum = _mm256_set1_epi32(words[p]);
                    f[m].n_e = _mm256_add_epi32(f[m].n_e, _mm256_madd_epi16(nl[0], sum));
                    f[m].n_o = _mm256_add_epi32(f[m].n_o, _mm256_madd_epi16(nl[1], sum));
                }
            }
            const __m512 dmin = has_min ? _mm512_load_ps(w->factor_min[b / block]) : _mm512_setzero_ps();
            _mm512_store_ps(acc[m], subs_end(code, has_min, 0, f[m], _mm512_load_ps(w->factor[b / block]),
                                             dmin, xs[(size_t)rows[m] * blocks + bx],
                                             _mm512_load_ps(acc[m])));
        }
    }
}

// acc[m] (16 rows of token rows[m]) += the chunk's product, for mr tokens; inputs k0..k0+n.
// Each token's sums run as `q8_group_dot` runs them, so the bits are the one-token kernel's.
INLINE void q8_tokens(enum code code, enum maps mp, int has_min, int mr, int group, int block,
                      const struct q8_chunk* w, size_t n, const uint8_t* xq, const float* xs,
                      const float* xsum, size_t K, const uint32_t* rows, size_t k0,
                      float (*acc)[TILE]) {
    if (q8_int_subs(mp)) {
        q8_tokens_subs(code, mr, group, block, has_min, w, n, xq, xs, xsum, K, rows, k0, acc);
        return;
    }
    const size_t blocks = K / block, groups = K / group;
    const int run = q8_run(code, group);
    const __m256i ones = _mm256_set1_epi16(1);
    for (size_t b = 0; b < n; b += block) {
        __m512 part[Q8_MR];
#pragma GCC unroll 4
        for (int m = 0; m < mr; ++m) part[m] = _mm512_setzero_ps();
        for (size_t g = b / group; g < (b + block) / group; ++g) {
            __m256i de[Q8_MR], dd[Q8_MR];
#pragma GCC unroll 4
            for (int m = 0; m < mr; ++m) de[m] = dd[m] = _mm256_setzero_si256();
            for (int r0 = 0; r0 < group / 4; r0 += run) {
                __m256i se[Q8_MR], so[Q8_MR];
#pragma GCC unroll 4
                for (int m = 0; m < mr; ++m) se[m] = so[m] = _mm256_setzero_si256();
                q8_run_sums(code, mr, w, g * group / 4 + (size_t)r0, run, xq + k0, K, rows, se, so);
#pragma GCC unroll 4
                for (int m = 0; m < mr; ++m) {
                    de[m] = _mm256_add_epi32(de[m], _mm256_madd_epi16(se[m], ones));
                    dd[m] = _mm256_add_epi32(dd[m], _mm256_madd_epi16(so[m], ones));
                }
            }
            const __m512 sc = _mm512_load_ps(w->scale[g]);
            const __m512 mo = _mm512_load_ps(w->minoff[g]);
            const size_t gx = k0 / group + g;
#pragma GCC unroll 4
            for (int m = 0; m < mr; ++m) {
                const float s = xsum[(size_t)rows[m] * groups + gx];
                const __m512i dot = q8_rows(code, de[m], dd[m], s);
                part[m] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dot), sc, part[m]);
                part[m] = _mm512_fmadd_ps(mo, _mm512_set1_ps(s), part[m]);
            }
        }
        const size_t bx = (k0 + b) / block;
#pragma GCC unroll 4
        for (int m = 0; m < mr; ++m)
            _mm512_store_ps(acc[m], _mm512_fmadd_ps(part[m], _mm512_set1_ps(xs[(size_t)rows[m] * blocks + bx]),
                                                    _mm512_load_ps(acc[m])));
    }
}

#endif
