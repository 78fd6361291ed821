#!/usr/bin/python3
"""Is every IMEI in a photo legible? Rectify each value from its truth quad and OCR it alone.

usage: /usr/bin/python3 scripts/make-samples/check_legible.py samples/photos [samples/box-labels] [--crops DIR]

For each positive image with `imei_quads` (photos) or `imei_boxes` (clean renders), the value's
quadrilateral is widened a little, warped upright, scaled to ~48 px digit height, binarised by
Otsu, and read by `tesseract --psm 7` with a digit whitelist. It reports, per image, whether
every IMEI (spaces removed) was read. This is a legibility check of the pixels (the layout
question is left to the reader under test); a failure here means: look at the crop by eye
(--crops writes them as PNG).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageOps

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import degrade as D  # noqa: E402


def rectify(img, quad, pad=0.25):
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    hgt = ((x3 - x0) ** 2 + (y3 - y0) ** 2) ** 0.5
    wid = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    s = 48 / max(hgt, 1)
    W, H = int(wid * s * (1 + 2 * pad * hgt / max(wid, 1)) + 40), int(48 * (1 + 2 * pad) + 20)
    px, py = 20 + pad * 48, 10 + pad * 48
    dst = [(px, py), (px + wid * s, py), (px + wid * s, py + 48), (px, py + 48)]
    Hinv = D.homography(dst, quad)
    return img.transform((W, H), Image.PERSPECTIVE, tuple((Hinv / Hinv[2, 2]).flatten()[:8]), Image.BICUBIC)


def otsu(gray):
    a = np.asarray(gray, np.uint8)
    hist = np.bincount(a.ravel(), minlength=256).astype(float)
    w = np.cumsum(hist)
    m = np.cumsum(hist * np.arange(256))
    tot = w[-1]
    between = (m[-1] * w / tot - m) ** 2 / np.maximum(w * (tot - w), 1)
    t = int(np.argmax(between))
    out = (a > t).astype(np.uint8) * 255
    if (out == 0).mean() > 0.5:  # light text on dark
        out = 255 - out
    return Image.fromarray(out, "L")


def ocr(img):
    with tempfile.NamedTemporaryFile(suffix=".png") as tf:
        img.save(tf.name)
        p = subprocess.run(["tesseract", tf.name, "stdout", "--psm", "7", "-c", "tessedit_char_whitelist=0123456789 "],
                           capture_output=True, text=True)
    return re.sub(r"\D", "", p.stdout)


def check(root, crops=None):
    rows = [json.loads(l) for l in open(os.path.join(root, "truth.jsonl"))]
    ok = bad = 0
    for t in rows:
        if t["negative"]:
            continue
        quads = t.get("imei_quads") or [[[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]] for b in t.get("imei_boxes", [])]
        if not quads:
            print(f"  {t['file']}: no geometry")
            continue
        img = ImageOps.exif_transpose(Image.open(os.path.join(root, t["file"]))).convert("L")
        got = []
        for k, q in enumerate(quads):
            c = rectify(img, q)
            digits = ocr(otsu(c)) + "|" + ocr(c)
            got.append(digits)
            if crops:
                os.makedirs(crops, exist_ok=True)
                c.save(os.path.join(crops, f"{os.path.splitext(t['file'])[0]}_{k}.png"))
        read = "|".join(got)
        missing = [x for x in t["imeis"] if x not in read]
        if missing:
            bad += 1
            print(f"  NOT READ {t['file']}: {missing} (ocr {got})")
        else:
            ok += 1
    print(f"{root}: tesseract read every IMEI in {ok}/{ok + bad} positive images")
    return bad


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    crops = sys.argv[sys.argv.index("--crops") + 1] if "--crops" in sys.argv else None
    if crops in args:
        args.remove(crops)
    for root in args:
        check(root, crops)


if __name__ == "__main__":
    main()
