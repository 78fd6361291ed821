"""HTML builders for the phone screens.

Every builder returns (html, (css_width, css_height, device_scale)). Elements
that matter to the truth or to the annotation variants carry data-g="..."
("imei" = the IMEI digits, "imeirow" = label+value, "trap" = the decoy
number, "meid" ...). A small script at the end of each page optionally scrolls
#content so that the [data-anchor] row lands at a chosen y, then writes all
data-g rectangles (CSS px) into <script id="geom">, which the generator reads
back from Chromium's --dump-dom output.
"""
import html as _html

from barcodes import svg_code128, svg_ean13
import ids

E = _html.escape

GEOM_JS = """<script>
(function(){
  var c=document.getElementById('content');
  if(c && c.dataset.target!==undefined){
    var minTop=parseFloat(c.dataset.mintop), H=parseFloat(c.dataset.viewh), target=parseFloat(c.dataset.target);
    c.style.top=minTop+'px';
    var a=document.querySelector('[data-anchor]');
    var top=minTop;
    if(a){
      top=minTop+(target-a.getBoundingClientRect().top);
      var hc=c.getBoundingClientRect().height;
      top=Math.max(top, H-hc-parseFloat(c.dataset.bottompad||0));
      top=Math.min(top, minTop);
    }
    c.style.top=top+'px';
  }
  var out={};
  document.querySelectorAll('[data-g]').forEach(function(e){
    var r=e.getBoundingClientRect();
    var fs=parseFloat(getComputedStyle(e).fontSize);
    (out[e.dataset.g]=out[e.dataset.g]||[]).push([r.left,r.top,r.width,r.height,fs]);
  });
  var s=document.createElement('script'); s.type='application/json'; s.id='geom';
  s.textContent=JSON.stringify(out); document.body.appendChild(s);
})();
</script>"""

FONT_IOS = "'Inter', 'Noto Sans', 'DejaVu Sans', sans-serif"
FONT_ANDROID = "'Roboto', 'Noto Sans', 'DejaVu Sans', sans-serif"
FONT_CN = "'Noto Sans CJK SC', 'Roboto', sans-serif"

# name, css width, css height, device scale, top style
IOS_DEVICES = [
    ("iPhone 13", 390, 844, 3, "notch"),
    ("iPhone 13", 390, 844, 3, "notch"),
    ("iPhone 14", 390, 844, 3, "notch"),
    ("iPhone 14 Pro", 393, 852, 3, "island"),
    ("iPhone 15 Pro Max", 430, 932, 3, "island"),
    ("iPhone 11", 414, 896, 2, "notch"),
    ("iPhone SE", 375, 667, 2, "home"),
]
ANDROID_DEVICES = [
    ("Galaxy S21", 360, 800, 3),
    ("Galaxy S23", 360, 780, 3),
    ("Pixel 7a", 360, 800, 3),
    ("Redmi Note 12", 360, 800, 3),
    ("Galaxy A14", 360, 800, 3),
]
SMALL_IOS = ("iPhone SE", 375, 667, 2, "home")
SMALL_ANDROID = ("Galaxy A03", 360, 800, 2)


def page(w, h, body, css, bg):
    return (f'<!doctype html><html><head><meta charset="utf-8"><style>'
            f'html,body{{margin:0;padding:0;width:{w}px;height:{h}px;overflow:hidden;background:{bg}}} body{{position:relative}}'
            f'*{{box-sizing:border-box}} body{{-webkit-font-smoothing:antialiased;text-rendering:geometricPrecision}}'
            f'{css}</style></head><body>{body}{GEOM_JS}</body></html>')


# ----------------------------------------------------------------- icons

def ios_icons(color, level):
    sig = "".join(f'<rect x="{i * 4.6:.1f}" y="{11 - hh}" width="3" height="{hh}" rx="0.8"/>' for i, hh in enumerate([4, 6, 8.5, 11]))
    wifi = ('<path d="M7.6 2.2c2.3 0 4.4.9 6 2.4l1.1-1.1C12.9 1.8 10.4.8 7.6.8S2.3 1.8.5 3.5l1.1 1.1c1.6-1.5 3.7-2.4 6-2.4z'
            'M7.6 5.4c1.4 0 2.6.5 3.6 1.4l1.1-1.1C11.1 4.5 9.4 3.9 7.6 3.9s-3.5.7-4.7 1.8L4 6.8c1-.9 2.2-1.4 3.6-1.4z'
            'M7.6 8.3c.6 0 1.2.2 1.6.6L7.6 10.6 6 8.9c.4-.4 1-.6 1.6-.6z"/>')
    batt = (f'<rect x="0.5" y="0.5" width="24" height="12" rx="3.8" fill="none" stroke="{color}" stroke-opacity="0.4"/>'
            f'<rect x="2" y="2" width="{21 * level:.1f}" height="9" rx="2.5"/>'
            f'<path d="M26 4.5v4c.8-.3 1.3-1.1 1.3-2s-.5-1.7-1.3-2z" fill-opacity="0.45"/>')
    return (f'<svg width="18" height="12" viewBox="0 0 18 12" fill="{color}">{sig}</svg>'
            f'<svg width="16" height="12" viewBox="0 0 16 12" fill="{color}">{wifi}</svg>'
            f'<svg width="28" height="13" viewBox="0 0 28 13" fill="{color}">{batt}</svg>')


def ios_status(w, top, dark, time, level=0.8, color=None):
    color = color or ("#fff" if dark else "#000")
    if top == "home":
        return (f'<div class="sb" style="height:20px;font:600 12px {FONT_IOS};color:{color};display:flex;align-items:center;'
                f'justify-content:space-between;padding:0 6px">'
                f'<span style="display:flex;gap:4px;align-items:center">{ios_icons(color, level).split("</svg>")[0]}</svg> Vodafone</span>'
                f'<span>{time}</span><span style="display:flex;gap:3px;align-items:center">{int(level * 100)}% '
                f'{ios_icons(color, level).split("</svg>")[2]}</svg></span></div>')
    h = 54 if top == "island" else 47
    island = ('<div style="position:absolute;left:50%;top:11px;width:125px;height:37px;margin-left:-62.5px;'
              'background:#000;border-radius:19px"></div>') if top == "island" else ""
    return (f'<div class="sb" style="position:relative;height:{h}px;color:{color};font:600 17px {FONT_IOS};letter-spacing:-0.4px">'
            f'<span style="position:absolute;left:0;width:{w * 0.28:.0f}px;text-align:center;top:{h / 2 - 8:.0f}px">{time}</span>{island}'
            f'<span style="position:absolute;right:{w * 0.07:.0f}px;top:{h / 2 - 5:.0f}px;display:flex;gap:5px;align-items:center">'
            f'{ios_icons(color, level)}</span></div>')


def ios_home_indicator(w, h, dark):
    c = "#fff" if dark else "#000"
    return (f'<div style="position:absolute;left:{w / 2 - 67}px;top:{h - 13}px;width:134px;height:5px;border-radius:3px;'
            f'background:{c};z-index:9"></div>')


def android_status(dark, time, level, color=None, pct=True):
    color = color or ("#e6e1e5" if dark else "#1c1b1f")
    wifi = ('<svg width="16" height="14" viewBox="0 0 16 14"><path d="M8 13L0.3 3.6C2.4 1.9 5.1 1 8 1s5.6.9 7.7 2.6z" '
            f'fill="{color}"/></svg>')
    cell = f'<svg width="14" height="14" viewBox="0 0 14 14"><path d="M13 1v12H1z" fill="{color}"/></svg>'
    batt = (f'<svg width="9" height="15" viewBox="0 0 9 15"><rect x="2.5" y="0" width="4" height="2" fill="{color}"/>'
            f'<rect x="0.5" y="1.5" width="8" height="13" rx="1.3" fill="none" stroke="{color}" stroke-width="1"/>'
            f'<rect x="1.5" y="{2.5 + 11 * (1 - level):.1f}" width="6" height="{11 * level:.1f}" fill="{color}"/></svg>')
    p = f'<span style="margin-left:2px">{int(level * 100)}%</span>' if pct else ""
    return (f'<div class="sb" style="height:32px;display:flex;align-items:center;justify-content:space-between;'
            f'padding:0 20px 0 24px;font:500 14px {FONT_ANDROID};color:{color}">'
            f'<span>{time}</span><span style="display:flex;gap:5px;align-items:center">{wifi}{cell}{batt}{p}</span></div>')


PHONE_PATH = ("M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20"
              "c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z")


def phone_icon(size):
    return (f'<svg width="{size}" height="{size}" viewBox="0 0 24 24" style="display:block;margin:auto">'
            f'<path d="{PHONE_PATH}" fill="#fff"/></svg>')


def chevron(color, size=13):
    return (f'<svg width="{size * 0.62:.1f}" height="{size}" viewBox="0 0 8 13" style="margin-left:10px;flex:none">'
            f'<path d="M1.2 1l5.6 5.5-5.6 5.5" fill="none" stroke="{color}" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"/></svg>')


def back_chevron(color):
    return (f'<svg width="13" height="21" viewBox="0 0 13 21" style="margin-right:5px"><path d="M11 1.5L2 10.5l9 9" fill="none" '
            f'stroke="{color}" stroke-width="2.9" stroke-linecap="round" stroke-linejoin="round"/></svg>')


def android_back(color):
    return (f'<svg width="24" height="24" viewBox="0 0 24 24"><path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" '
            f'fill="{color}"/></svg>')


# ----------------------------------------------------------------- iOS settings list

IOS_THEME = {
    False: dict(bg="#F2F2F7", cell="#FFFFFF", fg="#000000", hdr="#6D6D72", val="#8A8A8E", sep="#C6C6C8", blue="#007AFF", chev="#C4C4C7"),
    True: dict(bg="#000000", cell="#1C1C1E", fg="#FFFFFF", hdr="#8D8D93", val="#98989F", sep="#38383A", blue="#0A84FF", chev="#5A5A5E"),
}


def ios_list_css(t, dpr):
    return (f'.grp{{margin:0 16px;background:{t["cell"]};border-radius:10px;overflow:hidden}}'
            f'.hdr{{margin:0 32px 7px;font:400 13px {FONT_IOS};color:{t["hdr"]};text-transform:uppercase}}'
            f'.gap{{height:35px}} .gap.s{{height:20px}}'
            f'.row{{position:relative;min-height:44px;display:flex;align-items:center;justify-content:space-between;'
            f'padding:11px 16px;font:400 17px {FONT_IOS};letter-spacing:-0.41px;color:{t["fg"]}}}'
            f'.row+.row::before{{content:"";position:absolute;left:16px;right:0;top:0;height:{1 / dpr:.4f}px;background:{t["sep"]}}}'
            f'.row .lbl{{white-space:nowrap;flex:none}} .row .val{{color:{t["val"]};text-align:right;white-space:nowrap;display:flex;align-items:center}}'
            f'.row.stack{{display:block}} .row.stack .val{{display:block;text-align:left;margin-top:3px}}')


def ios_row(label, value, g_val=None, g_row=None, anchor=False, chev=False, stack=False, t=None):
    gv = f' data-g="{g_val}"' if g_val else ""
    gr = f' data-g="{g_row}"' if g_row else ""
    an = " data-anchor" if anchor else ""
    ch = chevron(t["chev"]) if chev else ""
    return (f'<div class="row{" stack" if stack else ""}"{gr}{an}><span class="lbl">{E(label)}</span>'
            f'<span class="val"><span{gv}>{E(value)}</span>{ch}</span></div>')


def ios_settings_page(dev, dark, title, back, groups, target_y, time, level):
    """groups: list of (header or None, [row_html, ...])."""
    name, w, h, dpr, top = dev
    t = IOS_THEME[dark]
    sb_h = {"notch": 47, "island": 54, "home": 20}[top]
    nav_h = 44
    body_groups = []
    for hdr, rows in groups:
        if hdr:
            body_groups.append(f'<div class="hdr">{E(hdr)}</div>')
        body_groups.append(f'<div class="grp">{"".join(rows)}</div><div class="gap"></div>')
    nav_bg = "rgba(249,249,249,0.86)" if not dark else "rgba(22,22,22,0.86)"
    sep = "rgba(0,0,0,0.3)" if not dark else "rgba(255,255,255,0.15)"
    header = (f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:5;background:{nav_bg};'
              f'backdrop-filter:saturate(180%) blur(14px);border-bottom:{1 / dpr:.4f}px solid {sep}">'
              f'{ios_status(w, top, dark, time, level)}'
              f'<div style="position:relative;height:{nav_h}px;font:400 17px {FONT_IOS};letter-spacing:-0.41px">'
              f'<span style="position:absolute;left:8px;top:11px;display:flex;align-items:center;color:{t["blue"]}">{back_chevron(t["blue"])}{E(back)}</span>'
              f'<span style="position:absolute;left:0;right:0;top:11px;text-align:center;font-weight:600;color:{t["fg"]}">{E(title)}</span>'
              f'</div></div>')
    min_top = sb_h + nav_h + 24
    content = (f'<div id="content" data-target="{target_y}" data-mintop="{min_top}" data-viewh="{h}" data-bottompad="30" '
               f'style="position:absolute;left:0;width:{w}px;top:{min_top}px">{"".join(body_groups)}<div style="height:40px"></div></div>')
    view = f'<div data-g="view" style="position:absolute;left:0;top:{sb_h + nav_h}px;width:{w}px;height:{h - sb_h - nav_h - 20}px"></div>'
    home = ios_home_indicator(w, h, dark) if top != "home" else ""
    return page(w, h, header + content + view + home, ios_list_css(t, dpr), t["bg"]), (w, h, dpr)


def ios_about(rng, dark, dev, imeis, meid=None, show_imei=True, iccid=None, eid=None, layout=None,
              sim_labels=("IMEI", "IMEI2"), anchor="imei", g_imei="imei"):
    """iOS Settings > General > About. imeis may be 0-2 entries (shown as-is)."""
    t = IOS_THEME[dark]
    layout = layout or rng.choice(["modern", "modern", "legacy"])
    model = dev[0]
    r = lambda *a, **k: ios_row(*a, t=t, **k)
    carrier = rng.choice(["Vodafone", "T-Mobile", "EE", "Verizon", "O2", "Orange", "AT&T", "Telekom.de", "Jio"])
    carrier_ver = f"{carrier} {rng.randint(44, 61)}.{rng.randint(0, 5)}"
    ver = rng.choice(["16.7.2", "17.1.2", "17.4.1", "17.5", "17.6.1", "18.0.1", "18.1", "18.3.2"])
    g1 = [r("Name", rng.choice(["iPhone", "Anna’s iPhone", "Work phone", "Tom’s iPhone", "iPhone von Lena"]), chev=True),
          r("iOS Version", ver, chev=True), r("Model Name", model),
          r("Model Number", rng.choice(["MLPF3LL/A", "MQ9X3ZD/A", "MNGK3B/A", "MPVN3QN/A", "A2633", "MLQ63LL/A", "MU683ZD/A"])),
          r("Serial Number", ids.apple_serial(rng))]
    g2 = [r("Songs", str(rng.randint(0, 900))), r("Videos", str(rng.randint(0, 200))),
          r("Photos", f"{rng.randint(100, 9999):,}".replace(",", " ")), r("Applications", str(rng.randint(20, 140))),
          r("Capacity", rng.choice(["64 GB", "128 GB", "256 GB", "512 GB"])),
          r("Available", f"{rng.randint(3, 60)}.{rng.randint(10, 99)} GB")]
    wifi = ids.random_mac(rng, "A4:83:E7")
    bt = wifi[:-1] + rng.choice("0123456789ABCDEF")
    modem = f"{rng.randint(1, 4)}.{rng.randint(0, 80):02d}.{rng.randint(0, 9):02d}"
    g3 = [r("Wi‑Fi Address", wifi), r("Bluetooth", bt), r("Modem Firmware", modem), r("SEID", "", chev=True)]
    if eid:
        g3.append(r("EID", eid, stack=True, g_val="eid", g_row="eidrow", anchor=(anchor == "eid")))
    g4 = [r("Carrier Lock", "No SIM restrictions")]

    def imei_row(i):
        lbl = sim_labels[i] if i < len(sim_labels) else f"IMEI{i + 1}"
        return r(lbl, ids.group_ios(imeis[i]), g_val=g_imei, g_row=g_imei + "row", anchor=(anchor == "imei" and i == 0))

    meid_row = r("MEID", ids.group_meid_ios(meid), g_val="meid", g_row="meidrow", anchor=(anchor == "meid")) if meid else None
    iccid_row = r("ICCID", iccid, g_val="iccid", g_row="iccidrow", anchor=(anchor == "iccid")) if iccid else None
    groups = [(None, g1), (None, g2), (None, g3), (None, g4)]
    net = r("Network", carrier)
    car = r("Carrier", carrier_ver)
    if layout == "modern":
        sim1 = [net, car]
        if show_imei and imeis:
            sim1.append(imei_row(0))
        if iccid_row:
            sim1.append(iccid_row)
        if meid_row:
            sim1.append(meid_row)
        groups.append(("PHYSICAL SIM", sim1))
        if show_imei and len(imeis) > 1:
            groups.append((rng.choice(["eSIM", "DIGITAL SIM"]), [r("Network", carrier), imei_row(1)]))
        elif not show_imei and rng.random() < 0.5:
            groups.append(("eSIM", [r("Network", "No SIM")]))
    else:  # legacy: everything in one big group, IMEI rows adjacent
        rows = [net, car]
        if show_imei:
            rows += [imei_row(i) for i in range(len(imeis))]
        if iccid_row:
            rows.append(iccid_row)
        if meid_row:
            rows.append(meid_row)
        groups.insert(2, (None, rows))
    groups.append((None, [r("Certificate Trust Settings", "", chev=True)]))
    h = dev[2]
    target = rng.uniform(0.22, 0.55) * h
    return ios_settings_page(dev, dark, "About", "General", groups, target, rng.choice(["9:41", "10:27", "14:03", "21:16", "8:05"]),
                             rng.uniform(0.2, 1.0))


# ----------------------------------------------------------------- iOS *#06#

def ios_keypad(w, h, dark, typed, top_pad):
    fg = "#fff" if dark else "#000"
    key_bg = "#333335" if dark else "#E5E5EA"
    keys = [("1", ""), ("2", "ABC"), ("3", "DEF"), ("4", "GHI"), ("5", "JKL"), ("6", "MNO"), ("7", "PQRS"), ("8", "TUV"),
            ("9", "WXYZ"), ("*", ""), ("0", "+"), ("#", "")]
    d = 78
    gx = (w - 3 * d) / 4.2
    cells = []
    y0 = h * 0.36
    for i, (k, sub) in enumerate(keys):
        x = w / 2 - 1.5 * d - gx + (i % 3) * (d + gx)
        y = y0 + (i // 3) * (d + 14)
        cells.append(f'<div style="position:absolute;left:{x:.1f}px;top:{y:.1f}px;width:{d}px;height:{d}px;border-radius:50%;'
                     f'background:{key_bg};color:{fg};text-align:center;font:400 36px {FONT_IOS};line-height:{d - 14 if sub else d}px">'
                     f'{E(k)}<div style="font:600 10px {FONT_IOS};letter-spacing:2px;line-height:8px">{sub}</div></div>')
    call = (f'<div style="position:absolute;left:{w / 2 - d / 2:.1f}px;top:{y0 + 4 * (d + 14):.1f}px;width:{d}px;height:{d}px;'
            f'border-radius:50%;background:#34C759;padding-top:{d / 2 - 17:.0f}px">{phone_icon(34)}</div>')
    num = (f'<div style="position:absolute;left:0;width:{w}px;top:{top_pad + h * 0.12:.0f}px;text-align:center;'
           f'font:400 40px {FONT_IOS};color:{fg}">{E(typed)}</div>')
    return num + "".join(cells) + call


def ios_dial(rng, dark, dev, imeis, meid=None, eid=None, style=None, labels=("IMEI", "IMEI2")):
    name, w, h, dpr, top = dev
    t = IOS_THEME[dark]
    style = style or rng.choice(["sheet", "sheet", "alert"])
    time = rng.choice(["9:41", "11:52", "16:40", "7:13"])
    level = rng.uniform(0.15, 1.0)
    bg = "#000" if dark else "#fff"
    rows = []
    items = []
    if eid and rng.random() < 0.7:
        items.append(("EID", eid, "eid"))
    for i, im in enumerate(imeis):
        items.append((labels[i], im, "imei"))
    if meid:
        items.append(("MEID", meid, "meid"))
    if rng.random() < 0.5 and eid and items[0][0] == "EID":  # newer iOS lists IMEIs first
        items = items[1:] + items[:1]
    val_c = t["val"]
    if style == "alert":
        aw = min(w - 40, 320)
        for k, (lbl, val, g) in enumerate(items):
            fs = 13 if len(val) > 20 else 17
            rows.append(f'<div data-g="{g}row" style="padding:10px 0;border-bottom:{1 / dpr:.4f}px solid {t["sep"]}">'
                        f'<div style="font:600 15px {FONT_IOS};color:{t["fg"]}">{lbl}</div>'
                        f'<div style="font:400 {fs}px {FONT_IOS};color:{val_c};margin-top:3px;letter-spacing:0.2px"><span data-g="{g}">{val}</span></div></div>')
        card_bg = "#2C2C2E" if dark else "#FFFFFF"
        card = (f'<div style="position:absolute;left:{(w - aw) / 2}px;width:{aw}px;top:{h * rng.uniform(0.18, 0.26):.0f}px;'
                f'background:{card_bg};border-radius:14px;padding:18px 20px 0;z-index:6">'
                f'<div style="text-align:center;font:600 17px {FONT_IOS};color:{t["fg"]};margin-bottom:6px">Device Info</div>'
                f'{"".join(rows)}<div style="text-align:center;font:400 17px {FONT_IOS};color:{t["blue"]};padding:12px 0 13px">'
                f'{rng.choice(["Dismiss", "Done", "OK"])}</div></div>')
        dim = f'<div style="position:absolute;inset:0;background:rgba(0,0,0,{0.55 if dark else 0.2});z-index:4"></div>'
        body = (f'<div style="position:absolute;inset:0">{ios_status(w, top, dark, time, level)}'
                f'{ios_keypad(w, h, dark, "*#06#", 0)}</div>{dim}{card}')
        return page(w, h, body + (ios_home_indicator(w, h, dark) if top != "home" else ""), "", bg), (w, h, dpr)
    # sheet style: pageSheet over a scaled-down keypad
    sb_h = {"notch": 47, "island": 54, "home": 20}[top]
    beside = rng.random() < 0.35
    for lbl, val, g in items:
        if beside and len(val) <= 15:
            rows.append(f'<div class="row" data-g="{g}row"><span class="lbl">{lbl}</span><span class="val"><span data-g="{g}">{val}</span></span></div>')
        else:
            fs = 15 if len(val) > 20 else 17
            rows.append(f'<div class="row stack" data-g="{g}row"><span class="lbl">{lbl}</span>'
                        f'<span class="val" style="font-size:{fs}px"><span data-g="{g}">{val}</span></span></div>')
    sheet_bg = "#1C1C1E" if dark else "#F2F2F7"
    tt = dict(t)
    if dark:
        tt["cell"] = "#2C2C2E"
    sheet_top = sb_h + 10
    sheet = (f'<div style="position:absolute;left:0;top:{sheet_top}px;width:{w}px;height:{h - sheet_top + 20}px;background:{sheet_bg};'
             f'border-radius:12px 12px 0 0;z-index:6">'
             f'<div style="position:relative;height:56px;font:17px {FONT_IOS};letter-spacing:-0.41px">'
             f'<span style="position:absolute;left:0;right:0;top:18px;text-align:center;font-weight:600;color:{t["fg"]}">Device Info</span>'
             f'<span style="position:absolute;right:16px;top:18px;font-weight:600;color:{t["blue"]}">Done</span></div>'
             f'<div style="height:{rng.choice([12, 24])}px"></div><div class="grp">{"".join(rows)}</div>'
             f'<div style="margin:8px 32px;font:13px {FONT_IOS};color:{t["hdr"]}">{"" if rng.random() < 0.5 else "Device identifiers are used to activate your iPhone with your carrier."}</div></div>')
    behind = (f'<div style="position:absolute;left:{w * 0.04:.1f}px;top:{sb_h}px;width:{w * 0.92:.1f}px;height:{h}px;'
              f'border-radius:12px;overflow:hidden;background:{"#111" if dark else "#fff"};opacity:{0.5 if dark else 0.6};z-index:2">'
              f'{ios_keypad(w * 0.92, h, dark, "*#06#", -20)}</div>')
    statusbar = f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:3">{ios_status(w, top, True, time, level)}</div>'
    body = f'<div style="position:absolute;inset:0;background:#000"></div>{statusbar}{behind}{sheet}'
    body += ios_home_indicator(w, h, dark) if top != "home" else ""
    return page(w, h, body, ios_list_css(tt, dpr), "#000"), (w, h, dpr)


# ----------------------------------------------------------------- Android About phone

ANDROID_THEME = {
    False: dict(bg="#FEF7FF", fg="#1D1B20", sub="#49454F", accent="#6750A4", card="#FFFFFF", sep="#E7E0EC"),
    True: dict(bg="#141218", fg="#E6E0E9", sub="#CAC4D0", accent="#D0BCFF", card="#211F26", sep="#36343B"),
}
ONEUI_THEME = {
    False: dict(bg="#F6F6F6", fg="#000000", sub="#7A7A7A", accent="#3E91FF", card="#FFFFFF", sep="#E4E4E4"),
    True: dict(bg="#000000", fg="#FAFAFA", sub="#9A9A9A", accent="#5A9CFF", card="#171717", sep="#2A2A2A"),
}


def android_item(t, title, summary, g_val=None, g_row=None, anchor=False, fs=18, sfs=14):
    gv = f' data-g="{g_val}"' if g_val else ""
    gr = f' data-g="{g_row}"' if g_row else ""
    an = " data-anchor" if anchor else ""
    summ = "".join(f'<div style="font:400 {sfs}px {FONT_ANDROID};color:{t["sub"]};margin-top:2px;letter-spacing:0.1px"><span{gv}>{E(s)}</span></div>'
                   for s in (summary if isinstance(summary, list) else [summary]) if s is not None)
    return (f'<div{gr}{an} style="padding:15px 24px 15px 24px"><div style="font:400 {fs}px {FONT_ANDROID};color:{t["fg"]}">{E(title)}</div>{summ}</div>')


def android_about(rng, dark, dev, imeis, skin=None, anchor="imei", extra_rows=None, g_imei="imei", title="About phone",
                  labels=None, iccid=None, eid=None):
    name, w, h, dpr = dev
    skin = skin or rng.choice(["pixel", "pixel", "oneui"])
    time = rng.choice(["12:30", "09:14", "18:47", "22:05", "7:58"])
    level = rng.uniform(0.2, 1.0)
    android_ver = rng.choice(["12", "13", "14", "15"])
    ip4 = f"192.168.{rng.randint(0, 20)}.{rng.randint(2, 254)}"
    ip6 = f"fe80::{rng.randrange(65536):x}:{rng.randrange(65536):x}:{rng.randrange(65536):x}:{rng.randrange(65536):x}"
    mac1, mac2, btm = (ids.random_mac(rng, upper=False) for _ in range(3))
    phone = ids.random_phone(rng)
    build = f"{rng.choice(['UP1A', 'TQ3A', 'AP2A', 'TP1A', 'UQ1A'])}.{rng.randint(220000, 250000)}.{rng.randint(1, 20):03d}"
    up = f"{rng.randint(0, 400)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
    if skin == "oneui":
        t = ONEUI_THEME[dark]
        labels = labels or (["IMEI"] if len(imeis) == 1 else ["IMEI (slot 1)", "IMEI (slot 2)"])
    else:
        t = ANDROID_THEME[dark]
        labels = labels or (["IMEI"] if len(imeis) == 1 else ["IMEI (sim slot 1)", "IMEI (sim slot 2)"])
    it = lambda *a, **k: android_item(t, *a, **k)
    imei_items = [it(labels[i], im, g_val=g_imei, g_row=g_imei + "row", anchor=(anchor == "imei" and i == 0))
                  for i, im in enumerate(imeis)]
    model = name if rng.random() < 0.6 else rng.choice(["SM-S911B", "SM-A146P", "Pixel 7a", "23021RAAEG", "SM-G991B"])
    model_number = rng.choice(["SM-S911B/DS", "SM-A146P/DSN", "SM-G991B/DS", "SM-A525F/DS", "SM-S918B/DS"])
    if skin == "pixel":
        body_rows = [it("Device name", rng.choice([name, "Anna's phone", "Pixel"])),
                     it("Phone number (sim slot 1)", phone), it("Phone number (sim slot 2)", "Unknown" if rng.random() < 0.6 else ids.random_phone(rng)),
                     it("Emergency information", None), it("Legal information", None),
                     f'<div style="padding:20px 24px 6px;font:500 14px {FONT_ANDROID};color:{t["accent"]}">Device details</div>',
                     it("SIM status (sim slot 1)", rng.choice(["Vodafone", "T-Mobile", "Jio 4G", "Airtel", "Orange F", "Telekom.de"])),
                     it("Model", model)]
        body_rows += imei_items
        body_rows += (extra_rows or [])
        body_rows += [it("Android version", android_ver),
                      f'<div style="padding:20px 24px 6px;font:500 14px {FONT_ANDROID};color:{t["accent"]}">Device identifiers</div>',
                      it("IP address", [ip6, ip4]), it("Wi‑Fi MAC address", mac1), it("Device Wi‑Fi MAC address", mac2),
                      it("Bluetooth address", btm), it("Up time", up), it("Build number", build)]
        sb = android_status(dark, time, level)
        header = (f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:5;background:{t["bg"]}">{sb}'
                  f'<div style="height:64px;display:flex;align-items:center;padding-left:16px;gap:24px;font:400 22px {FONT_ANDROID};color:{t["fg"]}">'
                  f'{android_back(t["fg"])}<span>{E(title)}</span></div></div>')
        min_top = 32 + 64
        content = "".join(body_rows)
        css = ""
    else:
        card = lambda rows: (f'<div style="margin:0 12px 14px;background:{t["card"]};border-radius:26px;padding:6px 0">{"".join(rows)}</div>')
        it2 = lambda *a, **k: android_item(t, *a, fs=17, sfs=14, **k)
        imei_items = [it2(labels[i], im, g_val=g_imei, g_row=g_imei + "row", anchor=(anchor == "imei" and i == 0))
                      for i, im in enumerate(imeis)]
        content = (card([f'<div style="padding:22px 24px;text-align:center;font:600 24px {FONT_ANDROID};color:{t["fg"]}">{E(name)}</div>'])
                   + card([it2("Phone number", phone), it2("Model name", name), it2("Model number", model_number),
                           it2("Serial number", ids.samsung_serial(rng))] + imei_items + (extra_rows or []))
                   + card([it2("Status information", None), it2("Legal information", None)])
                   + card([it2("Software information", None), it2("Battery information", None)]))
        sb = android_status(dark, time, level)
        header = (f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:5;background:{t["bg"]}">{sb}'
                  f'<div style="height:56px;display:flex;align-items:center;padding-left:18px;gap:18px;font:600 20px {FONT_ANDROID};color:{t["fg"]}">'
                  f'{android_back(t["fg"])}<span>{E(title)}</span></div></div>')
        min_top = 32 + 56 + 8
        css = ""
    target = rng.uniform(0.25, 0.55) * h
    body = (header + f'<div id="content" data-target="{target}" data-mintop="{min_top}" data-viewh="{h}" data-bottompad="10" '
            f'style="position:absolute;left:0;width:{w}px;top:{min_top}px">{content}<div style="height:60px"></div></div>'
            f'<div data-g="view" style="position:absolute;left:0;top:{min_top}px;width:{w}px;height:{h - min_top - 24}px"></div>'
            f'<div style="position:absolute;left:{w / 2 - 54}px;top:{h - 10}px;width:108px;height:4px;border-radius:2px;'
            f'background:{t["fg"]};opacity:0.5;z-index:6"></div>')
    return page(w, h, body, css, t["bg"]), (w, h, dpr)


def android_sim_status(rng, dark, dev, iccid, eid):
    """Android 'SIM status' page with ICCID and EID only (no IMEI)."""
    name, w, h, dpr = dev
    t = ANDROID_THEME[dark]
    it = lambda *a, **k: android_item(t, *a, **k)
    rows = [it("Network", rng.choice(["Vodafone", "Jio 4G", "T-Mobile", "Orange F"])),
            it("Signal strength", f"-{rng.randint(80, 115)} dBm {rng.randint(20, 60)} asu"),
            it("Mobile network type", rng.choice(["LTE", "5G", "LTE+"])), it("Service state", "In service"),
            it("Roaming", "Not roaming"), it("Mobile network state", "Connected"),
            it("My phone number", ids.random_phone(rng)),
            it("ICCID", iccid, g_val="trap", g_row="traprow", anchor=True),
            it("EID", eid, g_val="trap", g_row="traprow", sfs=13),
            it("IMS registration state", "Registered")]
    sb = android_status(dark, rng.choice(["10:02", "13:45", "20:31"]), rng.uniform(0.2, 1))
    header = (f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:5;background:{t["bg"]}">{sb}'
              f'<div style="height:64px;display:flex;align-items:center;padding-left:16px;gap:24px;font:400 22px {FONT_ANDROID};color:{t["fg"]}">'
              f'{android_back(t["fg"])}<span>SIM status</span></div></div>')
    min_top = 96
    body = (header + f'<div id="content" data-target="{h * 0.4:.0f}" data-mintop="{min_top}" data-viewh="{h}" '
            f'style="position:absolute;left:0;width:{w}px;top:{min_top}px">{"".join(rows)}</div>'
            f'<div data-g="view" style="position:absolute;left:0;top:{min_top}px;width:{w}px;height:{h - min_top - 20}px"></div>')
    return page(w, h, body, "", t["bg"]), (w, h, dpr)


# ----------------------------------------------------------------- Samsung *#06#

def android_dialer(w, h, dark, typed, samsung=True):
    fg = "#FAFAFA" if dark else "#000"
    sub = "#8E8E8E"
    keys = [("1", "◌◌"), ("2", "ABC"), ("3", "DEF"), ("4", "GHI"), ("5", "JKL"), ("6", "MNO"), ("7", "PQRS"), ("8", "TUV"),
            ("9", "WXYZ"), ("*", ""), ("0", "+"), ("#", "")]
    cells = []
    y0 = h * 0.44
    cw = w / 3
    for i, (k, s) in enumerate(keys):
        x = (i % 3) * cw
        y = y0 + (i // 3) * 72
        s = "" if s == "◌◌" else s
        cells.append(f'<div style="position:absolute;left:{x:.1f}px;top:{y:.1f}px;width:{cw:.1f}px;height:70px;text-align:center;color:{fg}">'
                     f'<div style="font:400 32px {FONT_ANDROID}">{E(k)}</div><div style="font:400 11px {FONT_ANDROID};color:{sub}">{s}</div></div>')
    num = (f'<div style="position:absolute;left:0;width:{w}px;top:{h * 0.2:.0f}px;text-align:center;font:300 38px {FONT_ANDROID};color:{fg}">'
           f'{E(typed)}</div>')
    call = (f'<div style="position:absolute;left:{w / 2 - 32}px;top:{y0 + 4 * 72 + 10:.0f}px;width:64px;height:64px;border-radius:50%;'
            f'background:#1FB55B;padding-top:18px">{phone_icon(28)}</div>')
    tabs = "".join(f'<span>{x}</span>' for x in ["Keypad", "Recents", "Contacts"])
    tabbar = (f'<div style="position:absolute;left:0;top:{h - 56}px;width:{w}px;display:flex;justify-content:space-around;'
              f'font:500 14px {FONT_ANDROID};color:{sub}">{tabs}</div>')
    return num + "".join(cells) + call + tabbar


def samsung_dial(rng, dark, dev, imeis, meid=None, sn=None, svn=None, title=None, barcode_style=None):
    name, w, h, dpr = dev
    bg = "#000" if dark else "#FCFCFC"
    card = "#252525" if dark else "#FFFFFF"
    fg = "#FAFAFA" if dark else "#000"
    blue = "#3E91FF" if not dark else "#5A9CFF"
    svn = svn or rng.choice(["00", "01", "01", "02", "03", "05", "08", "12", "16", "93"])
    title = title or rng.choice(["IMEI", "IMEI", "Device info"])
    barcode_style = barcode_style or ("inverted" if dark and rng.random() < 0.5 else "normal")
    bfg, bbg = ("#FFF", card) if barcode_style == "inverted" else ("#000", "#FFF")
    # whole device pixels per module keeps bars crisp; the barcode must fit the dialog
    avail = (w - 32 - 52) * dpr
    module = rng.choice([k for k in (3, 4, 5) if k * 154 <= avail]) / dpr
    bh = rng.choice([36, 40, 44])
    lines = []
    fs = rng.choice([16, 17, 18])
    if meid:
        lines.append(f'<div data-g="meidrow" style="margin-top:10px">MEID : <span data-g="meid">{meid}</span></div>')
    for i, im in enumerate(imeis):
        lbl = f"IMEI{i + 1}" if len(imeis) > 1 else "IMEI"
        lines.append(f'<div data-g="imeirow" style="margin-top:12px"><div>{lbl} : <span data-g="imei">{im}</span>/{svn}</div>'
                     f'<div data-g="barcode" style="margin-top:6px;display:inline-block">{svg_code128(im, module, bh, bfg, bbg)}</div></div>')
    if sn:
        lines.append(f'<div style="margin-top:12px"><div>S/N : {sn}</div>'
                     f'<div style="margin-top:6px;display:inline-block">{svg_code128(sn, max(k for k in (2, 3, 4, 5) if k * (len(sn) * 11 + 55) <= avail) / dpr, bh, bfg, bbg)}</div></div>')
    dw = w - 32
    pos = rng.choice(["center", "bottom"])
    dialog = (f'<div id="dlg" style="position:absolute;left:16px;width:{dw}px;{"top:50%;transform:translateY(-50%)" if pos == "center" else "bottom:24px"};'
              f'background:{card};border-radius:26px;padding:24px 26px 8px;z-index:6;font:400 {fs}px {FONT_ANDROID};color:{fg}">'
              f'<div style="font:700 20px {FONT_ANDROID};margin-bottom:6px">{title}</div>{"".join(lines)}'
              f'<div style="text-align:{rng.choice(["right", "center"])};font:700 17px {FONT_ANDROID};color:{blue};padding:18px 14px 16px">OK</div></div>')
    dim = f'<div style="position:absolute;inset:0;background:rgba(0,0,0,{0.6 if dark else 0.32});z-index:4"></div>'
    body = (f'<div style="position:absolute;inset:0">{android_status(dark, rng.choice(["10:41", "15:20", "08:03"]), rng.uniform(0.2, 1))}'
            f'{android_dialer(w, h, dark, "*#06#")}</div>{dim}{dialog}')
    return page(w, h, body, "", bg), (w, h, dpr)


# ----------------------------------------------------------------- Xiaomi status

def xiaomi_status(rng, dark, dev, imeis, meid=None, iccid=None):
    name, w, h, dpr = dev
    bg = "#000" if dark else "#FFF"
    fg = "#FFFFFF" if dark else "#000000"
    sub = "#8C8C8C" if not dark else "#8A8A8A"
    title = rng.choice(["Status", "Status", "All specs"])
    row = lambda lbl, val, g=None, anchor=False: (
        f'<div{" data-g=" + chr(34) + g + "row" + chr(34) if g else ""}{" data-anchor" if anchor else ""} '
        f'style="display:flex;justify-content:space-between;align-items:center;min-height:62px;padding:0 24px">'
        f'<span style="font:400 16px {FONT_ANDROID};color:{fg};white-space:nowrap">{E(lbl)}</span>'
        f'<span style="font:400 14px {FONT_ANDROID};color:{sub};text-align:right;margin-left:14px">'
        f'<span{" data-g=" + chr(34) + g + chr(34) if g else ""}>{E(val)}</span></span></div>')
    rows = [row("Phone number (SIM1)", ids.random_phone(rng)),
            row("Network", rng.choice(["CHN-UNICOM", "China Mobile", "Jio 4G", "Airtel", "Vodafone"])),
            row("Signal strength", f"-{rng.randint(80, 112)} dBm {rng.randint(20, 60)} asu"),
            row("Mobile network type", rng.choice(["LTE", "5G NR", "LTE"]))]
    for i, im in enumerate(imeis):
        rows.append(row(f"IMEI (slot {i + 1})" if len(imeis) > 1 else "IMEI", im, "imei", anchor=(i == 0)))
    if meid:
        rows.append(row("MEID", meid, "meid"))
    if iccid:
        rows.append(row("ICCID (slot 1)", iccid, "iccid"))
    rows += [row("IP address", f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(2, 254)}"),
             row("Wi‑Fi MAC address", ids.random_mac(rng, upper=False)),
             row("Bluetooth address", ids.random_mac(rng, upper=False)),
             row("Serial number", "".join(rng.choice("0123456789abcdef") for _ in range(8))),
             row("Up time", f"{rng.randint(0, 200)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}")]
    sb = android_status(dark, rng.choice(["9:12", "13:37", "21:48"]), rng.uniform(0.2, 1), pct=False)
    header = (f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:5;background:{bg}">{sb}'
              f'<div style="height:60px;display:flex;align-items:center;padding-left:18px;gap:14px;font:500 20px {FONT_ANDROID};color:{fg}">'
              f'{android_back(fg)}<span>{title}</span></div></div>')
    min_top = 92
    body = (header + f'<div id="content" data-target="{h * rng.uniform(0.25, 0.5):.0f}" data-mintop="{min_top}" data-viewh="{h}" '
            f'style="position:absolute;left:0;width:{w}px;top:{min_top}px">{"".join(rows)}<div style="height:40px"></div></div>'
            f'<div data-g="view" style="position:absolute;left:0;top:{min_top}px;width:{w}px;height:{h - min_top - 10}px"></div>')
    return page(w, h, body, "", bg), (w, h, dpr)


# ----------------------------------------------------------------- Chinese MEID/IMEI dialog

def cn_meid_dialog(rng, dark, dev, imeis, meid=None, title=None, button=None):
    name, w, h, dpr = dev
    title = title or rng.choice(["MEID_IMEI", "IMEI 信息", "MEID_IMEI"])
    button = button or rng.choice(["确定", "OK", "确定"])
    holo = dark and rng.random() < 0.6
    lines = []
    if meid:
        lines.append(f'<div data-g="meidrow">MEID:<span data-g="meid">{meid}</span></div>')
    for i, im in enumerate(imeis):
        lbl = f"IMEI{i + 1}" if len(imeis) > 1 else "IMEI"
        lines.append(f'<div data-g="imeirow">{lbl}:<span data-g="imei">{im}</span></div>')
    fs = rng.choice([17, 18])
    if holo:  # old MTK/Holo dark dialog
        card = (f'<div style="position:absolute;left:18px;width:{w - 36}px;top:{h * 0.33:.0f}px;background:#282828;z-index:6;color:#DDD">'
                f'<div style="padding:16px 18px;font:400 21px {FONT_CN};color:#33B5E5;border-bottom:2px solid #33B5E5">{E(title)}</div>'
                f'<div style="padding:16px 18px 22px;font:400 {fs}px {FONT_CN};line-height:1.7">{"".join(lines)}</div>'
                f'<div style="border-top:1px solid #444;text-align:center;padding:13px;font:400 17px {FONT_CN};color:#EEE">{E(button)}</div></div>')
        bg = "#000"
    else:
        cbg = "#2D2D2D" if dark else "#FFFFFF"
        fg = "#E8E8E8" if dark else "#222"
        card = (f'<div style="position:absolute;left:24px;width:{w - 48}px;top:{h * rng.uniform(0.3, 0.4):.0f}px;background:{cbg};'
                f'border-radius:{rng.choice([4, 12, 20])}px;z-index:6;color:{fg};padding:22px 24px 10px;box-shadow:0 8px 24px rgba(0,0,0,.3)">'
                f'<div style="font:500 20px {FONT_CN};margin-bottom:14px">{E(title)}</div>'
                f'<div style="font:400 {fs}px {FONT_CN};line-height:1.65;color:{"#BBB" if dark else "#444"}">{"".join(lines)}</div>'
                f'<div style="text-align:right;padding:18px 4px 10px;font:500 16px {FONT_CN};color:{rng.choice(["#0D84FF", "#009688", "#F5A623"])}">{E(button)}</div></div>')
        bg = "#000" if dark else "#FFF"
    dim = f'<div style="position:absolute;inset:0;background:rgba(0,0,0,{0.6 if dark else 0.4});z-index:4"></div>'
    body = (f'<div style="position:absolute;inset:0">{android_status(dark, rng.choice(["10:41", "15:20", "08:03"]), rng.uniform(0.2, 1))}'
            f'{android_dialer(w, h, dark, "*#06#")}</div>{dim}{card}')
    return page(w, h, body, "", bg), (w, h, dpr)


# ----------------------------------------------------------------- retail box label

def box_label(rng, imeis, brand=None):
    """A white sticker label (rendered flat; the photo look is added later)."""
    brand = brand or rng.choice(["samsung", "apple", "xiaomi"])
    w, h = 470, 222 if len(imeis) > 1 else 176
    module = 1.5
    bh = 30
    ean = ids.ean13(rng, {"samsung": "8806", "apple": "0194", "xiaomi": "6934"}[brand])
    if brand == "samsung":
        model = rng.choice(["Galaxy A52 (SM-A525F/DS)", "Galaxy S21 5G (SM-G991B/DS)", "Galaxy A14 (SM-A145R/DSN)"])
        sub = rng.choice(["128GB  Awesome Black", "256GB  Phantom Gray", "64GB  Light Green"])
        sn = ids.samsung_serial(rng)
        labels = ["IMEI/MEID", "IMEI2"] if len(imeis) > 1 else ["IMEI/MEID"]
    elif brand == "apple":
        model = rng.choice(["iPhone 13 128GB Midnight", "iPhone 14 256GB Blue", "iPhone 12 64GB White"])
        sub = rng.choice(["Model A2633  MLPF3ZD/A", "Model A2882  MPVN3QN/A", "Model A2403  MGJ63ZD/A"])
        sn = ids.apple_serial(rng)
        labels = ["IMEI/MEID", "IMEI2"] if len(imeis) > 1 else ["IMEI/MEID"]
    else:
        model = rng.choice(["Redmi Note 12 8GB+256GB", "Xiaomi 13T 12GB+256GB", "POCO X5 Pro 5G"])
        sub = rng.choice(["Model: 23021RAAEG  Onyx Gray", "Model: 2306EPN60G  Black"])
        sn = "".join(rng.choice("0123456789") for _ in range(5)) + "/" + "".join(rng.choice("0123456789ABCDEF") for _ in range(8))
        labels = ["IMEI1", "IMEI2"] if len(imeis) > 1 else ["IMEI"]
    font = FONT_ANDROID if brand != "apple" else FONT_IOS
    paper = "#FBFBF8"
    blocks = []
    for lbl, im in zip(labels, imeis):
        blocks.append(f'<div data-g="imeirow" style="margin-top:7px"><div style="font:500 13px {font}">{lbl} <span data-g="imei">{im}</span></div>'
                      f'<div style="margin-top:2px">{svg_code128(im, module, bh, "#000", paper, quiet=2)}</div></div>')
    sn_block = (f'<div style="margin-top:7px"><div style="font:500 12px {font}">S/N {E(sn)}</div>'
                f'<div style="margin-top:2px">{svg_code128(sn, 1.25, 26, "#000", paper, quiet=2)}</div></div>')
    right = (f'<div style="position:absolute;right:16px;top:14px;width:170px;font:400 11px {font};line-height:1.35;text-align:left">'
             f'<div>{svg_ean13(ean, 1.5, 58, 12)}</div>'
             f'<div style="margin-top:10px">Made in {rng.choice(["Vietnam", "China", "India", "Korea"])}</div>'
             f'<div>{rng.choice(["CE 0168", "FCC ID: A3LSMA525F", "CMIIT ID: 2023CP1234", "CE"])}</div>'
             f'<div style="margin-top:8px;display:flex;gap:6px">'
             f'<div style="width:22px;height:22px;border:1.5px solid #222;border-radius:3px;font:700 9px {font};text-align:center;line-height:20px">CE</div>'
             f'<div style="width:22px;height:22px;border:1.5px solid #222;border-radius:50%"></div>'
             f'<div style="width:22px;height:22px;border:1.5px solid #222"></div></div></div>')
    body = (f'<div style="position:absolute;inset:0;background:{paper};padding:12px 16px;color:#111">'
            f'<div style="font:700 16px {font}">{E(model)}</div><div style="font:400 12px {font};margin-top:1px">{E(sub)}</div>'
            f'{"".join(blocks)}{sn_block}{right}</div>')
    return page(w, h, body, "", paper), (w, h, 2), {"ean": ean, "sn": sn, "brand": brand}


# ----------------------------------------------------------------- chat (negative)

def chat(rng, dark, dev, platform, messages, contact):
    """messages: list of (outgoing: bool, text_html, time)."""
    if platform == "ios":
        name, w, h, dpr, top = dev
        bg = "#000" if dark else "#FFF"
        fg = "#FFF" if dark else "#000"
        inc = "#262628" if dark else "#E9E9EB"
        sb_h = {"notch": 47, "island": 54, "home": 20}[top]
        bubbles = []
        for out, txt, _ in messages:
            style = ('background:#0A84FF;color:#FFF;margin-left:auto' if out else f'background:{inc};color:{fg}')
            bubbles.append(f'<div style="max-width:74%;width:fit-content;{style};border-radius:18px;padding:7px 12px;'
                           f'font:400 17px {FONT_IOS};letter-spacing:-0.4px;line-height:22px;margin:0 14px 8px">{txt}</div>')
        header = (f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:5;background:{"rgba(30,30,30,.95)" if dark else "rgba(246,246,246,.95)"};'
                  f'border-bottom:{1 / dpr:.4f}px solid {"#333" if dark else "#CCC"}">{ios_status(w, top, dark, "9:41")}'
                  f'<div style="height:82px;text-align:center;font:400 11px {FONT_IOS};color:{fg}">'
                  f'<div style="width:50px;height:50px;border-radius:50%;background:#A0A4AE;margin:4px auto 4px;color:#fff;font:500 22px {FONT_IOS};line-height:50px">'
                  f'{E(contact[0])}</div>{E(contact)} ›</div></div>')
        top_y = sb_h + 82 + 16
        body = (header + f'<div style="position:absolute;left:0;top:{top_y}px;width:{w}px">'
                f'<div style="text-align:center;font:400 12px {FONT_IOS};color:#8E8E93;margin:6px 0 10px">iMessage<br>Today {messages[0][2]}</div>'
                f'{"".join(bubbles)}</div>'
                f'<div style="position:absolute;left:52px;right:14px;top:{h - 80}px;height:36px;border:1px solid {"#3A3A3C" if dark else "#C8C8CC"};'
                f'border-radius:18px;font:17px {FONT_IOS};color:#8E8E93;padding:7px 14px">iMessage</div>'
                + (ios_home_indicator(w, h, dark) if top != "home" else ""))
        return page(w, h, body, "", bg), (w, h, dpr)
    name, w, h, dpr = dev
    bg = "#0B141A" if dark else "#EFEAE2"
    fg = "#E9EDEF" if dark else "#111B21"
    inc, outc = ("#202C33", "#005C4B") if dark else ("#FFFFFF", "#D9FDD3")
    bar = "#1F2C34" if dark else "#008069"
    bubbles = []
    for out, txt, tm in messages:
        style = f'background:{outc};margin-left:auto' if out else f'background:{inc}'
        bubbles.append(f'<div style="max-width:80%;width:fit-content;{style};color:{fg};border-radius:8px;padding:6px 9px 5px;'
                       f'font:400 16px {FONT_ANDROID};line-height:21px;margin:0 12px 6px;box-shadow:0 1px .5px rgba(0,0,0,.13)">{txt}'
                       f'<span style="float:right;font-size:11px;color:{"#8696A0" if dark else "#667781"};margin:8px 0 -4px 10px">{tm}{" ✓✓" if out else ""}</span></div>')
    header = (f'<div style="position:absolute;left:0;top:0;width:{w}px;z-index:5;background:{bar}">'
              f'{android_status(True, rng.choice(["11:02", "17:45"]), rng.uniform(0.3, 1), color="#FFF")}'
              f'<div style="height:58px;display:flex;align-items:center;gap:10px;padding-left:8px;color:#FFF">{android_back("#FFF")}'
              f'<div style="width:38px;height:38px;border-radius:50%;background:#CCD"></div>'
              f'<div style="font:500 18px {FONT_ANDROID}">{E(contact)}<div style="font:400 13px {FONT_ANDROID};opacity:.8">online</div></div></div></div>')
    body = (header + f'<div style="position:absolute;left:0;top:106px;width:{w}px">'
            f'<div style="text-align:center;margin:4px 0 10px"><span style="background:{"#182229" if dark else "#FFF"};color:{"#8696A0" if dark else "#54656F"};'
            f'font:500 12px {FONT_ANDROID};padding:5px 10px;border-radius:7px">TODAY</span></div>{"".join(bubbles)}</div>'
            f'<div style="position:absolute;left:8px;right:64px;top:{h - 70}px;height:46px;background:{inc};border-radius:23px;'
            f'font:17px {FONT_ANDROID};color:#8696A0;padding:12px 18px">Message</div>'
            f'<div style="position:absolute;right:8px;top:{h - 70}px;width:48px;height:48px;border-radius:50%;background:#00A884"></div>')
    return page(w, h, body, "", bg), (w, h, dpr)


# ----------------------------------------------------------------- label glue (label and value on one line)

def notes_glue(rng, dark, dev, lines_html):
    """iOS Notes page with pasted 'IMEI 35 209900 176148 1' style lines."""
    name, w, h, dpr, top = dev
    bg = "#000" if dark else "#FFF"
    fg = "#FFF" if dark else "#000"
    yellow = "#FFD60A" if dark else "#E0A100"
    header = (f'{ios_status(w, top, dark, rng.choice(["9:41", "12:08"]))}'
              f'<div style="height:44px;position:relative;font:400 17px {FONT_IOS};color:{yellow}">'
              f'<span style="position:absolute;left:8px;top:11px;display:flex;align-items:center">{back_chevron(yellow)}Notes</span>'
              f'<span style="position:absolute;right:16px;top:11px;font-weight:600">Done</span></div>')
    body = (f'{header}<div style="padding:8px 20px;font:400 17px {FONT_IOS};letter-spacing:-0.3px;line-height:1.45;color:{fg}">'
            f'<div style="font:700 28px {FONT_IOS};margin-bottom:10px">{rng.choice(["Phone details", "Old iPhone", "For insurance", "Handy Daten"])}</div>'
            f'{"".join(lines_html)}</div>' + (ios_home_indicator(w, h, dark) if top != "home" else ""))
    return page(w, h, body, "", bg), (w, h, dpr)


def compact_glue(rng, dark, dev, lines_html):
    """Android 'Device info' card where each line is 'IMEI1 35 209900 ...' (label glued to value)."""
    name, w, h, dpr = dev
    t = ANDROID_THEME[dark]
    body = (android_status(dark, "10:10", 0.7) +
            f'<div style="margin:60px 20px;background:{t["card"]};border-radius:24px;padding:24px;color:{t["fg"]};'
            f'box-shadow:0 2px 10px rgba(0,0,0,.15)"><div style="font:500 22px {FONT_ANDROID};margin-bottom:16px">Device info</div>'
            f'<div style="font:400 17px {FONT_ANDROID};line-height:1.7">{"".join(lines_html)}</div>'
            f'<div style="text-align:right;font:500 15px {FONT_ANDROID};color:{t["accent"]};margin-top:18px">Copy</div></div>')
    return page(w, h, body, "", t["bg"]), (w, h, dpr)
