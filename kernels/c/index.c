// Every entry point by name, for the crate's own tests and benches: they call the kernels
// linked into them by the names `kernels::FORMATS` gives, and this table, made from the rows of
// formats.h, resolves them, so neither side lists the entry points again. Only build.rs's
// library for the tests compiles it; the object IREE links is kernels.c alone.

#include "kernels.c"
#include "index.h"

#define INDEX_FIXED_0(stem)
#define INDEX_FIXED_1(stem) INDEX_WEIGHTS(llm_fixed_matmul_##stem) INDEX_NAME(llm_experts_fixed_##stem)
#define INDEX_ROW(stem, code, group, mp, min, fixed)                                           \
    INDEX_F32_ROW(stem)                                                                        \
    INDEX_Q8_ROW(stem)                                                                         \
    INDEX_FIXED_##fixed(stem)

static const struct llm_entry entries[] = {
    LLM_FORMATS(INDEX_ROW)
    INDEX_NAME(llm_q8_quantize)
    INDEX_ATTENTION(decode)
    INDEX_ATTENTION(prefill)
};

INDEX_LOOKUP(llm_kernel_entry, entries)
