"""JSON in and out: {"box": [r, c], "cells": [[...], ...]} with 0 (or null) for empty."""

from __future__ import annotations

import json

from ..model.errors import CellCountError, ParseError, ShapeError, SudokuError, SymbolError
from ..model.grid import MAX_SIZE, MIN_SIZE, Grid, Shape
from ..model.variants import variant_from_json
from .links.base import kept_entries
from .scan import TOKEN
from .sizes import (
    count_error,
    is_supported,
    shape_for_count,
    shape_for_size,
    sized,
)
from .text import read_cells, token_value


def format_json(grid: Grid, entries: Grid | None = None) -> str:
    """JSON with one row per line: {"box": [3, 3], "cells": [[5, 3, 0, ...], ...]}; the
    player's ``entries``, when given, follow apart as "entries" rows (0 where none)."""
    shape = grid.shape
    rows = ",\n".join("  " + json.dumps(row) for row in grid.rows())
    text = f'{{"box": [{shape.box_rows}, {shape.box_cols}], "cells": [\n{rows}\n]'
    if shape.variant is not None:
        text += f', "variant": {json.dumps(shape.variant.to_json())}'
    kept = kept_entries(grid, entries) if entries is not None else ()
    if any(kept):
        lines = ",\n".join("  " + json.dumps(r) for r in Grid(shape.classic, kept).rows())
        text += f', "entries": [\n{lines}\n]'
    return text + "}"


def decode_json(text: str) -> object:
    """The decoded JSON; a ParseError that says where when it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        err = ParseError(f"JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")
        # The message already names the place in JSON's own words; keep it, but carry it too.
        err.line, err.column = exc.lineno, exc.colno
        err.char = exc.doc[exc.pos] if exc.pos < len(exc.doc) else None
        raise err from None
    except RecursionError:
        raise ParseError("JSON: nested too deeply for a puzzle") from None
    except ValueError:  # an integer of 5,000 digits: Python's own message names its internals
        raise ParseError("JSON: a number too long to be a cell value") from None


def json_entries(text: str, givens: Grid) -> Grid | None:
    """The "entries" of a JSON puzzle (rows like "cells") on the empty cells of ``givens``,
    which were read from the same text; None when it has none."""
    body = text.strip().lstrip("\ufeff")
    if not body.startswith("{") or '"entries"' not in body:
        return None
    data = json.loads(body)  # the givens were read from it, so it is JSON
    entries = data.get("entries") if isinstance(data, dict) else None
    if entries is None:
        return None
    try:
        grid = grid_from_json({"cells": entries}, givens.shape)
    except SudokuError as err:
        raise ParseError(f'JSON: "entries": {err}') from None
    kept = (0 if g else e for g, e in zip(givens.cells, grid.cells, strict=True))
    return Grid(givens.shape, tuple(kept))


def _shape_of_box(box: object) -> Shape:
    """The shape named by a JSON "box" value: [3, 3] or "3x3"."""
    if isinstance(box, str):
        try:
            return Shape.parse(box)
        except SudokuError:
            raise
        except ValueError:  # int() refuses digits such as '²' or 5,000 of them
            raise ShapeError(f"box shape {box[:20]!r}: expected ROWSxCOLS, such as 3x3") from None
    if (
        isinstance(box, list)
        and len(box) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in box)
    ):
        return Shape(box[0], box[1])
    raise ParseError(f'JSON: "box" must be [rows, columns] such as [3, 3], not {json.dumps(box)}')


def grid_from_json(data: object, shape: Shape | None) -> Grid:
    """Build a grid from decoded JSON: an object with "cells", or the cells themselves."""
    if isinstance(data, dict) and data.get("variant") is not None:
        plain = {k: v for k, v in data.items() if k != "variant"}
        base = shape.classic if shape is not None else None
        grid = grid_from_json(plain, base)
        variant = variant_from_json(data["variant"], grid.size)
        return Grid(grid.shape.with_variant(variant), grid.cells)
    cells, shape = _cells_and_shape(data, shape)
    if isinstance(cells, str):
        return read_cells(cells, shape)
    if not isinstance(cells, list) or not cells:
        raise ParseError("JSON: cells must be a list of rows, such as [[5, 3, 0, ...], ...]")
    if all(isinstance(row, list) for row in cells):
        return _from_rows(cells, shape)
    return _from_values(cells, shape)


def _cells_and_shape(data: object, shape: Shape | None) -> tuple[object, Shape | None]:
    """The cells of an object ("cells", "grid" or "puzzle"), with the shape its "box" (or
    "shape") names when the caller gave none; any other JSON value is the cells."""
    if not isinstance(data, dict):
        return data, shape
    key = next((k for k in ("cells", "grid", "puzzle") if k in data), None)
    if key is None:
        raise ParseError('JSON: expected an object with a "cells" list of rows')
    box = data.get("box", data.get("shape"))
    if shape is None and box is not None:
        shape = _shape_of_box(box)
    return data[key], shape


def _from_values(cells: list[object], shape: Shape | None) -> Grid:
    """Build from one list of values (or of rows written as strings such as "53..7....")."""
    if any(isinstance(v, (list, dict)) for v in cells):
        raise ParseError("JSON: cells must be all rows (lists) or all values, not a mix")
    by_count = shape_for_count(len(cells), shape)
    if by_count is None and all(isinstance(v, str) for v in cells):
        return _from_rows([_split_row(str(v)) for v in cells], shape)
    if by_count is None:
        raise count_error(len(cells), shape)
    n = by_count.size
    return Grid(by_count, tuple(_value(v, n, f"cells[{k}]") for k, v in enumerate(cells)))


def _split_row(row: str) -> list[object]:
    """A row given as a string: separated tokens, or one character per cell."""
    tokens: list[str] = TOKEN.findall(row)
    if len(tokens) == 1:
        return list(tokens[0])
    return list(tokens)


def _from_rows(rows: list[object], shape: Shape | None) -> Grid:
    """Build from a list of rows (lists of values)."""
    n = shape.size if shape else len(rows)
    if shape is None:
        if not is_supported(n):
            rows_found = f"JSON: {n} row{'s' if n != 1 else ''} found"
            if n < MIN_SIZE:
                raise CellCountError(f"{rows_found}; the smallest puzzle, 4x4, has 4 rows")
            if n > MAX_SIZE:
                raise ShapeError(f"{rows_found}; the largest puzzle, {MAX_SIZE}x{MAX_SIZE}, "
                                 f"has {MAX_SIZE} rows")
            raise ShapeError(f"{rows_found}, but {sized(n)} grid has no box shape: {n} is prime")
        shape = shape_for_size(n)
    if len(rows) != n:
        raise CellCountError(f"JSON: {len(rows)} rows found, {sized(n)} puzzle has {n}")
    values: list[int] = []
    for r, row in enumerate(rows):
        assert isinstance(row, list)
        if len(row) != n:
            raise CellCountError(
                f"JSON: row {r + 1} has {len(row)} cells, {sized(n)} puzzle has {n} in each row"
            )
        values.extend(_value(v, n, f"cells[{r}][{c}]") for c, v in enumerate(row))
    return Grid(shape, tuple(values))


def _value(v: object, n: int, where: str) -> int:
    """The value of one JSON cell: 0..N, null, or a symbol string."""
    if v is None:
        return 0
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= n:
        return v
    if isinstance(v, str):
        s = v.strip()
        got = 0 if s == "" else token_value(s, n)
        if got is not None:
            return got
    shown = json.dumps(v, ensure_ascii=False)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    raise SymbolError(
        f"JSON: {where}: {shown} is not a value of {sized(n)} puzzle (values are 0-{n}, "
        f"0 or null for an empty cell)",
        char=str(v)[:20],
    )
