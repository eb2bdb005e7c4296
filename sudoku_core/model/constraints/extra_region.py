"""Extra regions: digits do not repeat in a shaded region of at most N cells."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..errors import VariantError
from .base import Unit
from .rule import (
    PLACED_SECTION,
    Board,
    Part,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    pair_parts,
    pair_table,
    read_cells,
)

if TYPE_CHECKING:
    from ..variants import Variant


def differ(x: int, y: int) -> bool:
    return x != y


@dataclass(frozen=True)
class ExtraRegion(Rule):
    """Cells whose digits differ: a unit (every digit once) when it has N cells.

    Either way its cells are peers of each other, which every solver and technique reads, so
    it needs no propagator."""

    kind: ClassVar[str] = "extra region"
    cells: tuple[int, ...]

    def units(self, size: int) -> tuple[Unit, ...]:
        return (self.cells,) if len(self.cells) == size else ()

    def differ(self) -> tuple[Unit, ...]:
        return (self.cells,) if len(self.cells) > 1 else ()

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return ()

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        if len(self.cells) == board.size:
            return ()  # a unit: a repeat is the unit's conflict
        # A smaller region is no unit: name each repeated pair here.
        return pair_parts(pair_table(a, b, board.size, differ)
                          for a, b in itertools.combinations(self.cells, 2))

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read_region(item: Mapping[str, object], size: int, where: str) -> ExtraRegion:
    only_fields(item, ("cells",), where)
    cells = read_cells(item, "cells", size, where)
    if len(cells) > size:
        raise VariantError(f"{where}: {len(cells)} cells cannot all differ on a {size}x{size} "
                           f"grid (at most {size})")
    return ExtraRegion(cells)


# No f-puzzles key: "extraregion" belongs to the Windoku row (its windows); the f-puzzles
# reader maps regions that are not the windows to this row.
EXTRA_REGIONS = PlacedType(
    name="extra-region", aliases=("extra-regions",), words="extra region",
    json_key="extra_regions", fpuzzles_keys=(), text_section=PLACED_SECTION,
    rules_text="Digits may not repeat in a shaded extra region.",
    unit_kind="extra region", rule_class=ExtraRegion, read_item=_read_region, is_unit=True,
)
