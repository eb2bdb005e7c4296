"""Graded hints: where to look, then what, then the step, then apply; a wrong entry
is named without its answer until asked; a puzzle with several solutions is answered at once;
partial centre marks are notes, not candidates; no hint changes more than it shows."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import parse
from sudoku_core.logic import hint as hint_module
from sudoku_core.logic.hint import NEXT_LEVEL, hint
from sudoku_core.make.generate import generate
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
POINTING = "...9.457...6...3...8.35.4.....4..2....2.3....67...1...9..5..12..18.47....65......"
# From MEDIUM after a few placements: before the fix, the hint here joined a pointing
# elimination with "2 more steps" it applied unseen.
HIDDEN_STEPS = ("4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......")


def _solution(puzzle: Grid) -> Grid:
    sol = solve(puzzle).solution
    assert sol is not None
    return sol


def _unit_words() -> str:
    return r"(rows?|columns?|box(es)?|r\d+c\d+)"


def test_several_solutions_are_answered_before_any_technique(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 81 dots: the solver's count (limit 2) says "several" at once; no technique is tried.
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("a technique search ran on a puzzle with several solutions")

    monkeypatch.setattr(hint_module, "next_step", no_search)
    monkeypatch.setattr(hint_module, "next_trial", no_search)
    for level in ("look", "nudge", "step", "apply"):
        found = hint(Grid.empty(NINE))
        assert found.status == "multiple" and not found.timed_out
        assert "several solutions" in found.to_json(level)["message"]


def test_several_solutions_within_a_short_budget() -> None:
    # Before the fix the walker searched the empty grid until the time ran out.
    found = hint(Grid.empty(NINE), time_limit=0.5)
    assert found.status == "multiple" and not found.timed_out


def test_conflicting_entries_come_before_several_solutions() -> None:
    current = Grid.empty(NINE).with_values([(0, 5), (1, 5)])
    found = hint(Grid.empty(NINE), current)
    assert found.status == "wrong_entries" and set(found.wrong_cells) == {0, 1}


def test_the_presses_go_look_nudge_step_apply() -> None:
    puzzle = parse(POINTING)
    found = hint(puzzle)
    step = found.step
    look = found.to_json("look")
    assert look["level"] == "look" and look["next_level"] == "nudge"
    assert look["message"] == "Look at box 2." == look["look"]
    # Where, and nothing of what: no technique, no digit, no cell to change.
    assert look["technique"] == "" and step.technique not in look["message"]
    for key in ("placements", "eliminations", "candidates", "causes", "chains"):
        assert look[key] == []
    assert [u["index"] for u in look["units"]] == [1] and look["units"][0]["unit"] == "box"
    nudge = found.to_json("nudge")
    assert nudge["next_level"] == "step" and nudge["technique"] == step.technique
    assert nudge["message"] == "Look for locked candidates in box 2."
    assert nudge["eliminations"] == []
    shown = found.to_json("step")
    assert shown["next_level"] == "apply" and shown["message"] == step.text
    assert shown["eliminations"]
    applied = found.to_json("apply")
    assert applied["next_level"] is None and "result_values" in applied
    assert NEXT_LEVEL["look"] == "nudge"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_look_names_only_places(seed: int) -> None:
    puzzle = generate(NINE, "hard", seed=seed).grid
    current = puzzle
    for _ in range(30):
        found = hint(puzzle, current)
        if found.status != "step":
            break
        look = found.to_json("look")["message"]
        assert re.fullmatch(rf"Look at {_unit_words()}[ ,a-z0-9]*\.", look), look
        # No digit is named: only unit and cell numbers (after "row", "box", "r", "c").
        assert not re.search(r"(?<![a-z ])\d", look.replace("Look at ", "")), look
        assert found.step.technique.lower() not in look.lower()
        current = found.result


def test_a_wrong_entry_is_where_then_wrong_and_its_answer_only_on_reveal() -> None:
    puzzle = parse(POINTING)
    sol = _solution(puzzle)
    cell = next(i for i, v in enumerate(puzzle.cells) if not v)
    wrong_value = sol.cells[cell] % 9 + 1
    current = puzzle.with_values([(cell, wrong_value)])
    found = hint(puzzle, current)
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    right = str(sol.cells[cell])
    look = found.to_json("look")
    assert look["message"] == f"Look at {name}." and look["wrong_indices"] == []
    assert [c["index"] for c in look["cells"]] == [cell]
    nudge = found.to_json("nudge")
    assert nudge["message"] == f"{name} is wrong." and nudge["wrong_indices"] == [cell]
    shown = found.to_json("step")
    for data in (look, nudge, shown):
        assert data["placements"] == [] and right not in data["message"].replace(name, "")
    applied = found.to_json("apply")
    assert applied["placements"] == [] and right not in applied["message"].replace(name, "")
    assert [c["index"] for c in applied["clears"]] == [cell]
    assert applied["result_values"][cell] == 0  # cleared, not corrected
    revealed = found.to_json("reveal")
    assert revealed["message"].endswith(f"Corrected: {name} is {right}.")
    assert [(p["index"], p["value"]) for p in revealed["placements"]] == [(cell, sol.cells[cell])]
    assert revealed["result_values"][cell] == sol.cells[cell] and revealed["clears"] == []


def test_a_step_at_reveal_is_the_step_applied() -> None:
    found = hint(parse(POINTING))
    assert found.to_json("reveal")["result_values"] == found.to_json("apply")["result_values"]


def _partial_marks(puzzle: Grid, current: Grid) -> dict[int, set[int]]:
    """Two SudokuPad-style notes (centre marks) that leave out the solution's digit."""
    sol = _solution(puzzle)
    empties = [i for i, v in enumerate(current.cells) if not v][:2]
    return {i: {sol.cells[i] % 9 + 1, (sol.cells[i] + 1) % 9 + 1} for i in empties}


def test_partial_centre_marks_are_notes_unless_the_player_says_so() -> None:
    puzzle = parse(POINTING)
    notes = _partial_marks(puzzle, puzzle)
    plain = hint(puzzle)
    found = hint(puzzle, puzzle, centre=notes)
    assert found.status == "step" and found.step == plain.step
    assert found.result == plain.result
    told = hint(puzzle, puzzle, centre=notes, marks_are_candidates=True)
    assert told.status == "missing_marks"
    assert {c for c, _ in told.missing_marks} == set(notes)


def test_complete_centre_marks_are_candidates() -> None:
    puzzle = parse(POINTING)
    c = Candidates.from_grid(puzzle)
    full = {i: set(c.candidates_of(i)) for i, v in enumerate(puzzle.cells) if not v}
    assert hint(puzzle, puzzle, centre=full).step.eliminations == ((9, 7),)
    full[9].discard(7)  # the player already made that elimination in their marks
    moved_on = hint(puzzle, puzzle, centre=full)
    assert moved_on.status == "step" and (9, 7) not in moved_on.step.eliminations
    sol = _solution(puzzle)
    cell = next(i for i in full if len(full[i]) > 2)
    full[cell].discard(sol.cells[cell])
    assert hint(puzzle, puzzle, centre=full).status == "missing_marks"


def test_working_candidates_still_narrow_when_marks_are_notes() -> None:
    # The page's working candidates (eliminations applied by earlier hints) go as `pencil`.
    puzzle = parse(POINTING)
    c = Candidates.from_grid(puzzle)
    working = {i: set(c.candidates_of(i)) for i, v in enumerate(puzzle.cells) if not v}
    working[9].discard(7)
    notes = _partial_marks(puzzle, puzzle)
    found = hint(puzzle, puzzle, working, centre=notes)
    assert found.status == "step" and (9, 7) not in found.step.eliminations


def test_a_missing_mark_is_where_then_what() -> None:
    puzzle = parse(POINTING)
    sol = _solution(puzzle)
    c = Candidates.from_grid(puzzle)
    full = {i: set(c.candidates_of(i)) for i, v in enumerate(puzzle.cells) if not v}
    cell = next(i for i in full if len(full[i]) > 2)
    full[cell].discard(sol.cells[cell])
    found = hint(puzzle, puzzle, centre=full)
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    look = found.to_json("look")
    assert look["message"] == f"Look at {name}." and look["missing_marks"] == []
    nudge = found.to_json("nudge")
    assert str(sol.cells[cell]) not in nudge["message"].replace(name, "")
    assert nudge["missing_marks"] == []
    assert found.to_json("step")["missing_marks"]


def test_no_hint_applies_steps_it_does_not_show() -> None:
    puzzle = parse(MEDIUM)
    current = parse(HIDDEN_STEPS)
    found = hint(puzzle, current)
    assert found.status == "step"
    assert "more step" not in found.step.summary and "more step" not in found.step.text
    shown = found.to_json("apply")
    # The grid after the hint is the grid with the placements it names, nothing else.
    assert found.result == current.with_values(found.step.placements)
    assert all(current.cells[p["index"]] == 0 for p in shown["placements"])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_joined_hint_is_one_elimination_and_the_placement_it_unlocks(seed: int) -> None:
    puzzle = generate(NINE, "hard", seed=seed).grid
    current = puzzle
    for _ in range(40):
        found = hint(puzzle, current)
        if found.status != "step":
            break
        assert "more step" not in found.step.summary
        # Joined: the text is the elimination's, then "; now" and the placement, once.
        assert found.step.text.count("; now ") <= 1 and "; then " not in found.step.text
        current = found.result
