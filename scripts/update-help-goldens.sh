#!/usr/bin/env bash
# Writes every `activation … --help` golden (Tests/ActivationBatchTests/Commands/HelpGoldens/)
# again from the built binary, after a deliberate change to the CLI's options or texts; review
# the diff before committing it. HelpGoldenTests compares them on every test run.
#
#   scripts/update-help-goldens.sh       # after a build (scripts/build-flags.sh's configuration)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-flags.sh
ACTIVATION_UPDATE_HELP_GOLDENS=1 swift test "${SWIFT_BUILD_FLAGS[@]}" --skip-build --filter HelpGoldenTests
git status --short Tests/ActivationBatchTests/Commands/HelpGoldens
