#!/usr/bin/env bash
# Two `serve` workers behind vllm-router (PyPI), the way to scale out:
#   scripts/cluster.sh [ROUTER_PORT] [-- extra serve arguments]
# Workers listen on ROUTER_PORT+1 and ROUTER_PORT+2; the router on
# ROUTER_PORT balances OpenAI requests over them and stops sending to a
# worker whose /health fails. Ctrl-C or SIGTERM stops all three.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORT="${1:-8000}"
shift || true
[ "${1:-}" = "--" ] && shift
ROUTER_VENV="$ROOT/.venv-router"
ROUTER_PKG="vllm-router==0.1.17"

say() { printf '[cluster] %s\n' "$*"; }

if [ ! -x "$ROUTER_VENV/bin/vllm-router" ]; then
  say "installing $ROUTER_PKG into .venv-router"
  python3 -m venv "$ROUTER_VENV"
  "$ROUTER_VENV/bin/pip" install -q --progress-bar off "$ROUTER_PKG"
fi

cargo build --release -p serve
SERVE="$ROOT/target/release/serve"
pids=()
stop() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait
}
trap stop EXIT INT TERM

for i in 1 2; do
  "$SERVE" --port $((PORT + i)) "$@" &
  pids+=($!)
  say "worker $i: pid $!, http://127.0.0.1:$((PORT + i))"
done
for i in 1 2; do
  until curl -sf "http://127.0.0.1:$((PORT + i))/health" > /dev/null; do
    kill -0 "${pids[$((i - 1))]}" || { say "worker $i exited"; exit 1; }
    sleep 1
  done
done
say "workers ready; router on http://127.0.0.1:$PORT"
"$ROUTER_VENV/bin/vllm-router" --host 127.0.0.1 --port "$PORT" \
  --worker-urls "http://127.0.0.1:$((PORT + 1))" "http://127.0.0.1:$((PORT + 2))" \
  --policy round_robin --health-check-endpoint /health --health-check-interval-secs 1 \
  --health-failure-threshold 1 &
pids+=($!)
# A worker that dies is the router's to route around; the cluster lives as long as the router.
wait "${pids[-1]}"
