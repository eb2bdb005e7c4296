"""Layout measured where it broke: a dark-theme printout, candidates in small cells, long
messages, the narrowest phones.

Every assertion reads a measured property of the page: computed colours under print emulation,
the boxes of the candidate text lines against the box that clips them, the message's scroll size
and the pixels of its scroll cue, the document's scroll width.
"""

from __future__ import annotations

import re
import struct
import zlib
from typing import Any

import pytest
from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser, expect
from puzzles import CLASSIC

PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
# An Expert 9x9 (a shipped sample): Hint, pressed again and again, reaches steps whose texts
# run past 1,000 characters (chains of eliminations).
EXPERT = ".4.9.5.......812..2...7.9....4...16..3.....4..59...3....3.6...5..725.......1.7.8."


def page_with(browser: Browser, server: Server, watch: Watch, **options: Any) -> tuple[Any, App]:
    ctx = open_context(browser, server, watch, **options)
    return ctx, App(ctx.new_page(), server, watch)


def rgb(css: str) -> tuple[float, float, float, float]:
    """'rgb(1, 2, 3)' or 'rgba(1, 2, 3, 0.5)' as (r, g, b, alpha)."""
    m = re.fullmatch(r"rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? /? ?([\d.]+))?\)", css.strip())
    assert m, css
    r, g, b, a = m.groups()
    return float(r), float(g), float(b), float(a) if a is not None else 1.0


def luminance(css: str) -> float:
    """WCAG relative luminance of an opaque colour."""
    r, g, b, a = rgb(css)
    assert a == 1.0, css

    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(fg: str, bg: str) -> float:
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# --- 1. Print is dark on white whatever the theme -------------------------------------------

COLOURS = """() => {
    const cell = (r, c) => document.querySelector(`[role=gridcell][aria-label^='r${r}c${c},']`);
    const colour = el => getComputedStyle(el).color;
    const back = el => getComputedStyle(el).backgroundColor;
    const given = cell(1, 1), entry = cell(1, 3), centre = cell(1, 4), corner = cell(1, 6);
    const cand = document.querySelector('.cands span:not(:empty), .cands-text');
    return {
        body: back(document.body), grid: back(document.getElementById('grid')),
        gridBorder: getComputedStyle(document.getElementById('grid')).borderTopColor,
        given: colour(given.querySelector('.v')), givenBack: back(given),
        entry: colour(entry.querySelector('.v')), entryBack: back(entry),
        centre: colour(centre.querySelector('.centre')), centreBack: back(centre),
        corner: colour(corner.querySelector('.corner span')), cornerBack: back(corner),
        cand: colour(cand), candBack: back(cand.closest('[role=gridcell]')),
        level: colour(document.getElementById('print-level')),
    };
}"""


@pytest.mark.parametrize("scheme,theme", [("light", "dark"), ("dark", "system"), ("dark", "dark")])
def test_print_is_dark_on_white(browser: Browser, server: Server, watch: Watch, scheme: str,
                                theme: str) -> None:
    ctx, app = page_with(browser, server, watch, color_scheme=scheme, **DESKTOP)
    page = app.page
    try:
        app.open("#p=" + CLASSIC)
        if theme != "system":
            app.click("Settings")
            page.select_option("#set-theme", theme)
            app.click("Settings")
        app.cell(1, 3).click()
        page.keyboard.press("4")  # an entry
        app.cell(1, 4).click()
        page.keyboard.press("Control+2")  # a centre mark
        app.cell(1, 6).click()
        page.keyboard.press("Alt+8")  # a corner mark
        app.click("Candidates")
        page.wait_for_selector(".cands span:not(:empty), .cands-text")
        app.cell(9, 1).click()  # the selection and its peers away from the measured cells
        screen = page.evaluate(COLOURS)
        assert luminance(screen["given"]) > 0.6, screen  # the dark theme is on: light digits
        page.emulate_media(media="print")
        paper = page.evaluate(COLOURS)
        for back in ("body", "grid", "givenBack", "entryBack", "centreBack", "cornerBack",
                     "candBack"):
            assert luminance(paper[back]) > 0.95, (back, paper)  # white paper, white cells
        assert contrast(paper["given"], paper["givenBack"]) >= 15, paper  # near black
        assert contrast(paper["gridBorder"], paper["grid"]) >= 15, paper
        assert contrast(paper["level"], paper["body"]) >= 15, paper
        for ink, back in (("entry", "entryBack"), ("centre", "centreBack"),
                          ("corner", "cornerBack"), ("cand", "candBack")):
            assert contrast(paper[ink], paper[back]) >= 4.5, (ink, paper)
        assert "9×9" in page.locator("#print-level").inner_text()
    finally:
        page.emulate_media(media="screen")
        ctx.close()


# --- 2. Candidates show whole at every size ---------------------------------------------------

# Per cell with candidates: the text lines (Range client rects, which span each line's ascent
# and descent) against the box that clips them and the cell; and the element's scroll sizes.
CANDIDATE_FIT = """() => {
    const bad = [];
    let seen = 0;
    for (const el of document.querySelectorAll('.cands-text, .cands > span:not(:empty)')) {
        seen++;
        const cell = el.closest('[role=gridcell]');
        const clip = (el.classList.contains('cands-text') ? el : el.parentElement)
            .getBoundingClientRect();
        const c = cell.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = [...range.getClientRects()];
        // A line's box runs from the font's ascent to its descent, above and below any digit's
        // ink: 1.36 em in Noto Sans (what system-ui is where it is installed) against digits
        // 0.71 em tall. So a slot may cut 0.15 em of that box, never a digit.
        const slack = Math.max(0.1, 0.15 * parseFloat(getComputedStyle(el).fontSize));
        const out = lines.filter(q => q.top < clip.top - slack
            || q.bottom > clip.bottom + slack
            || q.left < clip.left - 0.1 || q.right > clip.right + 0.1
            || q.top < c.top || q.bottom > c.bottom || q.left < c.left || q.right > c.right);
        const overflow = el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth;
        if (out.length || overflow || !lines.length) {
            bad.push({cell: cell.getAttribute('aria-label').split(',')[0], text: el.textContent,
                      font: getComputedStyle(el).fontSize, clip: [clip.top, clip.bottom],
                      lines: lines.map(q => [q.top, q.bottom, q.left, q.right]),
                      scroll: [el.scrollHeight, el.clientHeight, el.scrollWidth, el.clientWidth]});
            if (bad.length > 3) break;
        }
    }
    return {seen, bad};
}"""

SIZES = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36, 49]


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_candidates_show_whole(browser: Browser, server: Server, watch: Watch,
                               device: str) -> None:
    ctx, app = page_with(browser, server, watch, **(PHONE if device == "phone" else DESKTOP))
    page = app.page
    try:
        app.open("#p=" + "." * 81)
        page.locator("#candidates").click()
        for n in SIZES:
            # An empty grid of each size the page offers: every cell holds all n candidates, the
            # most text a cell can get.
            if page.get_attribute("#menu", "aria-expanded") != "true":
                page.locator("#menu").click()  # Size is in the menu
            page.select_option("#size", str(n))
            page.locator("#menu-close").click()
            page.wait_for_function(
                "n => document.querySelectorAll('[role=gridcell]').length === n * n", arg=n)
            if page.get_attribute("#candidates", "aria-pressed") != "true":
                page.locator("#candidates").click()
            page.wait_for_function(
                "n => document.querySelectorAll('.cands, .cands-text').length === n * n",
                arg=n, timeout=30_000)
            fit = page.evaluate(CANDIDATE_FIT)
            assert fit["bad"] == [], f"{device} {n}x{n}: {fit['bad']}"
            assert fit["seen"] >= n * n, (n, fit["seen"])
    finally:
        ctx.close()


# --- 3. Long messages: shown whole on desktop, scrollable with a visible cue on the phone ----

def press_hint_until_chain(app: App, limit: int = 80) -> str:
    """Press Hint until a hint with a chain is shown (its message offers Explain); the message."""
    text = app.page.evaluate(
        """async (limit) => {
            const root = document.documentElement;
            const status = document.querySelector('[role=status]');
            for (let presses = 0; presses < limit; presses++) {
                const before = Number(root.dataset.hints);
                document.getElementById('hint').click();
                await new Promise(resolve => {
                    const t = setInterval(() => {
                        if (Number(root.dataset.hints) > before) { clearInterval(t); resolve(); }
                    }, 5);
                });
                await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
                if (status.textContent.includes('Explain shows the chain')) {
                    return status.textContent;
                }
            }
            return status.textContent;
        }""", limit)
    assert "Explain shows the chain" in text, f"no chain hint in {limit} presses: {text!r}"
    return str(text)


def png_rows(png: bytes) -> list[list[tuple[int, int, int]]]:
    """The RGB pixels of an 8-bit, non-interlaced RGB or RGBA PNG (Chromium's screenshots)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data = 8, b""
    width = height = channels = 0
    while pos < len(png):
        size, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += body
        pos += 12 + size
    raw = zlib.decompress(data)
    stride = width * channels
    rows: list[list[tuple[int, int, int]]] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        prev = line
    return rows


def strip_change(app: App, edge: str) -> float:
    """How much the message's background images (the scroll cue) change the pixels of a strip
    at its top or bottom edge: the largest mean difference of a pixel row, 0-255."""
    page = app.page
    b = page.locator("#message").bounding_box()
    assert b
    clip = {"x": b["x"] + 8, "width": b["width"] - 24, "height": 6.0,
            "y": b["y"] + 1 if edge == "top" else b["y"] + b["height"] - 7}
    with_cue = png_rows(page.screenshot(clip=clip, animations="disabled"))
    page.locator("#message").evaluate("el => el.style.backgroundImage = 'none'")
    try:
        without = png_rows(page.screenshot(clip=clip, animations="disabled"))
    finally:
        page.locator("#message").evaluate("el => el.style.backgroundImage = ''")
    assert len(with_cue) == len(without)
    return max(sum(abs(p - q) for x, y in zip(r1, r2, strict=True)
                   for p, q in zip(x, y, strict=True)) / (3 * len(r1))
               for r1, r2 in zip(with_cue, without, strict=True))


def boxes(app: App, *selectors: str) -> list[dict[str, float]]:
    out = []
    for sel in selectors:
        b = app.page.locator(sel).first.bounding_box()
        assert b, sel
        out.append(b)
    return out


def test_a_chain_hint_shows_whole_on_desktop(browser: Browser, server: Server,
                                             watch: Watch) -> None:
    # A chain's hint is its one-line summary; the chain itself is one tap away (Explain), so
    # the message never hides text and the grid never moves.
    ctx, app = page_with(browser, server, watch, **DESKTOP)
    page = app.page
    try:
        app.open("#p=" + EXPERT)
        grid_before = boxes(app, "#grid", "[role=gridcell]")
        text = press_hint_until_chain(app)
        m = page.evaluate("""() => { const m = document.getElementById('message');
            return {sh: m.scrollHeight, ch: m.clientHeight, text: m.innerText}; }""")
        assert m["text"] == text
        assert m["sh"] <= m["ch"] + 1, m  # all of it shows: nothing to scroll
        assert len(text) < 400, text
        assert boxes(app, "#grid", "[role=gridcell]") == grid_before  # the grid did not move
        hint = boxes(app, "#hint")[0]
        assert hint["y"] + hint["height"] <= 768  # Hint still pressable without scrolling
        assert page.evaluate("scrollY") == 0
        app.click("Explain")
        sheet = page.locator("#chain-sheet")
        expect(sheet).to_be_visible()
        assert len(sheet.inner_text()) > len(text)  # the whole chain is in the sheet
    finally:
        ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_chain_hint_opens_a_sheet_on_the_phone(browser: Browser, server: Server,
                                                 watch: Watch, scheme: str) -> None:
    ctx, app = page_with(browser, server, watch, color_scheme=scheme, **PHONE)
    page = app.page
    try:
        app.open("#p=" + EXPERT)
        press_hint_until_chain(app)
        m = page.evaluate("""() => { const m = document.getElementById('message');
            return {sh: m.scrollHeight, ch: m.clientHeight,
                    overflow: getComputedStyle(m).overflowY}; }""")
        # The summary shows whole, or scrolls within its three lines (never clipped).
        assert m["sh"] <= m["ch"] + 1 or m["overflow"] in ("auto", "scroll"), m
        app.click("Explain")
        sheet = page.locator("#chain-sheet")
        expect(sheet).to_be_visible()
        b = sheet.bounding_box()
        assert b and b["x"] >= 0 and b["x"] + b["width"] <= 375.5  # over the keypad, in view
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        assert page.evaluate("scrollY") == 0 and page.evaluate(
            "document.documentElement.scrollWidth") <= 375
    finally:
        ctx.close()


# --- 4. The narrowest phones never scroll sideways -------------------------------------------

@pytest.mark.parametrize("size", [(320, 568), (360, 640)], ids=["320x568", "360x640"])
def test_no_sideways_scroll_on_small_phones(browser: Browser, server: Server, watch: Watch,
                                            size: tuple[int, int]) -> None:
    w, h = size
    ctx, app = page_with(browser, server, watch, viewport={"width": w, "height": h},
                         is_mobile=True, has_touch=True, device_scale_factor=2)
    page = app.page
    clipped = """() => [...document.querySelectorAll(
            '.toolbar button, #engine-text, #level, #timer')]
        .filter(e => e.getClientRects().length && (e.scrollWidth > e.clientWidth + 0.5
                     || e.getBoundingClientRect().right > innerWidth + 0.5))
        .map(e => e.id || e.textContent)"""
    try:
        app.open("#p=" + CLASSIC)
        assert page.evaluate("document.documentElement.scrollWidth") <= w
        assert page.evaluate(clipped) == []  # Redo, the mode names and the engine state whole
        assert "ready" in page.locator("#engine-text").inner_text().lower()
        for sel in ("#grid", "#redo", "#undo", "#keypad", "#message"):
            b = page.locator(sel).bounding_box()
            assert b and b["x"] >= 0 and b["x"] + b["width"] <= w + 0.5, (sel, b)
        toolbar = [page.locator(s).bounding_box() for s in ("#modes", "#undo", "#redo")]
        assert len({round(b["y"]) for b in toolbar if b}) == 1  # still one row
        redo = page.locator("#redo").bounding_box()
        assert redo and redo["y"] + redo["height"] <= h
        for hash_ in ("#p=" + "." * 256, "#p=" + "." * 625):  # bigger keypads
            app.show(hash_)
            assert page.evaluate("document.documentElement.scrollWidth") <= w, hash_
        for name in ("New puzzle", "Saved games", "Import / export", "Settings", "Share"):
            if name != "New puzzle":
                app.open_menu()  # the rest is in the menu
            app.button(name).tap()
            assert page.evaluate("document.documentElement.scrollWidth") <= w, name
    finally:
        ctx.close()
