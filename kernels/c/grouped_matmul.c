// Products of grouped (block-quantized) weights with f32 activations, for IREE's CPU
// executables: `y[n, m] = sum_g scale[n, g] * (codes[n, g, :] . x[g, :, m]) + min[n, g] * sum(x[g, :, m])`.
//
// One step of the inner loop widens the 16 codes of one input across a tile's 16 rows into a
// vector of f32 and multiplies it into one accumulator per token, so no dequantized weight is
// ever written, and the codes are read once per block of up to 8 tokens.
// Each group's partial sum is scaled once, as the reference computes `scale * code (+ min)`
// element by element: the same values, summed in another order.
//
// The stored layouts, the entry points' arguments and the bare-metal constraints are in
// grouped.h; the formats, one row each, in formats.h.

#include "formats.h"
#include "grouped.h"

#define MAX_TOKENS 8
// Per-group input sums of one block of tokens live on the stack for this many groups at a
// time (16 KiB); longer rows are summed in chunks of it, each chunk's products added to the
// last one's (a multiple of every super-block's group count).
#define CHUNK_GROUPS 512
#ifndef PREFETCH_GROUPS
#define PREFETCH_GROUPS 4
#endif

#ifdef LLM_AVX2
// AVX2 forms of the nibble lanes below (same lanes, same values), without the 16-entry
// permutes, which avx2.h can only do in four operations a half: a code's value as a byte
// (`vpshufb` of `code_values` as bytes for table and two's-complement codes), then widened.
// At one token from memory on one Zen 3 core, with one tile at a time (`tiles_block`), these
// took Q4_K's widened form from 0.36 of a stream of the same bytes to 0.77, its compact form
// from 0.25 to 0.51.
INLINE __m512 widen_signed_bytes(__m128i v) {
    return (__m512){_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(v)),
                    _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_srli_si128(v, 8)))};
}

// The 16 bytes of inputs k and k+1 at p (8 each) as 32-bit lanes, each input's half widened
// straight from memory (no shift of the upper half between).
INLINE __m512i pair_bytes(const uint8_t* p) {
    return (__m512i){_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)p)),
                     _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(p + 8)))};
}

// `tile_block_nibbles`' lo and hi of U4's 16 bytes at p: a nibble is its value, the low
// nibble masked and the high one shifted down (10 operations for 32 codes, against 16 through
// the byte table). One Zen 3 core, one token from memory: Q4_K's compact form 3.8 -> 6.5 GiB/s
// (0.44 -> 0.58 of a stream of the same bytes), its widened form 5.6 -> 7.4 GiB/s.
INLINE void nibble_lanes(const uint8_t* p, __m512* lo, __m512* hi) {
    const __m512i bytes = pair_bytes(p);
    const __m256i mask = _mm256_set1_epi32(0x0F);
    *lo = (__m512){_mm256_cvtepi32_ps(_mm256_and_si256(bytes.lo, mask)),
                   _mm256_cvtepi32_ps(_mm256_and_si256(bytes.hi, mask))};
    *hi = (__m512){_mm256_cvtepi32_ps(_mm256_srli_epi32(bytes.lo, 4)),
                   _mm256_cvtepi32_ps(_mm256_srli_epi32(bytes.hi, 4))};
}

// A table code's 16 bytes at p (I4, E2M1, NL4) as the values of its 32 codes, in
// `high_codes_avx2`'s order: the low nibbles (even rows) in the low 128 bits, the high ones
// (odd rows) in the high, input k's 8 before input k+1's in each.
INLINE __m256i table_codes_avx2(enum code code, const uint8_t* p) {
    const __m256i both = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)p));
    const __m256i nibbles = _mm256_and_si256(
        _mm256_srlv_epi32(both, _mm256_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4)), _mm256_set1_epi8(0x0F));
    return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(code_bytes(code)), nibbles);
}

// `high_lanes` in bytes: the 32 codes of inputs k and k+1 as signed bytes, `even`'s 16 in the
// low 128 bits and `odd`'s in the high (widened by `high_pair_avx2`, or by `scaled_lanes` at
// one or two tokens). The nibbles of both come from one
// broadcast of the 16 code bytes (the high half shifted down by 4); each lane's high field is
// spread to its byte with one `vpshufb` of the high-bit word and turned into 16 times itself
// less the code's offset by a second: 22 vector operations per 32 Q6_K codes where 32-bit lanes
// took 32. With `fold_rows`, one Zen 3 core, one token from memory, share of a stream of the
// same bytes (median of 3 alternating runs): Q5_K 0.44 -> 0.48, Q6_K 0.58 -> 0.60, so Q6_K's
// one-token product is bound elsewhere (its rate did not move with the prefetch distance
// either).
INLINE __m256i high_codes_avx2(enum code code, int group, const uint8_t* cg, int k) {
    const __m256i both = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(cg + k * 8)));
    const __m256i nibbles = _mm256_and_si256(
        _mm256_srlv_epi32(both, _mm256_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4)), _mm256_set1_epi8(0x0F));
    const uint8_t* high = cg + (size_t)group * 8;
    __m256i codes;
    if (code == I6) {
        // Lane L's field: bits 2L of the word's low half (even rows) or high half (odd rows),
        // so byte L takes the word's byte L / 4 (4 + L / 4) and finds it at bits 2 (L % 4).
        const __m256i word = _mm256_set1_epi64x((long long)load_u64(high + (size_t)(k / 2) * 8));
        const __m256i spread = _mm256_shuffle_epi8(
            word, _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                   4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7));
        const __m256i field = _mm256_and_si256(
            spread, _mm256_setr_epi8(3, 12, 48, -64, 3, 12, 48, -64, 3, 12, 48, -64, 3, 12, 48, -64,
                                     3, 12, 48, -64, 3, 12, 48, -64, 3, 12, 48, -64, 3, 12, 48, -64));
        // Fields at bits 4-7 (L % 4 = 2, 3) moved to 0-3: a 16-bit shift brings the next
        // byte's low nibble above them, which is 0 there (L % 4 = 3's field is at bits 6-7),
        // and the even bytes' high nibbles are masked off. The index is then the field
        // (L % 4 = 0, 2) or 4 times it (L % 4 = 1, 3).
        const __m256i index = _mm256_and_si256(
            _mm256_or_si256(field, _mm256_srli_epi16(field, 4)), _mm256_set1_epi8(0x0F));
        const __m256i value = _mm256_setr_epi8(-32, -16, 0, 16, -16, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0,
                                               -32, -16, 0, 16, -16, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0);
        codes = _mm256_add_epi8(nibbles, _mm256_shuffle_epi8(value, index));
    } else {
        // Lane L's bit: bit L of the word's low 16 bits (even rows) or high 16 (odd rows).
        const __m256i word = _mm256_set1_epi32((int)load_u32(high + (size_t)(k / 2) * 4));
        const __m256i spread = _mm256_shuffle_epi8(
            word, _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                   2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3));
        const __m256i bit = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
                                             1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
        const __m256i set = _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit);
        // I5 (Q5_0): the code less 16, so a clear bit subtracts 16; U5: a set bit adds 16.
        codes = code == I5 ? _mm256_add_epi8(nibbles, _mm256_andnot_si256(set, _mm256_set1_epi8(-16)))
                           : _mm256_add_epi8(nibbles, _mm256_and_si256(set, _mm256_set1_epi8(16)));
    }
    return codes;
}

// `high_codes_avx2`'s order for I3 (Q3_K): 13 vector operations per 32 codes, 21 to floats
// with `scaled_lanes`, where widening each input's 32-bit lanes (`widen_pair`) took 36.
INLINE __m256i three_bit_codes_avx2(int group, const uint8_t* cg, int k) {
    // Inputs k and k+1's words (rows 4j..4j+3 in byte j at bits 0, 2, 4, 6), the high half's
    // shifted down by 2, so even rows' fields sit at bits 0-1 and 4-5 of the low half's bytes
    // and odd rows' at the same bits of the high half's.
    const __m256i words = _mm256_srlv_epi32(_mm256_set1_epi64x((long long)load_u64(cg + k * 4)),
                                            _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2));
    // Lane p < 8 takes input k's row 2p (or 2p + 1) from byte p / 2, lane 8 + p input k+1's
    // from byte 4 + p / 2; the field at bits 4-5 (odd p) comes down to bits 0-1 by a 16-bit
    // shift, which brings in only the next byte's bits 0-3, clear after the mask.
    const __m256i spread = _mm256_shuffle_epi8(words, AVX2_LANES(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7));
    const __m256i field = _mm256_and_si256(spread, _mm256_set1_epi16(0x3003));
    const __m256i low = _mm256_and_si256(_mm256_or_si256(field, _mm256_srli_epi16(field, 4)),
                                         _mm256_set1_epi8(3));
    // Third bits: inputs k and k+1's 16-bit words as one 32-bit word, row r at bit r; lane p
    // of the low half finds row 2p's bit in byte p / 4, of the high half row 2p + 1's; input
    // k+1's in bytes 2 and 3. A clear bit takes 4 off (the code is q - 4).
    const __m256i high = _mm256_set1_epi32((int)load_u32(cg + (size_t)group * 4 + (size_t)k * 2));
    const __m256i spread_high = _mm256_shuffle_epi8(
        high, AVX2_LANES(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3));
    const __m256i bit = _mm256_setr_epi8(1, 4, 16, 64, 1, 4, 16, 64, 1, 4, 16, 64, 1, 4, 16, 64,
                                         2, 8, 32, -128, 2, 8, 32, -128, 2, 8, 32, -128, 2, 8, 32, -128);
    const __m256i set = _mm256_cmpeq_epi8(_mm256_and_si256(spread_high, bit), bit);
    return _mm256_add_epi8(low, _mm256_andnot_si256(set, _mm256_set1_epi8(-4)));
}

// The 32 code bytes of inputs k and k+1 in `high_codes_avx2`'s order as f32 at one or two
// tokens: each byte moved to the top of a 32-bit lane by one `vpshufb` and converted as it is,
// so a lane holds the code times 2^24 (exact: at most 8 significant bits). `first` is input
// k's rows, `second` input k+1's, each as [0 2 4 6 | 1 3 5 7] and [8 10 12 14 | 9 11 13 15]
// (`fold_scaled_rows` puts them back in order). Widening each 8 codes by a sign extension and
// a shift or an extract took 11 operations for 32 codes where these take 8 (table codes: 16
// where they take 12). One Zen 3 core, one token from L3 (`GROUPED_BENCH_BYTES=1`), as a share
// of the unchanged 8-bit kernel's rate in the same run, two runs each: Q6_K 0.57, 0.56 -> 0.68,
// 0.73; MXFP4 0.49, 0.50 -> 0.64, 0.66.
INLINE void scaled_lanes(__m256i codes, __m512* first, __m512* second) {
    const __m256i top0 = AVX2_LANES(-1, -1, -1, 0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3);
    const __m256i top1 = AVX2_LANES(-1, -1, -1, 4, -1, -1, -1, 5, -1, -1, -1, 6, -1, -1, -1, 7);
    const __m256i top2 = AVX2_LANES(-1, -1, -1, 8, -1, -1, -1, 9, -1, -1, -1, 10, -1, -1, -1, 11);
    const __m256i top3 = AVX2_LANES(-1, -1, -1, 12, -1, -1, -1, 13, -1, -1, -1, 14, -1, -1, -1, 15);
    *first = (__m512){_mm256_cvtepi32_ps(_mm256_shuffle_epi8(codes, top0)),
                      _mm256_cvtepi32_ps(_mm256_shuffle_epi8(codes, top1))};
    *second = (__m512){_mm256_cvtepi32_ps(_mm256_shuffle_epi8(codes, top2)),
                       _mm256_cvtepi32_ps(_mm256_shuffle_epi8(codes, top3))};
}

// The group's sums of `scaled_lanes`' two chains (even inputs in `first`, odd in `second`) in
// row order, each row's two added as `fold_rows` adds them, then scaled back by 2^-24. A
// power of two changes no rounding, so these are the AVX-512 object's bits, unless a chain's
// sum or product falls below 2^-126 in magnitude (not zero), where the scaled one keeps bits
// the other loses, or passes 2^104.
INLINE __m512 fold_scaled_rows(__m512 first, __m512 second) {
    const __m256 unscale = _mm256_set1_ps(0x1p-24f);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    return (__m512){
        _mm256_permutevar8x32_ps(_mm256_mul_ps(_mm256_add_ps(first.lo, second.lo), unscale), order),
        _mm256_permutevar8x32_ps(_mm256_mul_ps(_mm256_add_ps(first.hi, second.hi), unscale), order)};
}

// `widen_pair` of 5- and 6-bit codes: the even and odd rows interleaved as bytes (input k's
// rows are lanes 0-7 of both halves, input k+1's lanes 8-15), where the 32-lane permutes
// cost avx2.h about 20 operations each.
INLINE void high_pair_avx2(enum code code, int group, const uint8_t* cg, int k, __m512* first,
                           __m512* second) {
    const __m256i codes = high_codes_avx2(code, group, cg, k);
    const __m128i even = _mm256_castsi256_si128(codes), odd = _mm256_extracti128_si256(codes, 1);
    *first = widen_signed_bytes(_mm_unpacklo_epi8(even, odd));
    *second = widen_signed_bytes(_mm_unpackhi_epi8(even, odd));
}

// The two nibble-order accumulators of `tile_block_nibbles` in row order, their halves added:
// the two permutes and the add of the AVX-512 form, the same sums, in 6 operations where
// avx2.h's permutes took about 40. Q4_K at one token: 0.68 -> 0.73 of the stream (as above).
INLINE __m512 fold_rows(__m512 even, __m512 odd) {
    const __m256 e = _mm256_add_ps(even.lo, even.hi), o = _mm256_add_ps(odd.lo, odd.hi);
    // [r0 r1 r2 r3 | r8 r9 r10 r11] and [r4 r5 r6 r7 | r12 r13 r14 r15].
    const __m256 a = _mm256_unpacklo_ps(e, o), b = _mm256_unpackhi_ps(e, o);
    return (__m512){_mm256_permute2f128_ps(a, b, 0x20), _mm256_permute2f128_ps(a, b, 0x31)};
}
#endif

// The 16 codes of inputs k and k+1 (16 bytes of 4-bit codes: rows 2i and 2i+1 of input k in
// byte i, input k+1 in bytes 8..15) as two vectors of f32.
INLINE void widen_nibbles(enum code code, const uint8_t* p, __m512* first, __m512* second) {
    const __m128i bytes = _mm_loadu_si128((const __m128i*)p);
    const __m128i low_mask = _mm_set1_epi8(0x0F);
    __m128i lo = _mm_and_si128(bytes, low_mask);
    __m128i hi = _mm_and_si128(_mm_srli_epi16(bytes, 4), low_mask);
    if (table_code(code)) {
#ifdef LLM_AVX2
        const __m128i values = code_bytes(code);
        *first = widen_signed_bytes(_mm_shuffle_epi8(values, _mm_unpacklo_epi8(lo, hi)));
        *second = widen_signed_bytes(_mm_shuffle_epi8(values, _mm_unpackhi_epi8(lo, hi)));
#else
        // vpermps reads an index's low 4 bits: the nibble picks its value from the table.
        const __m512 values = code_values(code);
        *first = _mm512_permutexvar_ps(_mm512_cvtepu8_epi32(_mm_unpacklo_epi8(lo, hi)), values);
        *second = _mm512_permutexvar_ps(_mm512_cvtepu8_epi32(_mm_unpackhi_epi8(lo, hi)), values);
#endif
        return;
    }
    if (code == I4) {
        // Two's complement nibbles: (n ^ 8) - 8.
        const __m128i eight = _mm_set1_epi8(8);
        lo = _mm_sub_epi8(_mm_xor_si128(lo, eight), eight);
        hi = _mm_sub_epi8(_mm_xor_si128(hi, eight), eight);
        *first = _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_unpacklo_epi8(lo, hi)));
        *second = _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_unpackhi_epi8(lo, hi)));
    } else {
        *first = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_unpacklo_epi8(lo, hi)));
        *second = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_unpackhi_epi8(lo, hi)));
    }
}

INLINE __m512 widen_bytes(const uint8_t* p) {
    return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i*)p)));
}

// Inputs k and k+1 of a tile's 5- or 6-bit codes at `cg` (`group` inputs) as f32 in the
// nibble lane order: lane l < 8 of `even` is row 2l of input k, lane 8 + l row 2l of input
// k + 1; `odd` the rows 2l + 1. Each value is a table lookup of the low nibble (the offset
// folded in) plus one of the high bits (16 or 16 * 2 bits' worth), which costs a third of
// widening each lane through integer shifts (measured on one thread, one token).
INLINE void high_lanes(enum code code, int group, const uint8_t* cg, int k, __m512* even,
                       __m512* odd) {
    const __m512i bytes = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(cg + k * 8)));
    const uint8_t* high = cg + (size_t)group * 8;
    __m512 low_table, high_table;
    __m512i he, ho;
    if (code == I6) {
        low_table = _mm512_setr_ps(-32, -31, -30, -29, -28, -27, -26, -25, -24, -23, -22, -21, -20, -19, -18, -17);
        high_table = _mm512_setr_ps(0, 16, 32, 48, 0, 16, 32, 48, 0, 16, 32, 48, 0, 16, 32, 48);
        const __m512i shifts = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        const uint8_t* w = high + (size_t)(k / 2) * 8;
        he = _mm512_srlv_epi32(_mm512_set1_epi32((int)load_u32(w)), shifts);
        ho = _mm512_srlv_epi32(_mm512_set1_epi32((int)load_u32(w + 4)), shifts);
    } else {
        low_table = code == I5 ? _mm512_setr_ps(-16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1)
                               : _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        high_table = _mm512_setr_ps(0, 16, 0, 16, 0, 16, 0, 16, 0, 16, 0, 16, 0, 16, 0, 16);
        const __m512i shifts = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const uint32_t w = load_u32(high + (size_t)(k / 2) * 4);
        he = _mm512_srlv_epi32(_mm512_set1_epi32((int)w), shifts);
        ho = _mm512_srlv_epi32(_mm512_set1_epi32((int)(w >> 16)), shifts);
    }
    // vpermps reads only an index's low 4 bits: the nibble, or the high field and the next.
    *even = _mm512_add_ps(_mm512_permutexvar_ps(bytes, low_table),
                          _mm512_permutexvar_ps(he, high_table));
    *odd = _mm512_add_ps(_mm512_permutexvar_ps(_mm512_srli_epi32(bytes, 4), low_table),
                         _mm512_permutexvar_ps(ho, high_table));
}

// Inputs k and k+1 of one tile's group of codes at `cg` (`group` inputs), as f32 in row order.
INLINE void widen_pair(enum code code, int group, const uint8_t* cg, int k, __m512* first,
                       __m512* second) {
    if (two_bit_code(code)) {
        const __m512i shifts = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        const __m512i three = _mm512_set1_epi32(3);
        __m512i a = _mm512_and_si512(
            _mm512_srlv_epi32(_mm512_set1_epi32((int)load_u32(cg + k * 4)), shifts), three);
        __m512i b = _mm512_and_si512(
            _mm512_srlv_epi32(_mm512_set1_epi32((int)load_u32(cg + (k + 1) * 4)), shifts), three);
        if (code == I3) {
            // Third bits: both inputs' 16-bit words as one 32-bit word; the code is q - 4.
            const __m512i rows = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            const __m512i one = _mm512_set1_epi32(1), four = _mm512_set1_epi32(4);
            const uint32_t high = load_u32(cg + (size_t)group * 4 + (size_t)k * 2);
            const __m512i ha = _mm512_and_si512(_mm512_srlv_epi32(_mm512_set1_epi32((int)high), rows), one);
            const __m512i hb = _mm512_and_si512(_mm512_srlv_epi32(_mm512_set1_epi32((int)(high >> 16)), rows), one);
            a = _mm512_sub_epi32(_mm512_or_si512(a, _mm512_slli_epi32(ha, 2)), four);
            b = _mm512_sub_epi32(_mm512_or_si512(b, _mm512_slli_epi32(hb, 2)), four);
        }
        *first = _mm512_cvtepi32_ps(a);
        *second = _mm512_cvtepi32_ps(b);
        return;
    }
    if (code == I8) {
        *first = widen_bytes(cg + k * 16);
        *second = widen_bytes(cg + (k + 1) * 16);
        return;
    }
    if (nibble_code(code)) {
        widen_nibbles(code, cg + k * 8, first, second);
        return;
    }
#ifdef LLM_AVX2
    high_pair_avx2(code, group, cg, k, first, second);
#else
    __m512 even, odd;
    high_lanes(code, group, cg, k, &even, &odd);
    const __m512i first_rows = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i second_rows = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    *first = _mm512_permutex2var_ps(even, first_rows, odd);
    *second = _mm512_permutex2var_ps(even, second_rows, odd);
#endif
}

// Writes `tb` tiles' accumulators for `mb` tokens into y ([N, M]) at column m0.
#define store_tiles(tb, mb, acc, M, y, m0)                                    \
    do {                                                                      \
        for (int t_ = 0; t_ < (tb); ++t_) {                                   \
            float* yt = (y) + t_ * TILE * (M);                                \
            if ((M) == 1) {                                                   \
                _mm512_storeu_ps(yt, (acc)[t_][0]);                           \
                continue;                                                     \
            }                                                                 \
            for (int m_ = 0; m_ < (mb); ++m_) {                               \
                float out[TILE];                                              \
                _mm512_storeu_ps(out, (acc)[t_][m_]);                         \
                for (int j = 0; j < TILE; ++j) yt[j * (M) + (m0) + m_] = out[j]; \
            }                                                                 \
        }                                                                     \
    } while (0)

// Starts `tb` tiles' accumulators for `mb` tokens from y's partial sums (a later chunk of
// groups), or from zero.
#define load_tiles(tb, mb, acc, M, y, m0, first)                              \
    do {                                                                      \
        for (int t_ = 0; t_ < (tb); ++t_) {                                   \
            const float* yt = (y) + t_ * TILE * (M);                          \
            for (int m_ = 0; m_ < (mb); ++m_) {                               \
                if (first) {                                                  \
                    (acc)[t_][m_] = _mm512_setzero_ps();                      \
                    continue;                                                 \
                }                                                             \
                float in[TILE];                                               \
                for (int j = 0; j < TILE; ++j) in[j] = yt[j * (M) + (m0) + m_]; \
                (acc)[t_][m_] = _mm512_loadu_ps(in);                          \
            }                                                                 \
        }                                                                     \
    } while (0)

// Asks for tb tiles' codes `codes_ahead` bytes past the group at `codes_now` (one group's
// worth) and their maps at `map_at`, ahead of their use: each tile is its own stream, too
// short for the hardware prefetcher to ramp up (4-bit codes: measured 15-20% faster from
// memory with 4-8 groups ahead).
INLINE void prefetch_group(int tb, const uint8_t* codes_now, size_t tile_codes,
                           size_t group_bytes, size_t codes_ahead, const uint8_t* scales,
                           const uint8_t* mins, size_t tile_maps, size_t map_at, int has_min) {
    for (int t = 0; t < tb; ++t) {
        const uint8_t* c = codes_now + t * tile_codes + codes_ahead;
        for (size_t line = 0; line < group_bytes; line += 64)
            _mm_prefetch((const char*)(c + line), _MM_HINT_T0);
        _mm_prefetch((const char*)(scales + t * tile_maps + map_at), _MM_HINT_T0);
        if (has_min)
            _mm_prefetch((const char*)(mins + t * tile_maps + map_at), _MM_HINT_T0);
    }
}

#ifdef LLM_AVX2
// AVX2, byte codes (Q8_0, and the widened forms): `tile_block` asks for the codes and maps
// `BYTES_AHEAD` bytes of codes ahead along the weight (its tiles lie one after another, so
// near a tile's end this asks for the next tile's first groups). One Zen 3 core, one token
// from memory (`cargo bench -p kernels --bench grouped_matmul`), Q8_0's share of a stream of
// the same bytes in alternating rounds: 0.77-0.87 without, 1.08-1.15 with 8 KiB, 0.94-1.09
// with 2 KiB; the 4-bit formats did not move with the same distance (their widening bounds
// them). The AVX-512 object asks nothing ahead for byte codes (measured slower at 4 groups
// ahead within the tile).
#define BYTES_AHEAD 8192
#endif

// The maps of map block `block` (see `map_block_groups`) for `tb` tiles: scales into d, mins
// (negated where stored positive) into mn. A K-quant super-block's sub-scales decoded together
// cost a third of decoding them a group at a time (`block_maps`).
INLINE void tile_maps_block(enum maps mp, int has_min, int tb, const uint8_t* scales,
                            const uint8_t* mins, size_t tile_maps, size_t block,
                            __m512 d[4][16], __m512 mn[4][16]) {
#pragma GCC unroll 4
    for (int t = 0; t < tb; ++t) {
        block_maps(mp, scales + t * tile_maps, block, 0, d[t]);
        if (has_min) block_maps(mp, mins + t * tile_maps, block, negated_mins(mp), mn[t]);
    }
}

// Independent accumulators the inner loop keeps: an FMA's result is ready four cycles later
// and two issue per cycle, so fewer than eight chains leave the FMA units idle.
#define CHAINS 8

// Partial sums per (tile, token) pair: inputs k with k % LANES == i go to partial i, added in
// order at the group's end. The same for every token count, so a token's sums run the same
// way alone and among others (the nibble form below folds the same two partials); with the
// tiles side by side (`tiles_block`), every count keeps at least CHAINS chains.
#define LANES 2

// `tb` tiles (16 output rows each) times `mb` tokens from column m0 of x ([K, M]), each
// (tile, token) pair summing into LANES partial vectors.
INLINE void tile_block(enum code code, int group, enum maps mp, int has_min, int tb, int mb,
                       const float* x, size_t M, const float* xsum, const uint8_t* codes,
                       const uint8_t* scales, const uint8_t* mins, size_t groups,
                       size_t stored_groups, float* y, size_t m0, int first) {
    const int lanes = LANES;
    const size_t code_bytes = input_bytes(code);
    const size_t tile_codes = stored_groups * group * code_bytes;
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    __m512 acc[4][MAX_TOKENS];
    load_tiles(tb, mb, acc, M, y, m0, first);
    const size_t per = map_block_groups(mp);
    __m512 d[4][16], mn[4][16];
    for (size_t g = 0; g < groups; ++g) {
        __m512 part[4][MAX_TOKENS][CHAINS];
#pragma GCC unroll 4
        for (int t = 0; t < tb; ++t)
#pragma GCC unroll 8
            for (int m = 0; m < mb; ++m)
#pragma GCC unroll 8
                for (int l = 0; l < lanes; ++l) part[t][m][l] = _mm512_setzero_ps();
        const float* xg = x + g * group * M;
        const uint8_t* cg = codes + g * group * code_bytes;
        if (code != I8 && g + PREFETCH_GROUPS < groups)
            prefetch_group(tb, cg, tile_codes, group * code_bytes,
                           PREFETCH_GROUPS * group * code_bytes, scales, mins, tile_maps,
                           maps_bytes(mp, g + PREFETCH_GROUPS), has_min);
#ifdef LLM_AVX2
        if (code == I8)
            prefetch_group(tb, cg, tile_codes, group * code_bytes, BYTES_AHEAD, scales, mins,
                           tile_maps, maps_bytes(mp, g) + tile_maps * BYTES_AHEAD / tile_codes,
                           has_min);
#endif
        const int step = code == I8 ? 1 : 2;
#pragma GCC unroll 1
        for (int k0 = 0; k0 < group; k0 += lanes > step ? lanes : step) {
#pragma GCC unroll 8
            for (int k = k0; k < k0 + (lanes > step ? lanes : step); k += step) {
                __m512 w[4][2];
#pragma GCC unroll 4
                for (int t = 0; t < tb; ++t) {
                    if (code == I8) {
                        w[t][0] = widen_bytes(cg + t * tile_codes + k * code_bytes);
                    } else {
                        widen_pair(code, group, cg + t * tile_codes, k, &w[t][0], &w[t][1]);
                    }
                }
#pragma GCC unroll 2
                for (int s = 0; s < step; ++s) {
                    const int l = (k + s) % lanes;
#pragma GCC unroll 8
                    for (int m = 0; m < mb; ++m) {
                        const __m512 xv = _mm512_set1_ps(xg[(k + s) * M + m]);
#pragma GCC unroll 4
                        for (int t = 0; t < tb; ++t)
                            part[t][m][l] = _mm512_fmadd_ps(w[t][s], xv, part[t][m][l]);
                    }
                }
            }
        }
        if (g % per == 0) tile_maps_block(mp, has_min, tb, scales, mins, tile_maps, g / per, d, mn);
#pragma GCC unroll 4
        for (int t = 0; t < tb; ++t) {
#pragma GCC unroll 8
            for (int m = 0; m < mb; ++m) {
                __m512 p = part[t][m][0];
#pragma GCC unroll 8
                for (int l = 1; l < lanes; ++l) p = _mm512_add_ps(p, part[t][m][l]);
                acc[t][m] = _mm512_fmadd_ps(p, d[t][g % per], acc[t][m]);
                if (has_min)
                    acc[t][m] = _mm512_fmadd_ps(mn[t][g % per], _mm512_set1_ps(xsum[g * MAX_TOKENS + m]),
                                                acc[t][m]);
            }
        }
    }
    store_tiles(tb, mb, acc, M, y, m0);
}

// 4-bit codes (and 5- and 6-bit ones, whose high bits come from `high_lanes` in the same lane
// order) at one or two tokens, where widening is the bottleneck: the 16 bytes of inputs
// k and k+1 are zero-extended once, and each lane's low and high nibble picked from a table
// of the 16 code values (vpermps reads only an index's low 4 bits). Lanes 0-7 then hold the
// even rows of input k and lanes 8-15 those of input k+1 (odd rows for the high nibbles), so
// the token's input is broadcast as [x_k x8, x_k+1 x8] and the halves are folded per group.
// The AVX2 object also takes 3-bit codes here, as bytes (`three_bit_codes_avx2`).
INLINE void tile_block_nibbles(enum code code, int group, enum maps mp, int has_min, int tb, int mb,
                               const float* x, size_t M, const float* xsum,
                               const uint8_t* codes, const uint8_t* scales,
                               const uint8_t* mins, size_t groups, size_t stored_groups,
                               float* y, size_t m0, int first) {
    const size_t code_bytes = input_bytes(code);
    const size_t tile_codes = stored_groups * group * code_bytes;
    const size_t tile_maps = maps_bytes(mp, stored_groups);
#ifndef LLM_AVX2
    const __m512 table = code_values(code);
    const __m512i halves = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    // [E0 O0 E1 O1 ... E7 O7] and [E8 O8 ... E15 O15]: rows 0..15 from the two folds.
    const __m512i first_rows = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i second_rows = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
#endif
    __m512 acc[4][2];
    load_tiles(tb, mb, acc, M, y, m0, first);
    const size_t per = map_block_groups(mp);
    __m512 d[4][16], mn[4][16];
    for (size_t g = 0; g < groups; ++g) {
        __m512 even[4][2], odd[4][2];
#pragma GCC unroll 4
        for (int t = 0; t < tb; ++t)
#pragma GCC unroll 2
            for (int m = 0; m < mb; ++m) even[t][m] = odd[t][m] = _mm512_setzero_ps();
        const float* xg = x + g * group * M;
        const uint8_t* cg = codes + g * group * code_bytes;
        if (g + PREFETCH_GROUPS < groups)
            prefetch_group(tb, cg, tile_codes, group * code_bytes,
                           PREFETCH_GROUPS * group * code_bytes, scales, mins, tile_maps,
                           maps_bytes(mp, g + PREFETCH_GROUPS), has_min);
#pragma GCC unroll 2
        for (int k = 0; k < group; k += 2) {
            __m512 xv[2];
#pragma GCC unroll 2
            for (int m = 0; m < mb; ++m) {
#ifdef LLM_AVX2
                xv[m] = (__m512){_mm256_set1_ps(xg[k * M + m]), _mm256_set1_ps(xg[(k + 1) * M + m])};
#else
                const __m512 pair = _mm512_castps128_ps512(_mm_setr_ps(xg[k * M + m], xg[(k + 1) * M + m], 0, 0));
                xv[m] = _mm512_permutexvar_ps(halves, pair);
#endif
            }
#pragma GCC unroll 4
            for (int t = 0; t < tb; ++t) {
                __m512 lo, hi;
#ifdef LLM_AVX2
                if (code == U4)
                    nibble_lanes(cg + t * tile_codes + k * 8, &lo, &hi);
                else
                    scaled_lanes(nibble_code(code)     ? table_codes_avx2(code, cg + t * tile_codes + k * 8)
                                 : code == I3         ? three_bit_codes_avx2(group, cg + t * tile_codes, k)
                                                      : high_codes_avx2(code, group, cg + t * tile_codes, k),
                                 &lo, &hi);
#else
                if (nibble_code(code)) {
                    const __m512i bytes = _mm512_cvtepu8_epi32(
                        _mm_loadu_si128((const __m128i*)(cg + t * tile_codes + k * 8)));
                    lo = _mm512_permutexvar_ps(bytes, table);
                    hi = _mm512_permutexvar_ps(_mm512_srli_epi32(bytes, 4), table);
                } else {
                    high_lanes(code, group, cg + t * tile_codes, k, &lo, &hi);
                }
#endif
#pragma GCC unroll 2
                for (int m = 0; m < mb; ++m) {
#ifdef LLM_AVX2
                    // `scaled_lanes` keeps one input in each: input k's x, then input k+1's.
                    if (code != U4) {
                        even[t][m] = _mm512_fmadd_ps(lo, (__m512){xv[m].lo, xv[m].lo}, even[t][m]);
                        odd[t][m] = _mm512_fmadd_ps(hi, (__m512){xv[m].hi, xv[m].hi}, odd[t][m]);
                        continue;
                    }
#endif
                    even[t][m] = _mm512_fmadd_ps(lo, xv[m], even[t][m]);
                    odd[t][m] = _mm512_fmadd_ps(hi, xv[m], odd[t][m]);
                }
            }
        }
        if (g % per == 0) tile_maps_block(mp, has_min, tb, scales, mins, tile_maps, g / per, d, mn);
#pragma GCC unroll 4
        for (int t = 0; t < tb; ++t) {
#pragma GCC unroll 2
            for (int m = 0; m < mb; ++m) {
#ifdef LLM_AVX2
                const __m512 p = code == U4 ? fold_rows(even[t][m], odd[t][m])
                                            : fold_scaled_rows(even[t][m], odd[t][m]);
#else
                const __m512 p = _mm512_add_ps(
                    _mm512_permutex2var_ps(even[t][m], first_rows, odd[t][m]),
                    _mm512_permutex2var_ps(even[t][m], second_rows, odd[t][m]));
#endif
                acc[t][m] = _mm512_fmadd_ps(p, d[t][g % per], acc[t][m]);
                if (has_min)
                    acc[t][m] = _mm512_fmadd_ps(mn[t][g % per], _mm512_set1_ps(xsum[g * MAX_TOKENS + m]),
                                                acc[t][m]);
            }
        }
    }
    store_tiles(tb, mb, acc, M, y, m0);
}

// Columns k of the 8 rows r (8 floats each): c[k] = [r0[k] .. r7[k]].
INLINE void transpose8(const __m256 r[8], __m256 c[8]) {
    __m256 t[8], u[8];
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
        t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
#pragma GCC unroll 2
    for (int h = 0; h < 2; ++h) {
        u[4 * h] = _mm256_shuffle_ps(t[4 * h], t[4 * h + 2], 0x44);
        u[4 * h + 1] = _mm256_shuffle_ps(t[4 * h], t[4 * h + 2], 0xEE);
        u[4 * h + 2] = _mm256_shuffle_ps(t[4 * h + 1], t[4 * h + 3], 0x44);
        u[4 * h + 3] = _mm256_shuffle_ps(t[4 * h + 1], t[4 * h + 3], 0xEE);
    }
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) {
        c[k] = _mm256_permute2f128_ps(u[k], u[4 + k], 0x20);
        c[4 + k] = _mm256_permute2f128_ps(u[k], u[4 + k], 0x31);
    }
}

// One token's inputs (x contiguous): eight groups' sums at once, group i in lane i, each still
// added in input order (a block of 8 inputs of the 8 groups turned into 8 columns). One group
// at a time is a chain of `group` dependent adds for one lane; as a workgroup's share of a
// one-token product it cost 9% of a Q4_K call of 8 tiles (one Zen 3 core, weights in L2).
INLINE size_t group_sums_one(int group, const float* x, size_t groups, float* xsum) {
    size_t g = 0;
    for (; g + 8 <= groups; g += 8) {
        __m256 s = _mm256_setzero_ps();
        for (int k0 = 0; k0 < group; k0 += 8) {
            __m256 r[8], c[8];
#pragma GCC unroll 8
            for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(x + (g + i) * group + k0);
            transpose8(r, c);
#pragma GCC unroll 8
            for (int k = 0; k < 8; ++k) s = _mm256_add_ps(s, c[k]);
        }
        float sums[8];
        _mm256_storeu_ps(sums, s);
        for (int i = 0; i < 8; ++i) xsum[(g + i) * MAX_TOKENS] = sums[i];
    }
    return g;
}

// `group_sums_one` for two tokens (x's rows two floats): four groups at once, group i's two
// tokens in lanes 2i and 2i + 1, a block of 4 inputs turned into 4 columns of pairs.
INLINE size_t group_sums_two(int group, const float* x, size_t groups, float* xsum) {
    size_t g = 0;
    for (; g + 4 <= groups; g += 4) {
        __m256 s = _mm256_setzero_ps();
        for (int k0 = 0; k0 < group; k0 += 4) {
            __m256d r[4];
#pragma GCC unroll 4
            for (int i = 0; i < 4; ++i)
                r[i] = _mm256_castps_pd(_mm256_loadu_ps(x + ((g + i) * group + k0) * 2));
            const __m256d a = _mm256_unpacklo_pd(r[0], r[1]), b = _mm256_unpackhi_pd(r[0], r[1]);
            const __m256d c = _mm256_unpacklo_pd(r[2], r[3]), d = _mm256_unpackhi_pd(r[2], r[3]);
            // Inputs k0, k0 + 1, k0 + 2, k0 + 3 of the four groups, in that order.
            s = _mm256_add_ps(s, _mm256_castpd_ps(_mm256_permute2f128_pd(a, c, 0x20)));
            s = _mm256_add_ps(s, _mm256_castpd_ps(_mm256_permute2f128_pd(b, d, 0x20)));
            s = _mm256_add_ps(s, _mm256_castpd_ps(_mm256_permute2f128_pd(a, c, 0x31)));
            s = _mm256_add_ps(s, _mm256_castpd_ps(_mm256_permute2f128_pd(b, d, 0x31)));
        }
        float sums[8];
        _mm256_storeu_ps(sums, s);
        for (int i = 0; i < 4; ++i) {
            xsum[(g + i) * MAX_TOKENS] = sums[2 * i];
            xsum[(g + i) * MAX_TOKENS + 1] = sums[2 * i + 1];
        }
    }
    return g;
}

// Sum of each group's inputs for tokens m0..m0+mb: xsum[g * MAX_TOKENS + m]. A call of its
// own, once per chunk of a workgroup's row: inlined, its transposes took the f32 cores' frames
// past their budget.
static __attribute__((noinline)) void group_sums(int group, int mb, const float* x, size_t M,
                                                 size_t groups, float* xsum) {
    const __mmask8 tokens = (__mmask8)((1u << mb) - 1);
    // The transposed forms read and write all M tokens of x's rows: only where the block is
    // every token (the callers' one- and two-token blocks are).
    size_t g0 = (size_t)mb != M ? 0
                : M == 1       ? group_sums_one(group, x, groups, xsum)
                : M == 2       ? group_sums_two(group, x, groups, xsum)
                               : 0;
    for (size_t g = g0; g < groups; ++g) {
        __m256 s = _mm256_setzero_ps();
        for (int k = 0; k < group; ++k)
            s = _mm256_add_ps(s, _mm256_maskz_loadu_ps(tokens, x + (g * group + k) * M));
        _mm256_storeu_ps(xsum + g * MAX_TOKENS, s);
    }
}

// 3-bit codes at one or two tokens take `tile_block_nibbles` in the AVX2 object (as bytes,
// `three_bit_codes_avx2`); 2-bit codes, and both in the AVX-512 object, are widened in
// `tile_block`. One Zen 3 core, from L2, as a share of the unchanged 8-bit kernel's rate in
// the same run: Q3_K 0.44-0.49 -> 0.64. Q2_K's bytes built the same way measured 0.55-0.61
// against 0.63-0.66, and its lanes picked from a 4-entry `vpermilps` table (no mask, no
// conversion) 0.64-0.65, so it stays.
#ifdef LLM_AVX2
#define THREE_BIT_BYTES 1
#else
#define THREE_BIT_BYTES 0
#endif

INLINE void tiles_block(enum code code, int group, enum maps mp, int has_min, int mb,
                        const float* x, size_t M, size_t m0, const uint8_t* codes,
                        const uint8_t* scales, const uint8_t* mins, size_t groups,
                        size_t stored_groups, float* y, size_t tile_begin, size_t tile_end) {
    float xsum[CHUNK_GROUPS * MAX_TOKENS];
    const size_t code_bytes = input_bytes(code);
    const size_t tile_codes = stored_groups * group * code_bytes;
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    // Tiles side by side: enough independent chains at one or two tokens. AVX2 has 16
    // registers of half the width: two tiles' accumulators spilled to the stack there, and
    // one tile read Q4_K from memory at 0.51 of a stream against 0.35 (one Zen 3 core).
    // Two groups of one tile side by side (eight chains at one token) spilled the chains too,
    // unless the map decoding was a call of its own and the running sums lived in y; then, one
    // Zen 3 core, weights in L2, Q4_K read 8.3 GiB/s against 8.0 and Q3_K 3.7 against 3.5, but
    // Q6_K 6.6-7.5 against 7.9, Q4_0 7.7 against 8.5, MXFP4 7.0 against 7.6: left out. What
    // bounds the one-token product there: Q4_K's loop is 14 vector operations per 32 weights
    // (2 zero-extensions, 2 shifts, 2 ands, 4 conversions, 4 FMAs). Measured on that core,
    // FMAs and conversions each issue 2 a cycle on separate pipes, shifts and byte shuffles 2 a
    // cycle on pipes shared with one FMA pipe and one conversion pipe, ands 4: about 4 cycles
    // per 32 weights, as the four FMA chains' latency gives too. It took 6.7, the maps 13% of
    // it and the group sums 9%; with the sums taken eight groups at once (`group_sums`), 6.0.
#ifdef LLM_AVX2
    const int tb = 1;
#else
    const int tb = mb >= 4 ? 1 : 4 / mb;
#endif
    for (size_t g0 = 0; g0 < groups; g0 += CHUNK_GROUPS) {
        const size_t gn = groups - g0 < CHUNK_GROUPS ? groups - g0 : CHUNK_GROUPS;
        const float* xc = x + m0 + g0 * group * M;
        if (has_min) group_sums(group, mb, xc, M, gn, xsum);
        const uint8_t* cc = codes + g0 * group * code_bytes;
        const uint8_t* sc = scales + maps_bytes(mp, g0);
        const uint8_t* mc = has_min ? mins + maps_bytes(mp, g0) : 0;
        const int first = g0 == 0;
        size_t t = tile_begin;
#define TILES(n)                                                                               \
    if (code != I8 && (!two_bit_code(code) || (code == I3 && THREE_BIT_BYTES)) && mb <= 2)    \
        tile_block_nibbles(code, group, mp, has_min, n, mb, xc, M, xsum, cc + t * tile_codes,  \
                           sc + t * tile_maps, has_min ? mc + t * tile_maps : 0, gn,           \
                           stored_groups, y + t * TILE * M, m0, first);                        \
    else                                                                                       \
        tile_block(code, group, mp, has_min, n, mb, xc, M, xsum, cc + t * tile_codes,          \
                   sc + t * tile_maps, has_min ? mc + t * tile_maps : 0, gn, stored_groups,    \
                   y + t * TILE * M, m0, first)
        for (; t + tb <= tile_end; t += tb) {
            if (tb == 4) TILES(4);
            else if (tb == 2) TILES(2);
            else TILES(1);
        }
        for (; t < tile_end; ++t) TILES(1);
#undef TILES
    }
}

// Many tokens (prefill): the reference's dequantized weights `scale * code (+ min)` for one
// tile and a block of inputs go to a stack buffer once, then a register-blocked product runs
// over a span of tokens, MR tokens at a time; the widening is paid once per tile and span
// instead of once per 8 tokens. The partial sums stay in token order across input blocks
// and go to y's row order once: y puts a tile's 16 rows of one token M floats apart, and
// reading and writing them that way after every input block (a gather and a scatter per
// token) cost 5% of the products at 128 tokens and 2048 inputs.
#define INPUT_BLOCK 512
// Tokens per span: the span's block of x (512 KiB) stays in L2 while a workgroup's tiles
// take it in turn (256 measured 2-7% faster than 128 at 512 tokens, alike below).
#ifndef GEMM_SPAN
#define GEMM_SPAN 256
#endif
// The span of `tile_gemm`, whose sums live on the stack beside the block (8 KiB; 4 KiB in the
// AVX2 object, whose spills would take its cores past the stack budget otherwise).
#ifdef LLM_AVX2
#define TILE_GEMM_SPAN 64
#else
#define TILE_GEMM_SPAN 128
#endif
// (AVX2: 6, whose 12 accumulator halves and the weight's two fit 16 registers.)
#ifdef LLM_AVX2
#define MR 6
#else
#define MR 12
#endif

INLINE void dequantize_block(enum code code, int group, enum maps mp, int has_min,
                             const uint8_t* codes, const uint8_t* scales, const uint8_t* mins,
                             size_t g0, size_t groups, float* w) {
    const size_t code_bytes = input_bytes(code);
    for (size_t g = 0; g < groups; ++g) {
        const __m512 d = load_map(mp, scales, g0 + g, 0);
        const __m512 mn = has_min ? load_map(mp, mins, g0 + g, negated_mins(mp)) : _mm512_setzero_ps();
        const uint8_t* c = codes + (g0 + g) * group * code_bytes;
        float* out = w + g * group * TILE;
        for (int k = 0; k < group; k += 2) {
            __m512 first, second;
            widen_pair(code, group, c, k, &first, &second);
            // Rounded as the reference rounds: the product, then the sum.
            first = _mm512_mul_ps(first, d);
            second = _mm512_mul_ps(second, d);
            if (has_min) {
                first = _mm512_add_ps(first, mn);
                second = _mm512_add_ps(second, mn);
            }
            _mm512_store_ps(out + k * TILE, first);
            _mm512_store_ps(out + (k + 1) * TILE, second);
        }
    }
}

// sums[m] += w[k] * x[k, m] over the block's inputs, for mr tokens (x from the span's first
// token, sums in token order); sums start from zero in the first input block.
INLINE void gemm_tokens(int mr, const float* w, size_t inputs, const float* x, size_t M,
                        float* sums, int first_block) {
    __m512 acc[MR];
#pragma GCC unroll 12
    for (int m = 0; m < mr; ++m)
        acc[m] = first_block ? _mm512_setzero_ps() : _mm512_loadu_ps(sums + m * TILE);
#pragma GCC unroll 2
    for (size_t k = 0; k < inputs; ++k) {
        const __m512 wk = _mm512_load_ps(w + k * TILE);
#pragma GCC unroll 12
        for (int m = 0; m < mr; ++m)
            acc[m] = _mm512_fmadd_ps(wk, _mm512_set1_ps(x[k * M + m]), acc[m]);
    }
#pragma GCC unroll 12
    for (int m = 0; m < mr; ++m) _mm512_storeu_ps(sums + m * TILE, acc[m]);
}

// One input block's products for `span` tokens, MR at a time, then 8, 4, 2, 1.
INLINE void gemm_span(const float* w, size_t inputs, const float* x, size_t M, size_t span,
                      float* sums, int first) {
    size_t m = 0;
    for (; m + MR <= span; m += MR) gemm_tokens(MR, w, inputs, x + m, M, sums + m * TILE, first);
    if (m + 8 <= span) { gemm_tokens(8, w, inputs, x + m, M, sums + m * TILE, first); m += 8; }
    if (m + 4 <= span) { gemm_tokens(4, w, inputs, x + m, M, sums + m * TILE, first); m += 4; }
    if (m + 2 <= span) { gemm_tokens(2, w, inputs, x + m, M, sums + m * TILE, first); m += 2; }
    if (m < span) gemm_tokens(1, w, inputs, x + m, M, sums + m * TILE, first);
}

// One tile times every token, a span of tokens at a time, its sums on the stack: for chunks
// longer than `tiles_gemm` takes.
INLINE void tile_gemm(enum code code, int group, enum maps mp, int has_min, const float* x,
                      size_t M, const uint8_t* codes, const uint8_t* scales, const uint8_t* mins,
                      size_t groups, float* y) {
    float w[INPUT_BLOCK * TILE] __attribute__((aligned(64)));
    float sums[TILE_GEMM_SPAN * TILE] __attribute__((aligned(64)));
    const size_t block_groups = INPUT_BLOCK / group;
    const __m512i rows = _mm512_mullo_epi32(
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        _mm512_set1_epi32((int)M));
    for (size_t m0 = 0; m0 < M; m0 += TILE_GEMM_SPAN) {
        const size_t span = M - m0 < TILE_GEMM_SPAN ? M - m0 : TILE_GEMM_SPAN;
        for (size_t g0 = 0; g0 < groups; g0 += block_groups) {
            const size_t gn = groups - g0 < block_groups ? groups - g0 : block_groups;
            dequantize_block(code, group, mp, has_min, codes, scales, mins, g0, gn, w);
            gemm_span(w, gn * group, x + g0 * group * M + m0, M, span, sums, g0 == 0);
        }
        for (size_t m = 0; m < span; ++m)
            _mm512_i32scatter_ps(y + m0 + m, rows, _mm512_load_ps(sums + m * TILE), 4);
    }
}

// Tokens `tiles_gemm` takes: a tile's sums for all of them fit the dequantized block's buffer.
#define GEMM_MAX_TOKENS INPUT_BLOCK

// A workgroup's tiles times every token (at most GEMM_MAX_TOKENS), the tiles innermost: a
// span's block of inputs (256 KiB at 512 inputs and 128 tokens) stays in L2 across the
// tiles, where one tile at a time streamed all of x from farther out for every tile (a third
// of the speed at 512 tokens and 8192 inputs). Each tile's sums build up in its own part of y
// (16 * M floats) in token order and are turned into y's row order at the end.
INLINE void tiles_gemm(enum code code, int group, enum maps mp, int has_min, const float* x,
                       size_t M, const uint8_t* codes, const uint8_t* scales,
                       const uint8_t* mins, size_t groups, size_t stored_groups, float* y,
                       size_t tile_begin, size_t tile_end) {
    float w[INPUT_BLOCK * TILE] __attribute__((aligned(64)));
    const size_t block_groups = INPUT_BLOCK / group;
    const size_t tile_codes = stored_groups * group * input_bytes(code);
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    for (size_t m0 = 0; m0 < M; m0 += GEMM_SPAN) {
        const size_t span = M - m0 < GEMM_SPAN ? M - m0 : GEMM_SPAN;
        for (size_t g0 = 0; g0 < groups; g0 += block_groups) {
            const size_t gn = groups - g0 < block_groups ? groups - g0 : block_groups;
            for (size_t t = tile_begin; t < tile_end; ++t) {
                dequantize_block(code, group, mp, has_min, codes + t * tile_codes,
                                 scales + t * tile_maps, has_min ? mins + t * tile_maps : 0, g0,
                                 gn, w);
                gemm_span(w, gn * group, x + g0 * group * M + m0, M, span,
                          y + t * TILE * M + m0 * TILE, g0 == 0);
            }
        }
    }
    // Token order [M, 16] to row order [16, M], through the block buffer.
    for (size_t t = tile_begin; t < tile_end; ++t) {
        float* yt = y + t * TILE * M;
        for (size_t i = 0; i < M * TILE; i += 16) _mm512_store_ps(w + i, _mm512_loadu_ps(yt + i));
        for (size_t j = 0; j < TILE; ++j)
            for (size_t m = 0; m < M; ++m) yt[j * M + m] = w[m * TILE + j];
    }
}

// From this many tokens on, tiles are dequantized once and multiplied as dense blocks.
#define GEMM_TOKENS 16

INLINE void grouped_matmul(enum code code, int group, enum maps mp, int has_min, const float* x,
                           const uint8_t* codes, const uint8_t* scales, const uint8_t* mins,
                           float* y, size_t K, size_t M, size_t stored_groups,
                           size_t tile_begin, size_t tile_end) {
    const size_t groups = K / group;
    if (groups > stored_groups) return;
    if (M >= GEMM_TOKENS && M <= GEMM_MAX_TOKENS) {
        tiles_gemm(code, group, mp, has_min, x, M, codes, scales, mins, groups, stored_groups, y,
                   tile_begin, tile_end);
        return;
    }
    if (M >= GEMM_TOKENS) {
        const size_t code_bytes = input_bytes(code);
        const size_t tile_maps = maps_bytes(mp, stored_groups);
        for (size_t t = tile_begin; t < tile_end; ++t)
            tile_gemm(code, group, mp, has_min, x, M,
                      codes + t * stored_groups * group * code_bytes,
                      scales + t * tile_maps,
                      has_min ? mins + t * tile_maps : 0, groups,
                      y + t * TILE * M);
        return;
    }
    size_t m0 = 0;
    for (; m0 + 8 <= M; m0 += 8)
        tiles_block(code, group, mp, has_min, 8, x, M, m0, codes, scales, mins, groups,
                    stored_groups, y, tile_begin, tile_end);
    if (m0 + 4 <= M) {
        tiles_block(code, group, mp, has_min, 4, x, M, m0, codes, scales, mins, groups,
                    stored_groups, y, tile_begin, tile_end);
        m0 += 4;
    }
    if (m0 + 2 <= M) {
        tiles_block(code, group, mp, has_min, 2, x, M, m0, codes, scales, mins, groups,
                    stored_groups, y, tile_begin, tile_end);
        m0 += 2;
    }
    if (m0 < M) {
        tiles_block(code, group, mp, has_min, 1, x, M, m0, codes, scales, mins, groups,
                    stored_groups, y, tile_begin, tile_end);
    }
}

INLINE void grouped_matmul_many(enum code code, int group, enum maps mp, int has_min, const float* x,
                                const struct weight* w, int n, size_t K, size_t M,
                                size_t stored_groups, size_t per_workgroup, size_t workgroup) {
    for (int i = 0; i < n; ++i) {
        const size_t count = (w[i].tiles + per_workgroup - 1) / per_workgroup;
        if (workgroup < count) {
            size_t begin, end;
            workgroup_tiles(per_workgroup, w[i].tiles, workgroup, &begin, &end);
            grouped_matmul(code, group, mp, has_min, x, w[i].codes, w[i].scales, w[i].mins,
                           w[i].y, K, M, stored_groups, begin, end);
            return;
        }
        workgroup -= count;
    }
}

// Row `tokens[m]` of a grouped [V, E] table as f32 y[m, :] (the embedding of a table stored
// for the kernels): the token's tile is dequantized a block of inputs at a time, exactly as
// the many-token product does, and its row copied out. A token outside the table reads the
// nearest row, as a StableHLO gather clamps its index.
INLINE void gather_row(enum code code, int group, enum maps mp, int has_min,
                       const int32_t* tokens, const uint8_t* codes, const uint8_t* scales,
                       const uint8_t* mins, float* y, size_t E, size_t V, size_t stored_groups,
                       size_t m) {
    float w[INPUT_BLOCK * TILE] __attribute__((aligned(64)));
    int64_t token = tokens[m];
    if (token < 0) token = 0;
    if ((size_t)token >= V) token = (int64_t)V - 1;
    const size_t t = (size_t)token / TILE, j = (size_t)token % TILE;
    const size_t tile_codes = stored_groups * group * input_bytes(code);
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    const size_t groups = E / group, block_groups = INPUT_BLOCK / group;
    float* row = y + m * E;
    for (size_t g0 = 0; g0 < groups; g0 += block_groups) {
        const size_t gn = groups - g0 < block_groups ? groups - g0 : block_groups;
        dequantize_block(code, group, mp, has_min, codes + t * tile_codes, scales + t * tile_maps,
                         has_min ? mins + t * tile_maps : 0, g0, gn, w);
        for (size_t k = 0; k < gn * group; ++k) row[g0 * group + k] = w[k * TILE + j];
    }
}

// One copy of the format's code; the entries only gather their arguments.
#define CORE(name, code, group, mp, has_min)                                                   \
    static __attribute__((noinline)) void name##_core(const uint8_t* x, const struct weight* w, \
                                                      int n, size_t K, size_t M, size_t groups, \
                                                      size_t per, size_t wg) {                  \
        grouped_matmul_many(code, group, mp, has_min, (const float*)x, w, n, K, M, groups,    \
                            per, wg);                                                           \
    }

// `name_gather`: tokens [M] i32, the table's codes, scales (and mins), y [M, E] f32; then E,
// V, the stored groups per tile row and the workgroup id (one workgroup per token).
#define GATHER_MIN_1(name, code, group, mp)                                                    \
    LLM_EXPORT void name##_gather(                                 \
        BUF(tokens), BUF(c), BUF(s), BUF(mn), OUT(y), size_t E, size_t V, size_t groups,       \
        size_t wg) {                                                                           \
        gather_row(code, group, mp, 1, (const int32_t*)AT(tokens), AT(c), AT(s), AT(mn),       \
                   (float*)AT(y), E, V, groups, wg);                                           \
    }
#define GATHER_MIN_0(name, code, group, mp)                                                    \
    LLM_EXPORT void name##_gather(                                 \
        BUF(tokens), BUF(c), BUF(s), OUT(y), size_t E, size_t V, size_t groups, size_t wg) {   \
        gather_row(code, group, mp, 0, (const int32_t*)AT(tokens), AT(c), AT(s), 0,            \
                   (float*)AT(y), E, V, groups, wg);                                           \
    }

// A row of formats.h: `llm_grouped_matmul_<stem>` (and `_x2`, `_x3`, `_gather`).
#define GROUPED_ENTRIES(stem, code, group, mp, min, fixed)                                     \
    CORE(llm_grouped_matmul_##stem, code, group, mp, min)                                      \
    GATHER_MIN_##min(llm_grouped_matmul_##stem, code, group, mp)                               \
    EXPORTS_MIN_##min(llm_grouped_matmul_##stem, llm_grouped_matmul_##stem##_core)

LLM_FORMATS(GROUPED_ENTRIES)
