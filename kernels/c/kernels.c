// The one object iree-compile links into a module's CPU executable: every kernel, so that a
// module names a single file.
#include "grouped_matmul.c"
#include "q8_matmul.c"
#include "fixed_matvec.c"
#include "experts.c"
#include "decode_attention.c"
#include "prefill_attention.c"
