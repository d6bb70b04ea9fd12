#!/usr/bin/env bash
# Ensures .venv-peer holds llama-cpp-python (the comparison peer, never part of setup; its build
# takes about 8 minutes on 2 cores) and prints the venv's python.
#
# llama.cpp's default build is native (-march=native). On an Intel Xeon with AMX that compiles in
# ggml's AMX path, and llama.cpp 0.3.36 died with SIGILL at `tilezero` there as soon as a batch
# was prefilled. So on x86-64 the peer is built with its CPU features named one by one: each one
# ggml can use is on where /proc/cpuinfo lists it (AVX-512 and its VNNI, VBMI and BF16 included),
# and AMX is off. The build's options are kept in .venv-peer/peer-build, which peer_bench.py
# prints; a venv built with other options (or before this file existed) is rebuilt.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEER_VENV="$ROOT/.venv-peer"
PEER_PKG="llama-cpp-python==0.3.36"
STAMP="$PEER_VENV/peer-build"

# ggml's x86 options and the /proc/cpuinfo flags each needs (all of them).
X86_OPTIONS=(
  SSE42:sse4_2 AVX:avx AVX2:avx2 AVX_VNNI:avx_vnni BMI2:bmi2 FMA:fma F16C:f16c
  AVX512:avx512f,avx512cd,avx512vl,avx512dq,avx512bw AVX512_VBMI:avx512vbmi
  AVX512_VNNI:avx512_vnni AVX512_BF16:avx512_bf16
)

# Whether every flag of the comma-separated list $2 is in the CPU's flags $1 (space-delimited).
has_flags() {
  local flag
  for flag in ${2//,/ }; do
    [[ "$1" == *" $flag "* ]] || return 1
  done
}

# The CMake options of the peer's build for this machine.
cmake_args() {
  if [[ "$(uname -m)" != x86_64 || ! -r /proc/cpuinfo ]]; then
    echo "-DGGML_NATIVE=ON"
    return
  fi
  local flags args entry state
  flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2 || true) "
  args="-DGGML_NATIVE=OFF"
  for entry in "${X86_OPTIONS[@]}"; do
    state=OFF
    if has_flags "$flags" "${entry#*:}"; then state=ON; fi
    args+=" -DGGML_${entry%%:*}=$state"
  done
  echo "$args -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
}

ARGS="$(cmake_args)"
BUILD="$PEER_PKG CMAKE_ARGS=$ARGS"
if ! "$PEER_VENV/bin/python" -c "import llama_cpp" 2>/dev/null \
  || [[ "$(cat "$STAMP" 2>/dev/null)" != "$BUILD" ]]; then
  echo "[peer] building $PEER_PKG into .venv-peer with $ARGS (about 8 minutes)" >&2
  [[ -x "$PEER_VENV/bin/python" ]] || python3 -m venv "$PEER_VENV"
  rm -f "$STAMP"
  "$PEER_VENV/bin/pip" uninstall -q -y llama-cpp-python >&2 || true
  # From source and past pip's wheel cache, which does not key on CMAKE_ARGS.
  CMAKE_ARGS="$ARGS" "$PEER_VENV/bin/pip" install -q --progress-bar off --no-cache-dir \
    --no-binary llama-cpp-python "$PEER_PKG" >&2
  echo "$BUILD" >"$STAMP"
fi
echo "$PEER_VENV/bin/python"
