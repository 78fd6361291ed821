#!/usr/bin/env bash
# First command of the README: installs what is missing, builds the release binary, and runs
# the main job (reading every bundled sample screenshot) with its score against samples/truth.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product activation
bin=.build/release/activation
mkdir -p out
shopt -s nullglob
"$bin" imei --json samples/*.{png,jpg,jpeg,webp,heic,tif,tiff,gif,bmp} > out/samples.jsonl || true
score=../shared/eval/score.py
[[ -f $score ]] && python3 "$score" samples out/samples.jsonl || echo "results: out/samples.jsonl"
