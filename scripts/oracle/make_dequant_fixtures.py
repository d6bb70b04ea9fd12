#!/usr/bin/env python3
"""Writes dequantization fixtures for the loader crate's bit-exact tests.

For each GGUF encoding: the encoded bytes of a few blocks (`<TYPE>.<case>.bin`) and gguf-py's
dequantized f32 output (`<TYPE>.<case>.f32`, little-endian), plus `manifest.json` listing them.
Cases: "quantized" (gguf-py quantizes random data; only where gguf-py can) and "random"
(random block bytes whose f16 scale fields are forced finite, so every bit pattern of the
quant fields is exercised).

Usage: python scripts/oracle/make_dequant_fixtures.py [out_dir]   (needs: gguf, numpy)
"""
import json
import sys
from pathlib import Path

import numpy as np
from gguf import GGMLQuantizationType as T
from gguf import quants
from gguf.constants import GGML_QUANT_SIZES

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "tests/fixtures/dequant"
BLOCKS = 6

# Byte offsets of f16 scale fields inside one block, per type.
F16_FIELDS = {
    T.Q8_0: [0],
    T.Q4_0: [0],
    T.Q4_1: [0, 2],
    T.Q5_0: [0],
    T.Q5_1: [0, 2],
    T.Q4_K: [0, 2],
    T.Q5_K: [0, 2],
    T.Q6_K: [208],
}
# Those of the later types (see LATER).
LATER_F16_FIELDS = {
    T.IQ4_NL: [0],
    T.IQ4_XS: [0],
    T.Q2_K: [80, 82],
    T.Q3_K: [108],
}
QUANTIZABLE = [T.Q8_0, T.Q4_0, T.Q4_1, T.Q5_0, T.Q5_1, T.BF16, T.F16]
# Types added later: written after the others, so the earlier cases keep their random draws.
# (type, its cases; "quantized" only where gguf-py quantizes it). MXFP4's scale is an exponent
# byte, valid at every value.
LATER = [(T.MXFP4, ["quantized", "random", "edges"]), (T.IQ4_NL, ["random"]), (T.IQ4_XS, ["random"]),
         (T.Q2_K, ["random"]), (T.Q3_K, ["random"])]


def finite_f16(rng, n):
    """Random f16 bit patterns, redrawn until finite (subnormals and zeros stay in)."""
    bits = rng.integers(0, 1 << 16, size=n, dtype=np.uint32).astype(np.uint16)
    while True:
        bad = (bits & 0x7C00) == 0x7C00
        if not bad.any():
            return bits
        bits[bad] = rng.integers(0, 1 << 16, size=int(bad.sum()), dtype=np.uint32).astype(np.uint16)


def random_blocks(rng, qtype):
    block, size = GGML_QUANT_SIZES[qtype]
    raw = rng.integers(0, 256, size=(BLOCKS, size), dtype=np.uint16).astype(np.uint8)
    for at in F16_FIELDS.get(qtype, LATER_F16_FIELDS.get(qtype, [])):
        raw[:, at : at + 2] = finite_f16(rng, BLOCKS).view(np.uint8).reshape(BLOCKS, 2)
    return raw.reshape(-1), BLOCKS * block


def exponent_edges(rng):
    """MXFP4 blocks at the exponents where ggml's halving changes form or overflows: 0 and 1
    (subnormal scales), 2, 127, 128, 254, 255 (12 * 2^127 is infinite)."""
    block, size = GGML_QUANT_SIZES[T.MXFP4]
    exponents = [0, 1, 2, 127, 128, 254, 255]
    raw = rng.integers(0, 256, size=(len(exponents), size), dtype=np.uint16).astype(np.uint8)
    raw[:, 0] = exponents
    return raw.reshape(-1), len(exponents) * block


def random_floats(rng, qtype):
    n = BLOCKS * 32
    if qtype == T.F32:
        data = (rng.standard_normal(n) * 3).astype(np.float32)
        data[:4] = [0.0, -0.0, 1e-40, -3.4e38]
        return data.view(np.uint8), n
    if qtype == T.F16:
        return finite_f16(rng, n).view(np.uint8), n
    # BF16: the high halves of finite f32 values.
    f = (rng.standard_normal(n) * 100).astype(np.float32)
    return (f.view(np.uint32) >> 16).astype(np.uint16).view(np.uint8), n


def quantized(rng, qtype):
    block = max(GGML_QUANT_SIZES[qtype][0], 32)
    n = BLOCKS * block
    data = rng.standard_normal(n).astype(np.float32)
    data[:block] *= 0.01  # a block of small values exercises small scales
    data[block : 2 * block] = 0.0  # an all-zero block exercises d == 0
    return np.asarray(quants.quantize(data.reshape(1, n), qtype)).view(np.uint8).reshape(-1), n


def write_case(manifest, qtype, case, raw, n):
    ref = np.asarray(quants.dequantize(raw.reshape(1, -1), qtype), dtype=np.float32).reshape(-1)
    assert ref.size == n, (qtype.name, ref.size, n)
    stem = f"{qtype.name}.{case}"
    (OUT / f"{stem}.bin").write_bytes(raw.tobytes())
    (OUT / f"{stem}.f32").write_bytes(ref.astype("<f4").tobytes())
    manifest.append({"type": qtype.name, "case": case, "elements": int(n), "stem": stem})


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20240607)
    manifest = []
    for qtype in [T.F32, T.F16, T.BF16]:
        write_case(manifest, qtype, "random", *random_floats(rng, qtype))
    for qtype in QUANTIZABLE:
        if qtype not in (T.F16, T.BF16):
            write_case(manifest, qtype, "quantized", *quantized(rng, qtype))
    write_case(manifest, T.BF16, "quantized", *quantized(rng, T.BF16))
    for qtype in F16_FIELDS:
        write_case(manifest, qtype, "random", *random_blocks(rng, qtype))
    make = {"quantized": quantized, "random": random_blocks, "edges": lambda rng, _: exponent_edges(rng)}
    for qtype, cases in LATER:
        for case in cases:
            write_case(manifest, qtype, case, *make[case](rng, qtype))
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"wrote {len(manifest)} cases to {OUT}")


if __name__ == "__main__":
    main()
