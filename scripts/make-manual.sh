#!/usr/bin/env bash
# Writes docs/activation.1, the manual page of `activation` (every subcommand in one page), from
# the command's own definitions, with swift-argument-parser's generate-manual tool. Offline: the
# tool is built from the checkout SwiftPM already holds (.build/checkouts/swift-argument-parser),
# in its own scratch folder, so the project's build is left alone.
#   scripts/make-manual.sh            # then: man -l docs/activation.1
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/activation
checkout=.build/checkouts/swift-argument-parser
[ -x "$bin" ] || { echo "make-manual: build first (scripts/setup.sh)" >&2; exit 1; }
[ -d "$checkout" ] || { echo "make-manual: no $checkout (swift package resolve)" >&2; exit 1; }
scratch=.build/manual-tool
swift build -c release --package-path "$checkout" --scratch-path "$scratch" --product generate-manual >&2
"$scratch/release/generate-manual" "$bin" --output-directory docs --authors "the activation project" \
    --date "$(git log -1 --format=%cs 2>/dev/null || date +%F)"
echo "wrote docs/activation.1" >&2
