#!/usr/bin/python3
"""Generate the tampered-screenshot set: pairs of the same page, once as drawn and once with
one digit of each IMEI changed after the page was laid out (a fraudster's edit).

usage: /usr/bin/python3 scripts/make-samples/make_tampered.py samples/tampered [--jobs N]

Each pair shares its page, device, layout and degradation (the same random state), so the
tampered page's reading cost can be compared with its twin's, kind by kind. Half of the pairs
change the check digit, half another digit (any one-digit change fails the Luhn check). The
iOS About page gets every variant (the rough set's tampered kind); the other screen templates
get the png originals and the core variants. Box labels are left out: their barcodes carry the
true IMEI, which a text edit does not change.

Writes NNNN_<template>_<light|dark>_<variant>_<tampered|twin>.<ext> and truth.jsonl: the twin is
a positive with its IMEIs, the tampered page a negative (template `tampered`, `base` the page's
template, `tamper` check|body, `shown_invalid` the values drawn).
"""
import os
import random
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import degrade as D  # noqa: E402
import make_samples as M  # noqa: E402
import plan_runner  # noqa: E402
from render import render  # noqa: E402

SEED = M.SEED + 30
SCREENS = ["ios_about", "ios_dial", "android_about", "samsung_dial", "xiaomi_status", "cn_meid_dialog"]
# The extra variants that only the iOS About page gets (every one of make_samples' variants).
IOS_ONLY = [v for v in M.EXTRA]


def make_plan():
    """Every variant for the iOS About page; the png originals and the core variants for the others."""
    plan = []
    for tpl in SCREENS:
        variants = ["png"] + M.CORE + (IOS_ONLY if tpl == "ios_about" else [])
        for k, v in enumerate(variants):
            plan.append((tpl, k % 2 == 1, v))
        if tpl != "ios_about":
            plan.append((tpl, True, "png"))
    return [dict(idx=i, template=t, dark=d, variant=v, opts={}, tamper="check" if i % 2 == 0 else "body")
            for i, (t, d, v) in enumerate(plan)]


def tampered(imei, rng, where):
    """`imei` with one digit changed: the check digit, or one of the 14 before it."""
    i = 14 if where == "check" else rng.randrange(14)
    digits = list(imei)
    digits[i] = str((int(digits[i]) + rng.randint(1, 9)) % 10)
    return "".join(digits)


def edit_html(html, imeis, shown):
    """Replaces every drawn occurrence of each IMEI (whatever spaces group its digits) with the
    tampered value, digit for digit. Returns the new HTML and how many values were replaced."""
    count = 0
    for good, bad in zip(imeis, shown):
        pattern = re.compile(r"(?<!\d)" + r"(?:\s|&nbsp;|\u00a0)*".join(good) + r"(?!\d)")

        def swap(m, bad=bad):
            out, k = [], 0
            for ch in m.group(0):
                if ch.isdigit():
                    out.append(bad[k])
                    k += 1
                else:
                    out.append(ch)
            return "".join(out)

        html, n = pattern.subn(swap, html)
        count += n
    return html, count


def make_pair(spec, out_dir, tmp_root):
    rng = random.Random(SEED * 7919 + spec["idx"])
    work = os.path.join(tmp_root, f"t{spec['idx']:04d}")
    for _attempt in range(8):
        b = M.build(spec, rng)
        img, geom = render(b["html"], b["size"], work)
        if M.visible(geom, b["must_see"], img.size):
            break
    else:
        raise RuntimeError(f"pair {spec['idx']} ({spec['template']}): IMEI rows never fully visible")
    shown = [tampered(im, rng, spec["tamper"]) for im in b["imeis"]]
    html, n = edit_html(b["html"], b["imeis"], shown)
    if n < len(b["imeis"]):
        raise RuntimeError(f"pair {spec['idx']}: {n} of {len(b['imeis'])} IMEIs found in the page to tamper")
    bad_img, bad_geom = render(html, b["size"], work + "b")
    tpl, dark, variant = spec["template"], spec["dark"], spec["variant"]
    ext = D.EXT[variant]
    stem = f"{spec['idx']:04d}_{tpl}_{'dark' if dark else 'light'}_{variant}"
    state = rng.getstate()  # both pictures get the same degradation
    rows = []
    for kind, picture, g in (("twin", img, geom), ("tampered", bad_img, bad_geom)):
        rng.setstate(state)
        name = f"{stem}_{kind}.{ext}"
        truth = {"file": name, "template": tpl if kind == "twin" else "tampered", "dark": dark, "variant": variant,
                 "device": b.get("device"), "meid": b["meid"]}
        if kind == "twin":
            truth.update(imeis=b["imeis"], negative=False)
        else:
            truth.update(imeis=[], negative=True, base=tpl, tamper=spec["tamper"], shown_invalid=shown,
                         note="one digit of each IMEI changed after the page was drawn: expect 4001")
        M.write_variant(picture, g, variant, rng, os.path.join(out_dir, name), b, dark, truth)
        rows.append(truth)
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(work + "b", ignore_errors=True)
    return rows


def make_entry(idx, spec, out, tmp):
    return make_pair(spec, out, tmp)


def main():
    plan_runner.run(make_plan(), make_entry, __doc__, "make-tampered-")


if __name__ == "__main__":
    main()
