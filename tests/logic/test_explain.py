"""explain.steps: the path, its statuses, trial steps and the JSON contract."""

from __future__ import annotations

import pytest

from sudoku_core.logic.explain import steps
from sudoku_core.logic.trial import _search_step, trial_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step
from sudoku_core.solver.exact import solve
from sudoku_core.solver.propagate import propagate

NINE = Shape(3, 3)
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Platinum Blonde: no technique of the registry finishes it, so trial steps must.
PLATINUM = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
POINTING = "...9.457...6...3...8.35.4.....4..2....2.3....67...1...9..5..12..18.47....65......"


def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line))


def test_easy_path_uses_singles_only() -> None:
    path = steps(grid9(EASY))
    assert path.status == "solved" and not path.trial
    assert path.level == "Easy"
    assert {s.technique for s in path.steps} <= {"Full House", "Hidden Single", "Naked Single"}
    assert len(path.steps) == grid9(EASY).empty_count
    assert path.solution == solve(grid9(EASY)).solution


def test_json_contract() -> None:
    path = steps(grid9(POINTING))
    data = path.to_json()
    assert data["status"] == "solved"
    assert data["level"] == path.level == "Hard"
    assert isinstance(data["score"], int) and data["score"] > 0
    assert isinstance(data["hardest"], str) and data["hardest"]
    first = data["steps"][0]
    assert set(first) >= {"technique", "trial", "placements", "eliminations", "text", "cells",
                          "units", "region"}
    assert first["trial"] is False
    for step in data["steps"]:
        for key in ("placements", "eliminations"):
            for item in step[key]:
                assert set(item) == {"cell", "index", "symbol", "value"}
                r, c = item["cell"]
                assert 0 <= r < 9 and 0 <= c < 9 and item["symbol"] in "123456789"
                assert item["index"] == r * 9 + c and str(item["value"]) == item["symbol"]
    pointing = next(s for s in data["steps"] if s["technique"].startswith("Locked"))
    assert pointing == {
        "technique": "Locked Candidates (Pointing)",
        "trial": False,
        "placements": [],
        "eliminations": [{"cell": [1, 0], "index": 9, "symbol": "7", "value": 7}],
        "text": "Locked candidates (pointing): in box 2, 7 is only in row 2 (r2c4, r2c5), so "
                "remove 7 from r2c1",
        "cells": [{"cell": [1, 3], "index": 12, "role": "base"},
                  {"cell": [1, 4], "index": 13, "role": "base"},
                  {"cell": [1, 0], "index": 9, "role": "elimination"}],
        "units": [{"unit": "box", "index": 1, "cells": [3, 4, 5, 12, 13, 14, 21, 22, 23]},
                  {"unit": "row", "index": 1, "cells": list(range(9, 18))}],
        "candidates": [{"cell": [1, 3], "index": 12, "symbol": "7", "value": 7, "role": "key"},
                       {"cell": [1, 4], "index": 13, "symbol": "7", "value": 7, "role": "key"},
                       {"cell": [1, 0], "index": 9, "symbol": "7", "value": 7,
                        "role": "remove"}],
        "region": "box 2",
        # A simple step's summary is its own short sentence; it has no chain.
        "summary": "Locked candidates (pointing): in box 2, 7 is only in row 2 (r2c4, r2c5), "
                   "so remove 7 from r2c1",
        "chains": [],
    }


def test_trial_steps_are_labelled_and_reach_the_end(no_forcing_chains: None) -> None:
    grid = grid9(PLATINUM)
    sol = solve(grid).solution
    assert sol is not None
    path = steps(grid, verify=False, time_limit=120)  # wall-clock: a loaded machine is slow
    assert path.status == "solved" and path.trial and path.level == "Extreme"
    trials = [s for s in path.steps if s.trial]
    assert trials and all(s.technique == "Trial and Error" for s in trials)
    assert all(s.text.startswith("Trial and error: ") for s in trials)
    assert all(not s.trial for s in path.steps if s.technique != "Trial and Error")
    c = Candidates.from_grid(grid)
    for s in path.steps:
        c.apply(s)
    assert c.to_grid() == sol


@pytest.mark.usefixtures("ticking_clock")
@pytest.mark.parametrize("limit", [0.0, 0.01, 0.2])
def test_time_limit_bounds_the_whole_walk(limit: float) -> None:
    # The budget covers the technique search, the trial steps and the check of the solution:
    # cut short, the path says so (gave_up, timed_out, no level) and what it took is sound.
    grid = grid9(PLATINUM)
    path = steps(grid, time_limit=limit, verify=False)
    sol = solve(grid).solution
    assert sol is not None
    assert (path.status, path.timed_out, path.level, path.solution) == (
        "gave_up", True, None, None)
    assert path.to_json()["timed_out"] is True
    assert path.message().startswith(f"The time limit ran out after {len(path.steps)} step")
    for s in path.steps:
        assert all(sol.cells[c] == v for c, v in s.placements)
        assert all(sol.cells[c] != v for c, v in s.eliminations)


def test_invalid_and_no_solution_are_statuses() -> None:
    bad = grid9("11" + "." * 79)
    assert steps(bad).status == "invalid"
    assert steps(bad).to_json()["steps"] == []
    # Row 1 needs a 9 in r1c9, but column 9 already has one: valid givens, no solution.
    none = grid9("12345678." + "." * 17 + "9" + "." * 54)
    path = steps(none)
    assert path.status == "no_solution" and path.level is None
    assert path.to_json()["level"] is None and steps(bad).level is None


def test_several_solutions_stop_where_logic_cannot_choose() -> None:
    path = steps(Grid.empty(Shape(2, 2)))
    assert path.status == "multiple"
    assert path.to_json()["status"] == "multiple"


def test_complete_grid() -> None:
    sol = solve(grid9(EASY)).solution
    assert sol is not None
    path = steps(sol)
    assert path.status == "solved" and path.steps == () and path.level == "Easy"


def test_propagate_finds_contradictions() -> None:
    c = Candidates.from_grid(grid9(EASY))
    ok = c.copy()
    assert propagate(ok) and ok.is_solved()
    sol = solve(grid9(EASY)).solution
    assert sol is not None and ok.to_grid() == sol
    cell = next(i for i, v in enumerate(c.values) if not v and c.masks[i].bit_count() > 1)
    wrong = next(v for v in c.candidates_of(cell) if v != sol.cells[cell])
    broken = c.copy()
    broken.place(cell, wrong)
    assert not propagate(broken)


def test_trial_step_never_removes_the_truth() -> None:
    grid = grid9(PLATINUM)
    sol = solve(grid).solution
    assert sol is not None
    c = Candidates.from_grid(grid)
    for use_solution in (sol, None):
        step = trial_step(c, use_solution)
        assert step is not None and step.trial
        assert all(sol.cells[cell] != v for cell, v in step.eliminations)
        assert all(sol.cells[cell] == v for cell, v in step.placements)


def test_trial_search_fallback_places_only_what_is_proven() -> None:
    grid = grid9(PLATINUM)
    sol = solve(grid).solution
    assert sol is not None
    c = Candidates.from_grid(grid)
    cell = min((i for i, v in enumerate(c.values) if not v),
               key=lambda i: (c.masks[i].bit_count(), i))
    step = _search_step(c, cell, lambda g: solve(g, limit=1).status)
    assert step is not None and step.trial
    # The puzzle is unique: every other candidate has no solution, so the cell is placed.
    assert step.placements == ((cell, sol.cells[cell]),)
    assert step.text.endswith(f"is {sol.cells[cell]}")
    # A solver that cannot decide proves nothing.
    assert _search_step(c, cell, lambda g: "gave_up") is None


def test_a_step_that_changes_nothing_is_skipped() -> None:
    from sudoku_core.logic.techniques import TECHNIQUES, Technique
    from sudoku_core.logic.walk import Walk, next_step

    def useless(c: Candidates) -> Step:
        return Step("Useless", ((3, 9),), ((3, 1),), "r1c4 is a given: nothing changes")

    fake = (TECHNIQUES[0], Technique("Useless", iter, 25, "Medium", first=useless)) + TECHNIQUES[1:]
    grid = grid9(POINTING)
    assert grid.cells[3] == 9
    c = Candidates.from_grid(grid)
    step = next_step(c, techniques=fake)
    assert step is not None and step.technique != "Useless"
    for record in (True, False):
        walk = Walk(Candidates.from_grid(grid), record=record, techniques=fake)
        assert walk.run() == "solved"
        assert "Useless" not in walk.counts
