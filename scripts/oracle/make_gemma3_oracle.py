#!/usr/bin/env python3
"""Records the Gemma 3 270M oracle: HF transformers running the Q4_K_M GGUF (dequantized to f32)
on raw prompts, no chat template.

Writes tests/fixtures/gemma3/oracle.json: per prompt, the ids transformers' tokenizer gives (with
the GGUF's BOS), the greedy continuation, and teacher-forced logits over prompt + continuation
from position `teacher_from` on (per position: top-16 ids and logits and the logsumexp of the
full row). The last prompt is longer than the 512-token sliding window, so the local layers'
window decides its logits; its teacher-forced positions are the last few only.

Not run in CI; needs scripts/oracle/requirements.txt and scripts/fetch_gemma3.sh.

Usage: python scripts/oracle/make_gemma3_oracle.py [--model FILE.gguf] [--out FILE]
"""
import argparse
import json
import platform
from pathlib import Path

import torch
import transformers
from transformers import AutoModelForCausalLM, AutoTokenizer

from make_oracle import f32_list, sha256

ROOT = Path(__file__).resolve().parents[2]
TOP_K = 16


def long_prompt():
    lines = [f"Entry {i}: the box labelled {chr(65 + i % 26)}{i * 7 % 100} holds {i * 13 % 50} red and {i * 29 % 40} blue marbles." for i in range(1, 40)]
    return "Inventory list.\n" + "\n".join(lines) + "\nSummary: the box labelled"


# (prompt, new tokens, teacher-forced positions counted back from the end; None = all)
PROMPTS = [
    ("The capital of France is", 16, None),
    ("def fibonacci(n):\n", 16, None),
    ("Once upon a time, in a small village by the sea,", 16, None),
    (long_prompt(), 8, 12),
]


def run(model, tok, prompt, new_tokens, last):
    ids = tok(prompt).input_ids
    with torch.no_grad():
        out = model.generate(
            torch.tensor([ids]), max_new_tokens=new_tokens, do_sample=False, top_p=None, top_k=None, temperature=None
        )
    greedy = out[0][len(ids) :].tolist()
    tokens = ids + greedy
    start = 0 if last is None else len(tokens) - last
    with torch.no_grad():
        logits = model(torch.tensor([tokens])).logits[0].to(torch.float32)
    top = torch.topk(logits, TOP_K, dim=-1)
    lse = torch.logsumexp(logits, dim=-1)
    teacher = [
        {"top_ids": top.indices[i].tolist(), "top_logits": f32_list(top.values[i]), "logsumexp": f32_list(lse[i : i + 1])[0]}
        for i in range(start, len(tokens))
    ]
    return {
        "prompt": prompt,
        "prompt_ids": ids,
        "greedy_ids": greedy,
        "greedy_text": tok.decode(greedy, skip_special_tokens=False),
        "teacher_from": start,
        "teacher_forced": teacher,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, default=ROOT / ".cache/models/gemma-3-270m-q4_k_m.gguf")
    ap.add_argument("--out", type=Path, default=ROOT / "tests/fixtures/gemma3/oracle.json")
    args = ap.parse_args()
    path = args.model.resolve()
    torch.manual_seed(0)
    kw = dict(gguf_file=path.name)
    tok = AutoTokenizer.from_pretrained(path.parent, **kw)
    model = AutoModelForCausalLM.from_pretrained(path.parent, dtype=torch.float32, **kw).eval()
    source = {
        "model_file": path.name,
        "model_sha256": sha256(path),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "python": platform.python_version(),
        "dtype": "float32",
        "attention": model.config._attn_implementation,
        "top_k": TOP_K,
        "eos_token_id": model.generation_config.eos_token_id,
    }
    results = []
    for prompt, new_tokens, last in PROMPTS:
        r = run(model, tok, prompt, new_tokens, last)
        print(f"{len(r['prompt_ids'])} prompt tokens -> {r['greedy_text']!r}")
        results.append(r)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"source": source, "prompts": results}) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
