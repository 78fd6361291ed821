#!/usr/bin/env bash
# Second command of the README: installs what is missing, starts a throwaway PostgreSQL on
# 127.0.0.1 for the store tests, and runs the whole test suite
# in the release configuration that setup.sh built (scripts/build-flags.sh; warnings are errors).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# The networks (the deep reader's, the selfie's face network) are part of what the tests test: their
# files missing (a download that failed) fail
# the run, unless ACTIVATION_DEEP_OCR=off asks for Tesseract alone (and the cascades alone) on purpose.
deep=${ACTIVATION_DEEP_OCR:-/usr/local/lib/activation/deep-ocr}
if [[ $deep != off && ! -f $deep/MANIFEST ]]; then
  echo "test.sh: the deep reader's files are missing from $deep (scripts/install-deep-ocr.sh could not install them); set ACTIVATION_DEEP_OCR=off to test with Tesseract alone" >&2
  exit 1
fi
export OMP_THREAD_LIMIT=1
source scripts/build-flags.sh  # the configuration setup.sh built: nothing is compiled twice
swift build "${SWIFT_BUILD_FLAGS[@]}" --build-tests
if [[ -x scripts/with-postgres.sh ]]; then
  # Tests on the real clock run after the rest, each group on its own: the service's (a 100
  # Continue at once, a 429 before a slow reading ends), then the lease renewal's (two pools of
  # real readers, a 3 s lease over a 4 s image). Beside the reader's suites, whose OCR runs on
  # every core outside any worker pool, they measured that load instead (7.5 s for a 100
  # Continue, a lost lease on SQLite, on a slower 2-core machine); beside each other, the lease
  # test's readers once delayed the service's client-share test past its order.
  scripts/with-postgres.sh swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build --skip 'ActivationServiceTests|leasesAreRenewedWhileReading'
  scripts/with-postgres.sh swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build --filter ActivationServiceTests
  scripts/with-postgres.sh swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build --filter leasesAreRenewedWhileReading
  # The restart test stops its server under the workers: alone, on a server of its own (~6 s).
  ACTIVATION_TEST_POSTGRES_RESTART=1 scripts/with-postgres.sh swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build --filter PostgresRestartTests
else
  swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build
fi
# The service against its own OpenAPI document: schemathesis, bounded (about 2.5 minutes).
scripts/test-contract.sh
