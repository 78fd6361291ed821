"""Rebuilds the real-world yardsticks' image folders from git snapshots of their public sources (stdlib only).

usage: python3 scripts/collect-realworld.py [--mirror DIR] [--set imei|kyc|faces]... [--out DIR] [--missing]

The images are never in git (personal data, no licence); each manifest row names its source as
"owner/repo:path" and the commit it was taken from. With the sources' git directories present under
DIR (default /work/.mirror, one folder a repository named "owner+repo", holding "repo/.git" or "repo"),
this writes each image whose bytes match the row's "sha256" to OUT/<set>/<file> (default
$ACTIVATION_REALWORLD or /work/realworld-images), mode 0600 in a 0700 folder. It tries the named
commit, then the snapshot's HEAD, then every commit that touched the path. Prints one line a set
(found, already present, missing) and, with --missing, the repositories still to fetch.
"""
import argparse
import hashlib
import io
import json
import os
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def git_dir(mirror, repo):
    base = os.path.join(mirror, repo.replace("/", "+"))
    for candidate in ("repo/.git", "repo"):
        path = os.path.join(base, candidate)
        if os.path.isfile(os.path.join(path, "HEAD")):
            return path
    return None


def blob(gdir, rev, path):
    """The file's bytes at `rev`; "archive.zip!member" names a member of a zip in the repository."""
    archive, _, member = path.partition("!")
    try:
        data = subprocess.run(["git", "--git-dir", gdir, "show", f"{rev}:{archive}"],
                              capture_output=True, check=True, timeout=60).stdout
        if member:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                data = z.read(member)
        return data
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, zipfile.BadZipFile, KeyError):
        return None


def revisions(gdir, commit, path):
    yield commit
    yield "HEAD"
    log = subprocess.run(["git", "--git-dir", gdir, "log", "--all", "--format=%H", "--", path.partition("!")[0]],
                         capture_output=True, text=True, timeout=120)
    yield from log.stdout.split()


def collect(row, mirror, folder):
    target = os.path.join(folder, row["file"])
    if os.path.exists(target):
        with open(target, "rb") as f:
            if hashlib.sha256(f.read()).hexdigest() == row["sha256"]:
                return "present"
    repo, path = row["source"].split(":", 1)
    gdir = git_dir(mirror, repo)
    if gdir is None:
        return "no-repo"
    for rev in revisions(gdir, row.get("commit", "HEAD"), path):
        data = blob(gdir, rev, path)
        if data is not None and hashlib.sha256(data).hexdigest() == row["sha256"]:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            return "found"
    return "no-match"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", default="/work/.mirror")
    parser.add_argument("--set", action="append", choices=["imei", "kyc", "faces"])
    parser.add_argument("--out", default=os.environ.get("ACTIVATION_REALWORLD", "/work/realworld-images"))
    parser.add_argument("--missing", action="store_true")
    args = parser.parse_args()
    to_fetch = set()
    for name in args.set or ["imei", "kyc", "faces"]:
        folder = os.path.join(args.out, name)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        with open(os.path.join(HERE, "..", "realworld", name, "manifest.jsonl")) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        counts = {}
        for row in rows:
            outcome = collect(row, args.mirror, folder)
            counts[outcome] = counts.get(outcome, 0) + 1
            if outcome in ("no-repo", "no-match"):
                to_fetch.add((row["source"].split(":", 1)[0], outcome))
        print(f"{name}: {len(rows)} rows, " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if args.missing:
        for repo, outcome in sorted(to_fetch):
            print(f"{outcome}\t{repo}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
