// Every block format the kernels multiply, one row each: the one list the entry points of all
// three families come from (grouped_matmul.c, fixed_matvec.c, q8_matmul.c each apply their
// entry macro to every row). The Rust side lists the same formats in `kernels::FORMATS`, and
// its test that every symbol it names is in the object keeps the two lists equal.
//
// X(stem, code, group, maps, min, fixed):
// - stem: the entry points' names end in it: `llm_grouped_matmul_<stem>`,
//   `llm_q8_matmul_<stem>`, `llm_fixed_matmul_<stem>` (and `_x2`, `_x3`, `_gather`);
// - code, group, maps: how codes and group maps are stored (`enum code`, inputs per group,
//   `enum maps` in grouped.h);
// - min: 1 when the format has mins (another map per group), else 0;
// - fixed: 1 when the format has a fixed-point one-token entry (fixed_matvec.c takes 2- to
//   6-bit codes, table codes, and Q8_0's bytes: from memory its fixed-point product read
//   1.05-1.27x as fast as the f32 kernel, 0.75-0.84 of a stream of the same bytes; the other
//   byte-code rows, widened forms, keep the f32 kernel), else 0.
// The min and fixed columns are pasted into macro names, so they must be the tokens 0 or 1.

#ifndef LLM_FORMATS_H
#define LLM_FORMATS_H

#define LLM_FORMATS(X)                                                                         \
    X(i8_g32_f16, I8, 32, MAP_F16, 0, 1)      /* Q8_0; Q5_0 widened */                         \
    X(i4_g32_f16, I4, 32, MAP_F16, 0, 1)      /* Q4_0 */                                       \
    X(u4_g32_f16_min, U4, 32, MAP_F16, 1, 1)  /* Q4_1 */                                       \
    X(i8_g32_f16_min, I8, 32, MAP_F16, 1, 0)  /* Q5_1 widened */                               \
    X(u4_g32_f32_min, U4, 32, MAP_F32, 1, 1)  /* Q4_K widened */                               \
    X(i8_g32_f32_min, I8, 32, MAP_F32, 1, 0)  /* Q5_K widened */                               \
    X(i8_g16_f32, I8, 16, MAP_F32, 0, 0)      /* Q6_K widened */                               \
    X(u4_g32_k6_min, U4, 32, MAP_K6, 1, 1)    /* Q4_K */                                       \
    X(i8_g32_k6_min, I8, 32, MAP_K6, 1, 0)    /* Q5_K, byte codes */                           \
    X(i8_g16_k8, I8, 16, MAP_K8, 0, 0)        /* Q6_K, byte codes */                           \
    X(i5_g32_f16, I5, 32, MAP_F16, 0, 1)      /* Q5_0 */                                       \
    X(u5_g32_f16_min, U5, 32, MAP_F16, 1, 1)  /* Q5_1 */                                       \
    X(u5_g32_k6_min, U5, 32, MAP_K6, 1, 1)    /* Q5_K */                                       \
    X(i6_g16_k8, I6, 16, MAP_K8, 0, 1)        /* Q6_K */                                       \
    X(e2m1_g32_e8, E2M1, 32, MAP_E8, 0, 1)    /* MXFP4 */                                      \
    X(nl4_g32_f16, NL4, 32, MAP_F16, 0, 1)    /* IQ4_NL */                                     \
    X(nl4_g32_k6s, NL4, 32, MAP_K6S, 0, 1)    /* IQ4_XS */                                     \
    X(u4_g16_f32_min, U4, 16, MAP_F32, 1, 1)  /* Q2_K widened (Q3_K widened: i8_g16_f32) */ \
    X(u2_g16_k4_min, U2, 16, MAP_K4, 1, 1)    /* Q2_K */                                       \
    X(i3_g16_k6s16, I3, 16, MAP_K6S16, 0, 1)  /* Q3_K */

#endif
