#!/usr/bin/python3
"""Consistency check for a generated sample set.

usage: /usr/bin/python3 scripts/make-samples/verify_samples.py samples/ [--ocr]

Checks truth.jsonl against the files (exists, decodes, format matches the
variant, Luhn validity of every expected IMEI, negatives have no IMEI, EXIF
orientation present for exif_rot, bad/ files really are broken). With --ocr it
also runs `tesseract FILE stdout` on the clean PNG originals and reports
whether every expected IMEI appears in the OCR text (spaces removed).
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # keep __pycache__ out of the repo
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from PIL import Image, ImageOps  # noqa: E402

import ids  # noqa: E402

FORMAT = {"png": "PNG", "jpg": "JPEG", "webp": "WEBP", "tif": "TIFF", "gif": "GIF", "bmp": "BMP"}


def open_any(path):
    if path.endswith(".heic"):
        td = tempfile.mkdtemp()
        out = os.path.join(td, "x.png")
        subprocess.run(["heif-convert", path, out], check=True, capture_output=True)
        im = Image.open(out)
        im.load()
        return im, "HEIC"
    im = Image.open(path)
    im.load()
    return im, im.format


def ocr_digits(path):
    txt = subprocess.run(["tesseract", path, "stdout"], capture_output=True, text=True).stdout
    return re.sub(r"[^0-9\n]", "", txt.replace(" ", ""))


def ocr_check(path, imeis, boxes=None):
    """Raw tesseract first; if that misses, gray + invert-if-dark + 2x upscale (what a reader would do)."""
    found = ocr_digits(path)
    missing = [x for x in imeis if x not in found]
    if not missing:
        return "OK (raw)"
    im = Image.open(path).convert("L")
    if sum(im.histogram()[:128]) > im.width * im.height / 2:
        im = ImageOps.invert(im)
    im = im.resize((im.width * 2, im.height * 2), Image.LANCZOS)
    with tempfile.NamedTemporaryFile(suffix=".png") as tf:
        im.save(tf.name)
        found += "\n" + ocr_digits(tf.name)
    missing = [x for x in imeis if x not in found]
    if not missing:
        return "OK (preprocessed)"
    if boxes:  # last resort: OCR just the IMEI rows (legibility check, not layout analysis)
        gray = Image.open(path).convert("L")
        for x0, y0, x1, y1 in boxes:
            h = y1 - y0
            crop = gray.crop((max(0, x0 - 2 * h), max(0, y0 - h // 2), min(gray.width, x1 + 2 * h), min(gray.height, y1 + h // 2)))
            with tempfile.NamedTemporaryFile(suffix=".png") as tf:
                crop.save(tf.name)
                found += "\n" + re.sub(r"[^0-9\n]", "", subprocess.run(
                    ["tesseract", tf.name, "stdout", "--psm", "7"], capture_output=True, text=True).stdout.replace(" ", ""))
        missing = [x for x in imeis if x not in found]
        if not missing:
            return "OK (row crop only; full-page layout analysis missed it)"
    return "MISSING " + ",".join(missing)


def main():
    root = sys.argv[1]
    ocr = "--ocr" in sys.argv
    truth = [json.loads(l) for l in open(os.path.join(root, "truth.jsonl"))]
    errors = []
    by_t, by_v = collections.Counter(), collections.Counter()
    total = 0
    for t in truth:
        p = os.path.join(root, t["file"])
        by_t[t["template"]] += 1
        by_v[t["variant"]] += 1
        if not os.path.exists(p):
            errors.append(f"{t['file']}: missing")
            continue
        total += os.path.getsize(p)
        for im_ in t["imeis"]:
            if not (len(im_) == 15 and ids.luhn_ok(im_)):
                errors.append(f"{t['file']}: expected IMEI {im_} is not a Luhn-valid 15-digit number")
        if t["negative"] != (not t["imeis"]):
            errors.append(f"{t['file']}: negative flag disagrees with imeis")
        for bad in t.get("shown_invalid", []):
            if ids.luhn_ok(bad):
                errors.append(f"{t['file']}: tampered IMEI {bad} is Luhn-valid")
        try:
            im, fmt = open_any(p)
        except Exception as e:  # noqa: BLE001
            errors.append(f"{t['file']}: does not decode: {e}")
            continue
        ext = t["file"].rsplit(".", 1)[1]
        if ext in FORMAT and fmt != FORMAT[ext]:
            errors.append(f"{t['file']}: format {fmt} does not match extension")
        v = t["variant"]
        if v == "gray" and im.mode != "L":
            errors.append(f"{t['file']}: gray but mode {im.mode}")
        if v == "png16" and im.mode not in ("I;16", "I"):
            errors.append(f"{t['file']}: png16 but mode {im.mode}")
        if v == "alpha" and (im.mode != "RGBA" or im.getchannel("A").getextrema()[0] != 0):
            errors.append(f"{t['file']}: alpha but mode {im.mode} / no transparent pixel")
        if v == "exif_rot":
            o = im.getexif().get(0x0112)
            if o not in (6, 8):
                errors.append(f"{t['file']}: exif_rot without orientation 6/8 (got {o})")
            elif ImageOps.exif_transpose(im).height < ImageOps.exif_transpose(im).width and t["template"] != "box_label":
                errors.append(f"{t['file']}: EXIF-corrected image is not portrait")
        if ocr and v == "png" and t["imeis"]:
            print(f"  ocr {t['file']}: {ocr_check(p, t['imeis'], t.get('imei_boxes'))}")
    bad_dir = os.path.join(root, "bad")
    if os.path.isdir(bad_dir):
        for t in (json.loads(l) for l in open(os.path.join(bad_dir, "truth.jsonl"))):
            p = os.path.join(bad_dir, t["file"])
            try:
                im = Image.open(p)
                im.load()
                errors.append(f"bad/{t['file']}: unexpectedly decodes as {im.size}")
            except Exception:  # noqa: BLE001
                pass
    print(f"{len(truth)} samples, {total / 1e6:.1f} MB")
    print("templates:", dict(sorted(by_t.items())))
    print("variants:", dict(sorted(by_v.items())))
    for e in errors:
        print("ERROR", e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
