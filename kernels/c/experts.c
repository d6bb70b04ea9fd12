// Products of a mixture of experts' stacked weights, exact: for each (token, slot) pair the
// router chose, the chosen expert's `[N, K]` matrix times the token's input, reading only the
// experts some pair chose.
//
// Workgroups go by expert and block of tiles; a workgroup whose expert no pair chose returns
// without reading it. Entries per format (and `llm_experts_q8_<stem>` for 8-bit activations,
// below):
// - `llm_experts_fixed_<stem>` (the formats with a fixed-point entry, VNNI): each pair through the
//   fixed-point one-token product of fixed_matvec.c, exact to f32 rounding; a pair whose
//   input it cannot take (not finite, rows not in blocks of 32) runs the f32 path alone. The
//   expert's tiles are read from memory for its first pair and from cache for the others.
//   Measured at the Qwen3-30B-A3B shape (12 layers, Q4_K_M, 2 Zen 4 cores): one-token decode
//   20.5 ms against 44.0 ms through the f32 entry, a 128-token prefill 154 against 66 tok/s;
// - `llm_experts_<stem>` (byte codes, or CPUs without VNNI): as the dense f32 family splits
//   its calls. With fewer than GEMM_TOKENS tokens (a decode step), each pair goes through the
//   dense product with one token (`grouped_matmul`), so a row's bits are the dense kernel's
//   and do not depend on its batch. Before, those pairs took the path below too, one FMA chain per
//   row: on a 2-core Zen 3 (AVX2) the gpt-oss-20b shape's experts (MXFP4, 6 of 24 layers)
//   were 40% of a one-token step's samples, in the dequantization and a latency-bound chain;
//   through the one-token product the step took 186-192 ms against 275-276 (alternating runs).
//   With more tokens (prefill), each of the expert's tiles is
//   dequantized a block of inputs at a time (as the many-token product does, so values are
//   gguf-py's) and multiplied by the pairs that chose the expert, 8 at a time (`gemm_rows`:
//   each dequantized vector loaded once for 8 FMAs). At the Qwen3-30B-A3B gate shape, Q4_K,
//   one Zen 4 core (`cargo bench -p kernels --bench experts`): 512 tokens 117-141 ms against
//   423 ms one pair at a time, 128 tokens 57-60 against 113, 32 tokens 24-27 against 37. The
//   fixed-point entry takes 123 ms at 512 tokens, 31 at 128: both run near the core's
//   multiply-add peak at 512 (an FMA and a four-limb `vpdpbusd` each give 16 per weight
//   byte), and below 32 pairs an expert the per-tile dequantization costs the f32 path more.
// In both a pair's sums run the same way whatever else the step holds, so a token's result
// does not depend on its neighbours.
//
// Uses grouped_matmul.c's `grouped_matmul`, `dequantize_block`, GEMM_TOKENS and INPUT_BLOCK,
// fixed_matvec.c's `fx_finite` and `llm_fixed_matmul_<stem>_product`, and q8_matmul.c's
// one-token and unpacked products: kernels.c includes all three before this file.

#include "formats.h"
#include "grouped.h"

// Where one expert's stacked weight starts, and its tile strides.
struct expert_weight {
    const uint8_t* codes;
    const uint8_t* scales;
    const uint8_t* mins;
    size_t tile_codes;
    size_t tile_maps;
};

INLINE struct expert_weight expert_at(enum code code, int group, enum maps mp, int has_min,
                                      const uint8_t* codes, const uint8_t* scales,
                                      const uint8_t* mins, size_t stored_groups, size_t tiles,
                                      size_t e) {
    const size_t tile_codes = stored_groups * group * input_bytes(code);
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    struct expert_weight w = {codes + e * tiles * tile_codes, scales + e * tiles * tile_maps,
                              has_min ? mins + e * tiles * tile_maps : 0, tile_codes, tile_maps};
    return w;
}

// Rows of y += w . x for mr pairs at once (their token rows `x[i]`, their outputs `y[i]`), over
// the block's inputs; from zero in a row's first input block. Each pair's sum runs over k in
// order in one accumulator, as `gemm_tokens` runs one token's: the same bits whatever pairs
// share the pass. A pass of 8 pairs loads each dequantized vector once for 8 FMAs, where one
// pair at a time waited on a load per FMA.
#define EXPERT_ROWS 8
INLINE void gemm_rows(int mr, const float* w, size_t inputs, const float* const* x, float* const* y,
                      int first_block) {
    __m512 acc[EXPERT_ROWS];
#pragma GCC unroll 8
    for (int i = 0; i < mr; ++i) acc[i] = first_block ? _mm512_setzero_ps() : _mm512_loadu_ps(y[i]);
#pragma GCC unroll 2
    for (size_t k = 0; k < inputs; ++k) {
        const __m512 wk = _mm512_load_ps(w + k * TILE);
#pragma GCC unroll 8
        for (int i = 0; i < mr; ++i) acc[i] = _mm512_fmadd_ps(wk, _mm512_set1_ps(x[i][k]), acc[i]);
    }
#pragma GCC unroll 8
    for (int i = 0; i < mr; ++i) _mm512_storeu_ps(y[i], acc[i]);
}

// `gemm_rows` with the pass's row count a constant, so that its loops unroll.
INLINE void gemm_rows_of(int mr, const float* w, size_t inputs, const float* const* x,
                         float* const* y, int first_block) {
    switch (mr) {
    case 8: gemm_rows(8, w, inputs, x, y, first_block); break;
    case 7: gemm_rows(7, w, inputs, x, y, first_block); break;
    case 6: gemm_rows(6, w, inputs, x, y, first_block); break;
    case 5: gemm_rows(5, w, inputs, x, y, first_block); break;
    case 4: gemm_rows(4, w, inputs, x, y, first_block); break;
    case 3: gemm_rows(3, w, inputs, x, y, first_block); break;
    case 2: gemm_rows(2, w, inputs, x, y, first_block); break;
    default: gemm_rows(1, w, inputs, x, y, first_block); break;
    }
}

// Tiles [begin, end) of each pair `p` with `take(p)` times its token's row of x [M, K]
// (token-major), into y [pairs, N]: each tile's blocks dequantized once for all of them, then
// multiplied by EXPERT_ROWS pairs at a time.
#define EXPERT_PAIRS_F32(take)                                                                 \
    do {                                                                                       \
        float w[INPUT_BLOCK * TILE] __attribute__((aligned(64)));                              \
        const size_t block_groups = INPUT_BLOCK / group;                                       \
        for (size_t t = begin; t < end; ++t) {                                                 \
            for (size_t g0 = 0; g0 < groups; g0 += block_groups) {                             \
                const size_t gn = groups - g0 < block_groups ? groups - g0 : block_groups;     \
                dequantize_block(code, group, mp, has_min, ew.codes + t * ew.tile_codes,       \
                                 ew.scales + t * ew.tile_maps,                                 \
                                 has_min ? ew.mins + t * ew.tile_maps : 0, g0, gn, w);         \
                const float* rows[EXPERT_ROWS];                                                \
                float* outs[EXPERT_ROWS];                                                      \
                int mr = 0;                                                                    \
                for (size_t p = 0; p < pairs; ++p) {                                           \
                    if (!(take)) continue;                                                     \
                    rows[mr] = x + (p % M) * K + g0 * group;                                   \
                    outs[mr] = y + p * N + t * TILE;                                           \
                    if (++mr == EXPERT_ROWS) {                                                 \
                        gemm_rows_of(mr, w, gn * group, rows, outs, g0 == 0);                  \
                        mr = 0;                                                                \
                    }                                                                          \
                }                                                                              \
                if (mr) gemm_rows_of(mr, w, gn * group, rows, outs, g0 == 0);                  \
            }                                                                                  \
        }                                                                                      \
    } while (0)

// The workgroup's expert and tiles, zeros for pairs that chose no expert in [0, E) (from
// expert 0's workgroups), and how many pairs chose the expert.
#define EXPERT_WORKGROUP                                                                       \
    const size_t per_expert = (tiles + per_workgroup - 1) / per_workgroup;                     \
    const size_t e = workgroup / per_expert;                                                   \
    if (e >= E) return;                                                                        \
    size_t begin, end;                                                                         \
    workgroup_tiles(per_workgroup, tiles, workgroup % per_expert, &begin, &end);               \
    const size_t pairs = S * M, N = tiles * TILE, groups = K / group;                          \
    if (e == 0) {                                                                              \
        for (size_t p = 0; p < pairs; ++p) {                                                   \
            if (ids[p] >= 0 && (size_t)ids[p] < E) continue;                                   \
            for (size_t i = begin * TILE; i < end * TILE; ++i) y[p * N + i] = 0.0f;            \
        }                                                                                      \
    }                                                                                          \
    size_t chosen = 0;                                                                         \
    for (size_t p = 0; p < pairs; ++p) chosen += ids[p] == (int32_t)e;                         \
    if (chosen == 0 || groups > stored_groups) return;                                         \
    const struct expert_weight ew =                                                            \
        expert_at(code, group, mp, has_min, codes, scales, mins, stored_groups, tiles, e)

// x [M, K] f32, token-major; ids [S, M] i32, pair p = s * M + m taking expert ids[p]; each
// expert's codes, scales (and mins) stored as one weight (`tiles` tiles of `stored_groups`
// groups), experts one after another; y [S * M, tiles * 16] f32, pair p's row the expert's
// output for token m.
INLINE void experts_f32(enum code code, int group, enum maps mp, int has_min, const float* x,
                        const int32_t* ids, const uint8_t* codes, const uint8_t* scales,
                        const uint8_t* mins, float* y, size_t K, size_t M, size_t S,
                        size_t stored_groups, size_t tiles, size_t E, size_t per_workgroup,
                        size_t workgroup) {
    EXPERT_WORKGROUP;
    if (M < GEMM_TOKENS) {
        // A decode step's tokens: each pair is the dense product of its expert and its token
        // alone (one token: the one-token order), the expert's tiles from memory for its first
        // pair and from cache for the others, whatever else the step holds.
        for (size_t p = 0; p < pairs; ++p) {
            if (ids[p] != (int32_t)e) continue;
            grouped_matmul(code, group, mp, has_min, x + (p % M) * K, ew.codes, ew.scales,
                           ew.mins, y + p * N, K, 1, stored_groups, begin, end);
        }
        return;
    }
    EXPERT_PAIRS_F32(ids[p] == (int32_t)e);
}

// `llm_experts_<stem>` and `llm_experts_fixed_<stem>`: x, ids, codes, scales (and mins), y,
// each as a base pointer and byte offset; then K, M, S, the stored groups per tile row, tiles
// per expert, E, tiles per workgroup and the workgroup id (E * ceil(tiles / per) workgroups,
// expert-major).
#define EXPERTS_ENTRY_1(name, call)                                                            \
    LLM_EXPORT void name(                                           \
        BUF(x), BUF(ids), BUF(c), BUF(s), BUF(mn), OUT(y), size_t K, size_t M, size_t S,       \
        size_t groups, size_t tiles, size_t E, size_t per, size_t wg) {                        \
        call((const float*)AT(x), (const int32_t*)AT(ids), AT(c), AT(s), AT(mn),               \
             (float*)AT(y), K, M, S, groups, tiles, E, per, wg);                               \
    }
#define EXPERTS_ENTRY_0(name, call)                                                            \
    LLM_EXPORT void name(                                           \
        BUF(x), BUF(ids), BUF(c), BUF(s), OUT(y), size_t K, size_t M, size_t S, size_t groups, \
        size_t tiles, size_t E, size_t per, size_t wg) {                                       \
        call((const float*)AT(x), (const int32_t*)AT(ids), AT(c), AT(s), 0, (float*)AT(y), K,  \
             M, S, groups, tiles, E, per, wg);                                                 \
    }

#define EXPERTS_F32(stem, code, group, mp, min)                                                \
    static __attribute__((noinline)) void llm_experts_##stem##_core(                           \
        const float* x, const int32_t* ids, const uint8_t* c, const uint8_t* s,                \
        const uint8_t* mn, float* y, size_t K, size_t M, size_t S, size_t groups,              \
        size_t tiles, size_t E, size_t per, size_t wg) {                                       \
        experts_f32(code, group, mp, min, x, ids, c, s, mn, y, K, M, S, groups, tiles, E, per, \
                    wg);                                                                       \
    }                                                                                          \
    EXPERTS_ENTRY_##min(llm_experts_##stem, llm_experts_##stem##_core)

#define EXPERTS_F32_ROW(stem, code, group, mp, min, fixed) EXPERTS_F32(stem, code, group, mp, min)
LLM_FORMATS(EXPERTS_F32_ROW)

// The fixed-point entries need the integer-product families' CPU features (grouped.h).
#ifndef LLM_AVX2
#pragma GCC push_options
#pragma GCC target("avx512vnni,avx512vbmi,avx512bitalg,bmi2")

// One token's fixed-point product over tiles of a weight (fixed_matvec.c's `_product`).
typedef void (*fixed_product)(const uint8_t*, const struct weight*, int, size_t, size_t, size_t,
                              size_t, size_t);

INLINE void experts_fixed(enum code code, int group, enum maps mp, int has_min,
                          fixed_product product, const float* x, const int32_t* ids,
                          const uint8_t* codes, const uint8_t* scales, const uint8_t* mins,
                          float* y, size_t K, size_t M, size_t S, size_t stored_groups,
                          size_t tiles, size_t E, size_t per_workgroup, size_t workgroup) {
    EXPERT_WORKGROUP;
    for (size_t p = 0; p < pairs; ++p) {
        if (ids[p] != (int32_t)e) continue;
        const float* row = x + (p % M) * K;
        if (K % 32 == 0 && fx_finite(row, K)) {
            const struct weight one = {ew.codes, ew.scales, ew.mins, y + p * N, tiles};
            product((const uint8_t*)row, &one, 1, K, 1, stored_groups, per_workgroup,
                    workgroup % per_expert);
            continue;
        }
        const size_t only = p;
        EXPERT_PAIRS_F32(p == only);
    }
}

#define EXPERTS_FIXED_0(stem, code, group, mp, min)
#define EXPERTS_FIXED_1(stem, code, group, mp, min)                                            \
    static __attribute__((noinline)) void llm_experts_fixed_##stem##_core(                     \
        const float* x, const int32_t* ids, const uint8_t* c, const uint8_t* s,                \
        const uint8_t* mn, float* y, size_t K, size_t M, size_t S, size_t groups,              \
        size_t tiles, size_t E, size_t per, size_t wg) {                                       \
        experts_fixed(code, group, mp, min, llm_fixed_matmul_##stem##_product, x, ids, c, s,   \
                      mn, y, K, M, S, groups, tiles, E, per, wg);                              \
    }                                                                                          \
    EXPERTS_ENTRY_##min(llm_experts_fixed_##stem, llm_experts_fixed_##stem##_core)

#define EXPERTS_FIXED_ROW(stem, code, group, mp, min, fixed)                                   \
    EXPERTS_FIXED_##fixed(stem, code, group, mp, min)
LLM_FORMATS(EXPERTS_FIXED_ROW)

#pragma GCC pop_options
#endif

// The 8-bit entries: on AVX-512 they need the integer-product families' features too; the AVX2
// object has its own 8-bit products (q8_avx2.h).
#ifndef LLM_AVX2
#pragma GCC push_options
#pragma GCC target("avx512vnni,avx512vbmi,avx512bitalg,bmi2")
#endif

// 8-bit activations (`--activations q8`): xq as `llm_q8_quantize` writes it for the tokens
// (codes token-major, then block scales and group sums). Each pair goes through q8_matmul.c's
// one-token product (`q8_matvec`, codes from memory into `vpdpbusd`), or, where Q8_ROWS_FROM
// pairs or more chose the workgroup's expert, each of the expert's tiles is unpacked once a
// chunk (`q8_unpack`) and multiplied by up to Q8_SPAN of them (`q8_span`). The two give a pair
// the same bits (q8_matmul.c), so a token's result does not depend on its batch either.
// One Zen 4 core at the Qwen3-30B-A3B gate shape (Q4_K, 128 experts, 8 a token; `cargo bench
// -p kernels --bench experts`, quantization included): 512 tokens 40 ms against 186 through the
// fixed-point entry, 128 tokens 12 against 45, 8 tokens 2.0 against 3.1, one token 0.21
// against 0.27.
#define Q8_ROWS_FROM 4

INLINE void experts_q8(enum code code, int group, enum maps mp, int has_min, const uint8_t* xq,
                       const int32_t* ids, const uint8_t* codes, const uint8_t* scales,
                       const uint8_t* mins, float* y, size_t K, size_t M, size_t S,
                       size_t stored_groups, size_t tiles, size_t E, size_t per_workgroup,
                       size_t workgroup) {
    EXPERT_WORKGROUP;
    const size_t block = (size_t)q8_block(mp), blocks = K / block;
    if (K % block) return;
    const float* xs = (const float*)(xq + q8_scales_at(K, M));
    const float* xsum = (const float*)(xq + q8_sums_at(K, M, block));
    if (chosen < Q8_ROWS_FROM) {
        for (size_t p = 0; p < pairs; ++p) {
            if (ids[p] != (int32_t)e) continue;
            const size_t m = p % M;
            q8_matvec(code, group, mp, has_min, xq + m * K, xs + m * blocks, xsum + m * groups,
                      ew.codes, ew.scales, ew.mins, y + p * N, K, stored_groups, begin, end);
        }
        return;
    }
    struct q8_tables tables;
    q8_build_tables(&tables);
    struct q8_chunk chunk;
    float acc[Q8_SPAN][TILE] __attribute__((aligned(64)));
    // A span's pairs: their tokens (rows of xq) and their rows of y.
    uint32_t rows[Q8_SPAN], outs[Q8_SPAN];
    const size_t maps_ahead = ew.tile_maps * Q8_PREFETCH_BYTES / ew.tile_codes;
    // The pairs are found once per span, then every tile of the workgroup multiplies them.
    for (size_t next = 0;;) {
        size_t span = 0;
        for (; next < pairs && span < Q8_SPAN; ++next) {
            if (ids[next] != (int32_t)e) continue;
            outs[span] = (uint32_t)next;
            rows[span++] = (uint32_t)(next % M);
        }
        if (span == 0) break;
        for (size_t t = begin; t < end; ++t) {
            for (size_t i = 0; i < span; ++i) _mm512_store_ps(acc[i], _mm512_setzero_ps());
            for (size_t k0 = 0; k0 < K; k0 += Q8_CHUNK) {
                const size_t n = K - k0 < Q8_CHUNK ? K - k0 : Q8_CHUNK;
                q8_unpack(code, group, mp, has_min, &tables, ew.codes + t * ew.tile_codes,
                          ew.scales + t * ew.tile_maps, has_min ? ew.mins + t * ew.tile_maps : 0,
                          k0 / group, n / group, maps_ahead, &chunk);
                q8_span(code, mp, has_min, group, (int)block, &chunk, n, xq, xs, xsum, K, rows, span,
                        k0, acc);
            }
            for (size_t i = 0; i < span; ++i)
                _mm512_storeu_ps(y + (size_t)outs[i] * N + t * TILE, _mm512_load_ps(acc[i]));
        }
    }
}

// `llm_experts_q8_<stem>`: the arguments of `llm_experts_<stem>` with the quantized
// activations in place of x.
#define EXPERTS_Q8_ROW(stem, code, group, mp, min, fixed)                                      \
    static __attribute__((noinline)) void llm_experts_q8_##stem##_core(                        \
        const float* x, const int32_t* ids, const uint8_t* c, const uint8_t* s,                \
        const uint8_t* mn, float* y, size_t K, size_t M, size_t S, size_t groups,              \
        size_t tiles, size_t E, size_t per, size_t wg) {                                       \
        experts_q8(code, group, mp, min, (const uint8_t*)x, ids, c, s, mn, y, K, M, S, groups, \
                   tiles, E, per, wg);                                                         \
    }                                                                                          \
    EXPERTS_ENTRY_##min(llm_experts_q8_##stem, llm_experts_q8_##stem##_core)
LLM_FORMATS(EXPERTS_Q8_ROW)

#ifndef LLM_AVX2
#pragma GCC pop_options
#endif
