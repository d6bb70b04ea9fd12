"""Where the device time of a profiled bench goes, from Nsight Compute's CSV.

  kernels.py NCU_CSV [TOP]

The CSV is what `ncu --csv --print-units base --metrics gpu__time_duration.sum` wrote for
`bench --profile` (the last prefill round and the first timed step of each decode run). IREE
names each kernel after the function that dispatched it and the work it does
(`decode_b8_w256_dispatch_12_matmul_like_8x1536x576_f32xf16xf32`), so the time is summed per
function and per kernel. Prints one JSON object.
"""
import csv
import json
import re
import sys

# The unit ncu gives a duration in, to nanoseconds.
UNITS = {"ns": 1.0, "nsecond": 1.0, "usecond": 1e3, "us": 1e3, "msecond": 1e6, "ms": 1e6,
         "second": 1e9, "s": 1e9}


def rows(path):
    with open(path, newline="", errors="replace") as f:
        # ncu prints its own lines ("==PROF==") before the table.
        lines = [line for line in f if line.startswith('"')]
    for row in csv.DictReader(lines):
        if row.get("Metric Name") != "gpu__time_duration.sum":
            continue
        value = float(row["Metric Value"].replace(",", ""))
        yield row["Kernel Name"], value * UNITS.get(row.get("Metric Unit", "ns"), 1.0)


def function_of(kernel):
    match = re.match(r"(.*?)_+(?:async_)?dispatch_\d+", kernel.replace("$", "_"))
    return match.group(1) if match else kernel


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    functions, kernels = {}, {}
    count = 0
    for kernel, ns in rows(path):
        count += 1
        f = functions.setdefault(function_of(kernel), {"kernels": 0, "ms": 0.0})
        f["kernels"] += 1
        f["ms"] += ns / 1e6
        k = kernels.setdefault(kernel, {"launches": 0, "ms": 0.0})
        k["launches"] += 1
        k["ms"] += ns / 1e6
    ranked = sorted(kernels.items(), key=lambda kv: -kv[1]["ms"])[:top]
    print(json.dumps({
        "profiled_kernels": count,
        "functions": dict(sorted(functions.items(), key=lambda kv: -kv[1]["ms"])),
        "top_kernels": [{"kernel": k, **v} for k, v in ranked],
    }))
    if count == 0:
        sys.exit("no kernel durations in the profile")


if __name__ == "__main__":
    main()
