"""Writing other sites' links (the formatters of their readers): round trips for every size a
site holds, and agreement with published links."""

from __future__ import annotations

import pytest
from helpers import random_pair
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.links import SITE_LINKS, format_site_link
from sudoku_core.formats.read import parse, read_link
from sudoku_core.model.grid import Grid, Shape

# Every shape f-puzzles draws: the default box of each size from 4 to 16 that has one.
FPUZZLES_SHAPES = [Shape.for_size(n) for n in (4, 6, 8, 9, 10, 12, 14, 15, 16)]
S9B = ("S9B4s010g091803064a4c281c1i2t082q7r7v81094g520l1o1m054b074i0g024i018i04038i4nbqba048y0"
       "2b70gc34306040c07b6020eb707bk01447wbeba0f0558bgc22q032qb7bfbf4ebi05067u010g02bi")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=st.sampled_from(SITE_LINKS), seed=st.integers(0, 2**32), with_entries=st.booleans(),
       shape=st.sampled_from(FPUZZLES_SHAPES))
def test_site_links_read_back(site: str, seed: int, with_entries: bool, shape: Shape) -> None:
    if site in ("sudokuwiki", "sudoku.coach"):
        shape = Shape(3, 3)
    givens, entries = random_pair(shape, seed)
    link = format_site_link(givens, site, entries if with_entries else None)
    got = read_link(link)
    assert got.givens == givens
    keeps = with_entries and site != "sudoku.coach" and any(entries.cells)
    assert got.entries == (entries if keeps else None)


def test_empty_fpuzzles_grid_is_the_published_link() -> None:
    link = format_site_link(Grid.empty(Shape(3, 3)), "f-puzzles")
    assert link == ("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLry"
                    "BdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssW0iQA=")


def test_sudokuwiki_candidate_grid_agrees_with_a_published_one() -> None:
    published = read_link("https://www.sudokuwiki.org/sudoku.htm?bd=" + S9B)
    ours = format_site_link(published.givens, "sudokuwiki", published.entries).split("S9B")[1]
    theirs = S9B[3:]
    for k in range(0, 162, 2):
        a, b = int(ours[k:k + 2], 36), int(theirs[k:k + 2], 36)
        if b <= 18:  # a given or a placed value: the same number
            assert a == b
        else:  # candidates: the player removed some; ours are those the peers leave
            assert a > 18 and (b - 18) & ~(a - 18) == 0


@pytest.mark.parametrize(("grid", "site", "message"), [
    (Grid.empty(Shape(2, 2)), "sudokuwiki", "9x9 puzzles, not a 4x4"),
    (Grid.empty(Shape(3, 2)), "f-puzzles", "boxes of 2x3"),
    (Grid.empty(Shape(5, 5)), "sudokupad", "up to 16x16"),
    (Grid.empty(Shape(3, 3)), "nytimes", "unknown site"),
])
def test_sites_that_cannot_hold_a_grid_say_so(grid: Grid, site: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        format_site_link(grid, site)


def test_an_entry_that_changes_a_given_is_refused() -> None:
    g = parse("5" + "." * 80)
    with pytest.raises(ValueError, match="r1c1 holds the given 5"):
        format_site_link(g, "sudokuwiki", parse("6" + "." * 80))
