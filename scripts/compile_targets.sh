#!/usr/bin/env bash
# Compiles emitted modules for every target the project ships: llvm-cpu (the recommended flags,
# no data tiling), llvm-cpu with --iree-opt-data-tiling (the module re-emitted with
# --decode-attention reduce, the form data tiling handles), CUDA sm_80, CUDA sm_90 (target spelled
# out in the module: iree-compile 3.13 cannot select sm_90 by flag) and Metal (compile only; on
# Linux the vmfb carries MSL source), each GPU target also with a GGUF source's own weight
# formats (`--weights native`: quantized blocks). Prints pass/fail and time per
# target and exits non-zero if any failed.
#
# usage: scripts/compile_targets.sh [ASSET_DIR MODEL_SOURCE]...
#   default: assets/tiny assets/tiny
#   e.g.:    scripts/compile_targets.sh assets/smollm2 "$SMOLLM2_GGUF"
# The variants are re-emitted from MODEL_SOURCE with ASSET_DIR/emit.args, each variant's flags
# after them (emit takes a flag's last value).
# Env: IREE_COMPILE (default .venv/bin/iree-compile), OUT_DIR (default: a temporary folder).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
compiler=${IREE_COMPILE:-$root/.venv/bin/iree-compile}
[ -x "$compiler" ] || { echo "iree-compile not found at $compiler (set IREE_COMPILE)" >&2; exit 2; }
out=${OUT_DIR:-$(mktemp -d)}
[ $# -gt 0 ] || set -- assets/tiny assets/tiny
[ $(($# % 2)) -eq 0 ] || { echo "arguments come in pairs: ASSET_DIR MODEL_SOURCE" >&2; exit 2; }

cargo build -q -p engine --bin emit
emit="${CARGO_TARGET_DIR:-$root/target}/debug/emit"
failed=0

# compile NAME MODULE FLAGS...: one iree-compile run, reported on one line.
compile() {
  local name=$1 module=$2; shift 2
  local log="$out/$name.log" start=$EPOCHREALTIME status=PASS
  "$compiler" "$module" "$@" -o "$out/$name.vmfb" >"$log" 2>&1 || status=FAIL
  printf '%s  %-28s %6.1f s\n' "$status" "$name" "$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')"
  if [ "$status" = FAIL ]; then
    echo "      log: $log"
    grep -m 3 'error' "$log" | cut -c1-300 || true
    failed=1
  fi
}

while [ $# -gt 0 ]; do
  asset=$1 source=$2; shift 2
  tag=$(basename "$asset")
  mapfile -t args < "$asset/emit.args"
  for variant in cuda-sm90 metal; do
    "$emit" --model "$source" --out "$out/$tag-$variant" "${args[@]}" --target "$variant" >/dev/null
  done
  # A GGUF's own block formats (quantized codes and group scales); other sources hold floats.
  native=0
  if [[ $source == *.gguf ]]; then
    native=1
    for variant in generic cuda-sm90 metal; do
      "$emit" --model "$source" --out "$out/$tag-native-$variant" "${args[@]}" --target "$variant" \
        --weights native --weight-layout tiled >/dev/null
    done
  fi
  "$emit" --model "$source" --out "$out/$tag-reduce" "${args[@]}" --decode-attention reduce >/dev/null
  cpu=(--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host)
  compile "$tag-llvm-cpu" "$asset/model.mlir" "${cpu[@]}"
  compile "$tag-llvm-cpu-data-tiling" "$out/$tag-reduce/model.mlir" "${cpu[@]}" --iree-opt-data-tiling
  compile "$tag-cuda-sm80" "$asset/model.mlir" --iree-hal-target-device=cuda --iree-cuda-target=sm_80
  compile "$tag-cuda-sm90" "$out/$tag-cuda-sm90/model.mlir"
  compile "$tag-metal" "$out/$tag-metal/model.mlir" --iree-hal-target-device=metal
  if [ $native = 1 ]; then
    compile "$tag-native-cuda-sm80" "$out/$tag-native-generic/model.mlir" --iree-hal-target-device=cuda --iree-cuda-target=sm_80
    compile "$tag-native-cuda-sm90" "$out/$tag-native-cuda-sm90/model.mlir"
    compile "$tag-native-metal" "$out/$tag-native-metal/model.mlir" --iree-hal-target-device=metal
  fi
done
echo "outputs in $out"
exit $failed
