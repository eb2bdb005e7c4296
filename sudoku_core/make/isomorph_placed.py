"""Placed rules (thermometers, dots, lines, clues outside the grid) moved by a turn or
reflection of the square: each rule's cells go where the map sends them, and a clue outside
the grid follows its row or column (and the end it is read from).

Only turns and reflections, with no relabelling: they keep cells side by side (a line stays a
line, a dot stays between neighbours, a 2x2 quadruple stays a 2x2), diagonals from the edge
stay diagonals, and digit order is untouched (a thermometer still rises, a sum stays a sum).
The two single diagonals swap under a reflection and an indexer reads positions, so a puzzle
with them is not moved (:class:`SymmetryError`).
"""

from __future__ import annotations

from typing import Any

from .symmetry import SymmetryError

# JSON keys whose items are read from their cell lists alone ("cells", "circle", "copy").
_BY_CELLS = frozenset({
    "thermometers", "slow_thermometers", "arrows", "double_arrows", "little_killers",
    "white_dots", "black_dots", "xv", "odd", "even", "minimums", "maximums", "quadruples",
    "clones", "extra_regions", "whispers", "renban", "palindromes", "between_lines",
    "region_sum_lines", "entropic_lines", "modular_lines", "zipper_lines", "given_candidates",
})
# Rules on every pair of neighbours or every box place: a turn or reflection keeps them.
_FLAGS = frozenset({"kropki_negative", "xv_negative", "nonconsecutive", "disjoint_groups"})
_BY_LINE = frozenset({"sandwiches", "x_sums", "skyscrapers"})
_CELL_FIELDS = ("cells", "circle", "copy")


def map_placed(rules: dict[str, Any], dest: list[int], n: int) -> dict[str, Any]:
    """The placed rules of a ``variant`` JSON object with cell ``i`` moved to ``dest[i]``."""
    out: dict[str, Any] = {}
    for key, items in rules.items():
        if key in _FLAGS:
            out[key] = items
        elif key in _BY_CELLS:
            out[key] = [{k: ([dest[c] for c in v] if k in _CELL_FIELDS else v)
                         for k, v in item.items()} for item in items]
        elif key in _BY_LINE:
            out[key] = [_clue(item, dest, n) for item in items]
        else:
            raise SymmetryError(f"no turn or reflection is drawn for the {key!r} rule yet")
    return out


def _clue(item: dict[str, Any], dest: list[int], n: int) -> dict[str, Any]:
    """A clue outside the grid on the row or column its line lands on, read from the same
    cell's end."""
    along_row = "row" in item
    k = item["row" if along_row else "column"]
    line = [k * n + j for j in range(n)] if along_row else [j * n + k for j in range(n)]
    image = [dest[c] for c in line]
    out = {f: v for f, v in item.items() if f not in ("row", "column", "end")}
    if len({c // n for c in image}) == 1:
        out["row"] = image[0] // n
        first = min(image, key=lambda c: c % n)
    else:
        out["column"] = image[0] % n
        first = min(image, key=lambda c: c // n)
    if "end" in item:
        seen_from = image[0] if item["end"] == "start" else image[-1]
        out["end"] = "start" if seen_from == first else "end"
    return out


__all__ = ["map_placed"]
