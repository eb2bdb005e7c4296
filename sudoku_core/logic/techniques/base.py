"""The helpers that word a Step in community notation (``Step`` itself lives in ``..step``).

The roles a step gives its cells and candidates are listed in ``..step``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ...model.grid import Shape, cell_name
from ...model.messages import and_list
from ...model.step import Elimination, Placement, Step

# Re-exported for the techniques.
__all__ = ["Elimination", "Finder", "Placement", "Step", "and_list"]

if TYPE_CHECKING:
    from ...model.candidates import Candidates

Finder = Callable[["Candidates"], "Step | None"]


def unit_name(shape: Shape, unit: int) -> str:
    """People's name of a unit: 'row 3', 'column 5', 'box 2' (1-based)."""
    kind, index = shape.geometry.unit_kind(unit)
    return f"{kind} {index + 1}"


def units_name(shape: Shape, units: Sequence[int]) -> str:
    """'rows 2 and 7' / 'columns 1, 4 and 8' for units of one kind (mixed kinds are listed)."""
    kinds = {shape.geometry.unit_kind(u)[0] for u in units}
    if len(kinds) == 1 and len(units) > 1:
        kind = kinds.pop()
        plural = "boxes" if kind == "box" else kind + "s"
        numbers = [str(shape.geometry.unit_kind(u)[1] + 1) for u in units]
        return f"{plural} {and_list(numbers)}"
    return and_list([unit_name(shape, u) for u in units])


def cells_text(shape: Shape, cells: Iterable[int]) -> str:
    """'r1c2, r5c3' in reading order."""
    n = shape.size
    return ", ".join(cell_name(c, n) for c in sorted(cells))


def values_text(shape: Shape, values: Iterable[int]) -> str:
    """Symbols joined with '/': '4/7'."""
    return "/".join(shape.symbol(v) for v in sorted(values))


def removal_text(shape: Shape, eliminations: Iterable[Elimination]) -> str:
    """'remove 4 from r5c3, r9c8' (grouped by value: '...; remove 7 from r1c1')."""
    by_value: dict[int, list[int]] = {}
    for cell, value in eliminations:
        by_value.setdefault(value, []).append(cell)
    parts = [
        f"remove {shape.symbol(v)} from {cells_text(shape, cells)}"
        for v, cells in sorted(by_value.items())
    ]
    return "; ".join(parts)


def elimination_roles(
    eliminations: Iterable[Elimination],
) -> tuple[list[tuple[int, str]], list[tuple[int, int, str]]]:
    """Cell and candidate role entries for a list of eliminations."""
    cells: list[tuple[int, str]] = []
    cands: list[tuple[int, int, str]] = []
    seen: set[int] = set()
    for cell, value in eliminations:
        if cell not in seen:
            seen.add(cell)
            cells.append((cell, "elimination"))
        cands.append((cell, value, "remove"))
    return cells, cands
