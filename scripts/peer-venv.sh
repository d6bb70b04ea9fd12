#!/usr/bin/env bash
# Ensures .venv-peer holds llama-cpp-python (the comparison peer, never part of setup; its build
# takes about 8 minutes on 2 cores) and prints the venv's python.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEER_VENV="$ROOT/.venv-peer"
PEER_PKG="llama-cpp-python==0.3.36"

if ! "$PEER_VENV/bin/python" -c "import llama_cpp" 2>/dev/null; then
  echo "[peer] building $PEER_PKG into .venv-peer (about 8 minutes)" >&2
  python3 -m venv "$PEER_VENV"
  "$PEER_VENV/bin/pip" install -q --progress-bar off "$PEER_PKG" >&2
fi
echo "$PEER_VENV/bin/python"
