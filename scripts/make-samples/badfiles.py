"""Deliberately broken inputs for samples/bad/ (all must be rejected with 4005)."""
import json
import os
import random
import struct
import zlib

PNG_SIG = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_with_ihdr(width: int, height: int, idat_payload: bytes) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, deflate, no filter/interlace
    return PNG_SIG + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(idat_payload, 9)) + chunk(b"IEND", b"")


def write_bad(bad_dir: str, seed: int, png_source: str, jpg_source: str):
    os.makedirs(bad_dir, exist_ok=True)
    rng = random.Random(seed)
    entries = []

    def put(name, data, note):
        with open(os.path.join(bad_dir, name), "wb") as f:
            f.write(data)
        entries.append({"file": name, "imeis": [], "template": "bad_input", "dark": False, "variant": "bad",
                        "negative": True, "meid": None, "expect_error": 4005, "note": note})

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
    with open(os.path.join(bad_dir, "truth.jsonl"), "w") as f:
        for e in entries:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    return entries
