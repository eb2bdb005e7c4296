"""The placed rules as CNF, written from docs/constraints.md alone (no code of the package).

One boolean per cell and digit (``cell * N + d``), exactly one digit per cell and each digit
once per row, column and box; then each rule of the JSON ``variant`` object by its key.
Three building blocks carry every rule:

- ``pairs``: a rule that only relates two cells at a time (dots, thermometers, whispers,
  palindromes, clones, lines read three at a time) forbids each bad pair of digits;
- ``table``: a rule over three cells (a between line's ends and one cell between) forbids
  each bad triple;
- ``run``: a rule read along a sequence of cells (sums, sandwiches, X-sums, skyscrapers) is a
  deterministic automaton. A variable per (position, state) is *forced* true along the
  grid's own run (start state true; state and digit imply the next state), and every state
  that does not accept at the end is false. The grid's run is forced, so a rejecting run is
  a contradiction; an accepting one is satisfied by making only its states true. The extra
  variables never add solutions: solutions are counted on the cell variables alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from typing import Any

try:  # a dev-only dependency: the tests that need it skip without it
    from pysat.solvers import Solver
except ImportError:  # pragma: no cover
    Solver = None

Step = Callable[[int, Any, int], Hashable | None]  # (position, state, digit) -> next or dead


class TooHard(Exception):
    """The SAT solver ran out of its budget."""


def box_of(cell: int, box: tuple[int, int]) -> int:
    """The box of a cell, boxes numbered row by row."""
    br, bc = box
    r, c = divmod(cell, br * bc)
    return r // br * br + c // bc


class Cnf:
    """The clauses of a puzzle: box shape, the JSON ``variant`` object, givens (0 = empty)."""

    def __init__(self, box: tuple[int, int], variant: dict[str, Any],
                 givens: Sequence[int]) -> None:
        self.br, self.bc = box
        self.n = n = self.br * self.bc
        self.cells = n * n
        self.top = self.cells * n
        self.clauses: list[list[int]] = []
        self.variant = variant
        for cell in range(self.cells):
            self.exactly_one([self.x(cell, d) for d in self.digits])
        for unit in self.units():
            self.once_each(unit)
        for key, value in variant.items():
            if isinstance(value, list):
                for item in value:
                    ITEMS[key](self, item)
            elif value:
                FLAGS[key](self)
        self.clauses += [[self.x(c, v)] for c, v in enumerate(givens) if v]

    # --- geometry, from the words ---------------------------------------------------------

    @property
    def digits(self) -> range:
        return range(1, self.n + 1)

    def box_of(self, cell: int) -> int:
        return box_of(cell, (self.br, self.bc))

    def units(self) -> list[list[int]]:
        n = self.n
        rows = [[r * n + c for c in range(n)] for r in range(n)]
        cols = [[r * n + c for r in range(n)] for c in range(n)]
        boxes = [[c for c in range(self.cells) if self.box_of(c) == b] for b in range(n)]
        return rows + cols + boxes

    def edges(self) -> list[tuple[int, int]]:
        """Every pair of cells that share an edge."""
        n = self.n
        return [(a, b) for a in range(self.cells) for b in (a + 1, a + n)
                if b < self.cells and (b == a + n or b % n)]

    def neighbours(self, cell: int) -> list[int]:
        return [b for e in self.edges() if cell in e for b in e if b != cell]

    def line(self, item: dict[str, Any]) -> list[int]:
        """The cells of a clue's row or column, from the end the clue stands at."""
        n = self.n
        if "row" in item:
            cells = [item["row"] * n + c for c in range(n)]
        else:
            cells = [r * n + item["column"] for r in range(n)]
        return cells[::-1] if item.get("end") == "end" else cells

    # --- building blocks ------------------------------------------------------------------

    def x(self, cell: int, d: int) -> int:
        return cell * self.n + d

    def new(self) -> int:
        self.top += 1
        return self.top

    def exactly_one(self, lits: list[int]) -> None:
        self.clauses.append(lits)
        self.at_most_one(lits)

    def at_most_one(self, lits: list[int]) -> None:
        self.clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]

    def once_each(self, unit: list[int]) -> None:
        for d in self.digits:
            self.exactly_one([self.x(c, d) for c in unit])

    def differ(self, cells: Sequence[int]) -> None:
        for d in self.digits:
            self.at_most_one([self.x(c, d) for c in cells])

    def pairs(self, a: int, b: int, ok: Callable[[int, int], bool]) -> None:
        self.clauses += [[-self.x(a, p), -self.x(b, q)] for p in self.digits
                         for q in self.digits if not ok(p, q)]

    def table(self, cells: Sequence[int], ok: Callable[..., bool]) -> None:
        for digits in itertools.product(self.digits, repeat=len(cells)):
            if not ok(*digits):
                self.clauses.append([-self.x(c, d) for c, d in zip(cells, digits, strict=True)])

    def one_of_sets(self, cells: Sequence[int], sets: list[set[int]]) -> None:
        """The cells keep to one of the digit sets (a selector per set)."""
        selectors = []
        for allowed in sets:
            s = self.new()
            selectors.append(s)
            self.clauses += [[-s, -self.x(c, d)] for c in cells for d in self.digits
                             if d not in allowed]
        self.clauses.append(selectors)

    def run(self, cells: Sequence[int], start: Hashable, step: Step,
            accept: Callable[[Any], bool]) -> None:
        """The automaton read along ``cells`` (see the module's words) ends accepting."""
        layer = {start: self.new()}
        self.clauses.append([layer[start]])
        for i, cell in enumerate(cells):
            nxt: dict[Hashable, int] = {}
            for state, u in layer.items():
                for d in self.digits:
                    to = step(i, state, d)
                    if to is None:
                        self.clauses.append([-u, -self.x(cell, d)])
                        continue
                    if to not in nxt:
                        nxt[to] = self.new()
                    self.clauses.append([-u, -self.x(cell, d), nxt[to]])
            layer = nxt
        self.clauses += [[-u] for state, u in layer.items() if not accept(state)]

    def weighted_sum(self, terms: Sequence[tuple[int, int]], total: int) -> None:
        """sum(weight * digit) == total over (cell, weight) terms."""
        self.run([c for c, _ in terms], 0, lambda i, s, d: s + terms[i][1] * d,
                 lambda s: s == total)

    # --- counting ---------------------------------------------------------------------------

    def random_solution(self, rng: Any, budget: int = 20_000) -> tuple[int, ...] | None:
        """A grid keeping the rules, found with a random preferred digit in every cell; None
        when there is none. Raises TooHard past ``budget`` conflicts (a 9x9 nonconsecutive
        Windoku stays open for minutes)."""
        with Solver(name="cadical153", bootstrap_with=self.clauses) as sat:
            wish = [rng.choice(self.digits) for _ in range(self.cells)]
            sat.set_phases([self.x(c, d) * (1 if d == wish[c] else -1)
                            for c in range(self.cells) for d in self.digits])
            sat.conf_budget(budget)
            found = sat.solve_limited()
            if found is None:
                raise TooHard(f"no answer within {budget} conflicts")
            if not found:
                return None
            model = {lit for lit in sat.get_model() if 0 < lit <= self.cells * self.n}
        return tuple(next(d for d in self.digits if self.x(c, d) in model)
                     for c in range(self.cells))

    def solutions(self, limit: int = 2) -> list[tuple[int, ...]]:
        """Up to ``limit`` grids, as digit tuples; each found one is blocked on cell variables."""
        found: list[tuple[int, ...]] = []
        with Solver(name="cadical153", bootstrap_with=self.clauses) as sat:
            while len(found) < limit and sat.solve():
                model = {lit for lit in sat.get_model() if 0 < lit <= self.cells * self.n}
                grid = tuple(next(d for d in self.digits if self.x(c, d) in model)
                             for c in range(self.cells))
                found.append(grid)
                sat.add_clause([-self.x(c, d) for c, d in enumerate(grid)])
        return found


# --- the rules: one function per JSON key, given one item (or none for an on/off rule) ----

Item = dict[str, Any]


def _chain(ok: Callable[[int, int], bool]) -> Callable[[Cnf, Item], None]:
    """Each two neighbours along the line keep ``ok`` (thermometers and the like)."""
    def encode(f: Cnf, item: Item) -> None:
        for a, b in itertools.pairwise(item["cells"]):
            f.pairs(a, b, ok)
    return encode


def whispers(f: Cnf, item: Item) -> None:
    gap = item.get("difference", 5)
    for a, b in itertools.pairwise(item["cells"]):
        f.pairs(a, b, lambda p, q: abs(p - q) >= gap)


def arrow(f: Cnf, item: Item) -> None:
    circle = item["circle"]  # several cells read as a base-ten number, first cell first
    terms = [(c, 1) for c in item["cells"]]
    terms += [(c, -(10 ** (len(circle) - 1 - i))) for i, c in enumerate(circle)]
    f.weighted_sum(terms, 0)


def double_arrow(f: Cnf, item: Item) -> None:
    cells = item["cells"]
    ends = (cells[0], cells[-1])
    f.weighted_sum([(c, 1 if c in ends else -1) for c in cells], 0)


def renban(f: Cnf, item: Item) -> None:
    cells = item["cells"]
    k = len(cells)
    f.differ(cells)
    f.one_of_sets(cells, [set(range(lo, lo + k)) for lo in range(1, f.n - k + 2)])


def palindrome(f: Cnf, item: Item) -> None:
    cells = item["cells"]
    for a, b in zip(cells, cells[::-1], strict=True):
        if a < b:
            f.pairs(a, b, lambda p, q: p == q)


def between_line(f: Cnf, item: Item) -> None:
    cells = item["cells"]
    for mid in cells[1:-1]:
        f.table([cells[0], cells[-1], mid], lambda a, b, m: min(a, b) < m < max(a, b))


def region_sum_line(f: Cnf, item: Item) -> None:
    stretches: list[list[int]] = []
    for c in item["cells"]:
        if stretches and f.box_of(stretches[-1][-1]) == f.box_of(c):
            stretches[-1].append(c)
        else:
            stretches.append([c])
    for other in stretches[1:]:
        f.weighted_sum([(c, 1) for c in stretches[0]] + [(c, -1) for c in other], 0)


def _three_apart(key: Callable[[Cnf, int], int]) -> Callable[[Cnf, Item], None]:
    """Any three neighbours on the line fall in three different classes of ``key``."""
    def encode(f: Cnf, item: Item) -> None:
        cells = item["cells"]
        for window in zip(cells, cells[1:], cells[2:], strict=False):
            for a, b in itertools.combinations(window, 2):
                f.pairs(a, b, lambda p, q: key(f, p) != key(f, q))
    return encode


def zipper_line(f: Cnf, item: Item) -> None:
    cells = item["cells"]
    k = len(cells)
    middle = [cells[k // 2]] if k % 2 else [cells[k // 2 - 1], cells[k // 2]]
    for i in range((k - 1) // 2 if k % 2 else k // 2 - 1):
        f.weighted_sum([(cells[i], 1), (cells[k - 1 - i], 1)] + [(m, -1) for m in middle], 0)


def little_killer(f: Cnf, item: Item) -> None:
    f.weighted_sum([(c, 1) for c in item["cells"]], item["sum"])


def sandwich(f: Cnf, item: Item) -> None:
    def step(_: int, state: tuple[int, int], d: int) -> tuple[int, int] | None:
        crusts, total = state  # crusts (1 and N) seen so far; the sum between them
        if d in (1, f.n):
            return crusts + 1, total
        total += d if crusts == 1 else 0
        return (crusts, total) if total <= item["sum"] else None
    f.run(f.line(item), (0, 0), step, lambda s: s == (2, item["sum"]))


def x_sum(f: Cnf, item: Item) -> None:
    def step(i: int, state: tuple[int, int], d: int) -> tuple[int, int] | None:
        x, total = (d, 0) if i == 0 else state  # X: the first digit
        total += d if i < x else 0
        return (x, total) if total <= item["sum"] else None
    f.run(f.line(item), (0, 0), step, lambda s: s[1] == item["sum"])


def skyscraper(f: Cnf, item: Item) -> None:
    def step(_: int, state: tuple[int, int], d: int) -> tuple[int, int] | None:
        tallest, seen = state
        if d > tallest:
            tallest, seen = d, seen + 1
        return (tallest, seen) if seen <= item["count"] else None
    f.run(f.line(item), (0, 0), step, lambda s: s[1] == item["count"])


def white_dot(f: Cnf, item: Item) -> None:
    k = item.get("value", 1)
    f.pairs(*item["cells"], lambda p, q: abs(p - q) == k)


def black_dot(f: Cnf, item: Item) -> None:
    k = item.get("value", 2)
    f.pairs(*item["cells"], lambda p, q: p == k * q or q == k * p)


def xv(f: Cnf, item: Item) -> None:
    f.pairs(*item["cells"], lambda p, q: p + q == item["sum"])


def _negative(keys: tuple[str, ...], ok: Callable[[int, int], bool]) -> Callable[[Cnf], None]:
    """Every two cells that share an edge and no mark of ``keys`` keep ``ok``."""
    def encode(f: Cnf) -> None:
        marked = {frozenset(item["cells"]) for key in keys for item in f.variant.get(key, [])}
        for a, b in f.edges():
            if frozenset((a, b)) not in marked:
                f.pairs(a, b, ok)
    return encode


def _parity(rest: int) -> Callable[[Cnf, Item], None]:
    def encode(f: Cnf, item: Item) -> None:
        f.clauses += [[-f.x(c, d)] for c in item["cells"] for d in f.digits if d % 2 != rest]
    return encode


def _extreme(sign: int) -> Callable[[Cnf, Item], None]:
    def encode(f: Cnf, item: Item) -> None:
        (cell,) = item["cells"]
        for other in f.neighbours(cell):
            f.pairs(cell, other, lambda p, q: sign * (p - q) > 0)
    return encode


def quadruple(f: Cnf, item: Item) -> None:
    cells, digits = item["cells"], item["digits"]
    for d in set(digits):
        # At least `times` of the k cells hold d: every k - times + 1 of them has one.
        for some in itertools.combinations(cells, len(cells) - digits.count(d) + 1):
            f.clauses.append([f.x(c, d) for c in some])


def clone(f: Cnf, item: Item) -> None:
    for a, b in zip(item["cells"], item["copy"], strict=True):
        f.pairs(a, b, lambda p, q: p == q)


def extra_region(f: Cnf, item: Item) -> None:
    f.differ(item["cells"])


def _diagonal(anti: bool) -> Callable[[Cnf], None]:
    def encode(f: Cnf) -> None:
        f.differ([i * f.n + (f.n - 1 - i if anti else i) for i in range(f.n)])
    return encode


def disjoint_groups(f: Cnf) -> None:
    for place in range(f.n):
        r, c = divmod(place, f.bc)
        f.differ([(top + r) * f.n + left + c for top in range(0, f.n, f.br)
                  for left in range(0, f.n, f.bc)])


# The first six rules, for mixes with the placed ones (Jigsaw regions left out).

def cage(f: Cnf, item: Item) -> None:
    f.differ(item["cells"])
    if "sum" in item:
        f.weighted_sum([(c, 1) for c in item["cells"]], item["sum"])


def diagonals(f: Cnf) -> None:
    _diagonal(anti=True)(f)
    _diagonal(anti=False)(f)


def windows(f: Cnf) -> None:
    """Boxes moved one cell down and right, one cell apart, wherever one fits."""
    for top in range(1, f.n, f.br + 1):
        for left in range(1, f.n, f.bc + 1):
            if top + f.br < f.n and left + f.bc < f.n:
                f.differ([(top + r) * f.n + left + c for r in range(f.br) for c in range(f.bc)])


def _moves(moves: list[tuple[int, int]]) -> Callable[[Cnf], None]:
    """Cells a chess piece's move apart differ."""
    def encode(f: Cnf) -> None:
        for cell in range(f.cells):
            r, c = divmod(cell, f.n)
            for dr, dc in moves:
                if 0 <= r + dr < f.n and 0 <= c + dc < f.n:
                    f.pairs(cell, (r + dr) * f.n + c + dc, lambda p, q: p != q)
    return encode


def given_candidates(f: Cnf, item: Item) -> None:
    (cell,) = item["cells"]
    f.clauses.append([f.x(cell, d) for d in item["digits"]])


def box_cells(f: Cnf, b: int) -> list[int]:
    """The cells of box b in reading order (place 1 first)."""
    return [c for c in range(f.cells) if f.box_of(c) == b]


def _indexer(points: Callable[[Cnf, int, int], tuple[int, int]]) -> Callable[[Cnf, Item], None]:
    """X in an indexing cell says: ``points(f, cell, X)`` = (target cell, digit it holds)."""
    def encode(f: Cnf, item: Item) -> None:
        for cell in item["cells"]:
            for x in f.digits:
                target, digit = points(f, cell, x)
                f.clauses.append([-f.x(cell, x), f.x(target, digit)])
    return encode


def _column_points(f: Cnf, cell: int, x: int) -> tuple[int, int]:
    r, c = divmod(cell, f.n)
    return r * f.n + x - 1, c + 1  # digit C stands in column X of the row


def _row_points(f: Cnf, cell: int, x: int) -> tuple[int, int]:
    r, c = divmod(cell, f.n)
    return (x - 1) * f.n + c, r + 1  # digit R stands in row X of the column


def _box_points(f: Cnf, cell: int, x: int) -> tuple[int, int]:
    cells = box_cells(f, f.box_of(cell))
    return cells[x - 1], cells.index(cell) + 1  # digit P stands at place X of the box


def _plain_kropki(p: int, q: int) -> bool:
    return abs(p - q) != 1 and p != 2 * q and q != 2 * p


ITEMS: dict[str, Callable[[Cnf, Item], None]] = {
    "thermometers": _chain(lambda p, q: p < q),
    "slow_thermometers": _chain(lambda p, q: p <= q),
    "arrows": arrow,
    "double_arrows": double_arrow,
    "whispers": whispers,
    "renban": renban,
    "palindromes": palindrome,
    "between_lines": between_line,
    "region_sum_lines": region_sum_line,
    "entropic_lines": _three_apart(lambda f, d: (d - 1) // (f.n // 3)),
    "modular_lines": _three_apart(lambda f, d: d % 3),
    "zipper_lines": zipper_line,
    "little_killers": little_killer,
    "sandwiches": sandwich,
    "x_sums": x_sum,
    "skyscrapers": skyscraper,
    "white_dots": white_dot,
    "black_dots": black_dot,
    "xv": xv,
    "odd": _parity(1),
    "even": _parity(0),
    "minimums": _extreme(-1),
    "maximums": _extreme(1),
    "quadruples": quadruple,
    "clones": clone,
    "extra_regions": extra_region,
    "given_candidates": given_candidates,
    "column_indexers": _indexer(_column_points),
    "row_indexers": _indexer(_row_points),
    "box_indexers": _indexer(_box_points),
    "cages": cage,
}
FLAGS: dict[str, Callable[[Cnf], None]] = {
    "kropki_negative": _negative(("white_dots", "black_dots"), _plain_kropki),
    "xv_negative": _negative(("xv",), lambda p, q: p + q not in (5, 10)),
    "nonconsecutive": _negative((), lambda p, q: abs(p - q) != 1),
    "diagonal_plus": _diagonal(anti=True),
    "diagonal_minus": _diagonal(anti=False),
    "disjoint_groups": disjoint_groups,
    "diagonals": diagonals,
    "windows": windows,
    "anti_knight": _moves([(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2)
                           if abs(a) != abs(b)]),
    "anti_king": _moves([(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]),
}
FIRST = ("cages", "diagonals", "windows", "anti_knight", "anti_king")
