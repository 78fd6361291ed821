#!/usr/bin/python3
"""Product photos of boards whose cellular module's label is turned, with truth.

usage: /usr/bin/python3 scripts/make-samples/make_module_labels.py samples/module-labels

A development board (dark solder mask, upright white silkscreen: pin names, a logo, a version)
carries a cellular module whose small printed label reads P/N, SN and `IMEI:<15 digits>` beside
a square code, as SIMCom's and Quectel's do. Product photos show such a module as it sits on
the board: turned half round (upside down), a quarter either way, or upright, often a few
degrees off, in small print (7 to 13 px capitals), under JPEG. The board's upright text keeps
the page from looking turned as a whole; only the label is. Negatives: a label whose IMEI fails
the Luhn check, and one with a serial number only.

Writes NNNN_module_label_<turn>.jpg and truth.jsonl (the samples/ schema plus turn, tilt,
cap_px). Deterministic: every entry draws from random.Random(SEED, index).
"""
import json
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from ids import corrupt_check_digit, rand_digits, random_imei  # noqa: E402

SEED = 2611
FONTS = "/usr/share/fonts/truetype/dejavu/"
PINS = ["GND", "3V3", "5V", "RST", "TX", "RX", "IO0", "IO2", "IO4", "IO5", "IO12", "IO13", "IO14",
        "IO15", "IO18", "IO19", "IO21", "IO22", "IO23", "IO25", "IO26", "IO27", "IO32", "IO33", "VBAT"]
# (turn in quarter turns counter-clockwise, negative) for each entry; 2 = upside down.
ENTRIES = [
    ("half", 2, "valid"), ("half", 2, "valid"), ("half", 2, "valid"), ("half", 2, "valid"),
    ("half", 2, "valid"), ("half", 2, "valid"), ("cw", 1, "valid"), ("ccw", 3, "valid"),
    ("upright", 0, "valid"), ("half", 2, "luhn_fail"), ("half", 2, "serial_only"),
]


def font(size, bold=False):
    return ImageFont.truetype(FONTS + ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), size)


def module_label(rng, cap, imei, kind):
    """The module's label, upright: model, P/N, SN and IMEI lines beside a square code."""
    f = font(int(cap * 1.4))
    model = rng.choice(["SIM7600E", "A7670E", "A7670G", "SIM800L", "EC25-E", "BG96"])
    lines = [f"P/N S2-{rand_digits(rng, 2)}AZT-Z{rand_digits(rng, 3)}M", f"SN MP0{rand_digits(rng, 5)}{rng.choice('ABCDEF')}{rand_digits(rng, 4)}"]
    if kind != "serial_only":
        lines.append(f"IMEI:{imei}")
    pitch = int(cap * 2.1)
    code = pitch * 3
    text_w = max(int(f.getlength(s)) for s in lines)
    w, h = code + text_w + 4 * cap, pitch * (len(lines) + 2) + 2 * cap
    label = Image.new("L", (w, h), 232)
    d = ImageDraw.Draw(label)
    # A square code: random modules in a quiet zone.
    cell = max(2, code // 16)
    for y in range(16):
        for x in range(16):
            if rng.random() < 0.5:
                d.rectangle([cap + x * cell, cap + y * cell, cap + (x + 1) * cell - 1, cap + (y + 1) * cell - 1], fill=30)
    x0 = code + 3 * cap
    d.text((x0, cap), model, font=font(int(cap * 1.9), bold=True), fill=25)
    for i, s in enumerate(lines):
        d.text((x0, cap + pitch * (i + 2)), s, font=f, fill=35)
    return label


def board(rng, width, height):
    """A dark board with upright silkscreen: two rows of pin names, a logo and a version."""
    base = rng.choice([(20, 22, 24), (14, 40, 26), (24, 24, 60)])
    img = Image.new("RGB", (width, height), base)
    d = ImageDraw.Draw(img)
    f = font(max(11, width // 70))
    for i, pin in enumerate(rng.sample(PINS, 14)):
        y = int(height * 0.08) + i * int(height * 0.06)
        d.ellipse([int(width * 0.05), y, int(width * 0.05) + 14, y + 14], fill=(200, 170, 90))
        d.text((int(width * 0.05) + 22, y - 2), pin, font=f, fill=(235, 235, 235))
        d.text((int(width * 0.85), y - 2), rng.choice(PINS), font=f, fill=(235, 235, 235))
    d.text((int(width * 0.32), int(height * 0.9)), rng.choice(["LILYGO", "T-CALL", "MAKERFAB"]), font=font(width // 20, bold=True), fill=(240, 240, 240))
    d.text((int(width * 0.35), int(height * 0.04)), f"V{rng.randint(1, 2)}.{rng.randint(0, 9)} 2021-{rng.randint(1, 12):02d}-18", font=f, fill=(230, 230, 230))
    return img


def photo(img, rng):
    """A product photo's softness, sensor noise and JPEG."""
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 0.9)))
    a = np.asarray(img).astype(np.int16)
    noise = np.random.RandomState(rng.randint(0, 2**31)).randint(-4, 5, a.shape)
    return Image.fromarray(np.clip(a + noise, 0, 255).astype(np.uint8))


def entry(index, turn_name, turns, kind):
    rng = random.Random(f"{SEED}-{index}")
    width, height = rng.choice([(929, 1161), (1000, 1000), (1200, 900)])
    img = board(rng, width, height)
    imei = random_imei(rng, "china")
    shown = corrupt_check_digit(rng, imei) if kind == "luhn_fail" else imei
    cap = rng.randint(7, 13)
    label = module_label(rng, cap, shown, kind)
    # The module: a metal can a little larger than its label.
    can = Image.new("L", (label.width + 6 * cap, label.height + 6 * cap), 190)
    can.paste(label, (3 * cap, 3 * cap))
    tilt = rng.uniform(-4, 4)
    turned = can.rotate(90 * turns, expand=True).rotate(tilt, expand=True, resample=Image.BICUBIC, fillcolor=0)
    mask = Image.new("L", can.size, 255).rotate(90 * turns, expand=True).rotate(tilt, expand=True, fillcolor=0)
    x = int((width - turned.width) / 2 + rng.uniform(-0.1, 0.1) * width)
    y = int(height * 0.55 - turned.height / 2)
    img.paste(turned.convert("RGB"), (max(0, x), max(0, y)), mask)
    out = photo(img, rng)
    truth = {
        "imeis": [imei] if kind == "valid" else [], "template": "module_label", "dark": True,
        "negative": kind != "valid", "meid": None, "variant": turn_name, "turn": turn_name,
        "tilt": round(tilt, 1), "cap_px": cap, "kind": kind,
    }
    return out, truth


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "samples/module-labels"
    os.makedirs(out_dir, exist_ok=True)
    rows = []
    for i, (turn_name, turns, kind) in enumerate(ENTRIES):
        img, truth = entry(i, turn_name, turns, kind)
        name = f"{i:04d}_module_label_{turn_name}{'' if kind == 'valid' else '_' + kind}.jpg"
        img.save(os.path.join(out_dir, name), "JPEG", quality=88)
        rows.append({"file": name, **truth})
    with open(os.path.join(out_dir, "truth.jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"wrote {len(rows)} module-label photos into {out_dir}")


if __name__ == "__main__":
    main()
