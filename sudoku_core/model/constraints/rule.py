"""Placed rules: one thermometer, one dot, one arrow, one clue outside the grid.

The six first rules change the grid's units and peers; the rules people play today mostly
relate a few cells (a line, a dot, a cage, a clue). Each such rule is a :class:`Rule` value
kept in ``Variant.constraints``; its type's row in the table (:class:`PlacedType`) reads and
writes it. A rule compiles to *propagators* on candidate masks (bit ``d - 1`` for digit d),
which the exact search, the conflict check and the candidates run:

- :class:`PairTable`: two cells and the pairs of digits they may hold (a dot, an XV pair, two
  steps of a thermometer or a whisper): arc consistency from a table per digit, and the
  forbidden pairs are the weak links chains may read.
- :class:`Enumerated`: any rule over a few cells, given as a test of a whole assignment (and
  of a prefix): every digit of every cell is kept only if some assignment that passes the test
  holds it, sought digit by digit (one found supports all its digits). A cap on the nodes
  visited keeps it cheap; past the cap it keeps every digit not refuted yet, and a full
  assignment is always tested, so the search stays exact.

Two optional hooks serve rules that need more than their own cells: ``propagators_in`` gives
a rule the whole variant (a negative dot rule skips the pairs that carry a dot), and ``parts``
splits what the conflict check tests (a rule over the whole grid names the pair it breaks).

Designs follow the handler/propagator split of constraint solvers (each constraint narrows
its own cells' candidates from a queue of changes); the code is this project's own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar

from ..errors import VariantError
from .base import Break, ConstraintType, Unit, is_whole_number

if TYPE_CHECKING:
    from ..variants import Variant

Masks = list[int]
PLACED_SECTION = "constraints"  # the variant text's section of the placed rules (JSON)
_ENUM_CAP = 4000  # assignments tried per prune before an Enumerated rule gives up pruning


@dataclass(frozen=True)
class Board:
    """What a rule may read of the grid it lies on: its size and its boxes (or regions)."""

    size: int
    box_of: tuple[int, ...]  # the box (a Jigsaw's region) of every cell
    # Every cell's peers (cells it differs from: its units, king or knight moves...) when
    # the caller knows them (the exact search); () when not: a rule then reads the boxes.
    peers: tuple[tuple[int, ...], ...] = ()

    @property
    def full(self) -> int:
        return (1 << self.size) - 1


class Propagator:
    """Narrows the candidate masks of its cells; the search runs it to a fixed point."""

    cells: tuple[int, ...]

    def prune(self, masks: Masks) -> bool:
        """Narrow ``masks`` in place; False when no assignment of the cells is left."""
        raise NotImplementedError


@dataclass(frozen=True, eq=False)
class PairTable(Propagator):
    """Cells a and b: ``allowed[x]`` is the mask of digits b may hold when a holds x."""

    cells: tuple[int, ...]
    allowed: tuple[int, ...]  # index x (1..N), 0 unused
    back: tuple[int, ...]  # index y: the mask of digits a may hold when b holds y

    def prune(self, masks: Masks) -> bool:
        a, b = self.cells
        ma, mb = masks[a], masks[b]
        reach_b = 0
        x = 1
        m = ma
        while m:
            if m & 1:
                reach_b |= self.allowed[x]
            m >>= 1
            x += 1
        nb = mb & reach_b
        if not nb:
            return False
        reach_a = 0
        y = 1
        m = nb
        while m:
            if m & 1:
                reach_a |= self.back[y]
            m >>= 1
            y += 1
        na = ma & reach_a
        if not na:
            return False
        masks[a] = na
        masks[b] = nb
        return True

    def forbids(self, x: int, y: int) -> bool:
        """True when a = x and b = y break the rule (a weak link between the candidates)."""
        return not self.allowed[x] >> (y - 1) & 1


def pair_table(a: int, b: int, size: int, ok: Callable[[int, int], bool]) -> PairTable:
    """The :class:`PairTable` of cells a and b under the test ``ok(x, y)``."""
    allowed = [0] * (size + 1)
    back = [0] * (size + 1)
    for x in range(1, size + 1):
        for y in range(1, size + 1):
            if ok(x, y):
                allowed[x] |= 1 << (y - 1)
                back[y] |= 1 << (x - 1)
    return PairTable((a, b), tuple(allowed), tuple(back))


Test = Callable[[Sequence[int]], bool]


@dataclass(frozen=True, eq=False)
class Enumerated(Propagator):
    """Any rule over ``cells``: ``whole`` tests a full assignment (in the order of ``cells``),
    ``prefix`` (optional) rejects a partial one early; ``distinct`` cells differ."""

    cells: tuple[int, ...]
    whole: Test
    prefix: Test | None = None
    distinct: bool = False
    cap: int = _ENUM_CAP
    _memo: dict[tuple[int, ...], tuple[int, ...] | None] = field(default_factory=dict,
                                                                    repr=False)

    def prune(self, masks: Masks) -> bool:
        key = tuple(masks[c] for c in self.cells)
        memo = self._memo
        if key in memo:
            found = memo[key]
        else:
            found = self._supports(key)
            if len(memo) > 50_000:
                memo.clear()
            memo[key] = found
        if found is None:
            return False
        for c, m in zip(self.cells, found, strict=True):
            masks[c] &= m
        return True

    def _supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        """The digits of each cell that some passing assignment holds; None if none passes."""
        n = len(key)
        if all(not m & (m - 1) for m in key):  # every cell placed: the test alone
            placed = [m.bit_length() for m in key]
            if self.distinct and len(set(placed)) < n:
                return None
            return key if self.whole(placed) else None
        options = [[d for d in range(1, m.bit_length() + 1) if m >> (d - 1) & 1] for m in key]
        support = [0] * n  # digits some passing assignment holds
        refuted = [0] * n  # digits no passing assignment holds
        budget = [self.cap]
        for i in range(n):
            for d in options[i]:
                if support[i] >> (d - 1) & 1:
                    continue
                try:
                    found = self._seek([*options[:i], [d], *options[i + 1:]], budget)
                except _OutOfCap:  # what is not refuted yet stays: nothing more is known
                    kept = tuple(m & ~r for m, r in zip(key, refuted, strict=True))
                    return kept if all(kept) else None
                if found is None:
                    refuted[i] |= 1 << (d - 1)
                else:
                    for j, v in enumerate(found):
                        support[j] |= 1 << (v - 1)
        if not all(support):
            return None
        return tuple(support)

    def _seek(self, options: list[list[int]], budget: list[int]) -> list[int] | None:
        """One assignment from ``options`` that passes the test, or None; each digit tried
        spends one of ``budget`` (raises :class:`_OutOfCap` past it)."""
        n = len(options)
        values: list[int] = []
        whole, prefix, distinct = self.whole, self.prefix, self.distinct

        def walk(i: int) -> bool:
            """Extend ``values`` from cell i; True when it holds a passing assignment."""
            if i == n:
                return whole(values)
            for d in options[i]:
                budget[0] -= 1
                if budget[0] < 0:
                    raise _OutOfCap
                if distinct and d in values:
                    continue
                values.append(d)
                if (prefix is None or prefix(values)) and walk(i + 1):
                    return True
                values.pop()
            return False

        return values if walk(0) else None


class _OutOfCap(Exception):
    """The enumeration ran past its cap."""


@dataclass(frozen=True)
class Rule:
    """One placed rule: its cells and what it says of them (a subclass per type)."""

    kind: ClassVar[str] = ""  # the name of its type's row: "thermometer"

    def scope(self) -> tuple[int, ...]:
        """Every cell it reads, in its own order."""
        raise NotImplementedError

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        """What the search runs for it on ``board``."""
        raise NotImplementedError

    def differ(self) -> tuple[Unit, ...]:
        """Groups of its cells whose digits must differ (a renban, a whisper's neighbours...)."""
        return ()

    def propagators_in(self, variant: Variant, board: Board) -> tuple[Propagator, ...]:
        """What the search runs for it within ``variant``: :meth:`propagators` for most rules.

        A rule that reads other rules overrides this: a negative dot rule (Kropki, XV) leaves
        out the pairs that carry a dot, which only the whole variant knows."""
        return self.propagators(board)

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        """What the conflict check tests, each part on its own: (cells it names, propagators).

        One part, the whole rule, for most. A rule over the whole grid (non-consecutive, a
        negative rule, a minimum's neighbours) overrides this, as its cells depend on the
        board: :func:`pair_parts` gives a part per pair, so a conflict names two cells."""
        return ((self.scope(), self.propagators_in(variant, board)),)

    def to_json(self) -> dict[str, object]:
        """Its item in the project's JSON ``variant`` list of its type."""
        raise NotImplementedError

    def sort_key(self) -> tuple[str, str]:
        return (self.kind, repr(self))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rule):
            return NotImplemented
        return self.sort_key() < other.sort_key()


Part = tuple[tuple[int, ...], tuple[Propagator, ...]]


def pair_parts(props: Iterable[Propagator]) -> tuple[Part, ...]:
    """A part per propagator, named by its own cells (a pair each, for a whole-grid rule)."""
    return tuple((p.cells, (p,)) for p in props)


def variant_propagators(variant: Variant, board: Board) -> tuple[Propagator, ...]:
    """Every propagator of the variant's placed rules: what the search runs."""
    return tuple(p for rule in variant.constraints for p in rule.propagators_in(variant, board))


def run_to_fixed_point(props: Sequence[Propagator], masks: Masks) -> bool:
    """Run ``props`` until no mask changes; False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for p in props:
            before = [masks[c] for c in p.cells]
            if not p.prune(masks):
                return False
            if any(masks[c] != m for c, m in zip(p.cells, before, strict=True)):
                changed = True
    return True


def broken(rule: Rule, values: Sequence[int], board: Board) -> bool:
    """True when the filled cells of the rule's scope already leave it no way to hold."""
    full = board.full
    masks = [1 << (v - 1) if v else full for v in values]
    return not run_to_fixed_point(rule.propagators(board), masks)


def broken_parts(rule: Rule, variant: Variant, values: Sequence[int],
                 board: Board) -> list[tuple[int, ...]]:
    """The cells of each part of ``rule`` (:meth:`Rule.parts`) that has a filled cell and
    whose filled cells already leave it no way to hold."""
    full = board.full
    found = []
    for cells, props in rule.parts(variant, board):
        if any(values[c] for c in cells):
            masks = [1 << (v - 1) if v else full for v in values]
            if not run_to_fixed_point(props, masks):
                found.append(cells)
    return found


@dataclass(frozen=True)
class PlacedType(ConstraintType):
    """A row whose rules are :class:`Rule` values in ``Variant.constraints``.

    ``item`` reads one JSON item (the type's own fields, checked) into a rule; ``flag`` rows
    (non-consecutive, a negative rule) hold one rule with no data and read ``true``.
    """

    rule_class: type[Rule] = Rule
    flag: bool = False
    is_unit: bool = False  # its rules' cells form units (N cells, every digit once)
    read_item: Callable[[Mapping[str, object], int, str], Rule] | None = None

    def rules(self, variant: Variant) -> tuple[Rule, ...]:
        return tuple(r for r in variant.constraints if type(r) is self.rule_class)

    def present(self, variant: Variant) -> bool:
        return any(type(r) is self.rule_class for r in variant.constraints)

    def taken(self, target: Variant, source: Variant) -> Variant:
        kept = tuple(r for r in target.constraints if type(r) is not self.rule_class)
        return replace(target, constraints=tuple(sorted(kept + self.rules(source))))

    def switched_on(self, variant: Variant) -> Variant:
        if not self.flag:
            return super().switched_on(variant)
        if self.present(variant):
            return variant
        return replace(variant, constraints=tuple(sorted((*variant.constraints,
                                                          self.rule_class()))))

    def json_value(self, variant: Variant) -> object:
        if self.flag:
            return True
        return [r.to_json() for r in self.rules(variant)]

    def read_json(self, obj: Mapping[object, object], variant: Variant, size: int) -> Variant:
        if self.flag:
            return super().read_json(obj, variant, size)
        items = obj.get(self.json_key)
        if items is None:
            return variant
        if not isinstance(items, list):
            raise VariantError(f"variant '{self.json_key}' must be a list of objects")
        assert self.read_item is not None
        found = []
        for k, item in enumerate(items, 1):
            where = f"{self.words} {k}"
            if not isinstance(item, dict):
                raise VariantError(f"{where}: expected an object such as {{\"cells\": [...]}}")
            found.append(self.read_item(item, size, where))
        if not found:
            return variant
        return replace(variant, constraints=tuple(sorted((*variant.constraints, *found))))

    def units(self, variant: Variant, box_rows: int, box_cols: int) -> tuple[Unit, ...]:
        if not self.is_unit:
            return ()
        n = box_rows * box_cols
        return tuple(u for r in self.rules(variant) for u in _units_of(r, n))

    def groups(self, variant: Variant) -> tuple[Unit, ...]:
        return tuple(g for r in self.rules(variant) for g in r.differ())

    def breaks(self, variant: Variant, values: Sequence[int], box_of: Sequence[int]
               ) -> list[Break]:
        """Each part of each of its rules whose filled cells leave it no way to hold."""
        board = Board(math.isqrt(len(values)), tuple(box_of))
        return [Break(rule.kind, k, 0, tuple(c for c in scope if values[c]), "rule broken", scope)
                for k, rule in enumerate(self.rules(variant))
                for scope in broken_parts(rule, variant, values, board)]


def _units_of(rule: Rule, size: int) -> tuple[Unit, ...]:
    getter = getattr(rule, "units", None)
    if getter is not None:
        found: tuple[Unit, ...] = getter(size)
        return found
    return (rule.scope(),)


def read_cells(item: Mapping[str, object], key: str, size: int, where: str,
               least: int = 1) -> tuple[int, ...]:
    """The cell indices under ``key`` of a JSON item, checked: on the grid, at least ``least``
    of them, none twice."""
    cells = item.get(key)
    if not isinstance(cells, list) or not all(is_whole_number(c) for c in cells):
        raise VariantError(f"{where}: '{key}' must be a list of cell indices "
                           f"(0 .. {size * size - 1})")
    for c in cells:
        if not 0 <= c < size * size:
            raise VariantError(f"{where}: cell {c} is off the {size}x{size} grid "
                               f"(0 .. {size * size - 1})")
    if len(set(cells)) != len(cells):
        raise VariantError(f"{where}: a cell is listed twice")
    if len(cells) < least:
        raise VariantError(f"{where}: needs at least {least} cell{'s' if least > 1 else ''}")
    return tuple(cells)


def read_int(item: Mapping[str, object], key: str, where: str, low: int, high: int,
             default: int | None = None) -> int:
    """A whole number under ``key``, checked to lie in low .. high."""
    value = item.get(key, default)
    if not is_whole_number(value):
        raise VariantError(f"{where}: '{key}' must be a whole number, not {value!r}")
    assert isinstance(value, int)
    if not low <= value <= high:
        raise VariantError(f"{where}: '{key}' must lie in {low} .. {high}, not {value}")
    return value


def only_fields(item: Mapping[str, object], allowed: Iterable[str], where: str) -> None:
    """Refuse a field the item's type does not have, by name."""
    extra = sorted(str(k) for k in item if k not in set(allowed))
    if extra:
        raise VariantError(f"{where}: field {extra[0]!r} is not supported")


def orthogonal(a: int, b: int, size: int) -> bool:
    """True when cells a and b share an edge."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return abs(ra - rb) + abs(ca - cb) == 1


def adjacent_pairs(size: int) -> Iterable[tuple[int, int]]:
    """Every pair (a < b) of cells that share an edge."""
    for r in range(size):
        for c in range(size):
            a = r * size + c
            if c + 1 < size:
                yield a, a + 1
            if r + 1 < size:
                yield a, a + size
