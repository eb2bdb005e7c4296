"""Leftover equalities chained: cells that must hold the same digit, until a pairing fails.

Each Law of Leftovers equality says two cell sets A and B hold the same digits, as often, so
the cells can be paired off, a cell of A with a cell of B holding its digit. Two cells that
see each other (a row, column or region in common) cannot be partners. When some cell has
one possible partner left, the two hold one digit: they are joined, and the joined cells see
everything either saw. Joined cells on both sides of an equality cancel out. When an
equality can no longer be paired off, no grid keeps the layout. Digits are never named, so
this holds whatever the givens; it is a fixed point of a few hundred small matchings.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..model.grid import cell_name
from ..model.messages import and_list


@dataclass(frozen=True)
class Equality:
    """Cells ``a`` and cells ``b`` hold the same digits, as often; ``why`` says which units."""

    why: str  # "rows 1-3 and regions 1, 2, 3"
    a: tuple[int, ...]
    b: tuple[int, ...]


@dataclass
class _Classes:
    """Cells joined into classes of one digit (union-find), each with the cells it sees."""

    parent: list[int]
    seen: list[int]  # per root: mask of the cells some member sees
    members: list[int]  # per root: mask of its member cells
    proof: list[frozenset[int]]  # per root: indices of the joins that built it

    def find(self, c: int) -> int:
        while self.parent[c] != c:
            self.parent[c] = self.parent[self.parent[c]]
            c = self.parent[c]
        return c

    def join(self, x: int, y: int, step: int, uses: frozenset[int]) -> None:
        self.parent[y] = x
        self.seen[x] |= self.seen[y]
        self.members[x] |= self.members[y]
        self.proof[x] = self.proof[x] | self.proof[y] | uses | {step}


@dataclass(frozen=True)
class _Found:
    """What one equality teaches: two cells of one digit, or cells short of partners."""

    uses: frozenset[int]  # the joins it rests on
    join: tuple[int, int] | None = None
    stuck: tuple[tuple[int, ...], tuple[int, ...]] | None = None  # cells, their only partners


def chain_clash(n: int, layout: tuple[int, ...], equalities: list[Equality],
                budget: int = 400_000) -> str | None:
    """Why the equalities cannot all be paired off on this layout, in words; None if they can
    (or when ``budget``, about m*m per pairing of m cells, runs out first)."""
    classes = _classes(n, layout)
    joins: list[tuple[int, int, int]] = []  # (equality, cell, cell) in the order found
    where: dict[int, list[int]] = {}  # cell -> the equalities it is in
    for i, eq in enumerate(equalities):
        for c in eq.a + eq.b:
            where.setdefault(c, []).append(i)
    todo = deque(range(len(equalities)))
    queued = set(todo)
    while todo:
        i = todo.popleft()
        queued.discard(i)
        budget -= len(equalities[i].a) ** 2
        if budget < 0:
            return None
        found = _pair_off(classes, equalities[i])
        if found is None:
            continue
        if found.join is None:
            return _words(equalities, joins, i, found, n)
        a, b = found.join
        joins.append((i, a, b))
        x = classes.find(a)
        classes.join(x, classes.find(b), len(joins) - 1, found.uses)
        # Only the equalities holding a cell of the joined class can change.
        for c in _cells(classes.members[x]):
            for e in where.get(c, ()):
                if e not in queued:
                    queued.add(e)
                    todo.append(e)
    return None


def _pair_off(classes: _Classes, eq: Equality) -> _Found | None:
    """What pairing off ``eq`` teaches, None when nothing new."""
    find = classes.find
    left, right = _cancel([(find(c), c) for c in eq.a], [(find(c), c) for c in eq.b])
    if not left:
        return None
    seen, members = classes.seen, classes.members
    options = [[j for j, (y, _) in enumerate(right) if not members[y] & seen[x]]
               for x, _ in left]
    back = [[i for i, (x, _) in enumerate(left) if not members[y] & seen[x]]
            for y, _ in right]
    if all(len(o) == len(right) for o in options):
        return None  # nobody sees anybody: any pairing will do (and nothing is forced)
    uses = frozenset().union(*(classes.proof[x] for x, _ in left + right))
    match = _perfect_matching(options, len(right))
    if isinstance(match, tuple):
        short, only = _fewest(match[0], options)
        return _Found(uses, stuck=(tuple(sorted(left[i][1] for i in short)),
                                   tuple(sorted(right[j][1] for j in only))))
    pair = _forced(left, right, options, match) or _forced(right, left, back, _inverse(match))
    return None if pair is None else _Found(uses, join=pair)


def _classes(n: int, layout: tuple[int, ...]) -> _Classes:
    """Every cell its own class, seeing its row, column and region."""
    rows = [sum(1 << (r * n + c) for c in range(n)) for r in range(n)]
    cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
    regions = [0] * n
    for c, g in enumerate(layout):
        regions[g] |= 1 << c
    seen = [(rows[c // n] | cols[c % n] | regions[layout[c]]) & ~(1 << c) for c in range(n * n)]
    return _Classes(list(range(n * n)), seen, [1 << c for c in range(n * n)],
                    [frozenset()] * (n * n))


def _cancel(left: list[tuple[int, int]], right: list[tuple[int, int]]
            ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Drop (class, cell) items whose class is met on both sides, once per meeting."""
    rest = list(right)
    kept = []
    for x, c in left:
        other = next((k for k, (y, _) in enumerate(rest) if y == x), -1)
        if other < 0:
            kept.append((x, c))
        else:
            del rest[other]
    return kept, rest


def _perfect_matching(options: list[list[int]], size: int
                      ) -> list[int] | tuple[list[int], list[int]]:
    """A partner on the right for every left item (augmenting paths), or, when there is
    none, left items with fewer partners among them all than they are (Hall's condition)."""
    owner = [-1] * size

    def place(i: int, tried: set[int]) -> bool:
        for j in options[i]:
            if j not in tried:
                tried.add(j)
                if owner[j] < 0 or place(owner[j], tried):
                    owner[j] = i
                    return True
        return False

    for i in range(len(options)):
        tried: set[int] = set()
        if not place(i, tried):
            # Every partner the search met is taken by a left item it met: too few.
            return [i] + sorted(owner[j] for j in tried), sorted(tried)
    return _inverse(owner)


def _fewest(short: list[int], options: list[list[int]]) -> tuple[list[int], list[int]]:
    """Left items short of partners, as few as still are, with the partners they share."""
    def partners(items: list[int]) -> set[int]:
        return {j for i in items for j in options[i]}

    kept = list(short)
    for i in short:
        fewer = [k for k in kept if k != i]
        if len(partners(fewer)) < len(fewer):
            kept = fewer
    return kept, sorted(partners(kept))


def _inverse(match: list[int]) -> list[int]:
    """The pairing read from the other side."""
    back = [0] * len(match)
    for i, j in enumerate(match):
        back[j] = i
    return back


def _forced(left: list[tuple[int, int]], right: list[tuple[int, int]],
            options: list[list[int]], match: list[int]) -> tuple[int, int] | None:
    """Cells of a left class and a right class that every pairing puts together; or None.

    An option (i, j) off ``match`` lies in some pairing when j's partner reaches i, each step
    passing from an item to the partner of one of its options (a cycle swaps them round).
    """
    partner_of = _inverse(match)
    reach: list[int] | None = None
    for i, (x, c) in enumerate(left):
        y, d = right[match[i]]
        if y == x:
            continue
        if any(right[j][0] != y for j in options[i]):
            reach = reach or _reach(options, partner_of)
            if any(right[j][0] != y and reach[partner_of[j]] >> i & 1 for j in options[i]):
                continue
        return c, d
    return None


def _reach(options: list[list[int]], partner_of: list[int]) -> list[int]:
    """Per left item, a mask of the items it reaches by passing partners on."""
    reach = [sum(1 << partner_of[j] for j in opts) for opts in options]
    for k in range(len(reach)):
        bit = 1 << k
        for i, r in enumerate(reach):
            if r & bit:
                reach[i] = r | reach[k]
    return reach


def _words(equalities: list[Equality], joins: list[tuple[int, int, int]], last: int,
           found: _Found, n: int) -> str:
    """The chain of joins the failed pairing rests on, then the failure."""
    steps = []
    for k in sorted(found.uses):
        i, x, y = joins[k]
        steps.append(f"{_leave(equalities[i], n)}, so {cell_name(x, n)} and {cell_name(y, n)} "
                     f"hold one digit")
    assert found.stuck is not None
    short, only = found.stuck
    if only:
        why = " or hold one digit with cells that do" if found.uses else ""
        end = (f"but {and_list(_names(short, n))} can share digits only with "
               f"{and_list(_names(only, n))} of the other side (they see the rest{why})")
    else:
        why = ", or holds one digit with a cell that does" if found.uses else ""
        end = (f"but {cell_name(short[0], n)} can share a digit with none of the other side "
               f"(it sees them all{why})")
    steps.append(f"{_leave(equalities[last], n)}, {end}")
    return "; ".join(steps)


def _names(cells: tuple[int, ...], n: int) -> list[str]:
    return [cell_name(c, n) for c in cells]


def _leave(eq: Equality, n: int) -> str:
    """'rows 1-2 and regions 1, 3 leave r2c3, r2c6 on one side and r3c1, r4c1 on the other'."""
    return f"{eq.why} leave {_listed(eq.a, n)} on one side and {_listed(eq.b, n)} on the other"


def _listed(cells: tuple[int, ...], n: int) -> str:
    """'r1c6 twice, r2c6': a cell where a row and a column of the lines cross counts twice."""
    names = []
    for c in dict.fromkeys(cells):
        names.append(f"{cell_name(c, n)} twice" if cells.count(c) > 1 else cell_name(c, n))
    return ", ".join(names)


def _cells(mask: int) -> list[int]:
    """The cells of a mask, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
