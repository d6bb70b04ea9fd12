// The object for x86-64-v3 CPUs (AVX2, FMA, F16C, no AVX-512): the f32 kernel families of
// kernels.c built from the same source on avx2.h's halves, and the 8-bit family on AVX2's
// byte products (q8_avx2.h). The fixed-point family needs AVX-512 VNNI and is left out, as
// the Rust side never names it on such a CPU (`kernels::Isa`).
#define LLM_AVX2
#include "grouped_matmul.c"
#include "q8_matmul.c"
#include "experts.c"
#include "decode_attention.c"
#include "prefill_attention.c"
