#!/usr/bin/python3
"""Generate the IMEI-from-screenshot test samples.

usage: /usr/bin/python3 scripts/make-samples/make_samples.py samples/ [--jobs N] [--only IDX,IDX]

Renders phone screens from HTML with headless Chromium (screens.py), degrades
them with Pillow (degrade.py) and writes NNNN_<template>_<light|dark>_<variant>.<ext>
plus truth.jsonl into the output directory, and broken inputs into <out>/bad/.
Deterministic: every sample draws from its own random.Random seeded from SEED
and its index. Needs the Debian packages in requirements-apt.txt.
"""
import argparse
import concurrent.futures as cf
import html
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # keep __pycache__ out of the repo
sys.path.insert(0, HERE)

from PIL import Image  # noqa: E402

import badfiles  # noqa: E402
import degrade as D  # noqa: E402
import ids  # noqa: E402
import screens as S  # noqa: E402
from render import render  # noqa: E402

SEED = 20240611

POSITIVE = ["ios_about", "ios_dial", "android_about", "samsung_dial", "xiaomi_status", "cn_meid_dialog", "box_label"]
# every positive template gets the png originals (light + dark), the CORE variants, and a
# rotating window of EXTRA variants so that each extra variant lands on ~4 templates
CORE = ["jpeg85", "messenger", "crop", "photo"]
EXTRA = ["jpeg_heavy", "third", "exif_rot", "pixel_rot", "highlight", "red_circle", "red_box", "underline", "webp",
         "heic", "gray", "alpha", "png16", "tiff", "gif", "bmp"]
VARIANTS = CORE + EXTRA
# The box label already is a camera photo with no phone outline: skip the screenshot-only
# variants, and store its annotated / rotated versions as JPEG like a phone would.
NOT_FOR = {"box_label": {"photo", "alpha", "bmp", "gif", "png16", "tiff", "gray"}}
EXT_OVERRIDE = {"box_label": {"highlight": "jpg", "red_box": "jpg", "underline": "jpg", "pixel_rot": "jpg"}}
PER_TEMPLATE = 9  # extras per template

# (template, dark, variant, options)
TRAPS = [
    ("chat_negative", False, "png", {"platform": "ios"}),
    ("chat_negative", True, "png", {"platform": "android"}),
    ("chat_negative", False, "messenger", {"platform": "android"}),
    ("chat_negative", True, "jpeg85", {"platform": "ios"}),
    ("chat_negative", False, "photo", {"platform": "ios"}),
    ("chat_negative", True, "crop", {"platform": "android"}),
    ("tampered", False, "png", {"base": "ios_about"}),
    ("tampered", True, "png", {"base": "android_about"}),
    ("tampered", True, "messenger", {"base": "ios_about"}),
    ("tampered", False, "jpeg85", {"base": "android_about"}),
    ("tampered", False, "crop", {"base": "ios_about"}),
    ("tampered", True, "webp", {"base": "android_about"}),
    ("meid_only", False, "png", {"base": "ios_about"}),
    ("meid_only", True, "png", {"base": "ios_about"}),
    ("meid_only", False, "jpeg85", {"base": "ios_about"}),
    ("meid_only", True, "png", {"base": "ios_dial"}),
    ("long_numbers", False, "png", {"base": "ios_about"}),
    ("long_numbers", True, "png", {"base": "android_sim_status"}),
    ("long_numbers", True, "jpeg85", {"base": "ios_about"}),
    ("long_numbers", False, "third", {"base": "android_sim_status"}),
    ("label_glue", False, "png", {"base": "notes"}),
    ("label_glue", True, "png", {"base": "notes"}),
    ("label_glue", False, "png", {"base": "compact"}),
    ("label_glue", True, "jpeg85", {"base": "compact"}),
    ("label_glue", False, "messenger", {"base": "notes"}),
    ("label_glue", True, "crop", {"base": "compact"}),
]


def make_plan():
    """Balanced template x variant x mode matrix. Pure function of the constants above."""
    plan = []
    seen = {}
    for ti, tpl in enumerate(POSITIVE):
        box = tpl == "box_label"
        plan.append((tpl, False, "png", {}))
        if not box:
            plan.append((tpl, True, "png", {}))
        start = (ti * PER_TEMPLATE) % len(EXTRA)
        window = [EXTRA[(start + k) % len(EXTRA)] for k in range(len(EXTRA))]
        skip = NOT_FOR.get(tpl, set())
        chosen = [v for v in CORE if v not in skip] + [v for v in window if v not in skip][:PER_TEMPLATE + box]
        tbal = 0
        for k, v in enumerate(chosen):
            # greedy light/dark choice balancing both this template and this variant
            if box:
                dark = False
            else:
                score = tbal + seen.get(v, 0)
                dark = score < 0 or (score == 0 and k % 2 == 1)
                tbal += 1 if dark else -1
                seen[v] = seen.get(v, 0) + (1 if dark else -1)
            plan.append((tpl, dark, v, {}))
    plan += TRAPS
    rng = random.Random(SEED)
    rng.shuffle(plan)  # mix templates so file order says nothing
    return [dict(idx=i, template=t, dark=d, variant=v, opts=o) for i, (t, d, v, o) in enumerate(plan)]


# ----------------------------------------------------------------- per-template content

def pick_ios(rng, variant):
    return S.SMALL_IOS if variant == "bmp" else rng.choice(S.IOS_DEVICES)


def pick_android(rng, variant):
    return S.SMALL_ANDROID if variant == "bmp" else rng.choice(S.ANDROID_DEVICES)


def glue_imei(rng, label_digit, vendor, tac=None):
    """An IMEI such that label_digit + imei[:14] is ALSO Luhn-valid (worst case for label glue)."""
    while True:
        im = ids.random_imei(rng, vendor, tac=tac)
        if label_digit is None or ids.luhn_ok(label_digit + im[:14]):
            return im


def build(spec, rng):
    """Returns dict(html, size, imeis, meid, negative, must_see, annot, crop, extra)."""
    tpl, dark, variant, opts = spec["template"], spec["dark"], spec["variant"], spec["opts"]
    r = dict(meid=None, negative=False, extra={})
    if tpl == "ios_about":
        dev = pick_ios(rng, variant)
        im = ids.random_imei(rng, "apple")
        imeis = [im, ids.sibling_imei(rng, im)] if rng.random() < 0.6 else [im]
        meid = im[:14] if rng.random() < 0.6 else None
        eid = ids.random_eid(rng) if (len(imeis) > 1 or rng.random() < 0.4) else None
        html_, size = S.ios_about(rng, dark, dev, imeis, meid=meid, iccid=ids.random_iccid(rng), eid=eid)
        r.update(imeis=imeis, meid=meid, device=dev[0])
    elif tpl == "ios_dial":
        dev = pick_ios(rng, variant)
        im = ids.random_imei(rng, "apple")
        imeis = [im, ids.sibling_imei(rng, im)] if rng.random() < 0.6 else [im]
        meid = im[:14] if rng.random() < 0.5 else None
        html_, size = S.ios_dial(rng, dark, dev, imeis, meid=meid, eid=ids.random_eid(rng))
        r.update(imeis=imeis, meid=meid, device=dev[0])
    elif tpl == "android_about":
        dev = pick_android(rng, variant)
        vendor = rng.choice(["samsung", "google", "xiaomi"])
        im = ids.random_imei(rng, vendor)
        imeis = [im, ids.sibling_imei(rng, im)] if rng.random() < 0.75 else [im]
        html_, size = S.android_about(rng, dark, dev, imeis, skin="oneui" if vendor == "samsung" and rng.random() < 0.6 else "pixel")
        r.update(imeis=imeis, device=dev[0])
    elif tpl == "samsung_dial":
        dev = pick_android(rng, variant)
        im = ids.random_imei(rng, "samsung")
        imeis = [im, ids.sibling_imei(rng, im)] if rng.random() < 0.7 else [im]
        meid = im[:14] if rng.random() < 0.35 else None
        sn = ids.samsung_serial(rng) if rng.random() < 0.5 else None
        html_, size = S.samsung_dial(rng, dark, dev, imeis, meid=meid, sn=sn)
        r.update(imeis=imeis, meid=meid, device=dev[0])
    elif tpl == "xiaomi_status":
        dev = pick_android(rng, variant)
        im = ids.random_imei(rng, "xiaomi")
        imeis = [im, ids.sibling_imei(rng, im)] if rng.random() < 0.85 else [im]
        x = rng.random()
        meid = ids.hex_meid(rng) if x < 0.4 else (im[:14] if x < 0.6 else None)
        iccid = ids.random_iccid(rng) if rng.random() < 0.6 else None
        html_, size = S.xiaomi_status(rng, dark, dev, imeis, meid=meid, iccid=iccid)
        r.update(imeis=imeis, meid=meid, device=dev[0])
    elif tpl == "cn_meid_dialog":
        dev = pick_android(rng, variant)
        im = ids.random_imei(rng, "china")
        if rng.random() < 0.85:
            im2 = ids.imei_from_body(f"{int(im[:14]) + 1:014d}") if rng.random() < 0.6 else ids.sibling_imei(rng, im)
            imeis = [im, im2]
        else:
            imeis = [im]
        meid = ids.hex_meid(rng) if rng.random() < 0.7 else None
        html_, size = S.cn_meid_dialog(rng, dark, dev, imeis, meid=meid)
        r.update(imeis=imeis, meid=meid, device="MTK/Chinese Android")
    elif tpl == "box_label":
        brand = rng.choice(["samsung", "apple", "xiaomi"])
        vendor = {"samsung": "samsung", "apple": "apple", "xiaomi": "xiaomi"}[brand]
        im = ids.random_imei(rng, vendor)
        imeis = [im, ids.sibling_imei(rng, im)] if rng.random() < 0.7 else [im]
        html_, size, info = S.box_label(rng, imeis, brand=brand)
        r.update(imeis=imeis, device=f"{brand} retail box", extra={"ean": info["ean"]})
    elif tpl == "chat_negative":
        order = ids.random_imei(rng, rng.choice(["apple", "china", "samsung"]))  # Luhn-valid, IMEI-shaped
        ref = ids.rand_digits(rng, rng.choice([10, 12, 13]))
        phone = ids.random_phone(rng)
        trap = f'<span data-g="trap">{order}</span>'
        asks = rng.choice(["Hi, please share the IMEI of your phone so we can check the warranty.",
                           "Hello! To activate the insurance we need the IMEI from Settings › About.",
                           "Hi, which phone was it? Send me the details please"])
        msgs = [(False, html.escape(asks), "10:02"),
                (True, f"My order number is {trap}", "10:04"),
                (False, html.escape(f"Thanks. Your reference id is {ref}"), "10:05"),
                (True, html.escape(f"Call me on {phone}"), "10:05"),
                (False, html.escape(rng.choice([f"Membership {ids.rand_digits(rng, 8)} is pending",
                                                f"Parcel 1Z {ids.rand_digits(rng, 3)} {ids.rand_digits(rng, 3)} {ids.rand_digits(rng, 4)} is on its way",
                                                f"Refund of €{rng.randint(20, 900)},{rng.randint(10, 99)} approved"])), "10:07")]
        if opts["platform"] == "ios":
            dev = pick_ios(rng, variant)
        else:
            dev = pick_android(rng, variant)
        html_, size = S.chat(rng, dark, dev, opts["platform"], msgs, rng.choice(["Support", "OneAssist Support", "Mike", "Shop Helpdesk"]))
        r.update(imeis=[], negative=True, device=dev[0], extra={"decoy": order},
                 must_see=["trap"], annot=["trap"], crop=["trap"])
    elif tpl == "tampered":
        # opts["twin"]: the same page (the same random draws) showing the true IMEIs, a positive.
        twin = opts.get("twin", False)
        if opts["base"] == "ios_about":
            dev = pick_ios(rng, variant)
            good = [ids.random_imei(rng, "apple")]
            shown = [ids.corrupt_check_digit(rng, good[0])]
            if rng.random() < 0.4:
                good.append(ids.sibling_imei(rng, good[0]))
                shown.append(ids.corrupt_check_digit(rng, good[1]))
            meid = good[0][:14] if rng.random() < 0.5 else None
            html_, size = S.ios_about(rng, dark, dev, good if twin else shown, meid=meid, iccid=ids.random_iccid(rng))
            r.update(meid=meid)
        else:
            dev = pick_android(rng, variant)
            good = [ids.random_imei(rng, "samsung")]
            shown = [ids.corrupt_check_digit(rng, good[0])]
            good.append(ids.sibling_imei(rng, good[0]))
            shown.append(ids.corrupt_check_digit(rng, good[1]))
            html_, size = S.android_about(rng, dark, dev, good if twin else shown)
        if twin:
            r.update(imeis=good, negative=False, device=dev[0], extra={"base": opts["base"], "twin": True},
                     note="the untampered twin of a tampered page: its true IMEIs")
        else:
            r.update(imeis=[], negative=True, device=dev[0], extra={"base": opts["base"], "shown_invalid": shown},
                     note="IMEI check digit is wrong (Luhn-invalid): expect no IMEI / error 4001")
    elif tpl == "meid_only":
        dev = pick_ios(rng, variant)
        meid = ids.random_imei(rng, "apple")[:14]
        if opts["base"] == "ios_dial":
            html_, size = S.ios_dial(rng, dark, dev, [], meid=meid, eid=ids.random_eid(rng))
        else:
            html_, size = S.ios_about(rng, dark, dev, [], meid=meid, show_imei=False, iccid=ids.random_iccid(rng),
                                      layout="modern", anchor="meid")
        r.update(imeis=[], meid=meid, negative=True, device=dev[0], extra={"base": opts["base"]},
                 must_see=["meid"], annot=["meid"], crop=["meidrow"], note="only a 14-digit MEID is shown")
    elif tpl == "long_numbers":
        while True:
            iccid = ids.random_iccid(rng, 20)
            if ids.luhn_windows(iccid):
                break
        while True:
            eid = ids.random_eid(rng)
            if ids.luhn_windows(eid):
                break
        if opts["base"] == "ios_about":
            dev = pick_ios(rng, variant)
            html_, size = S.ios_about(rng, dark, dev, [], show_imei=False, iccid=iccid, eid=eid, layout="modern", anchor="iccid")
            must = ["iccid", "eid"]
        else:
            dev = pick_android(rng, variant)
            html_, size = S.android_sim_status(rng, dark, dev, iccid, eid)
            must = ["trap"]
        r.update(imeis=[], negative=True, device=dev[0],
                 extra={"base": opts["base"], "luhn_windows": ids.luhn_windows(iccid) + ids.luhn_windows(eid)},
                 must_see=must, annot=must, crop=[k + "row" for k in must],
                 note="20-digit ICCID and 32-digit EID contain Luhn-valid 15-digit windows; no IMEI on screen")
    elif tpl == "label_glue":
        n = 2 if rng.random() < 0.8 else 1
        if opts["base"] == "notes":
            dev = pick_ios(rng, variant)
            labels = ["IMEI", "IMEI2"] if n == 2 else ["IMEI2"] if rng.random() < 0.5 else ["IMEI1"]
            if n == 2 and rng.random() < 0.4:
                labels = ["IMEI1", "IMEI2"]
            tac = ids.random_tac(rng, "apple")
            imeis = [glue_imei(rng, lb[-1] if lb[-1].isdigit() else None, "apple", tac) for lb in labels]
            grouped = rng.random() < 0.7
            lines = [f"<div>Model: {html.escape(dev[0])}</div>", f"<div>Serial: {ids.apple_serial(rng)}</div>"]
            for lb, im in zip(labels, imeis):
                lines.append(f'<div data-g="imeirow">{lb} <span data-g="imei">{ids.group_ios(im) if grouped else im}</span></div>')
            lines.append(f"<div>Bought {rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/20{rng.randint(19, 24)}, "
                         f"{rng.choice(['€899', '£749', '$999'])}</div>")
            html_, size = S.notes_glue(rng, dark, dev, lines)
        else:
            dev = pick_android(rng, variant)
            labels = ["IMEI1", "IMEI2"] if n == 2 else ["IMEI2"]
            tac = ids.random_tac(rng, "china")
            imeis = [glue_imei(rng, lb[-1], "china", tac) for lb in labels]
            lines = [f'<div data-g="imeirow">{lb} <span data-g="imei">{im}</span></div>' for lb, im in zip(labels, imeis)]
            lines.append(f"<div>SN {ids.samsung_serial(rng)}</div>")
            html_, size = S.compact_glue(rng, dark, dev, lines)
        glued = [lb[-1] + im[:14] for lb, im in zip(labels, imeis) if lb[-1].isdigit()]
        r.update(imeis=imeis, device=dev[0], extra={"base": opts["base"], "glue_decoys": glued},
                 note="label and digits on one line, e.g. 'IMEI2 35 209900 176148 1'; label digit + first 14 digits is also Luhn-valid")
    else:
        raise ValueError(tpl)
    r.setdefault("must_see", ["imei"])
    r.setdefault("annot", ["imei"])
    r.setdefault("crop", ["imeirow"])
    r.update(html=html_, size=size)
    return r


def visible(geom, keys, img_size):
    W, H = img_size
    view = geom.get("view", [(0, 0, W, H, 0)])[0]
    vy0, vy1 = view[1], view[1] + view[3]
    found = False
    for k in keys:
        for x, y, w, h, _ in geom.get(k, []):
            found = True
            if w <= 0 or h <= 0 or x < -0.5 or y < max(-0.5, vy0 - 0.5) or x + w > W + 0.5 or y + h > min(H, vy1) + 0.5:
                return False
    return found


# ----------------------------------------------------------------- one sample

def make_one(spec, out_dir, tmp_root):
    rng = random.Random(SEED * 7919 + spec["idx"])
    work = os.path.join(tmp_root, f"w{spec['idx']:04d}")
    for _attempt in range(8):
        b = build(spec, rng)
        img, geom = render(b["html"], b["size"], work)
        if visible(geom, b["must_see"], img.size):
            break
        print(f"  sample {spec['idx']}: key rows not fully visible, re-rolling", file=sys.stderr, flush=True)
    else:
        raise RuntimeError(f"sample {spec['idx']} ({spec['template']}): key rows never fully visible")
    if spec["template"] == "box_label":
        img, geom = D.label_photo(img, geom, rng)
    tpl, dark, variant = spec["template"], spec["dark"], spec["variant"]
    ext = EXT_OVERRIDE.get(tpl, {}).get(variant, D.EXT[variant])
    name = f"{spec['idx']:04d}_{tpl}_{'dark' if dark else 'light'}_{variant}.{ext}"
    path = os.path.join(out_dir, name)
    truth = {"file": name, "imeis": b["imeis"], "template": tpl, "dark": dark, "variant": variant,
             "negative": b["negative"], "meid": b["meid"], "device": b.get("device")}
    boxes = [D.ink_box(img, r) for r in geom.get("imei", [])] if b["imeis"] else []
    xf = write_variant(img, geom, variant, rng, path, b, dark, truth)
    if boxes and xf is not None:
        # tight boxes around the expected IMEI digits, in the pixel coordinates of the written file
        kind, a, c = xf
        if kind == "scale":
            truth["imei_boxes"] = [[round(x0 * a), round(y0 * c), round(x1 * a), round(y1 * c)] for x0, y0, x1, y1 in boxes]
        else:
            truth["imei_boxes"] = [[round(x0 - a), round(y0 - c), round(x1 - a), round(y1 - c)] for x0, y0, x1, y1 in boxes]
    if b.get("note"):
        truth["note"] = b["note"]
    truth.update(b["extra"])
    shutil.rmtree(work, ignore_errors=True)
    return truth


def save_any(img, path):
    """PNG normally; JPEG when the file name says .jpg (box label photos)."""
    if path.endswith(".jpg"):
        D.save_jpeg(img, path, 90)
    else:
        img.save(path, compress_level=9)


def write_variant(img, geom, variant, rng, path, b, dark, truth):
    """Write one variant. Returns how pixel coordinates map into the written file:
    ("scale", sx, sy), ("offset", dx, dy) (new = old - d), or None (warped / rotated)."""
    xf = ("scale", 1.0, 1.0)
    if variant == "png":
        img.save(path, compress_level=9)
    elif variant == "jpeg85":
        D.save_jpeg(img, path, 85)
    elif variant == "messenger":
        L = rng.randint(1280, 1600)
        s = L / max(img.size)
        if s < 1:
            small = img.resize((round(img.width * s), round(img.height * s)), Image.LANCZOS)
            xf = ("scale", small.width / img.width, small.height / img.height)
            img = small
        D.save_jpeg(img, path, rng.randint(66, 74))
    elif variant == "jpeg_heavy":
        D.save_jpeg(img, path, rng.randint(25, 40))
    elif variant == "third":
        small = img.resize((img.width // 3, img.height // 3), Image.LANCZOS)
        xf = ("scale", small.width / img.width, small.height / img.height)
        small.save(path, compress_level=9)
    elif variant == "crop":
        c, box = D.crop_box(img, geom, rng, b["crop"])
        truth["crop_box"] = list(box)
        xf = ("offset", box[0], box[1])
        c.save(path, compress_level=9)
    elif variant == "photo":
        D.save_jpeg(D.photo(img, geom, rng), path, rng.randint(84, 91))
        xf = None
    elif variant == "exif_rot":
        stored, exif, orient = D.exif_rotated(img, rng)
        truth["exif_orientation"] = orient
        D.save_jpeg(stored, path, 90, exif=exif.tobytes())
        xf = None  # boxes would only hold after applying the EXIF orientation
    elif variant == "pixel_rot":
        rot = rng.choice([90, 180, 270])
        truth["rotation_ccw"] = rot
        save_any(img.rotate(rot, expand=True), path)
        xf = None
    elif variant == "highlight":
        save_any(D.highlight(img, geom, rng, b["annot"], dark), path)
    elif variant == "red_circle":
        D.save_jpeg(D.red_circle(img, geom, rng, b["annot"]), path, 90)
    elif variant == "red_box":
        save_any(D.red_box(img, geom, rng, b["annot"]), path)
    elif variant == "underline":
        save_any(D.underline(img, geom, rng, b["annot"]), path)
    elif variant == "webp":
        img.save(path, "WEBP", quality=rng.randint(70, 85), method=4)
    elif variant == "heic":
        D.save_heic(img, path, rng.randint(45, 70))
    elif variant == "gray":
        img.convert("L").save(path, compress_level=9)
    elif variant == "alpha":
        mock, off = D.alpha_mockup(img, rng)
        mock.save(path, compress_level=9)
        xf = ("offset", -off[0], -off[1])
    elif variant == "png16":
        D.to_png16(img, rng).save(path, compress_level=9)
    elif variant == "tiff":
        img.save(path, "TIFF", compression="tiff_lzw")
    elif variant == "gif":
        img.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, "GIF")
    elif variant == "bmp":
        img.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, "BMP")
    else:
        raise ValueError(variant)
    return xf


# ----------------------------------------------------------------- main

GENERATED = re.compile(r"^\d{4}_[a-z0-9_]+_(light|dark)_[a-z0-9_]+\.[a-z0-9]+$")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    ap.add_argument("--only", help="comma-separated sample indices (debugging; truth.jsonl is not rewritten)")
    args = ap.parse_args()
    out = os.path.abspath(args.out_dir)
    os.makedirs(out, exist_ok=True)
    plan = make_plan()
    only = {int(x) for x in args.only.split(",")} if args.only else None
    if only is None:
        for f in os.listdir(out):
            if GENERATED.match(f):
                os.remove(os.path.join(out, f))
    todo = [s for s in plan if only is None or s["idx"] in only]
    t0 = time.time()
    results = {}
    with tempfile.TemporaryDirectory(prefix="make-samples-") as tmp:
        with cf.ProcessPoolExecutor(max_workers=args.jobs) as ex:
            futs = {ex.submit(make_one, s, out, tmp): s for s in todo}
            for n, fut in enumerate(cf.as_completed(futs), 1):
                s = futs[fut]
                t = fut.result()
                results[s["idx"]] = t
                print(f"[{n:3d}/{len(todo)}] {t['file']}  imeis={t['imeis']}", flush=True)
    if only is not None:
        return
    with open(os.path.join(out, "truth.jsonl"), "w") as f:
        for i in sorted(results):
            f.write(json.dumps(results[i], ensure_ascii=False) + "\n")
    pngs = sorted(r["file"] for r in results.values() if r["variant"] == "png")
    jpgs = sorted(r["file"] for r in results.values() if r["variant"] == "jpeg85")
    badfiles.write_bad(os.path.join(out, "bad"), SEED, os.path.join(out, pngs[0]), os.path.join(out, jpgs[0]))
    total = sum(os.path.getsize(os.path.join(out, r["file"])) for r in results.values())
    print(f"wrote {len(results)} samples ({total / 1e6:.1f} MB) + bad/ in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
