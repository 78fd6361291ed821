#!/usr/bin/env bash
# Second command of the README: installs what is missing, starts a throwaway PostgreSQL on
# 127.0.0.1 for the store tests, and runs the whole test suite (warnings are errors).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
export OMP_THREAD_LIMIT=1
swift build --build-tests -Xswiftc -warnings-as-errors
if [[ -x scripts/with-postgres.sh ]]; then
  scripts/with-postgres.sh swift test --skip-build
else
  swift test --skip-build
fi
