"""Every action that waits on the engine shows progress past 300 ms and can be cancelled.

A Solve that runs into the engine's time budget (tens of seconds in the page: an empty 9x9
under X, Windoku, anti-knight and anti-king, which no search here settles in minutes; a hard
25x25 once served, until the solver got fast enough to finish it on a quiet machine): the
status names what runs with the elapsed time, Cancel stops it, the grid and the player's entry
stay, and the fresh engine answers the next action. A Hint's Explain
button shows only for a step with a chain to draw, never beside a nudge.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

from conftest import App
from playwright.sync_api import expect
from puzzles import SMALL

# Open with a few hints before a chain (the same Expert puzzle the phone tests press through).
EXPERT = ".4.9.5.......812..2...7.9....4...16..3.....4..59...3....3.6...5..725.......1.7.8."
SLOW_RULES = {"diagonals": True, "windows": True, "anti_knight": True, "anti_king": True}
SLOW = "#p=" + "." * 81 + "&v=" + quote(json.dumps(SLOW_RULES), safe="")
PROGRESS = re.compile(r"^Solving… \((\d+\.\d) s; Cancel or Esc stops it\)$")


def progress_seconds(app: App) -> float:
    """The elapsed time the status says, e.g. 1.4 for "Solving… (1.4 s; ...)"."""
    text = str(app.status().inner_text())
    m = PROGRESS.match(text)
    assert m, text
    return float(m[1])


def test_a_slow_solve_shows_progress_and_cancel_keeps_the_grid(fresh_app: App) -> None:
    app = fresh_app
    app.open(SLOW)
    app.cell(1, 1).click()
    app.page.keyboard.press("3")  # an entry of the player's: it must survive the cancel
    before = app.values()
    assert before[0] == "3"
    cancel = app.button("Cancel")
    expect(cancel).to_be_hidden()
    app.click("Solve")
    # Past 300 ms the status says what runs, with the time so far (generous on a loaded machine).
    app.page.wait_for_function(
        "() => /^Solving… \\(\\d+\\.\\d s; Cancel or Esc stops it\\)$/"
        ".test(document.querySelector('[role=status]').textContent)", timeout=3000)
    expect(cancel).to_be_visible()
    assert app.page.locator("#grid").get_attribute("aria-busy") == "true"
    first = progress_seconds(app)
    assert first >= 0.3
    app.page.wait_for_function(
        """(first) => {
            const text = document.querySelector('[role=status]').textContent;
            const m = /\\((\\d+\\.\\d) s;/.exec(text);
            return m && Number(m[1]) >= first + 0.5;
        }""", arg=first, timeout=10_000)  # the time goes on while it runs
    cancel.click()
    app.wait_message("Cancelled")
    expect(cancel).to_be_hidden()
    assert app.values() == before
    assert app.page.locator("#grid").get_attribute("aria-busy") == "false"
    # A following quick action works on the fresh engine.
    app.wait_ready()
    app.paste(SMALL)
    app.wait_message("Loaded a 4×4")
    app.click("Hint")
    app.wait_message("Hint again says what to look for.")
    expect(cancel).to_be_hidden()


def test_progress_shows_only_past_300_ms(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + SMALL)
    seen = app.page.evaluate(
        """() => new Promise(resolve => {
            const status = document.querySelector('[role=status]');
            const texts = [];
            const watch = new MutationObserver(() => texts.push(status.textContent));
            watch.observe(status, {childList: true, characterData: true, subtree: true});
            const t0 = performance.now();
            document.getElementById('hint').click();
            const busy = document.getElementById('hint').disabled;  // at once: no second press
            const root = document.documentElement;
            const t = setInterval(() => {
                if (root.dataset.hints === '1') {
                    clearInterval(t);
                    watch.disconnect();
                    resolve({texts, busy, ms: performance.now() - t0});
                }
            }, 5);
        })""")
    assert seen["busy"]
    progress = [t for t in seen["texts"] if t.startswith("Looking for a hint…")]
    # Within 300 ms the answer replaces the old message directly; past it (a loaded machine)
    # the progress line came first. The 100 ms around the limit are left to the timers.
    if seen["ms"] < 250:
        assert progress == [], seen
    elif seen["ms"] > 400:
        assert progress, seen
    assert "Hint again says what to look for." in seen["texts"][-1]


def test_explain_shows_for_a_chain_hint_and_never_beside_a_nudge(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + EXPERT)
    presses = app.page.evaluate(
        """async (limit) => {
            const root = document.documentElement;
            const status = document.querySelector('[role=status]');
            const explain = () => document.getElementById('explain');
            const out = [];
            for (let i = 0; i < limit; i++) {
                const before = Number(root.dataset.hints);
                document.getElementById('hint').click();
                await new Promise(resolve => {
                    const t = setInterval(() => {
                        if (Number(root.dataset.hints) > before) { clearInterval(t); resolve(); }
                    }, 5);
                });
                await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
                out.push({text: status.textContent, hidden: !explain() || explain().hidden});
                if (status.textContent.includes('Explain shows the chain')) break;
            }
            return out;
        }""", 60)
    # The presses that say where to look or what: no chain to explain beside them.
    nudges = [p for p in presses if p["text"].endswith(("Hint again says what to look for.",
                                                        "Hint again shows the step."))]
    chains = [p for p in presses if "Explain shows the chain" in p["text"]]
    assert nudges, presses
    assert all(p["hidden"] for p in nudges), [p for p in nudges if not p["hidden"]]
    assert chains, f"no chain hint in {len(presses)} presses"
    assert not chains[-1]["hidden"]
    app.click("Explain")
    sheet = app.page.get_by_role("dialog")
    expect(sheet).to_be_visible()
    assert sheet.locator(".chain-nodes li").count() >= 2  # the chain is drawn
    app.click("Close")
    expect(sheet).to_be_hidden()
    # The next press, a nudge on the new grid, hides Explain again.
    app.click("Hint")  # applies the chain step
    app.wait_message("Applied:")
    app.click("Hint")
    app.wait_message("Hint again says what to look for.")
    expect(app.button("Explain")).to_be_hidden()
