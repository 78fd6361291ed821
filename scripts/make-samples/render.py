"""Render an HTML page with headless Chromium; return the screenshot and geometry."""
import json
import os
import re
import shutil
import subprocess

from PIL import Image

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
GEOM_RE = re.compile(r'<script type="application/json" id="geom">(.*?)</script>', re.S)


def render(html: str, size, workdir: str):
    """size = (css_w, css_h, device_scale). Returns (RGB image, {key: [(x, y, w, h, font_px), ...]}) in device pixels."""
    w, h, dpr = size
    os.makedirs(workdir, exist_ok=True)
    page = os.path.join(workdir, "page.html")
    shot = os.path.join(workdir, "shot.png")
    profile = os.path.join(workdir, "profile")
    with open(page, "w", encoding="utf-8") as f:
        f.write(html)
    if os.path.exists(shot):
        os.remove(shot)
    cmd = [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run",
           "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--mute-audio",
           "--force-color-profile=srgb", "--font-render-hinting=none", f"--user-data-dir={profile}",
           f"--force-device-scale-factor={dpr}", f"--window-size={w},{h}", f"--screenshot={shot}", "--dump-dom",
           "file://" + os.path.abspath(page)]
    env = dict(os.environ, HOME=workdir)  # keep Chromium's dot-dirs out of the real home
    last = None
    for _attempt in range(3):
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
        m = GEOM_RE.search(p.stdout)
        if m and os.path.exists(shot):
            break
        last = p.stderr[-2000:]
    else:
        raise RuntimeError(f"chromium failed for {page}:\n{last}")
    geom = {k: [(x * dpr, y * dpr, ww * dpr, hh * dpr, fs * dpr) for x, y, ww, hh, fs in v]
            for k, v in json.loads(m.group(1)).items()}
    img = Image.open(shot).convert("RGB")
    img.load()
    exp = (round(w * dpr), round(h * dpr))
    if img.size != exp:
        raise RuntimeError(f"unexpected screenshot size {img.size}, wanted {exp}")
    shutil.rmtree(profile, ignore_errors=True)
    return img, geom
