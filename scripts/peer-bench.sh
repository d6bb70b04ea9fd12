#!/usr/bin/env bash
# Decode (one stream, and 8 streams batched) and prefill of this project and of llama.cpp
# (llama-cpp-python) on the same GGUF file with the same number of threads, measured in
# alternating rounds of one run, with the ratios, resident memory and bytes read per step (see
# scripts/peer_bench.py). llama.cpp's batched decode puts the 8 sequences' tokens in one
# llama_decode call per step; ours is `bench --batch 8`. llama-cpp-python goes into its own
# venv, .venv-peer, on first use (its build takes about 8 minutes on 2 cores), built with this
# CPU's features named and AMX off (scripts/peer-venv.sh); the output's `llama.cpp build` and
# `llama.cpp features` lines say which build ran. It is a comparison peer only, never part of
# setup.
#
# --shape NAME (scripts/shaped_gguf.py --list) benchmarks a real model's shapes with random
# weights: the GGUF is written once into .cache/models/ and reused.
#
# usage: scripts/peer-bench.sh [--model FILE.gguf | --shape NAME [--mix MIX] [--layers N]
#                              [--vocab real|N]] [--weights native|f32] [--kv f16|f32]
#                              [--threads N] [--rounds N] [--context N] [--steps N]
#                              [--prefill-tokens N] [--batch N] [--capacity N]
#                              [--activations f32|q8 ...] [--verbose]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

"$ROOT/scripts/setup.sh" >&2
PEER_PYTHON="$("$ROOT/scripts/peer-venv.sh")"
(cd "$ROOT" && PATH="$ROOT/.venv/bin:$PATH" cargo build -q --release -p bench)
exec "$PEER_PYTHON" "$ROOT/scripts/peer_bench.py" --bench "$ROOT/target/release/bench" "$@"
