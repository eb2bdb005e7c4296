"""Killer: cages, groups of cells whose digits differ and (with a sum) add up to it."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import VariantError
from .base import Break, ConstraintType, Unit, is_whole_number, repeats

if TYPE_CHECKING:
    from ..variants import Variant


@dataclass(frozen=True, order=True)
class Cage:
    """Cells whose digits differ, and (Killer) add up to ``total`` when it is given."""

    cells: tuple[int, ...]
    total: int | None = None

    def label(self) -> str:
        """'cage 15' or 'cage' (no sum)."""
        return "cage" if self.total is None else f"cage {self.total}"


@dataclass(frozen=True)
class Killer(ConstraintType):
    """The cages (``Variant.cages``)."""

    def present(self, variant: Variant) -> bool:
        return bool(variant.cages)

    def taken(self, target: Variant, source: Variant) -> Variant:
        return replace(target, cages=source.cages)

    def json_value(self, variant: Variant) -> object:
        return [{"cells": list(c.cells), **({"sum": c.total} if c.total is not None else {})}
                for c in variant.cages]

    def read_json(self, obj: Mapping[object, object], variant: Variant, size: int) -> Variant:
        cages_in = obj.get(self.json_key, [])
        if not isinstance(cages_in, list):
            raise VariantError("variant 'cages' must be a list of {\"cells\": [...], \"sum\": n}")
        cages = tuple(_cage_from_json(cage, k, size) for k, cage in enumerate(cages_in, 1))
        return replace(variant, cages=cages)

    def groups(self, variant: Variant) -> tuple[Unit, ...]:
        return tuple(cage.cells for cage in variant.cages)

    def breaks(self, variant: Variant, values: Sequence[int], box_of: Sequence[int]
               ) -> list[Break]:
        size = math.isqrt(len(values))
        return [b for k, cage in enumerate(variant.cages) for b in _cage_breaks(values, k, cage,
                                                                                 size)]

    def check(self, variant: Variant, box_rows: int, box_cols: int) -> None:
        """Raise VariantError for an empty, oversized, off-grid or overlapping cage."""
        n = box_rows * box_cols
        owner: dict[int, int] = {}
        for k, cage in enumerate(variant.cages, 1):
            if not cage.cells:
                raise VariantError(f"cage {k} has no cell")
            if len(cage.cells) > n:
                raise VariantError(f"cage {k} has {len(cage.cells)} cells; digits in a cage "
                                   f"differ, so it can hold at most {n}")
            for cell in cage.cells:
                if not 0 <= cell < n * n:
                    raise VariantError(f"cage {k}: cell {cell} is off the {n}x{n} grid "
                                       f"(0 .. {n * n - 1})")
                if cell in owner:
                    where = "twice" if owner[cell] == k else f"also in cage {owner[cell]}"
                    raise VariantError(f"cage {k}: cell r{cell // n + 1}c{cell % n + 1} is "
                                       f"{where}")
                owner[cell] = k
            if cage.total is not None and cage.total < 1:
                raise VariantError(f"cage {k}: sum {cage.total} must be at least 1")


def _cage_breaks(values: Sequence[int], k: int, cage: Cage, size: int) -> list[Break]:
    """A cage's repeated digits, or else its sum exceeded or out of reach."""
    found = [Break("cage", k, v, where, "repeated digit", cage.cells, cage.total)
             for v, where in repeats(values, cage.cells)]
    if cage.total is None or found:
        return found
    placed = [values[c] for c in cage.cells if values[c]]
    filled = tuple(c for c in cage.cells if values[c])
    free = len(cage.cells) - len(placed)
    if sum(placed) > cage.total or (not free and sum(placed) != cage.total):
        reason = "sum exceeded" if sum(placed) > cage.total else "sum unreachable"
        found.append(Break("cage", k, 0, filled, reason, cage.cells, cage.total))
    elif not sum_reachable(cage.total - sum(placed), free, size, placed):
        found.append(Break("cage", k, 0, filled, "sum unreachable", cage.cells, cage.total))
    return found


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


def _cage_from_json(cage: object, k: int, size: int) -> Cage:
    """Cage ``k`` (1-based) of the JSON ``variant``: {"cells": [indices], "sum": n}."""
    if not isinstance(cage, dict) or not isinstance(cage.get("cells"), list):
        raise VariantError(f"cage {k}: expected {{\"cells\": [cell indices], \"sum\": n}}")
    extra = sorted(str(key) for key in cage if key not in ("cells", "sum"))
    if extra:
        raise VariantError(f"cage {k}: field {extra[0]!r} is not supported")
    cells = cage["cells"]
    if not all(is_whole_number(c) for c in cells):
        raise VariantError(f"cage {k}: cells must be cell indices (0 .. {size * size - 1})")
    total = cage.get("sum")
    if total is not None and not is_whole_number(total):
        raise VariantError(f"cage {k}: sum must be a whole number, not {total!r}")
    return Cage(tuple(cells), total)


KILLER = Killer(
    name="killer", aliases=(), words="Killer", json_key="cages", fpuzzles_keys=("killercage",),
    text_section="cages",
    rules_text="Digits may not repeat within a cage, and a cage's digits add up to its sum "
               "when one is given.",
)
