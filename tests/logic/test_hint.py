"""Hints: from the user's own state, wrong entries first, pencil marks respected, three levels."""

from __future__ import annotations

from helpers import PLATINUM, before_first_trial
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import parse
from sudoku_core.logic.explain import steps
from sudoku_core.logic.hint import hint, nudge_text
from sudoku_core.model.candidates import Candidates, bits
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
POINTING = "...9.457...6...3...8.35.4.....4..2....2.3....67...1...9..5..12..18.47....65......"


def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line))


def grid4(line: str) -> Grid:
    return parse(line)


def solution() -> Grid:
    sol = solve(grid9(POINTING)).solution
    assert sol is not None
    return sol


def test_wrong_entry_is_pointed_at_first() -> None:
    puzzle = grid9(POINTING)
    sol = solution()
    empties = [i for i, v in enumerate(puzzle.cells) if not v]
    right, wrong_cell = empties[0], empties[5]
    wrong_value = sol.cells[wrong_cell] % 9 + 1
    current = puzzle.with_values([(right, sol.cells[right]), (wrong_cell, wrong_value)])
    h = hint(puzzle, current)
    assert h.status == "wrong_entries"
    assert h.wrong_cells == (wrong_cell,)
    name = f"r{wrong_cell // 9 + 1}c{wrong_cell % 9 + 1}"
    assert h.step.text == f"{name} = {wrong_value} does not fit the solution. Clear it first."
    assert h.step.cells == ((wrong_cell, "wrong"),)
    data = h.to_json()
    assert data["status"] == "wrong_entries"
    assert data["wrong_cells"] == [[wrong_cell // 9, wrong_cell % 9]]
    assert data["wrong_indices"] == [wrong_cell] and data["message"] == h.step.text
    # The right value waits for 'reveal': no placement until then; 'apply' clears.
    fix = sol.cells[wrong_cell]
    assert h.step.placements == () and data["placements"] == data["eliminations"] == []
    applied = h.to_json("apply")
    assert applied["result_values"][wrong_cell] == 0
    assert applied["result_values"][right] == sol.cells[right]
    assert applied["message"] == f"Cleared {name}: it was wrong."
    revealed = h.to_json("reveal")
    assert [(p["index"], p["value"]) for p in revealed["placements"]] == [(wrong_cell, fix)]
    assert revealed["result_values"][wrong_cell] == fix
    assert revealed["message"] == (f"{name} = {wrong_value} does not fit the solution. "
                                   f"Corrected: {name} is {fix}.")


def test_overwritten_given_is_wrong() -> None:
    puzzle = grid9(POINTING)
    given = next(i for i, v in enumerate(puzzle.cells) if v)
    current = puzzle.with_values([(given, puzzle.cells[given] % 9 + 1)])
    h = hint(puzzle, current)
    assert h.status == "wrong_entries" and h.wrong_cells == (given,)


def test_hint_levels_from_the_user_state() -> None:
    puzzle = grid9(POINTING)
    sol = solution()
    empties = [i for i, v in enumerate(puzzle.cells) if not v]
    current = puzzle.with_values((i, sol.cells[i]) for i in empties[:10])
    h = hint(puzzle, current)
    assert h.status == "step"
    assert h.current == current
    step = h.step
    assert step.placements or step.eliminations
    assert all(sol.cells[c] == v for c, v in step.placements)
    assert all(sol.cells[c] != v for c, v in step.eliminations)
    # The same step steps() would take first from that grid.
    assert step == steps(current).steps[0]
    assert h.nudge == nudge_text(step) and h.nudge.startswith("Look for ")
    nudge = h.to_json("nudge")
    assert nudge["level"] == "nudge" and nudge["technique"] == step.technique
    assert nudge["placements"] == [] and nudge["eliminations"] == [] and nudge["cells"] == []
    assert nudge["text"] == h.nudge and nudge["region"] == step.region
    full = h.to_json("step")
    assert full["text"] == step.text and full["trial"] is False
    applied = h.to_json("apply")
    assert applied["result"] == current.with_values(step.placements).line()
    assert h.result == current.with_values(step.placements)


def test_nudge_wording() -> None:
    puzzle = grid9(POINTING)
    h = hint(puzzle)
    step = h.step
    assert step.technique == "Locked Candidates (Pointing)"
    assert nudge_text(step) == "Look for locked candidates in box 2."
    assert step.units[:2] == (19, 1)  # box 2 and row 2; the nudge shows only box 2
    assert h.to_json("nudge")["units"] == [
        {"unit": "box", "index": 1, "cells": [3, 4, 5, 12, 13, 14, 21, 22, 23]}]
    sol = solution()
    single = hint(puzzle, puzzle.with_values([(0, sol.cells[0])])).step
    assert single.technique == "Hidden Single"
    assert nudge_text(single) == f"Look for a hidden single in {single.region}."


def test_pencil_marks_are_the_starting_point() -> None:
    puzzle = grid9(POINTING)
    c = Candidates.from_grid(puzzle)
    pencil = {i: set(c.candidates_of(i)) for i, v in enumerate(puzzle.cells) if not v}
    first = hint(puzzle, puzzle, pencil)
    assert first.status == "step" and first.step.eliminations == ((9, 7),)
    # The user already removed 7 from r2c1: the hint moves on to the next thing to find.
    pencil[9].discard(7)
    h = hint(puzzle, puzzle, pencil)
    assert h.status == "step" and h.step != first.step
    assert (9, 7) not in h.step.eliminations
    sol = solution()
    assert all(sol.cells[cell] != v for cell, v in h.step.eliminations)
    # Marks left as given are kept after the step, for the web page to show.
    assert not h.marks[9] & (1 << 6)


def test_removed_pencil_mark_that_was_needed() -> None:
    puzzle = grid9(POINTING)
    sol = solution()
    c = Candidates.from_grid(puzzle)
    pencil = {i: set(c.candidates_of(i)) for i, v in enumerate(puzzle.cells) if not v}
    cell = next(i for i in pencil if len(pencil[i]) > 2)
    pencil[cell].discard(sol.cells[cell])
    h = hint(puzzle, puzzle, pencil)
    assert h.status == "missing_marks"
    assert h.missing_marks == ((cell, sol.cells[cell]),)
    assert "needed pencil mark is missing" in h.step.text
    assert h.to_json()["missing_marks"] == [
        {"cell": [cell // 9, cell % 9], "index": cell, "symbol": str(sol.cells[cell]),
         "value": sol.cells[cell]}]
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert h.to_json("apply")["message"] == f"Put back: {sol.cells[cell]} in {name}."


def test_solved_invalid_and_several_solutions() -> None:
    puzzle = grid9(POINTING)
    assert hint(puzzle, solution()).status == "solved"
    bad = grid9("11" + "." * 79)
    h = hint(bad)
    assert h.status == "invalid" and {c for c, _ in h.step.cells} == {0, 1}
    assert hint(Grid.empty(Shape(2, 2))).status == "multiple"


def test_hint_on_a_sixteen_by_sixteen_speaks_its_symbols() -> None:
    shape = Shape(4, 4)
    sol = solve(Grid.empty(shape), limit=1, time_limit=120).solution
    assert sol is not None
    puzzle = sol.with_values([(0, 0)])
    h = hint(puzzle)
    assert h.status == "step" and h.step.technique == "Full House"
    assert h.to_json()["placements"] == [{"cell": [0, 0], "index": 0,
                                          "symbol": shape.symbol(sol.cells[0]),
                                          "value": sol.cells[0]}]






def test_time_limit_bounds_the_trial_search(no_forcing_chains: None) -> None:
    puzzle = parse(PLATINUM)
    current = before_first_trial(puzzle)
    found = hint(puzzle, current)
    assert found.status == "step" and found.step.trial  # only trial and error is left here
    sol = solve(puzzle).solution
    assert sol is not None
    assert all(sol.cells[c] == v for c, v in found.step.placements)
    assert all(sol.cells[c] != v for c, v in found.step.eliminations)
    cut = hint(puzzle, current, time_limit=1e-4)
    assert cut.status == "gave_up" and not cut.step.placements and not cut.step.eliminations


def test_without_marks_an_elimination_comes_with_the_placement_it_unlocks() -> None:
    # A Medium puzzle: a pointing elimination, which a player who keeps no marks
    # cannot see, comes with the digit it unlocks when that digit is the very next step (and
    # alone when it is not: no step applied unseen).
    puzzle = grid9(MEDIUM)
    sol = solve(puzzle).solution
    assert sol is not None
    joined = alone = 0
    current, pencil = puzzle, None
    for _ in range(60):
        h = hint(puzzle, current, pencil, unlock=True)
        if h.status != "step":
            break
        marks = Candidates.from_pencil(current, pencil) if pencil \
            else Candidates.from_grid(current)
        lead = _next(marks)
        if not lead.placements:
            after = marks.copy()
            after.apply(lead)
            follow = _next(after)
            if follow.placements and not follow.eliminations:
                assert h.step.text == f"{lead.text}; now " + h.step.text.split("; now ")[1]
                assert h.step.placements == follow.placements
                assert h.step.eliminations == lead.eliminations
                joined += 1
            else:
                assert h.step == lead
                alone += 1
        assert all(sol.cells[cell] == v for cell, v in h.step.placements)
        assert all(sol.cells[cell] != v for cell, v in h.step.eliminations)
        assert h.result == current.with_values(h.step.placements)
        current = h.result
        pencil = {c: set(bits(m)) for c, m in enumerate(h.marks) if m}
    assert joined and alone
    # With the player's own marks the elimination comes alone.
    first = steps(puzzle).steps
    lead = next(s for s in first if not s.placements)
    current = puzzle.with_values(p for s in first[:first.index(lead)] for p in s.placements)
    own = Candidates.from_grid(current)
    marked = {i: set(own.candidates_of(i)) for i, v in enumerate(current.cells) if not v}
    assert hint(puzzle, current, centre=marked, unlock=True).step == lead


def _next(c: Candidates) -> Step:
    from sudoku_core.logic.walk import next_step

    step = next_step(c, unique=True)
    assert step is not None
    return step


def test_a_removed_given_is_named_as_such() -> None:
    # D8: an empty cell is not "wrong"; the given that was there was deleted.
    puzzle = grid4("..3..4.221......")
    current = grid4("....." + "4.221......")
    h = hint(puzzle, current)
    assert h.status == "wrong_entries" and h.wrong_cells == (2,)
    assert h.step.text == "The given 3 in r1c3 was removed: put it back."
    changed = hint(puzzle, grid4("..4..4.221......"))
    assert changed.step.text == "r1c3 must hold the given 3: a given cannot change."


def _cause_checks(puzzle: Grid, rounds: int = 40) -> int:
    """Walk hints from ``puzzle`` and check every single's causes; how many were checked."""
    from sudoku_core.model.step import cause_cells

    geo = puzzle.shape.geometry
    current = puzzle
    pencil: dict[int, set[int]] | None = None
    checked = 0
    for _ in range(rounds):
        found = hint(puzzle, current=current, pencil=pencil, unlock=True)
        if found.status != "step":
            break
        step = found.step
        causes = set(cause_cells(step, current))
        data = found.to_json("step")
        assert [c["index"] for c in data["causes"]] == list(cause_cells(step, current))
        assert found.to_json("nudge")["causes"] == []
        changed = {c for c, _ in step.placements} | {c for c, _ in step.eliminations}
        assert not causes & changed
        # Causes are filled cells: they explain a single only on the grid's own candidates.
        narrowed = bool(pencil) and \
            Candidates.from_pencil(current, pencil).masks != Candidates.from_grid(current).masks
        if narrowed:
            pass
        elif step.technique == "Hidden Single":
            (target, value), = step.placements
            unit = geo.units[step.units[0]]
            for other in unit:
                if other != target and not current.cells[other]:
                    # Every other empty cell of the unit is ruled out by a cause it sees.
                    assert any(current.cells[p] == value for p in causes & set(geo.peers[other]))
            assert all(current.cells[p] == value for p in causes)
            checked += 1
        elif step.technique == "Naked Single":
            (target, value), = step.placements
            seen = {current.cells[p] for p in causes}
            assert seen == set(range(1, 10)) - {value}
            assert causes <= set(geo.peers[target])
            checked += 1
        current = found.result
        # The marks after the step carry its eliminations (the page's working candidates).
        pencil = {c: set(bits(m)) for c, m in enumerate(found.marks) if m}
    return checked


def test_single_hints_name_the_cells_that_cause_them() -> None:
    assert _cause_checks(parse(MEDIUM)) + _cause_checks(parse(POINTING)) >= 10


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_causes_of_generated_puzzles(seed: int) -> None:
    from sudoku_core.make.generate import generate

    puzzle = generate(NINE, "easy", seed=seed).grid
    assert _cause_checks(puzzle, rounds=25) > 0
