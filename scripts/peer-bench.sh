#!/usr/bin/env bash
# One-stream decode and prefill of this project and of llama.cpp (llama-cpp-python) on the same
# GGUF file with the same number of threads, measured in alternating rounds of one run, with the
# ratios. llama-cpp-python goes into its own venv, .venv-peer, on first use (its build takes about
# 8 minutes on 2 cores); it is a comparison peer only, never part of setup.
#
# usage: scripts/peer-bench.sh [--model FILE.gguf] [--weights native|f32] [--threads N]
#                              [--rounds N] [--context N] [--steps N] [--prefill-tokens N]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEER_VENV="$ROOT/.venv-peer"
PEER_PKG="llama-cpp-python==0.3.36"

"$ROOT/scripts/setup.sh" >&2
if ! "$PEER_VENV/bin/python" -c "import llama_cpp" 2>/dev/null; then
  echo "[peer] building $PEER_PKG into .venv-peer (about 8 minutes)" >&2
  python3 -m venv "$PEER_VENV"
  "$PEER_VENV/bin/pip" install -q --progress-bar off "$PEER_PKG" >&2
fi
(cd "$ROOT" && PATH="$ROOT/.venv/bin:$PATH" cargo build -q --release -p bench)
exec "$PEER_VENV/bin/python" "$ROOT/scripts/peer_bench.py" --bench "$ROOT/target/release/bench" "$@"
