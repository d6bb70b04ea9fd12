"""transformers' own decode speed on the machine that runs the bundle: the reference our bench
is compared with (issue 35's targets: at least as fast as transformers with CUDA graphs).

  hf_bench.py CONFIG_JSON [--batch B ...] [--context N] [--steps N] [--prefill N]

A model of CONFIG_JSON's shape (random weights: speed does not depend on values) in bfloat16
with a static KV cache. One greedy decode step (forward, argmax, the next token and position
written in place) is captured in a CUDA graph and replayed; the same step run eagerly is
timed beside it. Prints one JSON object. A graph that cannot be captured is reported with its
cause and the eager time stands in.

Needs torch and transformers; the device is CUDA when torch sees one, else the CPU (no graph).
"""
import argparse
import json
import os
import shutil
import tempfile
import time

import torch

from hf_check import device


def sync():
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def load(config_path, dtype):
    from transformers import AutoConfig, AutoModelForCausalLM

    with tempfile.TemporaryDirectory() as folder:
        shutil.copyfile(config_path, os.path.join(folder, "config.json"))
        config = AutoConfig.from_pretrained(folder)
    with torch.device(device()):
        model = AutoModelForCausalLM.from_config(config, dtype=dtype)
    return config, model.eval()


def static_cache(config, batch, length, dtype):
    from transformers import StaticCache

    # transformers 5 sizes the cache's batch and device from the first update; 4.x asked.
    try:
        return StaticCache(config=config, max_cache_len=length)
    except TypeError:
        return StaticCache(config=config, max_batch_size=batch, max_cache_len=length,
                           device=device(), dtype=dtype)


def timed(run, steps):
    """Median seconds of `steps` calls of `run`, each synchronised."""
    times = []
    for _ in range(steps):
        sync()
        started = time.perf_counter()
        run()
        sync()
        times.append(time.perf_counter() - started)
    times.sort()
    return times[len(times) // 2]


def decode(config, model, batch, context, steps, dtype):
    vocab = config.vocab_size
    cache = static_cache(config, batch, context + 2 * steps + 16, dtype)
    dev = device()
    prompt = torch.randint(0, vocab, (batch, context), device=dev)
    token = torch.randint(0, vocab, (batch, 1), device=dev)
    position = torch.tensor([context], device=dev)
    with torch.no_grad():
        model(input_ids=prompt, past_key_values=cache, use_cache=True,
              cache_position=torch.arange(context, device=dev))

    def step():
        logits = model(input_ids=token, past_key_values=cache, use_cache=True,
                       cache_position=position,
                       position_ids=position.view(1, 1).expand(batch, 1)).logits
        token.copy_(logits[:, -1].argmax(-1, keepdim=True))
        position.add_(1)

    result = {"batch": batch, "context": context}
    with torch.no_grad():
        for _ in range(2):
            step()
        result["eager_ms"] = timed(step, steps // 2) * 1e3
        result["step_ms"] = result["eager_ms"]
        result["cuda_graph"] = False
        if not torch.cuda.is_available():
            result["graph_error"] = "no CUDA"
            return result
        # Captured after the eager steps, from where they left off, within the cache.
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            step()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        try:
            with torch.cuda.graph(graph):
                step()
        except Exception as e:  # noqa: BLE001 - any capture failure is reported, not fatal
            result["graph_error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
            return result
        graph.replay()
        result["step_ms"] = timed(graph.replay, steps) * 1e3
        result["cuda_graph"] = True
    return result


def prefill(config, model, tokens, dtype):
    dev = device()
    ids = torch.randint(0, config.vocab_size, (1, tokens), device=dev)

    def run():
        cache = static_cache(config, 1, tokens + 16, dtype)
        model(input_ids=ids, past_key_values=cache, use_cache=True,
              cache_position=torch.arange(tokens, device=dev))

    with torch.no_grad():
        run()
        seconds = timed(run, 3)
    return {"tokens": tokens, "seconds": seconds, "tokens_per_second": tokens / seconds}


def main():
    import transformers

    parser = argparse.ArgumentParser()
    parser.add_argument("config")
    parser.add_argument("--batch", type=int, action="append")
    parser.add_argument("--context", type=int, default=128)
    parser.add_argument("--steps", type=int, default=32)
    parser.add_argument("--prefill", type=int, default=512)
    parser.add_argument("--dtype", default="bfloat16")
    args = parser.parse_args()
    dtype = getattr(torch, args.dtype)
    torch.manual_seed(0)
    config, model = load(args.config, dtype)
    weight_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    result = {
        "transformers": transformers.__version__,
        "torch": torch.__version__,
        "device": torch.cuda.get_device_name() if torch.cuda.is_available() else "cpu",
        "dtype": args.dtype,
        "shape": os.path.basename(args.config).rsplit(".", 1)[0],
        "weight_bytes": weight_bytes,
        "decode": [decode(config, model, b, args.context, args.steps, dtype)
                   for b in (args.batch or [1, 8])],
        "prefill": prefill(config, model, args.prefill, dtype),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
