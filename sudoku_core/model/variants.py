"""Variant rules on top of the classic grid: extra units, regions, cages and differ relations.

A :class:`Variant` travels on :class:`~.grid.Shape` (``Shape(3, 3, variant)``), so the shape's
geometry gives every unit and peer the rules make, and each solver, technique and checker that
reads ``shape.geometry`` sees them. Words used here:

- *diagonals* (X-Sudoku): the two long diagonals are units too;
- *windows* (Windoku, Hyper): boxes shifted one cell down and right, one cell apart, are units;
- *regions* (Jigsaw): the boxes are replaced by N connected regions of N cells, given as a
  region index per cell;
- *cages* (Killer): groups of cells whose digits differ, with an optional sum;
- *anti-knight* / *anti-king*: cells a chess knight's / king's move apart differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from .errors import VariantError

VARIANT_NAMES = ("x", "windoku", "jigsaw", "killer", "antiknight", "antiking")
KNIGHT_MOVES = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
KING_MOVES = ((-1, -1), (-1, 1), (1, -1), (1, 1))  # the orthogonal ones already share a unit


@dataclass(frozen=True, order=True)
class Cage:
    """Cells whose digits differ, and (Killer) add up to ``total`` when it is given."""

    cells: tuple[int, ...]
    total: int | None = None

    def label(self) -> str:
        """'cage 15' or 'cage' (no sum)."""
        return "cage" if self.total is None else f"cage {self.total}"


@dataclass(frozen=True, order=True)
class Variant:
    """The rules a puzzle adds to rows, columns and boxes (all off: the classic puzzle)."""

    diagonals: bool = False
    windows: bool = False
    regions: tuple[int, ...] = ()  # Jigsaw: the region index of every cell; () keeps the boxes
    cages: tuple[Cage, ...] = ()
    anti_knight: bool = False
    anti_king: bool = False

    @property
    def is_classic(self) -> bool:
        """True when no rule is on."""
        return self == _CLASSIC

    @property
    def names(self) -> tuple[str, ...]:
        """The rules on, in the CLI's words ('x', 'windoku', 'jigsaw', 'killer', ...)."""
        on = (self.diagonals, self.windows, bool(self.regions), bool(self.cages),
              self.anti_knight, self.anti_king)
        return tuple(name for name, flag in zip(VARIANT_NAMES, on, strict=True) if flag)

    @property
    def has_sums(self) -> bool:
        """True when some cage has a sum (values can no longer be relabelled)."""
        return any(cage.total is not None for cage in self.cages)

    def describe(self) -> str:
        """'Killer, X' in words for messages."""
        words = {"x": "X", "windoku": "Windoku", "jigsaw": "Jigsaw", "killer": "Killer",
                 "antiknight": "anti-knight", "antiking": "anti-king"}
        return ", ".join(words[name] for name in self.names) or "classic"

    def to_json(self) -> dict[str, object]:
        """The ``variant`` object of the JSON (docs/protocol.md): only the rules that are on."""
        out: dict[str, object] = {}
        if self.diagonals:
            out["diagonals"] = True
        if self.windows:
            out["windows"] = True
        if self.regions:
            out["regions"] = list(self.regions)
        if self.cages:
            out["cages"] = [
                {"cells": list(c.cells), **({"sum": c.total} if c.total is not None else {})}
                for c in self.cages
            ]
        if self.anti_knight:
            out["anti_knight"] = True
        if self.anti_king:
            out["anti_king"] = True
        return out


_CLASSIC = Variant()
_JSON_KEYS = ("diagonals", "windows", "regions", "cages", "anti_knight", "anti_king")


def variant_from_json(obj: object, size: int) -> Variant:
    """Read the ``variant`` object of the project's JSON; unknown keys are refused by name."""
    if not isinstance(obj, dict):
        raise VariantError("'variant' must be an object such as {\"diagonals\": true}")
    unknown = sorted(str(k) for k in obj if k not in _JSON_KEYS)
    if unknown:
        raise VariantError(
            f"variant rule {unknown[0]!r} is not supported (supported: {', '.join(_JSON_KEYS)})"
        )
    flags = {}
    for key in ("diagonals", "windows", "anti_knight", "anti_king"):
        value = obj.get(key, False)
        if not isinstance(value, bool):
            raise VariantError(f"variant '{key}' must be true or false, not {value!r}")
        flags[key] = value
    regions = obj.get("regions", [])
    if regions is None:
        regions = []
    if not isinstance(regions, list) or not all(_is_int(r) for r in regions):
        raise VariantError("variant 'regions' must be a list of region indices, one per cell")
    cages_in = obj.get("cages", [])
    if not isinstance(cages_in, list):
        raise VariantError("variant 'cages' must be a list of {\"cells\": [...], \"sum\": n}")
    cages = tuple(_cage_from_json(cage, k, size) for k, cage in enumerate(cages_in, 1))
    return Variant(flags["diagonals"], flags["windows"], tuple(regions), cages,
                   flags["anti_knight"], flags["anti_king"])


def _is_int(value: object) -> bool:
    """True for a JSON whole number (JSON's true and false are no numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _cage_from_json(cage: object, k: int, size: int) -> Cage:
    """Cage ``k`` (1-based) of the JSON ``variant``: {"cells": [indices], "sum": n}."""
    if not isinstance(cage, dict) or not isinstance(cage.get("cells"), list):
        raise VariantError(f"cage {k}: expected {{\"cells\": [cell indices], \"sum\": n}}")
    extra = sorted(str(key) for key in cage if key not in ("cells", "sum"))
    if extra:
        raise VariantError(f"cage {k}: field {extra[0]!r} is not supported")
    cells = cage["cells"]
    if not all(_is_int(c) for c in cells):
        raise VariantError(f"cage {k}: cells must be cell indices (0 .. {size * size - 1})")
    total = cage.get("sum")
    if total is not None and not _is_int(total):
        raise VariantError(f"cage {k}: sum must be a whole number, not {total!r}")
    return Cage(tuple(cells), total)

def combine(*variants: Variant) -> Variant:
    """One variant with every rule of the given ones (the last regions and cages win)."""
    out = _CLASSIC
    for v in variants:
        out = Variant(out.diagonals or v.diagonals, out.windows or v.windows,
                      v.regions or out.regions, v.cages or out.cages,
                      out.anti_knight or v.anti_knight, out.anti_king or v.anti_king)
    return out


def parse_names(text: str) -> tuple[str, ...]:
    """Read 'killer,x' into checked variant names; unknown ones are refused by name."""
    names = tuple(w.strip().lower().replace("-", "") for w in text.split(",") if w.strip())
    aliases = {"diagonal": "x", "diagonals": "x", "hyper": "windoku", "windows": "windoku"}
    names = tuple(aliases.get(n, n) for n in names)
    for n in names:
        if n not in VARIANT_NAMES and n != "classic":
            raise VariantError(
                f"variant {n!r} is not supported (supported: {', '.join(VARIANT_NAMES)})"
            )
    return tuple(n for n in names if n != "classic")


def windows(size: int, box_rows: int, box_cols: int) -> list[tuple[int, ...]]:
    """Windoku windows: boxes shifted one cell in, one cell apart, wholly inside the grid."""
    tops = range(1, size - box_rows, box_rows + 1)
    lefts = range(1, size - box_cols, box_cols + 1)
    return [
        tuple((top + r) * size + left + c for r in range(box_rows) for c in range(box_cols))
        for top in tops for left in lefts
    ]


def diagonals(size: int) -> list[tuple[int, ...]]:
    """The main diagonal (r1c1 to the far corner), then the anti-diagonal."""
    return [tuple(i * size + i for i in range(size)),
            tuple(i * size + size - 1 - i for i in range(size))]


def moves_apart(size: int, moves: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """Pairs of cells (a < b) a move of ``moves`` apart."""
    for a in range(size * size):
        r, c = divmod(a, size)
        for dr, dc in moves:
            rr, cc = r + dr, c + dc
            if 0 <= rr < size and 0 <= cc < size:
                b = rr * size + cc
                if a < b:
                    yield a, b


@cache
def check_variant(variant: Variant, box_rows: int, box_cols: int) -> None:
    """Raise VariantError when the rules cannot hold on a grid of this box shape."""
    n = box_rows * box_cols
    cells = n * n
    if variant.regions:
        _check_regions(variant.regions, n)
    if variant.windows and not windows(n, box_rows, box_cols):
        raise VariantError(f"no Windoku window fits a {n}x{n} grid with {box_rows}x{box_cols} "
                           "boxes")
    owner: dict[int, int] = {}
    for k, cage in enumerate(variant.cages, 1):
        if not cage.cells:
            raise VariantError(f"cage {k} has no cell")
        if len(cage.cells) > n:
            raise VariantError(f"cage {k} has {len(cage.cells)} cells; digits in a cage differ, "
                               f"so it can hold at most {n}")
        for cell in cage.cells:
            if not 0 <= cell < cells:
                raise VariantError(f"cage {k}: cell {cell} is off the {n}x{n} grid "
                                   f"(0 .. {cells - 1})")
            if cell in owner:
                where = "twice" if owner[cell] == k else f"also in cage {owner[cell]}"
                raise VariantError(f"cage {k}: cell r{cell // n + 1}c{cell % n + 1} is {where}")
            owner[cell] = k
        if cage.total is not None and cage.total < 1:
            raise VariantError(f"cage {k}: sum {cage.total} must be at least 1")


def _check_regions(regions: tuple[int, ...], n: int) -> None:
    if len(regions) != n * n:
        raise VariantError(f"the region map has {len(regions)} entries; a {n}x{n} grid has "
                           f"{n * n} cells")
    members: dict[int, list[int]] = {}
    for cell, r in enumerate(regions):
        if not 0 <= r < n:
            raise VariantError(f"region {r} of r{cell // n + 1}c{cell % n + 1} is out of range "
                               f"(0 .. {n - 1})")
        members.setdefault(r, []).append(cell)
    for r in range(n):
        got = members.get(r, [])
        if len(got) != n:
            raise VariantError(f"region {r + 1} has {len(got)} cells; each of the {n} regions "
                               f"needs {n}")
        seen = {got[0]}
        todo = [got[0]]
        inside = set(got)
        while todo:
            cell = todo.pop()
            row, col = divmod(cell, n)
            for rr, cc in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                other = rr * n + cc
                if 0 <= rr < n and 0 <= cc < n and other in inside and other not in seen:
                    seen.add(other)
                    todo.append(other)
        if len(seen) != n:
            raise VariantError(f"region {r + 1} is not connected: r{got[0] // n + 1}c"
                               f"{got[0] % n + 1} does not reach all its cells side by side")


def rules_of(names: Iterable[str]) -> Variant:
    """The flag rules of variant names (jigsaw and killer need their regions and cages)."""
    names = set(names)
    return Variant(diagonals="x" in names, windows="windoku" in names,
                   anti_knight="antiknight" in names, anti_king="antiking" in names)


def sum_reachable(total: int, free: int, size: int, used: Iterable[int]) -> bool:
    """True when ``free`` distinct digits (1..size, none of ``used``) can add up to ``total``."""
    if total < 0:
        return False
    banned = set(used)
    # reach[k] = bitmask of the sums k distinct allowed digits can make.
    reach = [0] * (free + 1)
    reach[0] = 1
    for d in range(1, size + 1):
        if d in banned:
            continue
        for k in range(free, 0, -1):
            reach[k] |= reach[k - 1] << d
    return bool(reach[free] >> total & 1)
