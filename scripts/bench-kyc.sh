#!/usr/bin/env bash
# Latency of whole KYC applications (front, back, selfie from samples/kyc) in `activation serve` on
# loopback: starts the server with WORKERS workers (default: cores), sends REQUESTS applications
# one at a time and then CONCURRENCY at once, prints p50/p95 of each run, and stops the server.
# Environment: ACTIVATION_BIN (default .build/release/activation, built if missing), WORKERS,
# REQUESTS (default 60), CONCURRENCY (default: WORKERS). Extra arguments go to bench-kyc.py.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${ACTIVATION_BIN:-.build/release/activation}
WORKERS=${WORKERS:-$(nproc)}
REQUESTS=${REQUESTS:-60}
CONCURRENCY=${CONCURRENCY:-$WORKERS}

if [[ ! -x "$BIN" ]]; then
    echo "building $BIN" >&2
    source scripts/build-flags.sh
    swift build "${SWIFT_BUILD_FLAGS[@]}" --product activation >&2
fi

LOG=$(mktemp -t activation-serve.XXXXXX)
"$BIN" serve --host 127.0.0.1 --port 0 --workers "$WORKERS" --log-level warning >"$LOG" 2>&1 &
SERVER=$!
cleanup() {
    if kill -0 "$SERVER" 2>/dev/null; then
        kill -TERM "$SERVER" 2>/dev/null || true
        wait "$SERVER" 2>/dev/null || true
    fi
    rm -f "$LOG"
}
trap cleanup EXIT

PORT=""
for _ in $(seq 1 300); do
    PORT=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$LOG" | head -n1)
    [[ -n "$PORT" ]] && break
    kill -0 "$SERVER" 2>/dev/null || { cat "$LOG" >&2; echo "the server exited" >&2; exit 1; }
    sleep 0.1
done
[[ -n "$PORT" ]] || { cat "$LOG" >&2; echo "the server did not start" >&2; exit 1; }

echo "server pid $SERVER on port $PORT, $WORKERS workers, $(nproc) cores" >&2
python3 scripts/bench-kyc.py --port "$PORT" --requests "$REQUESTS" --concurrency 1 "$@"
python3 scripts/bench-kyc.py --port "$PORT" --requests "$REQUESTS" --concurrency "$CONCURRENCY" "$@"
