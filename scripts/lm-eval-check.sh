#!/usr/bin/env bash
# lm-eval-harness's own `local-completions` client against `serve` on SmolLM2, on a small local
# multiple-choice task (scripts/lm_eval/), and its loglikelihoods and accuracy held against
# `quality`'s teacher-forced log-softmax of the same tokens. Not part of setup or CI:
# lm-eval (PyPI `lm-eval[api]`, no torch) is installed into a venv of its own, .venv-lmeval.
# Usage: scripts/lm-eval-check.sh [--keep DIR]   (DIR keeps lm-eval's samples and the rows)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv-lmeval"
LM_EVAL="lm-eval[api]==0.4.13"
export PATH="$ROOT/.venv/bin:$PATH"

if [[ ! -x "$VENV/bin/lm_eval" ]]; then
  echo "[lm-eval] installing $LM_EVAL into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "$LM_EVAL"
fi

cargo build --release -p serve -p bench --bin serve --bin quality >&2

WORK="$(mktemp -d)"
if [[ "${1:-}" == "--keep" ]]; then
  WORK="$2"
  mkdir -p "$WORK"
fi
SERVER_LOG="$WORK/serve.log"
"$ROOT/target/release/serve" --served-model-name smollm2 --port 0 >"$SERVER_LOG" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT

# Not exec: the trap must stop the server when the check ends.
"$ROOT/.venv/bin/python" "$ROOT/scripts/lm_eval_check.py" \
  --venv "$VENV" --work "$WORK" --server-log "$SERVER_LOG" \
  --quality "$ROOT/target/release/quality" --task-dir "$ROOT/scripts/lm_eval"
