"""The row every constraint type fills in: its names, its forms and what it adds to the grid.

A row reads and writes its own field of :class:`~..variants.Variant`; the geometry, the
readers and the writers ask the rows (``TABLE`` in this package) instead of naming the rules.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ..errors import VariantError

if TYPE_CHECKING:  # the record imports the table; the rows only read and make records
    from ..variants import Variant

RULES_SECTION = "rules"  # the variant text's section of the flag rules, listed by name
Unit = tuple[int, ...]
Move = tuple[int, int]


class Break(NamedTuple):
    """A rule a filled grid already breaks (``model.conflicts`` words it as a Conflict)."""

    kind: str  # "cage", "knight", "thermometer", ...
    nth: int  # which one of its kind (0-based)
    value: int  # the repeated digit, 0 when the rule breaks otherwise
    cells: Unit  # the filled cells that break it
    reason: str  # "repeated digit" | "sum exceeded" | "sum unreachable" | "rule broken"
    unit_cells: Unit  # every cell of the cage, pair or placed rule
    total: int | None = None  # a cage's sum


@dataclass(frozen=True)
class ConstraintType:
    """One row of the constraint table (a subclass per type fills in its methods)."""

    name: str  # the CLI's name, as --variant and 'rules:' take it: "x"
    aliases: tuple[str, ...]  # other names people type: ("diagonal", "diagonals")
    words: str  # the rule in messages: "X"
    json_key: str  # its key in the project's JSON ``variant`` object: "diagonals"
    fpuzzles_keys: tuple[str, ...]  # its keys of an f-puzzles puzzle object: ("diagonal+", ...)
    text_section: str  # the variant text's section that holds it: "rules"
    rules_text: str  # the rule for players, one sentence
    unit_kind: str = ""  # the word of the units it adds ("diagonal"), "" when it adds none

    @property
    def is_flag(self) -> bool:
        """True for a rule that is on or off (no data: regions or cages)."""
        return self.text_section == RULES_SECTION

    def present(self, variant: Variant) -> bool:
        """True when ``variant`` has this rule on."""
        raise NotImplementedError

    def taken(self, target: Variant, source: Variant) -> Variant:
        """``target`` with this rule as ``source`` has it."""
        raise NotImplementedError

    def switched_on(self, variant: Variant) -> Variant:
        """``variant`` with this rule on (flag rules only: the others need their data)."""
        raise VariantError(f"{self.name!r} comes from its {self.text_section}, not from a name")

    def json_value(self, variant: Variant) -> object:
        """The value of :attr:`json_key` in the JSON ``variant`` object (the rule is on)."""
        return True

    def read_json(self, obj: Mapping[object, object], variant: Variant, size: int) -> Variant:
        """``variant`` with this rule as the JSON ``variant`` object ``obj`` gives it."""
        value = obj.get(self.json_key, False)
        if not isinstance(value, bool):
            raise VariantError(f"variant '{self.json_key}' must be true or false, not {value!r}")
        return self.switched_on(variant) if value else variant

    def units(self, variant: Variant, box_rows: int, box_cols: int) -> tuple[Unit, ...]:
        """The units it adds (each a set of cells whose digits differ), named :attr:`unit_kind`."""
        return ()

    def groups(self, variant: Variant) -> tuple[Unit, ...]:
        """Groups of cells whose digits differ that are no unit (Killer cages)."""
        return ()

    def moves(self, variant: Variant) -> tuple[Move, ...]:
        """The moves (row, column steps) whose two cells differ (anti-knight, anti-king)."""
        return ()

    def breaks(self, variant: Variant, values: Sequence[int], box_of: Sequence[int]
               ) -> list[Break]:
        """What its filled cells already break, beyond repeats in its units (the grid's
        conflict check finds those for every unit alike)."""
        return []

    def cells(self, variant: Variant, box_rows: int, box_cols: int) -> Unit:
        """Every cell the rule constrains, in cell order."""
        n = box_rows * box_cols
        found = {c for unit in self.units(variant, box_rows, box_cols) for c in unit}
        found.update(c for group in self.groups(variant) for c in group)
        found.update(c for pair in moves_apart(n, self.moves(variant)) for c in pair)
        return tuple(sorted(found))


def move_breaks(kind: str, moves: Iterable[Move], values: Sequence[int]) -> list[Break]:
    """Two cells a move apart that hold one digit (anti-knight, anti-king)."""
    size = math.isqrt(len(values))
    return [Break(kind, index, values[a], (a, b), "repeated digit", (a, b))
            for index, (a, b) in enumerate(moves_apart(size, moves))
            if values[a] and values[a] == values[b]]


def repeats(values: Sequence[int], unit: Iterable[int]) -> list[tuple[int, Unit]]:
    """Each digit held by more than one cell of ``unit``, with those cells (digit order)."""
    seen: dict[int, list[int]] = {}
    for c in unit:
        v = values[c]
        if v:
            seen.setdefault(v, []).append(c)
    return [(v, tuple(seen[v])) for v in sorted(seen) if len(seen[v]) > 1]


def moves_apart(size: int, moves: Iterable[Move]) -> Iterator[tuple[int, int]]:
    """Pairs of cells (a < b) a move of ``moves`` apart."""
    for a in range(size * size):
        r, c = divmod(a, size)
        for dr, dc in moves:
            rr, cc = r + dr, c + dc
            if 0 <= rr < size and 0 <= cc < size:
                b = rr * size + cc
                if a < b:
                    yield a, b


def is_whole_number(value: object) -> bool:
    """True for a JSON whole number (JSON's true and false are no numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)
