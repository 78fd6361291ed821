#!/usr/bin/env python3
"""Where blur starts to cost a document its print: the evidence behind the documents' `BLURRY`
thresholds (`KYCRules.sharpnessThreshold`).

Usage: /usr/bin/python3 scripts/kyc-blur-legibility.py --bin .build/release/activation [--width W]

The drawn front and back of samples/kyc are brought to the width the checker measures at
(1000 px, `KYCPixels.workingWidth`; `--width` for another), blurred by a Gaussian of σ px, saved
as JPEG 92, then scored by `activation kyc --json --front` and read by the tesseract CLI. For each
σ it prints the sharpness score and how much of the unblurred picture's reading survives: the
words of three or more characters found again, and the characters in order (difflib's ratio over
the text with spaces removed). Debian packages only: python3-pil, tesseract-ocr. Prints numbers;
asserts nothing.
"""
import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter

from PIL import Image, ImageFilter

SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "kyc")
WORKING_WIDTH = 1000
SIGMAS = [0, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0]


def read(path):
    out = subprocess.run(["tesseract", path, "-"], capture_output=True, text=True, check=True)
    return out.stdout.split()


def sharpness(binary, path):
    out = subprocess.run([binary, "kyc", "--json", "--front", path], capture_output=True, text=True)
    report = json.loads(out.stdout)
    return (report["files"]["front"].get("scores") or {}).get("sharpness")


def words_kept(reference, reading):
    left = Counter(reading)
    kept = 0
    words = [w for w in reference if len(w) >= 3]
    for w in words:
        if left[w] > 0:
            kept += 1
            left[w] -= 1
    return kept, len(words)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the activation binary")
    parser.add_argument("--width", type=int, default=WORKING_WIDTH, help="the width the pictures are brought to")
    args = parser.parse_args()
    print("side   sigma  sharpness  words kept  characters")
    with tempfile.TemporaryDirectory() as work:
        for side in ("front", "back"):
            picture = Image.open(os.path.join(SAMPLES, side + ".jpg")).convert("RGB")
            picture = picture.resize((args.width, round(picture.height * args.width / picture.width)), Image.LANCZOS)
            reference = None
            for sigma in SIGMAS:
                path = os.path.join(work, f"{side}-{sigma}.jpg")
                (picture.filter(ImageFilter.GaussianBlur(sigma)) if sigma else picture).save(path, quality=92)
                reading = read(path)
                if reference is None:
                    reference = reading
                kept, total = words_kept(reference, reading)
                chars = difflib.SequenceMatcher(None, "".join(reference), "".join(reading), autojunk=False).ratio()
                print(f"{side:6} {sigma:5}  {sharpness(args.bin, path)!s:>9}  {kept:>4}/{total:<5}  {chars:10.3f}")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
