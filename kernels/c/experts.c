// Products of a mixture of experts' stacked weights, exact: for each (token, slot) pair the
// router chose, the chosen expert's `[N, K]` matrix times the token's input, reading only the
// experts some pair chose.
//
// Workgroups go by expert and block of tiles; a workgroup whose expert no pair chose returns
// without reading it. Two entries per format:
// - `llm_experts_fixed_<stem>` (the formats with a fixed-point entry, VNNI): each pair through the
//   fixed-point one-token product of fixed_matvec.c, exact to f32 rounding; a pair whose
//   input it cannot take (not finite, rows not in blocks of 32) runs the f32 path alone. The
//   expert's tiles are read from memory for its first pair and from cache for the others.
//   Measured at the Qwen3-30B-A3B shape (12 layers, Q4_K_M, 2 Zen 4 cores): one-token decode
//   20.5 ms against 44.0 ms through the f32 entry, a 128-token prefill 154 against 66 tok/s;
// - `llm_experts_<stem>` (byte codes, or CPUs without VNNI): each of the expert's tiles is
//   dequantized a block of inputs at a time (as the many-token product does, so values are
//   gguf-py's) and multiplied by every pair that chose the expert, one pair at a time.
// In both a pair's sums run the same way whatever else the step holds, so a token's result
// does not depend on its neighbours.
//
// Uses grouped_matmul.c's `dequantize_block`, `gemm_tokens` and INPUT_BLOCK and
// fixed_matvec.c's `fx_finite` and `llm_fixed_matmul_<stem>_product`: kernels.c includes both
// before this file.

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

// Tiles [begin, end) of each pair `p` with `take(p)` times its token's row of x [M, K]
// (token-major), into y [pairs, N]: each tile's blocks dequantized once for all of them.
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
                for (size_t p = 0; p < pairs; ++p) {                                           \
                    if (!(take)) continue;                                                     \
                    const float* row = x + (p % M) * K + g0 * group;                           \
                    gemm_tokens(1, w, gn * group, row, 1, y + p * N + t * TILE, g0 == 0);      \
                }                                                                              \
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
    EXPERT_PAIRS_F32(ids[p] == (int32_t)e);
}

// `llm_experts_<stem>` and `llm_experts_fixed_<stem>`: x, ids, codes, scales (and mins), y,
// each as a base pointer and byte offset; then K, M, S, the stored groups per tile row, tiles
// per expert, E, tiles per workgroup and the workgroup id (E * ceil(tiles / per) workgroups,
// expert-major).
#define EXPERTS_ENTRY_1(name, call)                                                            \
    __attribute__((visibility("hidden"))) void name(                                           \
        BUF(x), BUF(ids), BUF(c), BUF(s), BUF(mn), OUT(y), size_t K, size_t M, size_t S,       \
        size_t groups, size_t tiles, size_t E, size_t per, size_t wg) {                        \
        call((const float*)AT(x), (const int32_t*)AT(ids), AT(c), AT(s), AT(mn),               \
             (float*)AT(y), K, M, S, groups, tiles, E, per, wg);                               \
    }
#define EXPERTS_ENTRY_0(name, call)                                                            \
    __attribute__((visibility("hidden"))) void name(                                           \
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
