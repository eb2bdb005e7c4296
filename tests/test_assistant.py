"""The assistant never stalls: pressing Hint (apply) again and again from the givens solves.

With no pencil marks kept, each press places at least one value (an elimination comes with the
placement it unlocks), so the page needs at most three presses (nudge, step, apply) per step.
"""

from __future__ import annotations

import pytest

from sudoku_core.logic.hint import hint
from sudoku_core.make.generate import generate
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

SAMPLE = [  # (shape, level, seed): every level of 9x9, and the other common sizes
    (Shape(3, 3), "easy", 1), (Shape(3, 3), "medium", 2), (Shape(3, 3), "hard", 3),
    (Shape(3, 3), "expert", 4), (Shape(3, 3), "extreme", 5),
    (Shape(2, 3), "hard", 6), (Shape(3, 4), "medium", 7), (Shape(4, 4), "easy", 8),
]


@pytest.mark.parametrize("shape, level, seed", SAMPLE,
                         ids=[f"{s.size}x{s.size}-{lv}" for s, lv, _ in SAMPLE])
def test_pressing_apply_reaches_the_solution(shape: Shape, level: str, seed: int) -> None:
    g = generate(shape, level, seed=seed, time_limit=120)
    assert g.reached, g.note  # the sample really spans the levels
    puzzle, solution = g.grid, g.solution
    current: Grid = puzzle
    presses = 0
    while current != solution:
        h = hint(puzzle, current, time_limit=60)
        assert h.status == "step", h.step.text
        assert h.step.placements, f"press {presses + 1} placed nothing: {h.step.text}"
        after = h.result
        placed = [(c, v) for c, v in enumerate(after.cells) if v != current.cells[c]]
        assert placed and all(solution.cells[c] == v for c, v in placed)
        assert h.to_json("apply")["result_values"] == list(after.cells)
        current = after
        presses += 1
        assert presses <= puzzle.empty_count
    assert hint(puzzle, current).status == "solved"


MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize("wrong, removed", [(1, 0), (3, 0), (2, 1)],
                         ids=["one-wrong", "three-wrong", "wrong-and-removed-given"])
def test_pressing_apply_from_a_state_with_mistakes_reaches_the_solution(
        wrong: int, removed: int) -> None:
    puzzle = Grid(Shape(3, 3), tuple(0 if ch == "." else int(ch) for ch in MEDIUM))
    solution = solve(puzzle).solution
    assert solution is not None
    empty = [c for c, v in enumerate(puzzle.cells) if not v]
    given = [c for c, v in enumerate(puzzle.cells) if v]
    # Wrong values that break no rule would need a search; any other value will do here.
    changes = [(c, solution.cells[c] % 9 + 1) for c in empty[3:3 + wrong]]
    changes += [(c, 0) for c in given[:removed]]
    current = puzzle.with_values(changes)
    first = hint(puzzle, current)
    assert first.status == "wrong_entries" and set(first.wrong_cells) == {c for c, _ in changes}
    presses = 0
    while current != solution:
        h = hint(puzzle, current)
        assert h.status in ("step", "wrong_entries"), h.step.text
        assert h.to_json()["placements"], f"press {presses + 1}: {h.step.text}"
        current = h.result
        presses += 1
        assert presses <= puzzle.empty_count + wrong + removed
    assert hint(puzzle, current).status == "solved"
