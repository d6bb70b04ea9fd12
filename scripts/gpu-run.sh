#!/usr/bin/env bash
# Runs a bundle made by scripts/gpu-bundle.sh, from the bundle folder alone: it needs python3
# (with torch and transformers for the random-weight checks) and the device's driver, no
# compiler, cargo or network (docs/gpu.md). Every step runs under a time limit; a failure is
# recorded with its cause and the run goes on. OUT receives report.txt, report.json and
# logs.tar.gz (every step's log and result).
#
# usage: run.sh --out OUT [--device DEVICE] [--work DIR] [--limit SECONDS] [--steps REGEX]
#   --device: the IREE device (default: the bundle's, cuda or local-task)
#   --steps: run only the steps whose names match this extended regex (the others are
#     recorded as not chosen); unpack always runs
#   --work: where models, converted weights and logits go (default: a temporary folder)
#   --limit: the whole run's time budget; later steps get what is left (default 330)
set -uo pipefail
BUNDLE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SELF="$BUNDLE/$(basename "${BASH_SOURCE[0]}")"
PY="$BUNDLE/py"

unpack() {
  for name in logits bench; do
    python3 -c 'import lzma, shutil, sys
with lzma.open(sys.argv[1]) as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst)' "$BUNDLE/bin/$name.xz" "$BIN/$name" || return 1
    chmod +x "$BIN/$name"
  done
  # The binaries were linked against the bundle machine's C library (bundle.json says which
  # version they need).
  if command -v ldd > /dev/null; then ldd --version | head -n 1; fi
  "$BIN/logits" --help > /dev/null
}

describe_device() {
  if command -v nvidia-smi > /dev/null; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  else
    echo "no nvidia-smi"
  fi
  nproc
  python3 --version
}

# The fixture's prompt and greedy continuation as the logits tool's arguments.
oracle_args() {
  python3 -c 'import json, sys
o = json.load(open(sys.argv[1]))
ids = o["prompt_ids"] + o["greedy_ids"]
print("--tokens", ",".join(map(str, ids)), "--prompt-len", len(o["prompt_ids"]),
      "--greedy", len(o["greedy_ids"]))' "$1"
}

family() {
  local dir="$BUNDLE/fixtures/$1" args
  args=$(oracle_args "$dir/oracle.json") || return 1
  # shellcheck disable=SC2086 # the ids are one word each
  "$BIN/logits" --model "$dir" --device "$DEVICE" "${FAMILY_ARGS[@]}" $args \
    --out "$WORK/results/$1" || return 1
  python3 "$PY/oracle_check.py" "$WORK/results/$1" "$dir/oracle.json"
}

sequence_args() {
  python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
print("--tokens", ",".join(map(str, s["first"])), "--prompt-len", s["first_prompt"],
      "--ragged-tokens", ",".join(map(str, s["second"])), "--ragged-prompt-len",
      s["second_prompt"], "--greedy", len(s["first"]) - s["first_prompt"])' "$1"
}

# shape_logits SHAPE [RESULT NAME [LOGITS ARGS...]]: our logits for the shape's sequences.
shape_logits() {
  local model="$WORK/models/$1" result="${2:-$1}" args
  shift $(($# < 2 ? $# : 2))
  args=$(sequence_args "$model/sequences.json") || return 1
  # shellcheck disable=SC2086
  "$BIN/logits" --model "$model" --device "$DEVICE" "${SHAPE_ARGS[@]}" "$@" $args \
    --out "$WORK/results/$result"
}

# The bench on a shape's stand-in (zeros: speed does not depend on the weights' values) with
# a variant's flags and arguments, started through LAUNCHER (nothing, or a profiler):
#   variant_bench SHAPE WEIGHTS VARIANT [LAUNCHER...] -- [BENCH ARGS...]
variant_bench() {
  local shape="$1" weights="$2" variant="$3" launcher=()
  shift 3
  while [ "$1" != "--" ]; do launcher+=("$1"); shift; done
  shift
  [ -d "$WORK/stand-in/$shape" ] ||
    python3 "$PY/stand_in.py" "$BUNDLE/shapes/$shape.json" "$WORK/stand-in/$shape" || return 1
  # shellcheck disable=SC2046 # a variant's arguments are words
  LLM_IREE_COMPILE_FLAGS="$(variant_compile_flags "$variant")" \
    LLM_IREE_RUNTIME_FLAGS="$(variant_runtime_flags "$variant")" \
    "${launcher[@]}" "$BIN/bench" --model "$WORK/stand-in/$shape" --device "$DEVICE" \
    --weights "$weights" "${BENCH_ARGS[@]}" $(variant_bench_args "$variant") "$@"
}

bench_one() {
  variant_bench "$1" "$2" "$3" -- --json "$4"
}

# The device time of one bench's kernels, per function and kernel, where Nsight Compute is
# installed: the last prefill round and the first timed step of each decode run.
profile_one() {
  local csv="$WORK/results/profile-$1-$2-$3.csv"
  variant_bench "$1" "$2" "$3" ncu --profile-from-start off --clock-control none \
    --launch-count "$PROFILE_KERNELS" --metrics gpu__time_duration.sum --csv \
    --print-units base --log-file "$csv" -- --profile > /dev/null || return 1
  python3 "$PY/kernels.py" "$csv"
}
# Kernels one profile records at most (ncu takes milliseconds for each).
PROFILE_KERNELS=4000

# A step, run by `step` in its own process: BUNDLE_PROFILE, RUN_DEVICE and WORK come from the
# environment.
if [ "${1:-}" = "--do" ]; then
  shift
  # shellcheck source=gpu/plan.sh
  source "$PY/plan.sh"
  plan_profile "$BUNDLE_PROFILE" || exit 2
  DEVICE="$RUN_DEVICE"
  BIN="$WORK/bin"
  "$@"
  exit $?
fi

OUT="" DEVICE_ARG="" WORK="" LIMIT=330 CHOSEN=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT="$2"; shift 2 ;;
    --device) DEVICE_ARG="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    --limit) LIMIT="$2"; shift 2 ;;
    --steps) CHOSEN="$2"; shift 2 ;;
    *) echo "usage: run.sh --out OUT [--device DEVICE] [--work DIR] [--limit SECONDS]" \
      "[--steps REGEX]" >&2; exit 2 ;;
  esac
done
[ -n "$OUT" ] || { echo "run.sh: --out is required" >&2; exit 2; }
STARTED=$(date +%s)
DEADLINE=$((STARTED + LIMIT))
PROFILE=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["profile"])' \
  "$BUNDLE/bundle.json") || { echo "run.sh: $BUNDLE/bundle.json is unreadable" >&2; exit 2; }
# shellcheck source=gpu/plan.sh
source "$BUNDLE/py/plan.sh"
plan_profile "$PROFILE" || exit 2
DEVICE="${DEVICE_ARG:-$DEVICE}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
if [ -z "$WORK" ]; then
  WORK="$(mktemp -d)"
  # What the report needs is packed into OUT at the end; the models and weights go.
  trap 'rm -rf "$WORK"' EXIT
fi
mkdir -p "$WORK"/{bin,logs,results,models,stand-in,cache}
WORK="$(cd "$WORK" && pwd)"
export WORK BUNDLE_PROFILE="$PROFILE" RUN_DEVICE="$DEVICE"
STEPS="$WORK/steps.jsonl"
: > "$STEPS"
BIN="$WORK/bin"
# Modules come from the bundle only: a miss is an error, never a compile.
export IREE_COMPILE=none
export LLM_IREE_CACHE="$WORK/cache"
export RUST_LOG="${RUST_LOG:-info}"
mkdir -p "$WORK/cache/vmfb"
cp "$BUNDLE/cache/vmfb/compiler-version" "$WORK/cache/vmfb/"
python3 -c 'import glob, lzma, os, shutil, sys
for packed in glob.glob(os.path.join(sys.argv[1], "*.vmfb.xz")):
    name = os.path.basename(packed)[: -len(".xz")]
    with lzma.open(packed) as src, open(os.path.join(sys.argv[2], name), "wb") as dst:
        shutil.copyfileobj(src, dst)' "$BUNDLE/cache/vmfb" "$WORK/cache/vmfb" ||
  { echo "run.sh: cannot unpack the modules" >&2; exit 2; }
echo "[run] bundle $BUNDLE (profile $PROFILE) on $DEVICE; work in $WORK; budget $LIMIT s"

# IREE's CUDA driver opens `libcuda.so` by that name only; a driver-only install (a container
# given the GPU) often has just `libcuda.so.1`. Then the versioned library is linked under the
# plain name in a folder put first on the library path.
if [ "${DEVICE%%://*}" = cuda ]; then
  mkdir -p "$WORK/lib"
  python3 -c 'import ctypes, os, sys
try:
    ctypes.CDLL("libcuda.so")
    print("[run] libcuda.so loads")
    sys.exit(0)
except OSError:
    pass
try:
    ctypes.CDLL("libcuda.so.1")
except OSError as e:
    sys.exit(f"[run] no CUDA driver library: {e}")
with open("/proc/self/maps") as maps:
    path = next(l.split()[-1] for l in maps if "/libcuda.so.1" in l or "/libcuda.so." in l)
os.symlink(path, os.path.join(sys.argv[1], "libcuda.so"))
print(f"[run] libcuda.so -> {path}")' "$WORK/lib"
  export LD_LIBRARY_PATH="$WORK/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi

# step NAME LIMIT [RESULT_JSON] -- COMMAND...: runs COMMAND under min(LIMIT, what is left),
# its output in logs/NAME.log, and records the outcome.
step() {
  local name="$1" limit="$2" result="" left
  shift 2
  if [ "$1" != "--" ]; then result="$1"; shift; fi
  shift
  if [ -n "$CHOSEN" ] && [ "$name" != unpack ] && ! [[ "$name" =~ $CHOSEN ]]; then
    python3 "$PY/report.py" skip "$STEPS" "$name" "not among --steps $CHOSEN" "not chosen"
    return 1
  fi
  left=$((DEADLINE - $(date +%s)))
  if [ "$left" -lt 5 ]; then
    python3 "$PY/report.py" skip "$STEPS" "$name" "the run's $LIMIT s budget is spent" \
      "out of time"
    return 1
  fi
  [ "$limit" -gt "$left" ] && limit=$left
  local log="$WORK/logs/$name.log" t0 t1 rc
  t0=$(date +%s%N)
  # The step runs in a fresh run.sh (timeout cannot run a shell function), which sees the
  # same bundle, work folder and device through the environment.
  timeout -k 10 "$limit" "$SELF" --do "$@" > "$log" 2>&1
  rc=$?
  t1=$(date +%s%N)
  python3 "$PY/report.py" record "$STEPS" "$name" "$rc" \
    "$(( (t1 - t0) / 1000000 ))e-3" "$limit" "$log" $result
  return $rc
}

skip() {
  python3 "$PY/report.py" skip "$STEPS" "$1" "$2"
}

step unpack 60 -- unpack
step device 30 -- describe_device

for name in "${FAMILIES[@]}"; do
  step "family-$name" 90 -- family "$name"
done

# Without torch (CI has none) the random-weight checks are skipped, not failed: the report
# says so.
TORCH_PROBE=$(timeout 60 python3 -c 'import torch, transformers
print(torch.__version__, transformers.__version__, "cuda" if torch.cuda.is_available() else "no cuda")' 2>&1)
TORCH=$?
echo "[run] torch: $(echo "$TORCH_PROBE" | tail -n 1)"
# A random-weight model of each shape against transformers in float64.
shape_checks() {
  local shape
  for shape in "$@"; do
    if [ "$TORCH" != 0 ]; then
      skip "shape-$shape" "torch and transformers are needed: $(echo "$TORCH_PROBE" | tail -n 1)"
      continue
    fi
    step "make-$shape" 120 -- python3 "$PY/hf_check.py" make "$BUNDLE/shapes/$shape.json" \
      "$WORK/models/$shape" 35 &&
      step "logits-$shape" 150 -- shape_logits "$shape" "$shape" --device-draws "$SHAPE_DRAWS" &&
      step "compare-$shape" 120 -- python3 "$PY/hf_check.py" compare "$WORK/models/$shape" \
        "$WORK/results/$shape"
    # A lossy form's price: the same comparison, bounded only against garbage.
    local form
    for form in "${SHAPE_FORMS[@]}"; do
      [ -f "$WORK/models/$shape/sequences.json" ] || break
      # shellcheck disable=SC2046 # a form's arguments are words
      step "logits-$shape-${form%%:*}" 150 -- shape_logits "$shape" "$shape-${form%%:*}" \
        $(form_args "$form") &&
        step "compare-$shape-${form%%:*}" 120 -- python3 "$PY/hf_check.py" compare \
          "$WORK/models/$shape" "$WORK/results/$shape-${form%%:*}" "${form#*:}"
    done
    # The model and its converted weights are gigabytes: gone once compared.
    rm -rf "$WORK/models/$shape" "$LLM_IREE_CACHE/params"
  done
}
shape_checks "${SHAPES[@]}"
if [ "$TORCH" = 0 ]; then
  step bandwidth 60 -- python3 "$PY/hf_check.py" bandwidth
fi

# transformers' own speed on the same device: what our figures are compared with.
for shape in "${REFERENCE_SHAPES[@]}"; do
  if [ "$TORCH" != 0 ]; then
    skip "reference-$shape" "torch and transformers are needed: $(echo "$TORCH_PROBE" | tail -n 1)"
    continue
  fi
  step "reference-$shape" 90 -- python3 "$PY/hf_bench.py" "$BUNDLE/shapes/$shape.json" \
    "${REFERENCE_ARGS[@]}"
done

for spec in "${BENCHES[@]}"; do
  IFS=: read -r shape weights variant <<< "$spec"
  step "bench-$shape-$weights-$variant" 120 "$WORK/results/bench-$shape-$weights-$variant.json" \
    -- bench_one "$shape" "$weights" "$variant" \
    "$WORK/results/bench-$shape-$weights-$variant.json"
done

for spec in "${PROFILES[@]}"; do
  IFS=: read -r shape weights variant <<< "$spec"
  if ! command -v ncu > /dev/null; then
    skip "profile-$shape-$weights-$variant" "no ncu (Nsight Compute) here"
    continue
  fi
  step "profile-$shape-$weights-$variant" 150 -- profile_one "$shape" "$weights" "$variant"
done

shape_checks "${LAST_SHAPES[@]}"

python3 "$PY/report.py" write "$STEPS" "$BUNDLE/bundle.json" "$OUT" \
  "date=$(date -u '+%Y-%m-%d %H:%M UTC')" "device=$DEVICE" "host=$(uname -n)" \
  "torch=$(echo "$TORCH_PROBE" | tail -n 1)" \
  "seconds=$(( $(date +%s) - STARTED ))" "budget_s=$LIMIT"
# Few files come back from a lent machine: the logs and results travel as one archive
# (without the logits themselves).
python3 -c 'import os, sys, tarfile
work, out = sys.argv[1], sys.argv[2]
with tarfile.open(out, "w:gz") as tar:
    for name in ("logs", "results", "steps.jsonl"):
        tar.add(os.path.join(work, name), name,
                filter=lambda t: None if t.name.endswith(".f32") else t)' "$WORK" "$OUT/logs.tar.gz"
# Exit status: 0 when every step ran and passed, or was skipped as impossible here (no torch).
python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))["counts"]
sys.exit(0 if set(c) <= {"ok", "skipped", "not chosen"} else 1)' "$OUT/report.json"
