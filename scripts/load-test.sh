#!/usr/bin/env bash
# Load test of `activation serve` on loopback: starts the server on 127.0.0.1 with a free port,
# runs scripts/load-test.py against it (16 clients, 2,000 requests by default, time-capped),
# prints the numbers and the server's RSS, and stops the server it started.
#
#   scripts/load-test.sh [--requests N] [--concurrency N] [--max-seconds S] ...
#
# Measured (release build, 2 cores shared with other builds, load average ~4, 2 workers,
# queue 16, 16 clients, 2,000 requests: 90% /v1/imei multipart of the 30 KB fixture, 10% KYC):
#   7.2 requests/s, p50 2.38 s, p99 3.51 s (queueing: 16 clients on 2 workers), 1800 x 200,
#   200 x 422 (KYC fail, designed), no 5xx; RSS 79 MB idle, 115 MB after 100, 116 MB at end.
# With QUEUE=2: 503s with Retry-After instead of queueing; served p99 0.78 s; no other 5xx.
#
# Environment: ACTIVATION_BIN (default .build/release/activation, built if missing),
# WORKERS (default: cores), QUEUE (default 16), IMAGE (default: the test fixture),
# SERVE_OPTS (more options of `activation serve`, e.g. limits set out of reach, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${ACTIVATION_BIN:-.build/release/activation}
IMAGE=${IMAGE:-Tests/ActivationServiceTests/Fixtures/0003_ios_dial_light_messenger.jpg}
WORKERS=${WORKERS:-$(nproc)}
QUEUE=${QUEUE:-16}

if [[ ! -x "$BIN" ]]; then
    echo "building $BIN" >&2
    source scripts/build-flags.sh
    swift build "${SWIFT_BUILD_FLAGS[@]}" --product activation >&2
fi

source scripts/local-server.sh
# shellcheck disable=SC2086 # SERVE_OPTS is a list of options
start_local_server "$BIN" --workers "$WORKERS" --queue "$QUEUE" --log-level warning ${SERVE_OPTS:-}

# The CLI re-executes itself once (OMP_THREAD_LIMIT), keeping its PID.
echo "server pid $SERVER on port $PORT, $WORKERS workers, queue $QUEUE" >&2
python3 scripts/load-test.py --port "$PORT" --pid "$SERVER" --image "$IMAGE" \
    --requests 2000 --concurrency 16 --max-seconds 900 "$@"
