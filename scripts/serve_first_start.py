"""A never-seen model behind `serve`: seconds to /health 200 and to the first streamed token
from an empty cache, then the steady decode speed once the engine has moved to the full
module, against a server started on the warm cache (the full module compiled), in the same
run. Rounds alternate cold and warm servers; each cold round starts from a new empty cache.

Usage: serve_first_start.py [--model FILE.gguf] [--rounds R] [--streams N] [--tokens T]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from serve_client import ROOT, MODEL, free_port, load_average, stop, stream_completion
from serve_targets import prompt, steady_throughput, streams

MOVED = "moved to the next module"


def start(model, cache, log):
    """Starts serve on `cache`; returns (base url, process, start time)."""
    port = free_port()
    cmd = [str(ROOT / "target/release/serve"), "--port", str(port), "--served-model-name", MODEL]
    if model:
        cmd += ["--model", model]
    env = dict(os.environ, LLM_IREE_CACHE=str(cache))
    started = time.perf_counter()
    process = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    return f"http://127.0.0.1:{port}", process, started


def healthy(base):
    try:
        with urllib.request.urlopen(base + "/health", timeout=5) as r:
            return r.status == 200
    except OSError:
        return False


def wait_for(condition, process, timeout, what):
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"serve exited with {process.returncode} waiting for {what}")
        if condition():
            return time.perf_counter()
        time.sleep(0.2)
    raise RuntimeError(f"no {what} after {timeout} s")


def one_server(args, cache, log_path, cold):
    """One server's figures: seconds to health and to a first token, and steady tok/s of
    `--streams` streams (after the move to the full module when cold)."""
    with open(log_path, "w") as log:
        base, process, started = start(args.model, cache, log)
        try:
            ready = wait_for(lambda: healthy(base), process, 1800, "/health 200")
            times, sent, _ = stream_completion(base, prompt(64, 99), 8, seed=1)
            first_token = times[0] - started
            if cold:
                moved = lambda: MOVED in Path(log_path).read_text(errors="replace")
                # The move happens between requests: keep one request going until it has.
                while not moved():
                    if process.poll() is not None:
                        raise RuntimeError("serve exited before moving to the full module")
                    stream_completion(base, prompt(16, 7), 4, seed=2)
            rate, _ = steady_throughput(streams(base, args.streams, 128, args.tokens))
            return ready - started, first_token, rate
        finally:
            stop(process)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", help="a GGUF file (default: serve's default model)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--streams", type=int, default=8)
    parser.add_argument("--tokens", type=int, default=64)
    parser.add_argument("--keep-logs", help="a directory to copy the servers' logs into")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "-q", "--release", "-p", "serve"], cwd=ROOT, check=True)
    ratios = []
    with tempfile.TemporaryDirectory() as scratch:
        for r in range(args.rounds):
            cache = Path(scratch) / f"cache-{r}"
            load = load_average()[0]
            health, first, cold_rate = one_server(args, cache, Path(scratch) / "cold.log", True)
            print(f"round {r}: cold start (load {load:.1f}): /health 200 after {health:.1f} s, "
                  f"first token {first:.1f} s; {args.streams} streams after the move "
                  f"{cold_rate:.1f} tok/s", flush=True)
            load = load_average()[0]
            health, first, warm_rate = one_server(args, cache, Path(scratch) / "warm.log", False)
            print(f"round {r}: warm start (load {load:.1f}): /health 200 after {health:.1f} s, "
                  f"first token {first:.1f} s; {args.streams} streams {warm_rate:.1f} tok/s",
                  flush=True)
            ratios.append(cold_rate / warm_rate)
            if args.keep_logs:
                for name in ("cold", "warm"):
                    Path(args.keep_logs).mkdir(parents=True, exist_ok=True)
                    text = (Path(scratch) / f"{name}.log").read_text(errors="replace")
                    (Path(args.keep_logs) / f"{name}-{r}.log").write_text(text)
    print(f"after the move / warm start: {', '.join(f'{x:.3f}' for x in ratios)} "
          f"(median {statistics.median(ratios):.3f})")


if __name__ == "__main__":
    sys.exit(main())
