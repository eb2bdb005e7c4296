"""Links and records that name a puzzle: the page's share links, other sites' links, CSV rows.

``read_link`` gives a PuzzleLink (givens, and the entries or solution the source kept apart);
``parse`` reads the same text and keeps the givens. Read: the page's links
(``index.html#p=...``, any host, or the bare hash), SudokuWiki ``?bd=`` (81 digits or its
``S9B`` candidate grid), sudoku.coach play and solver links, f-puzzles ``?load=`` and
SudokuPad ``fpuzzles`` links (with their rules), SudokuPad ``scl``/``ctc``/``classic`` links of
classic puzzles, and one CSV row
such as ``puzzle,solution``. Everything else gets a LinkError naming the site.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...model.errors import BEYOND_INPUT, LinkError, ParseError, SudokuError, beyond_input
from ...model.grid import Grid, Shape
from ..text import read_cells, read_text
from .base import Link, PuzzleLink, split_link
from .fpuzzles import read_fpuzzles
from .page import format_link, read_page_link
from .sudokupad import read_sudokupad
from .sudokuwiki import read_coach, read_sudokuwiki

__all__ = ["LinkError", "PuzzleLink", "format_csv_row", "format_link", "is_csv_row", "is_link",
           "read_csv_row", "read_link"]

Reader = Callable[[Link, Shape | None], PuzzleLink]
SITES: dict[str, tuple[str, Reader]] = {
    "sudokuwiki.org": ("SudokuWiki", read_sudokuwiki),
    "sudoku.coach": ("sudoku.coach", read_coach),
    "f-puzzles.com": ("f-puzzles", read_fpuzzles),
    "sudokupad.app": ("SudokuPad", read_sudokupad),
    "beta.sudokupad.app": ("SudokuPad", read_sudokupad),
    "sxsm.uk": ("SudokuPad", read_sudokupad),
    "app.crackingthecryptic.com": ("SudokuPad", read_sudokupad),
}
# Sites people paste from whose links hold no puzzle that can be read here.
UNREAD = {
    "sudoku.com": "Sudoku.com", "nytimes.com": "The New York Times",
    "puzz.link": "puzz.link", "pzv.jp": "pzv.jp", "swaroopg92.github.io": "Penpa+",
    "logic-masters.de": "Logic Masters", "sudokuexchange.com": "Sudoku Exchange",
    "websudoku.com": "Web Sudoku", "sudoku.tagesspiegel.de": "Tagesspiegel",
}
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_RELATIVE = re.compile(r"^[^\s#?]*#[A-Za-z]+=")  # a hash of key=value pairs, as the page's
CSV_FIELD = 16  # a CSV field this long holds a whole puzzle; shorter ones are notes


def is_link(text: str) -> bool:
    """True when ``text`` (one line, no spaces) is a URL, a '#p=' hash (after any path), or
    'host/path' of a site this module knows (other hosts need their 'https://')."""
    body = text.strip().strip("<>")
    if not body or any(ch.isspace() for ch in body):
        return False
    if _SCHEME.match(body) or body.lower().startswith("www.") or body.startswith("?bd="):
        return True
    if _RELATIVE.match(body):
        return True
    first = re.split(r"[/?#]", body, maxsplit=1)[0].lower()
    return len(first) < len(body) and (first in SITES or first in UNREAD)


def read_link(text: str, shape: Shape | None = None) -> PuzzleLink:
    """Read a link: the page's own, or a supported site's; LinkError says where and why."""
    body = text.strip().strip("<>")
    try:
        return _read(split_link(body), shape)
    except LinkError as err:
        lead = text.find(body[:1]) if body else 0  # columns count from the text as given
        if not lead or err.column is None:
            raise
        raise LinkError(err.reason, column=err.column + lead, char=err.char) from None


def _read(link: Link, shape: Shape | None) -> PuzzleLink:
    """Dispatch on the site."""
    if not link.host and "bd" in link.query:
        return _guarded("SudokuWiki", read_sudokuwiki, link, shape)
    site = SITES.get(link.host)
    if site is not None:
        return _guarded(site[0], site[1], link, shape)
    if "p" in link.fragment:
        return _guarded("page", read_page_link, link, shape)
    if not link.host:
        raise LinkError("this link holds no puzzle: the page's links end in '#p=' and the cells")
    name = UNREAD.get(link.host) or next(
        (v for k, v in UNREAD.items() if link.host.endswith("." + k)), None)
    known = "the page's own (#p=), SudokuWiki, sudoku.coach, f-puzzles and SudokuPad"
    if name is not None:
        raise LinkError(f"links from {name} ({link.host}) are not read; links that are: {known}")
    raise LinkError(f"links from {link.host} are not read (no puzzle found in it); links that "
                    f"are: {known}")


def _guarded(site: str, reader: Reader, link: Link, shape: Shape | None) -> PuzzleLink:
    """Run a site's reader; an error from deeper down still names the site."""
    try:
        return reader(link, shape)
    except LinkError:
        raise
    except SudokuError as err:
        raise LinkError(f"{site} link: {err}") from None
    except BEYOND_INPUT as err:
        raise LinkError(f"{site} link: {beyond_input(err)}") from None


def is_csv_row(text: str) -> bool:
    """True for one line of comma-separated fields, one of which is long enough to be a puzzle."""
    line = text.strip()
    if "," not in line or "\n" in line or "\r" in line or line[:1] in ("{", "["):
        return False  # JSON is never a CSV row
    return any(len(_field(f)) >= CSV_FIELD for f in line.split(","))


def _field(text: str) -> str:
    return text.strip().strip("\"'").strip()


def read_csv_row(text: str, shape: Shape | None) -> PuzzleLink:
    """A CSV row such as 'puzzle,solution' or 'id,puzzle,solution,clues': the first long field
    is the puzzle, the next (when there is one) its solution; short fields are notes. A line
    that is a grid's rows joined by commas ('53..7....,6..195...,...') is that grid."""
    try:
        return PuzzleLink("text", read_text(text, shape))
    except SudokuError:
        pass  # no grid: a row of fields, whose own error says which field is wrong
    line = text.strip()
    lead = len(text) - len(text.lstrip())
    grids: list[Grid] = []
    at = lead
    for number, raw in enumerate(line.split(","), 1):
        value = _field(raw)
        if len(value) >= CSV_FIELD:
            if len(grids) == 2:
                raise ParseError(f"CSV row: field {number} is a third puzzle; a row holds a "
                                 f"puzzle and at most its solution", column=at + 1)
            try:
                grids.append(_read_field(value, grids[0].shape if grids else shape))
            except SudokuError as err:
                offset = at + len(raw) - len(raw.lstrip().lstrip("\"'"))
                column = getattr(err, "column", None)
                reason = getattr(err, "reason", str(err))
                raise type(err)(
                    f"CSV row, field {number}: {reason}",
                    **({"column": offset + column} if isinstance(err, ParseError) and column
                       else {}),
                ) from None
        at += len(raw) + 1
    if not grids:
        raise ParseError("CSV row: no field holds a whole puzzle")
    solution = grids[1] if len(grids) > 1 else None
    if solution is not None:
        _check_solution(grids[0], solution)
    return PuzzleLink("csv", grids[0], solution=solution)


def _read_field(value: str, shape: Shape | None) -> Grid:
    """A CSV field that holds a puzzle: a link (as any link is read), else grid text."""
    return read_link(value, shape).givens if is_link(value) else read_cells(value, shape)


def format_csv_row(puzzle: Grid, solution: Grid | None = None) -> str:
    """One CSV row: 'puzzle,solution' in the one-line form (the puzzle alone without one)."""
    if solution is None:
        return puzzle.line()
    if solution.shape != puzzle.shape:
        raise ValueError(f"the solution is {solution.shape}, the puzzle {puzzle.shape}")
    return f"{puzzle.line()},{solution.line()}"


def _check_solution(puzzle: Grid, solution: Grid) -> None:
    """The solution column must be full and keep every given."""
    n = puzzle.size
    for cell, (g, s) in enumerate(zip(puzzle.cells, solution.cells, strict=True)):
        if not s or (g and g != s):
            why = "is empty" if not s else f"holds {s}, the puzzle's given is {g}"
            raise ParseError(f"CSV row: the solution's r{cell // n + 1}c{cell % n + 1} {why}")
