#!/usr/bin/env python3
"""Writes a GGUF with a real model's shapes and random weights in a llama.cpp quantization mix.

Speed does not depend on weight values, so a file with the right shapes and types stands in for
the real model in benchmarks, and a few-layer version of it is a test model. Block bytes are
drawn at random with numpy and the f16 scale fields are overwritten with small positive values,
so every weight is finite (about `--weight-std` in size) and an 8B file takes seconds to make,
not a quantization run.

Shapes are the models' HF config.json values (hidden size, layers, heads, kv heads, head size,
FFN size, vocabulary, RoPE base, tied embeddings, q/k/v biases, RMS epsilon, context length).
Types per tensor follow llama.cpp's quantizer (llama_tensor_get_type without an importance
matrix): Q4_K_M and Q5_K_M give attn_v and ffn_down Q6_K in the first and last eighth of the
layers and in every third layer between (`use_more_bits`); Q3_K_M gives attn_v Q5_K in the
first two layers and Q4_K after, ffn_down Q5_K in the first sixteenth and Q4_K after,
attn_output Q4_K; Q2_K gives ffn_down and attn_output Q3_K, attn_v Q4_K (Q3_K below 4 query
heads per kv head); IQ4_XS gives ffn_down Q5_K in the first eighth and attn_v Q5_K (at 4 or
more query heads per kv head); the LM head (or the embedding when tied) is Q6_K, or Q8_0 in a
Q8_0 file; a K-quant tensor whose rows are not a multiple of 256 falls back as llama.cpp's
does (Q4_K to Q5_0, Q5_K to Q5_1, Q6_K to Q8_0, Q2_K, Q3_K and IQ4_XS to IQ4_NL). llama.cpp's Q4_0
files use Q4_1 for the first eighth of ffn_down only when quantized with an importance matrix;
this script writes the plain mix (Q4_0 everywhere, Q6_K head). Norms and biases are F32.

The tokenizer is byte-level BPE (`tokenizer.ggml.model = gpt2`) synthesized for the vocabulary
size: the 256 byte tokens, merged tokens with their merges, and the family's special tokens at
the end. The real models' tokenizers (tiktoken-style BPE with their own pre-tokenizers, or
SentencePiece for Mistral) are not reproduced: only the vocabulary size, which sets the cost
of the embedding and the LM head, is theirs.

Llama 3.x files from llama.cpp carry `rope_freqs.weight` (llama3 RoPE scaling as per-frequency
divisors); `--rope-freqs` writes it (this project's loader does not place that tensor yet), by
default the file has unscaled RoPE, which costs the same.

usage: shaped_gguf.py --shape llama-3.2-1b --mix q4_k_m [--layers N] [--vocab real|N] --out FILE
       shaped_gguf.py --list
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

try:
    import gguf
    from gguf import GGMLQuantizationType as T
except ImportError:  # pragma: no cover
    sys.exit("the gguf package is missing: run scripts/setup.sh and use .venv/bin/python")


@dataclass(frozen=True)
class Gemma4:
    """Gemma 4's extras: its global layers' head size and kv heads (their values are their
    keys when `value_is_key`), the per-layer input width (0: none), how many last layers read
    earlier layers' caches, and the sliding window (five sliding layers to one global, the
    last layer global)."""
    global_head_dim: int
    global_kv_heads: int
    value_is_key: bool
    per_layer: int
    kv_shared: int
    window: int
    softcap: float = 30.0
    sliding_theta: float = 10000.0

    def sliding(self, layers: int) -> list[bool]:
        return [(i + 1) % 6 != 0 and i != layers - 1 for i in range(layers)]

    def shared(self, layers: int, of: int) -> int:
        """Layers on shared caches in a file of `layers` of the model's `of`: about the same
        share, the layers with caches of their own a whole number of six-layer periods (so
        the last of them is global and the one before it sliding, which llama.cpp's cache
        reuse assumes; the real E4B's 24 of 42 are)."""
        if not self.kv_shared:
            return 0
        own = max(6, layers * (of - self.kv_shared) // of // 6 * 6)
        return max(0, layers - own)


@dataclass(frozen=True)
class Qwen35:
    """Qwen 3.5's Gated DeltaNet layers (all but each `interval`-th): key and value heads and
    their sizes, the convolution's taps; and the RoPE of its gated full-attention layers, over
    `rotary` values of each head, with the multimodal sections llama.cpp requires."""
    key_heads: int
    value_heads: int
    key_dim: int
    value_dim: int
    conv: int = 4
    interval: int = 4
    rotary: int = 64
    sections: tuple = (11, 11, 10, 0)

    def linear(self, layer: int) -> bool:
        return (layer + 1) % self.interval != 0


@dataclass(frozen=True)
class Shape:
    hf_id: str
    arch: str  # GGUF architecture: llama or qwen2
    hidden: int
    layers: int
    heads: int
    kv_heads: int
    head_dim: int
    ffn: int
    vocab: int
    rope_theta: float
    tied: bool
    qkv_bias: bool
    rms_eps: float
    context: int
    tokenizer: str  # the real model's tokenizer, for the record
    # The family's special tokens (BOS, EOS first), placed at the end of the vocabulary.
    specials: tuple = ()
    add_bos: bool = True
    bos: str = ""
    eos: str = ""
    # llama3 RoPE scaling (factor, low_freq_factor, high_freq_factor, original context).
    llama3_rope: tuple | None = None
    sliding_window: int | None = None
    # Mixture of experts: (experts, experts per token, expert width, shared expert width or 0).
    experts: tuple | None = None
    # q/k RMSNorm: "head" (per head, Qwen3) or "full" (over the whole projection, OLMoE).
    qk_norm: str | None = None
    # gpt-oss: attention sinks, biases on o and on the router and experts, the norm before the
    # MLP named post_attention_norm, even layers sliding, YaRN (factor, original context).
    gpt_oss_yarn: tuple | None = None
    gemma4: Gemma4 | None = None
    qwen35: Qwen35 | None = None

    @property
    def params(self) -> int:
        """Parameters in the file; `active` counts those one token reads."""
        return self._count(self.experts[0] if self.experts else 1)

    @property
    def active(self) -> int:
        return self._count(self.experts[1] if self.experts else 1)

    def _count(self, experts: int) -> int:
        att = self.hidden * self.head_dim * (2 * self.heads + 2 * self.kv_heads)
        if self.qwen35:
            q = self.qwen35
            keys, values = q.key_heads * q.key_dim, q.value_heads * q.value_dim
            linear = self.hidden * (2 * keys + 3 * values + 2 * q.value_heads)
            full = self.hidden * self.head_dim * (3 * self.heads + 2 * self.kv_heads)
            n_linear = sum(q.linear(i) for i in range(self.layers))
            att = (n_linear * linear + (self.layers - n_linear) * full) // self.layers
        dense = 3 * self.hidden * self.ffn
        if self.experts:
            n, _, width, shared = self.experts
            mlp = 3 * self.hidden * (width * experts + shared) + n * self.hidden
        else:
            mlp = dense
        emb = self.vocab * self.hidden * (1 if self.tied else 2)
        if self.gemma4:
            # Global layers' own heads (a key projection only where values are keys), the
            # dense MLP beside any experts, the per-layer input tables.
            g = self.gemma4
            n_global = self.layers - sum(g.sliding(self.layers))
            own = self.hidden * g.global_head_dim * (
                2 * self.heads + g.global_kv_heads * (1 if g.value_is_key else 2))
            att = ((self.layers - n_global) * att + n_global * own) // self.layers
            if self.experts:
                mlp += dense
            emb += self.layers * g.per_layer * (self.vocab + 3 * self.hidden)
        return self.layers * (att + mlp) + emb


LLAMA3_SPECIALS = ("<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>",
                   "<|end_header_id|>", "<|eot_id|>", "<|eom_id|>", "<|python_tag|>")
QWEN_SPECIALS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")


def llama3(hf_id, hidden, layers, heads, head_dim, ffn, tied, factor):
    return Shape(hf_id, "llama", hidden, layers, heads, 8, head_dim, ffn, 128256, 500000.0, tied,
                 False, 1e-5, 131072, "tiktoken-style BPE, 128000 merges + 256 special",
                 LLAMA3_SPECIALS, True, "<|begin_of_text|>", "<|end_of_text|>",
                 (factor, 1.0, 4.0, 8192))


def qwen25(hf_id, hidden, layers, heads, kv_heads, ffn, vocab, tied):
    return Shape(hf_id, "qwen2", hidden, layers, heads, kv_heads, hidden // heads,
                 ffn, vocab, 1000000.0, tied, True, 1e-6, 32768,
                 "byte-level BPE (qwen2 pre-tokenizer), 151643 tokens + specials",
                 QWEN_SPECIALS, False, "<|endoftext|>", "<|endoftext|>")


SHAPES: dict[str, Shape] = {
    "smollm2-135m": Shape("HuggingFaceTB/SmolLM2-135M", "llama", 576, 30, 9, 3, 64, 1536, 49152,
                          100000.0, True, False, 1e-5, 8192, "byte-level BPE (smollm pre-tokenizer)",
                          ("<|endoftext|>", "<|im_start|>", "<|im_end|>"), False,
                          "<|endoftext|>", "<|endoftext|>"),
    "llama-3.2-1b": llama3("meta-llama/Llama-3.2-1B", 2048, 16, 32, 64, 8192, True, 32.0),
    "llama-3.2-3b": llama3("meta-llama/Llama-3.2-3B", 3072, 28, 24, 128, 8192, True, 32.0),
    "llama-3.1-8b": llama3("meta-llama/Llama-3.1-8B", 4096, 32, 32, 128, 14336, False, 8.0),
    "qwen2.5-0.5b": qwen25("Qwen/Qwen2.5-0.5B", 896, 24, 14, 2, 4864, 151936, True),
    "qwen2.5-1.5b": qwen25("Qwen/Qwen2.5-1.5B", 1536, 28, 12, 2, 8960, 151936, True),
    "qwen2.5-7b": qwen25("Qwen/Qwen2.5-7B", 3584, 28, 28, 4, 18944, 152064, False),
    # llama.cpp converts Mistral 7B as architecture "llama" (v0.3: no sliding window).
    "mistral-7b": Shape("mistralai/Mistral-7B-v0.3", "llama", 4096, 32, 32, 8, 128, 14336, 32768,
                        1000000.0, False, False, 1e-5, 32768, "SentencePiece (llama), byte fallback",
                        ("<unk>", "<s>", "</s>"), True, "<s>", "</s>"),
    # Mixtures of experts. Qwen3-30B-A3B's dense ffn (6144) is unused: every layer routes.
    "qwen3-30b-a3b": Shape("Qwen/Qwen3-30B-A3B", "qwen3moe", 2048, 48, 32, 4, 128, 6144, 151936,
                           1000000.0, False, False, 1e-6, 40960,
                           "byte-level BPE (qwen2 pre-tokenizer), 151643 tokens + specials",
                           QWEN_SPECIALS, False, "<|endoftext|>", "<|endoftext|>",
                           experts=(128, 8, 768, 0), qk_norm="head"),
    "olmoe-1b-7b": Shape("allenai/OLMoE-1B-7B-0924", "olmoe", 2048, 16, 16, 16, 128, 1024, 50304,
                         10000.0, False, False, 1e-5, 4096, "byte-level BPE (GPT-NeoX)",
                         ("<|endoftext|>", "<|padding|>"), False, "", "<|endoftext|>",
                         experts=(64, 8, 1024, 0), qk_norm="full"),
    # llama.cpp converts Mixtral as architecture "llama" with expert_count.
    # The published GGUF (ggml-org): MXFP4 experts, Q8_0 elsewhere (`--mix mxfp4`).
    "gpt-oss-20b": Shape("openai/gpt-oss-20b", "gpt-oss", 2880, 24, 64, 8, 64, 2880, 201088,
                         150000.0, False, True, 1e-5, 131072, "o200k (tiktoken-style BPE)",
                         ("<|startoftext|>", "<|endoftext|>", "<|return|>", "<|start|>",
                          "<|end|>", "<|message|>", "<|channel|>", "<|constrain|>", "<|call|>"),
                         False, "<|startoftext|>", "<|return|>", sliding_window=128,
                         experts=(32, 4, 2880, 0), gpt_oss_yarn=(32.0, 4096)),
    # Gemma 4 (text). E4B: per-layer inputs of 256 per layer and the last 18 layers on
    # shared caches; 26B-A4B: the dense MLP beside 128 experts of width 704 (not a multiple of
    # 256, so their down projection falls back from the K-quants); global layers take their
    # values from their keys there. Sizes as the published configs give them to our knowledge
    # (E4B 42 x 2560, sliding 8 q / 2 kv heads of 256, global heads of 512).
    "gemma-4-e4b": Shape("google/gemma-4-E4B", "gemma4", 2560, 42, 8, 2, 256, 10240, 262144,
                         1000000.0, True, False, 1e-6, 131072, "Gemma 4 BPE, 262144 tokens",
                         ("<pad>", "<eos>", "<bos>"), True, "<bos>", "<eos>",
                         gemma4=Gemma4(512, 2, False, 256, 18, 512)),
    # Qwen 3.5 (text): three Gated DeltaNet layers to one gated full-attention layer, 256
    # experts of width 512 (8 per token) beside a shared expert of 512 in every layer. Sizes
    # from the published config of Qwen/Qwen3.5-35B-A3B.
    "qwen3.5-35b-a3b": Shape("Qwen/Qwen3.5-35B-A3B", "qwen35moe", 2048, 40, 16, 2, 256, 512,
                             248320, 10000000.0, False, False, 1e-6, 262144,
                             "byte-level BPE (qwen35 pre-tokenizer), 248044 tokens + specials",
                             QWEN_SPECIALS, False, "<|endoftext|>", "<|im_end|>",
                             experts=(256, 8, 512, 512), qk_norm="head",
                             qwen35=Qwen35(16, 32, 128, 128)),
    "gemma-4-26b-a4b": Shape("google/gemma-4-26B-A4B", "gemma4", 2816, 30, 16, 8, 256, 2112,
                             262144, 1000000.0, True, False, 1e-6, 262144,
                             "Gemma 4 BPE, 262144 tokens", ("<pad>", "<eos>", "<bos>"), True,
                             "<bos>", "<eos>", experts=(128, 8, 704, 0),
                             gemma4=Gemma4(512, 2, True, 0, 0, 1024)),
    # 31B: dense, 60 layers; sliding layers 16 kv heads of 256, global ones 4 of 512 whose
    # values are their keys; no per-layer inputs or shared caches (the published config's
    # sizes, which give its 30.7B parameters and 840 KiB of bf16 cache a token).
    "gemma-4-31b": Shape("google/gemma-4-31B", "gemma4", 5376, 60, 32, 16, 256, 21504, 262144,
                         1000000.0, True, False, 1e-6, 262144, "Gemma 4 BPE, 262144 tokens",
                         ("<pad>", "<eos>", "<bos>"), True, "<bos>", "<eos>",
                         gemma4=Gemma4(512, 4, True, 0, 0, 1024)),
    "mixtral-8x7b": Shape("mistralai/Mixtral-8x7B-v0.1", "llama", 4096, 32, 32, 8, 128, 14336,
                          32000, 1000000.0, False, False, 1e-5, 32768,
                          "SentencePiece (llama), byte fallback", ("<unk>", "<s>", "</s>"), True,
                          "<s>", "</s>", experts=(8, 2, 14336, 0)),
}

# llama.cpp file types (llama_ftype) and each mix's default tensor type.
MIXES = {
    "q4_k_m": (15, T.Q4_K),
    "q5_k_m": (17, T.Q5_K),
    "q8_0": (7, T.Q8_0),
    "q4_0": (2, T.Q4_0),
    "q3_k_m": (12, T.Q3_K),
    "q2_k": (10, T.Q2_K),
    "iq4_xs": (30, T.IQ4_XS),
    # gpt-oss as published: experts MXFP4, every other matrix Q8_0 (llama_ftype MXFP4_MOE).
    "mxfp4": (38, T.Q8_0),
}

# llama.cpp's fallback for rows that are not a multiple of a K-quant's 256 elements.
FALLBACK = {T.Q4_K: T.Q5_0, T.Q5_K: T.Q5_1, T.Q6_K: T.Q8_0,
            T.Q2_K: T.IQ4_NL, T.Q3_K: T.IQ4_NL, T.IQ4_XS: T.IQ4_NL}


def use_more_bits(i_layer: int, n_layers: int) -> bool:
    """llama.cpp's choice of layers that get more bits in the _M mixes."""
    return (i_layer < n_layers // 8 or i_layer >= 7 * n_layers // 8
            or (i_layer - n_layers // 8) % 3 == 2)


def tensor_type(mix: str, role: str, layer: int, n_layers: int, cols: int,
                n_expert: int = 0, gqa: int = 1) -> T:
    """The type llama.cpp's quantizer gives `role` (output, token_embd, attn_v, ffn_down,
    ffn_down_exps, ...) in a file of `mix`, for a tensor whose rows hold `cols` elements, in a
    model of `n_expert` experts and `gqa` query heads per kv head. Its 8-expert rule (Mixtral)
    puts attn_k and attn_v in Q8_0 and, in the K-quant and IQ4_XS mixes, attn_output in Q5_K;
    every ffn_down* role takes ffn_down's rule; attn_v's layer is its layer (one per layer).
    Not modelled: the 70B rule (attn_v Q3_K/Q4_K to Q5_K when llama.cpp types the model 70B)."""
    default = MIXES[mix][1]
    new = default
    k_m = mix in ("q4_k_m", "q5_k_m")
    if mix == "mxfp4":
        return T.MXFP4 if role.endswith("_exps") else T.Q8_0
    if role in ("output", "token_embd_tied"):
        new = T.Q8_0 if default == T.Q8_0 or cols % 256 else T.Q6_K
    elif role in ("attn_k", "attn_v") and n_expert == 8:
        new = T.Q8_0
    elif role == "attn_output":
        if n_expert == 8 and mix in ("q4_k_m", "q3_k_m", "q2_k", "iq4_xs"):
            new = T.Q5_K
        elif n_expert != 8:
            new = {"q2_k": T.Q3_K, "q3_k_m": T.Q4_K}.get(mix, new)
    elif role == "attn_v":
        if mix == "q2_k":
            new = T.Q4_K if gqa >= 4 else T.Q3_K
        elif mix == "q3_k_m":
            new = T.Q5_K if layer < 2 else T.Q4_K
        elif mix == "iq4_xs" and gqa >= 4:
            new = T.Q5_K
        elif k_m and use_more_bits(layer, n_layers):
            new = T.Q6_K
    elif role == "attn_qkv":
        # Fused q/k/v projections (Qwen 3.5's DeltaNet layers) go a step up in the _M mixes.
        new = {"q3_k_m": T.Q4_K, "q4_k_m": T.Q5_K, "q5_k_m": T.Q6_K}.get(mix, new)
    elif role.startswith("ffn_down"):
        if mix == "q2_k":
            new = T.Q3_K
        elif mix == "q3_k_m":
            new = T.Q5_K if layer < n_layers // 16 else T.Q4_K
        elif mix == "iq4_xs" and layer < n_layers // 8:
            new = T.Q5_K
        elif k_m and use_more_bits(layer, n_layers):
            new = T.Q6_K
    block = gguf.GGML_QUANT_SIZES[new][0]
    if cols % block:
        new = FALLBACK[new]
    return new


# Per block: byte size, and how to make it (see `random_blocks`).
def _std_per_d(ty: T) -> float:
    """Standard deviation of the weights of a block with scale d = 1 (random codes)."""
    return {T.Q8_0: 74.0, T.Q4_0: 4.6, T.Q4_1: 4.6, T.Q5_0: 9.2, T.Q5_1: 9.2,
            T.Q4_K: 240.0, T.Q5_K: 490.0, T.Q6_K: 344.0, T.Q2_K: 12.0, T.Q3_K: 43.0,
            T.IQ4_NL: 67.0, T.IQ4_XS: 1246.0, T.MXFP4: 5.85}[ty]


def random_blocks(rng: np.random.Generator, ty: T, n_elements: int, std: float) -> np.ndarray:
    """Random blocks of `ty` for `n_elements` weights, every value finite and about `std` in
    size: codes at random, f16 scales d in std/k * [0.8, 1.25] for the type's k (mins set so
    that blocks are roughly centred)."""
    block, size = gguf.GGML_QUANT_SIZES[ty]
    n_blocks = n_elements // block
    raw = np.frombuffer(rng.bytes(n_blocks * size), dtype=np.uint8).reshape(n_blocks, size).copy()
    d = (std / _std_per_d(ty)) * rng.uniform(0.8, 1.25, n_blocks)
    d16 = d.astype(np.float16)

    def put(offset: int, values: np.ndarray) -> None:
        raw[:, offset:offset + 2] = values.astype(np.float16).view(np.uint8).reshape(n_blocks, 2)

    if ty in (T.Q8_0, T.Q4_0, T.Q5_0, T.IQ4_NL, T.IQ4_XS):
        put(0, d16)
    elif ty == T.Q2_K:
        put(80, d16)
        put(82, 1.5 * d16.astype(np.float32))
    elif ty == T.Q3_K:
        put(108, d16)
    elif ty == T.Q4_1:
        put(0, d16)
        put(2, -7.5 * d16.astype(np.float32))
    elif ty == T.Q5_1:
        put(0, d16)
        put(2, -15.5 * d16.astype(np.float32))
    elif ty == T.Q4_K:
        put(0, d16)
        put(2, 7.5 * d16.astype(np.float32))
    elif ty == T.Q5_K:
        put(0, d16)
        put(2, 15.5 * d16.astype(np.float32))
    elif ty == T.Q6_K:
        # Sub-block scales (int8) kept within +-32 so that d stays a normal f16.
        raw[:, 192:208] = (rng.integers(-32, 33, (n_blocks, 16), dtype=np.int8)).view(np.uint8)
        put(208, d16)
    elif ty == T.MXFP4:
        # The scale is a power of two: E8M0 byte e gives d = 2^(e - 128) (ggml's half).
        raw[:, 0] = np.clip(np.round(np.log2(d)) + 128, 1, 254).astype(np.uint8)
    else:
        raise ValueError(f"no random blocks for {ty.name}")
    return raw


# ---------------------------------------------------------------------------------------------
# Tokenizer


def byte_chars() -> list[str]:
    """GPT-2's byte-level alphabet: the character standing for each byte 0..255."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAC + 1)) + list(range(0xAE, 0x100))
    chars = {b: chr(b) for b in keep}
    extra = 0
    for b in range(256):
        if b not in chars:
            chars[b] = chr(256 + extra)
            extra += 1
    return [chars[b] for b in range(256)]


def synthetic_vocab(size: int, specials: tuple) -> tuple[list[str], list[int], list[str]]:
    """Tokens, token types and merges of a valid byte-level BPE vocabulary of `size` tokens:
    the 256 byte tokens, then merged tokens (pairs of frequent characters, then longer tokens
    made by appending one character), then `specials` (control tokens) at the end."""
    specials = tuple(specials)[: max(0, size - 256)]
    n_merged = size - 256 - len(specials)
    if n_merged < 0:
        raise ValueError(f"a byte-level vocabulary needs at least {256 + len(specials)} tokens")
    alphabet = byte_chars()
    # Characters in a rough frequency order: space, lower case, upper case, digits, the rest.
    order = ([alphabet[ord(" ")]] + [alphabet[b] for b in range(ord("a"), ord("z") + 1)]
             + [alphabet[b] for b in range(ord("A"), ord("Z") + 1)]
             + [alphabet[b] for b in range(ord("0"), ord("9") + 1)])
    order += [c for c in alphabet if c not in set(order)]
    tokens = list(alphabet)
    seen = set(tokens)
    merges: list[str] = []
    level = list(order)  # tokens of the previous length, in order
    while len(merges) < n_merged:
        following = []
        for left in level:
            for right in order:
                if len(merges) == n_merged:
                    break
                text = left + right
                if text in seen:
                    continue
                seen.add(text)
                tokens.append(text)
                following.append(text)
                merges.append(f"{left} {right}")
            if len(merges) == n_merged:
                break
        level = following
    types = [1] * len(tokens) + [3] * len(specials)
    tokens += list(specials)
    return tokens, types, merges


# ---------------------------------------------------------------------------------------------
# Writing


@dataclass
class Planned:
    name: str
    shape: tuple  # numpy order: (rows, cols) or (n,)
    ty: T
    make: object = field(repr=False, default=None)


def llama3_rope_factors(shape: Shape) -> np.ndarray:
    """llama.cpp's `rope_freqs.weight`: per frequency, the divisor llama3 scaling applies."""
    factor, low, high, old = shape.llama3_rope
    base = shape.rope_theta
    dim = shape.head_dim
    freqs = 1.0 / base ** (np.arange(0, dim, 2, dtype=np.float64) / dim)
    low_wavelen, high_wavelen = old / low, old / high
    out = []
    for f in freqs:
        wavelen = 2 * math.pi / f
        if wavelen < high_wavelen:
            out.append(1.0)
        elif wavelen > low_wavelen:
            out.append(factor)
        else:
            smooth = (old / wavelen - low) / (high - low)
            out.append(1.0 / ((1 - smooth) / factor + smooth))
    return np.array(out, dtype=np.float32)


def gemma4_plan(shape: Shape, mix: str, layers: int, vocab: int) -> list[Planned]:
    """Gemma 4's tensors as llama.cpp's converter names them: global layers with their own head
    size and kv heads (no attn_v where values are keys), four norms per layer, the layer
    output scale, per-layer inputs, proportional RoPE as rope_freqs divisors; the layers that
    read shared caches have no k/v projections; experts beside the dense MLP."""
    g = shape.gemma4
    h = shape.hidden
    sliding = g.sliding(layers)
    first_shared = layers - g.shared(layers, shape.layers)
    norm = lambda rng, n: (1.0 + rng.uniform(-0.1, 0.1, n)).astype(np.float32)  # noqa: E731
    out = [Planned("token_embd.weight", (vocab, h),
                   tensor_type(mix, "token_embd_tied", 0, layers, h))]
    rotated = g.global_head_dim // 8
    out.append(Planned("rope_freqs.weight", (g.global_head_dim // 2,), T.F32,
                       lambda rng: np.array([1.0] * rotated + [1e30] * (g.global_head_dim // 2
                                                                         - rotated), np.float32)))
    if g.per_layer:
        width = layers * g.per_layer
        # The published GGUFs keep the per-layer table in Q8_0.
        out.append(Planned("per_layer_token_embd.weight", (vocab, width), T.Q8_0))
        out.append(Planned("per_layer_model_proj.weight", (width, h),
                           tensor_type(mix, "per_layer_model_proj", 0, layers, h)))
        out.append(Planned("per_layer_proj_norm.weight", (g.per_layer,), T.F32,
                           lambda rng: norm(rng, g.per_layer)))
    for i in range(layers):
        b = f"blk.{i}."
        hd, kv = ((shape.head_dim, shape.kv_heads) if sliding[i]
                  else (g.global_head_dim, g.global_kv_heads))
        n_expert = shape.experts[0] if shape.experts else 0
        q = lambda role, rows, cols: Planned(  # noqa: E731
            f"{b}{role}.weight", (rows, cols),
            tensor_type(mix, role, i, layers, cols, n_expert, shape.heads // kv))
        vec = lambda name, n: Planned(f"{b}{name}.weight", (n,), T.F32,  # noqa: E731
                                      lambda rng: norm(rng, n))
        out.append(vec("attn_norm", h))
        out.append(q("attn_q", shape.heads * hd, h))
        out.append(vec("attn_q_norm", hd))
        if i < first_shared:
            out.append(q("attn_k", kv * hd, h))
            if sliding[i] or not g.value_is_key:
                out.append(q("attn_v", kv * hd, h))
            out.append(vec("attn_k_norm", hd))
        out.append(q("attn_output", h, shape.heads * hd))
        out.append(vec("post_attention_norm", h))
        out.append(vec("ffn_norm", h))
        out.append(q("ffn_gate", shape.ffn, h))
        out.append(q("ffn_up", shape.ffn, h))
        out.append(q("ffn_down", h, shape.ffn))
        if shape.experts:
            n, _, width, _ = shape.experts
            router = lambda rng: rng.normal(0.0, 1.0, (n, h)).astype(np.float32)  # noqa: E731
            out += [Planned(f"{b}ffn_gate_inp.weight", (n, h), T.F32, router),
                    Planned(f"{b}ffn_gate_inp.scale", (h,), T.F32, lambda rng: norm(rng, h)),
                    Planned(f"{b}ffn_gate_up_exps.weight", (n, 2 * width, h),
                            tensor_type(mix, "ffn_gate_up_exps", i, layers, h, n)),
                    Planned(f"{b}ffn_down_exps.weight", (n, h, width),
                            tensor_type(mix, "ffn_down_exps", i, layers, width, n)),
                    Planned(f"{b}ffn_down_exps.scale", (n,), T.F32, lambda rng: norm(rng, n)),
                    vec("pre_ffw_norm_2", h), vec("post_ffw_norm_1", h),
                    vec("post_ffw_norm_2", h)]
        out.append(vec("post_ffw_norm", h))
        if g.per_layer:
            out.append(q("inp_gate", g.per_layer, h))
            out.append(q("proj", h, g.per_layer))
            out.append(vec("post_norm", h))
        out.append(Planned(f"{b}layer_output_scale.weight", (1,), T.F32,
                           lambda rng: norm(rng, 1)))
    out.append(Planned("output_norm.weight", (h,), T.F32, lambda rng: norm(rng, h)))
    return out


def qwen35_plan(shape: Shape, mix: str, layers: int, vocab: int) -> list[Planned]:
    """Qwen 3.5's tensors as llama.cpp's converter names them: DeltaNet layers with the fused
    q/k/v projection (attn_qkv, which Q4_K_M and Q5_K_M raise a step), the output gate
    (attn_gate), the write strength and decay rows (ssm_beta, ssm_alpha), the convolution
    (ssm_conv1d, never quantized), the decay's log rate and bias (ssm_a, ssm_dt), the gated
    norm (ssm_norm) and the output (ssm_out); full-attention layers with queries and their gates
    in attn_q; experts and the shared expert in every layer."""
    q, h = shape.qwen35, shape.hidden
    n_expert = shape.experts[0]
    gqa = shape.heads // shape.kv_heads
    keys, values = q.key_heads * q.key_dim, q.value_heads * q.value_dim
    channels = 2 * keys + values
    norm = lambda rng, n: (1.0 + rng.uniform(-0.1, 0.1, n)).astype(np.float32)  # noqa: E731
    small = lambda rng, n: rng.normal(0.0, 0.1, n).astype(np.float32)  # noqa: E731
    # -exp(A_log) for decay rates of 0.02-0.3, as the converter stores them.
    rates = lambda rng, n: (-rng.uniform(0.02, 0.3, n)).astype(np.float32)  # noqa: E731
    conv = lambda rng: rng.normal(0.0, 0.5, (channels, q.conv)).astype(np.float32)  # noqa: E731
    out = [Planned("token_embd.weight", (vocab, h), tensor_type(mix, "token_embd", 0, layers, h))]
    for i in range(layers):
        b = f"blk.{i}."

        def t(role: str, rows: int, cols: int, i=i, b=b) -> Planned:
            return Planned(f"{b}{role}.weight", (rows, cols),
                           tensor_type(mix, role, i, layers, cols, n_expert, gqa))

        def f32(name: str, n: int, make, b=b) -> Planned:
            return Planned(b + name, (n,), T.F32, lambda rng, n=n: make(rng, n))

        out.append(f32("attn_norm.weight", h, norm))
        if q.linear(i):
            out += [t("attn_qkv", channels, h), t("attn_gate", values, h),
                    t("ssm_beta", q.value_heads, h), t("ssm_alpha", q.value_heads, h),
                    Planned(b + "ssm_conv1d.weight", (channels, q.conv), T.F32, conv),
                    f32("ssm_dt.bias", q.value_heads, small), f32("ssm_a", q.value_heads, rates),
                    f32("ssm_norm.weight", q.value_dim, norm), t("ssm_out", h, values)]
        else:
            qd, kvd = shape.heads * shape.head_dim, shape.kv_heads * shape.head_dim
            out += [t("attn_q", 2 * qd, h), t("attn_k", kvd, h), t("attn_v", kvd, h),
                    f32("attn_q_norm.weight", shape.head_dim, norm),
                    f32("attn_k_norm.weight", shape.head_dim, norm), t("attn_output", h, qd)]
        out.append(f32("post_attention_norm.weight", h, norm))
        out.extend(expert_tensors(shape, mix, b, i, layers))
    out.append(Planned("output_norm.weight", (h,), T.F32, lambda rng: norm(rng, h)))
    out.append(Planned("output.weight", (vocab, h), tensor_type(mix, "output", 0, layers, h)))
    return out


def plan(shape: Shape, mix: str, layers: int, vocab: int, rope_freqs: bool) -> list[Planned]:
    if shape.gemma4:
        return gemma4_plan(shape, mix, layers, vocab)
    if shape.qwen35:
        return qwen35_plan(shape, mix, layers, vocab)
    h, kvd, qd = shape.hidden, shape.kv_heads * shape.head_dim, shape.heads * shape.head_dim
    out = [Planned("token_embd.weight", (vocab, h),
                   tensor_type(mix, "token_embd_tied" if shape.tied else "token_embd", 0, layers, h))]
    if rope_freqs and shape.llama3_rope:
        out.append(Planned("rope_freqs.weight", (shape.head_dim // 2,), T.F32,
                           lambda rng: llama3_rope_factors(shape)))
    norm = lambda rng, n: (1.0 + rng.uniform(-0.1, 0.1, n)).astype(np.float32)  # noqa: E731
    bias = lambda rng, n: rng.normal(0.0, 0.1, n).astype(np.float32)  # noqa: E731
    for i in range(layers):
        b = f"blk.{i}."
        n_expert = shape.experts[0] if shape.experts else 0
        gqa = shape.heads // shape.kv_heads
        q = lambda role, rows, cols: Planned(  # noqa: E731
            f"{b}{role}.weight", (rows, cols),
            tensor_type(mix, role, i, layers, cols, n_expert, gqa))
        out.append(Planned(b + "attn_norm.weight", (h,), T.F32, lambda rng: norm(rng, h)))
        for role, rows in (("attn_q", qd), ("attn_k", kvd), ("attn_v", kvd)):
            out.append(q(role, rows, h))
            if shape.qkv_bias:
                out.append(Planned(f"{b}{role}.bias", (rows,), T.F32,
                                   lambda rng, rows=rows: bias(rng, rows)))
        if shape.qk_norm:
            q_n, k_n = (shape.head_dim, shape.head_dim) if shape.qk_norm == "head" else (qd, kvd)
            out.append(Planned(b + "attn_q_norm.weight", (q_n,), T.F32,
                               lambda rng, n=q_n: norm(rng, n)))
            out.append(Planned(b + "attn_k_norm.weight", (k_n,), T.F32,
                               lambda rng, n=k_n: norm(rng, n)))
        out.append(q("attn_output", h, qd))
        pre_mlp_norm = "ffn_norm"
        if shape.gpt_oss_yarn:
            out.append(Planned(b + "attn_output.bias", (h,), T.F32, lambda rng: bias(rng, h)))
            out.append(Planned(b + "attn_sinks.weight", (shape.heads,), T.F32,
                               lambda rng: bias(rng, shape.heads)))
            pre_mlp_norm = "post_attention_norm"
        out.append(Planned(f"{b}{pre_mlp_norm}.weight", (h,), T.F32, lambda rng: norm(rng, h)))
        if shape.experts:
            out.extend(expert_tensors(shape, mix, b, i, layers))
        else:
            out.append(q("ffn_gate", shape.ffn, h))
            out.append(q("ffn_up", shape.ffn, h))
            out.append(q("ffn_down", h, shape.ffn))
    out.append(Planned("output_norm.weight", (h,), T.F32, lambda rng: norm(rng, h)))
    if not shape.tied:
        out.append(Planned("output.weight", (vocab, h), tensor_type(mix, "output", 0, layers, h)))
    return out


def expert_tensors(shape: Shape, mix: str, b: str, i: int, layers: int) -> list[Planned]:
    """One layer's router (F32: llama.cpp never quantizes ffn_gate_inp), stacked experts
    `[E, rows, cols]` and shared expert, as llama.cpp names and types them."""
    n, _, width, shared = shape.experts
    h = shape.hidden

    def q(role: str, dims: tuple) -> Planned:
        return Planned(f"{b}{role}.weight", dims,
                       tensor_type(mix, role, i, layers, dims[-1], n, shape.heads // shape.kv_heads))

    router = lambda rng: rng.normal(0.0, 1.0 / math.sqrt(h), (n, h)).astype(np.float32)  # noqa: E731
    out = [Planned(f"{b}ffn_gate_inp.weight", (n, h), T.F32, router),
           q("ffn_gate_exps", (n, width, h)), q("ffn_up_exps", (n, width, h)),
           q("ffn_down_exps", (n, h, width))]
    if shape.gpt_oss_yarn:
        bias = lambda rng, dims: rng.normal(0.0, 0.1, dims).astype(np.float32)  # noqa: E731
        out += [Planned(f"{b}ffn_gate_inp.bias", (n,), T.F32, lambda rng: bias(rng, (n,))),
                Planned(f"{b}ffn_gate_exps.bias", (n, width), T.F32,
                        lambda rng: bias(rng, (n, width))),
                Planned(f"{b}ffn_up_exps.bias", (n, width), T.F32,
                        lambda rng: bias(rng, (n, width))),
                Planned(f"{b}ffn_down_exps.bias", (n, h), T.F32, lambda rng: bias(rng, (n, h)))]
    if shared:
        gate = lambda rng: rng.normal(0.0, 1.0 / math.sqrt(h), (1, h)).astype(np.float32)  # noqa: E731
        out += [Planned(f"{b}ffn_gate_inp_shexp.weight", (1, h), T.F32, gate),
                q("ffn_gate_shexp", (shared, h)), q("ffn_up_shexp", (shared, h)),
                q("ffn_down_shexp", (h, shared))]
    return out


def nbytes(t: Planned) -> int:
    n = int(np.prod(t.shape))
    block, size = gguf.GGML_QUANT_SIZES[t.ty]
    return n // block * size


def write(shape_name: str, mix: str, layers: int | None, vocab_arg: str, out: Path, seed: int,
          std: float, rope_freqs: bool, quiet: bool = False) -> None:
    shape = SHAPES[shape_name]
    layers = layers or shape.layers
    vocab = shape.vocab if vocab_arg == "real" else int(vocab_arg)
    started = time.perf_counter()
    rng = np.random.default_rng(seed)
    tensors = plan(shape, mix, layers, vocab, rope_freqs)
    tokens, types, merges = synthetic_vocab(vocab, shape.specials)

    arch = shape.arch
    tmp = out.with_name(out.name + ".partial")
    w = gguf.GGUFWriter(tmp, arch)
    suffix = "" if layers == shape.layers else f", {layers} of {shape.layers} layers"
    w.add_name(f"{shape.hf_id.split('/')[-1]} shape, random weights ({mix.upper()}{suffix})")
    w.add_description(f"{shape.hf_id} shapes with random weights, from scripts/shaped_gguf.py "
                      f"--shape {shape_name} --mix {mix} --layers {layers} --vocab {vocab} "
                      f"--seed {seed}")
    w.add_file_type(MIXES[mix][0])
    w.add_quantization_version(gguf.GGML_QUANT_VERSION)
    w.add_context_length(shape.context)
    w.add_embedding_length(shape.hidden)
    w.add_block_count(layers)
    w.add_feed_forward_length(shape.ffn)
    w.add_head_count(shape.heads)
    if shape.gemma4:
        g = shape.gemma4
        sliding = g.sliding(layers)
        w.add_head_count_kv([shape.kv_heads if s else g.global_kv_heads for s in sliding])
        w.add_key_length(g.global_head_dim)
        w.add_value_length(g.global_head_dim)
        w.add_key_length_swa(shape.head_dim)
        w.add_value_length_swa(shape.head_dim)
        w.add_rope_dimension_count(g.global_head_dim)
        w.add_rope_dimension_count_swa(shape.head_dim)
        w.add_rope_freq_base_swa(g.sliding_theta)
        w.add_sliding_window(g.window)
        w.add_sliding_window_pattern(sliding)
        w.add_shared_kv_layers(g.shared(layers, shape.layers))
        w.add_embedding_length_per_layer_input(g.per_layer)
        w.add_final_logit_softcapping(g.softcap)
    elif shape.qwen35:
        q = shape.qwen35
        w.add_head_count_kv(shape.kv_heads)
        w.add_key_length(shape.head_dim)
        w.add_value_length(shape.head_dim)
        w.add_rope_dimension_count(q.rotary)
        w.add_rope_dimension_sections(list(q.sections))
        w.add_ssm_conv_kernel(q.conv)
        w.add_ssm_state_size(q.key_dim)
        w.add_ssm_group_count(q.key_heads)
        w.add_ssm_time_step_rank(q.value_heads)
        w.add_ssm_inner_size(q.value_heads * q.value_dim)
        w.add_full_attention_interval(q.interval)
    else:
        w.add_head_count_kv(shape.kv_heads)
        w.add_key_length(shape.head_dim)
        w.add_value_length(shape.head_dim)
        w.add_rope_dimension_count(shape.head_dim)
    w.add_rope_freq_base(shape.rope_theta)
    w.add_layer_norm_rms_eps(shape.rms_eps)
    if arch == "llama":
        w.add_vocab_size(vocab)
    if shape.experts:
        n, used, width, shared = shape.experts
        w.add_expert_count(n)
        w.add_expert_used_count(used)
        if arch in ("qwen3moe", "qwen2moe", "gpt-oss", "gemma4", "qwen35moe"):
            # These read the experts' width from its own key; llama and olmoe from
            # feed_forward_length, written above as the model's ffn (equal to it there).
            w.add_expert_feed_forward_length(width)
        if shared:
            w.add_expert_shared_feed_forward_length(shared)

    if shape.gpt_oss_yarn:
        factor, original = shape.gpt_oss_yarn
        w.add_sliding_window(shape.sliding_window)
        w.add_rope_scaling_type(gguf.RopeScalingType.YARN)
        w.add_rope_scaling_factor(factor)
        w.add_rope_scaling_orig_ctx_len(original)

    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("default")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    named = {t: i for i, t in enumerate(tokens[-len(shape.specials):], len(tokens) - len(shape.specials))}
    if shape.bos in named:
        w.add_bos_token_id(named[shape.bos])
    if shape.eos in named:
        w.add_eos_token_id(named[shape.eos])
    w.add_add_bos_token(shape.add_bos and shape.bos in named)
    w.add_add_eos_token(False)

    for t in tensors:
        if t.ty == T.F32:
            w.add_tensor_info(t.name, t.shape, np.dtype(np.float32), nbytes(t))
        else:
            # The last dimension in bytes; gguf-py turns it back into elements.
            rows = int(np.prod(t.shape[:-1]))
            w.add_tensor_info(t.name, (*t.shape[:-1], nbytes(t) // rows), np.dtype(np.uint8),
                              nbytes(t), raw_dtype=t.ty)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_ti_data_to_file()
    total = 0
    for t in tensors:
        if t.ty == T.F32:
            data = t.make(rng)
        else:
            data = random_blocks(rng, t.ty, int(np.prod(t.shape)), std)
        assert data.nbytes == nbytes(t), t.name
        w.write_tensor_data(data)
        total += data.nbytes
    w.close()
    tmp.replace(out)
    if not quiet:
        kinds: dict[str, int] = {}
        for t in tensors:
            kinds[t.ty.name] = kinds.get(t.ty.name, 0) + nbytes(t)
        mix_text = ", ".join(f"{k} {v / 2**20:.0f} MiB" for k, v in sorted(kinds.items()))
        print(f"{out}: {shape_name} ({layers} layers, vocab {vocab}) {mix}: "
              f"{total / 2**20:.0f} MiB of tensors ({mix_text}) in "
              f"{time.perf_counter() - started:.1f} s", file=sys.stderr)


def list_shapes() -> None:
    print(f"{'shape':14} {'arch':8} {'hidden':>6} {'layers':>6} {'heads':>5} {'kv':>3} "
          f"{'hdim':>4} {'ffn':>6} {'vocab':>6} {'theta':>9} {'tied':>5} {'bias':>5} "
          f"{'eps':>6} {'ctx':>7} {'params':>7} {'active':>7}  HF model / real tokenizer")
    for name, s in SHAPES.items():
        experts = ""
        if s.experts:
            n, used, width, shared = s.experts
            experts = f"; {used} of {n} experts of width {width}"
            experts += f", shared expert {shared}" if shared else ""
        print(f"{name:14} {s.arch:8} {s.hidden:6} {s.layers:6} {s.heads:5} {s.kv_heads:3} "
              f"{s.head_dim:4} {s.ffn:6} {s.vocab:6} {s.rope_theta:9.0f} {str(s.tied):>5} "
              f"{str(s.qkv_bias):>5} {s.rms_eps:6.0e} {s.context:7} {s.params / 1e9:6.2f}B "
              f"{s.active / 1e9:6.2f}B  {s.hf_id}; {s.tokenizer}"
              + (f"; llama3 RoPE factor {s.llama3_rope[0]:g}" if s.llama3_rope else "") + experts)
    print("mixes: " + ", ".join(MIXES))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shape", choices=sorted(SHAPES))
    p.add_argument("--mix", default="q4_k_m", choices=list(MIXES))
    p.add_argument("--layers", type=int, default=None, help="layer count (default: the model's)")
    p.add_argument("--vocab", default="real",
                   help="'real' (the model's vocabulary size) or a token count (at least 256 + "
                        "the family's special tokens)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--weight-std", type=float, default=0.04,
                   help="rough size of the random weights (default 0.04)")
    p.add_argument("--rope-freqs", action="store_true",
                   help="write llama3 RoPE scaling as rope_freqs.weight, as llama.cpp does")
    p.add_argument("--out", type=Path)
    p.add_argument("--list", action="store_true", help="list the shapes and mixes")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args()
    if a.list:
        list_shapes()
        return
    if not a.shape or not a.out:
        p.error("--shape and --out are required (or --list)")
    if a.vocab != "real" and not a.vocab.isdigit():
        p.error("--vocab takes 'real' or a number")
    if a.layers is not None and a.layers < 1:
        p.error("--layers must be at least 1")
    a.out.parent.mkdir(parents=True, exist_ok=True)
    write(a.shape, a.mix, a.layers, a.vocab, a.out, a.seed, a.weight_std, a.rope_freqs, a.quiet)


if __name__ == "__main__":
    main()
