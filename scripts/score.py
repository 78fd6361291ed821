"""Scores an IMEI reader's results against a corpus's truth.jsonl (stdlib only, so that a clone without
../shared can score samples/).

usage: python3 scripts/score.py CORPUS_DIR RESULTS.jsonl [--json] [--files LIST]

RESULTS.jsonl: one JSON object per image, as `activation imei --json` prints it: "file" (a path or a base name),
"imeis" (strings, or objects with "value"), "error" ({"code": 4001, ...} or null). Lines that are not JSON
objects are skipped; a file given twice counts by its last line.
Prints the exact-match rate per template, per variant and per mode (light/dark), up to 40 misses, then a
JSON summary line: images, exact, exact_rate, imei_recall, false_accepts (values given that the truth lacks),
negatives_ok, negatives_with_4001, missing_results. --json prints the summary line alone.
--files LIST scores only the truth entries whose base names are listed in LIST (one path or name a line): the
benchmark uses it when a reader read only the first K images of a corpus.
"""
import argparse
import json
import os
from collections import defaultdict


def parse_results(lines):
    """{base name: (values, error code)} from `activation imei --json` lines; other lines are skipped,
    and a file given twice counts by its last line."""
    results = {}
    for line in lines:
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        values = [v["value"] if isinstance(v, dict) else str(v) for v in row.get("imeis") or []]
        error = row.get("error")
        results[os.path.basename(str(row.get("file", "")))] = (
            values, error.get("code") if isinstance(error, dict) else None)
    return results


def read_results(path):
    """{base name: (values, error code)}"""
    with open(path) as f:
        return parse_results(f)


def score(truth, results):
    per_kind = defaultdict(lambda: [0, 0])
    n = {"exact": 0, "missing": 0, "fa": 0, "hit": 0, "want": 0, "neg": 0, "neg_ok": 0, "neg_4001": 0}
    misses = []
    for t in truth:
        values, code = results.get(t["file"], (None, None))
        if values is None:
            n["missing"] += 1
            values = []
        want, have = set(t["imeis"]), set(values)
        n["fa"] += len(have - want)
        n["want"] += len(want)
        n["hit"] += len(want & have)
        exact = have == want
        n["exact"] += exact
        if t["negative"]:
            n["neg"] += 1
            if not have:
                n["neg_ok"] += 1
                n["neg_4001"] += code == 4001
        for kind in (f"template={t['template']}", f"variant={t['variant']}",
                     f"mode={'dark' if t['dark'] else 'light'}"):
            per_kind[kind][0] += exact
            per_kind[kind][1] += 1
        if not exact:
            misses.append((t["file"], sorted(want), sorted(have)))
    summary = {
        "images": len(truth), "exact": n["exact"], "exact_rate": round(n["exact"] / len(truth), 4),
        "imei_recall": round(n["hit"] / max(n["want"], 1), 4), "false_accepts": n["fa"],
        "negatives_ok": f"{n['neg_ok']}/{n['neg']}", "negatives_with_4001": f"{n['neg_4001']}/{n['neg']}",
        "missing_results": n["missing"],
    }
    return per_kind, misses, summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("results")
    ap.add_argument("--json", action="store_true", help="print the summary line only")
    ap.add_argument("--files", help="score only the images listed in this file")
    args = ap.parse_args()
    with open(os.path.join(args.corpus, "truth.jsonl")) as f:
        truth = [json.loads(line) for line in f if line.strip()]
    if args.files:
        with open(args.files) as f:
            chosen = {os.path.basename(line.rstrip("\n")) for line in f if line.strip()}
        truth = [t for t in truth if t["file"] in chosen]
    if not truth:
        ap.error("no truth entry to score")
    per_kind, misses, summary = score(truth, read_results(args.results))
    if not args.json:
        for kind in sorted(per_kind):
            exact, total = per_kind[kind]
            print(f"  {kind:32s} {exact:4d}/{total:<4d} {exact / total:6.1%}")
        for name, want, have in misses[:40]:
            print(f"  MISS {name}: want {want} got {have}")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
