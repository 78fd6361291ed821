#!/usr/bin/env python3
"""Screens photographed askew: a few of samples/ turned by a few degrees in their pixels
(white brought in at the corners, saved as JPEG as a phone camera would), with the same truth.

usage: /usr/bin/python3 scripts/make-samples/tilt_samples.py samples/   (writes samples/tilted/)
Deterministic: the sources and angles are fixed below.
"""
import json
import os
import sys

from PIL import Image

# (source sample, degrees counter-clockwise)
TILTS = [
    ("0097_android_about_light_png.png", 6),
    ("0085_android_about_dark_png.png", -9),
    ("0054_xiaomi_status_light_png.png", 12),
    ("0000_xiaomi_status_dark_png.png", -5),
    ("0113_ios_dial_light_png.png", -8),
    ("0098_ios_about_light_png.png", 4),
    ("0109_samsung_dial_light_png.png", 10),
    ("0022_cn_meid_dialog_light_png.png", -7),
    ("0015_chat_negative_light_png.png", 8),
]


def main(root):
    out = os.path.join(root, "tilted")
    os.makedirs(out, exist_ok=True)
    truth = {}
    with open(os.path.join(root, "truth.jsonl")) as f:
        for line in f:
            t = json.loads(line)
            truth[t["file"]] = t
    lines = []
    for source, degrees in TILTS:
        t = dict(truth[source])
        img = Image.open(os.path.join(root, source)).convert("RGB")
        tilted = img.rotate(degrees, resample=Image.BICUBIC, expand=True, fillcolor=(255, 255, 255))
        name = source.rsplit("_", 1)[0].split("_", 1)[1] + f"_tilt{degrees:+d}.jpg"
        tilted.save(os.path.join(out, name), quality=90)
        t.update(file=name, variant="tilt", tilt_degrees=degrees, source=source)
        for key in ("imei_boxes", "crop_box"):  # boxes do not hold in the turned picture
            t.pop(key, None)
        lines.append(json.dumps(t))
    with open(os.path.join(out, "truth.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "samples")
