"""The line rules in plain words, as tests of a whole grid (sharing no code with the package).

Each ``holds_*`` reads the digits of a finished grid and says whether one line obeys its
rule, written from the rule's words; the tests count grids passing these and compare with the
exact search.
"""

from __future__ import annotations

from collections.abc import Sequence

Grid = Sequence[int]


def whispers(g: Grid, cells: Sequence[int], difference: int) -> bool:
    return all(abs(g[a] - g[b]) >= difference for a, b in zip(cells, cells[1:], strict=False))


def renban(g: Grid, cells: Sequence[int]) -> bool:
    digits = sorted(g[c] for c in cells)
    return digits == list(range(digits[0], digits[0] + len(cells)))


def palindrome(g: Grid, cells: Sequence[int]) -> bool:
    digits = [g[c] for c in cells]
    return digits == digits[::-1]


def between(g: Grid, cells: Sequence[int]) -> bool:
    lo, hi = sorted((g[cells[0]], g[cells[-1]]))
    return all(lo < g[c] < hi for c in cells[1:-1])


def region_sum(g: Grid, cells: Sequence[int], box_of: Sequence[int]) -> bool:
    sums: list[int] = []
    last_box = None
    for c in cells:
        if box_of[c] == last_box:
            sums[-1] += g[c]
        else:
            sums.append(g[c])
        last_box = box_of[c]
    return len(set(sums)) == 1


def entropic(g: Grid, cells: Sequence[int], size: int) -> bool:
    third = size // 3
    return all({(g[c] - 1) // third for c in cells[i:i + 3]} == {0, 1, 2}
               for i in range(len(cells) - 2))


def modular(g: Grid, cells: Sequence[int]) -> bool:
    return all(len({g[c] % 3 for c in cells[i:i + 3]}) == 3 for i in range(len(cells) - 2))


def zipper(g: Grid, cells: Sequence[int]) -> bool:
    digits = [g[c] for c in cells]
    n = len(digits)
    if n % 2:
        target = digits[n // 2]
        return all(digits[i] + digits[n - 1 - i] == target for i in range(n // 2))
    return len({digits[i] + digits[n - 1 - i] for i in range(n // 2)}) == 1


def arrow(g: Grid, circle: Sequence[int], cells: Sequence[int]) -> bool:
    number = int("".join(str(g[c]) for c in circle))
    return number == sum(g[c] for c in cells)


def double_arrow(g: Grid, cells: Sequence[int]) -> bool:
    return g[cells[0]] + g[cells[-1]] == sum(g[c] for c in cells[1:-1])


def boxes(box_rows: int, box_cols: int) -> tuple[int, ...]:
    """The box of each cell of an N x N grid, boxes numbered row by row."""
    n = box_rows * box_cols
    per_row = n // box_cols
    return tuple((r // box_rows) * per_row + c // box_cols for r in range(n) for c in range(n))


def count_fills(givens: Sequence[int], box_rows: int, box_cols: int, holds: object,
                limit: int = 10_000) -> int:
    """Completions of ``givens`` (0 = empty) obeying sudoku and ``holds(grid)``, by plain
    backtracking (a check independent of the package for grids above 4x4, few cells empty)."""
    n = box_rows * box_cols
    box_of = boxes(box_rows, box_cols)
    g = list(givens)
    empty = [i for i, v in enumerate(g) if not v]
    assert callable(holds)

    def fits(i: int, v: int) -> bool:
        r, c = divmod(i, n)
        return all(not (g[j] == v and j != i and (j // n == r or j % n == c
                                                 or box_of[j] == box_of[i]))
                   for j in range(n * n))

    for i, v in enumerate(g):  # the givens themselves must not clash
        if v and not fits(i, v):
            return 0
    found = 0

    def walk(k: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if k == len(empty):
            found += bool(holds(g))
            return
        i = empty[k]
        for v in range(1, n + 1):
            if fits(i, v):
                g[i] = v
                walk(k + 1)
                g[i] = 0

    walk(0)
    return found


def pattern_grid(box_rows: int, box_cols: int, labels: Sequence[int]) -> tuple[int, ...]:
    """A solved grid (the shifted-rows pattern), its digits relabelled by ``labels``."""
    n = box_rows * box_cols
    return tuple(labels[(box_cols * (r % box_rows) + r // box_rows + c) % n]
                 for r in range(n) for c in range(n))
