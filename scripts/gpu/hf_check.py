"""Random-weight models of real shapes, made with torch on the machine that runs the bundle,
and transformers' float64 logits beside ours.

  hf_check.py make CONFIG_JSON MODEL_DIR SEED
      A seeded random model of CONFIG_JSON's shape saved as MODEL_DIR (config.json +
      model.safetensors, float32), and MODEL_DIR/sequences.json: two token sequences (a
      prompt and positions decoded after it) for the `logits` tool.
  hf_check.py compare MODEL_DIR RESULT_DIR [TOLERANCE]
      transformers' logits of the same sequences in float64 against the `logits` tool's
      (one-token prefills, chunked prefill then decode, the ragged two-row batch): the largest
      difference relative to the largest reference logit. Prints one JSON object; exits 1
      when a check fails.
  hf_check.py bandwidth
      The device-to-device copy bandwidth (bytes read + written per second) through torch:
      the floor a decode step's weight and KV reads are measured against.

Needs torch and transformers (the GPU machine has both); the device is CUDA when torch
sees one, else the CPU.
"""
import json
import math
import os
import shutil
import sys
import time

import torch


def device():
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make(config_path, model_dir, seed):
    from transformers import AutoConfig, AutoModelForCausalLM

    os.makedirs(model_dir, exist_ok=True)
    shutil.copyfile(config_path, os.path.join(model_dir, "config.json"))
    config = AutoConfig.from_pretrained(model_dir)
    torch.manual_seed(seed)
    with torch.device(device()):
        model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    # Wider than the default init (std 0.02), so the logits spread and argmax means something.
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() > 1:
                p.normal_(0.0, 1.0 / p.shape[-1] ** 0.5)
    model.save_pretrained(model_dir, max_shard_size="1000GB")
    # Our module is keyed by the config it was compiled from: keep that text, not the one
    # transformers writes back.
    shutil.copyfile(config_path, os.path.join(model_dir, "config.json"))
    g = torch.Generator().manual_seed(seed + 1)
    vocab = config.vocab_size
    first = torch.randint(0, vocab, (20,), generator=g).tolist()
    second = torch.randint(0, vocab, (15,), generator=g).tolist()
    with open(os.path.join(model_dir, "sequences.json"), "w") as f:
        json.dump({"first": first, "first_prompt": 12, "second": second, "second_prompt": 5}, f)


def rows(path, vocab):
    with open(path, "rb") as f:
        data = bytearray(f.read())
    return torch.frombuffer(data, dtype=torch.float32).double().reshape(-1, vocab)


def reference(model, tokens):
    ids = torch.tensor([tokens], device=device())
    with torch.no_grad():
        return model(ids).logits[0].double().cpu()


def relative(ours, ref):
    return float((ours - ref).abs().max() / ref.abs().max())


def compare(model_dir, result_dir, tolerance):
    from transformers import AutoModelForCausalLM

    with open(os.path.join(result_dir, "result.json")) as f:
        result = json.load(f)
    vocab = result["vocab"]
    started = time.time()
    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float64).to(device())
    model.eval()
    first = reference(model, result["tokens"])
    checks = {}
    for key in ("one_token", "chunked"):
        part = result[key]
        ours = rows(os.path.join(result_dir, part["file"]), vocab)
        checks[key] = relative(ours, first[part["positions"]])
    ragged = result.get("ragged")
    if ragged:
        second = reference(model, ragged["tokens"])
        ours = rows(os.path.join(result_dir, ragged["file"]), vocab)
        refs = torch.stack([(first, second)[seq][pos] for seq, pos in ragged["rows"]])
        checks["ragged"] = relative(ours, refs)
    prompt = result["prompt_len"]
    greedy = result["greedy_ids"]
    # Greedy by hand rather than generate(): the config's default end-of-sequence id would
    # stop generate() early, while our run draws every token.
    ids = list(result["tokens"][:prompt])
    for _ in greedy:
        ids.append(int(reference(model, ids)[-1].argmax()))
    theirs = ids[prompt:]
    agree = sum(a == b for a, b in zip(greedy, theirs))
    report = {
        "device": str(device()),
        "tolerance_relative": tolerance,
        "max_relative_diff": checks,
        "greedy_ids": greedy,
        "reference_greedy_ids": theirs,
        # Random weights leave small top-2 gaps: an f32 model may part from f64 on a near tie,
        # so agreement is reported, not required.
        "greedy_agreement": f"{agree}/{len(greedy)}",
        "reference_seconds": time.time() - started,
    }
    # The device sampling heads' greedy continuation (logits --device-greedy) must be the host
    # sampler's: the same logits, argmax on the device, the steps queued ahead where fenced.
    device_greedy = result.get("device_greedy_ids")
    if device_greedy is not None:
        report["device_greedy_ids"] = device_greedy
        report["device_greedy_exact"] = device_greedy == greedy
        report["device_steps_queued_ahead"] = result.get("device_steps_queued_ahead")
    # The device heads' draws from one row with every filter on (logits --device-draws): only
    # tokens the host sampler can draw, its log-probabilities, and frequencies near its exact
    # distribution. The expected total variation is about 0.4 sqrt(support / draws); the
    # bound is near four times that, a check against wrong filters, not a fine test.
    draws = result.get("device_draws")
    if draws is not None:
        bound = 1.5 * math.sqrt(draws["support"] / draws["draws"])
        report["device_draws"] = dict(draws, bound=bound)
        report["device_draws_ok"] = (draws["outside_support"] == 0
                                     and draws["max_logprob_diff"] <= 1e-3
                                     and draws["total_variation"] <= bound)
    report["passed"] = (all(v <= tolerance for v in checks.values())
                        and report.get("device_greedy_exact", True)
                        and report.get("device_draws_ok", True))
    print(json.dumps(report))
    return report["passed"]


def bandwidth():
    dev = device()
    n = (1 << 30) if dev.type == "cuda" else (256 << 20)
    src = torch.empty(n, dtype=torch.uint8, device=dev)
    dst = torch.empty_like(src)
    dst.copy_(src)
    best = float("inf")
    for _ in range(10):
        if dev.type == "cuda":
            torch.cuda.synchronize()
        t = time.perf_counter()
        dst.copy_(src)
        if dev.type == "cuda":
            torch.cuda.synchronize()
        best = min(best, time.perf_counter() - t)
    name = torch.cuda.get_device_name() if dev.type == "cuda" else "cpu"
    print(json.dumps({"device": name, "bytes": n, "copy_bytes_per_s": 2 * n / best}))


def main():
    command = sys.argv[1]
    if command == "make":
        make(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "compare":
        tolerance = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-4
        sys.exit(0 if compare(sys.argv[2], sys.argv[3], tolerance) else 1)
    elif command == "bandwidth":
        bandwidth()
    else:
        sys.exit(f"hf_check.py: unknown command {command!r} (make, compare or bandwidth)")


if __name__ == "__main__":
    main()
