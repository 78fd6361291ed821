#!/usr/bin/env python3
"""Draws the KYC samples in samples/kyc/: a made-up identity card's front and back, a drawn
selfie, and one bad example of each code the checker can show on a picture.

Usage: /usr/bin/python3 scripts/make-kyc-samples.py [OUT_DIR]   (default samples/kyc)

Everything is drawn here (shapes, DejaVu text, a cartoon face): no real document, and no real
person's photo but the tests' public-domain astronaut under two drawn masks and drawn sunglasses (a
face network finds no cartoon face). Deterministic (fixed seeds). Debian packages only: python3-pil, python3-numpy,
fonts-dejavu-core (scripts/make-samples/requirements-apt.txt). Writes OUT_DIR/README.md's
table of what each file is expected to fail with.
"""
import io
import math
import os
import random
import struct
import sys
import zlib

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"


ASTRONAUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "KYCCheckTests", "Fixtures", "KYC", "astronaut.jpg")


def masked_astronaut():
    """The tests' public-domain photo of Eileen Collins (NASA; `Tests/KYCCheckTests/Fixtures/KYC`),
    her head and shoulders at 624x624 with a pale blue mask drawn over her nose, mouth and chin:
    the one sample that is not drawn, as a face network finds no cartoon face."""
    head = Image.open(ASTRONAUT).convert("RGB").crop((70, 0, 382, 312)).resize((624, 624), Image.LANCZOS)
    ImageDraw.Draw(head).rectangle((200, 220, 419, 379), fill=(176, 204, 226))
    return head


def surgical_mask_astronaut():
    """The same head under a pleated blue surgical mask over her nose, mouth and chin: its five
    pleats still look like a face's lower half to the cascades, which count the face, but its
    nose and mouth show no skin (`FaceCover`)."""
    head = Image.open(ASTRONAUT).convert("RGB").crop((70, 0, 382, 312)).resize((624, 624), Image.LANCZOS)
    d, blue, top, bottom = ImageDraw.Draw(head), (120, 160, 200), 245, 400
    d.polygon([(215, top), (405, top), (425, top + 15), (195, top + 15)], fill=blue)
    d.polygon([(195, top + 15), (425, top + 15), (415, bottom), (205, bottom)], fill=blue)
    for i in range(5):
        y = top + 25 + i * (bottom - top - 30) // 5
        d.line([(200, y), (420, y)], fill=(90, 130, 170), width=3)
    return head


def sunglasses_astronaut():
    """The same head under drawn dark sunglasses (two lenses with a glint, a bridge): the
    cascades still count the face, the eye cascade finds no eye behind the lenses, and the band
    across the eyes is dark (`FaceCover`)."""
    head = Image.open(ASTRONAUT).convert("RGB").crop((70, 0, 382, 312)).resize((624, 624), Image.LANCZOS)
    d, frame = ImageDraw.Draw(head), (20, 20, 22)
    for cx, cy in ((263, 202), (355, 207)):
        d.rounded_rectangle([cx - 38, cy - 22, cx + 38, cy + 24], radius=12, fill=(45, 42, 40), outline=frame, width=3)
        d.ellipse([cx - 20, cy - 14, cx - 8, cy - 6], fill=(90, 90, 95))
    d.line([(301, 200), (317, 202)], fill=frame, width=5)
    return head


def font(name, size):
    try:
        return ImageFont.truetype(FONTS + name, size)
    except OSError:
        return ImageFont.load_default()


def noisy(img, amplitude, seed):
    """`img` with uniform sensor-like noise of +-amplitude."""
    a = np.asarray(img).astype(np.int16)
    rs = np.random.RandomState(seed)
    return Image.fromarray(np.clip(a + rs.randint(-amplitude, amplitude + 1, a.shape), 0, 255).astype(np.uint8))


def draw_face(d, cx, cy, fw, seed, skin=(226, 184, 152), hair=(60, 40, 25)):
    """A cartoon face of width `fw` centred at (cx, cy), with neck and shoulders."""
    fh = fw * 1.3
    d.rectangle([cx - fw * 0.28, cy + fh * 0.4, cx + fw * 0.28, cy + fh * 1.0], fill=(214, 170, 140))
    d.ellipse([cx - fw * 1.4, cy + fh * 0.95, cx + fw * 1.4, cy + fh * 2.2], fill=(50, 70, 110))
    d.ellipse([cx - fw * 0.62, cy - fh * 0.68, cx + fw * 0.62, cy + fh * 0.35], fill=hair)
    d.ellipse([cx - fw / 2, cy - fh / 2, cx + fw / 2, cy + fh / 2], fill=skin)
    d.chord([cx - fw * 0.55, cy - fh * 0.62, cx + fw * 0.55, cy - fh * 0.05], 180, 360, fill=hair)
    ey, ex = cy - fh * 0.06, fw * 0.2
    for s in (-1, 1):
        x = cx + s * ex
        d.ellipse([x - fw * 0.11, ey - fh * 0.035, x + fw * 0.11, ey + fh * 0.035], fill=(245, 240, 235))
        d.ellipse([x - fw * 0.045, ey - fh * 0.035, x + fw * 0.045, ey + fh * 0.035], fill=(70, 45, 30))
        d.ellipse([x - fw * 0.02, ey - fh * 0.015, x + fw * 0.02, ey + fh * 0.015], fill=(10, 10, 10))
        d.line([x - fw * 0.13, ey - fh * 0.09, x + fw * 0.12, ey - fh * 0.1], fill=hair, width=max(3, int(fw * 0.03)))
    d.polygon([(cx, ey + fh * 0.02), (cx - fw * 0.06, cy + fh * 0.17), (cx + fw * 0.05, cy + fh * 0.18)], fill=(200, 150, 120))
    d.chord([cx - fw * 0.15, cy + fh * 0.22, cx + fw * 0.15, cy + fh * 0.33], 0, 180, fill=(170, 80, 80))
    # Skin and hair texture: short strokes, so that a sharp face has detail to measure.
    rng = random.Random(seed)
    for _ in range(int(fw * 3)):
        x, y = cx + rng.uniform(-0.3, 0.3) * fw, cy + rng.uniform(0.05, 0.4) * fh
        if ((x - cx) / (fw / 2)) ** 2 + ((y - cy) / (fh / 2)) ** 2 < 0.7:
            d.line([x, y, x + rng.uniform(-3, 3), y + rng.uniform(2, 5)], fill=(212, 170, 140), width=1)


def selfie(seed=1, width=900, height=1200, face=0.36, two=False):
    """A drawn selfie: gradient wall, one cartoon person facing the camera (two: beside itself)."""
    img = Image.new("RGB", (width, height))
    d = ImageDraw.Draw(img)
    for y in range(height):
        c = int(170 + 40 * y / height)
        d.line([(0, y), (width, y)], fill=(c - 10, c, c + 12))
    draw_face(d, width // 2, int(height * 0.42), int(width * face), seed)
    img = noisy(img.filter(ImageFilter.GaussianBlur(0.8)), 4, seed)
    if two:  # the same person twice, side by side
        pair = Image.new("RGB", (2 * width, height))
        pair.paste(img, (0, 0))
        pair.paste(img.transpose(Image.FLIP_LEFT_RIGHT), (width, 0))
        return pair
    return img


def crowd(people=4, width=1600, height=1200, face=0.04, seed=13):
    """A group photographed from afar: `people` cartoon persons side by side on the wall, each
    face `face` of the width (too small for the counted search)."""
    img = Image.new("RGB", (width, height))
    d = ImageDraw.Draw(img)
    for y in range(height):
        c = int(170 + 40 * y / height)
        d.line([(0, y), (width, y)], fill=(c - 10, c, c + 12))
    for i in range(people):
        draw_face(d, int(width * (i + 0.5) / people), int(height * 0.45), int(width * face), seed + i)
    return noisy(img.filter(ImageFilter.GaussianBlur(0.8)), 4, seed)


def card(back=False, seed=3, width=1600, height=1000, panel=False):
    """A made-up identity card (front or back), filling the picture; with `panel`, a back with a
    white signature panel above the MRZ (print, not a reflection)."""
    img = Image.new("RGB", (width, height), (220, 224, 230))
    d = ImageDraw.Draw(img)
    for x in range(0, width, 4):
        c = int(212 + 14 * math.sin(x / 90))
        d.line([(x, 0), (x, height)], fill=(c, c + 4, 232), width=4)
    d.rounded_rectangle([8, 8, width - 9, height - 9], radius=40, outline=(40, 70, 120), width=6)
    d.rectangle([30, 30, width - 31, 150], fill=(40, 70, 120))
    d.text((60, 55), "SPECIMEN REPUBLIC" if not back else "SPECIMEN REPUBLIC - BACK", font=font("DejaVuSans-Bold.ttf", 64), fill=(255, 255, 255))
    rng = random.Random(seed)
    body = font("DejaVuSans.ttf", 40)
    label = font("DejaVuSans.ttf", 26)
    mono = font("DejaVuSansMono.ttf", 50)
    if not back:
        photo = Image.new("RGB", (420, 540), (200, 210, 220))
        draw_face(ImageDraw.Draw(photo), 210, 230, 200, seed)
        img.paste(photo, (60, 200))
        d.rectangle([60, 200, 480, 740], outline=(40, 70, 120), width=4)
        fields = [("SURNAME", "SAMPLE"), ("GIVEN NAMES", "ALEX JORDAN"), ("DATE OF BIRTH", "01 JAN 1990"),
                  ("DOCUMENT NO", "X1234567"), ("EXPIRY", "31 DEC 2031"), ("NATIONALITY", "UTOPIA")]
        for i, (k, v) in enumerate(fields):
            y = 200 + i * 90
            d.text((540, y), k, font=label, fill=(70, 80, 100))
            d.text((540, y + 28), v, font=body, fill=(15, 15, 25))
        d.text((1100, 650), "Alex Sample", font=font("DejaVuSans-Oblique.ttf", 48), fill=(30, 30, 90))
        mrz = ["IDUTOX1234567<0<<<<<<<<<<<<<<<", "9001011M3112314UTO<<<<<<<<<<<6", "SAMPLE<<ALEX<JORDAN<<<<<<<<<<<"]
    else:
        for i in range(6):
            y = 190 + i * 60
            d.text((60, y), f"{['ADDRESS', 'ISSUED BY', 'DATE OF ISSUE', 'HEIGHT', 'EYES', 'REMARKS'][i]}:  "
                   f"{''.join(rng.choice('ABCDEFGHKLMNPRSTUVWXYZ ') for _ in range(22))}", font=body, fill=(15, 15, 25))
        x = 1000
        while x < 1540:  # a drawn barcode-like block
            w = rng.choice((3, 5, 8))
            d.rectangle([x, 200, x + w, 520], fill=(10, 10, 10))
            x += w + rng.choice((3, 5, 7))
        mrz = ["IDUTOX1234567<0<<<<<<<<<<<<<<<", "9001011M3112314UTO<<<<<<<<<<<6", "SAMPLE<<ALEX<JORDAN<<<<<<<<<<<"]
        if panel:
            d.rounded_rectangle([30, 560, width - 31, 750], radius=12, fill=(255, 255, 255))
            d.text((60, 570), "SIGNATURE OF THE HOLDER", font=label, fill=(70, 80, 100))
    for i, line in enumerate(mrz):
        d.text((60, 780 + i * 64), line, font=mono, fill=(10, 10, 10))
    return noisy(img.filter(ImageFilter.GaussianBlur(0.6)), 3, seed)


def scanned_to_edges(doc, radius=60, inset=24, seed=12):
    """`doc` as a scanner crops it to the card: `inset` px of each side cut away (its frame line
    with them), fine wavy guilloche lines printed over it to its very edges, its ground a
    little darker than the scanner's white lid, on which its rounded corners (`radius` px)
    lie."""
    doc = doc.crop((inset, inset, doc.width - inset, doc.height - inset))
    w, h = doc.size
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    lines = (np.abs(np.sin((yy + 25 * np.sin(xx / 70.0)) / 9.0)) < 0.2)[..., None]
    ground = np.asarray(doc).astype(float) * 0.92
    inked = np.where(lines, ground * 0.5 + np.array([170, 90, 40]) * 0.5, ground)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, w - 1, h - 1], radius=radius, fill=255)
    out = Image.composite(Image.fromarray(inked.astype(np.uint8)), Image.new("RGB", (w, h), (255, 255, 255)), mask)
    return noisy(out, 3, seed)


def cut_out(doc, radius=40, inset=24):
    """`doc` as a specimen is often published: a PNG of the card alone, 1000 px wide, cut along
    its outline, its rounded corners (`radius` px) transparent, its light ground and guilloche
    printed to its very edges. Flattened over white, its corners hardly differ from its ground."""
    doc = doc.crop((inset, inset, doc.width - inset, doc.height - inset)).resize((1000, 614), Image.LANCZOS)
    w, h = doc.size
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    lines = (np.abs(np.sin((yy + 16 * np.sin(xx / 45.0)) / 6.0)) < 0.2)[..., None]
    ground = 255 - (255 - np.asarray(doc).astype(float)) * 0.6
    inked = np.where(lines, ground * 0.5 + np.array([170, 90, 40]) * 0.5, ground)
    card = Image.fromarray(inked.astype(np.uint8)).convert("RGBA")
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, w - 1, h - 1], radius=radius, fill=255)
    card.putalpha(mask)
    return card


def png(img):
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def on_table(doc, width, height, scale, dx=0.0, dy=0.0, seed=5):
    """`doc` scaled by `scale` and laid on a plain grey table, moved by (dx, dy) of the frame."""
    table = noisy(Image.new("RGB", (width, height), (118, 112, 104)).filter(ImageFilter.GaussianBlur(0)), 3, seed)
    w, h = int(doc.width * scale), int(doc.height * scale)
    table.paste(doc.resize((w, h), Image.LANCZOS), (int((width - w) / 2 + dx * width), int((height - h) / 2 + dy * height)))
    return table


def on_grain(doc, width=1080, height=1920, scale=0.6, seed=8, wood=(190, 110, 50), grain=1.0):
    """`doc` scaled by `scale` and laid in the middle of a wooden table of colour `wood`
    (orange-brown by default) with long, wavy streaks of grain, `grain` times the default
    contrast, that run into the card's edges and across the picture's left and right edges (a
    portrait phone photo by default)."""
    rs = np.random.RandomState(seed)
    yy, xx = np.mgrid[0:height, 0:width].astype(float)
    wave = yy + 40 * np.sin(xx / 230.0 + 1.3) + 12 * np.sin(xx / 61.0)
    streaks = sum(a * np.sin(wave / p + rs.uniform(0, 6.3)) for a, p in ((14, 9.0), (9, 3.7), (6, 23.0)))
    shade = (grain * streaks + rs.normal(0, 4, (height, width)))[..., None]
    table = np.clip(np.array(wood, dtype=float) + shade * np.array([1.0, 0.7, 0.4]), 0, 255)
    out = Image.fromarray(table.astype(np.uint8)).filter(ImageFilter.GaussianBlur(1.2))
    w, h = int(doc.width * scale), int(doc.height * scale)
    out.paste(doc.resize((w, h), Image.LANCZOS), ((width - w) // 2, (height - h) // 2))
    return noisy(out, 3, seed)


def on_planks(doc, width=1200, height=1600, scale=0.5, seed=14, ground=(150, 118, 88), seam=30, seam_width=10):
    """`doc` scaled by `scale` in the middle of a portrait photo of plain boards, whose seams,
    `seam` levels darker than the boards, continue the card's left and right sides to the
    picture's top and bottom edges and close them there: the card's edges joined to the seams
    make a four-sided hull that reaches the picture's edges, on faint edges but for the card's."""
    rs = np.random.RandomState(seed)
    boards = np.array(ground, float) + rs.normal(0, 6, (height, width, 1)) * np.array([1, 0.9, 0.8])
    out = Image.fromarray(np.clip(boards, 0, 255).astype(np.uint8))
    w, h = int(doc.width * scale), int(doc.height * scale)
    x0, y0 = (width - w) // 2, (height - h) // 2
    d, dark = ImageDraw.Draw(out), tuple(v - seam for v in ground)
    left, right = x0 + 2, x0 + w - 3
    for a, b in (((left, 0), (left, height)), ((right, 40), (right, height - 41)),
                 ((left, 0), (right, 40)), ((left, height - 1), (right, height - 41))):
        d.line([a, b], fill=dark, width=seam_width)
    out = out.filter(ImageFilter.GaussianBlur(1.2))
    out.paste(doc.resize((w, h), Image.LANCZOS), (x0, y0))
    return noisy(out, 3, seed)


def on_fabric(doc, width=1600, height=1066, scale=0.75, dx=0, seed=11):
    """`doc` scaled by `scale` and laid on a basket-woven cloth darker than the card, `dx` pixels
    right of the middle: squares of dark and light threads, running across in one square and
    down in the next, whose pattern crosses every edge of the picture."""
    rs = np.random.RandomState(seed)
    yy, xx = np.mgrid[0:height, 0:width]
    across = ((xx // 48) + (yy // 48)) % 2 == 0
    threads = np.where(across, (yy // 8) % 2, (xx // 8) % 2)
    cloth = 60 + 80 * threads + rs.normal(0, 10, (height, width))
    rgb = np.clip(cloth[..., None] * np.array([1.05, 0.8, 0.75]), 0, 255)
    out = Image.fromarray(rgb.astype(np.uint8)).filter(ImageFilter.GaussianBlur(0.6))
    w, h = int(doc.width * scale), int(doc.height * scale)
    out.paste(doc.resize((w, h), Image.LANCZOS), ((width - w) // 2 + dx, (height - h) // 2))
    return noisy(out, 3, seed)


def tilted(doc, width=1600, height=1200, seed=6):
    """`doc` on a table, seen at a steep angle (a trapezoid, far edge much shorter)."""
    w, h = doc.size
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    dst = [(560, 330), (1040, 330), (1400, 900), (200, 900)]
    coeffs = _perspective(dst, src)
    warped = doc.transform((width, height), Image.PERSPECTIVE, coeffs, Image.BICUBIC, fillcolor=(118, 112, 104))
    return noisy(warped, 3, seed)


def _perspective(dst, src):
    """PIL's perspective coefficients mapping output points `dst` onto input points `src`."""
    rows = []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(rows, dtype=float)
    b = np.array([c for p in src for c in p], dtype=float)
    return np.linalg.solve(a, b).tolist()


def on_tablet(face, width=1200, height=1500, seed=7):
    """`face` shown on a tablet held up to the camera: a black bezel on a plain wall."""
    wall = Image.new("RGB", (width, height), (150, 140, 128))
    d = ImageDraw.Draw(wall)
    d.rounded_rectangle([150, 120, width - 150, height - 120], radius=50, fill=(18, 18, 20))
    screen = face.resize((width - 400, height - 480), Image.LANCZOS)
    wall.paste(screen, (200, 240))
    return noisy(wall, 3, seed)


def glared(img, cx, cy, r0, r1):
    """A reflection: pixels pushed to white inside r0 of (cx, cy), fading out by r1."""
    a = np.asarray(img).astype(float)
    yy, xx = np.mgrid[0:img.height, 0:img.width]
    dist = np.hypot(xx - cx, yy - cy)
    k = np.clip(1 - (dist - r0) / (r1 - r0), 0, 1)[..., None]
    return Image.fromarray(np.clip(a + (255 - a) * k, 0, 255).astype(np.uint8))


def boxed(img, box, fill=(8, 8, 8)):
    """`img` with a solid box of `fill` (black by default) pasted over `box` (left, top, right,
    bottom): a redaction."""
    out = img.copy()
    ImageDraw.Draw(out).rectangle(box, fill=fill)
    return out


def pixelated(img, box, block):
    """`img` with the `box` (x0, y0, x1, y1) hidden under a mosaic of `block`-px squares, each the
    mean of its pixels: an uploader hiding a number or a face."""
    x0, y0, x1, y1 = box
    region = img.crop(box)
    cells = region.resize((max(1, (x1 - x0) // block), max(1, (y1 - y0) // block)), Image.BOX)
    out = img.copy()
    out.paste(cells.resize(region.size, Image.NEAREST), (x0, y0))
    return out


def jpeg(img, quality=90):
    out = io.BytesIO()
    img.save(out, "JPEG", quality=quality)
    return out.getvalue()


def pixel_bomb():
    """A PNG that declares 60000x60000 pixels and holds one row: refused from its header."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", 60000, 60000, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 60001)) + chunk(b"IEND", b"")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "samples/kyc"
    os.makedirs(out, exist_ok=True)
    front, back, face = card(), card(back=True), selfie()
    dim = lambda im, f: im.point(lambda v: int(v * f))
    wash = lambda im, f: im.point(lambda v: int(255 - (255 - v) * f))
    files = [
        ("front.jpg", jpeg(front), "--front", "pass"),
        ("back.jpg", jpeg(back), "--back", "pass"),
        ("selfie.jpg", jpeg(face), "--selfie", "pass"),
        ("back-white-panel.jpg", jpeg(card(back=True, panel=True)), "--back", "pass (its white signature panel is print, not glare)"),
        ("front-on-wood.jpg", jpeg(on_grain(front)), "--front", "pass (its outline found whole on the grained table)"),
        ("front-filling-wood.jpg", jpeg(on_grain(front, 1600, 1066, 0.94)), "--front", "pass (the card fills the frame on grained wood; its edges join the grain at a corner, and its own outline, found alone on the strong edges, is taken instead of the hull that follows the grain to the picture's edge)"),
        ("front-on-planks.jpg", jpeg(on_planks(front)), "--front", "pass (faint seams continue the card's sides to the picture's top and bottom: the hull they make with its edges is not its outline, as it lies on strong edges along under a quarter of its length)"),
        ("front-on-light-wood.jpg", jpeg(on_grain(front, 1600, 1066, 0.75, wood=(236, 200, 150), grain=3)), "--front", "pass (light wood as bright as the card's ground, its grain across the left and right edges: another colour than the card)"),
        ("front-on-fabric.jpg", jpeg(on_fabric(front)), "--front", "pass (the cloth's weave crosses every edge of the picture, but it is not the card's light ground)"),
        ("front-scanned-to-edges.jpg", jpeg(scanned_to_edges(front)), "--front", "pass (a scan cut to the card, its guilloche printed to the edges: its four rounded corners show it whole)"),
        ("front-cut-out.png", png(cut_out(front)), "--front", "pass (a PNG of the card alone, its rounded corners transparent: whole, though its guilloche runs to the picture's edges)"),
        ("front-pale-600.jpg", jpeg(wash(front, 0.6).resize((600, 375), Image.LANCZOS).filter(ImageFilter.GaussianBlur(0.8))), "--front", "pass (a phone photo saved 600 px wide, its print pale and a little soft: sharp in its own pixels)"),
        ("front-soft.jpg", jpeg(front.resize((1000, 625), Image.LANCZOS).filter(ImageFilter.GaussianBlur(1.0))), "--front", "pass (softened by σ 1 px at the 1000 px the checker measures at, sharpness 47: Tesseract still reads 99.8 % of its characters; `BLURRY` at `strict`, 65)"),
        ("bad-front-blurry.jpg", jpeg(front.filter(ImageFilter.GaussianBlur(4))), "--front", "BLURRY"),
        ("bad-front-glare.jpg", jpeg(glared(front, 1000, 450, 150, 270)), "--front", "GLARE"),
        ("bad-front-too-dark.jpg", jpeg(dim(front, 0.3)), "--front", "TOO_DARK"),
        ("bad-front-too-bright.jpg", jpeg(wash(front, 0.2)), "--front", "TOO_BRIGHT (washed out: its light parts are near white but not clipped, so no GLARE)"),
        ("bad-front-too-small.jpg", jpeg(front.resize((300, 188), Image.LANCZOS)), "--front", "IMAGE_TOO_SMALL"),
        ("bad-front-cut-off.jpg", jpeg(on_table(front, 1600, 1200, 0.6, dx=0.3)), "--front", "DOCUMENT_CUT_OFF"),
        ("bad-front-cut-on-fabric.jpg", jpeg(on_fabric(front, dx=400)), "--front", "DOCUMENT_CUT_OFF (the card's own print runs across the right edge; the cloth around it does not count)"),
        ("bad-front-cut-inside.jpg", jpeg(front.crop((120, 250, 1420, 930))), "--front", "DOCUMENT_CUT_OFF (no outline to find: the print runs across the picture's edges)"),
        ("bad-front-too-far.jpg", jpeg(on_table(front, 1600, 1200, 0.3)), "--front", "DOCUMENT_TOO_FAR (with TOO_DARK: under a tenth of the picture, the card is not its brightest tenth)"),
        ("bad-front-tilted.jpg", jpeg(tilted(front)), "--front", "DOCUMENT_TILTED"),
        ("bad-front-covered.jpg", jpeg(boxed(front, (150, 300, 560, 760))), "--front", "DOCUMENT_COVERED (a black box pasted over the photo)"),
        ("bad-front-white-box.jpg", jpeg(boxed(front, (150, 300, 450, 680), fill=(255, 255, 255))), "--front", "DOCUMENT_COVERED (a white box pasted over the photo)"),
        ("bad-front-pixelated.jpg", jpeg(pixelated(front, (530, 490, 800, 550), 16)), "--front", "DOCUMENT_COVERED (the document number hidden under a mosaic of 16 px blocks)"),
        ("bad-front-empty.jpg", b"", "--front", "FILE_EMPTY"),
        ("bad-front-corrupt.jpg", jpeg(front)[:20000], "--front", "CORRUPT_IMAGE"),
        ("bad-front-pixel-bomb.png", pixel_bomb(), "--front", "IMAGE_TOO_LARGE"),
        ("bad-selfie-no-face.jpg", jpeg(on_table(back, 1200, 1600, 0.5)), "--selfie", "NO_FACE"),
        ("bad-selfie-two-faces.jpg", jpeg(selfie(two=True)), "--selfie", "MULTIPLE_FACES"),
        ("bad-selfie-face-too-small.jpg", jpeg(selfie(face=0.12, width=1600, height=1200)), "--selfie", "FACE_TOO_SMALL"),
        ("bad-selfie-face-tiny.jpg", jpeg(selfie(face=0.05, width=1600, height=1200)), "--selfie", "FACE_TOO_SMALL (with TOO_BRIGHT: no face counted, the light wall is the frame's darkest part; the face is too small for the counted search and found by the search for small faces)"),
        ("bad-selfie-group-far.jpg", jpeg(crowd()), "--selfie", "MULTIPLE_FACES (four people far away: no face of the counted size, four found by the search for small faces)"),
        ("bad-selfie-face-cut.jpg", jpeg(selfie(width=1200, height=1200, face=0.36).crop((600, 0, 1200, 1200))), "--selfie", "FACE_CUT_OFF (the picture's left edge runs through the face)"),
        ("bad-selfie-masked.jpg", jpeg(masked_astronaut()), "--selfie", "FACE_OBSCURED (a mask over the nose and mouth: the cascades lose the face, the face network finds it; NO_FACE without the network installed)"),
        ("bad-selfie-surgical-mask.jpg", jpeg(surgical_mask_astronaut()), "--selfie", "FACE_OBSCURED (a pleated surgical mask: the cascades still count the face, but neither its nose nor its mouth shows skin)"),
        ("bad-selfie-sunglasses.jpg", jpeg(sunglasses_astronaut()), "--selfie", "FACE_OBSCURED (dark sunglasses: the cascades count the face, but no eye shows behind the lenses)"),
        ("bad-selfie-blurry.jpg", jpeg(face.filter(ImageFilter.GaussianBlur(9))), "--selfie", "BLURRY"),
        ("bad-selfie-screen.jpg", jpeg(on_tablet(face)), "--selfie", "SCREEN_RECAPTURE (passes at `--strictness relaxed`)"),
        ("bad-selfie-too-dark.jpg", jpeg(dim(face, 0.15)), "--selfie", "TOO_DARK (with BLURRY: the dark face keeps little detail)"),
    ]
    rows = []
    for name, data, role, code in files:
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        rows.append(f"| `{name}` | `{role}` | {code} |")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("# KYC samples\n\nDrawn by `scripts/make-kyc-samples.py` (no real document; no real person but the "
                "public-domain astronaut of the tests' fixtures under two drawn masks and drawn sunglasses). "
                "Each file, checked alone in its role (`activation kyc --json ROLE FILE`, strictness normal), "
                "gives these codes (`scripts/make-kyc-samples.py` rewrites this table):\n\n"
                "| file | role | codes |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n")
    print(f"wrote {len(files)} files into {out}")


if __name__ == "__main__":
    main()
