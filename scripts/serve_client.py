"""What the serving scripts share: start and stop `serve`, stream a
completion and time its tokens, read /metrics and the server's memory.
Standard library only, so any python3 runs them.
"""

import contextlib
import http.client
import json
import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODEL = "smollm2"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def server(extra_args=(), log=None, ready_timeout=1800):
    """Runs target/release/serve on a free port until /health is 200; yields
    (base_url, process); SIGTERM and wait on exit."""
    port = free_port()
    cmd = [str(ROOT / "target/release/serve"), "--port", str(port),
           "--served-model-name", MODEL, *extra_args]
    out = open(log, "w") if log else subprocess.DEVNULL
    process = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, process, ready_timeout)
        yield base, process
    finally:
        stop(process)
        if log:
            out.close()


def stop(process):
    """SIGTERM, then SIGKILL after a minute."""
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_ready(base, process, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"serve exited with {process.returncode} before it was ready")
        try:
            with urllib.request.urlopen(base + "/health", timeout=5) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"serve not ready after {timeout} s")


def stream_completion(base, prompt, max_tokens, temperature=0.8, top_p=0.95, seed=None,
                      timeout=600):
    """POSTs a streaming /v1/completions with ignore_eos; returns (token
    arrival times in perf_counter seconds, the send time, usage). Raises on
    an HTTP error status, an error event or a stream without [DONE]."""
    body = {"model": MODEL, "prompt": prompt, "max_tokens": max_tokens,
            "temperature": temperature, "top_p": top_p, "ignore_eos": True, "stream": True,
            "stream_options": {"include_usage": True}}
    if seed is not None:
        body["seed"] = seed
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        sent = time.perf_counter()
        conn.request("POST", "/v1/completions", json.dumps(body),
                     {"content-type": "application/json"})
        response = conn.getresponse()
        if response.status != 200:
            raise RuntimeError(f"HTTP {response.status}: {response.read()[:200]!r}")
        times, usage, done = [], None, False
        for line in response:
            line = line.strip()
            if not line.startswith(b"data: "):
                continue
            data = line[6:]
            if data == b"[DONE]":
                done = True
                break
            event = json.loads(data)
            if "error" in event:
                raise RuntimeError(f"error event: {event['error']}")
            if event.get("usage"):
                usage = event["usage"]
            if event.get("choices"):
                times.append(time.perf_counter())
        if not done:
            raise RuntimeError("stream ended without [DONE]")
        return times, sent, usage
    finally:
        conn.close()


def metrics(base):
    """The unlabelled value of every sample in /metrics, by metric name
    (labels dropped; histograms' _sum/_count kept)."""
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        text = r.read().decode()
    values = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name_labels, value = line.rsplit(" ", 1)
        name = name_labels.split("{", 1)[0]
        values[name] = values.get(name, 0.0) + float(value)
    return values


def rss_mib(pid):
    """Resident memory of `pid` in MiB, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid):
    """CPU seconds of `pid` as a whole (exited threads included) and of each
    live thread, summed by thread name, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")

    def stat_cpu(path):
        fields = Path(path).read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / tick

    by_name = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            name = Path(f"/proc/{pid}/task/{tid}/comm").read_text().strip()
            by_name[name] = by_name.get(name, 0.0) + stat_cpu(f"/proc/{pid}/task/{tid}/stat")
        except FileNotFoundError:  # the thread exited meanwhile
            pass
    return stat_cpu(f"/proc/{pid}/stat"), by_name


def load_average():
    return os.getloadavg()
