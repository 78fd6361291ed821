"""HTML builders for the screen layouts of issue 16 item 1 that screens.py does not draw.

Each builder returns (html, (css_w, css_h, device_scale)) like screens.py, and tags
the elements that matter with data-g ("imei", "imeirow", "trap", "meid", ...).

- nokia_app:      old-Nokia-style "show my IMEI" app: centred IMEI heading, two
                  subtitle lines, then a large number on a patterned background.
- heading_value:  a left-aligned heading with the value 1-3 text lines below it
                  (the lines between are prose: no digits, no other label).
- phrase_label:   labels that are phrases containing the Latin word IMEI, in
                  several UI languages ("Your Device IMEI", "IMEI-Nummer", "رقم IMEI" ...).
- router_sticker: the sticker under a mobile hotspot's battery cover, with an IMEI line.
- android_id:     trap: a hex Android ID labelled "imei" (no IMEI on screen).
"""
import html as _html

import ids
from barcodes import svg_code128
from screens import (ANDROID_THEME, FONT_ANDROID, FONT_IOS, IOS_THEME, android_back, android_status, ios_home_indicator,
                     ios_status, page)

E = _html.escape
FONT_MONO = "'DejaVu Sans Mono', monospace"
FONT_NOKIA = "'DejaVu Sans', 'Noto Sans', sans-serif"

# ----------------------------------------------------------------- (a) Nokia-style "show my IMEI" app

PATTERNS = {
    # CSS backgrounds: the busy textures that such apps and old themes put behind the number
    "diag": "repeating-linear-gradient(45deg,{a} 0 9px,{b} 9px 18px)",
    "checker": "conic-gradient({a} 25%,{b} 0 50%,{a} 0 75%,{b} 0) 0 0/22px 22px",
    "dots": "radial-gradient(circle,{b} 3px,transparent 3.5px) 0 0/14px 14px,{a}",
    "waves": "repeating-radial-gradient(circle at 30% 20%,{a} 0 10px,{b} 10px 20px)",
    "grid": "linear-gradient({b} 2px,transparent 2px) 0 0/16px 16px,linear-gradient(90deg,{b} 2px,transparent 2px) 0 0/16px 16px,{a}",
}
PALETTES = [  # (pattern colour a, pattern colour b, text colour, number colour, dark?)
    ("#1F4E9A", "#2A5FB5", "#FFFFFF", "#FFFFFF", True),
    ("#D9E6F5", "#C4D7EE", "#0B2850", "#000000", False),
    ("#0E5E3A", "#137247", "#F2F2F2", "#FFFFA0", True),
    ("#F3E3C2", "#E9D3A6", "#3A2A10", "#101010", False),
    ("#3B1E5A", "#4A2870", "#FFFFFF", "#FFFFFF", True),
]

NOKIA_SUBTITLES = [
    ("International Mobile", "Equipment Identity"),
    ("Your phone's serial number", "Write it down and keep it safe"),
    ("Unique device code", "Needed if your phone is stolen"),
    ("Show my IMEI", "Tap Options to send it by SMS"),
]


def nokia_app(rng, imei, feature_phone=True, pattern=None, palette=None, grouped=None):
    """Feature phone (240x320 css) or Android phone (360x720) running a 'my IMEI' app."""
    pattern = pattern or rng.choice(list(PATTERNS))
    a, b, fg, numc, dark = palette or rng.choice(PALETTES)
    sub1, sub2 = rng.choice(NOKIA_SUBTITLES)
    grouped = rng.random() < 0.35 if grouped is None else grouped
    shown = f"{imei[:2]} {imei[2:8]} {imei[8:14]} {imei[14]}" if grouped else imei
    bg = PATTERNS[pattern].format(a=a, b=b)
    if feature_phone:
        w, h, dpr = 240, 320, 3
        sig = "".join(f'<div style="width:3px;height:{4 + 2 * i}px;background:{fg};margin-right:1px"></div>' for i in range(5))
        status = (f'<div style="height:18px;display:flex;align-items:flex-end;justify-content:space-between;padding:0 4px 2px;'
                  f'background:rgba(0,0,0,.35);font:700 11px {FONT_NOKIA};color:#fff">'
                  f'<div style="display:flex;align-items:flex-end">{sig}</div><span>{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}</span>'
                  f'<div style="width:20px;height:9px;border:1.5px solid #fff;padding:1px"><div style="width:{rng.randint(30, 100)}%;height:100%;background:#fff"></div></div></div>')
        soft = (f'<div style="position:absolute;left:0;right:0;bottom:0;height:26px;display:flex;justify-content:space-between;'
                f'align-items:center;padding:0 8px;background:rgba(0,0,0,.55);font:700 13px {FONT_NOKIA};color:#fff">'
                f'<span>Options</span><span>{rng.choice(["Back", "Exit"])}</span></div>')
        head_fs, sub_fs, num_fs = 26, 11.5, 22 if not grouped else 19
        body = (f'<div style="position:absolute;inset:0;background:{bg}">{status}'
                f'<div style="text-align:center;color:{fg};padding:0 6px">'
                f'<div data-g="heading" style="font:700 {head_fs}px {FONT_NOKIA};margin-top:30px;text-shadow:0 1px 2px rgba(0,0,0,.35)">IMEI</div>'
                f'<div style="font:400 {sub_fs}px {FONT_NOKIA};margin-top:8px">{E(sub1)}</div>'
                f'<div style="font:400 {sub_fs}px {FONT_NOKIA};margin-top:3px">{E(sub2)}</div>'
                f'<div data-g="imeirow" style="margin-top:{rng.choice([26, 34, 44])}px;font:700 {num_fs}px {FONT_NOKIA};color:{numc};'
                f'letter-spacing:0.5px;text-shadow:0 1px 2px rgba(0,0,0,.45)"><span data-g="imei">{shown}</span></div>'
                f'</div>{soft}</div>')
        return page(w, h, body, "", a), (w, h, dpr), dark
    w, h, dpr = 360, 760, 3
    title_bg = rng.choice(["#124191", "#005AFF", "#222"])
    body = (f'<div style="position:absolute;inset:0;background:{bg}">'
            f'<div style="background:{title_bg}">{android_status(True, rng.choice(["9:12", "14:30"]), rng.uniform(0.3, 1), color="#fff")}'
            f'<div style="height:56px;display:flex;align-items:center;padding-left:18px;font:500 20px {FONT_ANDROID};color:#fff">'
            f'{rng.choice(["My IMEI", "IMEI Info", "Show IMEI"])}</div></div>'
            f'<div style="text-align:center;color:{fg};padding:0 14px">'
            f'<div data-g="heading" style="font:700 44px {FONT_NOKIA};margin-top:{rng.choice([70, 110, 150])}px;text-shadow:0 2px 3px rgba(0,0,0,.3)">IMEI</div>'
            f'<div style="font:400 16px {FONT_NOKIA};margin-top:12px">{E(sub1)}</div>'
            f'<div style="font:400 16px {FONT_NOKIA};margin-top:4px">{E(sub2)}</div>'
            f'<div data-g="imeirow" style="margin-top:{rng.choice([40, 60])}px;font:700 {30 if not grouped else 28}px {FONT_NOKIA};color:{numc};'
            f'text-shadow:0 2px 3px rgba(0,0,0,.4)"><span data-g="imei">{shown}</span></div>'
            f'<div style="margin-top:50px;display:inline-block;padding:12px 28px;border-radius:24px;background:rgba(255,255,255,.85);'
            f'color:#124191;font:500 16px {FONT_ANDROID}">{rng.choice(["COPY", "SHARE", "SEND BY SMS"])}</div></div></div>')
    return page(w, h, body, "", a), (w, h, dpr), dark


# ----------------------------------------------------------------- (b) left-aligned heading, value a few lines below

HEADINGS = ["IMEI", "Device IMEI", "IMEI 1", "Primary IMEI", "IMEI number"]
PROSE = [  # each fits on one line of the card: the value stands at most three text lines below its heading
    "Primary SIM slot",
    "Identifies this phone on the network",
    "Share it only with your carrier",
    "Tap and hold to copy",
    "Needed to unlock or insure it",
    "Shown as your carrier sees it",
    "Registered to this handset",
]


def heading_value(rng, dark, imeis, n_between=None, platform=None, g="imei"):
    """App page: big left-aligned heading, then 1-3 prose lines, then the value (per IMEI)."""
    platform = platform or rng.choice(["android", "ios"])
    n_between = n_between or rng.choice([1, 2, 3])
    if platform == "ios":
        w, h, dpr, top = 390, 844, 3, "notch"
        t = IOS_THEME[dark]
        fg, sub, bg, card, font, accent = t["fg"], t["hdr"], t["bg"], t["cell"], FONT_IOS, t["blue"]
        sb = ios_status(w, top, dark, rng.choice(["9:41", "10:08", "18:22"]))
    else:
        w, h, dpr = 360, 800, 3
        t = ANDROID_THEME[dark]
        fg, sub, bg, card, font, accent = t["fg"], t["sub"], t["bg"], t["card"], FONT_ANDROID, t["accent"]
        sb = android_status(dark, rng.choice(["9:41", "10:08", "18:22"]), rng.uniform(0.2, 1))
    app = rng.choice(["Phone Check", "Insure+", "My Device", "Trade-in"])
    blocks = []
    for i, im in enumerate(imeis):
        head = rng.choice(HEADINGS) if i == 0 else rng.choice(["Second IMEI", "IMEI 2", "IMEI (eSIM)"])
        prose = rng.sample(PROSE, n_between)
        shown = ids.group_ios(im) if rng.random() < 0.3 else im
        lines = "".join(f'<div style="font:400 14px {font};color:{sub};margin-top:6px;line-height:1.3;white-space:nowrap">{E(p)}</div>'
                        for p in prose)
        blocks.append(f'<div style="background:{card};border-radius:18px;padding:18px 20px 20px;margin:0 16px 16px">'
                      f'<div data-g="heading" style="font:700 {rng.choice([24, 26, 28])}px {font};color:{fg};text-align:left">{E(head)}</div>'
                      f'{lines}<div data-g="{g}row" style="margin-top:12px;font:{rng.choice([500, 600])} {rng.choice([20, 22, 24])}px {font};'
                      f'color:{fg};letter-spacing:0.3px"><span data-g="{g}">{shown}</span></div></div>')
    body = (f'{sb}<div style="display:flex;align-items:center;height:56px;padding:0 18px;font:600 19px {font};color:{accent}">{E(app)}</div>'
            f'<div style="margin:6px 0 14px 32px;font:400 14px {font};color:{sub}">{E(rng.choice(["Your device", "Device details", "Identifiers"]))}</div>'
            f'{"".join(blocks)}'
            f'<div style="margin:12px 32px;font:500 16px {font};color:{accent}">{E(rng.choice(["Copy to clipboard", "Share", "Continue"]))}</div>')
    if platform == "ios":
        body += ios_home_indicator(w, h, dark)
    return page(w, h, body, "", bg), (w, h, dpr)


# ----------------------------------------------------------------- (c) phrase labels, in several UI languages

# lang: (page title, [(other label, kind of value)...], IMEI label phrases, rtl, font)
LANGS = {
    "en": ("Device information", ["Model", "Serial number", "Android version", "Phone number"],
           ["Your Device IMEI", "IMEI number", "IMEI:", "IMEI (MEID)"], False, FONT_ANDROID),
    "de": ("Telefoninfo", ["Modellname", "Seriennummer", "Android-Version", "Telefonnummer"],
           ["IMEI-Nummer", "IMEI-Nummer (SIM 1)", "Ihre Geräte-IMEI"], False, FONT_ANDROID),
    "es": ("Información del teléfono", ["Modelo", "Número de serie", "Versión de Android", "Número de teléfono"],
           ["Número IMEI", "IMEI del dispositivo", "Número de IMEI (ranura 1)"], False, FONT_ANDROID),
    "pt": ("Sobre o telefone", ["Modelo", "Número de série", "Versão do Android", "Número de telefone"],
           ["Número do IMEI", "IMEI do aparelho", "Seu IMEI"], False, FONT_ANDROID),
    "hi": ("फ़ोन के बारे में", ["मॉडल", "सीरियल नंबर", "Android वर्शन", "फ़ोन नंबर"],
           ["IMEI नंबर", "आपके डिवाइस का IMEI", "IMEI (सिम स्लॉट 1)"], False, "'Lohit Devanagari', " + FONT_ANDROID),
    "zh": ("关于手机", ["型号", "序列号", "Android 版本", "电话号码"],
           ["IMEI 号码", "设备 IMEI", "IMEI（卡槽 1）"], False, "'Noto Sans CJK SC', " + FONT_ANDROID),
    "ar": ("حول الهاتف", ["الطراز", "الرقم التسلسلي", "إصدار Android", "رقم الهاتف"],
           ["رقم IMEI", "IMEI الخاص بجهازك", "IMEI (فتحة SIM 1)"], True, "'DejaVu Sans', " + FONT_ANDROID),
}


def other_value(rng, kind_idx):
    return [rng.choice(["SM-A146P", "Redmi Note 12", "Pixel 7a", "V2230", "CPH2591"]), ids.samsung_serial(rng),
            rng.choice(["13", "14", "15"]), ids.random_phone(rng)][kind_idx]


def phrase_label(rng, dark, imeis, lang, label=None, style=None, shown=None):
    """A localized device-info page; the IMEI rows carry a phrase label. shown: the digits to print (traps)."""
    title, others, phrases, rtl, font = LANGS[lang]
    w, h, dpr = 360, 800, 3
    t = ANDROID_THEME[dark]
    label = label or rng.choice(phrases)
    style = style or rng.choice(["stack", "beside", "card"])
    shown = shown or imeis
    d = ' dir="rtl"' if rtl else ""
    align = "right" if rtl else "left"

    def row(lbl, val, g=None):
        gv = f' data-g="{g}"' if g else ""
        gr = f' data-g="{g}row"' if g else ""
        v = f'<span dir="ltr"{gv}>{E(val)}</span>'
        if style == "beside":
            return (f'<div{gr} style="display:flex;justify-content:space-between;align-items:center;min-height:58px;padding:0 20px;'
                    f'border-bottom:1px solid {t["sep"]}"><span style="font:400 16px {font};color:{t["fg"]}">{E(lbl)}</span>'
                    f'<span style="font:400 15px {font};color:{t["sub"]};margin-{"right" if rtl else "left"}:12px">{v}</span></div>')
        return (f'<div{gr} style="padding:13px 22px;text-align:{align}"><div style="font:400 17px {font};color:{t["fg"]}">{E(lbl)}</div>'
                f'<div style="font:400 15px {font};color:{t["sub"]};margin-top:3px">{v}</div></div>')

    rows = [row(others[0], other_value(rng, 0)), row(others[1], other_value(rng, 1))]
    for i, im in enumerate(shown):
        lbl = label if len(shown) == 1 or i == 0 else (label.replace("1", "2") if "1" in label else f"{label} 2")
        val = ids.group_ios(im) if rng.random() < 0.25 and len(im) == 15 else im
        rows.append(row(lbl, val, "imei"))
    rows += [row(others[2], other_value(rng, 2)), row(others[3], other_value(rng, 3))]
    if style == "card":
        inner = (f'<div style="margin:12px 14px;background:{t["card"]};border-radius:22px;padding:6px 0;'
                 f'box-shadow:0 1px 4px rgba(0,0,0,.12)">{"".join(rows)}</div>')
    else:
        inner = "".join(rows)
    sb = android_status(dark, rng.choice(["9:41", "11:20", "20:05"]), rng.uniform(0.2, 1))
    head = (f'<div style="height:64px;display:flex;align-items:center;gap:20px;padding:0 16px;font:400 22px {font};color:{t["fg"]};'
            f'{"flex-direction:row-reverse" if rtl else ""}">{android_back(t["fg"])}<span>{E(title)}</span></div>')
    body = f'{sb}<div{d}>{head}{inner}</div>'
    return page(w, h, body, "", t["bg"]), (w, h, dpr), label


# ----------------------------------------------------------------- (d) hotspot / router sticker

def router_sticker(rng, imei, brand=None):
    """Flat render of the label under a mobile hotspot's battery cover (about 62 x 40 mm)."""
    brand = brand or rng.choice(["HUAWEI", "ZTE", "Alcatel", "TP-Link"])
    model = {"HUAWEI": ["E5576-320", "E5577Cs-321", "E5783-230a"], "ZTE": ["MF971R", "MF920U", "MU5001"],
             "Alcatel": ["MW40V", "MW45V"], "TP-Link": ["M7350", "M7200"]}[brand]
    ssid = f"{brand.split('-')[0].upper()}-{''.join(rng.choice('0123456789ABCDEF') for _ in range(4))}"
    key = ids.rand_digits(rng, 8)
    sn = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(rng.choice([12, 16])))
    mac = ids.random_mac(rng)
    w, h, dpr = 330, 215, 3
    fs = 11.5
    with_bar = rng.random() < 0.6
    bar = (f'<div style="margin:1px 0 3px">{svg_code128(imei, 1.0, 18, "#000", "#fff", quiet=3)}</div>' if with_bar else "")
    lines = [f'<div style="font:700 15px {FONT_ANDROID};letter-spacing:1px">{brand}</div>',
             f'<div>{rng.choice(["4G LTE Mobile WiFi", "Mobile Hotspot", "4G Pocket Router"])}  Model: {rng.choice(model)}</div>',
             f'<div data-g="imeirow">IMEI: <span data-g="imei">{imei}</span></div>{bar}',
             f'<div>S/N: {sn}</div>',
             f'<div>SSID: {ssid}</div>',
             f'<div>{rng.choice(["WIFI KEY", "Wi-Fi Key", "Password"])}: {key}</div>',
             f'<div>MAC: {mac}</div>',
             f'<div style="font-size:9.5px">Input: DC 5V 1A   Made in China</div>']
    body = (f'<div style="position:absolute;inset:0;background:#F4F4F0;padding:9px 12px;color:#111;font:400 {fs}px {FONT_ANDROID};'
            f'line-height:1.28">{"".join(lines)}'
            f'<div style="position:absolute;right:12px;top:10px;width:26px;height:26px;border:1.5px solid #222;border-radius:4px;'
            f'font:700 10px {FONT_ANDROID};text-align:center;line-height:24px">CE</div></div>')
    info = {"brand": brand, "ssid": ssid, "wifi_key": key, "serial": sn, "imei_barcode": with_bar}
    return page(w, h, body, "", "#F4F4F0"), (w, h, dpr), info


# ----------------------------------------------------------------- trap: hex Android ID labelled "imei"

def android_id_trap(rng, dark):
    """An app's device page that shows the Android ID (16 hex digits) under the label 'imei'."""
    w, h, dpr = 360, 800, 3
    t = ANDROID_THEME[dark]
    while True:
        aid = "".join(rng.choice("0123456789abcdef") for _ in range(16))
        if sum(c.isalpha() for c in aid) >= 4:
            break
    lbl = rng.choice(["imei", "IMEI", "imei (device id)", "Device IMEI"])
    rows = [("manufacturer", rng.choice(["samsung", "Xiaomi", "Google", "OnePlus"])),
            ("model", rng.choice(["SM-A146P", "2201117TG", "Pixel 7a", "CPH2449"])),
            ("sdk", rng.choice(["33", "34", "35"])), ("android_id", aid) if rng.random() < 0.3 else ("release", rng.choice(["13", "14"]))]
    mono = rng.random() < 0.5
    f = FONT_MONO if mono else FONT_ANDROID

    def row(k, v, g=None):
        gv = f' data-g="{g}"' if g else ""
        gr = f' data-g="{g}row"' if g else ""
        return (f'<div{gr} style="padding:12px 20px;border-bottom:1px solid {t["sep"]}"><div style="font:500 15px {f};color:{t["sub"]}">{E(k)}</div>'
                f'<div style="font:400 18px {f};color:{t["fg"]};margin-top:2px"><span{gv}>{E(v)}</span></div></div>')

    body_rows = [row(*rows[0]), row(*rows[1]), row(lbl, aid, "trap"), row(*rows[2]), row(*rows[3])]
    sb = android_status(dark, rng.choice(["8:15", "12:00", "23:10"]), rng.uniform(0.2, 1))
    head = (f'<div style="height:60px;display:flex;align-items:center;gap:20px;padding:0 16px;font:500 20px {FONT_ANDROID};color:{t["fg"]}">'
            f'{android_back(t["fg"])}<span>{E(rng.choice(["Device Info", "Debug info", "About this device"]))}</span></div>')
    note = (f'<div style="margin:16px 20px;font:400 13px {FONT_ANDROID};color:{t["sub"]}">'
            f'{E(rng.choice(["Values reported by the app.", "Send these details to support.", "Read-only."]))}</div>')
    body = f'{sb}{head}{"".join(body_rows)}{note}'
    return page(w, h, body, "", t["bg"]), (w, h, dpr), aid, lbl
