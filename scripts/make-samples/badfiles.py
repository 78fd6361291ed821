"""Deliberately broken inputs for samples/bad/: undecodable files (rejected with 4005) and pictures that
decode but show nothing shaped like text (random noise: refused with 4001, reason NO_TEXT, before any OCR)."""
import json
import os
import random
import struct
import zlib

PNG_SIG = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_with_ihdr(width: int, height: int, idat_payload: bytes, color_type: int = 2) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)  # 8-bit, deflate, no filter/interlace
    return PNG_SIG + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(idat_payload, 9)) + chunk(b"IEND", b"")


def noise_png(rng: random.Random, width: int, height: int, channels: int, sample) -> bytes:
    """A PNG of independent random pixels: every row filter byte 0, then `sample()` per byte."""
    rows = b"".join(b"\x00" + bytes(sample() for _ in range(width * channels)) for _ in range(height))
    return png_with_ihdr(width, height, rows, color_type=2 if channels == 3 else 0)


def write_bad(bad_dir: str, seed: int, png_source: str, jpg_source: str):
    os.makedirs(bad_dir, exist_ok=True)
    rng = random.Random(seed)
    entries = []

    def put(name, data, note, error=4005, reason=None):
        with open(os.path.join(bad_dir, name), "wb") as f:
            f.write(data)
        entry = {"file": name, "imeis": [], "template": "bad_input", "dark": False, "variant": "bad",
                 "negative": True, "meid": None, "expect_error": error, "note": note}
        if reason:
            entry["expect_reason"] = reason
        entries.append(entry)

    put("empty.png", b"", "0 bytes")
    put("random.bin", rng.randbytes(4096), "4096 random bytes")
    src = open(png_source, "rb").read()
    put("truncated.png", src[: len(src) // 2], f"first half of {os.path.basename(png_source)}")
    src = open(jpg_source, "rb").read()
    put("truncated.jpg", src[: len(src) // 2], f"first half of {os.path.basename(jpg_source)}")
    put("text.png", b"This is not an image, just text with a .png name.\nIMEI 35 209900 176148 1\n",
        "plain text file named .png")
    put("zero.png", png_with_ihdr(0, 0, b""), "valid PNG structure, IHDR says 0x0 (CRCs correct)")
    # 100000 x 100000 RGB would need 30 GB; the IDAT only holds the first bytes of row 0.
    put("bomb.png", png_with_ihdr(100000, 100000, b"\x00" * 1024), "IHDR declares 100000x100000, tiny IDAT (CRCs correct)")
    # Pictures that decode but show no text: each cost seconds of OCR before the reader looked first.
    noise = random.Random(seed + 1)
    put("noise-rgb-300.png", noise_png(noise, 300, 300, 3, lambda: noise.randrange(256)),
        "300x300 RGB, every byte random (270 KB)", error=4001, reason="NO_TEXT")
    put("noise-gray-500.png", noise_png(noise, 500, 500, 1, lambda: max(0, min(255, round(noise.gauss(128, 40))))),
        "500x500 gray, Gaussian noise around mid-gray (sigma 40)", error=4001, reason="NO_TEXT")
    with open(os.path.join(bad_dir, "truth.jsonl"), "w") as f:
        for e in entries:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    return entries
