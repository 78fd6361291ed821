"""Degradations applied to a rendered screenshot (Pillow + numpy).

Geometry is a dict key -> list of (x, y, w, h, font_px) in image pixels.
Every function takes an explicit random.Random for determinism.
"""
import io
import math
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

EXT = {
    "png": "png", "jpeg85": "jpg", "messenger": "jpg", "jpeg_heavy": "jpg", "third": "png", "crop": "png",
    "photo": "jpg", "exif_rot": "jpg", "pixel_rot": "png", "highlight": "png", "red_circle": "jpg", "red_box": "png",
    "underline": "png", "webp": "webp", "heic": "heic", "gray": "png", "alpha": "png", "png16": "png", "tiff": "tif",
    "gif": "gif", "bmp": "bmp",
}


# ----------------------------------------------------------------- geometry helpers

def ink_box(img, rect, pad=0):
    """Tight bounding box of the 'ink' (pixels differing from the local background) inside rect."""
    x, y, w, h = [int(round(v)) for v in rect[:4]]
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(img.width, x + w + pad), min(img.height, y + h + pad)
    a = np.asarray(img.convert("RGB").crop((x0, y0, x1, y1)), dtype=np.int16)
    if a.size == 0:
        return (x, y, x + w, y + h)
    border = np.concatenate([a[0], a[-1], a[:, 0], a[:, -1]])
    bg = np.median(border, axis=0)
    mask = np.abs(a - bg).max(axis=2) > 48
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return (x, y, x + w, y + h)
    return (x0 + xs.min(), y0 + ys.min(), x0 + xs.max() + 1, y0 + ys.max() + 1)


def union(boxes):
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def homography(src, dst):
    """3x3 H with H @ [x, y, 1] ~ dst for the four point pairs."""
    A, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    h = np.linalg.solve(np.array(A, float), np.array(b, float))
    return np.append(h, 1.0).reshape(3, 3)


def apply_h(H, pts):
    out = []
    for x, y in pts:
        u, v, w = H @ np.array([x, y, 1.0])
        out.append((u / w, v / w))
    return out


def warp_geom(geom, H):
    """Transform rect geometry through a homography; returns axis-aligned boxes."""
    res = {}
    for k, rects in geom.items():
        lst = []
        for x, y, w, h, fs in rects:
            pts = apply_h(H, [(x, y), (x + w, y), (x, y + h), (x + w, y + h)])
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            scale = math.dist(pts[0], pts[1]) / max(w, 1)
            lst.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), fs * scale))
        res[k] = lst
    return res


# ----------------------------------------------------------------- textures & lighting

def smooth_noise(rng, w, h, cells, amp):
    """Low-frequency noise: a tiny random grid upscaled bicubically."""
    nrng = np.random.default_rng(rng.randrange(2 ** 32))
    small = (nrng.random((max(2, cells * h // max(w, 1)), cells)) * 255).astype(np.uint8)
    big = Image.fromarray(small, "L").resize((w, h), Image.BICUBIC)
    return (np.asarray(big, np.float32) / 255.0 - 0.5) * 2 * amp


def surface(rng, w, h, kind):
    """Desk / cardboard background as float32 RGB array."""
    nrng = np.random.default_rng(rng.randrange(2 ** 32))
    if kind == "cardboard":
        base = np.array(rng.choice([(176, 140, 96), (190, 156, 110), (160, 125, 85)]), np.float32)
    elif kind == "whitebox":
        base = np.array(rng.choice([(222, 220, 214), (232, 230, 226)]), np.float32)
    else:
        base = np.array(rng.choice([(60, 44, 32), (48, 48, 52), (70, 60, 52), (35, 38, 45), (95, 82, 70)]), np.float32)
    arr = np.ones((h, w, 3), np.float32) * base
    arr *= (1 + smooth_noise(rng, w, h, 6, 0.12))[..., None]
    if kind in ("cardboard", "wood"):
        # fibres / grain: noise stretched along one axis
        fib = nrng.normal(0, 1, (h // 8 + 1, w // 1 + 1)).astype(np.float32)
        fibimg = Image.fromarray(((fib - fib.min()) / (np.ptp(fib) + 1e-6) * 255).astype(np.uint8), "L").resize((w, h), Image.BILINEAR)
        arr *= (1 + (np.asarray(fibimg, np.float32) / 255 - 0.5) * 0.10)[..., None]
    arr += nrng.normal(0, 4, (h, w, 1)).astype(np.float32)
    return np.clip(arr, 0, 255)


def lighting(rng, arr, avoid=None, glare=True):
    """Brightness gradient, vignette and an optional glare spot (kept away from `avoid` point)."""
    h, w = arr.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    phi = rng.uniform(0, 2 * math.pi)
    t = ((xx - w / 2) * math.cos(phi) + (yy - h / 2) * math.sin(phi)) / math.hypot(w, h)
    lo, hi = rng.uniform(0.72, 0.88), rng.uniform(1.0, 1.12)
    g = (lo + hi) / 2 + (hi - lo) * t * 2
    r2 = ((xx - w / 2) / w) ** 2 + ((yy - h / 2) / h) ** 2
    g *= 1 - 0.35 * r2
    out = arr * g[..., None]
    if glare:
        for _ in range(20):
            gx, gy = rng.uniform(0.15, 0.85) * w, rng.uniform(0.1, 0.9) * h
            if avoid is None or math.hypot(gx - avoid[0], gy - avoid[1]) > 0.28 * h:
                break
        sx, sy = rng.uniform(0.06, 0.14) * w, rng.uniform(0.04, 0.10) * h
        blob = np.exp(-(((xx - gx) / sx) ** 2 + ((yy - gy) / sy) ** 2) / 2)
        out = out + blob[..., None] * rng.uniform(45, 95)
    return out


def add_noise(rng, arr, sigma):
    nrng = np.random.default_rng(rng.randrange(2 ** 32))
    lum = nrng.normal(0, sigma, arr.shape[:2] + (1,)).astype(np.float32)
    chroma = nrng.normal(0, sigma * 0.5, arr.shape).astype(np.float32)
    return arr + lum + chroma


def to_img(arr):
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


# ----------------------------------------------------------------- phone mockup

def phone_body(screen, rng, dark_frame=True):
    """Screen inside a rounded phone body with bezel. Returns (RGBA, screen offset)."""
    w, h = screen.size
    bez = int(0.035 * w)
    edge = max(2, int(0.008 * w))
    R_screen = int(0.11 * w)
    W, H = w + 2 * (bez + edge), h + 2 * (bez + edge)
    body = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(body)
    metal = rng.choice([(150, 150, 155), (60, 60, 66), (200, 190, 175), (40, 44, 60)])
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=R_screen + bez + edge, fill=metal + (255,))
    d.rounded_rectangle((edge, edge, W - 1 - edge, H - 1 - edge), radius=R_screen + bez, fill=(8, 8, 10, 255))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=R_screen, fill=255)
    body.paste(screen.convert("RGB"), (bez + edge, bez + edge), mask)
    return body, (bez + edge, bez + edge)


def moire(rng, img):
    """Screen-door pattern plus low-frequency interference bands (applied before warping)."""
    a = np.asarray(img.convert("RGB"), np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    period = rng.uniform(2.6, 3.4)
    grid = 1 - rng.uniform(0.10, 0.22) * (0.5 + 0.5 * np.sin(2 * math.pi * xx / period)) \
             - rng.uniform(0.05, 0.12) * (0.5 + 0.5 * np.sin(2 * math.pi * yy / period))
    theta = rng.uniform(-0.6, 0.6)
    P = rng.uniform(14, 40)
    bend = smooth_noise(rng, w, h, 3, 20.0)
    bands = 1 + rng.uniform(0.03, 0.06) * np.sin(2 * math.pi * ((xx * math.cos(theta) + yy * math.sin(theta)) + bend) / P)
    return to_img(a * (grid * bands)[..., None] + 12)  # +12: the screen is never truly black on a photo


def photo(img, geom, rng, out_size=None):
    """Simulate a photo of the phone screen taken with a second phone."""
    targets = geom.get("imei") or geom.get("trap") or geom.get("meid") or []
    screen = moire(rng, img)
    body, off = phone_body(screen, rng)
    W, H = out_size or rng.choice([(1200, 1600), (1536, 2048), (1125, 1500)])
    bw, bh = body.size
    scale = rng.uniform(0.80, 0.95) * min(H / bh, W / bw)
    cw, ch = bw * scale, bh * scale
    cx, cy = W / 2 + rng.uniform(-0.06, 0.06) * W, H / 2 + rng.uniform(-0.04, 0.04) * H
    ang = math.radians(rng.uniform(-5, 5))
    j = lambda: (rng.uniform(-0.03, 0.03) * cw, rng.uniform(-0.02, 0.02) * ch)
    dst = []
    for sx, sy in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
        x, y = sx * cw / 2, sy * ch / 2
        jx, jy = j()
        x, y = x + jx, y + jy
        dst.append((cx + x * math.cos(ang) - y * math.sin(ang), cy + x * math.sin(ang) + y * math.cos(ang)))
    src = [(0, 0), (bw, 0), (bw, bh), (0, bh)]
    Hinv = homography(dst, src)
    warped = body.transform((W, H), Image.PERSPECTIVE, tuple(Hinv.flatten()[:8]), Image.BILINEAR)
    bg = surface(rng, W, H, rng.choice(["wood", "desk", "desk"]))
    # soft shadow under the phone
    sh = warped.getchannel("A").filter(ImageFilter.GaussianBlur(W * 0.02))
    sh = ImageChops.offset(sh, int(W * 0.012), int(W * 0.02))
    bg *= (1 - 0.55 * np.asarray(sh, np.float32)[..., None] / 255)
    a = np.asarray(warped.getchannel("A"), np.float32)[..., None] / 255
    arr = bg * (1 - a) + np.asarray(warped.convert("RGB"), np.float32) * a
    Hf = homography(src, dst)
    avoid = None
    if targets:
        x, y, w, h, _ = targets[0]
        avoid = apply_h(Hf, [(x + off[0] + w / 2, y + off[1] + h / 2)])[0]
    arr = lighting(rng, arr, avoid=avoid)
    out = to_img(arr).filter(ImageFilter.GaussianBlur(rng.uniform(0.6, 1.3)))
    arr = add_noise(rng, np.asarray(out, np.float32), rng.uniform(2.0, 4.5))
    return to_img(arr)


def label_photo(label, geom, rng):
    """Retail box label photographed on the box: returns (image, warped geometry)."""
    W, H = rng.choice([(1280, 960), (1440, 1080), (960, 1280)])
    lw, lh = label.size
    scale = rng.uniform(0.62, 0.80) * min(W / lw, H / lh)
    cw, ch = lw * scale, lh * scale
    cx, cy = W / 2 + rng.uniform(-0.05, 0.05) * W, H / 2 + rng.uniform(-0.05, 0.05) * H
    ang = math.radians(rng.uniform(-8, 8))
    dst = []
    for sx, sy in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
        x = sx * cw / 2 + rng.uniform(-0.06, 0.06) * cw
        y = sy * ch / 2 + rng.uniform(-0.06, 0.06) * ch
        dst.append((cx + x * math.cos(ang) - y * math.sin(ang), cy + x * math.sin(ang) + y * math.cos(ang)))
    src = [(0, 0), (lw, 0), (lw, lh), (0, lh)]
    Hinv = homography(dst, src)
    Hf = homography(src, dst)
    rgba = label.convert("RGBA")
    warped = rgba.transform((W, H), Image.PERSPECTIVE, tuple(Hinv.flatten()[:8]), Image.BICUBIC)
    bg = surface(rng, W, H, rng.choice(["cardboard", "cardboard", "whitebox"]))
    sh = warped.getchannel("A").filter(ImageFilter.GaussianBlur(4))
    sh = ImageChops.offset(sh, 3, 4)
    bg *= (1 - 0.25 * np.asarray(sh, np.float32)[..., None] / 255)
    a = np.asarray(warped.getchannel("A"), np.float32)[..., None] / 255
    arr = bg * (1 - a) + np.asarray(warped.convert("RGB"), np.float32) * a
    # paper is never pure white under room light: slight warm/cool cast
    arr *= np.array([rng.uniform(0.93, 1.0), rng.uniform(0.92, 0.98), rng.uniform(0.84, 0.95)], np.float32)
    g = warp_geom(geom, Hf)
    avoid = None
    if g.get("imei"):
        x, y, w, h, _ = g["imei"][0]
        avoid = (x + w / 2, y + h / 2)
    arr = lighting(rng, arr, avoid=avoid, glare=rng.random() < 0.6)
    out = to_img(arr).filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.0)))
    arr = add_noise(rng, np.asarray(out, np.float32), rng.uniform(2.0, 4.0))
    return to_img(arr), g


def alpha_mockup(img, rng):
    """RGBA PNG: phone body on a transparent canvas with a translucent drop shadow."""
    body, off = phone_body(img, rng)
    bw, bh = body.size
    m = int(0.06 * bw)
    W, H = bw + 2 * m, bh + 2 * m
    canvas = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    shadow = Image.new("L", (W, H), 0)
    shadow.paste(body.getchannel("A"), (m + m // 4, m + m // 3))
    shadow = shadow.filter(ImageFilter.GaussianBlur(m / 3)).point(lambda v: int(v * 0.45))
    canvas.putalpha(shadow)
    canvas.alpha_composite(body, (m, m))
    return canvas, (off[0] + m, off[1] + m)


# ----------------------------------------------------------------- annotations

RED = (255, 59, 48)


def _target_boxes(img, geom, rng, keys):
    for k in keys:
        if geom.get(k):
            rects = geom[k]
            if len(rects) > 1 and rng.random() < 0.5:
                return [ink_box(img, r) for r in rects]
            return [ink_box(img, rng.choice(rects))]
    raise ValueError("no annotation target in geometry")


def highlight(img, geom, rng, keys, dark):
    out = img.convert("RGB")
    for x0, y0, x1, y1 in _target_boxes(out, geom, rng, keys):
        h = y1 - y0
        mask = Image.new("L", out.size, 0)
        d = ImageDraw.Draw(mask)
        slope = rng.uniform(-0.02, 0.02) * (x1 - x0)
        pad = rng.uniform(0.2, 0.6) * h
        yc = (y0 + y1) / 2 + rng.uniform(-0.1, 0.1) * h
        p0, p1 = (x0 - pad, yc - slope / 2), (x1 + pad * rng.uniform(0.5, 1.5), yc + slope / 2)
        width = int(h * rng.uniform(1.35, 1.7))
        d.line([p0, p1], fill=255, width=width)
        for p in (p0, p1):
            d.ellipse((p[0] - width / 2, p[1] - width / 2, p[0] + width / 2, p[1] + width / 2), fill=255)
        mask = mask.filter(ImageFilter.GaussianBlur(1.2))
        a = np.asarray(mask, np.float32)[..., None] / 255
        arr = np.asarray(out, np.float32)
        yellow = np.array([255, 224, 20], np.float32)
        if dark:
            res = arr * (1 - 0.45 * a) + yellow * 0.45 * a
        else:
            res = arr * (1 - a) + arr * (yellow / 255) * a
        out = to_img(res)
    return out


def _pen_line(draw, pts, width, color):
    draw.line(pts, fill=color, width=width, joint="curve")
    r = width / 2
    for p in (pts[0], pts[-1]):
        draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=color)


def red_circle(img, geom, rng, keys):
    out = img.convert("RGB")
    d = ImageDraw.Draw(out)
    for x0, y0, x1, y1 in _target_boxes(out, geom, rng, keys):
        h = y1 - y0
        cx, cy = (x0 + x1) / 2 + rng.uniform(-0.2, 0.2) * h, (y0 + y1) / 2 + rng.uniform(-0.1, 0.1) * h
        # hand-drawn loop around a long number: a superellipse (flatter than an ellipse) that is
        # a little too tight, so the stroke clips the corners of the first and last digits
        rx = (x1 - x0) / 2 + rng.uniform(0.35, 0.7) * h
        ry = h * rng.uniform(0.75, 0.9)
        ex_n = rng.uniform(2.6, 3.4)
        se = lambda c: math.copysign(abs(c) ** (2 / ex_n), c)
        rot = math.radians(rng.uniform(-4, 4))
        t0 = rng.uniform(0, 2 * math.pi)
        span = 2 * math.pi + rng.uniform(0.15, 0.5)
        wob = [rng.uniform(-0.1, 0.1) * h for _ in range(3)]  # hand wobble, in pixels (not relative to rx)
        pts = []
        n = 160
        for i in range(n + 1):
            t = t0 + span * i / n
            dr = wob[0] * math.sin(2 * t) + wob[1] * math.sin(3 * t + 1) + wob[2] * (i / n)
            ex, ey = (rx + dr) * se(math.cos(t)), (ry + dr * 0.5) * se(math.sin(t))
            pts.append((cx + ex * math.cos(rot) - ey * math.sin(rot), cy + ex * math.sin(rot) + ey * math.cos(rot)))
        _pen_line(d, pts, max(2, int(h * rng.uniform(0.16, 0.24))), RED)
    return out


def red_box(img, geom, rng, keys):
    out = img.convert("RGB")
    d = ImageDraw.Draw(out)
    for x0, y0, x1, y1 in _target_boxes(out, geom, rng, keys):
        h = y1 - y0
        px, py = rng.uniform(0.15, 0.5) * h, rng.uniform(0.1, 0.45) * h
        w = max(2, int(h * rng.uniform(0.14, 0.24)))
        d.rectangle((x0 - px, y0 - py, x1 + px, y1 + py), outline=RED, width=w)
    return out


def underline(img, geom, rng, keys):
    out = img.convert("RGB")
    d = ImageDraw.Draw(out)
    for x0, y0, x1, y1 in _target_boxes(out, geom, rng, keys):
        h = y1 - y0
        y = y1 + rng.uniform(0.05, 0.3) * h
        slope = rng.uniform(-0.05, 0.05) * h
        pts = []
        for i in range(41):
            t = i / 40
            pts.append((x0 - 0.15 * h + t * (x1 - x0 + 0.3 * h), y + slope * t + 0.06 * h * math.sin(t * 7 + rng.random())))
        _pen_line(d, pts, max(2, int(h * rng.uniform(0.16, 0.26))), RED)
    return out


# ----------------------------------------------------------------- crop

def crop_box(img, geom, rng, row_keys):
    rows = []
    for k in row_keys:
        rows += geom.get(k, [])
    if not rows:
        raise ValueError("nothing to crop around")
    boxes = [(x, y, x + w, y + h) for x, y, w, h, _ in rows]
    x0, y0, x1, y1 = union(boxes)
    rh = max(b[3] - b[1] for b in boxes)
    W, H = img.size
    top = y0 - rng.uniform(0.3, 3.0) * rh
    bot = y1 + rng.uniform(0.3, 3.0) * rh
    if rng.random() < 0.55:
        left, right = 0, W
    else:
        left = x0 - rng.uniform(0.05, 0.6) * (x0 if x0 > 0 else 0) - rng.uniform(4, 40)
        right = x1 + rng.uniform(0.05, 0.6) * (W - x1) + rng.uniform(4, 40)
    box = tuple(int(round(v)) for v in (max(0, left), max(0, top), min(W, right), min(H, bot)))
    return img.crop(box), box


# ----------------------------------------------------------------- encoders

def save_jpeg(img, path, q, **kw):
    img.convert("RGB").save(path, "JPEG", quality=int(q), optimize=True, **kw)


def save_heic(img, path, q):
    with tempfile.TemporaryDirectory() as td:
        src = os.path.join(td, "in.png")
        img.convert("RGB").save(src)
        subprocess.run(["heif-enc", "-q", str(int(q)), "-o", path, src], check=True, capture_output=True)


def exif_rotated(img, rng):
    """Pixels rotated 90/270 plus an EXIF Orientation that restores the upright view."""
    if rng.random() < 0.5:
        stored, orient = img.transpose(Image.Transpose.ROTATE_90), 6   # stored CCW; viewer turns it 90 CW
    else:
        stored, orient = img.transpose(Image.Transpose.ROTATE_270), 8  # stored CW; viewer turns it 90 CCW
    exif = Image.Exif()
    exif[0x0112] = orient
    exif[0x0131] = "make_samples.py"
    check = ImageOps.exif_transpose(_with_exif(stored, exif))
    assert check.size == img.size and ImageChops.difference(check.convert("RGB"), img.convert("RGB")).getbbox() is None
    return stored, exif, orient


def _with_exif(img, exif):
    buf = io.BytesIO()
    img.convert("RGB").save(buf, "PNG", exif=exif.tobytes())
    buf.seek(0)
    return Image.open(buf)


def to_png16(img, rng):
    """16-bit grayscale ("I;16"): 8-bit gray scaled by 257 so 0..255 maps onto 0..65535."""
    g = np.asarray(img.convert("L"), np.uint16) * 257
    return Image.fromarray(g, "I;16")
