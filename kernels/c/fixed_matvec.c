// Products of decode tokens on integer dot products, exact to f32 rounding.
// At one token the exact kernels in grouped_matmul.c are bound by widening codes to f32: about
// six vector operations per 32 weights, so one core reads 4-bit weights at about 8 GiB/s, well
// under what memory streams. `vpdpbusd` multiplies 64 byte pairs into 16 i32 lanes at once, so
// here the codes stay bytes (one byte permute per 4 inputs puts each row's codes of four
// consecutive inputs in its 32-bit lane) and the token's activations become integers instead:
//
// Each block of 32 inputs gets a power-of-two unit u = 2^(e - 30), with 2^e above the block's
// largest magnitude, and every x becomes N = round(x / u), |N| < 2^30, held as four signed
// bytes (limbs) N = l0 + 2^8 l1 + 2^16 l2 + 2^24 l3. Multiplying by a power of two is exact,
// so every x within 2^6 of its block's largest magnitude is held exactly (its 24 significant
// bits fit in 30), and a smaller one is off by at most u / 2 = 2^-31 of 2^e: below the
// rounding of the block's largest input itself. Per group and limb the integer sum
// sum_k q[r, k] * l[k] is exact (i32); the limbs' sums are combined in pairs in integers
// (lo = s0 + 2^8 s1, hi = s2 + 2^8 s3, exact), the signed codes' offset taken off there, and
// 2^16 hi + lo is one f32 FMA, scaled by u and the group's scale; the min term adds
// min * sum(N) * u (the sum of N exact in 64 bits). So the weights are the file's values bit
// for bit and the only roundings are f32's, fewer than an FMA chain's (three per group
// instead of one per input).
//
// 2- to 6-bit codes have entries (a table code's nibbles become its values plus the offset
// with one byte shuffle; the high bits of 5- and 6-bit codes are added to each quad, see
// `fx_add_high`), and Q8_0's byte codes (each quad one byte permute); the other byte-code
// rows, widened forms, keep the f32 kernel (the `fixed` column of formats.h).
//
// Several tokens (a decode step's rows, each a sequence of its own) can take the same path,
// so that a row's numbers do not depend on its batch (`--decode-kernels fixed`): the f32
// kernel rounds otherwise, and a step's row count picking between the two made a request's
// log-probabilities differ with the load (bit-equal at 11 of 496 positions on SmolLM2 alone
// and among 7). Each group's codes are unpacked once for up to 8 tokens, and each token's
// product is the one-token kernel's (`fx_dots`): the same bits. At 8 tokens this takes
// 1.7-2.0x the f32 kernel's time from cache (Zen 4 issues `vpdpbusd` at half the rate of
// FMAs, and each input takes four); interleaving four tokens' chains (one per limb each)
// measured 10% slower than one token after another. Prefill keeps the f32 kernel beyond one
// token (`kernels::GroupedMatmul::exact_symbol_for`).
//
// K must be a multiple of 32 and a token's activations finite; otherwise (a NaN or infinity,
// which the integers cannot carry) the f32 kernel of the same format runs, for every token
// when K is not, and for the call before the finite tokens are written over when some token
// is not, so the entries accept every call the exact ones do. Needs the CPU features
// grouped.h names for the integer-product families (VNNI and VBMI used here).

#include "formats.h"
#include "grouped.h"

// The f32 kernels' cores (grouped_matmul.c, in the same translation unit: kernels.c), which
// take the calls this path does not.
#define FX_EXACT_CORE(stem, code, group, mp, min, fixed)                                        \
    static void llm_grouped_matmul_##stem##_core(const uint8_t*, const struct weight*, int,    \
                                                 size_t, size_t, size_t, size_t, size_t);
LLM_FORMATS(FX_EXACT_CORE)

#pragma GCC push_options
#pragma GCC target("avx512vnni,avx512vbmi,avx512bitalg,bmi2")

#define FX_LIMBS 4
#define FX_BLOCK 32
// Inputs held in fixed point at a time (22 KiB of stack): a tile row of up to this many inputs
// is read in one pass, as one stream with the next tile's. Longer rows are read a chunk at a
// time, each chunk a short stream of its own: at the 1B shape's down projection (8192 inputs)
// 4096 measured 5-10% faster than 2048.
#define FX_CHUNK 4096
// Tiles whose accumulators stay on the stack across chunks (4 KiB); a workgroup with more
// tiles takes them in turns.
#define FX_TILES 64
// Bytes of codes ahead of their use that the codes (and the maps of the same groups) are asked
// for, along the order the tiles' groups are read in (into the next tile past a tile's end).
// Memory's latency times a core's stream rate is several KiB, and a tile row is a short stream
// of its own that the hardware prefetcher barely follows: one token from memory (2-core Zen 4,
// weights 5x the L3) read Q4_K at 20 GiB/s asking 8 groups (1 KiB) ahead, 32 GiB/s asking 8
// KiB ahead (IQ4_NL 19 -> 32, MXFP4 20 -> 25-30, Q2_K 12 -> 15); 12 and 16 KiB measured the same
// as 8.
#ifndef FX_PREFETCH_BYTES
#define FX_PREFETCH_BYTES 8192
#endif

// One chunk of the token's inputs in fixed point.
struct fx_inputs {
    int8_t limbs[FX_LIMBS][FX_CHUNK] __attribute__((aligned(64)));
    // The unit u of each block of 32 inputs.
    float unit[FX_CHUNK / FX_BLOCK];
    // What a group's min is multiplied by, the sum of its inputs f32(sum N) * u, per group of 16
    // and of 32: computed once per token here rather than once per group and tile (a 64-bit
    // conversion whose result the tile's accumulator waits on).
    float min_weight16[FX_CHUNK / 16];
    float min_weight32[FX_CHUNK / 32];
    // The sums of the limbs' pairs (l0 + 2^8 l1, l2 + 2^8 l3) per group of 16 and of 32, which
    // the codes' offset times comes off a group's integer sums.
    int32_t pair_sum16[FX_CHUNK / 16][2];
    int32_t pair_sum32[FX_CHUNK / 32][2];
};

// Where tokens' inputs in fixed point are, on the stack (`struct fx_inputs`, one chunk) or in
// a step's shared buffer (`llm_fixed_quantize`): token r's limb l of input k at
// limbs + r * token_stride + l * limb_stride + k; its block b's unit, min weight and pair sums
// at index r * blocks + b (halves of 16: 2 (r * blocks) + h).
struct fx_view {
    int8_t* limbs;
    size_t token_stride, limb_stride, blocks;
    float* unit;
    float* min_weight16;
    float* min_weight32;
    int32_t (*pair_sum16)[2];
    int32_t (*pair_sum32)[2];
};

// q's chunk as a view: tokens a slice of `blocks` blocks each (their limbs `token_stride` bytes
// apart, limb l at l * limb_stride).
INLINE struct fx_view fx_view_of(struct fx_inputs* q, size_t token_stride, size_t limb_stride,
                                 size_t blocks) {
    struct fx_view v = {q->limbs[0], token_stride, limb_stride, blocks, q->unit,
                        q->min_weight16, q->min_weight32, q->pair_sum16, q->pair_sum32};
    return v;
}

// The lanes of v that are NaN or infinite (fpclass 0x99: quiet NaN, signalling NaN,
// +infinity, -infinity).
INLINE __mmask16 fx_not_finite(__m512 v) { return _mm512_fpclass_ps_mask(v, 0x99); }

// Whether every one of the n inputs is finite.
INLINE int fx_finite(const float* x, size_t n) {
    __mmask16 bad = 0;
    size_t k = 0;
    for (; k + 16 <= n; k += 16) bad |= fx_not_finite(_mm512_loadu_ps(x + k));
    // The lanes past n load as zeros, which are finite.
    const __mmask16 rest = (__mmask16)((1u << (n - k)) - 1);
    bad |= fx_not_finite(_mm512_maskz_loadu_ps(rest, x + k));
    return bad == 0;
}

// The 16 lanes' sums of a, b, c and d at once (lanes 0, 4, 8 and 12 of the result): one
// reduction tree for the four instead of four.
INLINE __m512i fx_sums4(__m512i a, __m512i b, __m512i c, __m512i d) {
    // Halves of a and b, then of c and d, added: 8 partial sums each.
    const __m512i ab = _mm512_add_epi32(_mm512_shuffle_i32x4(a, b, 0x44), _mm512_shuffle_i32x4(a, b, 0xEE));
    const __m512i cd = _mm512_add_epi32(_mm512_shuffle_i32x4(c, d, 0x44), _mm512_shuffle_i32x4(c, d, 0xEE));
    // 4 partial sums each, a's in the first 128 bits, then b's, c's, d's.
    __m512i s = _mm512_add_epi32(_mm512_shuffle_i32x4(ab, cd, 0x88), _mm512_shuffle_i32x4(ab, cd, 0xDD));
    s = _mm512_add_epi32(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0x4E));
    return _mm512_add_epi32(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0xB1));
}

// Block b of token r of the view q from the 32 inputs v. Each x becomes N = round(x / u),
// and N's limbs are its base-256 digits in [-128, 127]: l = N's low byte read as signed, and
// what remains, (N - l) / 256, is (N + 128) >> 8. The pairs' sums follow from the remainders:
// l2 + 2^8 l3 is the remainder after two limbs, r2, and l0 + 2^8 l1 is N - 2^16 r2. (With
// each limb sign-extended and taken off, and four horizontal sums, one token of 576 inputs
// took 0.84 us, now 0.58; 8 tokens 8.4 and 6.8; one Xeon thread, the same bytes.)
INLINE void fx_quantize_block(const __m512 v[2], const struct fx_view* q, size_t r, size_t b) {
    int8_t* limbs = q->limbs + r * q->token_stride + b * FX_BLOCK;
    const size_t stride = q->limb_stride;
    b += r * q->blocks;
    const float amax = _mm512_reduce_max_ps(_mm512_max_ps(_mm512_abs_ps(v[0]), _mm512_abs_ps(v[1])));
    uint32_t bits;
    __builtin_memcpy(&bits, &amax, 4);
    // amax < 2^e; e >= -96 keeps both 2^(30 - e) and the unit 2^(e - 30) normal floats (a
    // block that small is held to 2^-126 absolute).
    int e = (int)((bits >> 23) & 0xFF) - 126;
    if (e < -96) e = -96;
    const __m512 up = _mm512_castsi512_ps(_mm512_set1_epi32((157 - e) << 23));
    const uint32_t unit_bits = (uint32_t)(97 + e) << 23;
    float unit;
    __builtin_memcpy(&unit, &unit_bits, 4);
    q->unit[b] = unit;
    // Per half of 16 inputs, the pairs' values: l0 + 2^8 l1 and l2 + 2^8 l3.
    __m512i pair[2][2];
    const __m512i half_up = _mm512_set1_epi32(128);
    for (int h = 0; h < 2; ++h) {
        __m512i rest = _mm512_cvt_roundps_epi32(_mm512_mul_ps(v[h], up),
                                                _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        const __m512i n = rest;
        for (int l = 0; l < FX_LIMBS; ++l) {
            _mm_storeu_si128((__m128i*)(limbs + l * stride + h * 16), _mm512_cvtepi32_epi8(rest));
            // The last limb is what remains: |N| < 2^30 leaves it within [-65, 65].
            if (l + 1 < FX_LIMBS) rest = _mm512_srai_epi32(_mm512_add_epi32(rest, half_up), 8);
            if (l == 1) pair[h][1] = rest;
        }
        pair[h][0] = _mm512_sub_epi32(n, _mm512_slli_epi32(pair[h][1], 16));
    }
    int32_t sums[16] __attribute__((aligned(64)));
    _mm512_store_si512((void*)sums, fx_sums4(pair[0][0], pair[0][1], pair[1][0], pair[1][1]));
    int64_t totals[2];
    for (int h = 0; h < 2; ++h) {
        const size_t half = b * 2 + h;
        const int32_t low = sums[8 * h], high = sums[8 * h + 4];
        q->pair_sum16[half][0] = low;
        q->pair_sum16[half][1] = high;
        // The sum of N, exact: both pairs' sums fit 32 bits (16 inputs), N's may not.
        totals[h] = (int64_t)low + ((int64_t)high << 16);
        q->min_weight16[half] = (float)totals[h] * unit;
    }
    q->min_weight32[b] = (float)(totals[0] + totals[1]) * unit;
    for (int pair_index = 0; pair_index < 2; ++pair_index)
        q->pair_sum32[b][pair_index] = q->pair_sum16[2 * b][pair_index] + q->pair_sum16[2 * b + 1][pair_index];
}

// n inputs (a multiple of FX_BLOCK) of one token, contiguous at x, into token 0 of q; whether
// all are finite.
INLINE int fx_quantize(const float* x, size_t n, const struct fx_view* q) {
    __mmask16 bad = 0;
    for (size_t b = 0; b < n / FX_BLOCK; ++b) {
        const __m512 v[2] = {_mm512_loadu_ps(x + b * FX_BLOCK), _mm512_loadu_ps(x + b * FX_BLOCK + 16)};
        bad |= fx_not_finite(v[0]) | fx_not_finite(v[1]);
        fx_quantize_block(v, q, 0, b);
    }
    return bad == 0;
}

// The inputs' offsets in a column of x [K, M]: 16 of them, M floats apart.
INLINE __m512i fx_apart(size_t M) {
    return _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                              _mm512_set1_epi32((int)M));
}

// Whether the n inputs (a multiple of 16) M floats apart from x are all finite.
INLINE int fx_column_finite(const float* x, size_t M, size_t n) {
    const __m512i apart = fx_apart(M);
    __mmask16 bad = 0;
    for (size_t k = 0; k < n; k += 16) bad |= fx_not_finite(_mm512_i32gather_ps(apart, x + k * M, 4));
    return bad == 0;
}

// n inputs of one token of several, M floats apart from x (a column of x [K, M]), into token
// r of q: the same blocks `fx_quantize` makes of them; whether all are finite.
INLINE int fx_quantize_column(const float* x, size_t M, size_t n, const struct fx_view* q, size_t r) {
    const __m512i apart = fx_apart(M);
    __mmask16 bad = 0;
    for (size_t b = 0; b < n / FX_BLOCK; ++b) {
        const float* xb = x + b * FX_BLOCK * M;
        const __m512 v[2] = {_mm512_i32gather_ps(apart, xb, 4),
                             _mm512_i32gather_ps(apart, xb + 16 * M, 4)};
        bad |= fx_not_finite(v[0]) | fx_not_finite(v[1]);
        fx_quantize_block(v, q, r, b);
    }
    return bad == 0;
}

// Byte permutations from 8 inputs' 4-bit codes as stored (input j's rows 2i and 2i + 1 in
// the low and high nibble of byte 8j + i) to two quads (inputs 0..3, then 4..7; row r's four
// bytes at 4r..4r+3), and the shift that brings each row's nibble down (odd rows: the high).
// For 5- and 6-bit codes, the bit of the stored high-bit words that belongs to each byte of a
// quad (see grouped.h's `enum code`): 5-bit codes read the quad's two 32-bit pair
// words as one 64-bit word (the bit's index); 6-bit codes read each pair's 64-bit word apart,
// the bytes of inputs 0, 1 from the first and 2, 3 from the second (FX_SECOND_PAIR), each
// byte's two-bit field from the bit `high6` names plus 4.
struct fx_tables {
    uint8_t quad[2][64] __attribute__((aligned(64)));
    uint16_t shift[32] __attribute__((aligned(64)));
    uint8_t high5[64] __attribute__((aligned(64)));
    uint8_t high6[64] __attribute__((aligned(64)));
    // Byte codes: from 4 inputs x 16 rows to 16 rows x 4 inputs.
    uint8_t bytes[64] __attribute__((aligned(64)));
};

#define FX_SECOND_PAIR 0xCCCCCCCCCCCCCCCCull

INLINE void fx_build_tables(struct fx_tables* t) {
    for (int b = 0; b < 64; ++b) {
        const int r = b / 4, j = b % 4, s = j % 2;
        t->quad[0][b] = (uint8_t)(j * 8 + r / 2);
        t->quad[1][b] = (uint8_t)((j + 4) * 8 + r / 2);
        t->high5[b] = (uint8_t)(32 * (j / 2) + 16 * (r % 2) + 8 * s + r / 2);
        t->bytes[b] = (uint8_t)(j * 16 + r);
    }
    i6_high_index(t->high6);
    // 16-bit lane w holds bytes 2w and 2w + 1, both of row w / 2.
    for (int w = 0; w < 32; ++w) t->shift[w] = (uint16_t)(w / 2 % 2 ? 4 : 0);
}

// A quad of codes (nibbles at q) with the high bits of 5- and 6-bit codes added: `words` are
// the quad's stored high bits (two pairs of inputs).
INLINE __m512i fx_add_high(enum code code, const struct fx_tables* t, const uint8_t* words,
                           __m512i q) {
    if (code == U5 || code == I5) {
        const __mmask64 set = _mm512_bitshuffle_epi64_mask(
            _mm512_set1_epi64((long long)load_u64(words)), _mm512_load_si512(t->high5));
        return _mm512_mask_add_epi8(q, set, q, _mm512_set1_epi8(16));
    }
    // 6-bit codes: see `i6_add_high`.
    return i6_add_high(q, words, _mm512_load_si512(t->high6));
}

// MXFP4's scale 2^(e - 128) times the unit u, from the 16 rows' exponent bytes e (as i32
// lanes) and u's bits, in integers: the f32 product of two powers of two is 2^E exactly
// while normal or subnormal (E >= -149), 0 below (2^-150 rounds to even), infinity from
// 2^128. Computed in f32, a row's subnormal scale (e < 2) made the product and the FMA after
// it take the CPU's slow path for subnormal operands: one token of MXFP4 weights with 1 group
// in 16 at e < 2 (as the tests' and the bench's weights have) ran at 21.7 GiB/s from memory,
// 28.6 so (Zen 4, alternating rounds; the same without such scales). Checked bit for bit
// against the f32 product for every e and every unit `fx_quantize` makes.
INLINE __m512 e8_times_unit(__m512i e, float unit) {
    uint32_t bits;
    __builtin_memcpy(&bits, &unit, 4);
    // The biased exponent of the product: (e - 128) + (u's biased exponent - 127) + 127.
    const __m512i biased = _mm512_add_epi32(e, _mm512_set1_epi32((int)(bits >> 23) - 128));
    const __m512i normal = _mm512_slli_epi32(_mm512_min_epi32(biased, _mm512_set1_epi32(255)), 23);
    // 2^E for biased exponents -22..0: bit E + 149 = biased + 22 (a shift by 32 or more, or by
    // a negative count read as unsigned, gives 0).
    const __m512i subnormal =
        _mm512_sllv_epi32(_mm512_set1_epi32(1), _mm512_add_epi32(biased, _mm512_set1_epi32(22)));
    const __mmask16 is_normal = _mm512_cmpgt_epi32_mask(biased, _mm512_setzero_si512());
    return _mm512_castsi512_ps(_mm512_mask_blend_epi32(is_normal, subnormal, normal));
}

// Q2_K's quads with each 2-bit field left where its stored byte holds it (`u2_quad_bytes`):
// row r's codes times 4^(r % 4), up to 192, which `vpdpbusd` takes as they are. Row r's
// integer sums come out 4^(r % 4) times too large, and its scale is taken 4^(r % 4) times
// smaller (`fx_maps`): 2^16 hi + lo converts exactly either way (under 2^21 significant
// bits), and a power of two moves no rounding of the FMAs after while the scale times the
// unit stays a normal float (every block of inputs whose largest magnitude is above 2^-67),
// so the bits are the same as with the fields shifted down. This saves each quad's
// `vpmultishiftqb`: one token of Q2_K from memory (one Xeon core, old and new alternating)
// read 0.82-0.84 of the stream against 0.78-0.80.
INLINE __m512i u2_fields(__m512i codes, int quad) {
    // Lane r's mask, repeating every four lanes.
    const __m512i fields = _mm512_broadcast_i32x4(_mm_setr_epi32(0x03030303, 0x0C0C0C0C, 0x30303030, (int)0xC0C0C0C0));
    return _mm512_and_si512(u2_quad_bytes(codes, quad), fields);
}

// What `u2_fields`' rows are scaled by: 4^-(r % 4).
INLINE __m512 u2_field_scales(void) {
    return _mm512_broadcast_f32x4(_mm_setr_ps(1.0f, 0.25f, 0.0625f, 0.015625f));
}

// Steps of 8 inputs in a group (of 16 or 32).
#define FX_STEPS 4

// A group's codes at cg as `vpdpbusd` takes them: w[s][h] holds inputs 8s + 4h..8s + 4h + 3
// (row r's four at bytes 4r..4r+3), made unsigned (q + off: I4 as n ^ 8, table codes through
// their values, 5- and 6-bit codes with their high bits added, byte codes with the sign bit
// flipped). Read as stored: no unpacking through the stack, which costs as much as the
// products at one token.
INLINE void fx_unpack(enum code code, int group, const struct fx_tables* t, const uint8_t* cg,
                      __m512i w[FX_STEPS][2]) {
    if (two_bit_code(code)) {
#pragma GCC unroll 4
        for (int k = 0; k < group; k += 8) {
            // One load per 16 inputs, each quad's bytes permuted out of it.
            const __m512i codes16 = _mm512_loadu_si512((const void*)(cg + k / 16 * 64));
            if (code == U2) {
                w[k / 8][0] = u2_fields(codes16, k % 16 / 4);
                w[k / 8][1] = u2_fields(codes16, k % 16 / 4 + 1);
                continue;
            }
            w[k / 8][0] = u2_quad_of(codes16, k % 16 / 4);
            w[k / 8][1] = u2_quad_of(codes16, k % 16 / 4 + 1);
            if (code == I3) {
                w[k / 8][0] = i3_add_high(w[k / 8][0], cg + (size_t)group * 4 + (size_t)k * 2);
                w[k / 8][1] = i3_add_high(w[k / 8][1], cg + (size_t)group * 4 + (size_t)(k + 4) * 2);
            }
        }
    } else if (code == I8) {
        // 4 inputs' 16 bytes each permuted to a quad, the sign bit flipped (q + 128).
        const __m512i bytes = _mm512_load_si512(t->bytes), flip = _mm512_set1_epi8((char)0x80);
#pragma GCC unroll 4
        for (int k = 0; k < group; k += 8)
            for (int h = 0; h < 2; ++h)
                w[k / 8][h] = _mm512_xor_si512(
                    _mm512_permutexvar_epi8(bytes, _mm512_loadu_si512((const void*)(cg + (k + 4 * h) * 16))), flip);
    } else {
        const __m512i quad0 = _mm512_load_si512(t->quad[0]), quad1 = _mm512_load_si512(t->quad[1]);
        const __m512i shift = _mm512_load_si512(t->shift), low = _mm512_set1_epi8(0x0F);
        const __m512i values = table_bytes(code);
#pragma GCC unroll 4
        for (int k = 0; k < group; k += 8) {
            __m512i src = _mm512_loadu_si512((const void*)(cg + k * 8));
            if (code == I4) src = _mm512_xor_si512(src, _mm512_set1_epi8((char)0x88));
            __m512i q[2] = {
                _mm512_and_si512(_mm512_srlv_epi16(_mm512_permutexvar_epi8(quad0, src), shift), low),
                _mm512_and_si512(_mm512_srlv_epi16(_mm512_permutexvar_epi8(quad1, src), shift), low)};
            if (table_code(code)) {
                // Indices to the table's values plus the offset.
                q[0] = _mm512_shuffle_epi8(values, q[0]);
                q[1] = _mm512_shuffle_epi8(values, q[1]);
            }
            if (code == U5 || code == I5 || code == I6) {
                const uint8_t* high = cg + (size_t)group * 8;
                const size_t pair_bytes = code == I6 ? 8 : 4;
                q[0] = fx_add_high(code, t, high + (size_t)(k / 2) * pair_bytes, q[0]);
                q[1] = fx_add_high(code, t, high + (size_t)(k / 2 + 2) * pair_bytes, q[1]);
            }
            w[k / 8][0] = q[0];
            w[k / 8][1] = q[1];
        }
    }
}

// acc + a group's integer sum lo + 2^16 hi for one tile's 16 rows and one token (group g of
// token r of q), times the token's unit and the group's scale, plus the min term: the group's
// only roundings, the same for a token alone and among others.
INLINE __m512 fx_scale(int group, enum maps mp, int has_min, const struct fx_view* q, size_t r,
                       size_t g, __m512i lo, __m512i hi, __m512 scale, __m512 min, __m512 acc) {
    const size_t block = r * q->blocks + g * group / FX_BLOCK;
    const __m512 p =
        _mm512_fmadd_ps(_mm512_cvtepi32_ps(hi), _mm512_set1_ps(65536.0f), _mm512_cvtepi32_ps(lo));
    const float unit = q->unit[block];
    const __m512 factor = mp == MAP_E8 ? e8_times_unit(_mm512_castps_si512(scale), unit)
                                       : _mm512_mul_ps(scale, _mm512_set1_ps(unit));
    acc = _mm512_fmadd_ps(p, factor, acc);
    if (has_min) {
        const float weight = group == 32 ? q->min_weight32[block]
                                         : q->min_weight16[2 * r * q->blocks + g];
        acc = _mm512_fmadd_ps(min, _mm512_set1_ps(weight), acc);
    }
    return acc;
}

// acc + the group's product from its four limbs' integer sums s (the codes' offset already
// off): sum (q - off) * N = lo + 2^16 hi with lo = s0 + 2^8 s1 and hi = s2 + 2^8 s3, exact in
// i32 (each at most 32 * 2^7 * 2^15 in magnitude), then `fx_scale`. Both ways of making the
// sums (`fx_dots`, the matrix unit's) end here, so they round alike.
INLINE __m512 fx_limb_sums(int group, enum maps mp, int has_min, const struct fx_view* q,
                           size_t r, size_t g, const __m512i s[FX_LIMBS], __m512 scale, __m512 min,
                           __m512 acc) {
    const __m512i lo = _mm512_add_epi32(s[0], _mm512_slli_epi32(s[1], 8));
    const __m512i hi = _mm512_add_epi32(s[2], _mm512_slli_epi32(s[3], 8));
    return fx_scale(group, mp, has_min, q, r, g, lo, hi, scale, min, acc);
}

// The pair sums of group g of token r of q (see `fx_dots`).
INLINE const int32_t* fx_pairs(int group, const struct fx_view* q, size_t r, size_t g) {
    return group == 32 ? q->pair_sum32[r * q->blocks + g] : q->pair_sum16[2 * r * q->blocks + g];
}

// acc + group g's product for one tile's 16 rows and token r of q: the group's codes unpacked
// (`fx_unpack`), its scale and min vectors. The codes' offset comes off in integers: each
// limb's sum starts from -off times the limb's sum over the group.
// (With MAP_E8, `scale` holds the rows' exponent bytes as i32 lanes, see `e8_times_unit`.)
// Every token's product of a group goes through here or through the matrix unit's path, which
// makes the same integer sums, so a token's numbers are the same whatever else the call holds.
INLINE __m512 fx_dots(enum code code, int group, enum maps mp, int has_min,
                      __m512i w[FX_STEPS][2], const struct fx_view* q, size_t r, size_t g,
                      __m512 scale, __m512 min, __m512 acc) {
    const int off = code_offset(code);
    const int8_t* limbs = q->limbs + r * q->token_stride + g * group;
    // Per limb, the two quads' sums apart: eight independent `vpdpbusd` chains. Groups of 16
    // (Q2_K, Q3_K, Q6_K) give each chain only 2, and there four chains (one per limb, both
    // quads into it) measured 8-10% faster from L2 and 3-9% from memory, without the halves'
    // sums; groups of 32 measured the same or slower so (Zen 4). Byte codes keep the halves.
#define FX_HALF(h) (group == 16 && code != I8 ? 0 : (h))
    __m512i dot[2][FX_LIMBS];
    // The offset comes off the pairs' sums (see the end): limbs 0 and 2 start from it.
    const int32_t* pairs = fx_pairs(group, q, r, g);
    for (int l = 0; l < FX_LIMBS; ++l) {
        dot[0][l] = l % 2 ? _mm512_setzero_si512() : _mm512_set1_epi32(-off * pairs[l / 2]);
        dot[1][l] = _mm512_setzero_si512();
    }
#pragma GCC unroll 4
    for (int k = 0; k < group; k += 8) {
#pragma GCC unroll 2
        for (int h = 0; h < 2; ++h)
#pragma GCC unroll 4
            for (int l = 0; l < FX_LIMBS; ++l)
                dot[FX_HALF(h)][l] = dpbusd_broadcast(dot[FX_HALF(h)][l], w[k / 8][h],
                                                      (const uint8_t*)limbs + l * q->limb_stride + k + 4 * h);
    }
#undef FX_HALF
    // The offset taken off lo and hi through limbs 0 and 2. (Its 4 broadcasts per group became
    // 2: from L2, Q3_K, Q4_0, Q6_K and IQ4_NL measured 5-7% faster, Q4_K the same.)
    __m512i sums[FX_LIMBS];
    for (int l = 0; l < FX_LIMBS; ++l) sums[l] = _mm512_add_epi32(dot[0][l], dot[1][l]);
    return fx_limb_sums(group, mp, has_min, q, r, g, sums, scale, min, acc);
}

// One weight's tiles as the fixed-point products read them.
struct fx_stream {
    const uint8_t* codes;
    const uint8_t* scales;
    const uint8_t* mins;
    size_t tile_codes, tile_maps, group_bytes;
    enum maps mp;
};

INLINE struct fx_stream fx_stream_of(enum code code, int group, enum maps mp, const uint8_t* codes,
                                     const uint8_t* scales, const uint8_t* mins,
                                     size_t stored_groups) {
    const size_t group_bytes = (size_t)group * input_bytes(code);
    struct fx_stream s = {codes, scales, mins, stored_groups * group_bytes,
                          maps_bytes(mp, stored_groups), group_bytes, mp};
    return s;
}

// The prefetch cursor of a pass over tiles t0..t0+tn and groups g0..g0+groups of a chunk:
// the next group asked for is group g0 + group of tile t0 + tile.
struct fx_cursor {
    size_t tile, group;
};

// Asks for the cursor's group (codes, and the maps of its block) and moves the cursor on
// along the order the groups are read in, into the next tile past a tile's last group;
// nothing past the pass's last tile.
INLINE void fx_prefetch_next(const struct fx_stream* s, struct fx_cursor* c, size_t t0, size_t tn,
                             size_t g0, size_t groups) {
    if (c->tile >= tn) return;
    const size_t t = t0 + c->tile;
    const uint8_t* cp = s->codes + t * s->tile_codes + (g0 + c->group) * s->group_bytes;
    for (size_t at = 0; at < s->group_bytes; at += 64) _mm_prefetch((const char*)(cp + at), _MM_HINT_T0);
    prefetch_maps(s->mp, s->scales + t * s->tile_maps, s->mins ? s->mins + t * s->tile_maps : 0,
                  g0 + c->group);
    if (++c->group == groups) c->group = 0, ++c->tile;
}

// Group g's scale and min vectors of a tile's maps at st and mt: decoded a map block at a time
// into scale and min, where a block's first group comes (MXFP4's exponent bytes each group;
// Q2_K's scales times `u2_field_scales`, exact: a K-quant scale is at least 2^-24 or 0).
INLINE void fx_maps(enum code code, enum maps mp, int has_min, const uint8_t* st,
                    const uint8_t* mt, size_t g, __m512* scale, __m512* min) {
    const size_t per_block = map_block_groups(mp), j = g % per_block;
    if (mp == MAP_E8) {
        scale[0] = _mm512_castsi512_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(st + g * TILE))));
    } else if (j == 0) {
        block_maps(mp, st, g / per_block, 0, scale);
        if (has_min) block_maps(mp, mt, g / per_block, negated_mins(mp), min);
        if (code == U2)
            for (size_t i = 0; i < per_block; ++i) scale[i] = _mm512_mul_ps(scale[i], u2_field_scales());
    }
}

// Tiles tile_begin..tile_end of y [N, 1] = w . x for one token: x f32, quantized a chunk at a
// time on the stack, or (x null) token 0 of the step's shared buffer `shared`, all K inputs.
INLINE void fixed_matvec(enum code code, int group, enum maps mp, int has_min, const float* x,
                         const struct fx_view* shared, const uint8_t* codes, const uint8_t* scales,
                         const uint8_t* mins, float* y, size_t K, size_t stored_groups,
                         size_t tile_begin, size_t tile_end) {
    const struct fx_stream s = fx_stream_of(code, group, mp, codes, scales, has_min ? mins : 0, stored_groups);
    struct fx_tables tables;
    fx_build_tables(&tables);
    struct fx_inputs q;
    const struct fx_view own = fx_view_of(&q, 0, FX_CHUNK, FX_CHUNK / FX_BLOCK);
    const struct fx_view* v = x ? &own : shared;
    const size_t chunk = x ? FX_CHUNK : K;
    __m512 acc[FX_TILES];
    // One map block's scales and mins at a time (FX_CHUNK is a whole number of blocks).
    const size_t per_block = map_block_groups(mp);
    __m512 scale[16], min[16];
    for (size_t t0 = tile_begin; t0 < tile_end; t0 += FX_TILES) {
        const size_t tn = tile_end - t0 < FX_TILES ? tile_end - t0 : FX_TILES;
        for (size_t i = 0; i < tn; ++i) acc[i] = _mm512_setzero_ps();
        for (size_t k0 = 0; k0 < K; k0 += chunk) {
            const size_t n = K - k0 < chunk ? K - k0 : chunk;
            const size_t g0 = k0 / group, groups = n / group;
            if (x) fx_quantize(x + k0, n, v);
            // Each tile's chunk is a short stream of its own: the groups `ahead` places on
            // in reading order, this tile's or a later one's, are asked for as each is read.
            const size_t ahead = FX_PREFETCH_BYTES / s.group_bytes;
            struct fx_cursor cursor = {0, 0};
            for (size_t a = 0; a < ahead; ++a) fx_prefetch_next(&s, &cursor, t0, tn, g0, groups);
            for (size_t i = 0; i < tn; ++i) {
                const size_t t = t0 + i;
                const uint8_t* ct = codes + t * s.tile_codes + g0 * s.group_bytes;
                const uint8_t *st = scales + t * s.tile_maps, *mt = has_min ? mins + t * s.tile_maps : 0;
                __m512 a = acc[i];
                for (size_t g = 0; g < groups; ++g) {
                    fx_prefetch_next(&s, &cursor, t0, tn, g0, groups);
                    fx_maps(code, mp, has_min, st, mt, g0 + g, scale, min);
                    const size_t j = mp == MAP_E8 ? 0 : (g0 + g) % per_block;
                    __m512i w[FX_STEPS][2];
                    fx_unpack(code, group, &tables, ct + g * s.group_bytes, w);
                    a = fx_dots(code, group, mp, has_min, w, v, 0, g, scale[j],
                                has_min ? min[j] : _mm512_setzero_ps(), a);
                }
                acc[i] = a;
            }
        }
        for (size_t i = 0; i < tn; ++i) _mm512_storeu_ps(y + (t0 + i) * TILE, acc[i]);
    }
}

// Several tokens, each a sequence of its own (a decode step's rows), taken together: a group's
// codes are unpacked once for up to FX_ROWS tokens, and each token's product is the one-token
// kernel's, group for group in the same order (`fx_dots`, accumulators from zero, chunks in
// order), so a token's outputs are bit for bit those it gets alone, whatever its neighbours.
// Quantized on the stack, the tokens of a pass share the fixed-point buffer, FX_CHUNK inputs:
// each takes a slice of whole super-blocks. From the step's shared buffer, all K at once.
#define FX_ROWS 8
// Accumulators on the stack (8 KiB): a pass takes FX_ROW_ACCS / tokens tiles.
#define FX_ROW_ACCS 128

// The inputs of tokens m0..m0+mr of x [K, M] for one chunk at k0 of n inputs: quantized into q
// (x f32), or already in the shared buffer (x null: nothing to do).
INLINE void fx_quantize_rows(const float* x, size_t M, size_t m0, size_t mr, size_t k0, size_t n,
                             const struct fx_view* q) {
    if (!x) return;
    // Every token, so that every limb read below was written (a token not all finite is
    // computed, from the integers its NaN or infinity becomes, and not stored).
    for (size_t r = 0; r < mr; ++r) fx_quantize_column(x + k0 * M + m0 + r, M, n, q, r);
}

// The accumulators of tiles t0..t0+tn for tokens m0..m0+mr (tile-major, a token's 16 rows a
// vector) into y [N, M], whose rows are M floats apart: the tokens whose bit is set in `live`.
INLINE void fx_store_rows(const __m512* acc, float* y, size_t M, size_t m0, size_t mr, unsigned live,
                          size_t t0, size_t tn) {
    const __m512i apart = fx_apart(M);
    for (size_t i = 0; i < tn; ++i)
        for (size_t r = 0; r < mr; ++r)
            if (live >> r & 1)
                _mm512_i32scatter_ps(y + (t0 + i) * TILE * M + m0 + r, apart, acc[i * mr + r], 4);
}

// Tiles tile_begin..tile_end of y [N, M] = w . x for tokens m0..m0+mr of x [K, M] (mr <=
// FX_ROWS): those whose bit is set in `live` (the others' columns of y are left alone). x f32,
// or (x null) the view `shared` of the step's buffer, from token m0 on.
INLINE void fixed_matmul_rows(enum code code, int group, enum maps mp, int has_min, const float* x,
                              const struct fx_view* shared, const uint8_t* codes,
                              const uint8_t* scales, const uint8_t* mins, float* y, size_t K,
                              size_t M, size_t m0, size_t mr, unsigned live, size_t stored_groups,
                              size_t tile_begin, size_t tile_end) {
    const struct fx_stream s = fx_stream_of(code, group, mp, codes, scales, has_min ? mins : 0, stored_groups);
    struct fx_tables tables;
    fx_build_tables(&tables);
    struct fx_inputs q;
    __m512 acc[FX_ROW_ACCS];
    const size_t per_block = map_block_groups(mp);
    __m512 scale[16], min[16];
    // Each token's slice of the buffer: whole blocks of 256 inputs (every map block's span).
    const size_t chunk = x ? FX_CHUNK / mr / 256 * 256 : K, per_pass = FX_ROW_ACCS / mr;
    const struct fx_view own = fx_view_of(&q, chunk, FX_CHUNK, chunk / FX_BLOCK);
    const struct fx_view* v = x ? &own : shared;
    for (size_t t0 = tile_begin; t0 < tile_end; t0 += per_pass) {
        const size_t tn = tile_end - t0 < per_pass ? tile_end - t0 : per_pass;
        for (size_t i = 0; i < tn * mr; ++i) acc[i] = _mm512_setzero_ps();
        for (size_t k0 = 0; k0 < K; k0 += chunk) {
            const size_t n = K - k0 < chunk ? K - k0 : chunk;
            const size_t g0 = k0 / group, groups = n / group;
            fx_quantize_rows(x, M, m0, mr, k0, n, v);
            // Several tokens per group: the codes are read more slowly, and asking one
            // tile row ahead of the group being read is enough.
            const size_t ahead = FX_PREFETCH_BYTES / s.group_bytes;
            struct fx_cursor cursor = {0, 0};
            for (size_t a = 0; a < ahead; ++a) fx_prefetch_next(&s, &cursor, t0, tn, g0, groups);
            for (size_t i = 0; i < tn; ++i) {
                const size_t t = t0 + i;
                const uint8_t* ct = codes + t * s.tile_codes + g0 * s.group_bytes;
                const uint8_t *st = scales + t * s.tile_maps, *mt = has_min ? mins + t * s.tile_maps : 0;
                for (size_t g = 0; g < groups; ++g) {
                    fx_prefetch_next(&s, &cursor, t0, tn, g0, groups);
                    fx_maps(code, mp, has_min, st, mt, g0 + g, scale, min);
                    const size_t j = mp == MAP_E8 ? 0 : (g0 + g) % per_block;
                    __m512i w[FX_STEPS][2];
                    fx_unpack(code, group, &tables, ct + g * s.group_bytes, w);
                    const __m512 mn = has_min ? min[j] : _mm512_setzero_ps();
                    for (size_t r = 0; r < mr; ++r)
                        acc[i * mr + r] = fx_dots(code, group, mp, has_min, w, v, r, g, scale[j], mn,
                                                  acc[i * mr + r]);
                }
            }
        }
        fx_store_rows(acc, y, M, m0, mr, live, t0, tn);
    }
}

// The same products on the matrix unit (AMX: Sapphire Rapids and later Xeons), where the CPU
// and the OS have it. A group's integer sums are exact either way, so a token's outputs are
// the bits `fx_dots` gives it, alone or among others, with or without the unit; only the
// time differs. At 8 tokens `fx_dots` makes four `vpdpbusd` per token and 4 inputs (the
// fixed-point family was 1.7-2.2x the f32 kernel's time there); one `tdpbsud` multiplies a
// group of 16 or 32 inputs by 16 limb rows (4 tokens' four limbs) for a tile's 16 rows at
// once: the group's codes unpacked as for `fx_dots` are the unit's B tile as they are (row r's
// four codes of an input quad in its 32-bit lane), each token's limbs rows of the A tile.
//
// The unit's state is the OS's to grant: Linux arms it per process on request (arch_prctl
// ARCH_REQ_XCOMP_PERM), and an instruction before that raises SIGILL. The kernels ask once per
// loaded object, with the syscall itself (no libc here); built for another OS (LLM_KERNELS_LINUX
// unset) they never use the unit.
#define FX_TILE_TOKENS 4
// Fewer tokens, and groups of 16, stay on `vpdpbusd`. With the step's shared inputs and the
// emitter's workgroups (`cargo bench -p kernels --bench decode_rows`, one Xeon core, [4096,
// 2048] weights from L3): 8 tokens of Q4_K took 1.09-1.17x the f32 kernel's time on the unit,
// 1.15-1.20x on `vpdpbusd`, Q4_1 and Q4_0 about the same either way, but Q6_K 1.59-1.63x
// against 1.41-1.42x (a group of 16 gives the unit a quarter of its width of inputs), and 2 or
// 3 tokens of Q4_K ran 5-40% faster on `vpdpbusd`.
#define FX_TILE_MIN_TOKENS 4

// From here on (the entries and what they call) the matrix unit's instructions are allowed.
#pragma GCC push_options
#pragma GCC target("avx512vnni,avx512vbmi,avx512bitalg,bmi2,amx-tile,amx-int8")

// 0 not asked yet, 1 the unit is usable, 2 it is not (or `llm_fixed_tiles` turned it off).
static int fx_tiles_state;

// Whether the CPU has AMX-TILE and AMX-INT8, the OS saves their state (XCR0 bits 17, 18), and
// Linux grants this process the tile data.
static __attribute__((noinline)) int fx_tiles_probe(void) {
#ifdef LLM_KERNELS_LINUX
    uint32_t a, b, c, d;
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0), "c"(0));
    if (a < 7) return 0;
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
    if (!(c >> 27 & 1)) return 0;  // OSXSAVE: xgetbv is allowed
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(7), "c"(0));
    if (!(d >> 24 & 1) || !(d >> 25 & 1)) return 0;
    uint32_t lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo >> 17 & 3) != 3) return 0;
    // arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA): 0 when granted (again).
    long ret;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(158L), "D"(0x1023L), "S"(18L)
                     : "rcx", "r11", "memory");
    return ret == 0;
#else
    return 0;
#endif
}

INLINE int fx_tiles(void) {
    int state = __atomic_load_n(&fx_tiles_state, __ATOMIC_RELAXED);
    if (state == 0) {
        state = fx_tiles_probe() ? 1 : 2;
        // Threads that race here all store what the probe says.
        __atomic_store_n(&fx_tiles_state, state, __ATOMIC_RELAXED);
    }
    return state == 1;
}

// Whether the fixed-point products of several tokens use the matrix unit: `on` 0 keeps them
// on `vpdpbusd` (the benches' comparison), 1 uses the unit where the CPU and OS have it.
// Returns whether they now use it.
LLM_EXPORT int llm_fixed_tiles(int on) {
    __atomic_store_n(&fx_tiles_state, on ? 0 : 2, __ATOMIC_RELAXED);
    return on ? fx_tiles() : 0;
}

// A tile load from memory the compiler knows it reads (GCC's own intrinsic names only the
// address, so the stores of a B buffer before it could be moved past it or dropped).
#define FX_TILE_LOAD(tmm, base, stride)                                                        \
    __asm__ volatile("tileloadd (%0,%1,1), %%tmm" #tmm ::"r"((const void*)(base)),               \
                     "r"((long)(stride))                                                       \
                     : "memory")

// The tile configuration (palette 1): tiles 0 and 1 the sums of tokens 0-3 and 4-7 (4 limb
// rows each, 16 rows' i32), 2 and 3 their limbs (a group's bytes a row), 4 the group's codes
// (a row per quad of inputs, 16 rows' four bytes).
struct fx_tile_config {
    uint8_t palette, start_row, reserved[14];
    uint16_t bytes[16];
    uint8_t rows[16];
};

INLINE void fx_tiles_configure(int group, size_t mr) {
    struct fx_tile_config c __attribute__((aligned(64)));
    _mm512_store_si512((void*)&c, _mm512_setzero_si512());
    c.palette = 1;
    const size_t first = mr < FX_TILE_TOKENS ? mr : FX_TILE_TOKENS, second = mr - first;
    for (int t = 0; t < 2; ++t) {
        const size_t rows = 4 * (t ? second : first);
        if (!rows) continue;
        c.rows[t] = c.rows[2 + t] = (uint8_t)rows;
        c.bytes[t] = 64;
        c.bytes[2 + t] = (uint16_t)group;
    }
    c.rows[4] = (uint8_t)(group / 4);
    c.bytes[4] = 64;
    _tile_loadconfig(&c);
}

// A group's codes at cg, unpacked as `fx_unpack` makes them for `vpdpbusd`, stored as the
// unit's B tile: a quad of inputs a row.
INLINE void fx_tile_codes(enum code code, int group, const struct fx_tables* t, const uint8_t* cg,
                          uint8_t b[8][64]) {
    __m512i w[FX_STEPS][2];
    fx_unpack(code, group, t, cg, w);
    for (int k = 0; k < group; k += 8) {
        _mm512_store_si512((void*)b[k / 4], w[k / 8][0]);
        _mm512_store_si512((void*)b[k / 4 + 1], w[k / 8][1]);
    }
}

// fixed_matmul_rows on the matrix unit: the same passes, chunks, prefetches and order of the
// f32 operations after each group's sums (`fx_scale`), so the same bits. Token r's limbs are
// rows 4r..4r+3 of one array, a row per limb (the stack's q.limbs as `chunk`-byte rows, or the
// shared buffer's K-byte rows), which the A tiles read with that stride.
INLINE void fixed_matmul_tiles(enum code code, int group, enum maps mp, int has_min, const float* x,
                               const struct fx_view* shared, const uint8_t* codes,
                               const uint8_t* scales, const uint8_t* mins, float* y, size_t K,
                               size_t M, size_t m0, size_t mr, unsigned live, size_t stored_groups,
                               size_t tile_begin, size_t tile_end) {
    const struct fx_stream s = fx_stream_of(code, group, mp, codes, scales, has_min ? mins : 0, stored_groups);
    struct fx_tables tables;
    fx_build_tables(&tables);
    struct fx_inputs q;
    __m512 acc[FX_ROW_ACCS];
    const size_t per_block = map_block_groups(mp);
    __m512 scale[16], min[16];
    // A group's codes as the B tile (a quad a row) and the two C tiles' sums, two of each: see
    // the steps below.
    uint8_t b_tile[2][8][64] __attribute__((aligned(64)));
    int32_t sums[2][2 * 4 * FX_TILE_TOKENS][16] __attribute__((aligned(64)));
    const size_t chunk = x ? FX_CHUNK / mr / 256 * 256 : K, per_pass = FX_ROW_ACCS / mr;
    const struct fx_view own = fx_view_of(&q, 4 * chunk, chunk, chunk / FX_BLOCK);
    const struct fx_view* v = x ? &own : shared;
    const int off = code_offset(code);
    fx_tiles_configure(group, mr);
    for (size_t t0 = tile_begin; t0 < tile_end; t0 += per_pass) {
        const size_t tn = tile_end - t0 < per_pass ? tile_end - t0 : per_pass;
        for (size_t i = 0; i < tn * mr; ++i) acc[i] = _mm512_setzero_ps();
        for (size_t k0 = 0; k0 < K; k0 += chunk) {
            const size_t n = K - k0 < chunk ? K - k0 : chunk;
            const size_t g0 = k0 / group, groups = n / group;
            fx_quantize_rows(x, M, m0, mr, k0, n, v);
            const size_t ahead = FX_PREFETCH_BYTES / s.group_bytes;
            struct fx_cursor cursor = {0, 0};
            for (size_t a = 0; a < ahead; ++a) fx_prefetch_next(&s, &cursor, t0, tn, g0, groups);
            // One step per tile and group, software-pipelined: step n + 1's codes are unpacked
            // into one B buffer while step n's go through the unit from the other, and step
            // n - 1's sums (stored by the unit a step ago) are scaled into the accumulators, so
            // that no tile load waits for the stores just before it, nor a read of the sums for
            // the unit's store.
            const size_t steps = tn * groups;
            fx_tile_codes(code, group, &tables, codes + t0 * s.tile_codes + g0 * s.group_bytes, b_tile[0]);
            for (size_t step = 0; step <= steps; ++step) {
                if (step < steps) {
                    fx_prefetch_next(&s, &cursor, t0, tn, g0, groups);
                    if (step + 1 < steps) {
                        const size_t i = (step + 1) / groups, g = (step + 1) % groups;
                        fx_tile_codes(code, group, &tables,
                                      codes + (t0 + i) * s.tile_codes + (g0 + g) * s.group_bytes,
                                      b_tile[(step + 1) & 1]);
                    }
                    const int8_t* a = v->limbs + step % groups * (size_t)group;
                    int32_t(*out)[16] = sums[step & 1];
                    FX_TILE_LOAD(4, b_tile[step & 1], 64);
                    _tile_zero(0);
                    FX_TILE_LOAD(2, a, v->limb_stride);
                    _tile_dpbsud(0, 2, 4);
                    _tile_stored(0, out, 64);
                    if (mr > FX_TILE_TOKENS) {
                        _tile_zero(1);
                        FX_TILE_LOAD(3, a + FX_TILE_TOKENS * v->token_stride, v->limb_stride);
                        _tile_dpbsud(1, 3, 4);
                        _tile_stored(1, out[4 * FX_TILE_TOKENS], 64);
                    }
                }
                if (step == 0) continue;
                const size_t i = (step - 1) / groups, g = (step - 1) % groups, t = t0 + i;
                const uint8_t *st = scales + t * s.tile_maps, *mt = has_min ? mins + t * s.tile_maps : 0;
                fx_maps(code, mp, has_min, st, mt, g0 + g, scale, min);
                const size_t j = mp == MAP_E8 ? 0 : (g0 + g) % per_block;
                const __m512 mn = has_min ? min[j] : _mm512_setzero_ps();
                int32_t(*in)[16] = sums[(step - 1) & 1];
                for (size_t r = 0; r < mr; ++r) {
                    const int32_t* pairs = fx_pairs(group, v, r, g);
                    const __m512i* sr = (const __m512i*)in[4 * r];
                    // The offset off limbs 0 and 2, as `fx_dots` takes it.
                    const __m512i sums4[FX_LIMBS] = {
                        _mm512_add_epi32(sr[0], _mm512_set1_epi32(-off * pairs[0])), sr[1],
                        _mm512_add_epi32(sr[2], _mm512_set1_epi32(-off * pairs[1])), sr[3]};
                    acc[i * mr + r] = fx_limb_sums(group, mp, has_min, v, r, g, sums4, scale[j], mn,
                                                   acc[i * mr + r]);
                }
            }
        }
        fx_store_rows(acc, y, M, m0, mr, live, t0, tn);
    }
    _tile_release();
}

// One format's products, each its own function (and stack frame: each holds a chunk of inputs
// in fixed point and its accumulators, and together they would pass the 48 KiB a call may
// take): one token, several on `vpdpbusd`, several on the matrix unit.
typedef void (*fx_vec_fn)(const float*, const struct fx_view*, const uint8_t*, const uint8_t*,
                          const uint8_t*, float*, size_t, size_t, size_t, size_t);
typedef void (*fx_rows_fn)(const float*, const struct fx_view*, const uint8_t*, const uint8_t*,
                           const uint8_t*, float*, size_t, size_t, size_t, size_t, unsigned, size_t,
                           size_t, size_t);
struct fx_paths {
    int group;
    fx_vec_fn vec;
    fx_rows_fn rows, tiles;
};

// Tiles tile_begin..tile_end for every token of x [K, M] with M > 1, FX_ROWS at a time, those
// `finite` says are (a token whose inputs are not is left to the f32 kernel, which the caller
// ran first): x f32, or (x null) the step's shared buffer `shared`.
INLINE void fixed_matmul(const struct fx_paths* paths, const float* x,
                         const struct fx_view* shared, const int32_t* finite, const uint8_t* codes,
                         const uint8_t* scales, const uint8_t* mins, float* y, size_t K, size_t M,
                         size_t stored_groups, size_t tile_begin, size_t tile_end) {
    for (size_t m0 = 0; m0 < M; m0 += FX_ROWS) {
        const size_t mr = M - m0 < FX_ROWS ? M - m0 : FX_ROWS;
        unsigned live = 0;
        for (size_t r = 0; r < mr; ++r)
            live |= (unsigned)(x ? fx_column_finite(x + m0 + r, M, K) : finite[m0 + r] != 0) << r;
        if (!live) continue;
        // The view from token m0 on (unused when x is given).
        struct fx_view from = {0};
        if (shared) {
            from = *shared;
            from.limbs += m0 * from.token_stride;
            from.unit += m0 * from.blocks;
            from.min_weight32 += m0 * from.blocks;
            from.pair_sum32 += m0 * from.blocks;
            from.min_weight16 += 2 * m0 * from.blocks;
            from.pair_sum16 += 2 * m0 * from.blocks;
        }
        const int unit = paths->group == 32 && mr >= FX_TILE_MIN_TOKENS && fx_tiles();
        (unit ? paths->tiles : paths->rows)(x, &from, codes, scales, mins, y, K, M, m0, mr, live,
                                            stored_groups, tile_begin, tile_end);
    }
}

// Whether every input of x [K, M] is finite.
INLINE int fx_all_finite(const float* x, size_t K, size_t M) {
    if (M == 1) return fx_finite(x, K);
    for (size_t m = 0; m < M; ++m)
        if (!fx_column_finite(x + m, M, K)) return 0;
    return 1;
}

INLINE void fixed_matvec_many(const struct fx_paths* paths, const float* x,
                              const struct fx_view* shared, const int32_t* finite,
                              const struct weight* w, int n, size_t K, size_t M, size_t stored_groups,
                              size_t per_workgroup, size_t workgroup) {
    if (K / paths->group > stored_groups) return;
    for (int i = 0; i < n; ++i) {
        const size_t count = (w[i].tiles + per_workgroup - 1) / per_workgroup;
        if (workgroup < count) {
            size_t begin, end;
            workgroup_tiles(per_workgroup, w[i].tiles, workgroup, &begin, &end);
            if (M == 1 && (x || finite[0]))
                paths->vec(x, shared, w[i].codes, w[i].scales, w[i].mins, w[i].y, K, stored_groups,
                           begin, end);
            else if (M > 1)
                fixed_matmul(paths, x, shared, finite, w[i].codes, w[i].scales, w[i].mins, w[i].y, K,
                             M, stored_groups, begin, end);
            return;
        }
        workgroup -= count;
    }
}

// `name`: a format's `struct fx_paths`, its three products out of line.
#define FX_PATHS(name, code, group, mp, has_min)                                               \
    static __attribute__((noinline)) void name##_vec(                                          \
        const float* x, const struct fx_view* v, const uint8_t* c, const uint8_t* s,           \
        const uint8_t* m, float* y, size_t K, size_t groups, size_t begin, size_t end) {       \
        fixed_matvec(code, group, mp, has_min, x, v, c, s, m, y, K, groups, begin, end);        \
    }                                                                                          \
    static __attribute__((noinline)) void name##_rows(                                         \
        const float* x, const struct fx_view* v, const uint8_t* c, const uint8_t* s,           \
        const uint8_t* m, float* y, size_t K, size_t M, size_t m0, size_t mr, unsigned live,   \
        size_t groups, size_t begin, size_t end) {                                             \
        fixed_matmul_rows(code, group, mp, has_min, x, v, c, s, m, y, K, M, m0, mr, live,      \
                          groups, begin, end);                                                 \
    }                                                                                          \
    static __attribute__((noinline)) void name##_tiles(                                        \
        const float* x, const struct fx_view* v, const uint8_t* c, const uint8_t* s,           \
        const uint8_t* m, float* y, size_t K, size_t M, size_t m0, size_t mr, unsigned live,   \
        size_t groups, size_t begin, size_t end) {                                             \
        fixed_matmul_tiles(code, group, mp, has_min, x, v, c, s, m, y, K, M, m0, mr, live,     \
                           groups, begin, end);                                                \
    }                                                                                          \
    INLINE struct fx_paths name(void) {                                                        \
        const struct fx_paths p = {group, name##_vec, name##_rows, name##_tiles};               \
        return p;                                                                              \
    }

// `name` takes the arguments of the exact entry `exact` and runs it for whatever this path
// does not take: rows not in blocks of 32 (every token), and tokens whose inputs are not all
// finite (the integers cannot carry them). Such a token's outputs do not depend on the order
// of the sums (an infinity or NaN decides each one it reaches), so the f32 kernel, run first
// over the whole call, gives them as it gives them alone; the finite tokens' columns are then
// written over. Both cores stay out of line: each has its own stack frame within the budget.
#define FX_CORE(name, exact, paths)                                               \
    static __attribute__((noinline)) void name##_product(const uint8_t* x,                     \
                                                         const struct weight* w, int n,        \
                                                         size_t K, size_t M, size_t groups,    \
                                                         size_t per, size_t wg) {              \
        const struct fx_paths p = paths();                                                     \
        fixed_matvec_many(&p, (const float*)x, 0, 0, w, n, K, M, groups, per, wg);              \
    }                                                                                          \
    static __attribute__((noinline)) void name##_core(const uint8_t* x, const struct weight* w, \
                                                      int n, size_t K, size_t M, size_t groups, \
                                                      size_t per, size_t wg) {                  \
        if (K % FX_BLOCK) {                                                                    \
            exact##_core(x, w, n, K, M, groups, per, wg);                                      \
            return;                                                                            \
        }                                                                                      \
        if (!fx_all_finite((const float*)x, K, M)) {                                           \
            exact##_core(x, w, n, K, M, groups, per, wg);                                      \
            if (M == 1) return;                                                                \
        }                                                                                      \
        name##_product(x, w, n, K, M, groups, per, wg);                                        \
    }

// The step's shared buffer of tokens in fixed point (`llm_fixed_quantize`, x [K, M]): x itself
// (f32 [K, M], for the tokens the integers cannot carry), then each token's limbs (a K-byte
// row per limb and FX_ROW_PAD bytes after it, token-major), then per token and block of 32
// its unit and min weight, per 16 inputs its min weight, per block and per 16 inputs its pair
// sums, then a flag per token: whether its inputs are all finite.
// `kernels::fixed_activation_bytes` gives its size.
struct fx_shared {
    float* x;
    struct fx_view view;
    int32_t* finite;
};

// Bytes after each K-byte limb row of the shared buffer. With K a power of two (2048 and up,
// Llama's widths) the rows of 8 tokens' 4 limbs all fell in two L1 sets, 32 lines a group's
// products read at once against 24 ways: padded a line, 8 tokens of Q4_K [4096, 2048] (one
// Xeon core, the same bits) took 0.92x the time on `vpdpbusd` and 0.87-0.90x on the matrix
// unit, Q6_K 0.92-0.94x.
#define FX_ROW_PAD 64

INLINE struct fx_shared fx_shared_of(uint8_t* buffer, size_t K, size_t M) {
    const size_t blocks = K / FX_BLOCK, row = K + FX_ROW_PAD;
    uint8_t* at = buffer;
    struct fx_shared b;
    b.x = (float*)at;
    at += K * M * 4;
    b.view.limbs = (int8_t*)at;
    b.view.token_stride = FX_LIMBS * row;
    b.view.limb_stride = row;
    b.view.blocks = blocks;
    at += FX_LIMBS * row * M;
    b.view.unit = (float*)at;
    at += M * blocks * 4;
    b.view.min_weight32 = (float*)at;
    at += M * blocks * 4;
    b.view.min_weight16 = (float*)at;
    at += M * blocks * 8;
    b.view.pair_sum32 = (int32_t(*)[2])at;
    at += M * blocks * 8;
    b.view.pair_sum16 = (int32_t(*)[2])at;
    at += M * blocks * 16;
    b.finite = (int32_t*)at;
    return b;
}

// `llm_fixed_quantize`: token wg of x [K, M] (K a multiple of 32) into the shared buffer y, so
// that every product of a step's rows reads the tokens it multiplies in fixed point instead of
// quantizing them once per workgroup (with a few tiles a workgroup, as a decode step's
// projections have, that took more time than the products themselves).
// Each workgroup copies its share of x's rows (contiguous), and tells finiteness from the
// inputs it quantizes: a token's column copied and checked by gathers of their own took most
// of the time (8 tokens of 1536 inputs, one Xeon thread: 42.6 us a call before, 26.5 after;
// of 576 inputs, 12.4 and 9.4).
LLM_EXPORT void llm_fixed_quantize(BUF(x), OUT(y), size_t K, size_t M, size_t wg) {
    const float* in = (const float*)AT(x);
    const struct fx_shared b = fx_shared_of(AT(y), K, M);
    const size_t begin = K * wg / M * M, end = K * (wg + 1) / M * M;
    size_t k = begin;
    for (; k + 16 <= end; k += 16) _mm512_storeu_ps(b.x + k, _mm512_loadu_ps(in + k));
    const __mmask16 rest = (__mmask16)((1u << (end - k)) - 1);
    _mm512_mask_storeu_ps(b.x + k, rest, _mm512_maskz_loadu_ps(rest, in + k));
    b.finite[wg] = M == 1 ? fx_quantize(in, K, &b.view) : fx_quantize_column(in + wg, M, K, &b.view, wg);
}

// `name` (`llm_fixed_rows_<stem>`) multiplies the tokens of a step's shared buffer (its `x`):
// the f32 kernel `exact` first where a token is not finite, then the fixed-point products.
#define FX_ROWS_CORE(name, exact, paths)                                    \
    static __attribute__((noinline)) void name##_core(const uint8_t* x, const struct weight* w, \
                                                      int n, size_t K, size_t M, size_t groups, \
                                                      size_t per, size_t wg) {                  \
        const struct fx_shared b = fx_shared_of((uint8_t*)x, K, M);                            \
        int all = 1;                                                                           \
        for (size_t r = 0; r < M; ++r) all &= b.finite[r] != 0;                                \
        if (!all) exact##_core((const uint8_t*)b.x, w, n, K, M, groups, per, wg);              \
        const struct fx_paths p = paths();                                                     \
        fixed_matvec_many(&p, 0, &b.view, b.finite, w, n, K, M, groups, per, wg);              \
    }

// A row of formats.h with a fixed-point entry: `llm_fixed_matmul_<stem>` (and `_x2`, `_x3`),
// which hands what it does not take to `llm_grouped_matmul_<stem>`'s core, and
// `llm_fixed_rows_<stem>` (and `_x2`, `_x3`), which takes the shared buffer; a row without
// them (fixed 0) adds nothing.
#define FX_ENTRIES(stem, code, group, mp, min, fixed) FX_ENTRIES_##fixed(stem, code, group, mp, min)
#define FX_ENTRIES_0(stem, code, group, mp, min)
#define FX_ENTRIES_1(stem, code, group, mp, min)                                                \
    FX_PATHS(fx_paths_##stem, code, group, mp, min)                                            \
    FX_CORE(llm_fixed_matmul_##stem, llm_grouped_matmul_##stem, fx_paths_##stem)               \
    EXPORTS_MIN_##min(llm_fixed_matmul_##stem, llm_fixed_matmul_##stem##_core)                  \
    FX_ROWS_CORE(llm_fixed_rows_##stem, llm_grouped_matmul_##stem, fx_paths_##stem)            \
    EXPORTS_MIN_##min(llm_fixed_rows_##stem, llm_fixed_rows_##stem##_core)

LLM_FORMATS(FX_ENTRIES)

#pragma GCC pop_options
#pragma GCC pop_options
