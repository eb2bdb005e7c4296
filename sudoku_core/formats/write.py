"""Write puzzles: one line, separated numbers, JSON, a pretty drawing, a pencil-mark grid, a
link of the web page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model.contract import frame
from ..model.errors import VariantError
from ..model.expect import expect
from ..model.grid import Grid, Shape
from .drawing import (
    candidate_masks,
    format_boxed,
    format_candidates,
    format_line,
    format_pretty,
    format_rows,
    format_tokens,
)
from .jsonio import format_json
from .links import SITE_LINKS, About, format_link, format_site_link, fpuzzles_draws
from .variant_text import format_variant_text

__all__ = [
    "FORMATS",
    "SITE_FORMATS",
    "SITE_LINKS",
    "Formatted",
    "export",
    "candidate_masks",
    "format_candidates",
    "format_fpuzzles",
    "format_grid",
    "format_json",
    "format_line",
    "format_link",
    "format_pretty",
    "format_rows",
    "format_sdk",
    "format_site_link",
    "format_ss",
    "format_sudokupad",
    "format_tokens",
    "writes",
]


def format_ss(grid: Grid) -> str:
    """SimpleSudoku .ss: rows such as '..3|.1.|...', a line of dashes between bands of boxes."""
    return format_boxed(grid)


def format_sdk(grid: Grid) -> str:
    """SadMan .sdk: a [Puzzle] section with one row of symbols per line."""
    return "[Puzzle]\n" + format_rows(grid)


def _candidates(grid: Grid) -> str:
    return format_candidates(grid)


def format_fpuzzles(grid: Grid, entries: Grid | None = None, about: About | None = None) -> str:
    """The f-puzzles link that opens the puzzle, its rules, the player's entries and the
    credits (title, author, rules in words)."""
    return format_site_link(grid, "f-puzzles", entries, about)


def format_sudokupad(grid: Grid, entries: Grid | None = None, about: About | None = None) -> str:
    """The SudokuPad link (f-puzzles data) that opens the puzzle, rules, entries and credits."""
    return format_site_link(grid, "sudokupad", entries, about)


FORMATS: dict[str, Callable[[Grid], str]] = {
    "line": format_line,
    "grid": format_rows,
    "pretty": format_pretty,
    "tokens": format_tokens,
    "json": format_json,
    "candidates": _candidates,
    "ss": format_ss,
    "sdk": format_sdk,
    "link": format_link,
    "variant": format_variant_text,
    "fpuzzles": format_fpuzzles,
    "sudokupad": format_sudokupad,
}
# The formats that are other sites' links: f-puzzles' data, for the shapes it draws.
SITE_FORMATS = ("fpuzzles", "sudokupad")
# Formats that keep a variant's rules (regions, cages, diagonals ...).
CARRY_RULES = ("json", "variant", "link", "fpuzzles", "sudokupad")
# Formats that can carry the player's entries apart from the givens.
WITH_ENTRIES: dict[str, Callable[[Grid, Grid | None], str]] = {
    "json": format_json,
    "link": format_link,
    "fpuzzles": format_fpuzzles,
    "sudokupad": format_sudokupad,
}


def writes(to: str, shape: Shape) -> bool:
    """True when the format ``to`` can hold a grid of ``shape`` (the sites' links draw only
    some shapes; every other format holds every shape)."""
    return to not in SITE_FORMATS or fpuzzles_draws(shape)


def format_grid(grid: Grid, to: str = "line", *, entries: Grid | None = None) -> str:
    """Write ``grid`` in the format named ``to`` (a key of FORMATS, such as "pretty");
    ``entries`` (the player's values) stay apart from the givens in "json" and "link"."""
    expect("format_grid", grid=(grid, Grid), to=(to, str), entries=(entries, (Grid, type(None))))
    try:
        writer = FORMATS[to]
    except KeyError:
        raise ValueError(f"unknown format {to!r}; expected one of {', '.join(FORMATS)}") from None
    variant = grid.shape.variant
    if variant is not None and to not in CARRY_RULES and not grid.is_complete():
        # A solution's digits say it all; a puzzle without its rules is another puzzle.
        rules = variant.describe()
        article = "an" if rules[0] in "aeiouAEIOUX" else "a"  # "an X puzzle", "an anti-king"
        raise VariantError(f"the {to} format cannot carry the rules of {article} {rules} "
                           f"puzzle; use {', '.join(CARRY_RULES[:-1])} or {CARRY_RULES[-1]}")
    if entries is None:
        return writer(grid)
    if to not in WITH_ENTRIES:
        raise ValueError(
            f"the {to} format cannot keep entries apart from the givens; use "
            f"{' or '.join(WITH_ENTRIES)}, or merge them into the grid first"
        )
    return WITH_ENTRIES[to](grid, entries)


@dataclass(frozen=True)
class Formatted:
    """A grid written in one of FORMATS: the reply of the page's Export."""

    grid: Grid
    to: str
    text: str

    def to_json(self) -> dict[str, Any]:
        """The puzzle, the format name and the text (docs/protocol.md: format; `sudoku show
        --json` prints the same object)."""
        return {"puzzle": self.grid.line(), **frame(self.grid.shape), "to": self.to,
                "text": self.text, "message": f"The grid in the {self.to} format."}


def export(grid: Grid, to: str = "line", entries: Grid | None = None) -> Formatted:
    """``format_grid`` as a result with its JSON form."""
    return Formatted(grid, to, format_grid(grid, to, entries=entries))
