"""The shared pieces of the JSON contract (docs/protocol.md), written once for every result.

Cells go out as ``{"cell": [r, c], "index": i}`` (0-based, row-major), values as integers
beside their symbols, units with the indices of their cells, and every result carries its
``box`` and ``size`` so that a reader (the page) needs no geometry of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .grid import Grid, Shape

Json = dict[str, Any]


def frame(shape: Shape) -> Json:
    """``{"box": [r, c], "size": n}``: the shape fields every result carries (and a variant's
    rules as ``"variant"``, docs/protocol.md)."""
    if shape.variant is not None:
        return {"box": [shape.box_rows, shape.box_cols], "size": shape.size,
                "variant": shape.variant.to_json()}
    return {"box": [shape.box_rows, shape.box_cols], "size": shape.size}


def cell_ref(cell: int, size: int) -> Json:
    """``{"cell": [r, c], "index": i}``."""
    return {"cell": [cell // size, cell % size], "index": cell}


def value_ref(cell: int, value: int, shape: Shape) -> Json:
    """``{"cell": [r, c], "index": i, "symbol": s, "value": v}``."""
    n = shape.size
    return {"cell": [cell // n, cell % n], "index": cell, "symbol": shape.symbol(value),
            "value": value}


def pairs(cells: Iterable[int], size: int) -> list[list[int]]:
    """Cells as 0-based ``[row, col]`` pairs."""
    return [[c // size, c % size] for c in cells]


def unit_ref(shape: Shape, unit: int) -> Json:
    """``{"unit": "row"|"column"|"box", "index": k, "cells": [i, ...]}``."""
    geo = shape.geometry
    kind, index = geo.unit_kind(unit)
    return {"unit": kind, "index": index, "cells": list(geo.units[unit])}


def values_of(grid: Grid | None) -> list[int] | None:
    """A grid as a list of ints (0 = empty), or None."""
    return list(grid.cells) if grid is not None else None


def line_of(grid: Grid | None) -> str | None:
    """A grid as its one-line text, or None."""
    return grid.line() if grid is not None else None
