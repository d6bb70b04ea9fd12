// Every entry point of the AVX-512 object (kernels.o, linked beside this file) by name, for
// the crate's own tests and benches: they call the kernels by the names `kernels::FORMATS`
// gives, and this table, made from the rows of formats.h, resolves them, so neither side
// lists the entry points again.

#include "formats.h"
#include "index.h"

#define INDEX_FIXED_0(stem)
#define INDEX_FIXED_1(stem)                                                                    \
    INDEX_WEIGHTS(llm_fixed_matmul_##stem)                                                     \
    INDEX_WEIGHTS(llm_fixed_rows_##stem)                                                       \
    INDEX_NAME(llm_experts_fixed_##stem)
#define INDEX_ROW(stem, code, group, mp, min, fixed)                                           \
    INDEX_F32_ROW(stem)                                                                        \
    INDEX_Q8_ROW(stem)                                                                         \
    INDEX_FIXED_##fixed(stem)
#define INDEX_ALL                                                                              \
    LLM_FORMATS(INDEX_ROW)                                                                     \
    INDEX_NAME(llm_q8_quantize)                                                                \
    INDEX_NAME(llm_fixed_tiles)                                                                \
    INDEX_NAME(llm_fixed_quantize)                                                             \
    INDEX_ATTENTION(decode)                                                                    \
    INDEX_ATTENTION(prefill)

#define INDEX_NAME(name) void name(void);
INDEX_ALL
#undef INDEX_NAME

#define INDEX_NAME(name) {#name, name},
static const struct llm_entry entries[] = {INDEX_ALL};

INDEX_LOOKUP(llm_kernel_entry, entries)
