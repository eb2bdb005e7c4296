"""Links of other sites and of the page: one module per site that reads and writes its links
(sudokuwiki.py, coach.py, fpuzzles/, sudokupad/, page.py), the codecs they pack puzzles in
(codecs/), and here the one table of sites: SITES.

``read_link`` gives a PuzzleLink (givens, and the entries or solution the source kept apart):
the page's links (``index.html#p=...``, any host, or the bare hash), SudokuWiki ``?bd=`` (81
digits or its ``S9B`` candidate grid), sudoku.coach play and solver links, f-puzzles
``?load=`` and SudokuPad ``fpuzzles`` links (with their rules), SudokuPad ``scl``/``ctc``/
``classic`` links. Everything else gets a LinkError naming the site. ``format_site_link``
writes the sites' links; the page's own is the ``link`` format of write.py (``format_link``),
a hash that goes after the page's address.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ...model.errors import BEYOND_INPUT, LinkError, SudokuError, VariantError, beyond_input
from ...model.grid import Grid, Shape
from .about import About
from .base import Link, PuzzleLink, kept_entries, split_link
from .coach import read_coach, write_coach
from .fpuzzles import fpuzzles_draws, read_fpuzzles, write_fpuzzles
from .page import SITE as PAGE
from .page import format_link, read_page_link
from .sudokupad import read_sudokupad, write_sudokupad
from .sudokuwiki import read_sudokuwiki, write_sudokuwiki

__all__ = ["SITES", "SITE_LINKS", "About", "LinkError", "PuzzleLink", "Site", "format_link",
           "format_site_link", "fpuzzles_draws", "is_link", "read_link", "share_links"]

Reader = Callable[[Link, Shape | None], PuzzleLink]
Writer = Callable[[Grid, tuple[int, ...], About | None], str]


def _bare_board(link: Link) -> bool:
    return not link.host and "bd" in link.query  # SudokuWiki's '?bd=' pasted without its host


def _page_hash(link: Link) -> bool:
    return "p" in link.fragment  # the page's '#p=', on any host


@dataclass(frozen=True)
class Site:
    """A site whose links are read: its name in messages, its links' hosts (and, for a link on
    none of them, ``also``), its reader, and its writer under ``key`` (format_site_link's
    ``site``, ``sudoku show --to``), None where the site is written elsewhere."""

    name: str
    hosts: tuple[str, ...]
    read: Reader
    key: str | None = None
    write: Writer | None = None
    also: Callable[[Link], bool] | None = None

    def claims(self, link: Link) -> bool:
        """True when ``link`` is this site's."""
        return link.host in self.hosts or (self.also is not None and self.also(link))


# The one table of sites, in the order links are tried: a known host first, so a sites' link
# with a '#p=' hash is still that site's; the page's hash last.
SITES: tuple[Site, ...] = (
    Site("SudokuWiki", ("sudokuwiki.org",), read_sudokuwiki, "sudokuwiki", write_sudokuwiki,
         _bare_board),
    Site("sudoku.coach", ("sudoku.coach",), read_coach, "sudoku.coach", write_coach),
    Site("f-puzzles", ("f-puzzles.com",), read_fpuzzles, "f-puzzles", write_fpuzzles),
    Site("SudokuPad", ("sudokupad.app", "beta.sudokupad.app", "sxsm.uk",
                       "app.crackingthecryptic.com"), read_sudokupad, "sudokupad",
         write_sudokupad),
    Site(PAGE, (), read_page_link, also=_page_hash),
)
SITE_LINKS = tuple(site.key for site in SITES if site.key is not None and site.write)
# Sites people paste from whose links hold no puzzle that can be read here.
UNREAD = {
    "sudoku.com": "Sudoku.com", "nytimes.com": "The New York Times",
    "puzz.link": "puzz.link", "pzv.jp": "pzv.jp", "swaroopg92.github.io": "Penpa+",
    "logic-masters.de": "Logic Masters", "sudokuexchange.com": "Sudoku Exchange",
    "websudoku.com": "Web Sudoku", "sudoku.tagesspiegel.de": "Tagesspiegel",
}
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_RELATIVE = re.compile(r"^[^\s#?]*#[A-Za-z]+=")  # a hash of key=value pairs, as the page's


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
    return len(first) < len(body) and (any(first in s.hosts for s in SITES) or first in UNREAD)


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
    site = next((s for s in SITES if s.claims(link)), None)
    if site is not None:
        return _guarded(site, link, shape)
    if not link.host:
        raise LinkError("this link holds no puzzle: the page's links end in '#p=' and the cells")
    name = UNREAD.get(link.host) or next(
        (v for k, v in UNREAD.items() if link.host.endswith("." + k)), None)
    sites = [s.name for s in SITES if s.hosts]
    known = f"the page's own (#p=), {', '.join(sites[:-1])} and {sites[-1]}"
    if name is not None:
        raise LinkError(f"links from {name} ({link.host}) are not read; links that are: {known}")
    raise LinkError(f"links from {link.host} are not read (no puzzle found in it); links that "
                    f"are: {known}")


def _guarded(site: Site, link: Link, shape: Shape | None) -> PuzzleLink:
    """Run a site's reader; an error from deeper down still names the site."""
    try:
        return site.read(link, shape)
    except LinkError:
        raise
    except SudokuError as err:
        raise LinkError(f"{site.name} link: {err}") from None
    except BEYOND_INPUT as err:
        raise LinkError(f"{site.name} link: {beyond_input(err)}") from None


def format_site_link(givens: Grid, site: str, entries: Grid | None = None,
                     about: About | None = None) -> str:
    """A link that opens ``givens`` (and the player's ``entries`` where the site keeps them:
    SudokuWiki and f-puzzles/SudokuPad; the credits ``about``, f-puzzles/SudokuPad) on
    ``site``, one of SITE_LINKS."""
    writer = next((s.write for s in SITES if s.key == site and s.write), None)
    if writer is None:
        raise ValueError(f"unknown site {site!r}; expected one of {', '.join(SITE_LINKS)}")
    placed = kept_entries(givens, entries) if entries else (0,) * givens.shape.cell_count
    return writer(givens, placed, about)


def share_links(grid: Grid) -> dict[str, str | None]:
    """``{"fpuzzles": ..., "sudokupad": ...}``: links that open the puzzle and its rules on
    those sites (docs/protocol.md), None for a shape f-puzzles cannot draw or a rule it cannot
    say as this package means it (fpuzzles/rules_write.py)."""
    if not fpuzzles_draws(grid.shape):
        return {"fpuzzles": None, "sudokupad": None}
    try:
        return {"fpuzzles": format_site_link(grid, "f-puzzles"),
                "sudokupad": format_site_link(grid, "sudokupad")}
    except VariantError:
        return {"fpuzzles": None, "sudokupad": None}
