# Sourced by every script that builds: the project's one build configuration.
# Release with testing enabled, so that scripts/test.sh reuses what scripts/setup.sh compiled and
# the tests exercise the same optimised reader that users run; warnings are errors.
# The binary is then .build/release/activation.
SWIFT_BUILD_FLAGS=(-c release -Xswiftc -enable-testing -Xswiftc -warnings-as-errors)
