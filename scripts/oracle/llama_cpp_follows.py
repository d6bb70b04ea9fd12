#!/usr/bin/env python3
"""Runs a tiny family's model.gguf through llama.cpp (llama-cpp-python, the peer venv) along
the oracle's prompt and greedy path: llama.cpp must pick the oracle's greedy tokens, which
checks that the file is laid out as llama.cpp's own converter would (names, metadata, value
transforms). Prints the worst logit difference from the oracle, for the record (llama.cpp's
CPU path rounds some products through lower precision).

Usage: .venv-peer/bin/python scripts/oracle/llama_cpp_follows.py FAMILY [FAMILY ...]
"""
import json
import sys
from pathlib import Path

import numpy as np
from llama_cpp import Llama

ROOT = Path(__file__).resolve().parents[2]


def follows(family: str) -> bool:
    folder = ROOT / "tests/fixtures/families" / family
    oracle = json.loads((folder / "oracle.json").read_text())
    model = Llama(model_path=str(folder / "model.gguf"), n_ctx=64, n_threads=2, verbose=False,
                  logits_all=True)
    ids = list(oracle["prompt_ids"])
    model.eval(ids)
    picked, worst = [], 0.0
    for _ in oracle["greedy_ids"]:
        logits = np.array(model.scores[model.n_tokens - 1])
        worst = max(worst, float(np.abs(logits - np.array(oracle["logits"][len(ids) - 1])).max()))
        token = int(np.argmax(logits))
        picked.append(token)
        model.eval([token])
        ids.append(token)
    same = picked == oracle["greedy_ids"]
    print(f"{family}: llama.cpp's greedy path {'is' if same else 'is NOT'} the oracle's; "
          f"worst logit difference {worst:.2e}")
    return same


if __name__ == "__main__":
    sys.exit(0 if all([follows(f) for f in sys.argv[1:]]) else 1)
