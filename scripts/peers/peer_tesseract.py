"""The obvious alternative a user would script: the tesseract CLI on the whole image, then digit runs and Luhn.

usage: python3 scripts/peers/peer_tesseract.py [--psm N] [--prep] FILE... > results.jsonl

For each line of Tesseract's text, a run of digits that may be broken by spaces ("35 291309 498231 4") and
holds 15 to 17 digits gives the first 15-digit window that passes Luhn. One JSON line per file, in the shape of
`activation imei --json`: {"file", "imeis": [strings], "error"}; error 4001 when nothing was found, which is
also what a file the CLI cannot open (HEIC, for one) gives.
--prep: grayscale, invert a dark page, double a page narrower than 1000 px (what a careful user would add).
The CLI runs with one thread (OMP_THREAD_LIMIT=1); run N of these processes for N cores.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import emit, luhn_ok  # noqa: E402

RUN = re.compile(r"\d[\d ]{13,22}\d")  # starts and ends on a digit; up to 24 characters
CLI_ENV = {"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"}


def prepared(path):
    """The page as a careful user would hand it to the CLI, saved as a temporary PNG; None if unreadable."""
    from PIL import Image, ImageOps, ImageStat
    try:
        import pillow_heif
        pillow_heif.register_heif_opener()
    except ImportError:
        pass
    try:
        page = ImageOps.exif_transpose(Image.open(path)).convert("L")
    except Exception:
        return None
    if ImageStat.Stat(page).mean[0] < 110:
        page = ImageOps.invert(page)
    if page.width < 1000:
        page = page.resize((page.width * 2, page.height * 2), Image.BICUBIC)
    fd, tmp = tempfile.mkstemp(suffix=".png")
    os.close(fd)
    page.save(tmp)
    return tmp


def tesseract_text(path, psm, prep):
    tmp = prepared(path) if prep else None
    if prep and tmp is None:
        return ""
    try:
        done = subprocess.run(["tesseract", tmp or path, "stdout", "--psm", str(psm)],
                              capture_output=True, text=True, env=CLI_ENV)
        return done.stdout
    finally:
        if tmp:
            os.unlink(tmp)


def imeis_in(text):
    found = []
    for line in text.splitlines():
        for run in RUN.findall(line):
            digits = run.replace(" ", "")
            if len(digits) > 17:
                continue
            for start in range(len(digits) - 14):
                window = digits[start:start + 15]
                if luhn_ok(window):
                    if window not in found:
                        found.append(window)
                    break
    return found


def main(argv):
    psm, prep, files = 3, False, []
    while argv:
        arg = argv.pop(0)
        if arg == "--psm":
            psm = int(argv.pop(0))
        elif arg == "--prep":
            prep = True
        else:
            files.append(arg)
    for path in files:
        emit(path, imeis_in(tesseract_text(path, psm, prep)))


if __name__ == "__main__":
    main(sys.argv[1:])
