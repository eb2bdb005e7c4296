"""The row every constraint type fills in: its names, its forms and what it adds to the grid.

A row reads and writes its own field of :class:`~..variants.Variant`; the geometry, the
readers and the writers ask the rows (``TABLE`` in this package) instead of naming the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import VariantError

if TYPE_CHECKING:  # the record imports the table; the rows only read and make records
    from ..variants import Variant

RULES_SECTION = "rules"  # the variant text's section of the flag rules, listed by name
Unit = tuple[int, ...]
Move = tuple[int, int]


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

    def cells(self, variant: Variant, box_rows: int, box_cols: int) -> Unit:
        """Every cell the rule constrains, in cell order."""
        n = box_rows * box_cols
        found = {c for unit in self.units(variant, box_rows, box_cols) for c in unit}
        found.update(c for group in self.groups(variant) for c in group)
        found.update(c for pair in moves_apart(n, self.moves(variant)) for c in pair)
        return tuple(sorted(found))


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
