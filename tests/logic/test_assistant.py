"""The assistant never stalls: pressing Hint (apply) again and again from the givens solves.

Each press changes what the player sees: it places a value or removes candidates (an
elimination comes with the placement it unlocks when that is the very next step), and the
marks it leaves are the next press's (the page's working candidates); so the page needs at
most four presses (look, nudge, step, apply) per logical step. Wrong entries are cleared.
"""

from __future__ import annotations

import pytest

from sudoku_core.logic.explain import steps
from sudoku_core.logic.hint import Hint, hint
from sudoku_core.make.generate import generate
from sudoku_core.model.candidates import bits
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
    pencil: dict[int, set[int]] | None = None
    presses = 0
    bound = len(steps(puzzle, time_limit=120).steps)
    while current != solution:
        h = hint(puzzle, current, pencil, time_limit=60, unlock=True)
        assert h.status == "step", h.step.text
        assert h.step.placements or h.step.eliminations, f"press {presses + 1}: {h.step.text}"
        after = h.result
        placed = [(c, v) for c, v in enumerate(after.cells) if v != current.cells[c]]
        assert placed == sorted(h.step.placements)  # the grid changes as the step says, no more
        assert all(solution.cells[c] == v for c, v in placed)
        assert all(solution.cells[c] != v for c, v in h.step.eliminations)
        assert h.to_json("apply")["result_values"] == list(after.cells)
        current, pencil = after, _marks_after(h)
        presses += 1
        assert presses <= bound
    assert hint(puzzle, current, pencil).status == "solved"


def _marks_after(h: Hint) -> dict[int, set[int]]:
    """The candidates the applied hint leaves (what the page sends back as `pencil`)."""
    return {c: set(bits(m)) for c, m in enumerate(h.marks) if m}


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
    pencil: dict[int, set[int]] | None = None
    while current != solution:
        h = hint(puzzle, current, pencil, unlock=True)
        assert h.status in ("step", "wrong_entries"), h.step.text
        applied = h.to_json("apply")
        assert applied["placements"] or applied["eliminations"] or applied["clears"], \
            f"press {presses + 1}: {h.step.text}"
        if h.status == "wrong_entries":
            # Cleared, not corrected: the right values are no part of 'apply'.
            assert all(applied["result_values"][c["index"]] == 0 for c in applied["clears"])
            assert {p["index"] for p in applied["placements"]} <= set(given)
        current = h.result
        pencil = _marks_after(h) if h.status == "step" else None
        presses += 1
        assert presses <= puzzle.empty_count * 2 + wrong + removed
    assert hint(puzzle, current).status == "solved"
