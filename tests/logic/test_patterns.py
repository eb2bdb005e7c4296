"""One hand-built candidate state per pattern family, with the eliminations worked out by hand.

Each state starts from an empty grid (every candidate everywhere) and carves the pattern; the
finder's full listing (``iter_``) must hold a step of the family with exactly those
eliminations. The expected sets are derived in the comments, not read off the code.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers import (
    COL5,
    ROW2,
    cell,
    digit_elims,
    every_candidate,
    has_step,
    only_in,
    rectangle,
    set_cands,
)

from sudoku_core.logic.find_all import find_all
from sudoku_core.logic.techniques.als import iter_als_xy_wing, iter_als_xz, iter_death_blossom
from sudoku_core.logic.techniques.chains import iter_x_chain
from sudoku_core.logic.techniques.colouring import iter_multi_colours
from sudoku_core.logic.techniques.franken import iter_franken_fish, iter_mutant_fish
from sudoku_core.logic.techniques.sue_de_coq import iter_sue_de_coq
from sudoku_core.logic.techniques.uniqueness import (
    iter_avoidable_rectangle,
    iter_bug_plus_n,
    iter_hidden_rectangle,
    iter_unique_rectangle,
)
from sudoku_core.logic.techniques.wings import iter_wxyz_wing
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Shape
from sudoku_core.model.step import Step


def cells(*names: str) -> list[int]:
    return [cell(x) for x in names]










def test_unique_rectangle_type_1_with_candidates_removed_elsewhere() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r1c4": {1, 2}, "r2c1": {1, 2}, "r2c4": {1, 2, 5, 7}})
    for other in ("r5c5", "r9c9"):  # earlier steps removed candidates elsewhere
        c.eliminate(cell(other), 1)
    # r2c4 = 1 or 2 would make the four cells 1/2 only: deadly.
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 1", digit_elims(1, ["r2c4"])
             | digit_elims(2, ["r2c4"]))


def test_unique_rectangle_type_2() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c1": {1, 2}, "r1c5": {1, 2, 7}, "r2c5": {1, 2, 7}})
    # One of the roofs (column 5, box 2) is 7: 7 leaves the rest of column 5 and box 2.
    seeing = [f"r{r}c5" for r in range(3, 10)] + ["r1c4", "r1c6", "r2c4", "r2c6", "r3c4",
                                                  "r3c6"]
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 2", digit_elims(7, seeing))


def test_unique_rectangle_type_3() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c1": {1, 2}, "r1c5": {1, 2, 3}, "r2c5": {1, 2, 4},
                  "r5c5": {3, 4}})
    # The roofs hold 3 or 4: with r5c5 {3,4} a naked pair in column 5.
    rest = [f"r{r}c5" for r in (3, 4, 6, 7, 8, 9)]
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 3",
             digit_elims(3, rest) | digit_elims(4, rest))


def test_unique_rectangle_type_4() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c1": {1, 2}, "r1c5": {1, 2, 3}, "r2c5": {1, 2, 4}})
    only_in(c, 1, COL5, ["r1c5", "r2c5"])
    # 1 is in r1c5 or r2c5, so 2 there would complete the deadly pattern.
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 4", digit_elims(2, ["r1c5", "r2c5"]))


def test_unique_rectangle_type_5() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c5": {1, 2}, "r1c5": {1, 2, 7}, "r2c1": {1, 2, 7}})
    # One of the diagonal roofs is 7; the cells seeing both r1c5 and r2c1 (floors hold no 7).
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 5",
             digit_elims(7, ["r1c2", "r1c3", "r2c4", "r2c6"]))


def test_unique_rectangle_type_6() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c5": {1, 2}, "r1c5": {1, 2, 3}, "r2c1": {1, 2, 4}})
    only_in(c, 1, 0, ["r1c1", "r1c5"])
    only_in(c, 1, ROW2, ["r2c1", "r2c5"])
    # 1 at a roof forces 1 at the other roof and 2 at both floors: deadly.
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 6", digit_elims(1, ["r1c5", "r2c1"]))


def test_hidden_rectangle() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r1c5": {1, 2, 3}, "r2c1": {1, 2, 4}, "r2c5": {1, 2, 5, 6}})
    only_in(c, 1, ROW2, ["r2c1", "r2c5"])
    only_in(c, 1, COL5, ["r1c5", "r2c5"])
    # r2c5 = 2 puts 1 in r2c1 and r1c5, so 2 in r1c1: deadly.
    has_step(iter_hidden_rectangle(c), "Hidden Rectangle", digit_elims(2, ["r2c5"]))


def placed(c: Candidates, name: str, value: int) -> None:
    """A value placed by an earlier step (not a given: the blank grid has none)."""
    x = cell(name)
    c.values[x] = value
    c.masks[x] = 0


def test_avoidable_rectangle_type_1() -> None:
    c = every_candidate()
    placed(c, "r1c1", 1)
    placed(c, "r1c5", 2)
    placed(c, "r2c1", 2)
    # r2c5 = 1 would make a swappable 1/2 rectangle of placed values.
    has_step(iter_avoidable_rectangle(c), "Avoidable Rectangle Type 1", digit_elims(1, ["r2c5"]))
    c.givens |= 1 << cell("r2c1")  # with a given among them the swap is impossible
    assert not [s for s in iter_avoidable_rectangle(c) if (cell("r2c5"), 1) in s.eliminations]


def test_avoidable_rectangle_type_2() -> None:
    c = every_candidate()
    placed(c, "r1c1", 1)
    placed(c, "r1c5", 2)
    set_cands(c, "r2c1", {2, 7})
    set_cands(c, "r2c5", {1, 7})
    # 2 at r2c1 and 1 at r2c5 is avoidable, so one of them is 7: 7 leaves the rest of row 2.
    has_step(iter_avoidable_rectangle(c), "Avoidable Rectangle Type 2",
             digit_elims(7, [f"r2c{k}" for k in (2, 3, 4, 6, 7, 8, 9)]))


def test_avoidable_rectangle_type_2_with_the_placed_cells_on_a_diagonal() -> None:
    c = every_candidate()
    placed(c, "r1c1", 1)
    placed(c, "r2c5", 1)
    set_cands(c, "r1c5", {2, 7})
    set_cands(c, "r2c1", {2, 7})
    # Both 2 (or both 7) would make a swappable 1/2 (1/7) rectangle with the placed 1s, so one
    # of r1c5, r2c1 is 7 and the other 2: each leaves the cells that see both.
    seeing = ["r1c2", "r1c3", "r2c4", "r2c6"]
    has_step(iter_avoidable_rectangle(c), "Avoidable Rectangle Type 2", digit_elims(7, seeing))
    has_step(iter_avoidable_rectangle(c), "Avoidable Rectangle Type 2", digit_elims(2, seeing))
    c.givens |= 1 << cell("r2c5")  # with a given among them the swap is impossible
    assert not list(iter_avoidable_rectangle(c))


def test_bug_plus_two() -> None:
    # A 4x4 BUG: each cell holds its value in two solutions that differ everywhere (1<->2,
    # 3<->4), so every digit has two places per unit; then 3 added to r1c1 and r1c2.
    shape = Shape(2, 2)
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    swap = {1: 2, 2: 1, 3: 4, 4: 3}
    masks = [1 << (v - 1) | 1 << (swap[v] - 1) for v in solution]
    masks[0] |= 1 << 2
    masks[1] |= 1 << 2
    c = Candidates(shape, [0] * 16, masks)
    # One of the extras is true, and both are 3 in row 1 and box 1: 3 leaves r1c3, r1c4, r2c1
    # and r2c2.
    has_step(iter_bug_plus_n(c), "BUG+n", {(2, 3), (3, 3), (4, 3), (5, 3)})


def test_wxyz_wing() -> None:
    c = every_candidate()
    for name, values in {"r1c1": {1, 2, 3, 4}, "r1c5": {1, 4}, "r1c8": {2, 4},
                         "r2c2": {3, 4}}.items():
        set_cands(c, name, values)
    # 1, 2 and 3 each sit in cells that see each other; 4 does not (r1c5, r2c2): one of the
    # 4s is true, so cells seeing all four lose 4: r1c2 and r1c3 (row 1 and box 1).
    has_step(iter_wxyz_wing(c), "WXYZ-Wing", digit_elims(4, ["r1c2", "r1c3"]))


def test_als_xz() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", {1, 2})
    set_cands(c, "r5c1", {1, 3})
    set_cands(c, "r5c2", {2, 3})
    # A = r1c1 {1,2}, B = r5c1, r5c2 {1,2,3}; 1 restricted (r1c1 sees r5c1). 2 is in r1c1 or
    # r5c2: cells seeing both lose it: r1c2, r2c2, r3c2 (column 2), r4c1, r6c1 (col 1 + box 4).
    has_step(iter_als_xz(c), "ALS-XZ", digit_elims(2, ["r1c2", "r2c2", "r3c2", "r4c1", "r6c1"]))


def test_sue_de_coq() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", {1, 2, 3, 4})
    set_cands(c, "r1c2", {1, 2, 3, 4})
    set_cands(c, "r1c5", {1, 2})
    set_cands(c, "r2c1", {3, 4})
    # Four cells, four digits: 1/2 in row 1, 3/4 in box 1; r1c3 is in both and loses all four.
    line = ["r1c4", "r1c6", "r1c7", "r1c8", "r1c9", "r1c3"]
    box = ["r2c2", "r2c3", "r3c1", "r3c2", "r3c3", "r1c3"]
    expected = (digit_elims(1, line) | digit_elims(2, line) | digit_elims(3, box)
                | digit_elims(4, box))
    has_step(iter_sue_de_coq(c), "Sue de Coq", expected)


def test_franken_swordfish() -> None:
    c = every_candidate()
    only_in(c, 1, 0, ["r1c1", "r1c8"])
    only_in(c, 1, ROW2, ["r2c2", "r2c9"])
    box9 = 18 + 8
    only_in(c, 1, box9, ["r7c8", "r8c9"])
    # Base rows 1, 2 and box 9; cover columns 8, 9 and box 1: 1 leaves the cover cells off the
    # base (rows 3-6 of columns 8 and 9, and row 3 of box 1).
    expected = digit_elims(1, [f"r{r}c{k}" for r in range(3, 7) for k in (8, 9)]
                     + ["r3c1", "r3c2", "r3c3"])
    has_step(iter_franken_fish(c, sizes=(3,)), "Franken Swordfish", expected)


def test_multi_colours_type_1_with_one_pair_clusters() -> None:
    c = every_candidate()
    only_in(c, 1, 0, ["r1c1", "r1c5"])  # cluster A: r1c1 / r1c5
    only_in(c, 1, 9 + 1, ["r2c2", "r7c2"])  # cluster B: r2c2 / r7c2
    # r1c1 and r2c2 see each other (box 1), so r1c5 or r7c2 holds 1: r7c5 sees both.
    has_step(iter_multi_colours(c), "Multi-Colours Type 1", digit_elims(1, ["r7c5"]))


def test_multi_colours_type_2_with_one_pair_clusters() -> None:
    c = every_candidate()
    only_in(c, 1, 0, ["r1c1", "r1c5"])  # cluster A: r1c1 / r1c5
    only_in(c, 1, ROW2, ["r2c2", "r2c3"])  # cluster B: r2c2 / r2c3
    # r1c1 sees both colours of B (box 1), one of which is 1: r1c1 is not 1.
    has_step(iter_multi_colours(c), "Multi-Colours Type 2", digit_elims(1, ["r1c1"]))


def test_mutant_x_wing() -> None:
    c = every_candidate()
    only_in(c, 1, 0, ["r1c1", "r1c7"])
    only_in(c, 1, 9 + 8, ["r2c9", "r3c9"])
    # Base row 1 and column 9 (no shared cell with 1), cover column 1 and box 3: both covers
    # take their 1 from the base, so it leaves the rest of column 1 and of box 3.
    expected = digit_elims(1, [f"r{r}c1" for r in range(2, 10)] + ["r2c7", "r2c8", "r3c7", "r3c8"])
    has_step(iter_mutant_fish(c, sizes=(2,)), "Mutant X-Wing", expected)


def test_chains_list_every_conclusion_not_only_the_first() -> None:
    c = every_candidate()
    only_in(c, 1, 0, ["r1c1", "r1c4"])
    only_in(c, 1, 4, ["r5c1", "r5c6"])
    only_in(c, 2, 2, ["r3c2", "r3c8"])
    only_in(c, 2, 7, ["r8c1", "r8c8"])
    # Two X-Chains: r1c4=r1c1-r5c1=r5c6 on 1 and r3c2=r3c8-r8c8=r8c1 on 2; each end pair's
    # common peers lose the digit.
    found = list(iter_x_chain(c))
    has_step(iter(found), "X-Chain", digit_elims(1, ["r2c6", "r3c6", "r4c4", "r6c4"]))
    has_step(iter(found), "X-Chain", digit_elims(2, ["r1c1", "r2c1", "r7c2", "r9c2"]))
    conclusions = [(s.placements, tuple(sorted(s.eliminations))) for s in found]
    assert len(conclusions) == len(set(conclusions))  # each conclusion once


def test_franken_swordfish_cannibalism() -> None:
    c = every_candidate()
    only_in(c, 1, 0, ["r1c1", "r1c2", "r1c9"])
    only_in(c, 1, 4, ["r5c1", "r5c9"])
    only_in(c, 1, 8, ["r9c1", "r9c9"])
    # Base rows 1, 5, 9; cover columns 1, 9 and box 1. r1c1 lies in two covers: 1 there would
    # fill column 1 and box 1 at once, leaving rows 5 and 9 one cover (column 9) for two 1s.
    # So r1c1 loses 1, with the cover cells off the base.
    rows = (2, 3, 4, 6, 7, 8)
    expected = digit_elims(1, [f"r{r}c{k}" for r in rows for k in (1, 9)]
                     + ["r2c2", "r2c3", "r3c2", "r3c3", "r1c1"])
    has_step(iter_franken_fish(c, sizes=(3,)), "Franken Swordfish", expected)


def test_als_xz_with_a_five_cell_set_when_listing() -> None:
    c = every_candidate()
    for k, values in enumerate(({1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}), 1):
        set_cands(c, f"r1c{k}", values)  # A: r1c1-r1c5, five cells holding 1-6
    set_cands(c, "r5c1", {1, 6})  # B
    # 1 is restricted (r1c1 sees r5c1); 6 is in r1c5 or r5c1, so r5c5 (seeing both) loses it.
    expected = digit_elims(6, ["r5c5"])
    a = "r1c1, r1c2, r1c3, r1c4, r1c5 {1,2,3,4,5,6}"

    def with_a(steps: Iterator[Step]) -> list[Step]:
        return [s for s in steps if a in s.text and set(s.eliminations) == expected]

    assert not with_a(iter_als_xz(c))  # the walker's sets have 4 cells at most
    assert with_a(iter_als_xz(c, max_cells=8))
    assert with_a(iter(find_all(c, ["ALS-XZ"])[0]))


def test_als_xy_wing() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", {1, 2})  # A
    set_cands(c, "r1c5", {1, 3})  # pivot: 1 restricted with A (row 1), 3 with B (column 5)
    set_cands(c, "r5c5", {2, 3})  # B
    # One of A and B is locked, so 2 is in r1c1 or r5c5: r5c1 sees both.
    has_step(iter_als_xy_wing(c), "ALS-XY-Wing", digit_elims(2, ["r5c1"]))


def test_death_blossom() -> None:
    c = every_candidate()
    set_cands(c, "r5c5", {1, 2})  # the stem
    set_cands(c, "r5c1", {1, 3})  # petal for 1 (sees the stem in row 5)
    set_cands(c, "r1c5", {2, 3})  # petal for 2 (column 5)
    # The stem's digit locks its petal on 3: r1c1 sees both petals' 3s.
    has_step(iter_death_blossom(c), "Death Blossom", digit_elims(3, ["r1c1"]))




def test_death_blossom_with_a_four_digit_stem_when_listing() -> None:
    c = every_candidate()
    set_cands(c, "r5c5", {1, 2, 4, 7})  # the stem; its petals all sit in row 5
    for col, digit in ((1, 1), (2, 2), (3, 4), (6, 7)):
        set_cands(c, f"r5c{col}", {digit, 3})
    # Whichever digit the stem takes, its petal is 3: the rest of row 5 loses 3.
    expected = digit_elims(3, ["r5c4", "r5c7", "r5c8", "r5c9"])

    def stem_r5c5(steps: Iterator[Step]) -> list[Step]:
        return [s for s in steps if set(s.eliminations) == expected and "r5c5" in s.text]

    assert not stem_r5c5(iter_death_blossom(c))  # the walker's stems hold 2 or 3 digits
    assert stem_r5c5(iter_death_blossom(c, max_stem=4))
    assert stem_r5c5(iter(find_all(c, ["Death Blossom"])[0]))


def test_finned_franken_x_wing_with_an_endo_fin() -> None:
    c = every_candidate()
    only_in(c, 1, 0, ["r1c2", "r1c5"])
    box1 = 18
    only_in(c, 1, box1, ["r1c2", "r2c2", "r3c2"])
    # Base row 1 and box 1 share r1c2, an endo fin; cover columns 2 and 5. Without r1c2 the
    # row's 1 is r1c5 and the box's in column 2; with it, column 2 holds 1 at r1c2. Either
    # way only the cover cells seeing r1c2 lose 1: r4c2..r9c2 (column 5's cells do not).
    expected = digit_elims(1, [f"r{r}c2" for r in range(4, 10)])
    steps = [s for s in iter_franken_fish(c, sizes=(2,)) if "endo fins r1c2" in s.text]
    has_step(iter(steps), "Finned Franken X-Wing", expected)
