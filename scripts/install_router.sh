#!/usr/bin/env bash
# Installs vllm-router (PyPI) into its own venv, .venv-router, once; prints
# the path of its executable. Used by scripts/cluster.sh and the router test.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUTER_VENV="$ROOT/.venv-router"
ROUTER_PKG="vllm-router==0.1.17"

if [ ! -x "$ROUTER_VENV/bin/vllm-router" ]; then
  echo "[router] installing $ROUTER_PKG into .venv-router" >&2
  python3 -m venv "$ROUTER_VENV"
  "$ROUTER_VENV/bin/pip" install -q --progress-bar off "$ROUTER_PKG" >&2
fi
echo "$ROUTER_VENV/bin/vllm-router"
