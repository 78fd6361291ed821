"""What the peers share: the Luhn check and the output line (the shape of `activation imei --json`)."""
import json
import sys

NO_IMEI = {"code": 4001, "name": "ERROR_UNABLE_TO_DO_OCR"}


def luhn_ok(number: str) -> bool:
    """True for an ASCII digit string whose last digit is its Luhn check digit."""
    if not (number.isascii() and number.isdigit()):
        return False
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = ord(ch) - 48
        if i % 2 == 1:  # every second digit from the right, the check digit being the first
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def emit(path, imeis, error=None):
    """One JSON object per file, as `activation imei --json` prints: file, imeis, error (4001 when none)."""
    if error is None and not imeis:
        error = NO_IMEI
    print(json.dumps({"file": path, "imeis": imeis, "error": error}), flush=True)


def warn(msg):
    print(msg, file=sys.stderr, flush=True)
