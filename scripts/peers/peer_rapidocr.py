"""A deep-learning peer: RapidOCR (PP-OCR detection and recognition, ONNX Runtime), then the label rule the project
keeps: a Luhn-valid 15-digit value counts only where an IMEI label stands in its line or just above it.

usage: python3 scripts/peers/peer_rapidocr.py FILE... > results.jsonl
       python3 scripts/peers/peer_rapidocr.py --queue LIST > results.jsonl

Runs with either install (see requirements-v4.txt and requirements-v6.txt beside this file):
  v4: rapidocr-onnxruntime==1.4.4 (PP-OCRv4 models inside the wheel), `from rapidocr_onnxruntime import RapidOCR`;
  v6: rapidocr==3.10.0 + onnxruntime (PP-OCRv6 small models inside the wheel), `from rapidocr import RapidOCR`.
PEER_ENGINE=v4|v6 picks one when both are installed (default: v6 if present). `--version` prints which.

One thread per process (ONNX Runtime intra and inter op threads 1, OMP_NUM_THREADS=1): run N processes for N
cores. With `--queue LIST`, N processes share the paths in LIST (one a line): each takes the next unread one
(a counter in LIST.next, under flock), so every process loads the models once and none idles while another
still has a backlog.

PEER_ASSOC picks how a value is tied to its label:
  geometric (default): tilt-tolerant. The page's skew is the median angle of the boxes' top edges; box corners
    are turned back by it. A value counts when its own box holds an IMEI label, or an IMEI label box stands on
    its row (centres within 0.7 of the value box's height, either side) or above it by less than 2.5 heights,
    starting left of the value's right edge.
  lines: row-based. Boxes are grouped into text lines by vertical overlap (more than half the smaller height),
    left to right; a value counts in a line holding an IMEI label (after it), or in the line just under a
    label line that shows no run of 6 digits.
Output: one JSON line per file, {"file", "imeis": [strings], "error"} (4001 none found, 4005 unreadable).
"""
import fcntl
import math
import os
import re
import sys

os.environ["OMP_NUM_THREADS"] = "1"  # before numpy / onnxruntime load

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import emit, luhn_ok  # noqa: E402

LABEL = re.compile(r"[I1l|]\s?M\s?E\s?[I1l|]", re.I)  # IMEI, with the usual I/1/l/| confusions
# What may stand between a label and its value: a slot number, "(SIM slot 2)", "/ MEID".
AFTER_LABEL = re.compile(r"^\s*(?:[12]\b|\(?\s*(?:sim\s*)?slot\s*\d\s*\)?|/\s*MEID)?", re.I)
RUN = re.compile(r"\d[\d ]{13,22}\d")


def values_in(text, found):
    """Appends to `found` the first 15 digits of each run of 15-17 digits (spaces dropped) that pass Luhn."""
    for run in RUN.findall(text):
        digits = run.replace(" ", "")
        if 15 <= len(digits) <= 17 and luhn_ok(digits[:15]) and digits[:15] not in found:
            found.append(digits[:15])


def after_label(text, match):
    return AFTER_LABEL.sub("", text[match.end():], count=1)


# --- row rule -------------------------------------------------------------------------------------------------

def text_lines(boxes):
    """Boxes [(quad, text)] grouped into lines by vertical overlap, top to bottom, each joined left to right."""
    spans = sorted((min(p[1] for p in q), max(p[1] for p in q), min(p[0] for p in q), t) for q, t in boxes)
    lines = []
    for top, bottom, left, text in spans:
        for line in lines:
            overlap = min(bottom, line["bottom"]) - max(top, line["top"])
            if overlap > 0.5 * min(bottom - top, line["bottom"] - line["top"]):
                line["parts"].append((left, text))
                line["top"], line["bottom"] = min(top, line["top"]), max(bottom, line["bottom"])
                break
        else:
            lines.append({"top": top, "bottom": bottom, "parts": [(left, text)]})
    lines.sort(key=lambda line: line["top"])
    return [" ".join(text for _, text in sorted(line["parts"])) for line in lines]


def imeis_by_rows(boxes):
    lines = text_lines(boxes)
    found = []
    for i, line in enumerate(lines):
        label = LABEL.search(line)
        if label:
            values_in(after_label(line, label), found)
        elif i > 0 and LABEL.search(lines[i - 1]) and not re.search(r"\d{6}", lines[i - 1]):
            values_in(line, found)
    return found


# --- geometric rule -------------------------------------------------------------------------------------------

def imeis_by_geometry(boxes):
    slopes = [math.atan2(q[1][1] - q[0][1], q[1][0] - q[0][0]) for q, _ in boxes if q[1][0] - q[0][0] > 5]
    skew = sorted(slopes)[len(slopes) // 2] if slopes else 0.0
    cos, sin = math.cos(skew), math.sin(skew)  # turn back by -skew
    items = []
    for quad, text in boxes:
        xs = [x * cos + y * sin for x, y in quad]
        ys = [y * cos - x * sin for x, y in quad]
        items.append({"text": text, "left": min(xs), "right": max(xs), "top": min(ys), "bottom": max(ys)})
    labels = [it for it in items if LABEL.search(it["text"])]
    found = []
    for it in items:
        label = LABEL.search(it["text"])
        if label:
            values_in(after_label(it["text"], label), found)
            continue
        height = it["bottom"] - it["top"]
        centre = (it["top"] + it["bottom"]) / 2
        for lb in labels:
            above = centre - (lb["top"] + lb["bottom"]) / 2  # > 0: the label stands higher
            if abs(above) < 0.7 * height or (0 < above < 2.5 * height and lb["left"] < it["right"]):
                values_in(it["text"], found)
                break
    return found


# --- engines --------------------------------------------------------------------------------------------------

def engine():
    """(name, read) where read(BGR array) gives [(quad [[x, y] * 4], text)]."""
    want = os.environ.get("PEER_ENGINE", "")
    if want in ("", "v6"):
        try:
            from rapidocr import RapidOCR
        except ImportError:
            if want:
                raise
        else:
            ocr = RapidOCR(params={"EngineConfig.onnxruntime.intra_op_num_threads": 1,
                                   "EngineConfig.onnxruntime.inter_op_num_threads": 1,
                                   "Global.log_level": "error"})

            def read6(bgr):
                out = ocr(bgr)
                if out.boxes is None or out.txts is None:
                    return []
                return [(quad.tolist(), text) for quad, text in zip(out.boxes, out.txts)]
            return "rapidocr 3 (PP-OCRv6)", read6
    from rapidocr_onnxruntime import RapidOCR
    ocr = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)

    def read4(bgr):
        result, _ = ocr(bgr)
        return [([list(p) for p in quad], text) for quad, text, _ in result or []]
    return "rapidocr_onnxruntime 1 (PP-OCRv4)", read4


def page(path):
    import numpy as np
    from PIL import Image, ImageOps
    import pillow_heif
    pillow_heif.register_heif_opener()
    rgb = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
    return np.asarray(rgb)[:, :, ::-1].copy()  # BGR, as both engines take an array


def queued(list_path):
    """The paths in list_path not yet taken by another process, one at a time."""
    with open(list_path) as f:
        paths = [line.rstrip("\n") for line in f if line.strip()]
    fd = os.open(list_path + ".next", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        while True:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                taken = int(os.pread(fd, 32, 0) or b"0")
                os.pwrite(fd, str(taken + 1).encode().ljust(32), 0)
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
            if taken >= len(paths):
                return
            yield paths[taken]
    finally:
        os.close(fd)


def main(argv):
    name, read = engine()
    if argv[:1] == ["--version"]:
        print(name)
        return
    rule = imeis_by_rows if os.environ.get("PEER_ASSOC", "geometric") == "lines" else imeis_by_geometry
    files = queued(argv[1]) if argv[:1] == ["--queue"] else argv
    for path in files:
        try:
            boxes = read(page(path))
        except Exception as e:  # not an image, or one the engine cannot take
            emit(path, [], {"code": 4005, "name": "ERROR_SCREENSHOT_LOAD", "detail": str(e)[:80]})
            continue
        emit(path, rule(boxes))


if __name__ == "__main__":
    main(sys.argv[1:])
