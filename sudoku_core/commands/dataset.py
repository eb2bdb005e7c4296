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
    `puzzle` column holding the puzzle as read.
    """

    def __init__(self, args: argparse.Namespace) -> None:
        source = getattr(args, "file", None) or getattr(args, "puzzle", None)
        self._lines: Iterator[tuple[int, str]] | None = None
        self._fh: Any = None
        header = ["puzzle"]
        if source and source != "-" and is_file(source):
            self._fh = open(source, encoding="utf-8-sig", errors="replace")  # noqa: SIM115
            first = next((ln for ln in self._fh if ln.strip() and not ln.startswith("#")), "")
            self._fh.seek(0)
            if is_csv_header(first):
                header = [first.rstrip("\r\n")]
                self._lines = ((n, ln.rstrip("\r\n")) for n, ln in enumerate(self._fh, 1))
        self.header = ",".join(header + [csv_line(RATE_COLUMNS)])

    def row(self, item: Item, data: dict[str, Any]) -> str:
        """The CSV row of one record."""
        extra = csv_line([data.get(k) for k in RATE_COLUMNS])
        line = data.get("line")
        if self._lines is not None and isinstance(line, int):
            for number, text in self._lines:
                if number == line:
                    return f"{text},{extra}"
                if number > line:
                    break
        return f"{csv_line([cells(item.grid)])},{extra}"

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
