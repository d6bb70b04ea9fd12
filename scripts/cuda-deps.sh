#!/usr/bin/env bash
# Fetches the CUDA headers the IREE CUDA driver needs at build time from PyPI
# wheels (no CUDA toolkit install) into .cache/cuda-deps, and prints the
# environment that names them (the CUDA driver is in every Linux build; `make setup` runs
# this). libcuda itself is loaded at run time, so the build works on machines without a GPU.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEPS="$ROOT/.cache/cuda-deps"
PIP="$ROOT/.venv/bin/pip"
WHEELS=(nvidia-cuda-runtime==13.0.96 nvidia-cuda-crt==13.0.88 nvidia-cuda-cccl==13.0.85)

if [ ! -f "$DEPS/include/cuda.h" ]; then
  echo "[cuda-deps] downloading ${WHEELS[*]}" >&2
  rm -rf "$DEPS" && mkdir -p "$DEPS/wheels" "$DEPS/include" "$DEPS/nvvm/libdevice"
  "$PIP" download -q --no-deps --only-binary=:all: --platform manylinux_2_27_x86_64 \
    --platform manylinux2014_x86_64 --python-version 3.11 -d "$DEPS/wheels" "${WHEELS[@]}" >&2
  for wheel in "$DEPS"/wheels/*.whl; do
    python3 - "$wheel" "$DEPS/include" <<'PY'
import sys, zipfile, os
wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        marker = "/include/"
        if marker in name and not name.endswith("/"):
            rel = name.split(marker, 1)[1]
            path = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(z.read(name))
PY
  done
  # The runtime driver never reads libdevice; IREE's CMake only checks that
  # the path exists.
  : > "$DEPS/nvvm/libdevice/libdevice.10.bc"
  [ -f "$DEPS/include/cuda.h" ] || { echo "[cuda-deps] cuda.h missing from the wheels" >&2; exit 1; }
fi
echo "export IREE_CUDA_DEPS_DIR=$DEPS"
echo "export IREE_CUDA_LIBDEVICE_PATH=$DEPS/nvvm/libdevice/libdevice.10.bc"
