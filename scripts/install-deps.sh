#!/usr/bin/env bash
# Installs the Debian packages the project builds, tests and runs with, if any is missing.
# Idempotent: it does nothing (and needs no network) when everything is already there.
set -euo pipefail

PACKAGES=(
  pkg-config
  libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd
  libpng-dev libdeflate-dev libjpeg-dev libwebp-dev libtiff-dev libgif-dev libheif-dev libheif-examples
  libzbar-dev libopencv-dev opencv-data
  postgresql
  chromium  # headless, for the test that opens `activation batch report`'s page
  python3 python3-pip python3-venv  # python3-venv: the contract test's schemathesis venv
  prometheus  # promtool, which checks the service's /metrics exposition
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The reader's deep second opinion (ONNX Runtime and PP-OCRv6 models, checksummed); a no-op when in
# place, a warning and Tesseract alone when it cannot be fetched.
"$(dirname "$0")/install-deep-ocr.sh"
