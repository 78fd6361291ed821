"""A second phone's camera looking at a flat thing (a phone screen, a sticker, a box label).

The flat object is turned in 3-D by `angle` degrees (the angle between its normal and the
camera axis, about an in-plane axis of random direction), rolled in the image plane, and
projected through a pinhole camera with a phone's ~70 degree field of view, so perspective
foreshortening is real rather than a corner jitter. Then, in photo space:

- moire: the display's pixel grid point-sampled by the sensor, low-passed, so that only the
  alias beats remain (curved colour bands whose period follows the local scale), plus a
  faint interference band;
- glare: a specular spot, a window reflection or a streak, as a veil towards white that is
  capped near the value so that a person can still read it;
- blur: defocus (stronger away from the focus line at steep angles) and optional motion;
- the phone's pipeline: sensor noise, white balance, sharpening, JPEG at quality 70-92.

Everything draws from the random.Random passed in; numpy generators are seeded from it.
"""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

import degrade as D


# ----------------------------------------------------------------- projection

def rot_axis(axis, theta):
    a = np.asarray(axis, float)
    a /= np.linalg.norm(a)
    K = np.array([[0, -a[2], a[1]], [a[2], 0, -a[0]], [-a[1], a[0], 0]])
    return np.eye(3) + math.sin(theta) * K + (1 - math.cos(theta)) * K @ K


def project_quad(w, h, W, H, angle, axis_deg, roll_deg, fill, center):
    """Corners of a w x h plane, tilted by angle about an in-plane axis, seen by a camera whose
    unrotated view of the plane would cover `fill` of the frame. Returns 4 (x, y), TL TR BR BL."""
    f = 0.78 * max(W, H)
    D_ = f * max(w / W, h / H) / fill
    R = rot_axis((math.cos(math.radians(axis_deg)), math.sin(math.radians(axis_deg)), 0), math.radians(angle))
    c, s = math.cos(math.radians(roll_deg)), math.sin(math.radians(roll_deg))
    Rz = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    pts = []
    for x, y in [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]:
        P = Rz @ R @ np.array([x, y, 0.0]) + np.array([0, 0, D_])
        pts.append((f * P[0] / P[2], f * P[1] / P[2], P[2]))
    # centre the projected quad's centroid on the requested point
    mx, my = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
    depth = [p[2] for p in pts]
    return [(center[0] + p[0] - mx, center[1] + p[1] - my) for p in pts], depth


def quad_of(H, rect, off=(0, 0)):
    x, y, w, h = rect[:4]
    x, y = x + off[0], y + off[1]
    return [tuple(round(v, 1) for v in p) for p in D.apply_h(H, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])]


def inside(quad, W, H, margin=4):
    return all(margin <= x <= W - margin and margin <= y <= H - margin for x, y in quad)


def warp(src_rgba, H_src_to_out, W, Hh, scale):
    """Perspective warp with a pre-shrink so that text is not aliased (the moire is added on purpose later)."""
    pre = 1.0
    if scale < 0.7:
        pre = min(1.0, scale * 1.6)
        small = src_rgba.resize((max(1, round(src_rgba.width * pre)), max(1, round(src_rgba.height * pre))), Image.LANCZOS)
    else:
        small = src_rgba
    S = np.diag([1 / pre, 1 / pre, 1.0])  # small px -> src px
    Hs = H_src_to_out @ S
    Hinv = np.linalg.inv(Hs)
    Hinv /= Hinv[2, 2]
    return small.transform((W, Hh), Image.PERSPECTIVE, tuple(Hinv.flatten()[:8]), Image.BICUBIC)


# ----------------------------------------------------------------- moire

def moire_field(rng, H_src_to_out, W, Hh, strength, pitch=1.0):
    """Multiplicative RGB field: the display's sub-pixel stripes, point-sampled on the sensor grid
    (that is what aliases), then low-passed so only the beats remain."""
    Hinv = np.linalg.inv(H_src_to_out)
    yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float64)
    den = Hinv[2, 0] * xx + Hinv[2, 1] * yy + Hinv[2, 2]
    sx = (Hinv[0, 0] * xx + Hinv[0, 1] * yy + Hinv[0, 2]) / den
    sy = (Hinv[1, 0] * xx + Hinv[1, 1] * yy + Hinv[1, 2]) / den
    nrng = np.random.default_rng(rng.randrange(2 ** 32))
    jitter = nrng.normal(0, 0.02)
    # the screen is not perfectly flat and the lens not perfectly rectilinear: bend the grid a little,
    # which turns the straight beat stripes into the curved bands seen on real photos
    sx = sx + D.smooth_noise(rng, W, Hh, 4, rng.uniform(0.8, 2.5))
    sy = sy + D.smooth_noise(rng, W, Hh, 4, rng.uniform(0.8, 2.5))
    chans = []
    for k in range(3):  # R, G, B stripes sit a third of a pixel apart
        ph = 2 * math.pi * (sx / pitch + k / 3 + jitter)
        raw = 0.5 + 0.5 * np.cos(ph) * (0.75 + 0.25 * np.cos(2 * math.pi * sy / pitch))
        img = Image.fromarray((raw * 255).astype(np.uint8), "L").filter(ImageFilter.GaussianBlur(1.6))
        chans.append(np.asarray(img, np.float32) / 255.0)
    field = np.stack(chans, -1)
    field = (field - field.mean()) * 2.2
    theta = rng.uniform(0, math.pi)
    P = rng.uniform(18, 60)
    band = np.sin(2 * math.pi * (xx * math.cos(theta) + yy * math.sin(theta) + D.smooth_noise(rng, W, Hh, 3, 25.0)) / P)
    return 1 + 0.5 * strength * np.clip(field, -1, 1) + 0.2 * strength * band[..., None].astype(np.float32)


# ----------------------------------------------------------------- glare

def glare_mask(rng, W, Hh, kind, avoid_quads, over_value):
    """Float mask 0..1 of reflected light; kept away from the value unless over_value."""
    yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float32)
    for _ in range(40):
        gx, gy = rng.uniform(0.1, 0.9) * W, rng.uniform(0.1, 0.9) * Hh
        if over_value and avoid_quads:
            q = rng.choice(avoid_quads)
            gx = sum(p[0] for p in q) / 4 + rng.uniform(-0.1, 0.1) * W
            gy = sum(p[1] for p in q) / 4 + rng.uniform(-0.03, 0.03) * Hh
            break
        if not avoid_quads or all(math.hypot(gx - sum(p[0] for p in q) / 4, gy - sum(p[1] for p in q) / 4) > 0.22 * max(W, Hh)
                                  for q in avoid_quads):
            break
    if kind == "spot":
        sx, sy = rng.uniform(0.05, 0.12) * W, rng.uniform(0.04, 0.09) * Hh
        m = np.exp(-(((xx - gx) / sx) ** 2 + ((yy - gy) / sy) ** 2) / 2)
        m = np.clip(m * 1.4, 0, 1)
    elif kind == "window":  # a bright window's reflection: soft-edged rotated rectangle with a gradient
        a = math.radians(rng.uniform(-25, 25))
        u = (xx - gx) * math.cos(a) + (yy - gy) * math.sin(a)
        v = -(xx - gx) * math.sin(a) + (yy - gy) * math.cos(a)
        hw, hh = rng.uniform(0.12, 0.25) * W, rng.uniform(0.08, 0.16) * Hh
        soft = 0.03 * W
        m = (1 / (1 + np.exp((np.abs(u) - hw) / soft))) * (1 / (1 + np.exp((np.abs(v) - hh) / soft)))
        m *= 0.65 + 0.35 * (v / hh + 1) / 2
        # window bars
        if rng.random() < 0.6:
            bar = np.abs(u) < 0.012 * W
            m = np.where(bar, m * 0.4, m)
    else:  # streak
        a = math.radians(rng.uniform(25, 65) * rng.choice([-1, 1]))
        d = (xx - gx) * math.cos(a) + (yy - gy) * math.sin(a)
        width = rng.uniform(0.03, 0.08) * W
        m = np.exp(-(d / width) ** 2)
        along = -(xx - gx) * math.sin(a) + (yy - gy) * math.cos(a)
        m *= np.exp(-(along / (0.5 * max(W, Hh))) ** 2)
    return m.astype(np.float32)


def shadow_mask(rng, W, Hh):
    """A soft cast shadow (a hand or the other phone) entering from one side: 0..1."""
    yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    nx, ny = math.cos(a), math.sin(a)
    d = (xx - W / 2) * nx + (yy - Hh / 2) * ny
    reach = max(abs(W * nx), abs(Hh * ny)) / 2
    edge = rng.uniform(0.05, 0.35) * reach
    bend = D.smooth_noise(rng, W, Hh, 3, 0.08 * max(W, Hh))
    soft = rng.uniform(0.01, 0.04) * max(W, Hh)
    return (1 / (1 + np.exp(-(d + bend - edge) / soft))).astype(np.float32)


def crease(img, rng):
    """A fold across a flat label: one side a little darker and shifted, a bright ridge and a dark valley."""
    a = np.asarray(img.convert("RGB"), np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if rng.random() < 0.6:  # across the label, roughly vertical
        x0, y0, ang = rng.uniform(0.3, 0.7) * w, h / 2, math.radians(90 + rng.uniform(-20, 20))
    else:
        x0, y0, ang = w / 2, rng.uniform(0.3, 0.7) * h, math.radians(rng.uniform(-12, 12))
    nx, ny = -math.sin(ang), math.cos(ang)
    d = (xx - x0) * nx + (yy - y0) * ny
    s = max(1, round(h / 400))
    shifted = np.roll(np.roll(a, int(round(nx * s * 1.5)), 1), int(round(ny * s * 1.5)), 0)
    side = (d > 0)[..., None]
    out = np.where(side, shifted * rng.uniform(0.86, 0.94), a)
    ridge = np.exp(-((d + 2.5 * s) / (1.2 * s)) ** 2) * 40 - np.exp(-((d - 1.5 * s) / (1.5 * s)) ** 2) * 55
    out = out + ridge[..., None]
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8), "RGB"), {"crease_angle": round(math.degrees(ang)),
                                                                       "crease_point": [round(x0), round(y0)]}


def apply_glare(arr, m, strength, within=None):
    if within is not None:
        m = m * within
    k = np.clip(m * strength, 0, 0.92)[..., None]
    return arr * (1 - k) + 250 * k


# ----------------------------------------------------------------- blur & pipeline

def motion_blur(img, length, angle_deg):
    if length < 2:
        return img
    a = np.asarray(img, np.float32)
    acc = np.zeros_like(a)
    n = int(length)
    dx, dy = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    for i in range(n):
        t = i - (n - 1) / 2
        acc += np.roll(np.roll(a, int(round(t * dy)), 0), int(round(t * dx)), 1)
    return D.to_img(acc / n)


def focus_blur(img, rng, sigma, depth_ramp=None):
    """Defocus; with depth_ramp (0..1 per pixel) the blur grows away from the focus plane."""
    b1 = img.filter(ImageFilter.GaussianBlur(sigma))
    if depth_ramp is None:
        return b1
    b2 = img.filter(ImageFilter.GaussianBlur(sigma * 2.2 + 0.8))
    r = depth_ramp[..., None]
    return D.to_img(np.asarray(b1, np.float32) * (1 - r) + np.asarray(b2, np.float32) * r)


def depth_ramp_from(quad, depth, W, Hh):
    """0 on the focused (nearest) part of the plane, towards 1 on the far side."""
    yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float32)
    near = int(np.argmin(depth))
    far = int(np.argmax(depth))
    (x0, y0), (x1, y1) = quad[near], quad[far]
    vx, vy = x1 - x0, y1 - y0
    L2 = vx * vx + vy * vy + 1e-6
    t = ((xx - x0) * vx + (yy - y0) * vy) / L2
    spread = (max(depth) - min(depth)) / max(depth)
    return np.clip((t - 0.35) / 0.65, 0, 1) * min(1.0, spread * 4)


def phone_pipeline(rng, img, noise, sharpen=True, wb=True):
    arr = np.asarray(img, np.float32)
    if wb:
        arr = arr * np.array([rng.uniform(0.92, 1.04), rng.uniform(0.95, 1.02), rng.uniform(0.86, 1.02)], np.float32)
    arr = D.add_noise(rng, arr, noise)
    out = D.to_img(arr)
    if sharpen:
        out = out.filter(ImageFilter.UnsharpMask(radius=rng.uniform(1.2, 2.2), percent=rng.randint(50, 120), threshold=2))
    return out


# ----------------------------------------------------------------- bodies

def feature_phone_body(screen, rng):
    """A candy-bar feature phone: screen in the upper part, keypad below. Returns (RGBA, screen offset)."""
    w, h = screen.size
    side = int(0.16 * w)
    top = int(0.22 * h)
    W, H = w + 2 * side, int(h * 2.35)
    body = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(body)
    col = rng.choice([(38, 40, 48), (20, 60, 130), (180, 30, 40), (230, 230, 232)])
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=int(0.22 * W), fill=col + (255,))
    d.rounded_rectangle((side - 10, top - 10, side + w + 10, top + h + 10), radius=12, fill=(5, 5, 6, 255))
    body.paste(screen.convert("RGB"), (side, top))
    keycol = tuple(min(255, c + 45) for c in col) if sum(col) < 400 else (200, 200, 205)
    txt = (255, 255, 255) if sum(col) < 400 else (30, 30, 30)
    try:
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", int(0.09 * w))
    except OSError:
        font = ImageFont.load_default()
    ky = top + h + int(0.08 * h)
    d.rounded_rectangle((W * 0.36, ky, W * 0.64, ky + 0.22 * h), radius=int(0.1 * h), fill=keycol + (255,))
    d.rounded_rectangle((W * 0.08, ky + 0.02 * h, W * 0.3, ky + 0.12 * h), radius=10, fill=keycol + (255,))
    d.rounded_rectangle((W * 0.70, ky + 0.02 * h, W * 0.92, ky + 0.12 * h), radius=10, fill=keycol + (255,))
    labels = "123456789*0#"
    kw, kh = W * 0.26, 0.12 * h
    y0 = ky + 0.30 * h
    for i, ch in enumerate(labels):
        x = W * 0.09 + (i % 3) * (kw + W * 0.02)
        y = y0 + (i // 3) * (kh + 0.025 * h)
        if y + kh > H - 0.05 * h:
            break
        d.rounded_rectangle((x, y, x + kw, y + kh), radius=int(kh / 2.5), fill=keycol + (255,))
        d.text((x + kw / 2, y + kh / 2), ch, fill=txt, font=font, anchor="mm")
    return body, (side, top)


def plate_body(sticker, rng, color=None, margin=0.12, bay=True):
    """A sticker on a plastic device back / battery bay. Returns (RGBA, sticker offset)."""
    w, h = sticker.size
    mx, my = int(margin * w), int(margin * h * 1.6)
    W, H = w + 2 * mx, h + 2 * my
    col = color or rng.choice([(25, 26, 30), (235, 235, 232), (60, 62, 70)])
    body = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(body)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=int(0.08 * W) if bay else 6, fill=col + (255,))
    if bay:
        d.rounded_rectangle((mx * 0.4, my * 0.4, W - mx * 0.4, H - my * 0.4), radius=int(0.05 * W),
                            fill=tuple(max(0, c - 12) for c in col) + (255,))
    body.paste(sticker.convert("RGB"), (mx, my))
    return body, (mx, my)


# ----------------------------------------------------------------- the whole shot

def shoot(rng, flat_rgba, geom_off, *, W, Hh, angle, fill, roll=None, axis=None, moire=0.0, glare=None,
          glare_strength=0.0, glare_over_value=False, blur=1.0, motion=0, noise=3.0, bg_kind="desk",
          key_rects=(), dark_scene=False, glass=True, center_jitter=0.05, screen_size=None, shadow=0.0):
    """Photograph flat_rgba (an RGBA object on transparent ground). key_rects: rects (in the object's
    screen coordinates, offset by geom_off) that must stay inside the frame. Returns
    (image, H_obj_to_out, info) or None when the keys fall outside the frame."""
    bw, bh = flat_rgba.size
    roll = rng.uniform(-6, 6) if roll is None else roll
    axis = rng.uniform(0, 180) if axis is None else axis
    cx = W / 2 + rng.uniform(-center_jitter, center_jitter) * W
    cy = Hh / 2 + rng.uniform(-center_jitter, center_jitter) * Hh
    quad, depth = project_quad(bw, bh, W, Hh, angle, axis, roll, fill, (cx, cy))
    src = [(0, 0), (bw, 0), (bw, bh), (0, bh)]
    Hm = D.homography(src, quad)
    keyq = [quad_of(Hm, r, geom_off) for r in key_rects]
    if not all(inside(q, W, Hh, 6) for q in keyq):
        return None
    scale = math.dist(quad[0], quad[1]) / bw
    warped = warp(flat_rgba, Hm, W, Hh, scale)
    bg = D.surface(rng, W, Hh, bg_kind)
    alpha = np.asarray(warped.getchannel("A"), np.float32) / 255
    sh = Image.fromarray((alpha * 255).astype(np.uint8), "L").filter(ImageFilter.GaussianBlur(W * 0.015))
    sh = np.roll(np.roll(np.asarray(sh, np.float32) / 255, int(W * 0.01), 1), int(W * 0.015), 0)
    bg *= (1 - 0.5 * sh)[..., None]
    obj = np.asarray(warped.convert("RGB"), np.float32)
    if moire > 0:
        # the display grid lives on the screen only; the body's screen offset maps display px into body px
        field = moire_field(rng, Hm @ np.array([[1, 0, geom_off[0]], [0, 1, geom_off[1]], [0, 0, 1.0]]), W, Hh, moire)
        scr = Image.new("L", flat_rgba.size, 0)
        sw, sh_ = screen_size or flat_rgba.size
        ImageDraw.Draw(scr).rectangle((geom_off[0], geom_off[1], geom_off[0] + sw, geom_off[1] + sh_), fill=255)
        smask = np.asarray(warp(Image.merge("RGBA", [scr] * 4), Hm, W, Hh, scale).getchannel("A"),
                           np.float32)[..., None] / 255
        obj = obj * (1 + (field - 1) * smask) + 10 * smask
    arr = bg * (1 - alpha[..., None]) + obj * alpha[..., None]
    # room light: gradient + vignette
    yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float32)
    phi = rng.uniform(0, 2 * math.pi)
    t = ((xx - W / 2) * math.cos(phi) + (yy - Hh / 2) * math.sin(phi)) / math.hypot(W, Hh)
    lo, hi = (rng.uniform(0.55, 0.7), rng.uniform(0.8, 0.9)) if dark_scene else (rng.uniform(0.8, 0.92), rng.uniform(1.0, 1.08))
    g = (lo + hi) / 2 + (hi - lo) * t * 2
    g *= 1 - 0.3 * (((xx - W / 2) / W) ** 2 + ((yy - Hh / 2) / Hh) ** 2)
    arr = arr * g[..., None]
    if shadow:
        arr = arr * (1 - shadow * shadow_mask(rng, W, Hh))[..., None]
    if glare:
        m = glare_mask(rng, W, Hh, glare, keyq, glare_over_value)
        arr = apply_glare(arr, m, glare_strength, within=alpha if glass else None)
    out = D.to_img(arr)
    ramp = depth_ramp_from(quad, depth, W, Hh) if angle >= 18 else None
    out = focus_blur(out, rng, blur, ramp)
    if motion:
        out = motion_blur(out, motion, rng.uniform(0, 180))
    out = phone_pipeline(rng, out, noise)
    info = {"angle": round(angle, 1), "roll": round(roll, 1), "tilt_axis": round(axis), "fill": round(fill, 2),
            "scale": round(scale, 3), "quad": [[round(x), round(y)] for x, y in quad]}
    return out, Hm, info
