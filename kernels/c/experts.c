// Products of a mixture of experts' stacked weights, f32 activations, exact: for each
// (token, slot) pair the router chose, the chosen expert's `[N, K]` matrix times the token's
// input, reading only the experts some pair chose.
//
// Workgroups go by expert and block of tiles: each scans the pairs for its expert and, if
// any chose it, dequantizes each of its tiles a block of inputs at a time (as the many-token
// product does, so values are gguf-py's) and multiplies that block by every pair that chose
// the expert. An expert is read once per step however many tokens chose it, and not at all
// when none did. Each pair's sums run over the same blocks in the same order whatever the
// step holds, so a token's result does not depend on its neighbours.
//
// Uses grouped_matmul.c's `dequantize_block`, `gemm_tokens` and INPUT_BLOCK: kernels.c
// includes that file before this one.

#include "formats.h"
#include "grouped.h"

// x [K, M] f32; ids [S, M] i32, pair p = s * M + m taking expert ids[p]; each expert's codes,
// scales (and mins) stored as a weight's (`tiles` tiles of `stored_groups` groups), experts
// one after another; y [S * M, tiles * 16] f32, pair p's row the expert's output for token m.
// A pair whose id is outside [0, E) gets zeros (from expert 0's workgroups).
INLINE void experts_matmul(enum code code, int group, enum maps mp, int has_min,
                           const float* x, const int32_t* ids, const uint8_t* codes,
                           const uint8_t* scales, const uint8_t* mins, float* y, size_t K,
                           size_t M, size_t S, size_t stored_groups, size_t tiles, size_t E,
                           size_t per_workgroup, size_t workgroup) {
    const size_t per_expert = (tiles + per_workgroup - 1) / per_workgroup;
    const size_t e = workgroup / per_expert;
    if (e >= E) return;
    size_t begin, end;
    workgroup_tiles(per_workgroup, tiles, workgroup % per_expert, &begin, &end);
    const size_t pairs = S * M, N = tiles * TILE;
    if (e == 0) {
        for (size_t p = 0; p < pairs; ++p) {
            if (ids[p] >= 0 && (size_t)ids[p] < E) continue;
            for (size_t i = begin * TILE; i < end * TILE; ++i) y[p * N + i] = 0.0f;
        }
    }
    size_t chosen = 0;
    for (size_t p = 0; p < pairs; ++p) chosen += ids[p] == (int32_t)e;
    const size_t groups = K / group;
    if (chosen == 0 || groups > stored_groups) return;
    const size_t tile_codes = stored_groups * group * input_bytes(code);
    const size_t tile_maps = maps_bytes(mp, stored_groups);
    const uint8_t* ec = codes + e * tiles * tile_codes;
    const uint8_t* es = scales + e * tiles * tile_maps;
    const uint8_t* em = has_min ? mins + e * tiles * tile_maps : 0;
    float w[INPUT_BLOCK * TILE] __attribute__((aligned(64)));
    const size_t block_groups = INPUT_BLOCK / group;
    for (size_t t = begin; t < end; ++t) {
        for (size_t g0 = 0; g0 < groups; g0 += block_groups) {
            const size_t gn = groups - g0 < block_groups ? groups - g0 : block_groups;
            dequantize_block(code, group, mp, has_min, ec + t * tile_codes, es + t * tile_maps,
                             has_min ? em + t * tile_maps : 0, g0, gn, w);
            for (size_t p = 0; p < pairs; ++p) {
                if (ids[p] != (int32_t)e) continue;
                const size_t m = p % M;
                gemm_tokens(1, w, gn * group, x + g0 * group * M + m, M, y + p * N + t * TILE,
                            g0 == 0);
            }
        }
    }
}

// `llm_experts_<stem>`: x, ids, codes, scales (and mins), y, each as a base pointer and byte
// offset; then K, M, S, the stored groups per tile row, tiles per expert, E, tiles per
// workgroup and the workgroup id (E * ceil(tiles / per) workgroups, expert-major).
#define EXPERTS_MIN_1(stem, code, group, mp)                                                   \
    __attribute__((visibility("hidden"))) void llm_experts_##stem(                            \
        BUF(x), BUF(ids), BUF(c), BUF(s), BUF(mn), OUT(y), size_t K, size_t M, size_t S,       \
        size_t groups, size_t tiles, size_t E, size_t per, size_t wg) {                        \
        experts_matmul(code, group, mp, 1, (const float*)AT(x), (const int32_t*)AT(ids),       \
                       AT(c), AT(s), AT(mn), (float*)AT(y), K, M, S, groups, tiles, E, per,    \
                       wg);                                                                    \
    }
#define EXPERTS_MIN_0(stem, code, group, mp)                                                   \
    __attribute__((visibility("hidden"))) void llm_experts_##stem(                            \
        BUF(x), BUF(ids), BUF(c), BUF(s), OUT(y), size_t K, size_t M, size_t S, size_t groups, \
        size_t tiles, size_t E, size_t per, size_t wg) {                                       \
        experts_matmul(code, group, mp, 0, (const float*)AT(x), (const int32_t*)AT(ids),       \
                       AT(c), AT(s), 0, (float*)AT(y), K, M, S, groups, tiles, E, per, wg);    \
    }

#define EXPERTS_ENTRIES(stem, code, group, mp, min, fixed) EXPERTS_MIN_##min(stem, code, group, mp)

LLM_FORMATS(EXPERTS_ENTRIES)
