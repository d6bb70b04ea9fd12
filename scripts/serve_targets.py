"""The serving targets, each against the engine measured in the same run:
8 concurrent streams through `serve` against `bench`'s B=8 decode tok/s, and
the inter-token latency of one stream against `bench`'s B=1 step. One server
stays up; bench runs between its halves, and each half is compared with the
mean of the bench runs either side of it. Both sides
sample on the host at temperature 0.8 / top-p 0.95, from 128 tokens of
context, for the same number of decode steps.

Usage: serve_targets.py [--runs N] [--rounds R] [--tokens T] [--context C]
"""

import argparse
import json
import statistics
import subprocess
import tempfile
import threading
import time

from serve_client import ROOT, cpu_seconds, load_average, server, stream_completion


def bench(context, steps):
    """bench's host-sampled B=1 and B=8 decode results, by batch size."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([str(ROOT / "target/release/bench"), "--batch", "1", "--batch", "8",
                        "--sampling", "host", "--context", str(context), "--steps", str(steps),
                        "--prefill-tokens", "16", "--json", out.name],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report = json.load(open(out.name))
    return {d["batch"]: d for d in report["decode"]}


def prompt(context, salt):
    # Token ids, so the context is exactly `context` tokens as in bench.
    return [(i * 7919 + salt * 104729 + 17) % 49000 + 1 for i in range(context)]


def streams(base, count, context, tokens):
    """`count` concurrent streams; returns each one's token arrival times."""
    results = [None] * count
    errors = []

    def run(i):
        try:
            times, _, usage = stream_completion(base, prompt(context, i), tokens, seed=i)
            assert usage["completion_tokens"] == tokens, usage
            results[i] = times
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise RuntimeError(f"{len(errors)} streams failed: {errors[0]}")
    return results


def steady_throughput(results):
    """Tokens per second while every stream decodes: from the last stream's
    first token to the first stream's last one (prefill left out, as in
    bench), and from the median gap between a stream's tokens."""
    start = max(t[0] for t in results)
    end = min(t[-1] for t in results)
    tokens = sum(sum(1 for x in t if start < x <= end) for t in results)
    gaps = [b - a for t in results for a, b in zip(t, t[1:]) if a >= start and b <= end]
    return tokens / (end - start), len(results) / statistics.median(gaps)


def serve_half(base, args):
    """Median inter-token gap of one stream (ms) and the tok/s of 8 streams."""
    single = streams(base, 1, args.context, args.tokens)[0]
    itl_ms = statistics.median(b - a for a, b in zip(single, single[1:])) * 1e3
    mean_tps, median_tps = steady_throughput(streams(base, 8, args.context, args.tokens))
    return itl_ms, mean_tps, median_tps


# Threads of the engine and of IREE; the rest (tokio workers, the per-choice
# forwarding threads, live or exited) is the HTTP layer.
ENGINE_THREADS = ("engine", "iree")


def http_cpu_ms_per_token(before, after, tokens):
    """CPU ms per generated token spent outside the engine and IREE threads
    between two cpu_seconds() readings."""
    (total0, names0), (total1, names1) = before, after
    engine = sum(names1.get(n, 0) - names0.get(n, 0)
                 for n in names1 if n.startswith(ENGINE_THREADS))
    return (total1 - total0 - engine) / tokens * 1e3


def one_run(base, args):
    """`args.rounds` server halves, each between two bench runs; a half is
    compared with the mean of the bench runs either side of it, so a change in
    the shared machine's load moves both sides alike. Returns per-round rows."""
    benches = [bench(args.context, args.tokens)]
    rows = []
    for _ in range(args.rounds):
        cpu_before = cpu_seconds(args.server_pid)
        itl_ms, mean_tps, median_tps = serve_half(base, args)
        http_ms = http_cpu_ms_per_token(cpu_before, cpu_seconds(args.server_pid), 9 * args.tokens)
        benches.append(bench(args.context, args.tokens))
        before, after = benches[-2], benches[-1]
        b1 = (before[1]["step_ms"] + after[1]["step_ms"]) / 2
        b8 = (before[8]["tokens_per_second"] + after[8]["tokens_per_second"]) / 2
        rows.append((b1, itl_ms, itl_ms / b1, b8, mean_tps, mean_tps / b8, median_tps / b8,
                     http_ms))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3, help="server halves per run")
    parser.add_argument("--tokens", type=int, default=64, help="decode steps per stream")
    parser.add_argument("--context", type=int, default=128)
    args = parser.parse_args()
    print("run.round | bench B=1 step ms | serve ITL ms (1 stream, median gap) | ITL ratio "
          "(<= 1.05) | bench B=8 tok/s | serve 8 streams tok/s | ratio (>= 0.90) "
          "| ratio from the median gap | HTTP layer CPU ms/token", flush=True)
    with server() as (base, process):
        args.server_pid = process.pid
        stream_completion(base, prompt(args.context, 99), 8)  # warm-up
        for run in range(args.runs):
            started, load = time.monotonic(), load_average()[0]
            rows = one_run(base, args)
            for i, r in enumerate(rows):
                print(f"{run + 1}.{i + 1} | {r[0]:.2f} | {r[1]:.2f} | {r[2]:.3f} | {r[3]:.1f} | "
                      f"{r[4]:.1f} | {r[5]:.3f} | {r[6]:.3f} | {r[7]:.3f}", flush=True)
            itl = statistics.median(r[2] for r in rows)
            tps = statistics.median(r[5] for r in rows)
            print(f"run {run + 1}: median ITL ratio {itl:.3f}, median 8-stream ratio {tps:.3f} "
                  f"(load average {load:.2f} at the start, {load_average()[0]:.2f} at the end, "
                  f"{time.monotonic() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
