"""Soak test: CLIENTS concurrent streaming clients against a fresh `serve` on
SmolLM2 for DURATION seconds, each sending streaming completions back to back.
Passes when no request failed, once idle the server reports no running or
waiting request and no KV in use, and its resident memory stayed flat (the
last sample within --rss-slack MiB of the first one taken under load).

Usage: serve_soak.py [--clients 64] [--duration 120] [--max-tokens 48]
"""

import argparse
import random
import statistics
import sys
import threading
import time

from serve_client import load_average, metrics, rss_mib, server, stream_completion

WORDS = "sea river stone light cloud field bird tree wind fire snow road hill lake star".split()


def client(base, index, stop_at, args, counts, lock):
    rng = random.Random(index)
    while time.monotonic() < stop_at:
        prompt = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 64)))
        max_tokens = rng.randint(1, args.max_tokens)
        try:
            times, _, usage = stream_completion(base, prompt, max_tokens, seed=rng.randrange(1 << 30),
                                                timeout=120)
            ok = usage["completion_tokens"] == max_tokens and len(times) >= 1
            error = None if ok else f"usage {usage}, {len(times)} chunks"
        except Exception as e:  # noqa: BLE001 - counted and reported
            ok, error = False, repr(e)
        with lock:
            if ok:
                counts["ok"] += 1
                counts["tokens"] += max_tokens
            else:
                counts["errors"].append(error)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--duration", type=float, default=120)
    parser.add_argument("--max-tokens", type=int, default=48)
    parser.add_argument("--sample-every", type=float, default=5)
    parser.add_argument("--rss-slack", type=float, default=32, help="MiB")
    parser.add_argument("--log", help="server log file")
    args = parser.parse_args()
    with server(log=args.log) as (base, process):
        idle_rss = rss_mib(process.pid)
        counts, lock = {"ok": 0, "tokens": 0, "errors": []}, threading.Lock()
        started = time.monotonic()
        stop_at = started + args.duration
        threads = [threading.Thread(target=client, args=(base, i, stop_at, args, counts, lock))
                   for i in range(args.clients)]
        for t in threads:
            t.start()
        samples = []  # (seconds, RSS MiB, running, waiting)
        while any(t.is_alive() for t in threads):
            m = metrics(base)
            samples.append((time.monotonic() - started, rss_mib(process.pid),
                            m["vllm:num_requests_running"], m["vllm:num_requests_waiting"]))
            time.sleep(args.sample_every)
        for t in threads:
            t.join()
        elapsed = time.monotonic() - started
        time.sleep(1)  # the engine publishes its gauges after its next step
        after = metrics(base)
        final_rss = rss_mib(process.pid)
    rss = [s[1] for s in samples]
    print(f"{args.clients} clients, {elapsed:.0f} s, load average {load_average()[0]:.2f}")
    print(f"requests: {counts['ok']} completed, {len(counts['errors'])} failed; "
          f"{counts['tokens']} tokens, {counts['tokens'] / elapsed:.1f} tok/s")
    print(f"busiest sample: {max(s[2] for s in samples):.0f} running, "
          f"{max(s[3] for s in samples):.0f} waiting")
    print(f"server RSS MiB: idle {idle_rss:.0f}; under load first {rss[0]:.0f}, last {rss[-1]:.0f}, "
          f"max {max(rss):.0f}, median {statistics.median(rss):.0f} ({len(rss)} samples); "
          f"after the run {final_rss:.0f}")
    gauges = {k: after[k] for k in ("vllm:num_requests_running", "vllm:num_requests_waiting",
                                    "vllm:kv_cache_usage_perc")}
    print("after the run: " + ", ".join(f"{k} {v:g}" for k, v in gauges.items()))
    print(f"requests finished by the server: {after['vllm:request_success_total']:.0f}")
    failures = []
    if counts["errors"]:
        failures.append(f"{len(counts['errors'])} requests failed, first: {counts['errors'][0]}")
    if gauges["vllm:num_requests_running"] or gauges["vllm:num_requests_waiting"]:
        failures.append("requests still running or waiting after every client finished")
    # Parked prefix-cache slots keep their positions; live requests hold none now.
    if after["vllm:num_requests_running"] == 0 and gauges["vllm:kv_cache_usage_perc"] != 0:
        failures.append("KV positions still in use with no request running")
    if rss[-1] - rss[0] > args.rss_slack:
        failures.append(f"RSS grew {rss[-1] - rss[0]:.0f} MiB under load")
    if after["vllm:request_success_total"] != counts["ok"] + len(counts["errors"]):
        failures.append("the server finished a different number of requests than were sent")
    for failure in failures:
        print("FAIL: " + failure)
    print("PASS" if not failures else "FAILED")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
