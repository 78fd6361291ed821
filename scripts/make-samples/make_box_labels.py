#!/usr/bin/python3
"""Retail-box labels with Code-128 barcodes of every IMEI and serial, photographed, with truth.

usage: /usr/bin/python3 scripts/make-samples/make_box_labels.py samples/box-labels [--jobs 2] [--only N,N]

Writes NNNN_box_label_light_<png|photo|photo12mp>.<png|jpg> (and the two negatives,
NNNN_no_imei_label_... and NNNN_order_slip_...) plus truth.jsonl: the samples/ schema plus
brand, serial, eid, meid, ean, labels (the printed IMEI labels), fields (every printed
identifier in print order), barcodes (every Code-128 value, print order), columns, mode
(barcode under / beside / above its text), module_mm, degradations, angle, roll, size,
imei_quads, cut_barcode.

Every clean render is checked with zbarimg: each Code-128 and the EAN-13 must decode to
exactly its value, or generation stops. Labels are rendered with headless Chromium
(boxlabels.py) at 12 px/mm, and at 24 px/mm for the 12-megapixel photos; the photos come from
camera.py. Deterministic: every entry draws from random.Random(SEED, index).
"""
import collections
import math
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

from PIL import Image  # noqa: E402

import boxlabels as B  # noqa: E402
import camera  # noqa: E402
import degrade as D  # noqa: E402
import plan_runner  # noqa: E402
from render import render  # noqa: E402
from screens import page  # noqa: E402

SEED = 20250317
CANVAS = (640, 520)  # CSS px = 160 x 130 mm, larger than any label


def P(angle, size=(1600, 1200), fill=0.8, glare=None, gs=0.0, crease=False, shadow=0.0, cut=False, blur=0.8, q=86,
      roll=None, noise=3.0, motion=0):
    return dict(angle=angle, size=size, fill=fill, glare=glare, gs=gs, crease=crease, shadow=shadow, cut=cut, blur=blur, q=q,
                roll=roll, noise=noise, motion=motion)


TWELVE = (4000, 3000)
# (kind, build kwargs, clean png?, [photos])
PLAN = [
    ("label", dict(brand="apple", n_imei=2, eid=True, mode="under"), True, [P(24, glare="streak", gs=0.55)]),
    ("label", dict(brand="apple", n_imei=1, mode="beside"), True, [P(12, size=TWELVE, fill=0.7, blur=1.6, noise=2.5, q=84)]),
    ("label", dict(brand="apple", n_imei=2, mode="beside", order="imei_last"), True, [P(34, shadow=0.45)]),
    ("label", dict(brand="apple", n_imei=2, eid=True, mode="beside"), True, [P(8, roll=88, size=(1200, 1600), shadow=0.4)]),
    ("label", dict(brand="samsung", n_imei=2, columns=2, mode="under", module=1.0, fs=2.2), True,
     [P(10, cut=True, roll=1.0, fill=0.86), P(16, crease=True)]),
    ("label", dict(brand="samsung", n_imei=1, meid=True, columns=1, mode="under"), True, [P(20, glare="spot", gs=0.6, q=72)]),
    ("label", dict(brand="samsung", n_imei=2, columns=2, mode="hri"), True,
     [P(14, size=TWELVE, fill=0.75, crease=True, shadow=0.4, blur=1.8, noise=2.5, q=84)]),
    ("label", dict(brand="samsung", n_imei=2, columns=1, mode="hri", order="shuffle"), True, []),
    ("label", dict(brand="xiaomi", n_imei=2, mode="beside"), True, [P(18, shadow=0.5, blur=1.3)]),
    ("label", dict(brand="xiaomi", n_imei=2, mode="under", order="shuffle"), True, [P(26, glare="window", gs=0.5)]),
    ("label", dict(brand="xiaomi", n_imei=1, mode="beside"), True, [P(8, fill=0.5, size=(1600, 1200))]),
    ("label", dict(brand="xiaomi", n_imei=2, columns=2, mode="under"), True, []),
    ("label", dict(brand="huawei", n_imei=2, columns=2, mode="under"), True, [P(22, crease=True, glare="spot", gs=0.45)]),
    ("label", dict(brand="huawei", n_imei=2, meid=True, columns=1, mode="under"), True, [P(15, shadow=0.45, blur=1.6, motion=4)]),
    ("label", dict(brand="huawei", n_imei=1, columns=1, mode="beside"), True, []),
    ("label", dict(brand="nokia", n_imei=2, mode="under"), True, [P(10, size=TWELVE, fill=0.65, glare="streak", gs=0.45, noise=2.5, q=84)]),
    ("label", dict(brand="nokia", n_imei=2, mode="beside"), True, [P(30, crease=True)]),
    ("label", dict(brand="nokia", n_imei=1, mode="under"), True, []),
    ("label", dict(brand="google", n_imei=2, eid=True, columns=1, mode="under"), True, [P(28, glare="streak", gs=0.5, q=78)]),
    ("label", dict(brand="google", n_imei=2, columns=2, mode="under", order="shuffle"), True, []),
    ("no_imei_label", {}, True, [P(18, glare="spot", gs=0.4)]),
    ("order_slip", {}, True, [P(15, shadow=0.35)]),
    # A whole box back photographed nearly square-on at 12 megapixels, the label a small part of
    # the frame: shrunk for reading, neighbouring bars run together (each IMEI line between two
    # barcodes, as on an iPhone box).
    ("label", dict(brand="apple", n_imei=2, eid=True, mode="under"), False, [P(3, size=TWELVE, fill=0.5, blur=1.2, noise=2.5, q=86)]),
    ("label", dict(brand="apple", n_imei=2, eid=True, mode="under"), False,
     [P(4, size=(3000, 4000), fill=0.45, blur=1.4, noise=2.5, q=86)]),
]
BOX_COLOURS = {"apple": [(242, 242, 240)], "samsung": [(18, 18, 20), (240, 240, 240)], "xiaomi": [(245, 245, 245), (230, 110, 40)],
               "huawei": [(238, 238, 236)], "nokia": [(30, 70, 150), (235, 235, 235)], "google": [(246, 246, 246)],
               "accessory": [(240, 240, 240), (20, 20, 22)], "order_slip": [(176, 140, 96)]}


def render_label(body, paper, dpr, work):
    w, h = CANVAS
    html = page(w, h, body, "", "#808080")
    img, geom = render(html, (w, h, dpr), work)
    x, y, lw, lh, _ = geom["label"][0]
    box = (round(x), round(y), round(x + lw), round(y + lh))
    img = img.crop(box)
    g = {k: [(a - box[0], b - box[1], c, d, e) for a, b, c, d, e in v] for k, v in geom.items() if k != "label"}
    return img, g


def zbar_decode(path):
    p = subprocess.run(["zbarimg", "-q", "--raw", "-Sdisable", "-Scode128.enable", "-Sean13.enable", path],
                       capture_output=True, text=True)
    return [l for l in p.stdout.splitlines() if l]


def make_entry(idx, entry, out_dir, tmp_root):
    kind, kw, clean, photos = entry
    rng = random.Random(SEED * 7919 + idx)
    work = os.path.join(tmp_root, f"b{idx:03d}")
    if kind == "label":
        body, paper, info = B.build_label(rng, **kw)
        tpl = "box_label"
    elif kind == "no_imei_label":
        body, paper, info = B.no_imei_label(rng)
        tpl = "no_imei_label"
    else:
        body, paper, info = B.order_slip(rng)
        tpl = "order_slip"
    img, geom = render_label(body, paper, 3, work)
    if len(geom.get("bar", [])) != len(info["barcodes"]):
        raise RuntimeError(f"entry {idx}: {len(geom.get('bar', []))} barcode rects for {len(info['barcodes'])} barcodes")
    base = dict(imeis=info["imeis"], template=tpl, dark=False, negative=not info["imeis"])
    for k in ("brand", "serial", "eid", "meid", "ean", "labels", "fields", "barcodes", "columns", "mode", "module_mm",
              "bar_height_mm", "decoy", "product"):
        if info.get(k) is not None:
            base[k] = info[k]
    if tpl == "order_slip":
        base["note"] = "Order No. with a Luhn-valid 15-digit Code-128 barcode; no IMEI label: expect no IMEI"
    if tpl == "no_imei_label":
        base["note"] = "accessory label: S/N (Code-128) and EAN-13 only; expect no IMEI"
    out = []
    n = 0
    # the clean print: every barcode must decode to exactly its value
    name = f"{idx * 10:04d}_{tpl}_light_png.png"
    cpath = os.path.join(out_dir, name)
    img.save(cpath, compress_level=9)
    want = collections.Counter(info["barcodes"] + ([info["ean"]] if info.get("ean") else []))
    got = collections.Counter(zbar_decode(cpath))
    if got != want:
        raise RuntimeError(f"{name}: zbarimg decoded {dict(got)}, expected {dict(want)}")
    if clean:
        t = dict(file=name, **base, variant="png", degradations=[], px_per_mm=12)
        t["imei_boxes"] = [list(map(int, D.ink_box(img, r))) for r in geom.get("imei", [])]
        out.append(t)
        n += 1
    else:
        os.remove(cpath)
    imei_bar_idx = [i for i, v in enumerate(info["barcodes"]) if v in info["imeis"]]
    for s in photos:
        srng = random.Random(SEED * 104729 + idx * 10 + n)
        big = s["size"][0] * s["size"][1] > 6e6
        if big:
            src, sgeom = render_label(body, paper, 6, work)
        else:
            src, sgeom = img, geom
        extra = {}
        if s["crease"]:
            src, extra = camera.crease(src, srng)
        colour = srng.choice(BOX_COLOURS[info["brand"]])
        plate, off = camera.plate_body(src, srng, color=colour, margin=0.12, bay=False)
        W, Hh = s["size"]
        keys = list(sgeom.get("imei", [])) + [sgeom["bar"][i] for i in imei_bar_idx] + list(sgeom.get("trap", []))
        res = None
        for _try in range(40):
            roll = s["roll"] if s["roll"] is not None else srng.uniform(-7, 7)
            cj = 0.0 if s["cut"] else 0.06
            res = camera.shoot(srng, plate, off, W=W, Hh=Hh, angle=s["angle"], fill=s["fill"] * srng.uniform(0.95, 1.05), roll=roll,
                               glare=s["glare"], glare_strength=s["gs"], blur=s["blur"] * (0.8 if big else 1), motion=s["motion"],
                               noise=s["noise"], bg_kind=srng.choice(["desk", "wood", "cardboard"]),
                               key_rects=keys, glass=True, center_jitter=cj, shadow=s["shadow"])
            if res is not None:
                break
        if res is None:
            raise RuntimeError(f"entry {idx}: could not frame the label")
        photo, Hm, info_p = res
        degr = ["perspective", "jpeg"]
        t = dict(**base)
        if s["cut"]:
            # cut the frame through the last IMEI's barcode, right of its text line
            bi = imei_bar_idx[-1]
            bq = camera.quad_of(Hm, sgeom["bar"][bi], off)
            tq = [camera.quad_of(Hm, sgeom["imei"][-1], off)]  # the same field's digits (inline span)
            bx0, bx1 = min(p[0] for p in bq), max(p[0] for p in bq)
            text_right = max(max(p[0] for p in q) for q in tq)
            x_cut = int(max(text_right + 8, bx0 + 0.55 * (bx1 - bx0)))
            if x_cut > bx1 - 0.12 * (bx1 - bx0):
                raise RuntimeError(f"entry {idx}: no room to cut the barcode right of the text")
            photo = photo.crop((0, 0, x_cut, Hh))
            W = x_cut
            t["cut_barcode"] = info["barcodes"][bi]
            degr.append("barcode_cut_off")
        if s["crease"]:
            degr.append("crease")
        if s["shadow"]:
            degr.append("shadow")
        if s["glare"]:
            degr.append("glare")
        if s["motion"]:
            degr.append("motion_blur")
        if big:
            degr.append("12mp")
        variant = "photo12mp" if big else "photo"
        name = f"{idx * 10 + n:04d}_{tpl}_light_{variant}.jpg"
        D.save_jpeg(photo, os.path.join(out_dir, name), s["q"])
        t.update(file=name, variant=variant, degradations=degr, angle=info_p["angle"], roll=info_p["roll"],
                 tilt_axis=info_p["tilt_axis"], glare=s["glare"], glare_strength=s["gs"], shadow=s["shadow"], blur=s["blur"],
                 jpeg_q=s["q"], size=[W, Hh], **extra)
        if sgeom.get("imei"):
            quads = [camera.quad_of(Hm, r, off) for r in sgeom["imei"]]
            t["imei_quads"] = [[[round(x), round(y)] for x, y in q] for q in quads]
            t["imei_px"] = round(min(math.dist(q[0], q[3]) for q in quads), 1)
            t["module_px"] = round(info["module_mm"] * (12 if not big else 24) * info_p["scale"], 2)
        out.append(t)
        n += 1
    shutil.rmtree(work, ignore_errors=True)
    return out


def main():
    plan_runner.run(PLAN, make_entry, __doc__, "make-labels-")


if __name__ == "__main__":
    main()
