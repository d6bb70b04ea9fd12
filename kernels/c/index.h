// What both indexes of entry points (index.c, index_avx2.c) share: the table row of one name,
// the f32 and 8-bit families' names for one row of formats.h, the attention kernels' names, and the
// search by name. Each index adds the families its object has and names its own table and
// lookup, so the two link side by side into the crate's tests and benches.
//
// The indexes do not compile the kernels again: they name the entry points of the objects
// build.rs compiled for iree-compile, which are linked into the crate's library as they are
// (the AVX2 object with every symbol prefixed `avx2_`, so that both objects' names can link
// side by side). The tests therefore call the very code a module links. Each index expands
// its list twice: `INDEX_NAME` first declares each entry point (only its address is used, so
// one type serves all), then makes its table row.

#include <string.h>

struct llm_entry {
    const char* name;
    void (*fn)(void);
};

#define INDEX_WEIGHTS(name) INDEX_NAME(name) INDEX_NAME(name##_x2) INDEX_NAME(name##_x3)
#define INDEX_F32_ROW(stem)                                                                    \
    INDEX_WEIGHTS(llm_grouped_matmul_##stem)                                                   \
    INDEX_NAME(llm_grouped_matmul_##stem##_gather)                                             \
    INDEX_NAME(llm_experts_##stem)
#define INDEX_Q8_ROW(stem)                                                                     \
    INDEX_NAME(llm_experts_q8_##stem)                                                          \
    INDEX_WEIGHTS(llm_q8_matmul_##stem)
#define INDEX_ATTENTION(kind)                                                                  \
    INDEX_NAME(llm_##kind##_attention_f32)                                                     \
    INDEX_NAME(llm_##kind##_attention_f16)                                                     \
    INDEX_NAME(llm_##kind##_attention_bf16)                                                    \
    INDEX_NAME(llm_##kind##_attention_sinks_f32)                                               \
    INDEX_NAME(llm_##kind##_attention_sinks_f16)                                               \
    INDEX_NAME(llm_##kind##_attention_sinks_bf16)

// `lookup(name)`: the entry of `table` called `name`, or NULL.
#define INDEX_LOOKUP(lookup, table)                                                            \
    void (*lookup(const char* name))(void) {                                                   \
        for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)                            \
            if (strcmp(table[i].name, name) == 0) return table[i].fn;                          \
        return NULL;                                                                           \
    }
