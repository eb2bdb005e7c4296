"""Variant rules on top of the classic grid: extra units, regions, cages and differ relations.

A :class:`Variant` travels on :class:`~.grid.Shape` (``Shape(3, 3, variant)``), so the shape's
geometry gives every unit and peer the rules make, and each solver, technique and checker that
reads ``shape.geometry`` sees them. The rules themselves (their names, words, JSON keys, forms
and what they add to the grid) are the rows of the constraint table, ``constraints.TABLE``:

- *diagonals* (X-Sudoku): the two long diagonals are units too;
- *windows* (Windoku, Hyper): boxes shifted one cell down and right, one cell apart, are units;
- *regions* (Jigsaw): the boxes are replaced by N connected regions of N cells, given as a
  region index per cell;
- *cages* (Killer): groups of cells whose digits differ, with an optional sum;
- *anti-knight* / *anti-king*: cells a chess knight's / king's move apart differ.

The record still keeps one field per rule; the next step makes it a list of constraints, each
row's own value, so that adding a rule no longer adds a field here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .constraints import JIGSAW, KILLER, NAMED, TABLE, WINDOKU, by_name, name_key
from .constraints.killer import Cage, sum_reachable
from .constraints.rule import Rule
from .errors import VariantError

__all__ = ["VARIANT_NAMES", "Cage", "Variant", "check_variant", "combine", "parse_names",
           "rules_of", "sum_reachable", "variant_from_json"]

VARIANT_NAMES = tuple(row.name for row in NAMED)


@dataclass(frozen=True, order=True)
class Variant:
    """The rules a puzzle adds to rows, columns and boxes (all off: the classic puzzle)."""

    diagonals: bool = False
    windows: bool = False
    regions: tuple[int, ...] = ()  # Jigsaw: the region index of every cell; () keeps the boxes
    cages: tuple[Cage, ...] = ()
    anti_knight: bool = False
    anti_king: bool = False
    # Placed rules (thermometers, dots, arrows, lines, clues), sorted: each type's row in the
    # table reads its own (``constraints.rule``).
    constraints: tuple[Rule, ...] = ()

    @property
    def is_classic(self) -> bool:
        """True when no rule is on."""
        return self == _CLASSIC

    @property
    def names(self) -> tuple[str, ...]:
        """The rules on, in the CLI's words ('x', 'windoku', 'jigsaw', 'killer', ...)."""
        return tuple(row.name for row in TABLE if row.present(self))

    @property
    def has_sums(self) -> bool:
        """True when some cage has a sum (values can no longer be relabelled)."""
        return any(cage.total is not None for cage in self.cages)

    @property
    def reads_digits(self) -> bool:
        """True when some rule reads the digits themselves (a cage's sum, a thermometer, a dot,
        a clue): swapping two digits in a solution may then break it, so no count may be
        proved by relabelling."""
        return self.has_sums or bool(self.constraints)

    def describe(self) -> str:
        """'Killer, X' in words for messages."""
        return ", ".join(row.words for row in TABLE if row.present(self)) or "classic"

    def rules_text(self) -> tuple[str, ...]:
        """The rules for players, one sentence per rule on, in the table's order."""
        return tuple(row.rules_text for row in TABLE if row.present(self))

    def to_json(self) -> dict[str, object]:
        """The ``variant`` object of the JSON (docs/protocol.md): only the rules that are on."""
        return {row.json_key: row.json_value(self) for row in TABLE if row.present(self)}


_CLASSIC = Variant()
_JSON_KEYS = tuple(row.json_key for row in TABLE)
# Flag rules are read first, then the regions and the cages, so the first fault named stays
# the one it always was.
_JSON_ORDER = tuple(sorted(TABLE, key=lambda row: not row.is_flag))


def variant_from_json(obj: object, size: int) -> Variant:
    """Read the ``variant`` object of the project's JSON; unknown keys are refused by name."""
    if not isinstance(obj, dict):
        raise VariantError("'variant' must be an object such as {\"diagonals\": true}")
    unknown = sorted(str(k) for k in obj if k not in _JSON_KEYS)
    if unknown:
        raise VariantError(
            f"variant rule {unknown[0]!r} is not supported (supported: {', '.join(_JSON_KEYS)})"
        )
    out = _CLASSIC
    for row in _JSON_ORDER:
        out = row.read_json(obj, out, size)
    return out


def combine(*variants: Variant) -> Variant:
    """One variant with every rule of the given ones (the last regions and cages win)."""
    out = _CLASSIC
    for v in variants:
        for row in TABLE:
            if row.present(v):
                out = row.taken(out, v)
    return out


def parse_names(text: str) -> tuple[str, ...]:
    """Read 'killer,x' into checked variant names; unknown ones are refused by name."""
    names = []
    for word in text.split(","):
        key = name_key(word)
        if not key or key == "classic":
            continue
        row = by_name(key)
        if row is None:
            raise VariantError(
                f"variant {key!r} is not supported (supported: {', '.join(VARIANT_NAMES)})"
            )
        names.append(row.name)
    return tuple(names)


@cache
def check_variant(variant: Variant, box_rows: int, box_cols: int) -> None:
    """Raise VariantError when the rules cannot hold on a grid of this box shape."""
    JIGSAW.check(variant, box_rows, box_cols)
    WINDOKU.check(variant, box_rows, box_cols)
    KILLER.check(variant, box_rows, box_cols)


def rules_of(names: Iterable[str]) -> Variant:
    """The flag rules of variant names (jigsaw and killer need their regions and cages)."""
    names = set(names)
    out = _CLASSIC
    for row in TABLE:
        if row.is_flag and row.name in names:
            out = row.switched_on(out)
    return out
