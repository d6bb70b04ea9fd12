// Every entry point by name, for the crate's own tests and benches: they call the kernels
// linked into them by the names `kernels::FORMATS` gives, and this table, made from the rows of
// formats.h, resolves them, so neither side lists the entry points again. Only build.rs's
// library for the tests compiles it; the object IREE links is kernels.c alone.

#include <string.h>

#include "kernels.c"

struct llm_entry {
    const char* name;
    void (*fn)(void);
};

#define INDEX_NAME(name) {#name, (void (*)(void))name},
#define INDEX_WEIGHTS(name) INDEX_NAME(name) INDEX_NAME(name##_x2) INDEX_NAME(name##_x3)
#define INDEX_FIXED_0(stem)
#define INDEX_FIXED_1(stem) INDEX_WEIGHTS(llm_fixed_matmul_##stem) INDEX_NAME(llm_experts_fixed_##stem)
#define INDEX_ROW(stem, code, group, mp, min, fixed)                                           \
    INDEX_WEIGHTS(llm_grouped_matmul_##stem)                                                   \
    INDEX_NAME(llm_grouped_matmul_##stem##_gather)                                             \
    INDEX_NAME(llm_experts_##stem)                                                             \
    INDEX_NAME(llm_experts_q8_##stem)                                                          \
    INDEX_WEIGHTS(llm_q8_matmul_##stem)                                                        \
    INDEX_FIXED_##fixed(stem)

#define INDEX_ATTENTION(kind)                                                                  \
    INDEX_NAME(llm_##kind##_attention_f32)                                                     \
    INDEX_NAME(llm_##kind##_attention_f16)                                                     \
    INDEX_NAME(llm_##kind##_attention_bf16)                                                    \
    INDEX_NAME(llm_##kind##_attention_sinks_f32)                                               \
    INDEX_NAME(llm_##kind##_attention_sinks_f16)                                               \
    INDEX_NAME(llm_##kind##_attention_sinks_bf16)

static const struct llm_entry entries[] = {
    LLM_FORMATS(INDEX_ROW)
    INDEX_NAME(llm_q8_quantize)
    INDEX_ATTENTION(decode)
    INDEX_ATTENTION(prefill)
};

// The entry point called `name`, or NULL.
void (*llm_kernel_entry(const char* name))(void) {
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; ++i)
        if (strcmp(entries[i].name, name) == 0) return entries[i].fn;
    return NULL;
}
