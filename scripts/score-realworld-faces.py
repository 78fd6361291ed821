#!/usr/bin/env python3
"""Measures the selfie's sunglasses check (`eyes_uncovered`, `FaceCover`) on the labelled faces of
realworld/faces/manifest.jsonl: photos with dark sunglasses, with clear glasses and bare, from
public repositories (`scripts/collect-realworld.py --set faces` brings them; they stay outside git).

usage: /usr/bin/python3 scripts/score-realworld-faces.py [--bin BIN] [--images DIR] [--workers N]

Each image is fitted into 480 px on a grey 600 px canvas (many are small crops, which the selfie's
size rules would refuse first), written into a private temporary folder, and checked alone with
`activation kyc --json --selfie`. Prints, per label, the images present, the faces counted alone,
those whose eyes the eye cascade found, and how many score under each level's threshold (45, 55,
65). Prints numbers; asserts nothing. Needs Pillow (Debian's python3-pil).
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
THRESHOLDS = (45, 55, 65)


def padded(source, target):
    """`source` fitted into 480 px on a grey 600×600 canvas, saved as a JPEG at `target`."""
    with Image.open(source) as im:
        im = im.convert("RGB")
        scale = 480 / max(im.size)
        im = im.resize((max(1, round(im.size[0] * scale)), max(1, round(im.size[1] * scale))), Image.LANCZOS)
        canvas = Image.new("RGB", (600, 600), (128, 128, 128))
        canvas.paste(im, ((600 - im.size[0]) // 2, (600 - im.size[1]) // 2))
        canvas.save(target, quality=92)


def check(binary, path):
    """The selfie report's face count and `eyes_uncovered` score (None when not measured)."""
    out = subprocess.run([binary, "kyc", "--json", "--selfie", path], capture_output=True, text=True, timeout=120)
    try:
        selfie = json.loads(out.stdout)["files"]["selfie"]
    except (ValueError, KeyError):
        return None, None
    score = next((c["score"] for c in selfie.get("checks", []) if c["name"] == "eyes_uncovered"), None)
    return selfie.get("faces"), score


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release", "activation"))
    parser.add_argument("--images", default=os.path.join(os.environ.get("ACTIVATION_REALWORLD", "/work/realworld-images"), "faces"))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    with open(os.path.join(HERE, "..", "realworld", "faces", "manifest.jsonl")) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    present = [r for r in rows if os.path.exists(os.path.join(args.images, r["file"]))]
    if not present:
        print(f"no images under {args.images}: run scripts/collect-realworld.py --set faces first")
        return 1
    with tempfile.TemporaryDirectory() as work:  # mode 0700: the faces stay private
        def one(row):
            target = os.path.join(work, os.path.splitext(row["file"])[0] + ".jpg")
            try:
                padded(os.path.join(args.images, row["file"]), target)
            except OSError:
                return row, None, None
            return (row, *check(args.bin, target))

        with concurrent.futures.ThreadPoolExecutor(args.workers) as pool:
            results = list(pool.map(one, present))
    summary = {}
    for label in sorted({r["label"] for r in rows}):
        mine = [(faces, score) for row, faces, score in results if row["label"] == label]
        alone = [score for faces, score in mine if faces == 1 and score is not None]
        summary[label] = {
            "images": len(mine),
            "counted_alone": len(alone),
            "eye_found": sum(1 for s in alone if s == 100),
            **{f"under_{t}": sum(1 for s in alone if s < t) for t in THRESHOLDS},
        }
        s = summary[label]
        print(f"{label:14} images {s['images']:4}  one face {s['counted_alone']:4}  eye found {s['eye_found']:4}  "
              + "  ".join(f"under {t}: {s[f'under_{t}']:3}" for t in THRESHOLDS))
    print(json.dumps({"present": len(present), "rows": len(rows), "by_label": summary}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
