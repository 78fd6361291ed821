"""Identifier helpers: Luhn IMEIs, MEIDs, ICCIDs, EIDs, serials, MACs.

Everything takes an explicit random.Random so the generator stays deterministic.
"""
import random

DIGITS = "0123456789"

# Type Allocation Code prefixes by vendor family. The first two digits are the
# reporting body (35/01/99/49/86 are all in real use); the rest is random.
TAC_PREFIXES = {
    "apple": ["35", "35", "35", "35", "01", "99"],
    "samsung": ["35", "35", "35", "49", "99"],
    "google": ["35", "35", "99", "49"],
    "xiaomi": ["86", "86", "86", "35"],
    "china": ["86", "86", "86", "86", "35"],
    "any": ["35", "35", "35", "86", "86", "01", "99", "49"],
}


def luhn_check_digit(body: str) -> str:
    """Check digit that makes body+digit Luhn-valid."""
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:  # rightmost digit of the body is doubled
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def luhn_ok(number: str) -> bool:
    return len(number) >= 2 and number.isdigit() and luhn_check_digit(number[:-1]) == number[-1]


def rand_digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(DIGITS) for _ in range(n))


def random_tac(rng: random.Random, vendor: str = "any") -> str:
    return rng.choice(TAC_PREFIXES[vendor]) + rand_digits(rng, 6)


def imei_from_body(body14: str) -> str:
    return body14 + luhn_check_digit(body14)


def random_imei(rng: random.Random, vendor: str = "any", tac: str | None = None) -> str:
    tac = tac or random_tac(rng, vendor)
    return imei_from_body(tac + rand_digits(rng, 6))


def sibling_imei(rng: random.Random, imei: str) -> str:
    """Second IMEI of a dual-SIM phone: same TAC, nearby or random serial."""
    tac, snr = imei[:8], int(imei[8:14])
    if rng.random() < 0.5:
        snr2 = (snr + rng.randint(1, 9)) % 1000000
    else:
        snr2 = rng.randrange(1000000)
    if snr2 == snr:
        snr2 = (snr + 1) % 1000000
    return imei_from_body(f"{tac}{snr2:06d}")


def corrupt_check_digit(rng: random.Random, imei: str) -> str:
    """Same IMEI with a wrong (Luhn-invalid) check digit."""
    bad = str((int(imei[-1]) + rng.randint(1, 9)) % 10)
    return imei[:-1] + bad


def group_ios(imei: str) -> str:
    """iOS groups IMEIs as 2 6 6 1."""
    return f"{imei[0:2]} {imei[2:8]} {imei[8:14]} {imei[14:]}"


def group_meid_ios(meid: str) -> str:
    return f"{meid[0:2]} {meid[2:8]} {meid[8:14]}"


def hex_meid(rng: random.Random) -> str:
    """A hexadecimal MEID such as A1000049ABCDEF (manufacturer code A0..FF)."""
    return rng.choice("ABCDEF") + rng.choice("0123456789") + "".join(rng.choice("0123456789ABCDEF") for _ in range(12))


ICCID_PREFIXES = ["8901", "8944", "8949", "8933", "8991", "8986", "8939", "8934", "8961"]


def random_iccid(rng: random.Random, length: int | None = None) -> str:
    length = length or rng.choice([19, 20, 20])
    body = rng.choice(ICCID_PREFIXES) + rand_digits(rng, length - 5)
    return body + luhn_check_digit(body)


def random_eid(rng: random.Random) -> str:
    """32-digit eUICC ID; last two digits are the ISO 7064 mod 97-10 check."""
    first30 = rng.choice(["89049032", "89033023", "89044045", "89001012"]) + rand_digits(rng, 22)
    check = 98 - (int(first30 + "00") % 97)
    return f"{first30}{check:02d}"


def luhn_windows(number: str, n: int = 15) -> list[str]:
    return [number[i:i + n] for i in range(len(number) - n + 1) if luhn_ok(number[i:i + n])]


def random_mac(rng: random.Random, oui: str | None = None, upper: bool = True) -> str:
    parts = (oui.split(":") if oui else [f"{rng.randrange(256):02x}" for _ in range(3)]) + [f"{rng.randrange(256):02x}" for _ in range(3)]
    s = ":".join(parts)
    return s.upper() if upper else s.lower()


def apple_serial(rng: random.Random) -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
    return "".join(rng.choice(alphabet) for _ in range(rng.choice([10, 12])))


def samsung_serial(rng: random.Random) -> str:
    return "R" + rng.choice("5") + rng.choice("2589") + rng.choice("NRTMW") + "".join(rng.choice("ABCDEFGHJKLMNPRSTVWXYZ0123456789") for _ in range(7))


def ean13(rng: random.Random, prefix: str = "8806") -> str:
    body = prefix + rand_digits(rng, 12 - len(prefix))
    s = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body))
    return body + str((10 - s % 10) % 10)


def random_phone(rng: random.Random) -> str:
    return rng.choice([
        f"+44 7{rand_digits(rng, 3)} {rand_digits(rng, 6)}",
        f"+1 ({rng.randint(201, 989)}) {rand_digits(rng, 3)}-{rand_digits(rng, 4)}",
        f"+49 15{rand_digits(rng, 1)} {rand_digits(rng, 8)}",
        f"+91 {rng.randint(70, 99)}{rand_digits(rng, 3)} {rand_digits(rng, 5)}",
        f"+33 6 {rand_digits(rng, 2)} {rand_digits(rng, 2)} {rand_digits(rng, 2)} {rand_digits(rng, 2)}",
    ])
