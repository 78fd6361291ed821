"""Scores the IMEI reader on the real-world yardstick (stdlib only).

usage: python3 scripts/score-realworld.py [--images DIR] [--bin PATH] [--results RESULTS.jsonl] [--json]

The yardstick is realworld/imei/manifest.jsonl: one JSON object per public image, labelled by eye, with
"file", "source", "commit", "sha256" (of the image bytes), "kind", "imei_sha256" (the SHA-256 hex of each
IMEI a careful human accepts from the image; empty for negatives), "negative" and "note". The IMEIs
themselves are never stored, only their digests, so the images live outside git:
DIR (default $ACTIVATION_REALWORLD_IMEI or /work/realworld-images/imei).

Files missing from DIR, or whose bytes do not match "sha256", are skipped and counted; when none is
present the script says so and exits 0. The present files are read with one `BIN imei --json FILES...`
run (default BIN .build/release/activation), or taken from --results (one `activation imei --json`
object a line). Every returned value is hashed and compared with the expected digests:
exact = the returned set equals the expected set; a false accept is a returned IMEI whose digest is not
expected; missed = an expected IMEI not returned. Prints a table by kind, each miss (file, kind, note,
at most the first 8 digits of a wrong value, never a whole IMEI), then a JSON summary line
(--json prints the summary alone).
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import score  # noqa: E402  (scripts/score.py: how results are read)
MANIFEST = os.path.join(HERE, "..", "realworld", "imei", "manifest.jsonl")


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def load_manifest(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def parse_results(lines):
    """{base name: list of returned IMEI strings}, read as scripts/score.py reads results."""
    return {name: values for name, (values, _) in score.parse_results(lines).items()}


def run_reader(binary, paths):
    if not os.path.isfile(binary):
        sys.exit(f"{binary} not found: build it (or pass --bin / --results)")
    proc = subprocess.run([binary, "imei", "--json", *paths], capture_output=True, text=True)
    if not proc.stdout.strip():
        sys.exit(f"{binary} printed nothing (exit {proc.returncode}): {proc.stderr.strip()[:400]}")
    return parse_results(proc.stdout.splitlines())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--images", default=os.environ.get("ACTIVATION_REALWORLD_IMEI", "/work/realworld-images/imei"))
    ap.add_argument("--bin", default=".build/release/activation")
    ap.add_argument("--results", help="read `activation imei --json` output from this file instead of running BIN")
    ap.add_argument("--json", action="store_true", help="print the summary line only")
    ap.add_argument("--manifest", default=MANIFEST)
    args = ap.parse_args()

    entries = load_manifest(args.manifest)
    present, absent, mismatched = [], 0, 0
    for e in entries:
        path = os.path.join(args.images, e["file"])
        if not os.path.isfile(path):
            absent += 1
        elif sha256(open(path, "rb").read()) != e["sha256"]:
            mismatched += 1
        else:
            present.append((e, path))
    if not present:
        print(f"no manifest image present in {args.images} ({absent} missing, {mismatched} with other bytes); nothing to score")
        return 0

    if args.results:
        with open(args.results) as f:
            results = parse_results(f)
    else:
        results = run_reader(args.bin, [p for _, p in present])

    by_kind = defaultdict(lambda: [0, 0])  # kind -> [images, exact]
    n = defaultdict(int)
    misses = []
    for e, _ in present:
        returned = results.get(e["file"])
        if returned is None:
            n["no_result"] += 1
            returned = []
        want = set(e["imei_sha256"])
        got = {sha256(v.encode()): v for v in returned}
        wrong = [v for h, v in got.items() if h not in want]
        missed = len(want - got.keys())
        exact = not wrong and not missed
        by_kind[e["kind"]][0] += 1
        by_kind[e["kind"]][1] += exact
        n["exact"] += exact
        n["false_accepts"] += len(wrong)
        n["missed"] += missed
        n["expected"] += len(want)
        if e["negative"]:
            n["negatives"] += 1
            n["negatives_ok"] += not got
        else:
            n["positives"] += 1
            n["positives_exact"] += exact
        if not exact:
            misses.append((e, missed, wrong))

    summary = {
        "images": len(entries), "present": len(present), "missing": absent, "sha_mismatch": mismatched,
        "exact": n["exact"], "exact_rate": round(n["exact"] / len(present), 3),
        "positives": n["positives"], "positives_exact": n["positives_exact"],
        "imei_recall": round(1 - n["missed"] / n["expected"], 3) if n["expected"] else None,
        "missed": n["missed"], "false_accepts": n["false_accepts"],
        "negatives": n["negatives"], "negatives_ok": n["negatives_ok"], "no_result": n["no_result"],
    }
    if not args.json:
        print(f"{'kind':<10} {'images':>6} {'exact':>6}")
        for kind in sorted(by_kind):
            total, exact = by_kind[kind]
            print(f"{kind:<10} {total:>6} {exact:>6}")
        for e, missed, wrong in misses:
            shown = ", ".join(v[:8] + "…" for v in wrong)
            print(f"MISS {e['file']} [{e['kind']}] missed={missed} false={len(wrong)}"
                  f"{' (' + shown + ')' if shown else ''}: {e['note']}")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
