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

source scripts/local-server.sh
start_local_server "$BIN" --workers "$WORKERS" --log-level warning

echo "server pid $SERVER on port $PORT, $WORKERS workers, $(nproc) cores" >&2
python3 scripts/bench-kyc.py --port "$PORT" --requests "$REQUESTS" --concurrency 1 "$@"
python3 scripts/bench-kyc.py --port "$PORT" --requests "$REQUESTS" --concurrency "$CONCURRENCY" "$@"
