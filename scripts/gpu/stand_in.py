"""A Llama-family checkpoint directory with the tensors' names, shapes and types but no
weights (a sparse file of zeros), from a config.json: enough to compile its module ahead of
time, since a module depends on the names and shapes, never on the values.

usage: stand_in.py CONFIG_JSON OUT_DIR
"""
import json
import os
import shutil
import sys


def tensors(config):
    """(name, shape) of every tensor transformers saves for LlamaForCausalLM."""
    e = config["hidden_size"]
    heads = config["num_attention_heads"]
    kv = config.get("num_key_value_heads", heads)
    d = config.get("head_dim") or e // heads
    inner = config["intermediate_size"]
    out = [("model.embed_tokens.weight", [config["vocab_size"], e])]
    for i in range(config["num_hidden_layers"]):
        p = f"model.layers.{i}."
        out += [
            (p + "input_layernorm.weight", [e]),
            (p + "self_attn.q_proj.weight", [heads * d, e]),
            (p + "self_attn.k_proj.weight", [kv * d, e]),
            (p + "self_attn.v_proj.weight", [kv * d, e]),
            (p + "self_attn.o_proj.weight", [e, heads * d]),
            (p + "post_attention_layernorm.weight", [e]),
            (p + "mlp.gate_proj.weight", [inner, e]),
            (p + "mlp.up_proj.weight", [inner, e]),
            (p + "mlp.down_proj.weight", [e, inner]),
        ]
    out.append(("model.norm.weight", [e]))
    if not config.get("tie_word_embeddings", False):
        out.append(("lm_head.weight", [config["vocab_size"], e]))
    return out


def main():
    config_path, out_dir = sys.argv[1], sys.argv[2]
    with open(config_path) as f:
        config = json.load(f)
    if config.get("model_type") != "llama":
        sys.exit(f"stand_in.py: only llama configs, not {config.get('model_type')!r}")
    os.makedirs(out_dir, exist_ok=True)
    shutil.copyfile(config_path, os.path.join(out_dir, "config.json"))
    header, offset = {}, 0
    for name, shape in tensors(config):
        size = 4
        for n in shape:
            size *= n
        header[name] = {"dtype": "F32", "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    blob = json.dumps(header, separators=(",", ":")).encode()
    blob += b" " * (-len(blob) % 8)
    path = os.path.join(out_dir, "model.safetensors")
    with open(path, "wb") as f:
        f.write(len(blob).to_bytes(8, "little"))
        f.write(blob)
        f.truncate(8 + len(blob) + offset)


if __name__ == "__main__":
    main()
