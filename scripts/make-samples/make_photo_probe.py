#!/usr/bin/python3
"""Photos of screens at random shots: the two kinds issue 26 names as still missed on hidden photos
(faint grey values on a light MIUI Status page, a dark iOS About page losing IMEI2), each shot's
angle, distance, moire, glare, blur, motion blur, JPEG quality and size drawn at random over
make_photos.py's ranges, where make_photos.py's PLAN lists hand-picked shots.

usage: /usr/bin/python3 scripts/make-samples/make_photo_probe.py samples/photos-random [--jobs 2]
       [--seed 4242] [--pairs 20] [--tampered [--twins]]

Writes 2 x PAIRS photos (xiaomi_status light, ios_about dark, alternating) and truth.jsonl, in
make_photos.py's names and schema, through its make_entry. Deterministic for a seed: the shots
draw from random.Random(seed), each picture from make_photos' per-entry generators seeded with it.
samples/photos-random is seed 4242, 20 pairs (about 80 s with --jobs 1).

With --tampered, the pages are make_samples.py's tampered pages instead (an iOS About page, dark
and light in turn, and an Android About page, drawn with each IMEI's check digit wrong; negatives),
at the same random shots. samples/tampered-photos is seed 5151, 6 pairs. On 150 photographed
tampered pages (two seeds of this set, and 40 pages edited after drawing and photographed beside
their untampered twins), Tesseract's later passes took a misread of a failing value that passed
the Luhn check on 9, until the deep reader's confident digits vetoed them
(``ReadingEvidence/DeepFailing``).

With --tampered --twins, the same pages show their true IMEIs (positives), at the same shots:
a tampered set's untampered twins, so that a refusal's cost is measured against a reading's
of the same page and shot (issue 30).
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import make_photos as MP  # noqa: E402
import plan_runner  # noqa: E402


def random_shot(r):
    """One shot over make_photos.py's ranges."""
    angle, dist, moire = r.randint(5, 35), r.choice(["near", "mid", "mid", "far"]), round(r.uniform(0.1, 0.4), 2)
    glare = r.choice([None, "spot", "window", "streak"])
    strength = round(r.uniform(0.45, 0.7), 2) if glare else 0.0
    over = bool(glare) and r.random() < 0.2
    return MP.shot(angle, dist, moire, glare, strength, over=over, blur=round(r.uniform(0.9, 1.8), 1),
                   motion=r.choice([0, 0, 0, 3, 4, 5, 6]), q=r.randint(72, 88),
                   size=r.choice([(1200, 1600), (1200, 1600), (1536, 2048)]))


def tampered_build(build):
    """make_photos' build, where a `tampered` entry is make_samples' tampered page (an iOS or
    Android About page whose IMEIs' check digits were edited) as a photo's screen."""
    def wrapped(idx, tpl, dark, opts, rng):
        if tpl != "tampered":
            return build(idx, tpl, dark, opts, rng)
        b = MP.M.build(dict(idx=idx, template=tpl, dark=dark, variant="photo", opts=opts), rng)
        meta = dict(b["extra"], layout=tpl, device=b.get("device"), note=b.get("note"))
        return dict(html=b["html"], size=b["size"], imeis=b["imeis"], negative=b["negative"], dark=dark, meta=meta,
                    body="smartphone", keys=b["must_see"])
    return wrapped


def tampered_plan(seed, pairs, twins=False):
    r = random.Random(seed)
    entries = []
    for i in range(pairs):
        entries.append(("tampered", i % 2 == 0, {"base": "ios_about", "twin": twins}, False, [random_shot(r)]))
        entries.append(("tampered", i % 2 == 1, {"base": "android_about", "twin": twins}, False, [random_shot(r)]))
    return entries


def plan(seed, pairs):
    r = random.Random(seed)
    entries = []
    for _ in range(pairs):
        entries.append(("xiaomi_status", False, {}, False, [random_shot(r)]))
        entries.append(("ios_about", True, {}, False, [random_shot(r)]))
    return entries


if __name__ == "__main__":
    seed, pairs = 4242, 20
    tampered, twins = "--tampered" in sys.argv, "--twins" in sys.argv
    for flag in ("--tampered", "--twins"):
        if flag in sys.argv:
            sys.argv.remove(flag)
    for flag in ("--seed", "--pairs"):
        if flag in sys.argv:
            i = sys.argv.index(flag)
            value = int(sys.argv[i + 1])
            del sys.argv[i:i + 2]
            seed, pairs = (value, pairs) if flag == "--seed" else (seed, value)
    # make_entry seeds each picture from make_photos' SEED; the workers are forked after this.
    MP.SEED = seed
    if tampered:
        MP.build = tampered_build(MP.build)
        plan_runner.run(tampered_plan(seed, pairs, twins), MP.make_entry, __doc__, "make-photo-probe-")
    else:
        plan_runner.run(plan(seed, pairs), MP.make_entry, __doc__, "make-photo-probe-")
