#!/usr/bin/python3
"""Photos of phone screens, and the new layouts of issue 16 item 1, with truth.

usage: /usr/bin/python3 scripts/make-samples/make_photos.py samples/photos [--jobs 2] [--only N,N]

Writes NNNN_<template>_<light|dark>_<png|photo>.<png|jpg> and truth.jsonl (same schema as
samples/truth.jsonl, plus: layout, angle (degrees between the screen's normal and the camera
axis), roll, distance (near|mid|far), fill, moire, glare, glare_over_value, blur, motion,
jpeg_q, imei_px (height of the IMEI digits in the photo, px), imei_quads (corners of each
IMEI value in the written file), degradations, label, lang, and per-trap keys).

Screens are rendered from HTML with headless Chromium (screens.py, layouts.py) and
photographed by camera.py. Deterministic: every entry of PLAN draws from its own
random.Random(SEED, index); needs the Debian packages in requirements-apt.txt.
"""
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import camera  # noqa: E402
import degrade as D  # noqa: E402
import ids  # noqa: E402
import layouts as L  # noqa: E402
import make_samples as M  # noqa: E402
import plan_runner  # noqa: E402
from render import render  # noqa: E402

SEED = 20250316


def shot(angle, dist, moire=0.0, glare=None, gs=0.0, over=False, blur=1.0, motion=0, q=85, size=(1200, 1600), noise=3.0):
    return dict(angle=angle, dist=dist, moire=moire, glare=glare, gs=gs, over=over, blur=blur, motion=motion, q=q,
                size=size, noise=noise)


P = shot
# (template, dark, opts, clean?, [shots])
PLAN = [
    # --- the screen kinds already in samples/, photographed
    ("ios_about", False, {}, False, [P(6, "near", 0.30, "spot", 0.55, blur=1.0)]),
    ("ios_about", False, {}, False, [P(14, "mid", 0.22, "window", 0.6, blur=1.4, size=(1536, 2048))]),
    ("ios_about", False, {}, False, [P(24, "mid", 0.35, None, blur=1.1, motion=5, q=78)]),
    ("ios_about", False, {}, False, [P(33, "far", 0.15, "streak", 0.5, blur=0.9, size=(1536, 2048))]),
    ("ios_about", True, {}, False, [P(10, "near", 0.40, "window", 0.7, over=True, blur=1.2)]),
    ("ios_about", True, {}, False, [P(28, "mid", 0.25, "spot", 0.6, blur=1.6, q=74)]),
    ("ios_dial", False, {}, False, [P(8, "mid", 0.30, "streak", 0.6, blur=1.3)]),
    ("ios_dial", False, {}, False, [P(30, "near", 0.20, None, blur=1.0, motion=4)]),
    ("ios_dial", True, {}, False, [P(17, "far", 0.35, "spot", 0.7, blur=1.0, size=(1536, 2048))]),
    ("ios_dial", True, {}, False, [P(35, "mid", 0.15, "window", 0.5, blur=1.2, q=80)]),
    ("android_about", False, {}, False, [P(5, "mid", 0.40, None, blur=1.8, q=72)]),
    ("android_about", False, {}, False, [P(21, "near", 0.25, "window", 0.65, over=True, blur=1.0)]),
    ("android_about", True, {}, False, [P(12, "far", 0.30, "spot", 0.6, blur=0.9, size=(1536, 2048))]),
    ("android_about", True, {}, False, [P(26, "mid", 0.20, "streak", 0.55, blur=1.3, motion=6)]),
    ("android_about", True, {}, False, [P(32, "near", 0.35, None, blur=1.1, q=82)]),
    ("samsung_dial", False, {}, False, [P(9, "near", 0.25, "spot", 0.6, blur=1.2)]),
    ("samsung_dial", False, {}, False, [P(27, "far", 0.30, "window", 0.55, blur=1.0, size=(1536, 2048))]),
    ("samsung_dial", True, {}, False, [P(15, "mid", 0.40, "streak", 0.7, blur=1.4, q=76)]),
    ("samsung_dial", True, {}, False, [P(34, "mid", 0.20, None, blur=1.0, motion=4)]),
    ("xiaomi_status", False, {}, False, [P(11, "mid", 0.30, "window", 0.6, blur=1.2)]),
    ("xiaomi_status", False, {}, False, [P(29, "near", 0.25, "spot", 0.5, over=True, blur=1.0, q=80)]),
    ("xiaomi_status", True, {}, False, [P(19, "far", 0.35, None, blur=1.0, size=(1536, 2048))]),
    ("xiaomi_status", True, {}, False, [P(7, "mid", 0.20, "streak", 0.6, blur=1.7, motion=3)]),
    # --- (a) old-Nokia-style "show my IMEI" app: centred heading, two subtitle lines, big number on a pattern
    ("nokia_app", None, {"feature_phone": True}, True, [P(13, "mid", 0.25, "spot", 0.5, blur=1.1),
                                                        P(31, "near", 0.20, "window", 0.5, blur=1.3, q=78)]),
    ("nokia_app", None, {"feature_phone": False}, True, [P(22, "mid", 0.30, "streak", 0.55, blur=1.2)]),
    # --- (b) left-aligned heading, value 1-3 prose lines below
    ("heading_value", False, {"n": 2, "platform": "android", "count": 1}, True, [P(16, "mid", 0.30, "spot", 0.55, blur=1.2)]),
    ("heading_value", True, {"n": 3, "platform": "ios", "count": 2}, True, [P(25, "near", 0.25, "window", 0.6, blur=1.0)]),
    ("heading_value", True, {"n": 1, "platform": "android", "count": 1}, False, [P(9, "far", 0.35, None, blur=1.0, size=(1536, 2048))]),
    # --- (c) phrase labels with the Latin word IMEI, in several UI languages
    ("phrase_label", False, {"lang": "en", "label": "Your Device IMEI", "style": "card"}, True,
     [P(18, "mid", 0.25, "spot", 0.5, blur=1.2)]),
    ("phrase_label", True, {"lang": "en", "label": "IMEI number", "style": "stack"}, False, [P(30, "near", 0.30, None, blur=1.0)]),
    ("phrase_label", False, {"lang": "en", "label": "IMEI:", "style": "beside"}, True, []),
    ("phrase_label", False, {"lang": "en", "label": "IMEI (MEID)", "style": "stack"}, False,
     [P(12, "mid", 0.35, "streak", 0.6, blur=1.4, q=76)]),
    ("phrase_label", True, {"lang": "de", "label": "IMEI-Nummer", "style": "beside"}, True, [P(23, "mid", 0.30, "window", 0.6, blur=1.1)]),
    ("phrase_label", False, {"lang": "es", "label": "Número IMEI", "style": "card"}, False, [P(8, "near", 0.35, "spot", 0.5, blur=1.3)]),
    ("phrase_label", False, {"lang": "pt", "label": "Número do IMEI", "style": "stack"}, False,
     [P(27, "far", 0.20, None, blur=0.9, size=(1536, 2048))]),
    ("phrase_label", False, {"lang": "hi", "label": "IMEI नंबर", "style": "stack"}, True, [P(15, "mid", 0.30, "streak", 0.5, blur=1.2)]),
    ("phrase_label", True, {"lang": "zh", "label": "设备 IMEI", "style": "card"}, True, [P(20, "mid", 0.25, "spot", 0.55, blur=1.0)]),
    ("phrase_label", False, {"lang": "ar", "label": "رقم IMEI", "style": "beside"}, True, [P(33, "mid", 0.25, "window", 0.5, blur=1.1)]),
    # --- (d) tilted hotspot / router sticker
    ("router_sticker", False, {}, True, [P(20, "mid", 0, "spot", 0.45, blur=1.0, size=(1600, 1200)),
                                         P(32, "near", 0, "streak", 0.5, blur=1.3, size=(1600, 1200)),
                                         P(10, "mid", 0, None, blur=1.6, motion=4, size=(1600, 1200))]),
    # --- traps
    ("chat_negative", False, {"platform": "ios"}, True, [P(14, "mid", 0.30, "spot", 0.5, blur=1.2)]),
    ("meid_only", False, {"base": "ios_about"}, False, [P(22, "mid", 0.30, "window", 0.5, blur=1.1)]),
    ("meid_only", True, {"base": "heading_value"}, True, []),
    ("tampered", False, {"base": "ios_about"}, False, [P(11, "near", 0.30, None, blur=1.2)]),
    ("tampered", False, {"base": "phrase_label"}, True, []),
    ("label_glue", False, {"base": "notes"}, False, [P(17, "mid", 0.25, "spot", 0.5, blur=1.1)]),
    ("label_glue", True, {"base": "compact"}, True, []),
    ("android_id", False, {}, True, [P(24, "mid", 0.30, "streak", 0.5, blur=1.2)]),
]

FILL = {"near": (0.98, 1.12), "mid": (0.74, 0.9), "far": (0.5, 0.62)}
TRAP_KEYS = {"chat_negative": ["trap"], "meid_only": ["meid"], "android_id": ["trap"]}


def build(idx, tpl, dark, opts, rng):
    """Returns dict(html, size, imeis, negative, dark, meta, body)."""
    meta, body = {"layout": tpl}, "smartphone"
    if tpl in ("ios_about", "ios_dial", "android_about", "samsung_dial", "xiaomi_status", "chat_negative") or \
            (tpl in ("meid_only", "tampered") and opts.get("base") == "ios_about") or tpl == "label_glue":
        b = M.build(dict(idx=idx, template=tpl, dark=dark, variant="photo", opts=opts), rng)
        meta.update(b["extra"])
        if b.get("meid"):
            meta["meid"] = b["meid"]
        if b.get("note"):
            meta["note"] = b["note"]
        meta["device"] = b.get("device")
        return dict(html=b["html"], size=b["size"], imeis=b["imeis"], negative=b["negative"], dark=dark, meta=meta, body=body,
                    keys=b["must_see"])
    if tpl == "nokia_app":
        im = ids.random_imei(rng, "any")
        html, size, dk = L.nokia_app(rng, im, feature_phone=opts["feature_phone"])
        meta["device"] = "feature phone" if opts["feature_phone"] else "Nokia Android"
        return dict(html=html, size=size, imeis=[im], negative=False, dark=dk, meta=meta,
                    body="feature" if opts["feature_phone"] else "smartphone", keys=["imei"])
    if tpl == "heading_value":
        im = ids.random_imei(rng, rng.choice(["samsung", "google", "apple"]))
        imeis = [im, ids.sibling_imei(rng, im)] if opts["count"] == 2 else [im]
        html, size = L.heading_value(rng, dark, imeis, n_between=opts["n"], platform=opts["platform"])
        meta.update(lines_between=opts["n"], platform=opts["platform"])
        return dict(html=html, size=size, imeis=imeis, negative=False, dark=dark, meta=meta, body=body, keys=["imei"])
    if tpl == "phrase_label":
        im = ids.random_imei(rng, rng.choice(["xiaomi", "samsung", "china"]))
        imeis = [im, ids.sibling_imei(rng, im)] if rng.random() < 0.5 else [im]
        html, size, lbl = L.phrase_label(rng, dark, imeis, opts["lang"], label=opts["label"], style=opts["style"])
        meta.update(lang=opts["lang"], label=lbl, style=opts["style"])
        return dict(html=html, size=size, imeis=imeis, negative=False, dark=dark, meta=meta, body=body, keys=["imei"])
    if tpl == "router_sticker":
        im = ids.random_imei(rng, "china")
        html, size, info = L.router_sticker(rng, im)
        meta.update(info)
        return dict(html=html, size=size, imeis=[im], negative=False, dark=False, meta=meta, body="plate", keys=["imei"])
    if tpl == "meid_only":  # heading layout, but the value is a 14-digit MEID under a "MEID" heading
        meid = ids.random_imei(rng, "apple")[:14]
        html, size = L.heading_value(rng, dark, [meid], n_between=2, platform="android", g="meid")
        html = html.replace(">IMEI<", ">MEID<").replace(">Device IMEI<", ">Device MEID<").replace(">IMEI 1<", ">MEID<") \
                   .replace(">Primary IMEI<", ">MEID<").replace(">IMEI number<", ">MEID number<")
        meta.update(meid=meid, base="heading_value", note="only a 14-digit MEID is shown")
        return dict(html=html, size=size, imeis=[], negative=True, dark=dark, meta=meta, body=body, keys=["meid"])
    if tpl == "tampered":  # phrase label, German, every IMEI with a wrong check digit
        good = ids.random_imei(rng, "samsung")
        shown = [ids.corrupt_check_digit(rng, good), ids.corrupt_check_digit(rng, ids.sibling_imei(rng, good))]
        html, size, lbl = L.phrase_label(rng, dark, [], "de", label="IMEI-Nummer (SIM 1)", style="stack", shown=shown)
        meta.update(base="phrase_label", lang="de", label=lbl, shown_invalid=shown,
                    note="IMEI check digit is wrong (Luhn-invalid): expect no IMEI / error 4001")
        return dict(html=html, size=size, imeis=[], negative=True, dark=dark, meta=meta, body=body, keys=["imei"])
    if tpl == "android_id":
        html, size, aid, lbl = L.android_id_trap(rng, dark)
        meta.update(decoy=aid, label=lbl, note="hex Android ID labelled imei: no IMEI on screen")
        return dict(html=html, size=size, imeis=[], negative=True, dark=dark, meta=meta, body=body, keys=["trap"])
    raise ValueError(tpl)


def make_entry(idx, entry, out_dir, tmp_root):
    tpl, dark, opts, clean, shots = entry
    rng = random.Random(SEED * 7919 + idx)
    work = os.path.join(tmp_root, f"p{idx:03d}")
    for _ in range(8):
        b = build(idx, tpl, dark, opts, rng)
        img, geom = render(b["html"], b["size"], work)
        if M.visible(geom, b["keys"], img.size):
            break
    else:
        raise RuntimeError(f"entry {idx}: key rows never fully visible")
    mode = "dark" if b["dark"] else "light"
    base = {"imeis": b["imeis"], "template": tpl, "dark": bool(b["dark"]), "negative": b["negative"]}
    base.update({k: v for k, v in b["meta"].items() if v is not None})
    out = []
    imei_rects = geom.get("imei", []) if b["imeis"] else []
    key_rects = [r for k in b["keys"] for r in geom.get(k, [])]
    n = 0
    if clean:
        name = f"{idx * 10 + n:04d}_{tpl}_{mode}_png.png"
        img.save(os.path.join(out_dir, name), compress_level=9)
        t = dict(file=name, **base, variant="png", degradations=[])
        if imei_rects:
            t["imei_boxes"] = [list(map(int, D.ink_box(img, r))) for r in imei_rects]
        out.append(t)
        n += 1
    for s in shots:
        srng = random.Random(SEED * 104729 + idx * 10 + n)
        if b["body"] == "feature":
            body, off = camera.feature_phone_body(img, srng)
        elif b["body"] == "plate":
            body, off = camera.plate_body(img, srng)
        else:
            body, off = D.phone_body(img, srng)
        W, Hh = s["size"]
        res = None
        for _try in range(30):
            fill = srng.uniform(*FILL[s["dist"]])
            angle = s["angle"] + srng.uniform(-1.5, 1.5)
            angle = min(35.0, max(5.0, angle))
            roll = srng.uniform(12, 30) * srng.choice([-1, 1]) if b["body"] == "plate" else srng.uniform(-6, 6)
            res = camera.shoot(srng, body, off, W=W, Hh=Hh, angle=angle, fill=fill, roll=roll, moire=s["moire"],
                               glare=s["glare"], glare_strength=s["gs"], glare_over_value=s["over"], blur=s["blur"],
                               motion=s["motion"], noise=s["noise"], bg_kind=srng.choice(["desk", "wood", "desk"]),
                               key_rects=key_rects, dark_scene=bool(b["dark"]) and srng.random() < 0.5,
                               center_jitter=0.12 if s["dist"] == "near" else 0.06, screen_size=img.size)
            if res is not None:
                break
        if res is None:
            raise RuntimeError(f"entry {idx}: could not frame the key rows")
        photo, Hm, info = res
        name = f"{idx * 10 + n:04d}_{tpl}_{mode}_photo.jpg"
        D.save_jpeg(photo, os.path.join(out_dir, name), s["q"])
        t = dict(file=name, **base, variant="photo")
        degr = ["perspective", "blur", "jpeg"]
        if s["moire"]:
            degr.append("moire")
        if s["glare"]:
            degr.append("glare_over_value" if s["over"] else "glare")
        if s["motion"]:
            degr.append("motion_blur")
        degr.append(f"distance_{s['dist']}")
        t.update(angle=info["angle"], roll=info["roll"], tilt_axis=info["tilt_axis"], distance=s["dist"], fill=info["fill"],
                 moire=s["moire"], glare=s["glare"], glare_strength=s["gs"], glare_over_value=s["over"], blur=s["blur"],
                 motion=s["motion"], jpeg_q=s["q"], size=[W, Hh], degradations=degr)
        if imei_rects:
            quads = [camera.quad_of(Hm, r, off) for r in imei_rects]
            t["imei_quads"] = [[[round(x), round(y)] for x, y in q] for q in quads]
            t["imei_px"] = round(min(((q[3][0] - q[0][0]) ** 2 + (q[3][1] - q[0][1]) ** 2) ** 0.5 for q in quads), 1)
        out.append(t)
        n += 1
    shutil.rmtree(work, ignore_errors=True)
    return out


def main():
    plan_runner.run(PLAN, make_entry, __doc__, "make-photos-")


if __name__ == "__main__":
    main()
