#!/usr/bin/env bash
# The venv of scripts/oracle/make_embedding_oracle.py: sentence-transformers over the oracle
# venv's torch and transformers (.venv-oracle, see scripts/oracle/requirements.txt), which it
# reads through a .pth file instead of installing a second copy of torch.
# Usage: scripts/oracle/st-venv.sh   (creates .venv-st in the repository root)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
oracle=$root/.venv-oracle
if [ ! -x "$oracle/bin/python" ]; then
  echo "no $oracle: create it first (scripts/oracle/requirements.txt)" >&2
  exit 1
fi
site=$("$oracle/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
python3 -m venv "$root/.venv-st"
own=$("$root/.venv-st/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$site" > "$own/oracle-venv.pth"
"$root/.venv-st/bin/pip" install --no-deps -r "$root/scripts/oracle/requirements-st.txt"
"$root/.venv-st/bin/python" -c 'import sentence_transformers as s; print("sentence-transformers", s.__version__)'
