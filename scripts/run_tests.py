#!/usr/bin/env python3
"""Builds every test binary of the workspace (release profile) and runs several at a time.

Most of the suite's time is iree-compile, and one compile keeps about 1.2 of a machine's
cores busy: run one binary after another, as `cargo test` does, and a two-core machine is
half idle through most of the run. Here a pool of workers (`--jobs`, default: the number of
cores) takes the binaries, the end-to-end ones (the `tests` package, then `serve`) first, as
they take longest. Modules, converted weights and fixtures are shared through the on-disk
caches, whose writers lock and rename, so two binaries asking for the same module compile it
once.

Each binary's output goes to a log file (`target/test-logs/`); a line is printed as each one
ends, and a failed binary's log is printed whole. The doc tests run last, through cargo.
Exits non-zero when anything failed. Extra arguments are passed to every test binary (a name
filter, `--nocapture`, ...).
"""

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Packages whose binaries start first: the end-to-end suites, longest first on average.
FIRST = ["tests", "serve"]


def build() -> list[dict]:
    """`cargo test --no-run`: the test executables, each with its package and target. The
    benches are built too (so a change that breaks one fails here), not run."""
    command = ["cargo", "test", "--workspace", "--release", "--all-targets", "--no-run",
               "--message-format=json-render-diagnostics"]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    binaries = []
    for line in proc.stdout:
        message = json.loads(line)
        if message.get("reason") != "compiler-artifact" or not message.get("executable"):
            continue
        if not message["profile"]["test"] or "bench" in message["target"]["kind"]:
            continue
        manifest = Path(message["manifest_path"])
        binaries.append({
            "exe": message["executable"],
            "dir": str(manifest.parent),
            "package": manifest.parent.name,
            "name": f"{manifest.parent.name}/{message['target']['name']}"
                    f" ({'+'.join(message['target']['kind'])})",
        })
    if proc.wait() != 0:
        sys.exit(f"building the tests failed (exit {proc.returncode})")
    return binaries


def order(binaries: list[dict], times: dict) -> list[dict]:
    """Longest first by the last run's times where this folder has them (so the slowest
    binary does not start last), else the end-to-end packages first."""
    rank = {name: i for i, name in enumerate(FIRST)}
    return sorted(binaries, key=lambda b: (-times.get(b["name"], float("inf")),
                                           rank.get(b["package"], len(FIRST))))


def run_one(binary: dict, extra: list[str], logs: Path) -> tuple[int, float, Path]:
    log = logs / (Path(binary["exe"]).name + ".log")
    env = dict(os.environ, CARGO_MANIFEST_DIR=binary["dir"])
    started = time.monotonic()
    with open(log, "w") as out:
        code = subprocess.call([binary["exe"], *extra], cwd=binary["dir"], env=env,
                               stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
    return code, time.monotonic() - started, log


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args, extra = parser.parse_known_args()
    began = time.monotonic()
    logs = ROOT / "target" / "test-logs"
    logs.mkdir(parents=True, exist_ok=True)
    for old in logs.glob("*.log"):
        old.unlink()
    times_file = logs / "times.json"
    try:
        times = json.loads(times_file.read_text())
    except (OSError, ValueError):
        times = {}
    binaries = order(build(), times)
    queue = list(binaries)
    lock = threading.Lock()
    failed: list[tuple[str, Path]] = []
    done = 0

    def worker():
        nonlocal done
        while True:
            with lock:
                if not queue:
                    return
                binary = queue.pop(0)
            code, seconds, log = run_one(binary, extra, logs)
            with lock:
                done += 1
                times[binary["name"]] = round(seconds, 1)
                status = "ok" if code == 0 else f"FAILED (exit {code})"
                print(f"[{done:3}/{len(binaries)}] {binary['name']}: {status}"
                      f" in {seconds:.0f} s", flush=True)
                if code != 0:
                    failed.append((binary["name"], log))
                    sys.stdout.write(log.read_text(errors="replace"))
                    sys.stdout.flush()

    print(f"running {len(binaries)} test binaries, {args.jobs} at a time"
          f" (logs in {logs.relative_to(ROOT)})", flush=True)
    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if not extra:  # a filtered run's times say nothing of the next whole one
        times_file.write_text(json.dumps(times, indent=1, sort_keys=True))
    doc = subprocess.call(["cargo", "test", "--workspace", "--release", "--doc", "--", *extra],
                          cwd=ROOT)
    if doc != 0:
        failed.append(("doc tests", Path("-")))
    minutes = (time.monotonic() - began) / 60
    if failed:
        print(f"{len(failed)} failed after {minutes:.1f} min: "
              + ", ".join(name for name, _ in failed), flush=True)
        return 1
    print(f"every test passed in {minutes:.1f} min", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
