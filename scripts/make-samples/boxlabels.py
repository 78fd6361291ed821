"""Retail-box labels (and two look-alikes without an IMEI) as HTML.

Units: 1 CSS px = 0.25 mm, rendered at device scale 3 (12 px/mm, about 300 dpi) for the clean
PNG and at 6 for 12-megapixel photos. Barcode modules are 2/3 or 1 CSS px (0.17 or 0.25 mm),
whole device pixels at both scales, so the clean render is a crisp, decodable print.

build_label(rng, brand, ...) returns (html, size, info) where info lists every printed
identifier and every barcode in document order (geometry key "bar", one rect per barcode).
"""
import html as _html

import ids
from barcodes import svg_code128, svg_ean13
from screens import page

E = _html.escape
MM = 4  # CSS px per millimetre
FONTS = {"apple": "'Inter', sans-serif", "samsung": "'Roboto', sans-serif", "xiaomi": "'Roboto', sans-serif",
         "huawei": "'DejaVu Sans', sans-serif", "nokia": "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif",
         "google": "'Roboto', sans-serif", "accessory": "'Roboto', sans-serif", "order": "'DejaVu Sans', sans-serif"}

MODELS = {
    "apple": [("iPhone 15 Pro", "A3102", "MTUX3ZD/A", "128GB", "Natural Titanium"), ("iPhone 14", "A2882", "MPVN3QN/A", "256GB", "Blue"),
              ("iPhone 13", "A2633", "MLPF3ZD/A", "128GB", "Midnight"), ("iPhone SE", "A2783", "MMXG3ZD/A", "64GB", "Starlight")],
    "samsung": [("Galaxy S24", "SM-S921B/DS", "8GB/256GB", "Onyx Black"), ("Galaxy A54 5G", "SM-A546B/DS", "8GB/128GB", "Awesome Lime"),
                ("Galaxy A14", "SM-A145R/DSN", "4GB/64GB", "Black"), ("Galaxy Z Flip5", "SM-F731B", "8GB/256GB", "Mint")],
    "xiaomi": [("Redmi Note 13 Pro 5G", "23117RA68G", "8GB+256GB", "Midnight Black"), ("Xiaomi 13T", "2306EPN60G", "12GB+256GB", "Black"),
               ("POCO X6 Pro", "23122PCD1G", "12GB+512GB", "Yellow"), ("Redmi 12C", "22120RN86G", "4GB+128GB", "Graphite Gray")],
    "huawei": [("HUAWEI nova 11", "FOA-LX9", "8GB+256GB", "Black"), ("HUAWEI P60 Pro", "MNA-LX9", "8GB+256GB", "Rococo Pearl"),
               ("HUAWEI Y9a", "FRL-L22", "8GB+128GB", "Space Silver")],
    "nokia": [("Nokia 105 (2023)", "TA-1557 DS", "Charcoal"), ("Nokia 110 4G", "TA-1543 DS", "Blue"), ("Nokia 3310", "TA-1030 DS", "Warm Red")],
    "google": [("Pixel 8", "GKWS6", "128GB", "Obsidian"), ("Pixel 7a", "G82U8", "128GB", "Sea")],
}


def code128(value, module, height, quiet=10, paper="#fff"):
    return svg_code128(value, module, height, "#000", paper, quiet=quiet)


def field_html(f, mode, font, fs, module, bh, paper="#fff"):
    """One identifier: its text line and its barcode, under or beside it (or barcode first, text under)."""
    lab, shown, bar, key = f["label"], f["shown"], f["bar"], f["key"]
    g = ' data-g="imei"' if key == "imei" else (f' data-g="{key}"' if key in ("serial", "eid", "meid") else "")
    text = (f'<div data-g="{key}row" style="font:500 {fs}px {font};white-space:nowrap;line-height:1.15">{E(lab)}'
            f'{"" if lab.endswith(":") or not lab else ""} <span{g}>{E(shown)}</span></div>')
    if not bar:
        return f'<div style="margin:{1.2 * MM}px 0">{text}</div>'
    bc = f'<div data-g="bar" style="display:inline-block">{code128(bar, module, bh, paper=paper)}</div>'
    if mode == "beside":
        return (f'<div style="display:flex;align-items:center;gap:{1.5 * MM}px;margin:{1.0 * MM}px 0">'
                f'<div style="width:{f.get("textw", 58) * MM}px">{text}</div>{bc}</div>')
    if mode == "hri":
        return f'<div style="margin:{1.0 * MM}px 0">{bc}<div style="margin-top:2px">{text}</div></div>'
    return f'<div style="margin:{1.0 * MM}px 0">{text}<div style="margin-top:3px">{bc}</div></div>'


def grouped(imei):
    return f"{imei[:2]} {imei[2:8]} {imei[8:14]} {imei[14]}"


def build_label(rng, brand, n_imei=2, eid=False, meid=False, columns=None, mode=None, order=None, module=None, fs=None):
    """A retail-box label. Returns (html, (w, h, 3), info)."""
    font = FONTS[brand]
    paper = rng.choice(["#FFFFFF", "#FBFBF7", "#F7F7F2"])
    vendor = {"apple": "apple", "samsung": "samsung", "xiaomi": "xiaomi", "huawei": "china", "nokia": "any", "google": "google"}[brand]
    im = ids.random_imei(rng, vendor)
    imeis = [im, ids.sibling_imei(rng, im)][:n_imei]
    module = module or rng.choice([2 / 3, 1.0])
    bh = rng.choice([5, 6, 7, 8]) * MM
    fs = (fs or rng.choice([2.2, 2.4, 2.6])) * MM
    fields, head, extra_bars = [], [], []
    serial = eid_v = meid_v = None
    if brand == "apple":
        name, model, part, cap, color = rng.choice(MODELS[brand])
        serial = ids.apple_serial(rng)
        head = [f'<div style="font:600 {3.4 * MM}px {font}">{E(name)}</div>',
                f'<div style="font:400 {2.4 * MM}px {font}">{cap}  {E(color)}   Model {model}</div>']
        lab = ["IMEI/MEID", "IMEI2"] if rng.random() < 0.7 else ["IMEI", "IMEI2"]
        if n_imei == 1:
            lab = ["IMEI/MEID"]
        g = rng.random() < 0.5
        fields.append(dict(key="serial", label="(S) Serial No.", shown=serial, bar=serial))
        fields.append(dict(key="part", label="(1P) Part No.", shown=part, bar=part))
        for L_, v in zip(lab, imeis):
            fields.append(dict(key="imei", label=L_, shown=grouped(v) if g else v, bar=v, value=v))
        if eid:
            eid_v = ids.random_eid(rng)
            fields.append(dict(key="eid", label="EID", shown=eid_v, bar=eid_v))
        columns = columns or 1
        mode = mode or rng.choice(["under", "beside"])
        ean = ids.ean13(rng, "0194")
    elif brand == "samsung":
        name, model, mem, color = rng.choice(MODELS[brand])
        serial = ids.samsung_serial(rng)
        head = [f'<div style="font:700 {3.6 * MM}px {font};letter-spacing:{0.6 * MM}px">SAMSUNG</div>',
                f'<div style="font:500 {2.6 * MM}px {font}">{E(name)}   {E(model)}</div>',
                f'<div style="font:400 {2.3 * MM}px {font}">Color: {E(color)}   Memory: {mem}</div>']
        lab = rng.choice([["IMEI 1:", "IMEI 2:"], ["IMEI1", "IMEI2"], ["IMEI/MEID", "IMEI 2"]])
        if n_imei == 1:
            lab = ["IMEI/MEID"]
        for L_, v in zip(lab, imeis):
            fields.append(dict(key="imei", label=L_, shown=v, bar=v, value=v))
        if meid:
            meid_v = imeis[0][:14]
            fields.append(dict(key="meid", label="MEID:", shown=meid_v, bar=None))
        fields.append(dict(key="serial", label="S/N:", shown=serial, bar=serial))
        columns = columns or rng.choice([1, 2])
        mode = mode or rng.choice(["under", "hri"])
        ean = ids.ean13(rng, "8806")
    elif brand == "xiaomi":
        name, model, mem, color = rng.choice(MODELS[brand])
        serial = f"{ids.rand_digits(rng, 5)}/{''.join(rng.choice('0123456789ABCDEFGHJKLMNPQRSTUVWXYZ') for _ in range(10))}"
        head = [f'<div style="font:700 {3.2 * MM}px {font}">{E(name)}</div>',
                f'<div style="font:400 {2.4 * MM}px {font}">{mem}  {E(color)}   Model: {model}</div>']
        lab = ["IMEI1:", "IMEI2:"] if rng.random() < 0.6 else ["IMEI 1", "IMEI 2"]
        if n_imei == 1:
            lab = ["IMEI:"]
        for L_, v in zip(lab, imeis):
            fields.append(dict(key="imei", label=L_, shown=v, bar=v, value=v))
        fields.append(dict(key="serial", label="SN:", shown=serial, bar=serial))
        columns = columns or 1
        mode = mode or rng.choice(["beside", "under"])
        ean = ids.ean13(rng, "6941")
    elif brand == "huawei":
        name, model, mem, color = rng.choice(MODELS[brand])
        serial = "".join(rng.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(16))
        head = [f'<div style="font:700 {3.2 * MM}px {font}">{E(name)}</div>',
                f'<div style="font:400 {2.3 * MM}px {font}">Model: {model}   {mem}   {E(color)}</div>']
        lab = ["IMEI1", "IMEI2"] if rng.random() < 0.5 else ["IMEI 1:", "IMEI 2:"]
        if n_imei == 1:
            lab = ["IMEI"]
        fields.append(dict(key="serial", label="SN:", shown=serial, bar=serial))
        for L_, v in zip(lab, imeis):
            fields.append(dict(key="imei", label=L_, shown=v, bar=v, value=v))
        if meid:
            meid_v = ids.hex_meid(rng)
            fields.append(dict(key="meid", label="MEID", shown=meid_v, bar=meid_v))
        columns = columns or rng.choice([1, 2])
        mode = mode or "under"
        ean = ids.ean13(rng, "6941")
    elif brand == "nokia":
        name, model, color = rng.choice(MODELS[brand])
        code = "16" + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(9))
        head = [f'<div style="font:700 {3.4 * MM}px {font};letter-spacing:{0.5 * MM}px">NOKIA</div>',
                f'<div style="font:400 {2.4 * MM}px {font}">{E(name)}  {model}  {E(color)}</div>']
        lab = ["IMEI:", "IMEI 2:"] if rng.random() < 0.6 else ["IMEI1", "IMEI2"]
        if n_imei == 1:
            lab = ["IMEI:"]
        for L_, v in zip(lab, imeis):
            fields.append(dict(key="imei", label=L_, shown=v, bar=v, value=v))
        fields.append(dict(key="code", label="CODE:", shown=code, bar=None))
        serial = None
        columns = columns or 1
        mode = mode or rng.choice(["under", "beside"])
        ean = ids.ean13(rng, "6438")
    elif brand == "google":
        name, model, cap, color = rng.choice(MODELS[brand])
        serial = f"{rng.randint(1, 9)}{''.join(rng.choice('0123456789ABCDEF') for _ in range(13))}"
        head = [f'<div style="font:500 {3.4 * MM}px {font}">{E(name)}</div>',
                f'<div style="font:400 {2.4 * MM}px {font}">{cap}  {E(color)}   {model}</div>']
        lab = ["IMEI", "IMEI 2"]
        if n_imei == 1:
            lab = ["IMEI"]
        for L_, v in zip(lab, imeis):
            fields.append(dict(key="imei", label=L_, shown=v, bar=v, value=v))
        fields.append(dict(key="serial", label="Serial No.", shown=serial, bar=serial))
        if eid:
            eid_v = ids.random_eid(rng)
            fields.append(dict(key="eid", label="EID", shown=eid_v, bar=eid_v))
        columns = columns or rng.choice([1, 2])
        mode = mode or "under"
        ean = ids.ean13(rng, "0840")
    else:
        raise ValueError(brand)
    if order == "shuffle":
        rng.shuffle(fields)
    elif order == "imei_last":
        fields = [f for f in fields if f["key"] != "imei"] + [f for f in fields if f["key"] == "imei"]
    tw = max(len(f["label"]) + len(f["shown"]) + 1 for f in fields)
    for f in fields:
        f["textw"] = round(tw * fs * 0.62 / MM + 2)
    blocks = [field_html(f, mode, font, fs, module, bh, paper) for f in fields]
    if columns == 2:
        body_fields = (f'<div style="display:grid;grid-template-columns:auto auto;column-gap:{6 * MM}px;justify-content:start">'
                       f'{"".join(blocks)}</div>')
    else:
        body_fields = "".join(blocks)
    side = (f'<div style="margin-left:{5 * MM}px;flex:none">{svg_ean13(ean, 1.0, 16 * MM, 2.6 * MM)}'
            f'<div style="font:400 {2.0 * MM}px {font};margin-top:{2 * MM}px">Made in {rng.choice(["Vietnam", "China", "India", "Brazil"])}</div>'
            f'<div style="margin-top:{1.5 * MM}px;display:flex;gap:{1.2 * MM}px">'
            f'<div style="width:{5 * MM}px;height:{5 * MM}px;border:2px solid #222;border-radius:3px;font:700 {2 * MM}px {font};'
            f'text-align:center;line-height:{5 * MM - 4}px">CE</div>'
            f'<div style="width:{5 * MM}px;height:{5 * MM}px;border:2px solid #222;border-radius:50%"></div></div></div>')
    ean_pos = rng.choice(["side", "bottom"]) if columns == 1 else "bottom"
    inner = (f'<div style="display:flex;align-items:flex-start"><div>{"".join(head)}<div style="height:{1.5 * MM}px"></div>'
             f'{body_fields}</div>{side if ean_pos == "side" else ""}</div>{side.replace("margin-left", "margin-top") if ean_pos == "bottom" else ""}')
    body = (f'<div id="label" data-g="label" style="display:inline-block;background:{paper};padding:{3 * MM}px {4 * MM}px;color:#111">{inner}</div>'
            )
    info = dict(brand=brand, imeis=imeis, serial=serial, eid=eid_v, meid=meid_v, ean=ean, columns=columns, mode=mode,
                labels=[f["label"] for f in fields if f["key"] == "imei"],
                fields=[dict(key=f["key"], label=f["label"], value=f.get("value", f["shown"]).replace(" ", "")) for f in fields],
                barcodes=[f["bar"] for f in fields if f["bar"]], module_mm=round(module / MM, 3), bar_height_mm=bh / MM,
                paper=paper)
    return body, paper, info


def no_imei_label(rng):
    """Accessory box: S/N with Code-128 and an EAN-13, no IMEI anywhere."""
    font = FONTS["accessory"]
    prod = rng.choice([("Galaxy Buds FE", "SM-R400N", "8806"), ("25W Travel Adapter", "EP-TA800", "8806"),
                       ("20W USB-C Power Adapter", "MHJE3ZM/A", "0194"), ("Xiaomi Smart Band 8", "M2239B1", "6941")])
    serial = ids.samsung_serial(rng) if prod[2] == "8806" else ids.apple_serial(rng)
    ean = ids.ean13(rng, prod[2])
    fs = 2.4 * MM
    body = (f'<div id="label" data-g="label" style="display:inline-block;background:#FFF;padding:{3 * MM}px {4 * MM}px;color:#111">'
            f'<div style="display:flex"><div><div style="font:700 {3.2 * MM}px {font}">{E(prod[0])}</div>'
            f'<div style="font:400 {fs}px {font}">Model: {E(prod[1])}</div>'
            f'<div style="margin-top:{2 * MM}px;font:500 {fs}px {font}" data-g="serialrow">S/N: <span data-g="serial">{serial}</span></div>'
            f'<div data-g="bar" style="display:inline-block;margin-top:3px">{code128(serial, 1.0, 7 * MM)}</div>'
            f'<div style="font:400 {2 * MM}px {font};margin-top:{2 * MM}px">Input 100-240V~ 50/60Hz   Made in Vietnam</div></div>'
            f'<div style="margin-left:{6 * MM}px">{svg_ean13(ean, 1.0, 16 * MM, 2.6 * MM)}</div></div></div>'
            )
    info = dict(brand="accessory", imeis=[], serial=serial, eid=None, meid=None, ean=ean, barcodes=[serial], product=prod[0],
                labels=[], fields=[dict(key="serial", label="S/N:", value=serial)])
    return body, "#FFF", info


def order_slip(rng):
    """Packing slip: 'Order No.' with a Luhn-valid 15-digit Code-128; the word IMEI appears nowhere."""
    font = FONTS["order"]
    while True:
        order = ids.random_imei(rng, rng.choice(["apple", "samsung", "china"]))
        if ids.luhn_ok(order):
            break
    fs = 2.6 * MM
    item = rng.choice([("Galaxy A15 128GB Blue", "SM-A155FZBDEUB"), ("iPhone 13 128GB Midnight", "MLPF3ZD/A"),
                       ("Redmi Note 13 256GB", "MZB0FRXEU")])
    rows = "".join(f'<tr><td style="padding:2px 8px 2px 0">{a}</td><td style="padding:2px 8px">{E(b)}</td><td>{c}</td></tr>'
                   for a, b, c in [("1", item[0], item[1]), ("1", "Screen protector", "SP-" + ids.rand_digits(rng, 5)),
                                   ("1", "Shipping", "")])
    body = (f'<div id="label" data-g="label" style="display:inline-block;background:#FFF;padding:{4 * MM}px {5 * MM}px;color:#111;width:{95 * MM}px">'
            f'<div style="font:700 {4 * MM}px {font}">{rng.choice(["Packing slip", "Order confirmation", "Delivery note"])}</div>'
            f'<div style="font:400 {fs}px {font};margin-top:{1 * MM}px">{rng.choice(["PhoneShop24", "MobileHub Ltd", "TechDeals"])} · '
            f'{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.2024</div>'
            f'<div style="font:600 {3 * MM}px {font};margin-top:{3 * MM}px" data-g="traprow">Order No. <span data-g="trap">{order}</span></div>'
            f'<div data-g="bar" style="display:inline-block;margin-top:3px">{code128(order, 1.0, 8 * MM)}</div>'
            f'<div style="font:400 {fs}px {font};margin-top:{2 * MM}px">Customer: {rng.choice(["A. Müller", "J. Smith", "R. Kumar"])}, '
            f'{rng.choice(["Hauptstr. 12, Berlin", "221 King St, Leeds", "MG Road 5, Pune"])}</div>'
            f'<table style="font:400 {fs}px {font};margin-top:{2 * MM}px;border-collapse:collapse">{rows}</table>'
            f'<div style="font:400 {2.2 * MM}px {font};margin-top:{2 * MM}px">Questions? Quote your order number.</div></div>'
            )
    info = dict(brand="order_slip", imeis=[], serial=None, eid=None, meid=None, ean=None, barcodes=[order], decoy=order,
                labels=[], fields=[dict(key="order", label="Order No.", value=order)])
    return body, "#FFF", info
