// index.c for the AVX2 object (kernels_avx2.c): its entry points by name, for the crate's tests
// and benches on any x86-64-v3 CPU (`kernels::Isa::Avx2`). The entries are static here, so that
// they link beside the AVX-512 object's entries of the same names; only the lookup is global.
// The object has the f32 and 8-bit families: the fixed-point family's names find nothing.

#define LLM_EXPORT static __attribute__((used))
#include "kernels_avx2.c"
#include "index.h"

#define INDEX_ROW(stem, code, group, mp, min, fixed)                                           \
    INDEX_F32_ROW(stem)                                                                        \
    INDEX_Q8_ROW(stem)

static const struct llm_entry entries_avx2[] = {
    LLM_FORMATS(INDEX_ROW)
    INDEX_NAME(llm_q8_quantize)
    INDEX_ATTENTION(decode)
    INDEX_ATTENTION(prefill)
};

INDEX_LOOKUP(llm_kernel_entry_avx2, entries_avx2)
