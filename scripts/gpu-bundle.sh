#!/usr/bin/env bash
# Builds, on a machine without a GPU, everything a GPU run needs into one folder (docs/gpu.md):
# the `logits` and `bench` binaries built with the CUDA driver (stripped, xz-compressed), the
# modules compiled ahead of time for the profile's target in a cache that records its
# compiler, the tiny family fixtures, the shape configs, the Python checks and run.sh.
#
# usage: scripts/gpu-bundle.sh [--profile cuda|cpu] [--out DIR]
#   cuda (default): modules for CUDA sm_80, into .gpu-bundle/
#   cpu: the same run on this CPU with smaller models, into .gpu-bundle-cpu/ (what CI runs)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PROFILE=cuda
OUT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) PROFILE="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    *) echo "usage: scripts/gpu-bundle.sh [--profile cuda|cpu] [--out DIR]" >&2; exit 2 ;;
  esac
done
# shellcheck source=gpu/plan.sh
source "$ROOT/scripts/gpu/plan.sh"
plan_profile "$PROFILE"
case "$PROFILE" in
  cuda) OUT="${OUT:-$ROOT/.gpu-bundle}" ;;
  *) OUT="${OUT:-$ROOT/.gpu-bundle-$PROFILE}" ;;
esac
# The bundle and the working tree it travels in share 64 MiB.
MAX_BYTES=$((48 << 20))
STARTED=$(date +%s)

"$ROOT/scripts/setup.sh" > /dev/null
export PATH="$ROOT/.venv/bin:$PATH"
# The same build the tests use (the CUDA driver is part of every Linux build), with every
# target, so that cargo resolves the dependencies' features as `make test` does: after it, only
# the two binaries link. `-p bench` alone resolved them otherwise and rebuilt about a hundred
# crates (four minutes on two cores).
echo "[gpu-bundle] building every target, as the tests do (logits and bench are bundled)"
cargo build --release --workspace --all-targets
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release"

rm -rf "$OUT"
mkdir -p "$OUT/bin" "$OUT/py" "$OUT/cache" "$OUT/fixtures" "$OUT/shapes"
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT

# pack SRC DST: xz through Python's lzma, which the GPU machine unpacks with the standard
# library alone.
pack() {
  python3 -c 'import lzma, shutil, sys
with open(sys.argv[1], "rb") as src, lzma.open(sys.argv[2], "wb", preset=6) as dst:
    shutil.copyfileobj(src, dst)' "$1" "$2"
}

echo "[gpu-bundle] stripping and compressing the binaries"
for name in logits bench; do
  strip -o "$SCRATCH/$name" "$BIN/$name"
  pack "$SCRATCH/$name" "$OUT/bin/$name.xz"
done

cp "$ROOT/scripts/gpu-run.sh" "$OUT/run.sh"
cp "$ROOT"/scripts/gpu/*.py "$ROOT/scripts/gpu/plan.sh" "$OUT/py/"
# The run loads each family's transformers checkpoint: its GGUF files and their oracles stay.
for family in "${FAMILIES[@]}"; do
  mkdir -p "$OUT/fixtures/$family"
  find "$ROOT/tests/fixtures/families/$family" -maxdepth 1 -type f ! -name '*.gguf' \
    ! -name 'oracle-*' -exec cp {} "$OUT/fixtures/$family/" \;
done
shape_config() {
  case "$1" in
    tiny) echo "$ROOT/assets/tiny/config.json" ;;
    *) echo "$ROOT/scripts/gpu/shapes/$1.json" ;;
  esac
}
mapfile -t BENCH_SHAPES < <(bench_shapes)
ALL_SHAPES=($(printf '%s\n' "${SHAPES[@]}" "${LAST_SHAPES[@]}" "${BENCH_SHAPES[@]}" \
  "${REFERENCE_SHAPES[@]}" | awk 'NF && !seen[$0]++'))
for shape in "${ALL_SHAPES[@]}"; do
  cp "$(shape_config "$shape")" "$OUT/shapes/$shape.json"
done

# Modules are found by their source text, options and the model's folder name, so each is
# compiled here from a folder of the name run.sh gives the same model there. They compile
# into a cache kept between builds; the bundle gets the ones this plan names.
export LLM_IREE_CACHE="$ROOT/.cache/gpu-bundle/$PROFILE"
mkdir -p "$OUT/cache/vmfb"
compile() {
  local what="$1" started vmfb
  shift
  started=$(date +%s)
  vmfb=$("$@" --compile-only)
  cp -n "$vmfb" "$OUT/cache/vmfb/"
  echo "[gpu-bundle] $what for $DEVICE: $(basename "$vmfb") ($(( $(date +%s) - started )) s)"
}
# The same lookups as the run's, in the bundle's own cache with the compiler refused: a
# module the bundle lacks fails here rather than there.
verify() {
  local what="$1" vmfb
  shift
  vmfb=$(LLM_IREE_CACHE="$OUT/cache" IREE_COMPILE=none "$@" --compile-only) || {
    echo "[gpu-bundle] $what: not found without the compiler" >&2
    return 1
  }
  case "$vmfb" in
    "$OUT/cache/vmfb/"*) ;;
    *) echo "[gpu-bundle] $what: found outside the bundle: $vmfb" >&2; return 1 ;;
  esac
}
for shape in "${SHAPES[@]}" "${LAST_SHAPES[@]}" "${BENCH_SHAPES[@]}"; do
  [ -d "$SCRATCH/$shape" ] ||
    python3 "$ROOT/scripts/gpu/stand_in.py" "$OUT/shapes/$shape.json" "$SCRATCH/$shape"
done
modules() {
  local family shape weights
  for family in "${FAMILIES[@]}"; do
    "$1" "$family" "$BIN/logits" --model "$OUT/fixtures/$family" --device "$DEVICE" \
      "${FAMILY_ARGS[@]}"
  done
  local form
  for shape in "${SHAPES[@]}" "${LAST_SHAPES[@]}"; do
    "$1" "$shape" "$BIN/logits" --model "$SCRATCH/$shape" --device "$DEVICE" "${SHAPE_ARGS[@]}"
    for form in "${SHAPE_FORMS[@]}"; do
      # shellcheck disable=SC2046 # a form's arguments are words
      "$1" "$shape ${form%%:*}" "$BIN/logits" --model "$SCRATCH/$shape" --device "$DEVICE" \
        "${SHAPE_ARGS[@]}" $(form_args "$form")
    done
  done
  local spec variant
  for spec in "${BENCHES[@]}"; do
    IFS=: read -r shape weights variant <<< "$spec"
    # shellcheck disable=SC2046 # a variant's arguments are words
    LLM_IREE_COMPILE_FLAGS="$(variant_compile_flags "$variant")" "$1" "bench $spec" \
      "$BIN/bench" --model "$SCRATCH/$shape" --device "$DEVICE" --weights "$weights" \
      "${BENCH_ARGS[@]}" $(variant_bench_args "$variant")
  done
}
modules compile
cp "$LLM_IREE_CACHE/vmfb/compiler-version" "$OUT/cache/vmfb/"
modules verify
# Only the modules travel: the CPU kernels' object is rewritten from the binary where it runs.
rm -rf "$OUT/cache/objects" "$OUT"/cache/vmfb/*.lock "$OUT"/cache/vmfb/*history*
echo "[gpu-bundle] every module is found in the bundle without the compiler"
# Modules travel xz-compressed too (CUDA modules hold PTX text: about 25x smaller).
for vmfb in "$OUT"/cache/vmfb/*.vmfb; do
  pack "$vmfb" "$vmfb.xz" && rm "$vmfb"
done

python3 - "$OUT" "$PROFILE" "$DEVICE" "$BIN/logits" <<'PY'
import datetime, json, os, subprocess, sys
out, profile, device, binary = sys.argv[1:5]
def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True).stdout.strip()
files = {}
for base, _, names in os.walk(out):
    for name in names:
        path = os.path.join(base, name)
        files[os.path.relpath(path, out)] = os.path.getsize(path)
with open(os.path.join(out, "cache", "vmfb", "compiler-version")) as f:
    compiler = " ".join(line.strip() for line in f.read().splitlines() if line.strip())
# The newest C library symbol version the binaries link: the machine that runs them needs it.
symbols = subprocess.run(["objdump", "-T", binary], capture_output=True, text=True).stdout
versions = {tuple(int(n) for n in v.split(".")) for v in
            (w.split("GLIBC_", 1)[1].rstrip(")") for w in symbols.split() if "GLIBC_" in w)
            if v.replace(".", "").isdigit()}
glibc = ".".join(map(str, max(versions))) if versions else "unknown"
bundle = {
    "profile": profile,
    "device": device,
    "commit": git("rev-parse", "--short=12", "HEAD") + ("-dirty" if git("status", "--porcelain") else ""),
    "built": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    "compiler": compiler,
    "glibc_required": glibc,
    "bytes": sum(files.values()),
    "files": dict(sorted(files.items())),
}
with open(os.path.join(out, "bundle.json"), "w") as f:
    json.dump(bundle, f, indent=2)
PY
BYTES=$(du -sb "$OUT" | cut -f1)
echo "[gpu-bundle] $OUT: $((BYTES / 1024)) KiB in $(( $(date +%s) - STARTED )) s"
if [ "$BYTES" -gt "$MAX_BYTES" ]; then
  echo "[gpu-bundle] the bundle is over $((MAX_BYTES >> 20)) MiB: it would not travel" >&2
  exit 1
fi
