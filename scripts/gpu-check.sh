#!/usr/bin/env bash
# On a machine with an NVIDIA GPU, in one command: the CUDA build, the SmolLM2 oracle tests on the
# `cuda` device (f32 and native weights, token-exact against transformers), and `bench` on the
# GPU with host and device sampling, for f32 and native weights. Exits non-zero on the first
# failure. Without a GPU it stops after the build with exit status 2.
#
# usage: scripts/gpu-check.sh [extra bench arguments...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
"$ROOT/scripts/setup.sh"
export PATH="$ROOT/.venv/bin:$PATH"
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release"

echo "[gpu-check] building (the CUDA driver is part of every Linux build)"
cargo build --release -p engine -p bench
if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L; then
  echo "[gpu-check] built; no NVIDIA GPU visible, so nothing was run on one" >&2
  exit 2
fi

echo "[gpu-check] SmolLM2 oracle and tiny family tests on cuda"
LLM_TEST_DEVICE=cuda LOADER_REQUIRE_MODEL=1 \
  cargo test --release -p tests --test smollm2_oracle --test tiny_families

for weights in f32 native; do
  echo "[gpu-check] bench on cuda, $weights weights, host and device sampling"
  "$BIN/bench" --device cuda --weights "$weights" --sampling both "$@"
done
