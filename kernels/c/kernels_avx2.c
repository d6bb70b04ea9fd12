// The object for x86-64-v3 CPUs (AVX2, FMA, F16C, no AVX-512): the f32 kernel families of
// kernels.c built from the same source on avx2.h's halves. The fixed-point and 8-bit families
// need AVX-512 VNNI and are left out, as the Rust side never names them on such a CPU
// (`kernels::Isa`).
#define LLM_AVX2
#include "grouped_matmul.c"
#include "experts.c"
#include "decode_attention.c"
#include "prefill_attention.c"
