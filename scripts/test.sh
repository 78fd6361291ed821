#!/usr/bin/env bash
# Second command of the README: installs what is missing, starts a throwaway PostgreSQL on
# 127.0.0.1 for the store tests, and runs the whole test suite
# in the release configuration that setup.sh built (scripts/build-flags.sh; warnings are errors).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
export OMP_THREAD_LIMIT=1
source scripts/build-flags.sh  # the configuration setup.sh built: nothing is compiled twice
swift build "${SWIFT_BUILD_FLAGS[@]}" --build-tests
if [[ -x scripts/with-postgres.sh ]]; then
  scripts/with-postgres.sh swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build
else
  swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build
fi
