"""The assistant never stalls: Hint again and again solves every sample, Fill candidates,
applied eliminations, Check, Validate naming the cells, the step walk, the celebration."""

from __future__ import annotations

import re

import pytest
from conftest import App
from playwright.sync_api import expect
from puzzles import CLASSIC, CLASSIC_SOLUTION

from sudoku_core import Shape, generate, parse, solve
from sudoku_core.logic.explain import steps
from sudoku_core.solver.validate import validate

# Presses per logical step: where to look, what, the step, apply.
PRESSES = 4
# The Medium 9x9 whose fourth hint used to be a pointing step that changed nothing.
STALLED = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def press_hint_until_solved(app: App, limit: int) -> tuple[int, list[str]]:
    """Press Hint until the grid is full (or `limit` presses); the presses and the applied texts."""
    return tuple(app.page.evaluate(  # type: ignore[return-value]
        """async (limit) => {
            const root = document.documentElement;
            const full = () => [...document.querySelectorAll('[role=gridcell]')]
                .every(c => c.dataset.value);
            const applied = [];
            let presses = 0;
            while (!full() && presses < limit) {
                const before = Number(root.dataset.hints);
                document.getElementById('hint').click();
                presses++;
                await new Promise(resolve => {
                    const t = setInterval(() => {
                        if (Number(root.dataset.hints) > before) { clearInterval(t); resolve(); }
                    }, 5);
                });
                await new Promise(r => requestAnimationFrame(r));
                const text = document.querySelector('[role=status]').textContent;
                if (text.startsWith('Applied:')) applied.push(text);
            }
            return [presses, applied];
        }""", limit))


def sample() -> list[tuple[str, str]]:
    out = [("medium-stalled", STALLED)]
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        out.append((f"9x9-{level}", generate(Shape(3, 3), level, seed=11).grid.line()))
    out.append(("6x6", generate(Shape(2, 3), "easy", seed=3).grid.line() + "&box=2x3"))
    return out


@pytest.mark.parametrize("name,link", sample(), ids=[s[0] for s in sample()])
def test_hint_again_and_again_solves(app: App, name: str, link: str) -> None:
    app.open("#p=" + link)
    puzzle = parse(link.split("&")[0], shape=Shape(2, 3) if "box=2x3" in link else None)
    path = steps(puzzle)
    assert path.status == "solved"
    bound = PRESSES * len(path.steps)
    presses, applied = press_hint_until_solved(app, bound + 1)
    assert presses <= bound, (presses, len(path.steps))
    solution = solve(puzzle).solution
    assert solution is not None
    app.expect_line(solution.line())
    # No hint repeats a step: every applied step changed the state, none is applied twice.
    assert len(applied) == len(set(applied)), [t for t in applied if applied.count(t) > 1][:3]


@pytest.mark.parametrize("box,level,keep", [((3, 4), "easy", 30), ((4, 4), "easy", 30)],
                         ids=["12x12", "16x16"])
def test_hint_solves_big_grids(app: App, box: tuple[int, int], level: str, keep: int) -> None:
    """12x12 and 16x16: the last `keep` empty cells of a generated puzzle (the rest filled)."""
    gen = generate(Shape(*box), level, seed=5)
    cells = list(gen.grid.cells)
    empty = [i for i, v in enumerate(cells) if not v]
    for i in empty[:-keep]:
        cells[i] = gen.solution.cells[i]
    n = gen.grid.size
    from sudoku_core import Grid
    puzzle = Grid(gen.shape, tuple(cells))
    app.open(f"#p={puzzle.line()}&box={box[0]}x{box[1]}")
    path = steps(puzzle)
    presses, _ = press_hint_until_solved(app, PRESSES * len(path.steps) + 1)
    assert presses <= PRESSES * len(path.steps)
    app.expect_line(gen.solution.line())
    assert n * n == len(app.values())


def test_applied_elimination_changes_the_working_candidates(app: App) -> None:
    app.open("#p=" + STALLED)
    page = app.page
    seen_elimination = False
    for _ in range(60):
        press_hint_until_solved(app, 1)
        text = app.status().inner_text()
        removed = page.eval_on_selector_all(
            "[role=gridcell]:has(.cands span[data-role=remove])",
            """cs => cs.map(c => [c.dataset.candidates,
                [...c.querySelectorAll('.cands span[data-role=remove]')]
                    .map(s => s.textContent)])""")
        if text.startswith("Applied:") and removed:
            # Shown struck out where they were, and gone from the working candidates.
            for candidates, symbols in removed:
                assert candidates and not set(symbols) & set(candidates), (text, removed)
            seen_elimination = True
            break
    assert seen_elimination, "no elimination step in the first hints"


def test_fill_candidates_and_auto_remove(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    app.click("Fill candidates")
    app.wait_message("centre marks")
    # r1c3 sees 5, 3, 7 (row), 9, 8, 6 (box): its candidates are 1, 2, 4.
    expect(app.cell(1, 3)).to_have_attribute("data-centre", "124")
    expect(app.cell(1, 3)).to_have_attribute("data-mark", "124")
    centres = page.eval_on_selector_all(
        "[role=gridcell][data-kind=empty]",
        "cs => cs.map(c => [c.dataset.centre, c.dataset.candidates])")
    assert all(a == b and a for a, b in centres)
    app.cell(1, 3).click()
    page.keyboard.press("4")  # the solution's value; 4 leaves the marks of r1c3's peers
    for r, c in ((2, 2), (2, 3), (3, 1)):
        assert "4" not in (app.cell(r, c).get_attribute("data-centre") or "")
    assert page.get_by_label("Remove a placed value from its peers' marks").is_checked()


def test_check_names_wrong_entries(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("1")  # wrong: the solution has 4
    app.cell(1, 4).click()
    app.page.keyboard.press("6")  # right
    app.click("Check")
    text = app.wait_message("does not fit the solution")
    assert "r1c3 = 1" in text and "r1c4" not in text
    assert app.invalid() == ["r1c3"]
    app.cell(2, 2).click()
    app.page.keyboard.press("2")  # wrong too (7), breaks no rule
    app.click("Check")
    text = app.wait_message("do not fit the solution")
    # Word for word what the library (and so the CLI) says.
    report = validate(parse(app.line()), givens=parse(CLASSIC))
    assert text == report.message() == "r1c3 = 1 and r2c2 = 2 do not fit the solution."
    assert sorted(app.invalid()) == ["r1c3", "r2c2"]


def test_show_mistakes_as_i_type(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.click("Settings")
    app.page.get_by_label("Show mistakes as I type").check()
    app.cell(1, 3).click()
    app.page.keyboard.press("2")
    app.page.wait_for_function(
        "() => document.querySelector('[aria-label^=\"r1c3,\"]').getAttribute('aria-invalid')")
    app.page.keyboard.press("4")
    expect(app.cell(1, 3)).not_to_have_attribute("aria-invalid", "true")
    app.page.get_by_label("Show mistakes as I type").uncheck()


def walk_state(app: App) -> str:
    """The grid and every cell's working candidates, once the engine's candidates for this grid
    have arrived (they come a moment after the step is drawn: every empty cell has some)."""
    app.page.wait_for_function(
        "() => [...document.querySelectorAll('[role=gridcell]')]"
        ".every(c => c.dataset.value || c.dataset.candidates)")
    return app.line() + "|" + ",".join(app.page.eval_on_selector_all(
        "[role=gridcell]", "cs => cs.map(c => c.dataset.candidates)"))


def test_step_walk_back_and_forth_and_jump(app: App) -> None:
    app.open("#p=" + STALLED)
    app.click("Steps")
    app.wait_message("steps to the solution")
    lines = [app.line()]
    walk = app.page.locator("#walk-text")
    for k in range(1, 9):
        app.click("Next step")
        expect(walk).to_contain_text(f"Step {k} of")
        lines.append(walk_state(app))
    for k in range(7, 2, -1):
        app.click("Previous step")
        expect(walk).to_contain_text(f"Step {k} of")
        now = walk_state(app)
        assert now == lines[k]
    app.page.get_by_label("Go to step").fill("8")
    app.page.get_by_label("Go to step").dispatch_event("change")
    expect(walk).to_contain_text("Step 8 of")
    assert app.line() == lines[8].split("|")[0]


def test_full_grid_celebrated_once_and_after_reload(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + CLASSIC_SOLUTION[:-1] + ".")
    app.cell(9, 9).click()
    app.page.keyboard.press(CLASSIC_SOLUTION[-1])
    text = app.wait_message("Well done")
    assert "9×9" in text
    app.page.reload()
    app.wait_ready()
    assert "Well done" in app.status().inner_text()
    assert app.page.locator("#timer").inner_text() == app.page.locator("#timer").inner_text()


def test_validate_names_a_wrong_entry(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("1")  # breaks no rule, but the solution has 4 there
    app.click("Validate")
    app.page.wait_for_function("() => !document.querySelector('#validate').disabled")
    text = app.status().inner_text()
    assert "r1c3" in text, text


def test_hint_leads_on_from_a_wrong_entry(app: App) -> None:
    """A wrong entry is named, then Hint clears it (never gives its answer), and goes on."""
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("1")  # breaks no rule, but the solution has 4 there
    presses, applied = press_hint_until_solved(app, PRESSES)
    assert app.invalid() == [] and app.cell(1, 3).get_attribute("data-value") == ""
    assert applied == [] and "Cleared r1c3" in app.status().inner_text()
    path = steps(parse(CLASSIC))
    presses, _ = press_hint_until_solved(app, PRESSES * len(path.steps) + 1)
    assert presses <= PRESSES * len(path.steps)
    app.expect_line(CLASSIC_SOLUTION)


def test_hint_puts_back_a_needed_mark(app: App) -> None:
    """Marks filled, the solution's 4 taken out of r1c3: Hint says so, then puts it back."""
    app.open("#p=" + CLASSIC)
    app.click("Fill candidates")
    app.wait_message("centre marks")
    app.click("Centre")
    app.cell(1, 3).click()
    app.page.keyboard.press("4")
    expect(app.cell(1, 3)).to_have_attribute("data-centre", "12")
    app.click("Normal")
    presses, _ = press_hint_until_solved(app, PRESSES)
    assert "Put back: 4 in r1c3" in app.status().inner_text()
    expect(app.cell(1, 3)).to_have_attribute("data-centre", re.compile("4"))
    path = steps(parse(CLASSIC))
    presses, _ = press_hint_until_solved(app, PRESSES * len(path.steps) + 1)
    assert presses <= PRESSES * len(path.steps)
    app.expect_line(CLASSIC_SOLUTION)


def candidates_after_elimination(app: App) -> str:
    """Press Hint until a step removed candidates; every cell's working candidates then."""
    for _ in range(60):
        press_hint_until_solved(app, 1)
        if app.status().inner_text().startswith("Applied:") and app.page.locator(
                "[role=gridcell] .cands span[data-role=remove]").count():
            return walk_state(app)
    raise AssertionError("no elimination step in the first hints")


def test_working_candidates_survive_undo_share_and_reload(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + STALLED)
    after = candidates_after_elimination(app)
    app.click("Undo")
    assert walk_state(app) != after
    app.click("Redo")
    assert walk_state(app) == after
    app.click("Share")
    link = app.page.get_by_label("Share link").input_value()
    assert "&x=" in link
    app.page.reload()
    app.wait_ready()
    assert walk_state(app) == after
    app.show("#p=" + "." * 81)
    app.show("#" + link.split("#", 1)[1])
    assert walk_state(app) == after


def test_full_grid_that_breaks_a_rule_says_so_in_the_librarys_words(app: App) -> None:
    app.open("#p=" + CLASSIC_SOLUTION[:-1] + ".")
    app.cell(9, 9).click()
    app.page.keyboard.press("1")  # 1 is in row 9 already (r9c7)
    full = CLASSIC_SOLUTION[:-1] + "1"
    report = validate(parse(full), givens=parse(CLASSIC_SOLUTION[:-1] + "."))
    assert report.message().startswith("The grid is full but breaks the rules")
    assert app.wait_message("The grid is full but") == report.message()
    assert {"r9c7", "r9c9"} <= set(app.invalid())


def test_without_candidates_shown_every_applied_hint_shows_its_change(app: App) -> None:
    """Candidates off, no marks: each applied hint places a value (an elimination comes with
    the digit it unlocks when that is the next step) or shows the candidates it removed struck
    out: never a change the player does not see."""
    app.open("#p=" + STALLED)
    still = app.page.evaluate(
        """async () => {
            const root = document.documentElement;
            const line = () => [...document.querySelectorAll('[role=gridcell]')]
                .map(c => c.dataset.value || '.').join('');
            const still = [];
            for (let presses = 0; line().includes('.') && presses < 400; presses++) {
                const before = [Number(root.dataset.hints), line()];
                document.getElementById('hint').click();
                await new Promise(resolve => {
                    const t = setInterval(() => {
                        if (Number(root.dataset.hints) > before[0]) { clearInterval(t); resolve(); }
                    }, 5);
                });
                await new Promise(r => requestAnimationFrame(r));
                const text = document.querySelector('[role=status]').textContent;
                const struck = document.querySelector('.cands span[data-role=remove]');
                const same = line() === before[1];
                if (text.startsWith('Applied:') && same && !struck) still.push(text);
            }
            return still;
        }""")
    assert still == []
    assert "." not in app.line()


def test_solve_and_steps_name_the_entry_that_breaks_the_grid(app: App) -> None:
    # Solve and Steps read givens and entries as one grid: a bad entry is named as the
    # player's, not blamed on the puzzle.
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("1")  # wrong (the solution has 4), breaks no rule
    app.click("Solve")
    text = app.wait_message("Solve needs your entries to fit")
    assert "r1c3 = 1" in text
    assert app.invalid() == ["r1c3"]
    app.page.keyboard.press("5")  # r1c1 is a given 5: a conflict
    app.click("Steps")
    text = app.wait_message("Steps needs your entries to fit")
    assert "r1c3" in text and "givens conflict" not in text
