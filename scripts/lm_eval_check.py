"""The second half of scripts/lm-eval-check.sh: waits for `serve`, runs lm-eval-harness's
`local-completions` on the local task, then holds each of its loglikelihoods against
`quality --logprobs-out` on the same token sequences (lm-eval's own context and continuation
split, tokenized through the server as lm-eval tokenizes them) and the accuracy against the one
those log-probabilities give. Exits non-zero when they differ."""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

args = argparse.ArgumentParser()
for name in ["--venv", "--work", "--server-log", "--quality", "--task-dir"]:
    args.add_argument(name, required=True)
args = args.parse_args()


def server_base():
    deadline = time.time() + 1200
    while time.time() < deadline:
        text = open(args.server_log).read()
        found = re.search(r"listening on (http://\S+)", text)
        if found:
            base = found.group(1)
            try:
                if urllib.request.urlopen(base + "/health").status == 200:
                    return base
            except Exception:
                pass
        time.sleep(0.5)
    sys.exit("serve did not become ready:\n" + open(args.server_log).read())


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    return json.load(urllib.request.urlopen(request))


base = server_base()
task_dir = os.path.join(args.work, "task")
os.makedirs(task_dir, exist_ok=True)
template = open(os.path.join(args.task_dir, "serve_mc.yaml")).read()
data = os.path.abspath(os.path.join(args.task_dir, "mc.jsonl"))
open(os.path.join(task_dir, "serve_mc.yaml"), "w").write(template.replace("@DATA@", data))
out_dir = os.path.join(args.work, "out")
env = dict(os.environ, HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1")
started = time.time()
subprocess.run([
    os.path.join(args.venv, "bin", "lm_eval"), "--model", "local-completions",
    "--model_args", f"base_url={base}/v1/completions,model=smollm2,tokenizer_backend=remote,"
                    "num_concurrent=1,max_retries=1",
    "--tasks", "serve_mc", "--include_path", task_dir, "--output_path", out_dir, "--log_samples",
], check=True, env=env)
elapsed = time.time() - started
results = json.load(open(glob.glob(os.path.join(out_dir, "**", "results_*.json"), recursive=True)[0]))
lm_eval_acc = results["results"]["serve_mc"]["acc,none"]
samples = [json.loads(line) for path in glob.glob(os.path.join(out_dir, "**", "samples_serve_mc_*.jsonl"), recursive=True)
           for line in open(path)]
samples.sort(key=lambda s: s["doc_id"])

# lm-eval's split of each request into context and continuation tokens (remote tokenizer:
# the whole text's tokens, the context's count cut off).
def tokens(text):
    return post(base, "/tokenize", {"prompt": text, "add_special_tokens": False})["tokens"]


rows = []
for sample in samples:
    arguments = [sample["arguments"][f"gen_args_{i}"] for i in range(len(sample["resps"]))]
    for argument, response in zip(arguments, sample["resps"]):
        context, continuation = argument["arg_0"], argument["arg_1"]
        # lm-eval moves the context's trailing spaces to the continuation.
        spaces = len(context) - len(context.rstrip())
        if spaces:
            context, continuation = context[:-spaces], context[-spaces:] + continuation
        whole = tokens(context + continuation)
        context_len = len(tokens(context))
        rows.append({"doc": sample["doc_id"], "target": sample["target"], "ids": whole,
                     "context_len": context_len, "lm_eval": float(response[0][0])})
prompts = {"prompts": [{"prompt_ids": r["ids"], "greedy_ids": []} for r in rows]}
prompts_file = os.path.join(args.work, "sequences.json")
json.dump(prompts, open(prompts_file, "w"))
logprobs_file = os.path.join(args.work, "quality_logprobs.json")
subprocess.run([args.quality, "--prompts", prompts_file, "--choice", "native:f32",
                "--logprobs-out", logprobs_file], check=True)
quality = json.load(open(logprobs_file))["logprobs"]
worst = 0.0
for row, logprobs in zip(rows, quality):
    # logprobs[i] is token i + 1's: the continuation's tokens are from context_len on.
    row["quality"] = sum(logprobs[row["context_len"] - 1:])
    worst = max(worst, abs(row["quality"] - row["lm_eval"]))
correct = 0
for doc in sorted({r["doc"] for r in rows}):
    choices = [r for r in rows if r["doc"] == doc]
    best = max(range(len(choices)), key=lambda i: choices[i]["quality"])
    correct += best == int(choices[0]["target"])
quality_acc = correct / len({r["doc"] for r in rows})
json.dump(rows, open(os.path.join(args.work, "rows.json"), "w"), indent=1)
print(f"lm-eval: {len(samples)} questions, {len(rows)} loglikelihood requests in {elapsed:.1f} s")
print(f"accuracy: lm-eval {lm_eval_acc:.4f}, from quality's log-probabilities {quality_acc:.4f}")
print(f"loglikelihoods: max |lm-eval - quality| {worst:.3g}")
if quality_acc != lm_eval_acc or worst > 1e-5:
    sys.exit("lm-eval's scores differ from quality's")
