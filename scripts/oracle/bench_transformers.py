#!/usr/bin/env python3
"""Decode speed of HF transformers (f32, CPU) on a GGUF model, for comparison with `bench`:
B sequences with `--context` tokens already in the KV cache, then `--steps` one-token steps
(greedy), timed one by one. Prints median and fastest step time and tokens per second per B.

Dev-only (needs scripts/oracle/requirements.txt), not run in CI.

Usage: python scripts/oracle/bench_transformers.py --model FILE.gguf [--batch 1 8] [--context 128] [--steps 16]
"""
import argparse
import statistics
import time
from pathlib import Path

import torch
from transformers import AutoModelForCausalLM


def decode_steps(model, batch, context, steps):
    torch.manual_seed(0)
    ids = torch.randint(1000, 20000, (batch, context))
    with torch.no_grad():
        out = model(ids, use_cache=True)
        cache = out.past_key_values
        token = out.logits[:, -1].argmax(-1, keepdim=True)
        times = []
        for _ in range(steps):
            started = time.perf_counter()
            out = model(token, past_key_values=cache, use_cache=True)
            token = out.logits[:, -1].argmax(-1, keepdim=True)
            times.append(time.perf_counter() - started)
            cache = out.past_key_values
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, required=True)
    ap.add_argument("--batch", type=int, nargs="+", default=[1, 8])
    ap.add_argument("--context", type=int, default=128)
    ap.add_argument("--steps", type=int, default=16)
    args = ap.parse_args()
    path = args.model.resolve()
    model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name, dtype=torch.float32).eval()
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, attention {model.config._attn_implementation}")
    for b in args.batch:
        decode_steps(model, b, args.context, 2)  # warm-up
        times = decode_steps(model, b, args.context, args.steps)
        med, best = statistics.median(times) * 1e3, min(times) * 1e3
        print(f"B={b}: step {med:.2f} ms median, {best:.2f} ms min, {b * 1e3 / med:.1f} tok/s")


if __name__ == "__main__":
    main()
