"""What a hint says at its first two presses: where to look, then what to look for.

A *look* names places only (units or cells: "Look at box 5.", "Look at row 3, column 7."),
never a technique or a digit; a *nudge* adds the technique ("Look for a naked pair in box 5.").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..model.grid import Shape, cell_name
from ..model.messages import and_list
from ..model.step import Step

# Unit kinds as the geometry names them, and their plurals in a region's words.
_PLURALS = {"row": "rows", "column": "columns", "box": "boxes", "region": "regions",
            "diagonal": "diagonals", "window": "windows"}
_KINDS = {**{k: k for k in _PLURALS}, **{p: k for k, p in _PLURALS.items()}}
_CELL = re.compile(r"r(\d+)c(\d+)")
_FILLER = {"and", "its", "peers", "of", "the"}  # words of a region that name no place


@dataclass(frozen=True)
class Look:
    """Where a hint sends the player first: the words and the places they name."""

    text: str  # "Look at box 2."
    units: tuple[int, ...] = ()  # unit indices named
    cells: tuple[int, ...] = ()  # cell indices named ("r3c1 and its peers": r3c1)


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" or name.startswith(("X-", "XY", "XYZ")) else "a"


def nudge_text(step: Step) -> str:
    """'Look for a hidden single in box 2.' (technique and region, nothing more)."""
    if step.trial:
        where = f" at {step.region}" if step.region else ""
        return f"No technique applies: try a value{where} and see whether it leads to trouble."
    name = step.technique
    if name.startswith("Locked Candidates"):
        name = "Locked Candidates"
    where = f" in {step.region}" if step.region else ""
    lead = name if name.isupper() or "-" in name[:4] else name.lower()
    if name == "Locked Candidates":
        return f"Look for locked candidates{where}."
    return f"Look for {_article(name)} {lead}{where}."


def in_region(shape: Shape, unit: int, region: str) -> bool:
    """True if the unit is one the region names ('box 2', 'rows 2 and 7')."""
    words = region.replace(",", " ").split()
    if not words:
        return False
    kind = {"rows": "row", "columns": "column", "boxes": "box"}.get(words[0], words[0])
    unit_kind, index = shape.geometry.unit_kind(unit)
    return unit_kind == kind and str(index + 1) in words[1:]


def _places(shape: Shape, words: str) -> tuple[list[int], list[int]] | None:
    """The units and cells a region's words name, or None when they say more than places
    (a digit: '2 in rows 3 and 8')."""
    geo = shape.geometry
    index = {geo.unit_kind(u): u for u in range(len(geo.units))}
    n = shape.size
    units: list[int] = []
    cells: list[int] = []
    kind = ""
    for word in words.replace(",", " ").split():
        cell = _CELL.fullmatch(word)
        if cell and 1 <= int(cell[1]) <= n and 1 <= int(cell[2]) <= n:
            cells.append((int(cell[1]) - 1) * n + int(cell[2]) - 1)
        elif word in _KINDS:
            kind = _KINDS[word]
        elif word.isdigit() and (kind, int(word) - 1) in index:
            units.append(index[(kind, int(word) - 1)])
        elif word not in _FILLER:
            return None
    return (units, cells) if units or cells else None


def units_text(shape: Shape, units: Iterable[int]) -> str:
    """'rows 1 and 9, column 3' (grouped by kind, in the order met)."""
    by_kind: dict[str, list[str]] = {}
    for u in units:
        kind, i = shape.geometry.unit_kind(u)
        by_kind.setdefault(kind, []).append(str(i + 1))
    return ", ".join(f"{_PLURALS.get(k, k) if len(ns) > 1 else k} {and_list(ns)}"
                     for k, ns in by_kind.items())


def look_of(step: Step, shape: Shape) -> Look:
    """Where to look for ``step``: its region when that names places only, else its units,
    else the cells it changes."""
    named = _places(shape, step.region) if step.region else None
    if named is not None:
        return Look(f"Look at {step.region}.", tuple(named[0]), tuple(named[1]))
    units = tuple(dict.fromkeys(step.units))
    if units:
        return Look(f"Look at {units_text(shape, units)}.", units)
    changed = sorted({c for c, _ in step.placements} | {c for c, _ in step.eliminations})
    if not changed:
        return Look("Look at the whole grid.")
    return Look(f"Look at {and_list([cell_name(c, shape.size) for c in changed])}.",
                cells=tuple(changed))


def look_at_cells(shape: Shape, cells: Iterable[int]) -> Look:
    """'Look at r1c1 and r4c5.' (a mistake's cells: where, before what)."""
    named = sorted(cells)
    return Look(f"Look at {and_list([cell_name(c, shape.size) for c in named])}.",
                cells=tuple(named))
