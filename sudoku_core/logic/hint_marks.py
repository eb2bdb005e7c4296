"""Which pencil marks a hint reasons from: the player's centre marks, or the candidates.

Centre marks are notes by default (SudokuPad's habit: "1 or 2 here", not every candidate): a
hint reads them as candidates only when the player says so (``marks_are_candidates``) or when
they are complete (every empty cell has some). Otherwise it reasons from ``working``, the
candidates the grid allows narrowed by the eliminations earlier hints applied (the page keeps
them), or from the grid alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..model.grid import Grid

Marks = Mapping[int, Iterable[int]]


@dataclass(frozen=True)
class HintMarks:
    """The marks a hint starts from, and whether they are the player's own."""

    marks: dict[int, set[int]]  # cell -> candidates; a cell absent: computed from the grid
    own: bool  # the player's centre marks are read as candidates (then never "unlock")


def _non_empty(marks: Marks | None) -> dict[int, set[int]]:
    return {c: set(m) for c, m in (marks or {}).items() if set(m)}


def complete(current: Grid, centre: Marks | None) -> bool:
    """True if every empty cell of ``current`` has centre marks."""
    marked = _non_empty(centre)
    empty = [c for c, v in enumerate(current.cells) if not v]
    return bool(empty) and all(c in marked for c in empty)


def hint_marks(current: Grid, working: Marks | None, centre: Marks | None,
               marks_are_candidates: bool) -> HintMarks:
    """The candidates a hint reasons from (see the module's docstring)."""
    notes = {c: m for c, m in _non_empty(centre).items() if not current.cells[c]}
    base = _non_empty(working)
    if notes and (marks_are_candidates or complete(current, notes)):
        return HintMarks({**base, **notes}, True)
    return HintMarks(base, False)
