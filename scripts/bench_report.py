"""The numbers of scripts/bench-imei.sh: one row per reader run, and the table at the end.

usage: python3 scripts/bench_report.py row RUN_DIR CORPUS_DIR READER [--vs OURS_RUN_DIR] >> rows.jsonl
       python3 scripts/bench_report.py show ROW_JSON        (one row, as a line of text)
       python3 scripts/bench_report.py table rows.jsonl     (the Markdown table)

A run directory holds what the benchmark wrote for one reader over one list of images:
  files.txt     the images, one a line (the same list for every reader it is compared with);
  wall          seconds from start to end, measured by the shell around the whole process tree;
  time          GNU time's "%e %U %S %M" for the top process (ours, or the xargs that starts the peers): user
                and sys include every descendant once it was waited for; %M is the largest resident set of any
                single process in that tree, not a sum;
  per           (peers) one "%M %U %S %e" line per peer process, from GNU time around each one;
  timings       (ours, when `activation imei --timings` exists) one {"file", "cpuMs", "wallMs"} line per image;
  results.jsonl the reader's output.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score import read_results, score  # noqa: E402


def nearest_rank(sorted_values, q):
    return sorted_values[max(0, min(len(sorted_values) - 1, -(-len(sorted_values) * q // 100) - 1))]


def read_words(path):
    with open(path) as f:
        return f.read().split()


def row(run, corpus, reader, vs=None):
    with open(os.path.join(run, "files.txt")) as f:
        files = [line.rstrip("\n") for line in f if line.strip()]
    n = len(files)
    wall = float(read_words(os.path.join(run, "wall"))[0])
    words = read_words(os.path.join(run, "time"))[-4:]  # GNU time may print a "Command exited" line first
    _, user, sys_, maxrss = float(words[0]), float(words[1]), float(words[2]), int(words[3])
    r = {"corpus": os.path.basename(os.path.normpath(corpus)), "reader": reader, "images": n,
         "set": open(os.path.join(run, "set")).read().strip() if os.path.exists(os.path.join(run, "set")) else "all",
         "wall_s": round(wall, 3), "images_per_s": round(n / wall, 3), "cpu_s": round(user + sys_, 2),
         "cpu_s_per_image": round((user + sys_) / n, 4), "rss_max_mb": round(maxrss / 1024, 1),
         "processes": 1, "rss_sum_mb": None, "cpu_per_process_s": None, "cpu_ms_p50_p99_max": None}
    per = os.path.join(run, "per")
    if os.path.exists(per):
        procs = []
        with open(per) as f:
            for line in f:
                w = line.split()
                if len(w) == 4 and w[0].isdigit():
                    procs.append((int(w[0]), float(w[1]) + float(w[2])))
        width = min(int(open(os.path.join(run, "width")).read()), len(procs))  # processes running at once
        peaks = sorted((p[0] for p in procs), reverse=True)
        r.update(processes=len(procs), width=width, rss_sum_mb=round(sum(peaks[:width]) / 1024, 1),
                 rss_largest_process_mb=round(peaks[0] / 1024, 1) if peaks else None,
                 cpu_per_process_s=round(sum(p[1] for p in procs), 2))
    timings = os.path.join(run, "timings")
    if os.path.exists(timings):
        with open(timings) as f:
            cpu = sorted(float(json.loads(line)["cpuMs"]) for line in f if line.strip().startswith("{"))
        if cpu:
            r["cpu_ms_p50_p99_max"] = [round(nearest_rank(cpu, 50)), round(nearest_rank(cpu, 99)), round(cpu[-1])]
    truth_path = os.path.join(corpus, "truth.jsonl")
    if os.path.exists(truth_path):
        names = {os.path.basename(p) for p in files}
        with open(truth_path) as f:
            truth = [t for t in (json.loads(line) for line in f if line.strip()) if t["file"] in names]
        if truth and os.path.exists(timings):
            r["kinds"] = kinds(truth, timings)
        if truth:
            _, _, s = score(truth, read_results(os.path.join(run, "results.jsonl")))
            r.update(scored=s["images"], exact_rate=s["exact_rate"], false_accepts=s["false_accepts"],
                     missing_results=s["missing_results"])
    if vs:
        ours = row(vs, corpus, "ours")
        if ours["images"] == n:
            r["speed_ratio"] = round(ours["images_per_s"] / r["images_per_s"], 2)  # ours ÷ peer, images/s
            r["cpu_ratio"] = round(r["cpu_s_per_image"] / ours["cpu_s_per_image"], 2)  # peer ÷ ours, CPU per image
    return r


def kinds(truth, timings):
    """CPU ms per image by kind (the truth's template; a tampered page is `tampered`, and on a set
    of twins also `tampered/<its page's template>`): n, mean, p50, p99, max; and for tampered pages
    with their untampered twins in the run, the ratio of their mean CPU."""
    with open(timings) as f:
        cpu = {os.path.basename(t["file"]): float(t["cpuMs"]) for t in (json.loads(line) for line in f if line.strip().startswith("{"))}
    groups = {}
    for t in truth:
        if t["file"] not in cpu:
            continue
        groups.setdefault(t["template"], []).append(cpu[t["file"]])
        if t.get("tamper") and t.get("base"):
            groups.setdefault("tampered/" + t["base"], []).append(cpu[t["file"]])
    out = {}
    for kind, values in sorted(groups.items()):
        v = sorted(values)
        out[kind] = {"n": len(v), "mean": round(sum(v) / len(v), 1), "p50": round(nearest_rank(v, 50)),
                     "p99": round(nearest_rank(v, 99)), "max": round(v[-1])}
    pairs = [(cpu[t["file"]], cpu.get(t["file"].replace("_tampered.", "_twin."))) for t in truth
             if t.get("tamper") and t["file"] in cpu]
    pairs = [(a, b) for a, b in pairs if b is not None]
    if pairs:
        out["tampered ÷ twin (mean CPU)"] = round(sum(a for a, _ in pairs) / sum(b for _, b in pairs), 2)
    return out


def cells(r):
    rss = f"{r['rss_max_mb']:.0f}"
    if r.get("rss_sum_mb") is not None:
        rss += f" ({r['width']} at once: {r['rss_sum_mb']:.0f})"
    pct = r.get("cpu_ms_p50_p99_max")
    exact = f"{100 * r['exact_rate']:.1f}%" if "exact_rate" in r else "n/a"
    if r.get("missing_results"):
        exact += f" ({r['missing_results']} missing)"
    return [r["corpus"], r["reader"], f"{r['images']}" + ("" if r["set"] == "all" else f" ({r['set']})"),
            f"{r['images_per_s']:.2f}", f"{r['speed_ratio']:.2f}×" if "speed_ratio" in r else "",
            f"{r['cpu_s_per_image']:.3f}", f"{r['cpu_ratio']:.2f}×" if "cpu_ratio" in r else "",
            "/".join(map(str, pct)) if pct else ("n/a" if r["reader"].startswith("ours") else ""),
            rss, exact, str(r.get("false_accepts", "n/a"))]


HEAD = ["corpus", "reader", "images", "images/s", "ours ÷ peer (images/s)", "CPU s/image",
        "peer ÷ ours (CPU/image)", "ours CPU ms/image p50/p99/max", "peak RSS MB", "exact", "false accepts"]


def show(r):
    c = cells(r)
    text = (f"{c[1]:<22} {c[2]:>14} images  {c[3]:>7} images/s  {c[5]} CPU s/image  "
            f"peak RSS MB {c[8]}  exact {c[9]}  FA {c[10]}")
    if c[4]:
        text += f"  | ours ÷ peer: {c[4]} images/s, peer ÷ ours: {c[6]} CPU/image"
    if c[7]:
        text += f"  | CPU ms/image p50/p99/max {c[7]}"
    for kind, k in (r.get("kinds") or {}).items():
        if isinstance(k, dict):
            text += f"\n{'':22}   {kind:<28} n={k['n']:<4} CPU ms mean {k['mean']:>7}  p50/p99/max {k['p50']}/{k['p99']}/{k['max']}"
        else:
            text += f"\n{'':22}   {kind}: {k}"
    if r.get("cpu_per_process_s") is not None:
        text += (f"\n{'':22}   accounting: xargs tree {r['cpu_s']:.2f} s CPU, sum over its {r['processes']} peer"
                 f" processes {r['cpu_per_process_s']:.2f} s; tree peak {r['rss_max_mb']:.0f} MB,"
                 f" largest peer process {r['rss_largest_process_mb']:.0f} MB")
    return text


def main():
    cmd = sys.argv[1]
    if cmd == "row":
        args = sys.argv[2:]
        vs = None
        if "--vs" in args:
            i = args.index("--vs")
            vs = args[i + 1]
            del args[i:i + 2]
        print(json.dumps(row(args[0], args[1], args[2], vs), ensure_ascii=False))
    elif cmd == "show":
        print(show(json.loads(sys.argv[2])))
    elif cmd == "table":
        with open(sys.argv[2]) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        print("| " + " | ".join(HEAD) + " |")
        print("|" + "---|" * len(HEAD))
        for r in rows:
            print("| " + " | ".join(cells(r)) + " |")


if __name__ == "__main__":
    main()
