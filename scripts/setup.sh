#!/usr/bin/env bash
# First command of the README: installs what is missing, builds the release binary, and runs
# the main job (reading every bundled sample screenshot) with its score against samples/truth.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
source scripts/build-flags.sh
swift build "${SWIFT_BUILD_FLAGS[@]}" --product activation
bin=.build/release/activation
mkdir -p out
# The main job: every bundled screenshot through the resumable batch queue, exported once.
"$bin" batch run samples --db out/samples.sqlite --out out/samples.jsonl
python3 scripts/score.py samples out/samples.jsonl
