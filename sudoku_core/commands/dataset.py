"""CSV data sets: `generate --format csv` and `rate --format csv`.

The layout is that of the public Kaggle sets: a `quizzes,solutions` header, one puzzle per
row, '0' for an empty cell (grids up to 9x9; larger ones keep their one-line form). `rate`
copies each input row of a CSV file as it is and adds the rating columns after it.
"""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Iterator, Sequence
from typing import Any

from ..formats.records import is_csv_header
from ..model.grid import Grid
from .common import Item
from .inputs import is_file

GENERATE_HEADER = ("quizzes", "solutions", "level", "score")
RATE_COLUMNS = ("level", "score", "hardest", "status")


def add_format_option(parser: argparse.ArgumentParser) -> None:
    """--format text|json|csv (json is --json)."""
    parser.add_argument("--format", choices=("text", "json", "csv"), default=None,
                        help="text (the default), json (JSON Lines, as --json) or csv: a data "
                             "set with a header row")


def _fields(line: str) -> list[str]:
    """The fields of one CSV line."""
    return next(csv.reader([line.rstrip("\r\n")]), [])


def cells(grid: Grid) -> str:
    """A grid in a data set's column: digits with '0' for empty up to 9x9, else its line."""
    if grid.size <= 9:
        return "".join(str(v) for v in grid.cells)
    return grid.line()


def csv_line(fields: Sequence[object]) -> str:
    """One CSV row, quoted where a field needs it, without its line end."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow(["" if f is None else f for f in fields])
    return buf.getvalue()


class RatedRows:
    """Each batch record as a CSV row: the input's row with the rating columns added.

    The rows of a CSV input file are read again as the records come (both go in line
    order), so memory stays flat; other input (puzzles one per line, stdin) gets a
    `puzzle` column holding the puzzle as read. A rating column the input has already (a
    data set of `generate --format csv` has level and score) is filled in its place, so that
    every column name stays unique and the file reads back by name.
    """

    def __init__(self, args: argparse.Namespace) -> None:
        source = getattr(args, "file", None) or getattr(args, "puzzle", None)
        self._lines: Iterator[tuple[int, str]] | None = None
        self._fh: Any = None
        names = ["puzzle"]
        if source and source != "-" and is_file(source):
            self._fh = open(source, encoding="utf-8-sig", errors="replace")  # noqa: SIM115
            first = next((ln for ln in self._fh if ln.strip() and not ln.startswith("#")), "")
            self._fh.seek(0)
            if is_csv_header(first):
                names = _fields(first)
                self._lines = ((n, ln.rstrip("\r\n")) for n, ln in enumerate(self._fh, 1))
        # Where each rating column goes: its place in the input's header, else at the end.
        self._at = {name: names.index(name) if name in names else None for name in RATE_COLUMNS}
        added = [name for name, at in self._at.items() if at is None]
        self._width = len(names)
        self.header = csv_line(names + added)

    def row(self, item: Item, data: dict[str, Any]) -> str:
        """The CSV row of one record."""
        line = data.get("line")
        text = csv_line([cells(item.grid)])
        if self._lines is not None and isinstance(line, int):
            for number, found in self._lines:
                if number == line:
                    text = found
                    break
                if number > line:
                    break
        rating = {k: data.get(k) for k in RATE_COLUMNS}
        if all(at is None for at in self._at.values()):
            # The input's row as it is, the rating after it.
            return f"{text},{csv_line(list(rating.values()))}"
        fields: list[object] = list(_fields(text))
        fields += [""] * (self._width - len(fields))
        for name, at in self._at.items():
            if at is not None:
                fields[at] = rating[name]
        return csv_line(fields + [v for k, v in rating.items() if self._at[k] is None])

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
