#!/usr/bin/env bash
# The service against its own contract: runs `activation serve` on loopback (a SQLite store in a
# temporary folder) and schemathesis over every operation of the document the service serves
# (GET /openapi.yaml), with the checks not_a_server_error, status_code_conformance,
# content_type_conformance and response_schema_conformance. Any failure fails the script.
#
#   scripts/test-contract.sh                 # after a build (scripts/build-flags.sh's configuration)
#   CONTRACT_EXAMPLES=50 scripts/test-contract.sh
#
# schemathesis (pinned below) is installed from PyPI into the git-ignored .venv-test/ the first
# time (network needed then, never at the service's run time). scripts/contract/hooks.py sends
# every positive upload with real pictures (a screenshot, the KYC samples), so that the 200 paths
# of the reading routes are reached by the cases meant to be valid; scripts/contract/
# schemathesis.toml keeps generated cases unique and fails the run on any warning too
# (schemathesis' "mostly rejected generated data" says the spec admits data the service refuses).
# Bounded: CONTRACT_EXAMPLES cases per operation and phase (default 25; the stateful phase's
# sequences are set in the .toml), and CONTRACT_MAX_TIME seconds in all (default 240) as a hard
# stop. Not schemathesis' own --max-time: that repeats fuzzing and stateful testing until the time
# is spent, each repetition judged alone.
set -euo pipefail
cd "$(dirname "$0")/.."
SCHEMATHESIS_VERSION=4.32.5
bin=${ACTIVATION_BIN:-.build/release/activation}
venv=.venv-test
examples=${CONTRACT_EXAMPLES:-25}
max_time=${CONTRACT_MAX_TIME:-240}

if [[ ! -x $bin ]]; then
  echo "test-contract: $bin is missing; build first (swift build \"\${SWIFT_BUILD_FLAGS[@]}\")" >&2
  exit 1
fi
if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/activation-contract.XXXXXX")
pid=
cleanup() {
  if [[ -n $pid ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# One client is one IP address: give it every place, so that no 429 or 503 comes of the load
# the run itself makes (those are the service's answers to overload, not contract faults).
OMP_THREAD_LIMIT=1 "$bin" serve --port 0 --db "$work/flows.sqlite" --workers 2 --queue 30 --client-places 32 \
  --timeout 60 >"$work/out" 2>"$work/log" &
pid=$!
for _ in $(seq 1 300); do
  grep -q "listening on" "$work/out" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/log" >&2; exit 1; }
  sleep 0.2
done
base=$(sed -n 's/^listening on //p' "$work/out" | head -n 1)
[[ -n $base ]] || { echo "test-contract: the service did not start" >&2; cat "$work/log" >&2; exit 1; }
echo "test-contract: $base, schemathesis $SCHEMATHESIS_VERSION, $examples examples per operation, at most $max_time s" >&2

status=0
SCHEMATHESIS_HOOKS=hooks PYTHONPATH=scripts/contract ACTIVATION_SAMPLES="$PWD/samples" \
  timeout --kill-after 10 "$max_time" \
  "$venv/bin/schemathesis" --config-file scripts/contract/schemathesis.toml run "$base/openapi.yaml" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples "$examples" --workers 1 --request-timeout 60 --seed 29 \
  --suppress-health-check too_slow,filter_too_much,data_too_large \
  --report junit --report-dir "$work/report" || status=$?
# What the run reached: each route's answers by status, from the service's access log.
echo "test-contract: answers by route and status:" >&2
sed -n 's/.*method=\([A-Z]*\) .*route=\([^ ]*\) status=\([0-9]*\).*/\1 \2 \3/p' "$work/log" | sort | uniq -c >&2
if [[ -n ${CONTRACT_REPORT_DIR:-} ]]; then mkdir -p "$CONTRACT_REPORT_DIR" && cp -r "$work/report/." "$CONTRACT_REPORT_DIR/"; fi
if [[ $status -ne 0 ]]; then
  echo "test-contract: schemathesis failed ($status); the service's log:" >&2
  tail -n 40 "$work/log" >&2
fi
exit $status
