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
                                   ignored the feature would fail. Mixtures of experts add
                                   `expert_selections`: per sparse layer, how many of the
                                   positions of that forward pass chose each expert (every
                                   expert is chosen somewhere; the script checks it), and
                                   `smallest_routing_gap`, the least difference in softmax weight between
                                   the last expert chosen and the next one.
For the mixtures of experts and Qwen 3.5 (qwen3_5, qwen3_5_moe) also:
  model.gguf                       the same weights as llama.cpp's converter lays them out
                                   (its tensor names and metadata keys, q/k rows permuted for
                                   the llama architecture), f32, with the byte tokenizer
  model-q8_0.gguf                  the same with the expert tensors in Q8_0 (gpt-oss also
                                   model-mxfp4.gguf, in MXFP4)
  oracle-q8_0.json                 oracle.json's run with the expert weights replaced by their
                                   Q8_0 (MXFP4) values as gguf-py dequantizes them
llama.cpp's qwen3moe wants a router in every block, so it does not load the qwen3_moe files
(layer 1 is dense); it loads the other three and follows their greedy paths.

transformers initialises weights with std 0.02, which leaves logits nearly flat and greedy
choices decided by noise; weights are redrawn at 1/sqrt(fan-in) (norm weights near 1, biases
~0.1, the final norm near 4) so logits are O(1-10) and the greedy path has clear margins.

Not run in CI; needs scripts/oracle/requirements.txt.
Usage: python scripts/oracle/make_tiny_families.py [NAME ...]   (default: every family)
"""
import argparse
import copy
import json
import math
import platform
from pathlib import Path

import gguf
import numpy as np
import safetensors.torch
import torch
import transformers
from tokenizers import Tokenizer, decoders, models, pre_tokenizers
from transformers import (
    AutoModelForCausalLM,
    Gemma4TextConfig,
    GptOssConfig,
    PreTrainedTokenizerFast,
    LlamaConfig,
    MistralConfig,
    MixtralConfig,
    OlmoeConfig,
    Qwen2Config,
    Qwen2MoeConfig,
    Qwen3Config,
    Qwen3MoeConfig,
    Qwen3_5MoeTextConfig,
    Qwen3_5TextConfig,
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
    # Mixtures of experts: 4-8 experts, top-2, so that every expert is chosen along the run.
    rope = {"rope_type": "default", "rope_theta": 1000000.0}
    qwen3_moe = Qwen3MoeConfig(**{**COMMON, "num_hidden_layers": 3}, rms_norm_eps=1e-6,
                               tie_word_embeddings=False, rope_parameters=rope,
                               num_experts=6, num_experts_per_tok=2, moe_intermediate_size=32,
                               norm_topk_prob=True, mlp_only_layers=[1])
    qwen3_moe_unnormalised = copy.deepcopy(qwen3_moe)
    qwen3_moe_unnormalised.norm_topk_prob = False
    qwen2_moe = Qwen2MoeConfig(**COMMON, rms_norm_eps=1e-6, tie_word_embeddings=False,
                               rope_parameters=rope, num_experts=4, num_experts_per_tok=2,
                               moe_intermediate_size=32, shared_expert_intermediate_size=48,
                               norm_topk_prob=False)
    mixtral = MixtralConfig(**{**COMMON, "intermediate_size": 32}, rms_norm_eps=1e-5,
                            tie_word_embeddings=False, sliding_window=None,
                            rope_parameters={"rope_type": "default", "rope_theta": 10000.0},
                            num_local_experts=8, num_experts_per_tok=2)
    # As many kv heads as heads, as the real model: llama.cpp's olmoe sizes k_norm by
    # embedding_length.
    olmoe = OlmoeConfig(**{**COMMON, "intermediate_size": 32, "num_key_value_heads": 4},
                        rms_norm_eps=1e-5,
                        tie_word_embeddings=False,
                        rope_parameters={"rope_type": "default", "rope_theta": 10000.0},
                        num_experts=6, num_experts_per_tok=2, norm_topk_prob=False)
    olmoe_renormalised = copy.deepcopy(olmoe)
    olmoe_renormalised.norm_topk_prob = True
    # Four layers alternating sliding (window 8) and full attention, run past the window;
    # YaRN as gpt-oss ships it; a low SwiGLU clamp so that random weights reach it.
    gpt_oss = GptOssConfig(**{**COMMON, "intermediate_size": 32, "num_hidden_layers": 4},
                           head_dim=16, rms_norm_eps=1e-5, tie_word_embeddings=False,
                           sliding_window=8, num_local_experts=8, num_experts_per_tok=2,
                           swiglu_limit=1.5,
                           rope_parameters={"rope_type": "yarn", "rope_theta": 150000.0,
                                            "factor": 32.0, "beta_fast": 32.0, "beta_slow": 1.0,
                                            "truncate": False,
                                            "original_max_position_embeddings": 4096})
    # Gemma 4 with every text switch: 6 layers, sliding window 8 (two ring layers read past
    # it), global layers of other heads (32 x 1 kv against 16 x 2) whose values are their keys,
    # proportional RoPE on them, a logit cap low enough to bend random logits, per-layer
    # inputs, and the last two layers reading the caches of layers 3 and 2 with double-wide
    # MLPs.
    gemma4 = Gemma4TextConfig(**{**COMMON, "num_hidden_layers": 6, "pad_token_id": 0},
                              head_dim=16, global_head_dim=32, num_global_key_value_heads=1,
                              attention_k_eq_v=True, rms_norm_eps=1e-6, sliding_window=8,
                              final_logit_softcapping=10.0, hidden_size_per_layer_input=16,
                              vocab_size_per_layer_input=256, num_kv_shared_layers=2,
                              use_double_wide_mlp=True, tie_word_embeddings=True,
                              layer_types=["sliding_attention", "sliding_attention",
                                           "full_attention", "sliding_attention",
                                           "sliding_attention", "full_attention"])
    gemma4_uncapped = copy.deepcopy(gemma4)
    gemma4_uncapped.final_logit_softcapping = None
    # Gemma 4 26B-A4B's layer: a dense MLP beside 4 experts (top-2), a scaled router reading
    # the layer's input, per-expert scales; four layers, no per-layer inputs.
    gemma4_moe = Gemma4TextConfig(**{**COMMON, "num_hidden_layers": 4, "pad_token_id": 0},
                                  head_dim=16, global_head_dim=32, num_global_key_value_heads=1,
                                  attention_k_eq_v=True, rms_norm_eps=1e-6, sliding_window=8,
                                  final_logit_softcapping=30.0, hidden_size_per_layer_input=0,
                                  enable_moe_block=True, num_experts=4, top_k_experts=2,
                                  moe_intermediate_size=32, tie_word_embeddings=True,
                                  layer_types=["sliding_attention", "full_attention",
                                               "sliding_attention", "full_attention"])
    # Qwen 3.5: three Gated DeltaNet layers (two value heads per key head, a 4-tap convolution;
    # value heads as wide as key heads, as in the real models and as llama.cpp assumes) then
    # one full-attention layer with its output gate and RoPE over a quarter of the head.
    qwen35 = dict(head_dim=32, rms_norm_eps=1e-6, tie_word_embeddings=False,
                  linear_num_key_heads=2, linear_num_value_heads=4, linear_key_head_dim=16,
                  linear_value_head_dim=16, linear_conv_kernel_dim=4,
                  rope_parameters={"rope_type": "default", "rope_theta": 10000.0,
                                   "partial_rotary_factor": 0.25})
    qwen3_5 = Qwen3_5TextConfig(**{**COMMON, "num_hidden_layers": 4}, **qwen35)
    # Its experts: 4, top-2, renormalised, beside a sigmoid-gated shared expert.
    qwen3_5_moe = Qwen3_5MoeTextConfig(**{**COMMON, "num_hidden_layers": 4}, **qwen35,
                                       num_experts=4, num_experts_per_tok=2,
                                       moe_intermediate_size=32,
                                       shared_expert_intermediate_size=48)
    return [
        ("qwen2", qwen2, "q/k/v bias", zero_biases),
        ("qwen2.5", qwen25, "tied embeddings, q/k/v bias", zero_biases),
        ("qwen3", qwen3, "q/k norm (head_dim 32 != hidden/heads)", None),
        ("llama3", llama3, "llama3 RoPE scaling (GQA 4:1)", llama3_plain),
        ("mistral", mistral, "sliding window 8", mistral_full),
        ("qwen3_moe", qwen3_moe, "6 experts, top-2, renormalised; layer 1 dense",
         qwen3_moe_unnormalised),
        ("qwen2_moe", qwen2_moe, "4 experts, top-2, not renormalised; sigmoid-gated shared expert",
         zero_shared_expert),
        ("mixtral", mixtral, "8 experts, top-2, renormalised (GQA 2:1)", None),
        ("olmoe", olmoe, "6 experts, top-2, not renormalised; q/k norm over the whole projection",
         olmoe_renormalised),
        ("gpt_oss", gpt_oss, "attention sinks; sliding window 8 on alternate layers; YaRN; "
         "biased experts, top-2 logits then softmax; clamped SwiGLU", without_sinks),
        ("gemma4", gemma4, "global layers of other heads with values from keys and "
         "proportional RoPE; per-layer inputs; last two layers on shared caches; logit cap 10",
         gemma4_uncapped),
        ("gemma4_moe", gemma4_moe, "dense MLP beside 4 experts, top-2, renormalised; scaled "
         "router on the layer's input; per-expert scales", unscaled_router),
        ("qwen3_5", qwen3_5, "Gated DeltaNet layers (recurrent state, its decay switched off "
         "for the comparison); gated attention with partial RoPE", without_decay),
        ("qwen3_5_moe", qwen3_5_moe, "Qwen 3.5 layers with 4 experts, top-2, renormalised; "
         "sigmoid-gated shared expert", zero_shared_expert),
    ]


# llama.cpp's architecture names for the families written as GGUF too.
GGUF_ARCH = {"qwen3_moe": "qwen3moe", "qwen2_moe": "qwen2moe", "mixtral": "llama", "olmoe": "olmoe",
             "gpt_oss": "gpt-oss"}
# Block formats each family's experts are also written in, with an oracle on their values:
# Q8_0 for all, and MXFP4, gpt-oss's own.
EXPERT_TYPES = {name: ["Q8_0"] for name in GGUF_ARCH}
EXPERT_TYPES["gpt_oss"] = ["Q8_0", "MXFP4"]


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


def without_sinks(state):
    """Sinks of -inf take no share of any softmax: attention without them."""
    return {k: torch.full_like(v, -math.inf) if k.endswith(".sinks") else v
            for k, v in state.items()}


def without_decay(state):
    """DeltaNet states that never decay: A_log of -inf makes g = 0."""
    return {k: torch.full_like(v, -math.inf) if k.endswith("A_log") else v for k, v in state.items()}


def unscaled_router(state):
    """Router input and per-expert scales of 1."""
    return {k: torch.ones_like(v) if k.endswith(("router.scale", "router.per_expert_scale")) else v
            for k, v in state.items()}


def zero_shared_expert(state):
    return {k: torch.zeros_like(v) if ".shared_expert." in k else v for k, v in state.items()}


def redraw(model, gen):
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.ndim in (2, 3):
                # Stacked experts are [experts, out, in], but gpt-oss's [experts, in, out].
                in_first = name.endswith((".gate_up_proj", ".down_proj"))
                fan_in = p.shape[1] if in_first else p.shape[-1]
                p.copy_(torch.randn(p.shape, generator=gen) / math.sqrt(fan_in))
            elif name.endswith("bias"):
                p.copy_(0.1 * torch.randn(p.shape, generator=gen))
            else:
                p.copy_(1.0 + 0.1 * torch.randn(p.shape, generator=gen))
        # DeltaNet decay rates A = exp(A_log) of 0.02-0.3, so states keep tokens for tens of
        # steps: 1 + noise would forget nearly everything from one token to the next.
        for name, p in model.named_parameters():
            if name.endswith("A_log"):
                p.copy_(torch.log(0.02 + 0.28 * torch.rand(p.shape, generator=gen)))
        # Gemma 4's router reads its input times hidden^-1/2: without this its logits would
        # be nearly equal and routing a matter of float error.
        for name, p in model.named_parameters():
            if name.endswith("router.proj.weight"):
                p.mul_(math.sqrt(p.shape[-1]))
        # Gemma 4's per-layer output scalars are buffers, saved with the weights.
        for name, buf in model.named_buffers():
            if name.endswith("layer_scalar"):
                buf.copy_(1.0 + 0.2 * torch.randn(buf.shape, generator=gen))
        # Qwen 3.5's norms scale by 1 + w (but the DeltaNet's gated norm, by w): gains near 1,
        # as above, are w near 0, and the final norm's gain of about 4 (below) is w near 3.
        if model.config.model_type.startswith("qwen3_5"):
            for name, p in model.named_parameters():
                if name.endswith("norm.weight") and "linear_attn" not in name:
                    p.sub_(1.0)
            model.model.norm.weight.add_(0.75)
    # The embedding is read as rows: unit-scale entries, as trained models roughly have.
    with torch.no_grad():
        emb = model.get_input_embeddings().weight
        emb.mul_(math.sqrt(emb.shape[1]))
        if model.config.tie_word_embeddings:
            emb.div_(math.sqrt(emb.shape[1]))
        # Sharper logits, so greedy choices have margins well above float error.
        model.model.norm.weight.mul_(4.0)


# Families whose oracle logits come from the f64 model: transformers' f32 forward pass runs
# the DeltaNet as a chunked product (chunks of 64 with a triangular solve), which is itself up
# to 7.4e-5 from the exact result on these checkpoints, where the graphs run the per-token
# recurrence; an f32 oracle would measure the two roundings against each other.
F64_ORACLES = {"qwen3_5", "qwen3_5_moe"}


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


def routers(model):
    """The router module of each sparse layer, by layer index (Gemma 4 keeps it beside the
    MLP)."""
    found = {}
    for i, layer in enumerate(model.model.layers):
        if hasattr(layer.mlp, "experts"):
            found[i] = getattr(layer.mlp, "router", None) or layer.mlp.gate
        elif getattr(layer, "router", None) is not None:
            found[i] = layer.router
    return found


@torch.no_grad()
def expert_selections(model, ids):
    """Per sparse layer, how many positions of one forward pass over `ids` chose each expert;
    and the smallest gap, over layers and positions, between the softmax weights of the last
    expert chosen and the first one not chosen (how far routing is from a tie)."""
    counts, gaps = {}, []
    hooks = []
    c = model.config
    k = getattr(c, "num_experts_per_tok", None) or c.top_k_experts
    for layer, router in routers(model).items():
        def count(_module, _inputs, out, layer=layer):
            scores, _, chosen = out
            counts[layer] = torch.bincount(chosen.reshape(-1),
                                           minlength=model.config.num_experts).tolist()
            # gpt-oss routes by its logits (with bias), the others by softmax weights: the
            # gap is measured on what each ranks. Gemma 4's router returns the softmax.
            probs = scores.float() if c.model_type == "gemma4_text" else torch.softmax(scores.float(), -1)
            top = torch.topk(probs, k + 1, -1).values
            gaps.append(float((top[:, k - 1] - top[:, k]).min()))
        hooks.append(router.register_forward_hook(count))
    model(torch.tensor([ids]))
    for h in hooks:
        h.remove()
    return {str(layer): c for layer, c in sorted(counts.items())}, min(gaps)


def permute_rope_rows(w, heads):
    """llama.cpp's converter stores Llama q/k rows with each head's two rotary halves
    interleaved."""
    return w.reshape(heads, 2, w.shape[0] // heads // 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


def gguf_tensors(state, config, arch):
    """(GGUF name, numpy f32 array) for every weight, as llama.cpp's converter names them."""
    parts = {
        "input_layernorm.weight": "attn_norm.weight",
        "post_attention_layernorm.weight": "ffn_norm.weight",
        "self_attn.q_norm.weight": "attn_q_norm.weight",
        "self_attn.k_norm.weight": "attn_k_norm.weight",
        "mlp.gate_proj.weight": "ffn_gate.weight",
        "mlp.up_proj.weight": "ffn_up.weight",
        "mlp.down_proj.weight": "ffn_down.weight",
        "mlp.gate.weight": "ffn_gate_inp.weight",
        "mlp.experts.down_proj": "ffn_down_exps.weight",
        "mlp.shared_expert.gate_proj.weight": "ffn_gate_shexp.weight",
        "mlp.shared_expert.up_proj.weight": "ffn_up_shexp.weight",
        "mlp.shared_expert.down_proj.weight": "ffn_down_shexp.weight",
        "mlp.router.weight": "ffn_gate_inp.weight",
        "mlp.router.bias": "ffn_gate_inp.bias",
        "mlp.experts.down_proj_bias": "ffn_down_exps.bias",
        "self_attn.sinks": "attn_sinks.weight",
    }
    if arch == "gpt-oss":
        # llama.cpp's ATTN_POST_NORM: the norm before the MLP.
        parts["post_attention_layernorm.weight"] = "post_attention_norm.weight"
    for proj, short in [("q", "attn_q"), ("k", "attn_k"), ("v", "attn_v"), ("o", "attn_output")]:
        for kind in ("weight", "bias"):
            parts[f"self_attn.{proj}_proj.{kind}"] = f"{short}.{kind}"
    heads = {"q": config.num_attention_heads, "k": config.num_key_value_heads}
    out = []
    for name, t in state.items():
        a = t.detach().float().numpy()
        if name == "model.embed_tokens.weight":
            out.append(("token_embd.weight", a))
        elif name == "model.norm.weight":
            out.append(("output_norm.weight", a))
        elif name == "lm_head.weight":
            out.append(("output.weight", a))
        else:
            _, _, layer, rest = name.split(".", 3)
            blk = f"blk.{layer}."
            if rest == "mlp.experts.gate_up_proj" and arch == "gpt-oss":
                # [E, in, 2W], gate and up interleaved by column.
                out.append((blk + "ffn_gate_exps.weight", a[:, :, 0::2].transpose(0, 2, 1)))
                out.append((blk + "ffn_up_exps.weight", a[:, :, 1::2].transpose(0, 2, 1)))
            elif rest == "mlp.experts.gate_up_proj_bias":
                out.append((blk + "ffn_gate_exps.bias", a[:, 0::2]))
                out.append((blk + "ffn_up_exps.bias", a[:, 1::2]))
            elif rest == "mlp.experts.down_proj" and arch == "gpt-oss":
                out.append((blk + "ffn_down_exps.weight", a.transpose(0, 2, 1)))
            elif rest == "mlp.experts.gate_up_proj":
                width = a.shape[1] // 2
                out.append((blk + "ffn_gate_exps.weight", a[:, :width]))
                out.append((blk + "ffn_up_exps.weight", a[:, width:]))
            elif rest == "mlp.shared_expert_gate.weight":
                out.append((blk + "ffn_gate_inp_shexp.weight", a.reshape(-1)))
            else:
                if arch == "llama" and rest in ("self_attn.q_proj.weight", "self_attn.k_proj.weight"):
                    a = permute_rope_rows(a, heads[rest[10]])
                out.append((blk + parts[rest], a))
    return [(n, np.ascontiguousarray(a)) for n, a in out]


class GgufWriter(gguf.GGUFWriter):
    """gguf-py's writer, able to write an empty array (the byte tokenizer's merges), which the
    format allows and llama.cpp's gpt2 tokenizer requires as a key."""

    def _pack_val(self, val, vtype, add_vtype, sub_type=None):
        if vtype == gguf.GGUFValueType.ARRAY and len(val) == 0:
            head = self._pack("I", vtype) if add_vtype else b""
            return head + self._pack("I", sub_type) + self._pack("Q", 0)
        return super()._pack_val(val, vtype, add_vtype, sub_type)


def add_byte_tokenizer(w):
    """The byte tokenizer, as a GGUF carries it: token i is byte i's symbol, no merges."""
    w.add_tokenizer_model("gpt2")
    w.add_token_list([bytes_to_unicode()[b] for b in range(256)])
    w.add_token_types([gguf.TokenType.NORMAL] * 256)
    w.add_key_value(gguf.Keys.Tokenizer.MERGES, [], gguf.GGUFValueType.ARRAY,
                    sub_type=gguf.GGUFValueType.STRING)


def add_stored(w, name, a, expert_type):
    """Tensor `name`, stacked experts (`*_exps.weight`) in `expert_type`, the rest as they are."""
    if name.endswith("_exps.weight") and expert_type != gguf.GGMLQuantizationType.F32:
        w.add_tensor(name, gguf.quants.quantize(a, expert_type), raw_dtype=expert_type)
    else:
        w.add_tensor(name, a)


def finish(w):
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def write_gguf(path, name, model, arch, expert_type):
    """The model as llama.cpp's converter writes it; expert tensors stored as `expert_type`."""
    c = model.config
    head_dim = getattr(c, "head_dim", None) or c.hidden_size // c.num_attention_heads
    w = GgufWriter(str(path), arch)
    w.add_name(name)
    w.add_context_length(c.max_position_embeddings)
    w.add_embedding_length(c.hidden_size)
    w.add_block_count(c.num_hidden_layers)
    w.add_feed_forward_length(c.intermediate_size)
    w.add_head_count(c.num_attention_heads)
    w.add_head_count_kv(c.num_key_value_heads)
    w.add_key_length(head_dim)
    w.add_value_length(head_dim)
    w.add_rope_dimension_count(head_dim)
    w.add_rope_freq_base(c.rope_parameters["rope_theta"])
    w.add_layer_norm_rms_eps(c.rms_norm_eps)
    w.add_expert_count(c.num_experts)
    w.add_expert_used_count(c.num_experts_per_tok)
    if arch in ("qwen2moe", "qwen3moe"):
        w.add_expert_feed_forward_length(c.moe_intermediate_size)
    if arch == "qwen2moe":
        w.add_expert_shared_feed_forward_length(c.shared_expert_intermediate_size)
    if arch == "gpt-oss":
        w.add_expert_feed_forward_length(c.intermediate_size)
        w.add_sliding_window(c.sliding_window)
        rope = c.rope_parameters
        w.add_rope_scaling_type(gguf.RopeScalingType.YARN)
        w.add_rope_scaling_factor(rope["factor"])
        w.add_rope_scaling_orig_ctx_len(rope["original_max_position_embeddings"])
        # llama.cpp fixes the clamp at 7 unless this key says otherwise.
        w.add_swiglu_clamp_exp([c.swiglu_limit] * c.num_hidden_layers)
    add_byte_tokenizer(w)
    for tname, a in gguf_tensors(model.state_dict(), c, arch):
        add_stored(w, tname, a, expert_type)
    finish(w)


# llama.cpp's architecture names of the Qwen 3.5 families, written by write_qwen35_gguf.
QWEN35_ARCH = {"qwen3_5": "qwen35", "qwen3_5_moe": "qwen35moe"}


def reorder_v_heads(t, dim, key_heads, per_key, head_dim):
    """llama.cpp's converter (_LinearAttentionVReorderBase._reorder_v_heads): value heads
    along `dim` from grouped by key head (k, j) to tiled (j, k)."""
    shape = list(t.shape)
    dim = dim % len(shape)
    t = t.reshape(*shape[:dim], key_heads, per_key, head_dim, *shape[dim + 1:])
    return t.transpose(dim, dim + 1).contiguous().reshape(*shape)


def qwen35_converted(state, c):
    """(HF-side name, tensor) after llama.cpp's converter's value transforms for Qwen 3.5
    (_LinearAttentionVReorderBase, Qwen3NextModel, Qwen2MoeModel.modify_tensors), before its
    name mapping: value heads tiled where key and value heads differ; A_log stored as
    -exp(A_log); dt_bias renamed dt_proj.bias; the convolution squeezed to [C, taps]; 1 added
    to every norm but the DeltaNet's; experts stacked [E, out, in]."""
    k_heads, v_heads = c.linear_num_key_heads, c.linear_num_value_heads
    dk, dv = c.linear_key_head_dim, c.linear_value_head_dim
    per_key = v_heads // k_heads
    out, experts = [], {}
    for name, t in state.items():
        t = t.detach().float().clone()
        if k_heads != v_heads and "linear_attn." in name:
            qk = 2 * k_heads * dk
            if ".in_proj_qkv." in name:
                t = torch.cat([t[:qk], reorder_v_heads(t[qk:], 0, k_heads, per_key, dv)])
            elif ".in_proj_z." in name:
                t = reorder_v_heads(t, 0, k_heads, per_key, dv)
            elif ".in_proj_b." in name or ".in_proj_a." in name:
                t = reorder_v_heads(t, 0, k_heads, per_key, 1)
            elif ".A_log" in name or ".dt_bias" in name:
                t = reorder_v_heads(t.unsqueeze(-1), 0, k_heads, per_key, 1).squeeze(-1)
            elif ".conv1d" in name:
                t = t.squeeze()
                t = torch.cat([t[:qk], reorder_v_heads(t[qk:], 0, k_heads, per_key, dv)])
            elif ".out_proj." in name:
                t = reorder_v_heads(t, 1, k_heads, per_key, dv)
        if name.endswith(".A_log"):
            t = -torch.exp(t)
        elif name.endswith(".dt_bias"):
            name = name.rpartition(".dt_bias")[0] + ".dt_proj.bias"
        elif "conv1d" in name:
            t = t.squeeze()
        elif name.endswith("norm.weight") and not name.endswith("linear_attn.norm.weight"):
            t = t + 1
        if name.endswith((".mlp.experts.gate_up_proj", ".mlp.experts.down_proj")):
            # transformers' fused experts (Qwen2MoeModel splits gate_up by rows).
            base = name.rpartition(".")[0]
            if name.endswith("down_proj"):
                out.append((base + ".down_proj.weight", t))
            else:
                width = t.shape[-2] // 2
                out.append((base + ".gate_proj.weight", t[..., :width, :]))
                out.append((base + ".up_proj.weight", t[..., width:, :]))
            continue
        if ".mlp.experts." in name:
            layer = name.split(".")[2]
            experts.setdefault(layer, {})[name] = t
            if len(experts[layer]) == 3 * c.num_experts:
                for proj in ("down_proj", "gate_proj", "up_proj"):
                    stack = [experts[layer][f"model.layers.{layer}.mlp.experts.{e}.{proj}.weight"]
                             for e in range(c.num_experts)]
                    out.append((f"model.layers.{layer}.mlp.experts.{proj}.weight", torch.stack(stack)))
            continue
        out.append((name, t))
    return out


def write_qwen35_gguf(path, name, model, arch, expert_type=gguf.GGMLQuantizationType.F32):
    """Qwen 3.5 as llama.cpp's converter (Qwen3_5TextModel, Qwen3_5MoeTextModel) writes it:
    its metadata (Qwen3NextModel.set_gguf_parameters: the ssm.* keys, full_attention_interval
    4 when the config has none, rope.dimension_count head_dim * partial_rotary_factor, the
    factor read beside the config's keys and 0.25 when not there), gguf-py's tensor names,
    and the transforms of qwen35_converted, from the checkpoint saved beside `path`; f32, with
    the byte tokenizer."""
    c = model.config
    w = GgufWriter(str(path), arch)
    w.add_name(name)
    w.add_context_length(c.max_position_embeddings)
    w.add_embedding_length(c.hidden_size)
    w.add_block_count(c.num_hidden_layers)
    if getattr(c, "intermediate_size", None) is not None:
        w.add_feed_forward_length(c.intermediate_size)
    w.add_head_count(c.num_attention_heads)
    w.add_head_count_kv(c.num_key_value_heads)
    w.add_key_length(c.head_dim)
    w.add_value_length(c.head_dim)
    w.add_rope_freq_base(c.rope_parameters["rope_theta"])
    w.add_layer_norm_rms_eps(c.rms_norm_eps)
    if arch == "qwen35moe":
        w.add_expert_count(c.num_experts)
        w.add_expert_used_count(c.num_experts_per_tok)
        w.add_expert_feed_forward_length(c.moe_intermediate_size)
        w.add_expert_shared_feed_forward_length(c.shared_expert_intermediate_size)
    w.add_ssm_conv_kernel(c.linear_conv_kernel_dim)
    w.add_ssm_state_size(c.linear_key_head_dim)
    w.add_ssm_group_count(c.linear_num_key_heads)
    w.add_ssm_time_step_rank(c.linear_num_value_heads)
    w.add_ssm_inner_size(c.linear_value_head_dim * c.linear_num_value_heads)
    w.add_full_attention_interval(4)
    hparams = json.loads((Path(path).parent / "config.json").read_text())
    w.add_rope_dimension_count(int(c.head_dim * hparams.get("partial_rotary_factor", 0.25)))
    # The multimodal RoPE sections (transformers' default when the config has none), which
    # llama.cpp requires; text positions are equal on every axis, so they do not change it.
    sections = list(c.rope_parameters.get("mrope_section", [11, 11, 10]))
    w.add_rope_dimension_sections(sections + [0] * (4 - len(sections)))
    add_byte_tokenizer(w)
    names = gguf.get_tensor_name_map(gguf.MODEL_ARCH[arch.upper()], c.num_hidden_layers)
    # The converter reads the saved checkpoint, not the module's state.
    state = safetensors.torch.load_file(Path(path).parent / "model.safetensors")
    for hf, t in qwen35_converted(state, c):
        gname = names.get_name(hf, try_suffixes=(".weight", ".bias"))
        assert gname is not None, hf
        a = t.numpy()
        if gname.endswith("ffn_gate_inp_shexp.weight"):
            a = a.reshape(-1)
        add_stored(w, gname, np.ascontiguousarray(a), expert_type)
    finish(w)


GEMMA4_PARTS = {
    "input_layernorm.weight": "attn_norm.weight",
    "post_attention_layernorm.weight": "post_attention_norm.weight",
    "pre_feedforward_layernorm.weight": "ffn_norm.weight",
    "post_feedforward_layernorm.weight": "post_ffw_norm.weight",
    "self_attn.q_proj.weight": "attn_q.weight",
    "self_attn.k_proj.weight": "attn_k.weight",
    "self_attn.v_proj.weight": "attn_v.weight",
    "self_attn.o_proj.weight": "attn_output.weight",
    "self_attn.q_norm.weight": "attn_q_norm.weight",
    "self_attn.k_norm.weight": "attn_k_norm.weight",
    "mlp.gate_proj.weight": "ffn_gate.weight",
    "mlp.up_proj.weight": "ffn_up.weight",
    "mlp.down_proj.weight": "ffn_down.weight",
    "per_layer_input_gate.weight": "inp_gate.weight",
    "per_layer_projection.weight": "proj.weight",
    "post_per_layer_input_norm.weight": "post_norm.weight",
    "layer_scalar": "layer_output_scale.weight",
    "post_feedforward_layernorm_1.weight": "post_ffw_norm_1.weight",
    "pre_feedforward_layernorm_2.weight": "pre_ffw_norm_2.weight",
    "post_feedforward_layernorm_2.weight": "post_ffw_norm_2.weight",
    "router.proj.weight": "ffn_gate_inp.weight",
    "router.scale": "ffn_gate_inp.scale",
    "router.per_expert_scale": "ffn_down_exps.scale",
    "experts.gate_up_proj": "ffn_gate_up_exps.weight",
    "experts.down_proj": "ffn_down_exps.weight",
}
GEMMA4_GLOBALS = {
    "model.embed_tokens.weight": "token_embd.weight",
    "model.norm.weight": "output_norm.weight",
    "model.embed_tokens_per_layer.weight": "per_layer_token_embd.weight",
    "model.per_layer_model_projection.weight": "per_layer_model_proj.weight",
    "model.per_layer_projection_norm.weight": "per_layer_proj_norm.weight",
}


def write_gemma4_gguf(path, name, model, expert_type=gguf.GGMLQuantizationType.F32):
    """Gemma 4 as llama.cpp's converter (Gemma4Model) writes it: norms unshifted, per-kind
    head sizes and kv heads, per-layer MLP widths, the sliding pattern, and proportional RoPE
    as rope_freqs (1 for rotated pairs, 1e30 for the rest); expert stacks as `expert_type`."""
    c = model.config
    kinds = c.layer_types
    sliding = [t == "sliding_attention" for t in kinds]
    full = c.per_layer_config[kinds.index("full_attention")]
    local = c.per_layer_config[kinds.index("sliding_attention")]
    first_shared = c.num_hidden_layers - c.num_kv_shared_layers
    w = GgufWriter(str(path), "gemma4")
    w.add_name(name)
    w.add_context_length(c.max_position_embeddings)
    w.add_embedding_length(c.hidden_size)
    w.add_block_count(c.num_hidden_layers)
    w.add_feed_forward_length([c.intermediate_size * (2 if c.use_double_wide_mlp and l >= first_shared
                                                      else 1) for l in range(c.num_hidden_layers)])
    w.add_head_count(c.num_attention_heads)
    w.add_head_count_kv([local.num_key_value_heads if s else full.num_key_value_heads
                         for s in sliding])
    w.add_key_length(full.head_dim)
    w.add_value_length(full.head_dim)
    w.add_key_length_swa(local.head_dim)
    w.add_value_length_swa(local.head_dim)
    w.add_rope_dimension_count(full.head_dim)
    w.add_rope_dimension_count_swa(local.head_dim)
    w.add_rope_freq_base(c.rope_parameters["full_attention"]["rope_theta"])
    w.add_rope_freq_base_swa(c.rope_parameters["sliding_attention"]["rope_theta"])
    w.add_layer_norm_rms_eps(c.rms_norm_eps)
    w.add_sliding_window(c.sliding_window)
    w.add_sliding_window_pattern(sliding)
    w.add_shared_kv_layers(c.num_kv_shared_layers)
    w.add_embedding_length_per_layer_input(c.hidden_size_per_layer_input or 0)
    w.add_final_logit_softcapping(c.final_logit_softcapping)
    if c.enable_moe_block:
        w.add_expert_count(c.num_experts)
        w.add_expert_used_count(c.top_k_experts)
        w.add_expert_feed_forward_length(c.moe_intermediate_size)
    add_byte_tokenizer(w)
    rotated = int(full.head_dim * c.rope_parameters["full_attention"]["partial_rotary_factor"] / 2)
    divisors = [1.0] * rotated + [1e30] * (full.head_dim // 2 - rotated)
    w.add_tensor("rope_freqs.weight", np.array(divisors, dtype=np.float32))
    for tname, t in model.state_dict().items():
        a = np.ascontiguousarray(t.detach().float().numpy())
        if tname == "lm_head.weight" and c.tie_word_embeddings:
            continue
        if tname in GEMMA4_GLOBALS:
            w.add_tensor(GEMMA4_GLOBALS[tname], a)
            continue
        _, _, layer, rest = tname.split(".", 3)
        gname = f"blk.{layer}.{GEMMA4_PARTS[rest]}"
        add_stored(w, gname, a, expert_type)
    finish(w)


def quantized_experts(model, t):
    """A copy of `model` whose expert weights are their values in block format `t` (gguf-py's
    dequantization of gguf-py's quantization), blocks along each expert's input as the GGUF
    stores them."""
    q = copy.deepcopy(model)
    round_trip = lambda a: gguf.quants.dequantize(gguf.quants.quantize(a, t), t)
    with torch.no_grad():
        for name, p in q.named_parameters():
            # Gemma 4 keeps its experts beside the MLP (`layers.N.experts.`).
            if ".experts." not in name or p.ndim != 3:
                continue
            a = p.detach().numpy()
            if model.config.model_type == "gpt_oss":
                # [E, in, out]: each output column is one GGUF row.
                a = round_trip(np.ascontiguousarray(a.transpose(0, 2, 1))).transpose(0, 2, 1)
            else:
                a = round_trip(a)
            p.copy_(torch.from_numpy(np.ascontiguousarray(a)))
    return q


def reference_of(model, name):
    """The model an oracle runs: itself, or an f64 copy for the families in F64_ORACLES."""
    if name not in F64_ORACLES:
        return model
    reference = copy.deepcopy(model).double()
    reference.config._experts_implementation = "eager"
    return reference


def write_quantized_oracle(out, name, feature, seed, prompt, model, t, tokenizer):
    """oracle-<type>.json: transformers' run of `model` with its experts replaced by their
    values in block format `t`, as the model-<type>.gguf beside it stores them."""
    q = quantized_experts(model, t)
    q_ids, q_logits, q_gap = run(reference_of(q, name), prompt)
    selections, routing_gap = expert_selections(q, q_ids)
    q_extra = {"expert_selections": selections, "smallest_routing_gap": routing_gap,
               "experts_stored_as": t.name}
    (out / f"oracle-{t.name.lower()}.json").write_text(oracle_json(
        name, feature, seed, None, prompt, q_ids, q_logits, q_gap, tokenizer, q_extra))


def oracle_json(name, feature, seed, moved, prompt, ids, logits, gap, tokenizer, extra):
    oracle = {
        "source": (
            f"transformers {transformers.__version__}, torch {torch.__version__}, "
            f"python {platform.python_version()}; "
            f"{'f64' if name in F64_ORACLES else 'f32'}, eager attention, seed {seed}"
        ),
        "family": name,
        "feature": feature,
        "feature_moves_logits_by": moved,
        "prompt_ids": prompt,
        "greedy_ids": ids[PROMPT_LEN:],
        "smallest_greedy_gap": gap,
        "greedy_text": tokenizer.decode(ids[PROMPT_LEN:]),
        "logits": [[float(f"{x:.7g}") for x in row] for row in logits.tolist()],
        **extra,
    }
    return json.dumps(oracle) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="families to write (default: all)")
    wanted = parser.parse_args().names
    known = [f[0] for f in families()]
    if unknown := [n for n in wanted if n not in known]:
        parser.error(f"unknown families {unknown} (known: {known})")
    OUT.mkdir(parents=True, exist_ok=True)
    for n, (name, config, feature, without) in enumerate(families()):
        if wanted and name not in wanted:
            continue
        # Seeds follow the family's place in the list, so one family comes out the same
        # whichever others are written with it.
        seed = SEED + n
        model = build(config, seed)
        prompt = torch.randint(3, config.vocab_size, (PROMPT_LEN,),
                               generator=torch.Generator().manual_seed(seed)).tolist()
        ids, logits, gap = run(reference_of(model, name), prompt)
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
        extra = {}
        if routers(model):
            extra["expert_selections"], extra["smallest_routing_gap"] = expert_selections(model, ids)
            for layer, counts in extra["expert_selections"].items():
                assert min(counts) > 0, f"{name} layer {layer}: an expert is never chosen: {counts}"
        (out / "oracle.json").write_text(
            oracle_json(name, feature, seed, moved, prompt, ids, logits, gap, tokenizer, extra))
        if name.startswith("gemma4"):
            write_gemma4_gguf(out / "model.gguf", name, model)
        if name == "gemma4_moe":
            # Q8_0 experts, kept in their blocks: the fused gate/up stack split by rows.
            t = gguf.GGMLQuantizationType.Q8_0
            write_gemma4_gguf(out / "model-q8_0.gguf", name, model, t)
            write_quantized_oracle(out, name, feature, seed, prompt, model, t, tokenizer)
        if name in QWEN35_ARCH:
            write_qwen35_gguf(out / "model.gguf", name, model, QWEN35_ARCH[name])
        if name == "qwen3_5_moe":
            # Q8_0 experts, kept in their blocks; the oracle in f64 like the f32 file's.
            t = gguf.GGMLQuantizationType.Q8_0
            write_qwen35_gguf(out / "model-q8_0.gguf", name, model, QWEN35_ARCH[name], t)
            write_quantized_oracle(out, name, feature, seed, prompt, model, t, tokenizer)
        if name in GGUF_ARCH:
            arch = GGUF_ARCH[name]
            write_gguf(out / "model.gguf", name, model, arch, gguf.GGMLQuantizationType.F32)
            for type_name in EXPERT_TYPES[name]:
                t = gguf.GGMLQuantizationType[type_name]
                write_gguf(out / f"model-{type_name.lower()}.gguf", name, model, arch, t)
                write_quantized_oracle(out, name, feature, seed, prompt, model, t, tokenizer)
        size = sum(f.stat().st_size for f in out.iterdir())
        print(f"{name}: {size / 1024:.0f} KiB, smallest greedy gap {gap:.3f}, "
              f"{feature} moves logits by {moved}")


if __name__ == "__main__":
    main()
