#!/usr/bin/env python3
"""Scores `activation kyc` against the human-labelled real-world KYC images.

Usage: python3 scripts/score-realworld-kyc.py [--images DIR] [--bin PATH] [--strictness LEVEL] [--json]

Reads realworld/kyc/manifest.jsonl (one labelled image a line: file, sha256, role, accept,
reason). The images live outside git: DIR defaults to $ACTIVATION_REALWORLD_KYC, else
/work/realworld-images/kyc. Files that are absent or whose SHA-256 differs are counted as
missing and skipped. For each present file it runs `BIN kyc --json --<role> FILE`; our
verdict is "accept" when that role's report has no errors. It prints the agreement by role
and reason, false accepts (we pass what the reviewer rejects), false rejects, whether our
codes name the reviewer's reason class when both reject, every disagreement with its
codes and scores, and a final one-line JSON summary (--json prints only that line), with the
agreement by set: files are numbered by the set that brought them (001-106 the first sets,
2NN the fifth, 3NN the sixth, 4NN the seventh, 5NN the eighth, 6NN the ninth, 7NN the tenth; the seventh
to tenth were held out, labelled before any run). Python 3 standard library only.
"""
import argparse
import collections
import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "realworld", "kyc", "manifest.jsonl")

# Our codes -> the reviewer's reason classes. Size/format/decoding codes have no reviewer
# class of their own and map to "other".
CODE_CLASS = {
    "IMAGE_TOO_SMALL": "too_small", "BLURRY": "blurry", "GLARE": "glare",
    "TOO_DARK": "too_dark", "TOO_BRIGHT": "too_bright", "NO_FACE": "no_face",
    "MULTIPLE_FACES": "multiple_faces", "FACE_TOO_SMALL": "face_too_small", "FACE_CUT_OFF": "partial_face",
    "DOCUMENT_CUT_OFF": "cut_off", "DOCUMENT_TOO_FAR": "too_far", "DOCUMENT_COVERED": "covered",
    "SCREEN_RECAPTURE": "screen_recapture",
    # A face hidden from view (a mask, a hat, a turned head): the reviewer's "other" for selfies.
    "FACE_OBSCURED": "other",
}
# By design (KYCRules) a selfie too dark, blurred, cut or small to show a face fails as
# NO_FACE; the "loose" match accepts that too.
LOOSE = {"NO_FACE": {"no_face", "face_too_small", "partial_face", "too_dark", "too_bright", "blurry"}}


def set_of(file):
    """The set that brought `file`, from its number: "1xx" for 001-199, else its hundreds."""
    number = int(file[:3]) if file[:3].isdigit() else 0
    return "1xx" if number < 200 else f"{number // 100}xx"


def run(binary, role, path, strictness=None):
    level = ["--strictness", strictness] if strictness else []
    out = subprocess.run([binary, "kyc", "--json", *level, f"--{role}", path],
                         capture_output=True, text=True, timeout=300)
    try:
        return json.loads(out.stdout)["files"][role]
    except (ValueError, KeyError):
        return {"errors": [{"code": f"NO_JSON(rc={out.returncode})"}], "stderr": out.stderr.strip()[-200:]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--images", default=os.environ.get("ACTIVATION_REALWORLD_KYC", "/work/realworld-images/kyc"))
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "activation"))
    ap.add_argument("--strictness", help="pass --strictness LEVEL (relaxed, normal, strict) to the checker")
    ap.add_argument("--json", action="store_true", help="print only the summary line")
    a = ap.parse_args()
    say = (lambda *x: None) if a.json else print

    labels = [json.loads(l) for l in open(MANIFEST) if l.strip()]
    present, missing = [], 0
    for d in labels:
        p = os.path.join(a.images, d["file"])
        ok = os.path.isfile(p) and hashlib.sha256(open(p, "rb").read()).hexdigest() == d["sha256"]
        if ok:
            present.append((d, p))
        missing += not ok
    if not present:
        print(f"no labelled images present in {a.images} ({missing} missing); nothing to score")
        return 0
    if not os.access(a.bin, os.X_OK):
        print(f"binary {a.bin} not found; build it or pass --bin", file=sys.stderr)
        return 2

    rows = collections.defaultdict(lambda: collections.Counter())
    sets = collections.defaultdict(lambda: collections.Counter())
    disagreements, tot = [], collections.Counter()
    for d, p in present:
        rep = run(a.bin, d["role"], p, a.strictness)
        codes = [e["code"] for e in rep.get("errors", [])]
        ours = not codes
        key = (d["role"], "accept" if d["accept"] else d["reason"])
        r = rows[key]
        r["n"] += 1
        r["agree"] += ours == d["accept"]
        r["false_accept"] += ours and not d["accept"]
        r["false_reject"] += (not ours) and d["accept"]
        sets[set_of(d["file"])].update({"n": 1, "agree": int(ours == d["accept"]),
                                        "false_accept": int(ours and not d["accept"]),
                                        "false_reject": int((not ours) and d["accept"])})
        if not ours and not d["accept"]:
            classes = {CODE_CLASS.get(c, "other") for c in codes}
            loose = classes | set().union(*(LOOSE.get(c, set()) for c in codes))
            r["both_reject"] += 1
            r["class_match"] += d["reason"] in classes
            r["class_match_loose"] += d["reason"] in loose
        if ours != d["accept"] or (not ours and not d["accept"] and d["reason"] not in
                                   {CODE_CLASS.get(c, "other") for c in codes}):
            disagreements.append((d, codes, rep))
    for r in rows.values():
        tot.update(r)

    say(f"{'role':7} {'label':16} {'n':>3} {'agree':>5} {'FA':>3} {'FR':>3} {'both✗':>5} {'cls':>4} {'loose':>5}")
    for (role, lab), r in sorted(rows.items()):
        say(f"{role:7} {lab:16} {r['n']:3} {r['agree']:5} {r['false_accept']:3} {r['false_reject']:3} "
            f"{r['both_reject']:5} {r['class_match']:4} {r['class_match_loose']:5}")
    say(f"{'all':24} {tot['n']:3} {tot['agree']:5} {tot['false_accept']:3} {tot['false_reject']:3} "
        f"{tot['both_reject']:5} {tot['class_match']:4} {tot['class_match_loose']:5}")
    say("\nby set: " + ", ".join(f"{k} {v['agree']}/{v['n']} (FA {v['false_accept']}, FR {v['false_reject']})"
                                 for k, v in sorted(sets.items())))
    say("\ndisagreements (verdict, or reason class when both reject):")
    for d, codes, rep in disagreements:
        lab = "accept" if d["accept"] else f"reject/{d['reason']}"
        say(f"  {d['file']:24} label={lab:26} ours={','.join(codes) or 'pass':30} "
            f"scores={rep.get('scores')} checks={[(c['name'], c['score'], c['threshold']) for c in rep.get('checks') or []]} faces={rep.get('faces')} {rep.get('width')}x{rep.get('height')} "
            f"{rep.get('stderr', '')}")
    summary = {
        "images": len(labels), "scored": tot["n"], "missing": missing,
        "agreement": round(tot["agree"] / tot["n"], 3), "agree": tot["agree"],
        "false_accepts": tot["false_accept"], "false_rejects": tot["false_reject"],
        "both_reject": tot["both_reject"], "reason_class_match": tot["class_match"],
        "reason_class_match_loose": tot["class_match_loose"],
        "by_set": {k: f"{v['agree']}/{v['n']}" for k, v in sorted(sets.items())},
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
