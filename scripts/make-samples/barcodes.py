"""Minimal Code 128 (sets B and C) and EAN-13 encoders that emit inline SVG.

Code 128: digit runs of 4+ use set C (two digits per symbol), everything else
set B. A 15-digit IMEI becomes Start C, 7 pairs, CODE B, last digit, check, Stop.
"""

# Bar/space module widths for symbol values 0..106 (106 = stop, 7 elements).
C128 = [
    "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
    "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
    "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
    "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
    "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
    "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
    "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
    "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
    "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
    "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
    "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
]
START_B, START_C, CODE_B, CODE_C, STOP = 104, 105, 100, 99, 106


def code128_values(text: str) -> list[int]:
    """Symbol values (start .. data .. check, without stop)."""
    vals: list[int] = []
    i, n, cur = 0, len(text), None

    def digit_run(j):
        k = j
        while k < n and text[k].isdigit():
            k += 1
        return k - j

    while i < n:
        run = digit_run(i)
        # set C pays off for runs of >= 4 digits (or the whole text if all-digit and >= 2)
        use_c = run >= 4 or (run == n and run >= 2 and run % 2 == 0)
        if use_c:
            pairs = run // 2
            if cur != "C":
                vals.append(START_C if cur is None else CODE_C)
                cur = "C"
            for _ in range(pairs):
                vals.append(int(text[i:i + 2]))
                i += 2
            continue
        if cur != "B":
            vals.append(START_B if cur is None else CODE_B)
            cur = "B"
        c = text[i]
        if not (32 <= ord(c) <= 126):
            raise ValueError(f"unsupported character {c!r}")
        vals.append(ord(c) - 32)
        i += 1
    check = (vals[0] + sum(k * v for k, v in enumerate(vals[1:], start=1))) % 103
    return vals + [check]


def code128_modules(text: str) -> list[int]:
    """Alternating bar/space widths in modules (starts with a bar)."""
    widths: list[int] = []
    for v in code128_values(text) + [STOP]:
        widths.extend(int(c) for c in C128[v])
    return widths


EAN_L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
EAN_R = ["".join("1" if b == "0" else "0" for b in p) for p in EAN_L]
EAN_G = [p[::-1] for p in EAN_R]
EAN_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def ean13_bits(code: str) -> str:
    assert len(code) == 13 and code.isdigit()
    first, left, right = int(code[0]), code[1:7], code[7:]
    bits = "101"
    for d, par in zip(left, EAN_PARITY[first]):
        bits += (EAN_L if par == "L" else EAN_G)[int(d)]
    bits += "01010"
    for d in right:
        bits += EAN_R[int(d)]
    return bits + "101"


def _bits_to_runs(bits: str) -> list[tuple[int, int]]:
    runs, x, i = [], 0, 0
    while i < len(bits):
        j = i
        while j < len(bits) and bits[j] == bits[i]:
            j += 1
        if bits[i] == "1":
            runs.append((x, j - i))
        x += j - i
        i = j
    return runs


def svg_code128(text: str, module_px: float, height_px: float, fg="#000", bg="#fff", quiet=10) -> str:
    widths = code128_modules(text)
    total = sum(widths) + 2 * quiet
    rects, x = [], quiet
    for k, w in enumerate(widths):
        if k % 2 == 0:
            rects.append(f'<rect x="{x}" y="0" width="{w}" height="1"/>')
        x += w
    return (f'<svg class="bc" xmlns="http://www.w3.org/2000/svg" width="{total * module_px:.2f}" height="{height_px:.2f}" '
            f'viewBox="0 0 {total} 1" preserveAspectRatio="none" shape-rendering="crispEdges" style="display:block">'
            f'<rect x="0" y="0" width="{total}" height="1" fill="{bg}"/><g fill="{fg}">{"".join(rects)}</g></svg>')


def svg_ean13(code: str, module_px: float, height_px: float, font_px: float, font="Liberation Sans") -> str:
    """EAN-13 with guard bars extended and the human-readable digits below."""
    bits = ean13_bits(code)
    quiet = 11
    total = len(bits) + quiet + 7
    bar_h = height_px - font_px * 0.9
    guards = set(list(range(0, 3)) + list(range(45, 50)) + list(range(92, 95)))
    rects = []
    for x, w in _bits_to_runs(bits):
        h = bar_h + font_px * 0.5 if x in guards else bar_h
        rects.append(f'<rect x="{(x + quiet) * module_px:.2f}" y="0" width="{w * module_px:.2f}" height="{h:.2f}"/>')
    ty = height_px
    txt = (f'<text x="{(quiet - 8) * module_px:.2f}" y="{ty:.2f}">{code[0]}</text>'
           f'<text x="{(quiet + 3 + 21) * module_px:.2f}" y="{ty:.2f}" text-anchor="middle" letter-spacing="{module_px * 1.6:.2f}">{code[1:7]}</text>'
           f'<text x="{(quiet + 50 + 21) * module_px:.2f}" y="{ty:.2f}" text-anchor="middle" letter-spacing="{module_px * 1.6:.2f}">{code[7:]}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total * module_px:.2f}" height="{height_px + 2:.2f}" '
            f'style="display:block" shape-rendering="crispEdges"><g fill="#000">{"".join(rects)}</g>'
            f'<g fill="#000" font-family="{font}" font-size="{font_px:.1f}">{txt}</g></svg>')


if __name__ == "__main__":
    assert all(sum(map(int, p)) == 11 for p in C128[:106]) and sum(map(int, C128[106])) == 13
    assert len(set(C128)) == 107
    print(code128_values("352099001761481"))
    print(ean13_bits("8806092123456"))
