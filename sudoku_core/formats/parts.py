"""read_parts(): one puzzle with its givens, entries and solution kept apart where the text can."""

from __future__ import annotations

import json

from ..model.errors import ParseError, SudokuError
from ..model.grid import Grid, Shape
from .auto import parse
from .jsonio import grid_from_json
from .links import PuzzleLink, is_csv_row, is_link, read_csv_row, read_link
from .text import read_text


def read_parts(text: str, shape: Shape | None = None) -> PuzzleLink:
    """Givens apart from entries (and a solution): from a link, a CSV row or JSON with
    "entries"; any other puzzle text gives its givens alone (site 'text')."""
    if is_link(text):
        return read_link(text, shape)
    if is_csv_row(text):
        try:  # as parse does: comma-separated rows of a grid first
            return PuzzleLink("text", read_text(text, shape))
        except SudokuError:
            return read_csv_row(text, shape, parse)
    givens = parse(text, shape)
    entries = _json_entries(text, givens)
    return PuzzleLink("json" if entries is not None else "text", givens, entries)


def _json_entries(text: str, givens: Grid) -> Grid | None:
    """The "entries" of a JSON puzzle (rows like "cells"), or None when it has none."""
    body = text.strip().lstrip("\ufeff")
    if not body.startswith("{") or '"entries"' not in body:
        return None
    data = json.loads(body)  # parse() has read it already, so it is JSON
    entries = data.get("entries") if isinstance(data, dict) else None
    if entries is None:
        return None
    try:
        grid = grid_from_json({"cells": entries}, givens.shape, parse)
    except SudokuError as err:
        raise ParseError(f'JSON: "entries": {err}') from None
    kept = (0 if g else e for g, e in zip(givens.cells, grid.cells, strict=True))
    return Grid(givens.shape, tuple(kept))
