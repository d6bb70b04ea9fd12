#!/usr/bin/env python3
"""Tiny random checkpoints of the model families the graphs implement, and transformers' run of
each.

For every family below, writes tests/fixtures/families/<name>/:
  config.json, model.safetensors   saved by transformers itself (save_pretrained), f32, seeded
  tokenizer.json, tokenizer_config.json
                                   a byte-level tokenizer whose 256 tokens are the 256 bytes (no
                                   merges, no special tokens), saved by transformers
  oracle.json                      prompt ids; greedy continuation ids (argmax of transformers'
                                   logits, no EOS); the logits at every position of prompt +
                                   continuation (one forward pass, eager attention, f32); the
                                   smallest top-2 logit gap along the greedy path; how far the
                                   family's distinctive feature moves the logits (the same
                                   weights run with the feature switched off), so a test that
                                   ignored the feature would fail.

transformers initialises weights with std 0.02, which leaves logits nearly flat and greedy
choices decided by noise; weights are redrawn at 1/sqrt(fan-in) (norm weights near 1, biases
~0.1, the final norm near 4) so logits are O(1-10) and the greedy path has clear margins.

Not run in CI; needs scripts/oracle/requirements.txt.
Usage: python scripts/oracle/make_tiny_families.py
"""
import copy
import json
import math
import platform
from pathlib import Path

import torch
import transformers
from tokenizers import Tokenizer, decoders, models, pre_tokenizers
from transformers import (
    AutoModelForCausalLM,
    PreTrainedTokenizerFast,
    LlamaConfig,
    MistralConfig,
    Qwen2Config,
    Qwen3Config,
)
from transformers.convert_slow_tokenizer import bytes_to_unicode

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests/fixtures/families"
SEED = 1234
PROMPT_LEN = 12
NEW_TOKENS = 20

COMMON = dict(
    vocab_size=256,
    hidden_size=64,
    intermediate_size=96,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=128,
    # The byte tokenizer has no special tokens, and greedy runs end by length.
    bos_token_id=None,
    eos_token_id=None,
)


def families():
    """(name, config, feature, the feature switched off: a config, or a change to the weights)."""
    qwen2 = Qwen2Config(**COMMON, rms_norm_eps=1e-6, tie_word_embeddings=False,
                        rope_parameters={"rope_type": "default", "rope_theta": 1000000.0})
    qwen25 = Qwen2Config(**COMMON, rms_norm_eps=1e-6, tie_word_embeddings=True,
                         rope_parameters={"rope_type": "default", "rope_theta": 1000000.0})
    qwen3 = Qwen3Config(**COMMON, head_dim=32, rms_norm_eps=1e-6, tie_word_embeddings=True,
                        attention_bias=False,
                        rope_parameters={"rope_type": "default", "rope_theta": 1000000.0})
    llama3_rope = {
        "rope_type": "llama3",
        "rope_theta": 500000.0,
        "factor": 8.0,
        "low_freq_factor": 1.0,
        "high_freq_factor": 4.0,
        "original_max_position_embeddings": 32,
    }
    llama3 = LlamaConfig(**{**COMMON, "num_key_value_heads": 1}, rms_norm_eps=1e-5,
                         tie_word_embeddings=True, rope_parameters=llama3_rope)
    llama3_plain = LlamaConfig(**{**COMMON, "num_key_value_heads": 1}, rms_norm_eps=1e-5,
                               tie_word_embeddings=True,
                               rope_parameters={"rope_type": "default", "rope_theta": 500000.0})
    mistral = MistralConfig(**COMMON, rms_norm_eps=1e-5, tie_word_embeddings=False, sliding_window=8,
                            rope_parameters={"rope_type": "default", "rope_theta": 10000.0})
    mistral_full = copy.deepcopy(mistral)
    mistral_full.sliding_window = None
    return [
        ("qwen2", qwen2, "q/k/v bias", zero_biases),
        ("qwen2.5", qwen25, "tied embeddings, q/k/v bias", zero_biases),
        ("qwen3", qwen3, "q/k norm (head_dim 32 != hidden/heads)", None),
        ("llama3", llama3, "llama3 RoPE scaling (GQA 4:1)", llama3_plain),
        ("mistral", mistral, "sliding window 8", mistral_full),
    ]


def byte_tokenizer():
    """Byte-level BPE over exactly the 256 byte symbols: one token per byte."""
    alphabet = pre_tokenizers.ByteLevel.alphabet()
    byte_of = {symbol: byte for byte, symbol in bytes_to_unicode().items()}
    vocab = {symbol: byte_of[symbol] for symbol in alphabet}
    backend = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    backend.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    backend.decoder = decoders.ByteLevel()
    return PreTrainedTokenizerFast(tokenizer_object=backend)


def zero_biases(state):
    return {k: torch.zeros_like(v) if k.endswith("bias") else v for k, v in state.items()}


def redraw(model, gen):
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.ndim == 2:
                p.copy_(torch.randn(p.shape, generator=gen) / math.sqrt(p.shape[1]))
            elif name.endswith("bias"):
                p.copy_(0.1 * torch.randn(p.shape, generator=gen))
            else:
                p.copy_(1.0 + 0.1 * torch.randn(p.shape, generator=gen))
    # The embedding is read as rows: unit-scale entries, as trained models roughly have.
    with torch.no_grad():
        emb = model.get_input_embeddings().weight
        emb.mul_(math.sqrt(emb.shape[1]))
        if model.config.tie_word_embeddings:
            emb.div_(math.sqrt(emb.shape[1]))
        # Sharper logits, so greedy choices have margins well above float error.
        model.model.norm.weight.mul_(4.0)


def build(config, gen_seed):
    torch.manual_seed(gen_seed)
    config._attn_implementation = "eager"
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32, attn_implementation="eager")
    redraw(model, torch.Generator().manual_seed(gen_seed))
    model.eval()
    return model


@torch.no_grad()
def run(model, prompt):
    ids = list(prompt)
    gaps = []
    for _ in range(NEW_TOKENS):
        logits = model(torch.tensor([ids])).logits[0, -1]
        top = torch.topk(logits, 2)
        gaps.append(float(top.values[0] - top.values[1]))
        ids.append(int(top.indices[0]))
    logits = model(torch.tensor([ids])).logits[0]
    return ids, logits, min(gaps)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for n, (name, config, feature, without) in enumerate(families()):
        seed = SEED + n
        model = build(config, seed)
        prompt = torch.randint(3, config.vocab_size, (PROMPT_LEN,),
                               generator=torch.Generator().manual_seed(seed)).tolist()
        ids, logits, gap = run(model, prompt)
        moved = None
        if without is not None:
            state = model.state_dict()
            if callable(without):
                other, state = build(config, seed), without(state)
            else:
                other = build(without, seed)
            other.load_state_dict(state)
            with torch.no_grad():
                moved = float((other(torch.tensor([ids])).logits[0] - logits).abs().max())
        out = OUT / name
        model.save_pretrained(out, safe_serialization=True)
        tokenizer = byte_tokenizer()
        tokenizer.save_pretrained(out)
        oracle = {
            "source": (
                f"transformers {transformers.__version__}, torch {torch.__version__}, "
                f"python {platform.python_version()}; f32, eager attention, seed {seed}"
            ),
            "family": name,
            "feature": feature,
            "feature_moves_logits_by": moved,
            "prompt_ids": prompt,
            "greedy_ids": ids[PROMPT_LEN:],
            "smallest_greedy_gap": gap,
            "greedy_text": tokenizer.decode(ids[PROMPT_LEN:]),
            "logits": [[float(f"{x:.7g}") for x in row] for row in logits.tolist()],
        }
        (out / "oracle.json").write_text(json.dumps(oracle) + "\n")
        size = sum(f.stat().st_size for f in out.iterdir())
        print(f"{name}: {size / 1024:.0f} KiB, smallest greedy gap {gap:.3f}, "
              f"{feature} moves logits by {moved}")


if __name__ == "__main__":
    main()
