#!/usr/bin/env bash
# Installs guidellm (PyPI) into its own venv, .venv-bench, once; prints the
# path of its executable. Only `make serve-bench` uses it: it pulls torch and
# transformers, so it is never part of setup or CI. `gguf` lets transformers
# read the model's tokenizer out of the GGUF file (guidellm sizes its
# synthetic prompts with it).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_VENV="$ROOT/.venv-bench"
PACKAGES=(guidellm==0.8.1 transformers==5.23.0 gguf==0.19.0)
STAMP="$BENCH_VENV/.installed"

if [ ! -x "$BENCH_VENV/bin/guidellm" ] || [ "$(cat "$STAMP" 2>/dev/null)" != "${PACKAGES[*]}" ]; then
  echo "[serve-bench] installing ${PACKAGES[*]} into .venv-bench (torch included: a large download)" >&2
  python3 -m venv "$BENCH_VENV"
  "$BENCH_VENV/bin/pip" install -q --progress-bar off "${PACKAGES[@]}" >&2
  echo "${PACKAGES[*]}" > "$STAMP"
fi
echo "$BENCH_VENV/bin/guidellm"
