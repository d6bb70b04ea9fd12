"""Compares the `logits` tool's output for a tiny family fixture with the fixture's
transformers oracle: logits within a tolerance at every position, greedy ids exact.
Standard library only (the GPU machine's numpy is not needed, CI has none).

usage: oracle_check.py RESULT_DIR ORACLE_JSON [TOLERANCE]
Prints one JSON object; exits 1 when a check fails.
"""
import array
import json
import os
import sys


def rows(path, vocab):
    data = array.array("f")
    with open(path, "rb") as f:
        data.frombytes(f.read())
    if sys.byteorder != "little":
        data.byteswap()
    if len(data) % vocab:
        raise ValueError(f"{path}: {len(data)} floats is not a whole number of rows of {vocab}")
    return [data[i : i + vocab] for i in range(0, len(data), vocab)]


def worst(ours, theirs, positions):
    diff = 0.0
    for row, pos in zip(ours, positions):
        ref = theirs[pos]
        if len(row) != len(ref):
            raise ValueError(f"position {pos}: {len(row)} logits, the oracle has {len(ref)}")
        diff = max(diff, max(abs(a - b) for a, b in zip(row, ref)))
    return diff


def main():
    result_dir, oracle_path = sys.argv[1], sys.argv[2]
    tolerance = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-4
    with open(os.path.join(result_dir, "result.json")) as f:
        result = json.load(f)
    with open(oracle_path) as f:
        oracle = json.load(f)
    vocab = result["vocab"]
    one_token = result["one_token"]
    chunked = result["chunked"]
    report = {
        "family": oracle.get("family"),
        "positions": len(oracle["logits"]),
        "tolerance": tolerance,
        "one_token_max_abs_diff": worst(
            rows(os.path.join(result_dir, one_token["file"]), vocab),
            oracle["logits"],
            one_token["positions"],
        ),
        "chunked_max_abs_diff": worst(
            rows(os.path.join(result_dir, chunked["file"]), vocab),
            oracle["logits"],
            chunked["positions"],
        ),
        "greedy_ids": result["greedy_ids"],
        "oracle_greedy_ids": oracle["greedy_ids"],
        "seconds": result["seconds"],
    }
    report["greedy_exact"] = result["greedy_ids"] == oracle["greedy_ids"]
    report["passed"] = (
        report["greedy_exact"]
        and report["one_token_max_abs_diff"] <= tolerance
        and report["chunked_max_abs_diff"] <= tolerance
        and len(one_token["positions"]) == len(oracle["logits"])
    )
    print(json.dumps(report))
    sys.exit(0 if report["passed"] else 1)


if __name__ == "__main__":
    main()
