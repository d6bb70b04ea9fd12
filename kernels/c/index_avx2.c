// index.c for the AVX2 object (kernels_avx2.c): its entry points by name, for the crate's tests
// and benches on any x86-64-v3 CPU (`kernels::Isa::Avx2`). The entries are static here, so that
// they link beside the AVX-512 object's entries of the same names; only the index is global.

#include <string.h>

#define LLM_EXPORT static __attribute__((used))
#include "kernels_avx2.c"

struct llm_entry_avx2 {
    const char* name;
    void (*fn)(void);
};

#define INDEX_NAME(name) {#name, (void (*)(void))name},
#define INDEX_WEIGHTS(name) INDEX_NAME(name) INDEX_NAME(name##_x2) INDEX_NAME(name##_x3)
#define INDEX_ROW(stem, code, group, mp, min, fixed)                                           \
    INDEX_WEIGHTS(llm_grouped_matmul_##stem)                                                   \
    INDEX_NAME(llm_grouped_matmul_##stem##_gather)                                             \
    INDEX_NAME(llm_experts_##stem)
#define INDEX_ATTENTION(kind)                                                                  \
    INDEX_NAME(llm_##kind##_attention_f32)                                                     \
    INDEX_NAME(llm_##kind##_attention_f16)                                                     \
    INDEX_NAME(llm_##kind##_attention_bf16)                                                    \
    INDEX_NAME(llm_##kind##_attention_sinks_f32)                                               \
    INDEX_NAME(llm_##kind##_attention_sinks_f16)                                               \
    INDEX_NAME(llm_##kind##_attention_sinks_bf16)

static const struct llm_entry_avx2 entries_avx2[] = {
    LLM_FORMATS(INDEX_ROW)
    INDEX_ATTENTION(decode)
    INDEX_ATTENTION(prefill)
};

// The AVX2 object's entry point called `name`, or NULL (the integer families' names too).
void (*llm_kernel_entry_avx2(const char* name))(void) {
    for (size_t i = 0; i < sizeof entries_avx2 / sizeof entries_avx2[0]; ++i)
        if (strcmp(entries_avx2[i].name, name) == 0) return entries_avx2[i].fn;
    return NULL;
}
