"""Runs a sample generator's PLAN: each entry made by `make_entry(index, entry, out_dir, tmp_root)` in a
process pool, the previously generated files removed first, and `truth.jsonl` written in PLAN order.
Shared by make_photos.py, make_box_labels.py, make_layouts.py and make_tampered.py."""
import argparse
import concurrent.futures as cf
import json
import os
import re
import tempfile
import time

GENERATED = re.compile(r"^\d{4}_[a-z0-9_]+_(light|dark)_[a-z0-9_]+\.[a-z0-9]+$")


def run(plan, make_entry, description, tmp_prefix):
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="comma-separated PLAN indices (debugging; truth.jsonl is not rewritten)")
    args = ap.parse_args()
    out = os.path.abspath(args.out_dir)
    os.makedirs(out, exist_ok=True)
    only = {int(x) for x in args.only.split(",")} if args.only else None
    if only is None:
        for f in os.listdir(out):
            if GENERATED.match(f):
                os.remove(os.path.join(out, f))
    todo = [i for i in range(len(plan)) if only is None or i in only]
    t0 = time.time()
    results = {}
    with tempfile.TemporaryDirectory(prefix=tmp_prefix) as tmp:
        with cf.ProcessPoolExecutor(max_workers=args.jobs) as ex:
            futs = {ex.submit(make_entry, i, plan[i], out, tmp): i for i in todo}
            for k, fut in enumerate(cf.as_completed(futs), 1):
                i = futs[fut]
                results[i] = fut.result()
                for t in results[i]:
                    print(f"[{k:3d}/{len(todo)}] {t['file']}  imeis={t['imeis']}", flush=True)
    if only is not None:
        return
    rows = [t for i in sorted(results) for t in results[i]]
    with open(os.path.join(out, "truth.jsonl"), "w") as f:
        for t in rows:
            f.write(json.dumps(t, ensure_ascii=False) + "\n")
    total = sum(os.path.getsize(os.path.join(out, t["file"])) for t in rows)
    print(f"wrote {len(rows)} images ({total / 1e6:.1f} MB) in {time.time() - t0:.0f}s")
