#!/usr/bin/python3
"""Mild photos of screens: a screenshot of samples/ photographed so closely that the screen fills
the frame, seen a little from the left or the right (a keystone: the far edge 1.5-3% shorter),
turned at most 0.2 degrees, barely blurred, with little sensor noise and a high JPEG quality.
Nothing but the tilt of the top and bottom text lines tells them from a JPEG screenshot: their
exactly-flat share stays with the screenshots' (above 0.65) and the whole page's text stands
nearly level. The review's photo sign (TextTilt) is tested on them. A screen seen from above or
below alone keeps its text lines level (only its columns lean) and is not drawn here: the sign
does not tell it (column profiles of real screenshots lean as much).

usage: /usr/bin/python3 scripts/make-samples/make_mild_photos.py samples/photos-mild

Deterministic: each picture draws from random.Random(SEED + index). Reads its sources from
samples/ (the png variants named in SOURCES) and copies their truth, with variant "photo_mild"
and the keystone's side and strength.
"""
import json
import os
import random
import sys

import numpy as np
from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import degrade as D  # noqa: E402

SEED = 5150
# (source in samples/, the side seen from: the opposite edge comes out shorter)
SOURCES = [
    ("0054_xiaomi_status_light_png.png", "left"),
    ("0040_ios_about_dark_png.png", "right"),
    ("0097_android_about_light_png.png", "right"),
    ("0113_ios_dial_light_png.png", "left"),
    ("0085_android_about_dark_png.png", "left"),
    ("0109_samsung_dial_light_png.png", "right"),
]


def keystone(img, side, strength, roll, rng):
    """`img` seen from `side`: the opposite edge shrunk by `strength` of its length about its
    middle, the whole turned `roll` degrees, then cropped back to the frame (the screen fills it)."""
    w, h = img.size
    corners = [[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]]  # tl tr br bl
    far = {"left": (1, 2), "right": (0, 3), "top": (2, 3), "bottom": (0, 1)}[side]
    for i in far:
        x, y = corners[i]
        if side in ("left", "right"):
            corners[i][1] = y + (h / 2 - y) * strength
        else:
            corners[i][0] = x + (w / 2 - x) * strength
    c, s = np.cos(np.radians(roll)), np.sin(np.radians(roll))
    dst = [(w / 2 + (x - w / 2) * c - (y - h / 2) * s, h / 2 + (x - w / 2) * s + (y - h / 2) * c) for x, y in corners]
    # Zoom in so the shrunk screen still fills the frame: scale about the centre.
    zoom = 1 + strength * 1.1
    dst = [(w / 2 + (x - w / 2) * zoom, h / 2 + (y - h / 2) * zoom) for x, y in dst]
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    hinv = D.homography(dst, src)
    return img.convert("RGB").transform((w, h), Image.PERSPECTIVE, tuple(hinv.flatten()[:8]), Image.BICUBIC)


def make(index, out_dir, truth_in):
    name, side = SOURCES[index]
    rng = random.Random(SEED + index)
    img = Image.open(os.path.join("samples", name))
    strength = round(rng.uniform(0.015, 0.03), 4)
    roll = round(rng.uniform(-0.2, 0.2), 2)
    out = keystone(img, side, strength, roll, rng).filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.7)))
    arr = D.add_noise(rng, np.asarray(out, np.float32), rng.uniform(0.25, 0.5))
    base = name.replace("_png.png", "")
    file = f"{base}_photo_mild.jpg"
    D.save_jpeg(D.to_img(arr), os.path.join(out_dir, file), rng.randint(88, 93))
    t = dict(truth_in[name])
    t.update(file=file, variant="photo_mild", keystone_side=side, keystone=strength, roll=roll)
    for key in ("imei_boxes", "boxes"):
        t.pop(key, None)  # the warp moves them
    return t


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    with open("samples/truth.jsonl") as f:
        truth_in = {t["file"]: t for t in map(json.loads, f)}
    lines = [make(i, out_dir, truth_in) for i in range(len(SOURCES))]
    with open(os.path.join(out_dir, "truth.jsonl"), "w") as f:
        for t in lines:
            f.write(json.dumps(t) + "\n")
    print(f"{len(lines)} mild photos in {out_dir}")


if __name__ == "__main__":
    main()
