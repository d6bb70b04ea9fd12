"""The GPU run's records and report (standard library only).

  report.py record STEPS NAME RC SECONDS LIMIT LOG [RESULT_JSON]
      Appends one step's record to STEPS (JSON lines): ok, failed or timed out; for a
      failure the log's last lines as its cause; the step's result, read from RESULT_JSON
      or else the log's last line that is a JSON object.
  report.py skip STEPS NAME REASON [STATUS]
      Records a step that did not run, and why: skipped (it cannot run here), or "out of
      time" (the run's budget was spent before it).
  report.py write STEPS BUNDLE_JSON OUT_DIR [KEY=VALUE...]
      report.json and report.txt in OUT_DIR from the records, the bundle's description and
      facts about the run (KEY=VALUE).
"""
import json
import sys

CAUSE_LINES = 15


def last_json(path):
    try:
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        line = line.strip()
        if line.startswith("{") and line.endswith("}"):
            try:
                return json.loads(line)
            except ValueError:
                continue
    return None


def tail(path, count):
    try:
        with open(path, errors="replace") as f:
            return "\n".join(f.read().splitlines()[-count:])
    except OSError as e:
        return f"no log: {e}"


def record(steps, name, rc, seconds, limit, log, result_path=None):
    rc = int(rc)
    # timeout(1) exits 124 when the limit ends a step, 137 when it had to kill it.
    status = "ok" if rc == 0 else "timed out" if rc in (124, 137) else "failed"
    entry = {"step": name, "status": status, "rc": rc, "seconds": round(float(seconds), 2),
             "limit_s": int(limit), "log": log.rsplit("/", 2)[-1]}
    result = None
    if result_path:
        try:
            with open(result_path) as f:
                result = json.load(f)
        except (OSError, ValueError):
            result = None
    if result is None:
        result = last_json(log)
    if result is not None:
        entry["result"] = result
    if status != "ok":
        entry["cause"] = (f"ran past its {limit} s limit\n" if status == "timed out" else "") + tail(
            log, CAUSE_LINES
        )
    with open(steps, "a") as f:
        f.write(json.dumps(entry) + "\n")
    print(f"[run] {name}: {status} ({entry['seconds']} s)", flush=True)


def skip(steps, name, reason, status="skipped"):
    with open(steps, "a") as f:
        f.write(json.dumps({"step": name, "status": status, "cause": reason}) + "\n")
    print(f"[run] {name}: {status} ({reason})", flush=True)


def summary(entry):
    """One line of what a step's result says."""
    r = entry.get("result") or {}
    if "one_token_max_abs_diff" in r:
        return (f"max |diff| one-token {r['one_token_max_abs_diff']:.2e}, chunked "
                f"{r['chunked_max_abs_diff']:.2e} (tolerance {r['tolerance']:.0e}); greedy "
                f"{'exact' if r['greedy_exact'] else 'DIFFERS'}")
    if "max_relative_diff" in r:
        parts = ", ".join(f"{k} {v:.2e}" for k, v in r["max_relative_diff"].items())
        device = ""
        if "device_greedy_exact" in r:
            device = (f"; device heads' greedy {'equal' if r['device_greedy_exact'] else 'DIFFER'}"
                      f" ({r['device_steps_queued_ahead']} steps queued ahead)")
        if "device_draws" in r:
            d = r["device_draws"]
            device += (f"; device draws {'ok' if r['device_draws_ok'] else 'WRONG'}: total "
                       f"variation {d['total_variation']:.4f} (bound {d['bound']:.3f}) over "
                       f"{d['draws']}, {d['outside_support']} outside the support, log-prob "
                       f"diff {d['max_logprob_diff']:.1e}")
        return (f"max relative diff {parts} (tolerance {r['tolerance_relative']:.0e}) on "
                f"{r['device']}; greedy agreement {r['greedy_agreement']}{device}")
    if "copy_bytes_per_s" in r:
        return f"{r['device']}: device copy {r['copy_bytes_per_s'] / 1e9:.1f} GB/s (read + write)"
    if "profiled_kernels" in r:
        fs = ", ".join(f"{n} {f['ms']:.2f} ms/{f['kernels']}" for n, f in
                       list(r["functions"].items())[:6])
        return f"{r['profiled_kernels']} kernels; device time per function: {fs}"
    if "decode" in r and "transformers" in r:
        return reference_summary(r)
    if "decode" in r and "prefill" in r:
        return bench_summary(r)
    return ""


def bench_summary(r):
    parts = [f"weights {r.get('weight_bytes', 0) / 1e6:.0f} MB"]
    prefill = r.get("prefill") or {}
    if "tokens_per_second" in prefill:
        parts.append(f"prefill {prefill['tokens']} tokens {prefill['tokens_per_second']:.0f} tok/s")
    for d in r.get("decode") or []:
        forward = f", forward {d['forward_ms']:.2f}" if "forward_ms" in d else ""
        mean = f", mean {d['step_ms_mean']:.2f}" if "step_ms_mean" in d else ""
        parts.append(f"B={d['batch']} {d['sampling']} {d['step_ms']:.2f} ms/step{mean}{forward} "
                     f"({d['tokens_per_second']:.1f} tok/s)")
    return "; ".join(parts)


def reference_summary(r):
    parts = [f"transformers {r['transformers']} {r['dtype']} on {r['device']}"]
    for d in r["decode"]:
        how = "CUDA graph" if d["cuda_graph"] else f"eager ({d.get('graph_error', 'no graph')})"
        parts.append(f"B={d['batch']} {d['step_ms']:.2f} ms/step {how}")
    if "prefill" in r:
        p = r["prefill"]
        parts.append(f"prefill {p['tokens']} tokens {p['tokens_per_second']:.0f} tok/s")
    return "; ".join(parts)


def write(steps, bundle_json, out_dir, facts):
    entries = []
    with open(steps) as f:
        for line in f:
            if line.strip():
                entries.append(json.loads(line))
    try:
        with open(bundle_json) as f:
            bundle = json.load(f)
    except (OSError, ValueError) as e:
        bundle = {"error": f"unreadable: {e}"}
    counts = {}
    for e in entries:
        counts[e["status"]] = counts.get(e["status"], 0) + 1
    report = {"run": facts, "bundle": bundle, "counts": counts, "steps": entries}
    with open(f"{out_dir}/report.json", "w") as f:
        json.dump(report, f, indent=2)
    lines = ["GPU bundle run", ""]
    lines += [f"{k}: {v}" for k, v in facts.items()]
    lines += [f"bundle: profile {bundle.get('profile')}, built {bundle.get('built')}, commit "
              f"{bundle.get('commit')}, {bundle.get('compiler')}", ""]
    lines.append("steps: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())))
    lines.append("")
    for e in entries:
        seconds = f" {e['seconds']:.1f} s" if "seconds" in e else ""
        lines.append(f"{e['status']:>9}{seconds:>9}  {e['step']}  {summary(e)}".rstrip())
        if e["status"] not in ("ok", "not chosen") and e.get("cause"):
            lines += ["           " + c for c in e["cause"].splitlines()]
    with open(f"{out_dir}/report.txt", "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "record":
        record(*args)
    elif command == "skip":
        skip(*args)
    elif command == "write":
        facts = dict(a.split("=", 1) for a in args[3:])
        write(args[0], args[1], args[2], facts)
    else:
        sys.exit(f"report.py: unknown command {command!r}")


if __name__ == "__main__":
    main()
