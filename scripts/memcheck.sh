#!/usr/bin/env bash
# Runs the runtime shim tests with the IREE runtime and the C shim built
# under AddressSanitizer + LeakSanitizer, and fails on any memory error or
# leak. (valgrind cannot run them: IREE's io_uring proactor never wakes under
# valgrind.) Uses its own target dir so normal builds stay untouched.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="$ROOT/target/asan"
export IREE_SHIM_SANITIZE=address
export RUSTFLAGS="-C link-arg=-fsanitize=address"
# Leaks are errors; ignore those of Rust's test harness runtime (none are
# expected from IREE or the shim).
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:exitcode=3"
export LSAN_OPTIONS="exitcode=3"

start=$(date +%s)
echo "[memcheck] building the runtime tests with AddressSanitizer (first build takes a few minutes)"
cargo test --release -p tests --test runtime --no-run 2>&1 | grep -E "^(error|warning: unused)" || true
echo "[memcheck] running the runtime tests (both local drivers)"
status=0
cargo test --release -p tests --test runtime -- --test-threads=1 > "$ROOT/target/asan/memcheck.log" 2>&1 || status=$?
grep -E "^test |test result|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY" "$ROOT/target/asan/memcheck.log" || true
echo "[memcheck] finished in $(( $(date +%s) - start )) s (log: target/asan/memcheck.log), exit status $status"
exit "$status"
