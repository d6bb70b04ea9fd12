#!/usr/bin/env bash
# llama.cpp's logits for the oracle prompts (scripts/peer_logits.py), in the peer's own venv,
# for `quality --peer-logits FILE`.
#
# usage: scripts/peer-logits.sh --model FILE.gguf --out FILE
#                               [--prompts tests/fixtures/oracle/generation.json] [--threads N]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEER_PYTHON="$("$ROOT/scripts/peer-venv.sh")"
case " $* " in
  *" --prompts "*) exec "$PEER_PYTHON" "$ROOT/scripts/peer_logits.py" "$@" ;;
  *) exec "$PEER_PYTHON" "$ROOT/scripts/peer_logits.py" \
       --prompts "$ROOT/tests/fixtures/oracle/generation.json" "$@" ;;
esac
