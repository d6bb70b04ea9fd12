#!/usr/bin/env bash
# Runs the runtime shim tests with the C shim built under AddressSanitizer +
# LeakSanitizer, and fails on any memory error or leak. (valgrind cannot run them: IREE's io_uring proactor never wakes under
# valgrind.) Builds in the `asan` profile (target/asan) so normal builds stay untouched,
# and shares their IREE runtime build: IREE's code is not instrumented, the shim's is.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PROFILE_DIR="${CARGO_TARGET_DIR:-$ROOT/target}/asan"
export IREE_SHIM_SANITIZE=address

start=$(date +%s)
echo "[memcheck] building the runtime tests with AddressSanitizer (first build takes a few minutes)"
# Only the runtime crate and the shim (its tests compile their modules with iree-compile),
# with the CUDA driver as every build has it, so the IREE build is the tests' own.
binary="$(cargo test --profile asan -p runtime --features cuda --test shim --no-run --message-format=json \
  | python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "shim":
        print(m["executable"])' | tail -n 1)"
[ -n "$binary" ] || { echo "[memcheck] test binary not found"; exit 1; }

echo "[memcheck] running $(basename "$binary") (both local drivers)"
status=0
# The sanitizer runtime must initialise before anything else in the process. IREE is built
# without frame pointers, so allocation stacks are unwound from the unwind tables (slower,
# and the suppressions need whole stacks).
LD_PRELOAD="$(gcc -print-file-name=libasan.so)" \
ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:exitcode=3:fast_unwind_on_malloc=0" \
LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=1" \
  "$binary" --test-threads=1 > "$PROFILE_DIR/memcheck.log" 2>&1 || status=$?
grep -E "^test |test result|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY" "$PROFILE_DIR/memcheck.log" || true
echo "[memcheck] finished in $(( $(date +%s) - start )) s (log: target/asan/memcheck.log), exit status $status"
exit "$status"
