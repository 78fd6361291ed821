#!/usr/bin/python3
"""Generate the real-world layouts of issue 26 that the other generators never drew.

usage: /usr/bin/python3 scripts/make-samples/make_layouts.py samples/layouts [--jobs N]

- form_fields: a device-identity app: light grey labels (`IMEI:`, `AndroidID:`, `Wifi Mac:`,
  `IMSI:` …) on the left, each value on an underlined edit field to the right, a dozen rows.
  The labels are too light for a glyph look, and Tesseract's whole page misses them: the page
  must not be answered "no IMEI" from its bands (`ReadingPlan`'s `rescue` on an IMEI-shaped
  number). Negatives: the same form with a Luhn-failing IMEI, and without an IMEI row.
- kv_table: an IoT console's two-column "shadow" table: `Imei` (mixed case) beside its value,
  with `Iccid`, `Imsi`, `Radio_sn`.
- console: a serial monitor printing a modem's `ATI` answer, `IMEI: <15 digits>`.
- web_table: a wide desktop web tool (a CDR lookup): a dark menu bar, a form, and a results table
  whose header row (`DATE_VALUE`, `MSISDN`, `IMEI`, `IMSI`) is white on a coloured band, each value
  in its column below. At 1650–1920 px wide the page is shrunk to 960 for the deep detector, where a
  15-digit cell in this narrow font stands under 4.5 heights (``ReaderTuning/deepValueAspect``).
- spreadsheet: a device list in a spreadsheet: column letters, row numbers, grid lines, a header
  row `imei1`, `imei2`, `serialnumber` in lower case, and under it one row per device, each value
  in its column (right-aligned, as numbers are). Two or three devices, a second IMEI or none, so a
  column holds several values under one heading; the grid keeps the page from reading as legible
  bands. Negatives: one device whose IMEI has an edited digit, and a sheet of IMSIs and serials.
  `imei_photo`: the sheet on a laptop's screen photographed at a mild angle (camera.py), which is
  not legible: Tesseract's whole read must not call its `imei1` column plain text.
- plist_dump: a forensic tool's text pane over an iOS activation record: `"InternationalMobile
  EquipmentIdentity" = "<15 digits>";` among other keys and a long hex ticket. Negatives: the
  same pane whose only spelled-out key is the IMSI's (`InternationalMobileSubscriberIdentity`),
  and one with an edited digit.
- device_list: a device simulator's web table (dark and light): numbered rows of model, `IMEI`,
  `IMSI`, region, carrier, phone and IP, every value left-aligned under its heading, so that a
  value may start a pixel left of its own heading; two IMSIs pass the Luhn check. Only the IMEI
  column's values are IMEIs (a heading's column ends where the next heading begins).
- module_info: a serial console's capture of a modem module's info printout (Telit's AppZone
  sample) on a small white window, drawn without anti-aliasing in a thin typewriter font
  (FreeMono, 1-pixel strokes, as Courier): `IMEI: <15 digits>` among `MANUFACTURER:`, firmware, `IMSI:` and `ICCID:` lines.
  Enlarged for reading, a `2`'s thin diagonal greys out and cuts the number's run of glyphs,
  so the glyph look finds no number there. Negative: `IMEI: ERROR`.
- at_chain, at_log, at_response: a serial terminal talking to a modem with AT commands, whose
  IMEI no `IMEI` word labels: the command asking for it does (`AT+CGSN`, 3GPP TS 27.007's request
  for the product serial number, answered with the IMEI). at_chain: an IDE's serial monitor, every
  line after a `hh:mm:ss.mmm -> ` timestamp, `AT+CIMI;+CGSN` answered by the IMSI, then the IMEI,
  in a bold monospace set tight, so that neighbouring digits touch and threshold into one piece
  (`0000`); the IMSI passes the Luhn check, so only the chain's order tells the IMEI. at_log: a
  flashing tool's log, each line after a bracketed date, blank timestamped lines between, among
  `AT+CIMI` (a Luhn-valid IMSI), `+ICCID:` and `+CSQ:`. at_response: a dark terminal's
  `AT+CGSN=1` answered `+CGSN: "<15 digits>"`. Negatives: `AT+CGSN` answered `ERROR` beside a
  Luhn-valid IMSI, and an answer with an edited digit.
- at_repl: a Python console talking to a modem: MicroPython's REPL in an editor's dark panel
  (`>>> lte.send_at_cmd('AT+CGSN')`, the answer printed as a string literal
  `'\\r\\n<15 digits>\\r\\n\\r\\nOK\\r\\n'`, after the same for `AT+CIMI` and a Luhn-valid IMSI),
  or pyserial on a light terminal (`>>> ser.write(b'AT+CGSN\\r\\n')`, `9`, then `ser.read(64)`
  answering `b'AT+CGSN\\r\\r\\n<15 digits>\\r\\n\\r\\nOK\\r\\n'`, the modem's echo first). The
  command is a literal in a line of code and the answer's line breaks are escapes. Negatives:
  `AT+CGSN` answered `ERROR`, and an answer with an edited digit.
- text_dump: a forensic tool's indexed-text pane (light, small monospace): a phone's strings run
  together, the searched word `IMEI` highlighted, and its value glued to the next field
  (`IMEI:<15 digits>samsungSM-G530FZ 1.2en-GB2464`); above it a digest key `…DIGESTIMEI:` whose
  value runs on into more digits (19, no IMEI). Negatives: an edited digit, and the pane with
  the digest line only.
- firmware_fields: a firmware downloader's desktop window (Material, outlined fields with their
  labels floating on the outline): `Model`, `Region`, `Firmware`, and `IMEI/Serial` holding a
  list separated by `;` (`<15 digits>;3531`, the next entry cut off by the field's edge, or two
  whole IMEIs). Negatives: an edited digit, and the field holding a serial number.
- csv_editor: a CSV file open in a text editor (light and dark): a header `imei1,imei2,serialnumber`
  over one row per device, `<imei1>,<imei2>,<hex serial>`, no label beside any value. The commas
  glue a row's two numbers into one run of 30 glyphs unless a comma counts as a separator.
  Negative: `imsi,iccid,serialnumber` rows whose IMSIs pass the Luhn check.

- report_list: a forensic tool's HTML report (a dark left menu, a white pane of bold keys): the
  device's details, one per line, where the plural key `IMEIs:` lists both slots' values on its
  own line, as a Python list of dicts (`[{'second': '<15 digits>', 'first': '1:kOne'}, …]`), a
  JSON array or plain commas, among `Reported Phone Number:` and `Serial Number:`. Negatives:
  the list holding one value with an edited digit, and the same pane listing `IMSIs:` only.
- type_value: a decoder app's history (dark Material, English or Russian): each entry a record of
  `Type: IMEI` (`Тип: IMEI`), then `Value: <15 digits>` (`Значение:`), the decoded result and the
  time; an IMSI's record (its value passing the Luhn check) among them. The IMEI names the
  record's type, and the number stands under it after a key of its own. Negatives: a record
  whose value has an edited digit, and a history of IMSIs and serials only.

Writes NNNN_<layout>_<light|dark>_<variant>.png and truth.jsonl (file, imeis, template, dark,
variant, negative, note). Deterministic: each page draws from random.Random(SEED + index).
"""
import functools
import html as _html
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import camera  # noqa: E402
import degrade  # noqa: E402
import ids  # noqa: E402
import plan_runner  # noqa: E402
from PIL import Image  # noqa: E402
from render import render  # noqa: E402
from screens import FONT_ANDROID, android_status, page  # noqa: E402

E = _html.escape
SEED = 20261125
FONT_MONO = "'DejaVu Sans Mono', monospace"

# (layout, dark, variant): variant is what the page holds (`imei`, `tampered`, `none`).
PLAN = [
    ("form_fields", False, "imei"), ("form_fields", True, "imei"), ("form_fields", False, "imei"),
    ("form_fields", False, "tampered"), ("form_fields", False, "none"),
    ("kv_table", False, "imei"), ("kv_table", True, "imei"), ("kv_table", False, "none"),
    ("console", True, "imei"), ("console", False, "imei"), ("console", True, "tampered"),
    ("web_table", False, "imei"), ("web_table", False, "imei"), ("web_table", False, "tampered"),
    ("web_table", False, "none"),
    ("plist_dump", False, "imei"), ("plist_dump", True, "imei"), ("plist_dump", False, "tampered"),
    ("plist_dump", False, "none"),
    ("spreadsheet", False, "imei"), ("spreadsheet", False, "imei"), ("spreadsheet", False, "tampered"),
    ("spreadsheet", False, "none"), ("spreadsheet", False, "imei_photo"),
    ("device_list", True, "imei"), ("device_list", False, "imei"),
    ("module_info", False, "imei"), ("module_info", False, "imei"), ("module_info", False, "none"),
    ("at_chain", False, "imei"), ("at_log", False, "imei"), ("at_response", True, "imei"),
    ("at_log", False, "none"), ("at_chain", False, "tampered"),
    ("csv_editor", False, "imei"), ("csv_editor", True, "imei"), ("csv_editor", False, "none"),
    ("at_repl", True, "imei"), ("at_repl", False, "imei"), ("at_repl", True, "tampered"), ("at_repl", False, "none"),
    ("text_dump", False, "imei"), ("text_dump", False, "imei"), ("text_dump", False, "tampered"),
    ("text_dump", False, "none"),
    ("firmware_fields", True, "imei"), ("firmware_fields", False, "imei"), ("firmware_fields", True, "tampered"),
    ("firmware_fields", False, "none"),
    ("report_list", False, "imei"), ("report_list", False, "imei"), ("report_list", False, "imei"),
    ("report_list", False, "tampered"), ("report_list", False, "none"),
    ("type_value", True, "imei"), ("type_value", True, "imei"), ("type_value", False, "imei"),
    ("type_value", True, "tampered"), ("type_value", True, "none"),
]


def hexs(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def mac(rng):
    return ":".join(hexs(rng, 2) for _ in range(6))


def form_fields(rng, dark, imei):
    """A dozen rows: a light grey label on the left, the value on an underlined field."""
    w, h, dpr = 360, 640, 3
    bg, fg = ("#121212", "#EEEEEE") if dark else ("#FAFAFA", "#111111")
    label_colour = rng.choice(["#9E9E9E", "#A8A8A8", "#B0B0B0"]) if not dark else rng.choice(["#6E6E6E", "#757575"])
    bar = rng.choice(["#009688", "#2196F3", "#3F51B5"])
    imsi = "460" + rng.choice(["00", "01", "02"]) + "".join(rng.choice("0123456789") for _ in range(10))
    rows = ([("IMEI:", imei, "imei")] if imei else []) + [
        ("AndroidID:", hexs(rng, 16), None), ("Wifi Mac:", mac(rng), None), ("SerialNum:", hexs(rng, 12), None),
        ("Wifi SSID:", "TP-LINK_" + hexs(rng, 6).upper(), None), ("Phone Num:", "+86" + "".join(rng.choice("0123456789") for _ in range(11)), None),
        ("Net Type:", rng.choice(["WIFI", "4G"]), None), ("Wifi BSSID:", mac(rng), None), ("IMSI:", imsi, None)]
    html_rows = []
    for label, value, g in rows:
        gv = f' data-g="{g}"' if g else ""
        gr = f' data-g="{g}row"' if g else ""
        html_rows.append(
            f'<div{gr} style="display:flex;align-items:flex-end;padding:9px 18px 0 16px">'
            f'<div style="width:112px;font:400 13px {FONT_ANDROID};color:{label_colour};padding-bottom:6px">{E(label)}</div>'
            f'<div style="flex:1;border-bottom:1px solid {"#555" if dark else "#8a8a8a"};padding-bottom:4px;'
            f'font:400 18px {FONT_ANDROID};color:{fg}"><span{gv}>{E(value)}</span></div></div>')
    head = (f'<div style="height:56px;background:{bar};display:flex;align-items:center;justify-content:space-around;'
            f'font:500 15px {FONT_ANDROID};color:#fff"><span>☰</span><span>RANDOM ALL</span><span>SAVE</span></div>')
    body = f'{android_status(True, "10:24", 0.7, color="#fff") if rng.random() < 0.5 else ""}{head}{"".join(html_rows)}'
    return page(w, h, body, "", bg), (w, h, dpr)


def kv_table(rng, dark, imei):
    """An IoT web console's shadow: a two-column key–value table with mixed-case keys."""
    w, h, dpr = 900, 520, 1
    bg, fg, line = ("#1e1e1e", "#dddddd", "#3a3a3a") if dark else ("#ffffff", "#16191f", "#d5dbdb")
    iccid = ids.random_iccid(rng)
    pairs = [("Thing name", "tracker-" + hexs(rng, 6)), ("Fw_ver", f"{rng.randint(1, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 20)}")]
    if imei:
        pairs.append(("Imei", imei))
    pairs += [("Iccid", iccid), ("Imsi", "310" + "".join(rng.choice("0123456789") for _ in range(12))),
              ("Radio_sn", hexs(rng, 10).upper()), ("Rssi", str(-rng.randint(60, 100)))]
    row_tag, value_tag = ' data-g="imeirow"', ' data-g="imei"'
    cells = "".join(
        f'<tr{row_tag if k == "Imei" else ""}><td style="padding:8px 14px;border:1px solid {line};width:220px">{E(k)}</td>'
        f'<td style="padding:8px 14px;border:1px solid {line}"><span{value_tag if k == "Imei" else ""}>{E(v)}</span></td></tr>'
        for k, v in pairs)
    body = (f'<div style="padding:24px;font:400 15px Arial, sans-serif;color:{fg}">'
            f'<div style="font:700 20px Arial, sans-serif;margin-bottom:14px">Device shadow</div>'
            f'<table style="border-collapse:collapse;width:760px">{cells}</table></div>')
    return page(w, h, body, "", bg), (w, h, dpr)


def console(rng, dark, imei):
    """A serial monitor: the modem's ATI answer, then the IMEI line."""
    w, h, dpr = 820, 420, 1
    bg, fg = ("#0c0c0c", "#cccccc") if dark else ("#ffffff", "#222222")
    lines = ["AT", "OK", "ATI", "Quectel", f"EC{rng.choice(['21', '25', '200'])}", f"Revision: EC25EFAR06A{rng.randint(10, 99)}M4G", "",
             "OK", "AT+CGSN"]
    lines += [f"IMEI: {imei}" if imei else "ERROR", "OK", "AT+CSQ", f"+CSQ: {rng.randint(10, 31)},99", "OK"]
    row_tag = ' data-g="imeirow"'
    text = "".join(f'<div{row_tag if l.startswith("IMEI") else ""}>{E(l) or "&nbsp;"}</div>' for l in lines)
    text = text.replace(f"IMEI: {imei}", f'IMEI: <span data-g="imei">{imei}</span>') if imei else text
    body = f'<div style="padding:14px 18px;font:400 15px {FONT_MONO};color:{fg};line-height:1.45">{text}</div>'
    return page(w, h, body, "", bg), (w, h, dpr)


def web_table(rng, dark, imei):
    """A wide web tool: menu bar, form, and a result table under a white-on-colour header row."""
    w, h, dpr = rng.choice([1650, 1920]), 760, 1
    accent = rng.choice(["#79c043", "#5bc0de", "#f0ad4e", "#8bc34a"])  # light: white on it is faint in gray
    msisdn = "880" + "".join(rng.choice("0123456789") for _ in range(10))
    imsi = "470" + "".join(rng.choice("0123456789") for _ in range(12))
    menu = "".join(f'<span style="padding:12px 14px;{"background:" + accent if i == 2 else ""}">{E(t)}</span>'
                   for i, t in enumerate(["Home", "14 Column CDR", "MSISDN to IMEI" if imei else "MSISDN to IMSI",
                                          "IMEI to MSISDN", "LAC CELL CDR", "Retailer Location"]))
    columns = ["DATE_VALUE", "MSISDN", "IMEI", "IMSI"] if imei else ["DATE_VALUE", "MSISDN", "IMSI", "CELL_ID"]
    rows = []
    for day in range(rng.randint(1, 3)):
        date = f"{30 - day:02d}/06/2026"
        values = [date, msisdn, imei, imsi] if imei else [date, msisdn, imsi, str(rng.randint(10000, 99999))]
        rows.append("".join(
            f'<td style="padding:9px 10px;border-bottom:1px solid #ddd">'
            f'{"<span data-g=imei>" + v + "</span>" if v == imei and day == 0 else E(v)}</td>' for v in values))
    field = '<div style="height:32px;border:1px solid #ccc;border-radius:4px;margin:6px 0 14px;background:#fff"></div>'
    body = (f'<div style="font:400 13px \'DejaVu Sans Condensed\', Arial, sans-serif;color:#222;padding:14px 12px">'
            f'<div style="background:#2b2b2b;color:#fff;display:flex;border-radius:3px">{menu}</div>'
            f'<div style="font:700 30px Arial, sans-serif;margin:18px 10px">{"MSISDN to IMEI" if imei else "MSISDN to IMSI"}</div>'
            f'<div style="background:#fff;padding:16px 18px;border-radius:4px"><b>Enter MSISDN:</b>{field}'
            f'<b>Start Date:</b>{field}<span style="background:{accent};color:#fff;padding:8px 14px;border-radius:3px">Submit</span></div>'
            f'<table style="border-collapse:collapse;width:100%;margin-top:40px;background:#fff">'
            f'<tr style="background:{accent};color:#fff;font-weight:700">'
            + "".join(f'<td style="padding:10px;width:25%"{" data-g=imeirow" if c == "IMEI" else ""}>{c}</td>' for c in columns)
            + "</tr>" + "".join(f"<tr>{r}</tr>" for r in rows) + "</table></div>")
    return page(w, h, body, "", "#f2f2f2"), (w, h, dpr)


def plist_dump(rng, dark, imei):
    """A forensic text pane: an activation record's keys, the IMEI's spelled out (or the IMSI's)."""
    w, h, dpr = 1100, 520, 1
    bg, fg = ("#1e1e1e", "#d4d4d4") if dark else ("#ffffff", "#1a1a1a")
    imsi = "310" + "".join(rng.choice("0123456789") for _ in range(12))
    b64 = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(60))
    key = ('"InternationalMobileEquipmentIdentity" = "' + imei + '";') if imei else \
          ('"InternationalMobileSubscriberIdentity" = "' + imsi + '";')
    lines = [b64, b64[::-1], "-----END CERTIFICATE-----", "    " + key,
             '    "ActivityURL" = "https://albert.apple.com/deviceservices/activity";',
             f'    "ActivationRandomness" = "{hexs(rng, 8).upper()}-{hexs(rng, 4).upper()}-{hexs(rng, 4).upper()}-{hexs(rng, 12).upper()}";',
             f'    "UniqueDeviceID" = "{hexs(rng, 40)}";',
             f'    "WildcardTicket" = "{hexs(rng, 64)}";']
    text = "".join(f'<div{" data-g=imeirow" if l.strip() == key else ""}>{E(l)}</div>' for l in lines)
    body = (f'<div style="padding:12px 16px;font:400 14px {FONT_MONO};color:{fg};line-height:1.5;'
            f'white-space:pre">{text}</div>')
    return page(w, h, body, "", bg), (w, h, dpr)


def spreadsheet(rng, dark, imei):
    """A spreadsheet of devices: `imei1`, `imei2`, `serialnumber` columns under lower-case headings.

    Returns the page and the further IMEIs it shows (other devices' and second slots')."""
    w, h, dpr = 720, 400, 1
    grid, head = "#d4d4d4", "#f3f3f3"
    more, rows = [], []
    valid = bool(imei) and ids.luhn_ok(imei)  # a tampered IMEI stands alone on its sheet
    for d in range(rng.randint(2, 3) if valid else 1):
        first = imei if d == 0 else ids.random_imei(rng, rng.choice(["samsung", "xiaomi", "any"]))
        second = ids.sibling_imei(rng, first) if valid and rng.random() < 0.5 else ""
        more += ([first] if d else []) + ([second] if second else [])
        serial = rng.choice("RSCF") + hexs(rng, 9).upper() if rng.random() < 0.7 else ""
        rows.append([first or "", second, serial])
    if not imei:
        rows = [["310" + "".join(rng.choice("0123456789") for _ in range(12)), ids.random_iccid(rng), hexs(rng, 8)]
                for _ in range(rng.randint(2, 3))]
    headings = ["imei1", "imei2", "serialnumber"] if imei else ["imsi", "iccid", "serialnumber"]
    cell = f"border:1px solid {grid};padding:4px 6px;height:24px"
    top = "".join(f'<td style="{cell};background:{head};text-align:center;color:#555">{c}</td>' for c in "ABC")
    lines = [f'<tr><td style="{cell};background:{head};width:28px"></td>{top}</tr>',
             f'<tr><td style="{cell};background:{head};text-align:center;color:#555">1</td>'
             + "".join(f'<td style="{cell}">{c}</td>' for c in headings) + "</tr>"]
    for n, row in enumerate(rows + [["", "", ""]] * 3, start=2):
        lines.append(f'<tr><td style="{cell};background:{head};text-align:center;color:#555">{n}</td>'
                     + "".join(f'<td style="{cell};text-align:{"left" if i == 2 else "right"}">'
                               f'{"<span data-g=imei>" + v + "</span>" if v and v == imei else E(v)}</td>'
                               for i, v in enumerate(row)) + "</tr>")
    body = (f'<div style="font:400 17px \'DejaVu Sans\', Arial, sans-serif;color:#111;padding:0">'
            f'<div style="background:#fbf1d0;padding:10px 14px;font-size:15px">'
            f'<span style="font-size:26px;color:#8a7a55;vertical-align:middle">&#x2297;</span> <b>Possible Data Loss</b> '
            f'Some features might be lost if you save this workbook in the comma-delimited format</div>'
            f'<div style="padding:6px 10px;border-bottom:1px solid {grid};color:#999;font-size:26px">'
            f'<span style="border:1px solid #ccc;padding:0 30px 0 6px;color:#111;font-size:17px">C{rng.randint(5, 20)}</span>'
            f' &#x25B4;&#x25BE; &nbsp; &#x2715; &nbsp; &#x2713; &nbsp; <i>fx</i></div>'
            f'<table style="border-collapse:collapse;width:100%">{"".join(lines)}</table></div>')
    return page(w, h, body, "", "#ffffff"), (w, h, dpr), more


def luhn_imsi(rng):
    """A US IMSI (15 digits) that passes the Luhn check, as one in ten does: a trap beside IMEIs."""
    while True:
        imsi = "310" + "".join(rng.choice("0123456789") for _ in range(12))
        if ids.luhn_ok(imsi):
            return imsi


def device_list(rng, dark, imei):
    """A device simulator's table: numbered rows of model, IMEI, IMSI, region, phone and IP,
    every column's values left-aligned under its heading, so that an IMSI value may start a
    pixel left of its own heading; a few IMSIs pass the Luhn check.

    Returns the page and the further IMEIs it shows (the other rows')."""
    w, h, dpr = 1500, 640, 1
    bg, fg, line, head = ("#0e1117", "#fafafa", "#31333f", "#a3a8b8") if dark else ("#ffffff", "#262730", "#e6e6e6", "#6b6f7b")
    n = rng.randint(6, 9)
    imeis = [imei] + [ids.random_imei(rng, rng.choice(["samsung", "xiaomi", "any"])) for _ in range(n - 1)]
    traps = set(rng.sample(range(n), 2))
    columns = ["No", "Model", "IMEI", "IMSI", "Region", "Carrier", "Phone", "IP address"]
    cell = f"padding:9px 10px;border-bottom:1px solid {line};text-align:left"
    rows = []
    for k, im in enumerate(imeis):
        imsi = luhn_imsi(rng) if k in traps else "310" + "".join(rng.choice("0123456789") for _ in range(12))
        values = [str(k + 1), rng.choice(["Samsung", "Xiaomi", "Pixel"]), im, imsi, "USA", rng.choice(["T-Mobile", "AT&T"]),
                  "+1" + "".join(rng.choice("0123456789") for _ in range(10)), ".".join(str(rng.randint(1, 254)) for _ in range(4))]
        rows.append("<tr>" + "".join(f'<td style="{cell}">{"<span data-g=imei>" + v + "</span>" if k == 0 and v == imei else E(v)}</td>'
                                     for v in values) + "</tr>")
    header = "<tr>" + "".join(f'<td style="{cell};color:{head}"{" data-g=imeirow" if c == "IMEI" else ""}>{c}</td>' for c in columns) + "</tr>"
    body = (f'<div style="font:400 15px \'DejaVu Sans\', Arial, sans-serif;color:{fg};padding:24px 40px">'
            f'<div style="font:700 30px Arial, sans-serif;margin:6px 0 22px">Device list ({n} rows)</div>'
            f'<table style="border-collapse:collapse;border:1px solid {line};width:100%">{header}{"".join(rows)}</table></div>')
    return page(w, h, body, "", bg), (w, h, dpr), imeis[1:]


def module_info(rng, dark, imei):
    """A serial console's capture of a modem module's info printout, drawn without anti-aliasing
    in a thin typewriter font (FreeMono, as Courier: 1-pixel strokes) on a small white window:
    `IMEI: <15 digits>` among the module's and the SIM's lines (`IMSI:`, `ICCID:`). None: the IMEI
    line reads `IMEI: ERROR`. Drawn with Pillow, as the browser smooths every glyph."""
    from PIL import ImageDraw, ImageFont
    w, h = rng.choice([(467, 549), (520, 600)])
    imsi = rng.choice(["222", "310", "460"]) + "".join(rng.choice("0123456789") for _ in range(12))
    rule = "=" * rng.randint(18, 24)
    lines = [f"Starting. This is v1.1.{rng.randint(2, 9)} built on Mar 31 2021 09:56:03. LEVEL: 2", "",
             " Start General INFO application [ version: 1.000000 ]", "", rule, "",
             f"MODULE ME910C1-{rng.choice(['E2', 'WW', 'NA'])} INFO", "", rule, "", "MANUFACTURER: Telit", "",
             f"IMEI: {imei}" if imei else "IMEI: ERROR", "", f"MODEM FIRMWARE VERSION: M0B.7000{rng.randint(10, 99)}", "",
             "PACKAGE VERSION:", f"30.00.70{rng.randint(1, 9)}-B005-P0B.700100", "", "========", "", "SIM INFO", "",
             "========", "", f"IMSI: {imsi}", "", f"ICCID: {ids.random_iccid(rng)}", "", rule, "", "Waiting for registration..."]
    size = 12
    font = ImageFont.truetype("/usr/share/fonts/truetype/freefont/FreeMono.ttf", size)
    img = Image.new("RGB", (w, h), "white")
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"  # no anti-aliasing: a console capture's bitmap glyphs
    draw.rectangle([2, 2, w - 3, h - 3], outline=(150, 150, 150))
    for k, text in enumerate(lines):
        draw.text((6, 6 + k * (size + 2)), text, font=font, fill="black")
    return img, (w, h, 1)


def at_terminal(style, rng, dark, imei):
    """A serial terminal's AT session with a modem (``style``: `chain`, `log`, `response`); the
    IMEI, when shown, answers the `AT+CGSN` command; `None`: that command answers `ERROR`."""
    imsi = luhn_imsi(rng)
    answer = imei or "ERROR"
    tagged = f'<span data-g="imei">{imei}</span>' if imei else "ERROR"
    if style == "chain":
        w, h, dpr = 960, 450, 1
        clock = [rng.randint(8, 20), rng.randint(0, 59), rng.randint(0, 59)]
        stamp = "{:02d}:{:02d}:{:02d}.{:03d} -&gt; ".format(*clock, rng.randint(0, 999))
        said = ["AT+CIMI;+CGSN", imsi, "", tagged if imei else answer, "", "OK" if imei else ""]
        rows = "".join(f'<div{" data-g=imeirow" if t == tagged and imei else ""}>{stamp}{t if t == tagged else E(t)}</div>' for t in said)
        body = (f'<div style="background:#ececec;height:34px;text-align:center;font:400 15px Arial, sans-serif;line-height:34px;color:#444">'
                f'/dev/cu.usbmodem{rng.randint(1000, 9999)}01</div>'
                f'<div style="margin:8px 10px;border:1px solid #9ab;padding:4px 6px;font:400 15px {FONT_MONO}">AT+CIMI;+CGSN</div>'
                f'<div style="margin:6px 10px;padding:6px;border:1px solid #bbb;height:300px;font:700 16px {FONT_MONO};'
                f'letter-spacing:-1.6px;line-height:1.6;color:#111">{rows}</div>')
        return page(w, h, body, "", "#ffffff"), (w, h, dpr)
    if style == "log":
        w, h, dpr = 820, 620, 1
        day = f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        t = [rng.randint(9, 18), rng.randint(0, 50), rng.randint(0, 50)]

        def stamp():
            t[2] += rng.randint(1, 5)
            return f"[{day} {t[0]:02d}:{t[1]:02d}:{min(t[2], 59):02d}.{rng.randint(0, 999):03d}]"
        session = [("AT+CPIN?", "+CPIN: READY"), ("AT+CIMI", imsi), ("AT+CGSN", answer),
                   ("AT+ICCID", f"+ICCID: {ids.random_iccid(rng)}"), ("AT+CSQ", f"+CSQ: {rng.randint(10, 31)},0")]
        rows = []
        for command, reply in session:
            s1 = stamp()
            rows += [f"{s1} {E(command)}", s1, f"{s1} {tagged if reply == answer and imei else E(reply)}", s1]
            if reply != "ERROR":
                rows.append(f"{s1} OK")
        body = (f'<div style="padding:10px 12px;font:400 14px \'DejaVu Sans\', Arial, sans-serif;color:#111;line-height:1.55">'
                + "".join(f"<div>{r}</div>" for r in rows) + "</div>")
        return page(w, h, body, "", "#ffffff"), (w, h, dpr)
    w, h, dpr = 760, 420, 1
    said = ["AT+CFUN?", "+CFUN: 1", "OK", "AT+CGSN=1", f'+CGSN: "{tagged}"' if imei else "ERROR", "OK",
            "AT+CGMI", rng.choice(["Nordic Semiconductor ASA", "Quectel", "SIMCOM INCORPORATED"]), "OK", "AT+CGMR",
            f"mfw_nrf9160_1.{rng.randint(0, 3)}.{rng.randint(0, 9)}", "OK"]
    rows = "".join(f'<div style="color:{"#f0b400" if l.startswith("AT") else "#e8e8e8"}">{l if "data-g" in l else E(l)}</div>' for l in said)
    body = f'<div style="padding:16px 20px;font:700 14px {FONT_MONO};line-height:1.7">{rows}</div>'
    return page(w, h, body, "", "#050505"), (w, h, dpr)


def at_repl(rng, dark, imei):
    """A Python console sending AT commands to a modem: MicroPython's REPL (dark) or pyserial's
    (light); the answers printed as string literals with escaped line breaks."""
    imsi = luhn_imsi(rng)
    tagged = f'<span data-g="imei">{imei}</span>' if imei else "ERROR"
    crlf = E("\\r\\n")
    if dark:
        w, h = 900, 430
        said = [E(">>> from network import LTE"), E(">>> lte = LTE()"), E(">>> lte.send_at_cmd('AT+CIMI')"),
                E("'") + crlf + imsi + crlf + crlf + "OK" + crlf + E("'"), E(">>> lte.send_at_cmd('AT+CGSN')"),
                E("'") + crlf + tagged + crlf + (crlf + "OK" + crlf if imei else "") + E("'"), E(">>> ")]
        head = (f'<div style="height:34px;background:#252526;color:#bbb;font:400 13px Arial, sans-serif;line-height:34px;'
                f'padding-left:14px">TERMINAL&nbsp;&nbsp;&nbsp; 1: Pycom Console</div>')
        fg, bg = "#cccccc", "#1e1e1e"
    else:
        w, h = 860, 360
        said = [E(">>> import serial"), E(f">>> ser = serial.Serial('/dev/ttyUSB{rng.randint(0, 3)}', 115200, timeout=1)"),
                E(">>> ser.write(b'AT+CGSN") + crlf + E("')"), "9", E(">>> ser.read(64)"),
                E("b'AT+CGSN\\r") + crlf + tagged + crlf + (crlf + "OK" + crlf if imei else "") + E("'"), E(">>> ")]
        head = ""
        fg, bg = "#111111", "#ffffff"
    rows = "".join(f"<div>{r}</div>" for r in said)
    body = f'{head}<div style="padding:12px 16px;font:400 {rng.choice([15, 16])}px {FONT_MONO};color:{fg};line-height:1.6">{rows}</div>'
    return page(w, h, body, "", bg), (w, h, 1)


def text_dump(rng, dark, imei):
    """A forensic tool's indexed-text pane: strings run together, the searched `IMEI` highlighted,
    its value glued to the next field; a digest key whose value runs on into more digits."""
    w, h, dpr = 980, 330, 1
    brand, model = rng.choice([("samsung", "SM-G530FZ"), ("xiaomi", "M2003J15SC"), ("huawei", "ELE-L29")])
    firmware = f"G{rng.randint(100, 999)}FZXXS1B{rng.choice('PQR')}K1"
    digest = (imei or ids.random_imei(rng, "samsung")) + str(rng.randint(1000, 9999)) + hexs(rng, 6)
    mark = '<span style="background:#ffef00;text-decoration:underline">IMEI</span>'
    value = f'<span data-g="imei">{imei}</span>' if imei else ""
    lines = [f"cfg{hexs(rng, 10)}Fumo-Serverdata/{firmware}/{firmware}{rng.randint(100, 999)}mURI443",
             f"00{rng.randint(1, 9)}CLCREDDIGEST{mark}:{digest}",
             f"auth-md5{hexs(rng, 12)}==https://dms.ospserver.net/v1/device/magicsync/mdm/{firmware}false",
             f"eSaWorkId={rng.randint(1000000, 9999999)}-WCA{rng.randint(10**13, 10**14 - 1)}apkgID=FW-{rng.randint(10**7, 10**8 - 1)}"]
    if imei:
        lines.insert(2, f"{hexs(rng, 14)}Nl {mark}:{value}{brand}{model} 1.2en-GB{rng.randint(1000, 9999)}")
    rows = "".join(f"<div>{r}</div>" for r in lines)
    body = (f'<div style="height:30px;background:#f0f0f0;border-bottom:1px solid #ccc;font:400 12px Arial, sans-serif;'
            f'color:#222;line-height:30px;padding:0 10px">Page: 1 of 1 &nbsp; Matches on page: 1 of 1 &nbsp; 100% &nbsp;'
            f' Reset &nbsp;&nbsp;&nbsp; Text Source: Search Results</div>'
            f'<div style="padding:10px;font:400 {rng.choice([12, 13])}px {FONT_MONO};color:#111;line-height:1.45">{rows}</div>')
    return page(w, h, body, "", "#ffffff"), (w, h, dpr)


def firmware_fields(rng, dark, imei):
    """A firmware downloader's outlined fields; `IMEI/Serial` holds a `;`-separated list (light:
    two whole IMEIs; dark: the second cut off by the field's edge). Returns the page and the
    further IMEIs it shows."""
    w, h, dpr = 760, 520, 1
    bg, fg, outline, muted = ("#1b1b1f", "#e4e1e6", "#8f9099", "#c5c6d0") if dark else ("#fefbff", "#1b1b1f", "#74777f", "#44474f")
    model = rng.choice(["SM-S918U1", "SM-G991B", "SM-A546E"])
    region = rng.choice(["TMB", "XAA", "EUX", "INS"])
    fw = f"{model[3:]}UES2BWL9/{model[3:]}OYM2BWL9/{model[3:]}UES2BWL9"
    more = []
    if imei and not dark:
        more = [ids.sibling_imei(rng, imei)]
        listed = f'<span data-g="imei">{imei}</span>;{more[0]}'
    elif imei:
        listed = f'<span data-g="imei">{imei}</span>;{imei[:4]}'
    else:
        listed = f"R5C{hexs(rng, 8).upper()}"

    def field(label, value, width):
        return (f'<div style="position:relative;width:{width}px;height:56px;border:1px solid {outline};border-radius:4px;'
                f'margin:14px 12px 0 0;display:inline-block;vertical-align:top">'
                f'<div style="position:absolute;left:10px;top:-9px;padding:0 4px;background:{bg};font:400 12px Roboto, Arial, sans-serif;'
                f'color:{muted}">{E(label)}</div>'
                f'<div style="padding:17px 14px;font:400 16px Roboto, Arial, sans-serif;color:{fg};white-space:nowrap;overflow:hidden">'
                f'{value}</div></div>')
    body = (f'<div style="padding:18px 22px">'
            f'<div>{field("Model (e.g. SM-N986U1)", E(model), 250)}{field("Region (e.g. XAA)", E(region), 170)}</div>'
            f'<div>{field("Firmware", E(fw), 430)}{field("IMEI/Serial", listed, 210 if dark else 380)}</div>'
            f'<div style="margin-top:26px;font:500 15px Roboto, Arial, sans-serif;color:{fg}">OS Version: {rng.randint(12, 14)}</div>'
            f'<div style="margin-top:10px;font:400 14px Roboto, Arial, sans-serif;color:{muted}">Release: 2024-01-12 · '
            f'Security: 2024-01-01</div></div>')
    return page(w, h, body, "", bg), (w, h, dpr), more


def csv_editor(rng, dark, imei):
    """A CSV file in a text editor: `imei1,imei2,serialnumber` over a row per device (None: an
    `imsi,iccid,serialnumber` file whose IMSIs pass the Luhn check). Returns the page and the
    further IMEIs it shows."""
    w, h, dpr = 620, 260, 1
    bg, fg, bar = ("#1e1e1e", "#d4d4d4", "#323233") if dark else ("#ffffff", "#111111", "#e8e8e8")
    n = rng.randint(3, 5)
    if imei:
        firsts = [imei] + [ids.random_imei(rng, rng.choice(["samsung", "xiaomi", "any"])) for _ in range(n - 1)]
        seconds = [ids.random_imei(rng, rng.choice(["samsung", "xiaomi", "any"])) for _ in range(n)]
        rows = ["imei1,imei2,serialnumber"] + [f"{a},{b},{hexs(rng, rng.randint(6, 7))}" for a, b in zip(firsts, seconds)]
        more = firsts[1:] + seconds
    else:
        rows = ["imsi,iccid,serialnumber"] + [f"{luhn_imsi(rng)},{ids.random_iccid(rng)},{hexs(rng, 7)}" for _ in range(n)]
        more = []
    text = "".join(f"<div>{E(r)}</div>" for r in rows)
    if imei:
        text = text.replace(imei, f'<span data-g="imei">{imei}</span>', 1)
    body = (f'<div style="height:30px;background:{bar};font:400 14px Arial, sans-serif;color:#777;line-height:30px;'
            f'text-align:center">{rng.choice(["devices.csv", "imei_list.csv", "export.csv"])}</div>'
            f'<div style="padding:6px 8px;font:400 {rng.choice([18, 20])}px {FONT_MONO};color:{fg};line-height:1.3">{text}</div>')
    return page(w, h, body, "", bg), (w, h, dpr), more


def report_list(rng, dark, imei):
    """A forensic report's device details: bold keys, the plural `IMEIs:` listing both slots'
    values on one line (one value when it is edited; `IMSIs:` when there is no IMEI). Returns the
    page and the further IMEIs it shows."""
    w, h, dpr = rng.choice([1175, 1280]), 300, 1
    more = []
    if imei and rng.random() < 0.8 and not imei_is_edited(imei):
        more = [ids.sibling_imei(rng, imei)]
    values = ([imei] + more) if imei else [luhn_imsi(rng)]
    style = rng.choice(["dicts", "json", "plain"])
    tag = lambda v: f'<span data-g="imei">{v}</span>' if imei and v == imei else E(v)
    if style == "dicts":
        listed = "[" + ", ".join(f"{{'second': '{tag(v)}', 'first': '{k + 1}:k{['One', 'Two'][k]}'}}"
                                 for k, v in enumerate(values)) + "]"
    elif style == "json":
        listed = "[" + ", ".join(f'"{tag(v)}"' for v in values) + "]"
    else:
        listed = ", ".join(tag(v) for v in values)
    key = "IMEIs" if imei else "IMSIs"
    src = '<i style="font-weight:400">(Source: {})</i>'
    rows = [("iPhone OS", "", "systemVersionPlist"), (f"{key}:", listed, "deviceDatam"),
            ("Reported Phone Number:", "1" + "".join(rng.choice("0123456789") for _ in range(10)), "deviceDatam"),
            ("Device Name:", "iPhone", "deviceName"), ("Model:", rng.choice(["D28AP", "D16AP", "D79AP"]), "preferencesPlist"),
            ("Serial Number:", "F" + hexs(rng, 9).upper(), "serialNumber"),
            ("Last Bootstrap Date:", f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} 19:41:11", "timezoneInfo")]
    lines = "".join(
        f'<div style="margin:3px 0"><b>{E(k)}</b> {v if k == f"{key}:" else E(v)} {src.format(s)}</div>' for k, v, s in rows)
    nav = "".join(f'<div style="padding:8px 0;color:{c}">{E(t)}</div>' for t, c in
                  [("SAVED REPORTS", "#777"), ("Report Home", "#1a73e8"), ("ACCOUNTS", "#777"),
                   ("Account Configuration", "#333"), ("Account Data", "#333")])
    body = (f'<div style="height:40px;background:#333;color:#fff;font:400 18px Roboto, Arial, sans-serif;padding:9px 14px">'
            f'iLEAPP 2.0.4</div><div style="display:flex">'
            f'<div style="width:310px;height:260px;background:#e9e9e9;padding:18px;font:400 14px Roboto, Arial, sans-serif">{nav}</div>'
            f'<div style="padding:14px 0 0 60px;font:400 14.5px Roboto, Arial, sans-serif;color:#111;white-space:nowrap">{lines}</div></div>')
    return page(w, h, body, "", "#ffffff"), (w, h, dpr), more


TYPE_VALUE_WORDS = {"en": ("History", "Type", "Value", "Result", "Time"),
                    "ru": ("История", "Тип", "Значение", "Результат", "Время")}


def type_value(rng, dark, imei):
    """A decoder app's history of records: `Type: IMEI`, then `Value: <15 digits>` under it,
    the decoded result and the time; an IMSI's record among them. Returns the page and the
    further IMEIs it shows."""
    w, h, dpr = 360, 640, 3
    bg, fg, card = ("#141218", "#E6E0E9", "#211F26") if dark else ("#FEF7FF", "#1D1B20", "#F3EDF7")
    title, t_key, v_key, r_key, time_key = TYPE_VALUE_WORDS[rng.choice(["en", "ru"])]
    records, more = [], []
    if imei:
        records.append(("IMEI", imei))
        if not imei_is_edited(imei):
            second = ids.random_imei(rng, rng.choice(["samsung", "xiaomi", "any"]))
            records.append(("IMEI", second))
            more.append(second)
    else:
        records.append(("Serial", "R5C" + hexs(rng, 8).upper()))
    records.insert(rng.randint(0, len(records)), ("IMSI", luhn_imsi(rng)))

    def record(kind, value):
        g = ' data-g="imei"' if imei and value == imei else ""
        result = (f"TAC(tac={value[:8]}, brand={rng.choice(['Nokia', 'Sony Corporation', 'Samsung'])})" if kind == "IMEI"
                  else f"MCCMNC(mcc={value[:3]}, mnc={int(value[3:5])})" if kind == "IMSI" else "—")
        return (f'<div style="background:{card};border-radius:12px;margin:8px 10px;padding:10px 14px;'
                f'font:400 14px {FONT_ANDROID};color:{fg};line-height:1.55">'
                f'<div>{E(t_key)}: {E(kind)}</div><div>{E(v_key)}: <span{g}>{E(value)}</span></div>'
                f'<div>{E(r_key)}: {E(result)}</div><div>{E(time_key)}: May {rng.randint(1, 28)}, 2025 19:{rng.randint(10, 59)}:{rng.randint(10, 59)}</div></div>')
    head = f'<div style="padding:16px 18px;font:400 22px {FONT_ANDROID};color:{fg}">{E(title)}</div>'
    body = f'{android_status(dark, "19:40", 0.6)}{head}{"".join(record(k, v) for k, v in records)}'
    return page(w, h, body, "", bg), (w, h, dpr), more


def imei_is_edited(value):
    """Whether `value` fails the Luhn check (a tampered page's edited IMEI)."""
    return not ids.luhn_ok(value)


BUILDERS = {"form_fields": form_fields, "kv_table": kv_table, "console": console, "web_table": web_table,
            "plist_dump": plist_dump, "spreadsheet": spreadsheet, "device_list": device_list, "module_info": module_info,
            "at_chain": functools.partial(at_terminal, "chain"), "at_log": functools.partial(at_terminal, "log"),
            "at_response": functools.partial(at_terminal, "response"), "csv_editor": csv_editor,
            "at_repl": at_repl, "text_dump": text_dump, "firmware_fields": firmware_fields,
            "report_list": report_list, "type_value": type_value}


def tampered(rng, imei):
    i = rng.randrange(15)
    return imei[:i] + str((int(imei[i]) + rng.randint(1, 9)) % 10) + imei[i + 1:]


def photographed(screen, rng):
    """`screen` on a laptop's dark bezel, photographed at a mild angle (camera.py)."""
    w, h = screen.size
    pad = int(0.03 * w)
    body = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (20, 20, 22, 255))
    body.paste(screen.convert("RGB"), (pad, pad))
    for _ in range(30):
        res = camera.shoot(rng, body, (pad, pad), W=1600, Hh=1200, angle=rng.uniform(8, 14), fill=rng.uniform(0.7, 0.8),
                           moire=0.25, blur=1.0, noise=3.0, key_rects=[(0, 0, w, h)], screen_size=(w, h))
        if res is not None:
            return res[0]
    raise RuntimeError("could not frame the screen")


def make_one(idx, spec, out, tmp):
    layout, dark, variant = spec
    rng = random.Random(SEED + idx)
    good = ids.random_imei(rng, rng.choice(["samsung", "xiaomi", "china", "any"]))
    photo = variant.endswith("_photo")
    shown = {"imei": good, "tampered": tampered(rng, good), "none": None}[variant.removesuffix("_photo")]
    html, size, *more = BUILDERS[layout](rng, dark, shown)
    if isinstance(html, Image.Image):  # drawn directly
        img = html
    else:
        img, _ = render(html, size[:2] + (2,) if photo else size, os.path.join(tmp, f"l{idx}"))
    name = f"{idx:04d}_{layout}_{'dark' if dark else 'light'}_{variant}.{'jpg' if photo else 'png'}"
    if photo:
        degrade.save_jpeg(photographed(img, random.Random(SEED * 31 + idx)), os.path.join(out, name), 85)
    else:
        img.save(os.path.join(out, name), compress_level=9)
    shutil.rmtree(os.path.join(tmp, f"l{idx}"), ignore_errors=True)
    shows = variant.removesuffix("_photo") == "imei"
    truth = {"file": name, "imeis": [good] + (more[0] if more else []) if shows else [], "template": layout, "dark": dark,
             "variant": variant, "negative": not shows}
    if variant == "tampered":
        truth["shown_invalid"] = [shown]
    return truth


def make_entry(idx, spec, out, tmp):
    return [make_one(idx, spec, out, tmp)]


def main():
    plan_runner.run(PLAN, make_entry, __doc__, "make-layouts-")


if __name__ == "__main__":
    main()
