// index.c for the AVX2 object (kernels_avx2.o, linked beside this file with its symbols
// prefixed `avx2_`): its entry points by their unprefixed names, for the crate's tests and
// benches on any x86-64-v3 CPU (`kernels::Isa::Avx2`). The object has the f32 and 8-bit
// families: the fixed-point family's names find nothing.

#include "formats.h"
#include "index.h"

#define INDEX_ROW(stem, code, group, mp, min, fixed)                                           \
    INDEX_F32_ROW(stem)                                                                        \
    INDEX_Q8_ROW(stem)
#define INDEX_ALL                                                                              \
    LLM_FORMATS(INDEX_ROW)                                                                     \
    INDEX_NAME(llm_q8_quantize)                                                                \
    INDEX_ATTENTION(decode)                                                                    \
    INDEX_ATTENTION(prefill)

#define INDEX_NAME(name) void avx2_##name(void);
INDEX_ALL
#undef INDEX_NAME

#define INDEX_NAME(name) {#name, avx2_##name},
static const struct llm_entry entries_avx2[] = {INDEX_ALL};

INDEX_LOOKUP(llm_kernel_entry_avx2, entries_avx2)
