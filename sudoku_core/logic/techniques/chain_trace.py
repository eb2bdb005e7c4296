"""The wording of a forcing chain: replay a branch fact by fact, keeping why each fact holds.

A fact is ``(cell, value, on)``: ``r1c2=5`` (on) or ``r1c2<>5`` (off). Replaying a branch of
:mod:`.dynamic` with the same rules records, for every fact it derives, the rule and the facts
it rests on; the chain printed for a conclusion is the part of that record it depends on, in
the order the facts were found (each one after the facts it rests on), in the community's
notation: ``r1c2=5 -> r1c7<>5 -> r1c7=3 (hidden single in row 1) -> ...``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import budget
from ...model.candidates import Candidates, bits
from ...model.grid import cell_name
from ...model.step import Chain, ChainLink, ChainNode
from ...solver.bitboards import Tables, cells_of, first_locked_cut
from .dynamic import Engine

Fact = tuple[int, int, bool]  # (cell, value, on)


@dataclass
class Why:
    """The rule that gave a fact, the facts it rests on, and a nested proof if any."""

    rule: str  # "" (follows plainly), "hidden single in row 3", ...
    parents: tuple[Fact, ...]
    nested: list[str] = field(default_factory=list)  # the inner chain, for nested eliminations
    sub: Chain | None = None  # the same inner chain as data


class Contradiction(Exception):
    """A branch reached a contradiction: what it is and the facts that make it."""

    def __init__(self, what: str, parents: tuple[Fact, ...]) -> None:
        super().__init__(what)
        self.what = what
        self.parents = parents


class Trace:
    """One branch, replayed with reasons. ``root`` is the step's candidate state."""

    def __init__(self, c: Candidates, t: Tables, root: list[int], masks: list[int],
                 values: list[int], why: dict[Fact, Why], order: list[Fact]) -> None:
        self.c = c
        self.t = t
        self.n = c.size
        self.root = root  # candidate masks of the step's state (placed cells: their value's bit)
        self.masks = masks
        self.values = values
        self.why = why
        self.order = order

    @classmethod
    def start(cls, c: Candidates, t: Tables) -> Trace:
        """A trace of the step's own state (no fact yet)."""
        root = [m if not v else 1 << (v - 1) for v, m in zip(c.values, c.masks, strict=True)]
        return cls(c, t, root, root[:], c.values[:], {}, [])

    def fork(self) -> Trace:
        """An independent copy (for a nested branch inside this one)."""
        return Trace(self.c, self.t, self.root, self.masks[:], self.values[:], dict(self.why),
                     self.order[:])

    # --- facts -----------------------------------------------------------------------------

    def _off_parents(self, pairs: list[tuple[int, int]]) -> tuple[Fact, ...]:
        """The off facts for (cell, value) pairs the step's state still allowed."""
        return tuple((x, v, False) for x, v in pairs if self.root[x] >> (v - 1) & 1)

    def place(self, cell: int, v: int, rule: str, parents: tuple[Fact, ...]) -> None:
        """Derive cell=v (and what follows plainly); raise Contradiction if it cannot be."""
        bit = 1 << (v - 1)
        if self.values[cell] == v:
            return
        fact = (cell, v, True)
        if not self.masks[cell] & bit:
            raise Contradiction(
                f"{cell_name(cell, self.n)} would be {self.c.shape.symbol(v)} and not",
                parents + ((cell, v, False),))
        self.why[fact] = Why(rule, parents)
        self.order.append(fact)
        self.values[cell] = v
        for e in range(1, self.n + 1):
            if e != v and self.masks[cell] >> (e - 1) & 1:
                self.eliminate(cell, e, "", (fact,))
        self.masks[cell] = bit
        for p in self.c.geometry.peers[cell]:
            if self.masks[p] & bit:
                if self.values[p] == v:
                    raise Contradiction(f"{self.c.shape.symbol(v)} twice in one unit",
                                        (fact, (p, v, True)))
                self.eliminate(p, v, "", (fact,))

    def eliminate(self, cell: int, v: int, rule: str, parents: tuple[Fact, ...],
                  nested: list[str] | None = None, sub: Chain | None = None) -> None:
        """Derive cell<>v."""
        bit = 1 << (v - 1)
        if not self.masks[cell] & bit:
            return
        fact = (cell, v, False)
        self.why[fact] = Why(rule, parents, nested or [], sub)
        self.order.append(fact)
        self.masks[cell] &= ~bit

    # --- rules ------------------------------------------------------------------------------

    def run(self, level: int, probes: list[tuple[int, int]] | None = None) -> None:
        """The level's rules to a fixed point; raises Contradiction.

        Nested levels try ``probes`` (the eliminations the search found, in its order) before
        every candidate: each still holds here, as this state has at least the search's facts.
        """
        while True:
            budget.check()
            if self._singles():
                continue
            if level >= 1 and self._locked():
                continue
            if level >= 2 and self._probe(level - 2, probes):
                continue
            return

    def _singles(self) -> bool:
        """Place every naked, then every hidden single in sight; True if any was placed."""
        naked = self._naked_singles()
        hidden = False
        for u in range(len(self.c.geometry.units)):
            hidden = self._hidden_singles(u) or hidden
        return naked or hidden

    def _naked_singles(self) -> bool:
        """Place every naked single, in cell order; True if any was placed."""
        n = self.n
        masks, values = self.masks, self.values
        placed = False
        for cell, m in enumerate(masks):
            if values[cell]:
                continue
            if not m:
                raise Contradiction(
                    f"{cell_name(cell, n)} has no candidate left",
                    self._off_parents([(cell, e) for e in range(1, n + 1)]))
            if not m & (m - 1):
                v = m.bit_length()
                self.place(cell, v, "", self._off_parents(
                    [(cell, e) for e in range(1, n + 1) if e != v]))
                placed = True
        return placed

    def _hidden_singles(self, u: int) -> bool:
        """Place the hidden singles of unit ``u``, by value; True if any was placed."""
        masks, values = self.masks, self.values
        unit = self.c.geometry.units[u]
        # Most units have two places or more for every value still open: nothing to place and
        # no contradiction. Counting places per value at once (bit-sliced) tells them apart.
        one = two = done = 0
        for x in unit:
            if values[x]:
                done |= 1 << (values[x] - 1)
            else:
                m = masks[x]
                two |= one & m
                one |= m
        need = ~(done | two) & ((1 << self.n) - 1)  # open values with one place or none
        if not need:
            return False
        # Their places, all taken before the placements below change the masks.
        where = [(v, [x for x in unit if not values[x] and masks[x] >> (v - 1) & 1])
                 for v in bits(need)]
        placed = False
        for v, xs in where:
            if not xs:
                raise Contradiction(
                    f"{self.c.shape.symbol(v)} has no place in {_unit(self.c, u)}",
                    self._off_parents([(x, v) for x in unit]))
            if len(xs) == 1 and not values[xs[0]] and masks[xs[0]] >> (v - 1) & 1:
                x = xs[0]
                self.place(x, v, f"hidden single in {_unit(self.c, u)}", self._off_parents(
                    [(y, v) for y in unit if y != x]))
                placed = True
        return placed

    def _locked(self) -> bool:
        """Apply the first pointing or claiming, segment by segment then value by value."""
        t = self.t
        masks, values = self.masks, self.values
        first: tuple[int, int, int] | None = None  # (segment index, value, cells it leaves)
        frees = [0] * self.n  # per value index, its open cells (one pass over the cells)
        for x, m in enumerate(masks):
            if not values[x]:
                while m:
                    low = m & -m
                    frees[low.bit_length() - 1] |= 1 << x
                    m ^= low
        for d, free in enumerate(frees):
            found = first_locked_cut(free, t.segments)
            if found is not None and (first is None or found[0] < first[0]):
                first = (found[0], d + 1, found[1])
        if first is None:
            return False
        i, v, cut = first
        _, box_rest, line_rest = t.segments[i]
        box, line = t.unit_of_segment[i]
        # Pointing (the line loses it) rests on the box's rest; claiming on the line's.
        empty, unit = (box_rest, box) if cut & line_rest else (line_rest, line)
        parents = self._off_parents([(x, v) for x in cells_of(empty)])
        rule = f"locked candidates in {_unit(self.c, unit)}"
        for x in cells_of(cut):
            self.eliminate(x, v, rule, parents)
        return True

    def _probe(self, inner: int, probes: list[tuple[int, int]] | None) -> bool:
        todo = probes if probes is not None else [
            (x, v - 1) for x in range(len(self.masks)) if not self.values[x]
            for v in range(1, self.n + 1) if self.masks[x] >> (v - 1) & 1]
        for cell, d in todo:
            v = d + 1
            if self.values[cell] or not self.masks[cell] >> d & 1:
                continue
            sub = self.fork()
            try:
                sub.place(cell, v, "", ())
                sub.run(inner)
            except Contradiction as why:
                chain, used = sub.explain_contradiction(why, outer=self.why)
                refute = sub.structure(sub.closure(list(why.parents), self.why)[0], why)
                self.eliminate(cell, v, "nested", used, nested=chain, sub=refute)
                return True
        return False

    # --- wording ----------------------------------------------------------------------------

    def closure(self, goals: list[Fact], outer: dict[Fact, Why] | None = None
                ) -> tuple[list[Fact], tuple[Fact, ...]]:
        """Facts the goals rest on, in the order found; and the outer facts among them."""
        need: set[Fact] = set()
        used: list[Fact] = []
        stack = list(goals)
        while stack:
            f = stack.pop()
            if f in need:
                continue
            if outer is not None and f in outer:
                used.append(f)
                need.add(f)
                continue
            need.add(f)
            w = self.why.get(f)
            if w is not None:
                stack.extend(w.parents)
        rank = {f: i for i, f in enumerate(self.order)}
        chain = sorted((f for f in need if f in rank and (outer is None or f not in outer)),
                       key=rank.__getitem__)
        return chain, tuple(dict.fromkeys(used))

    def words(self, facts: list[Fact]) -> list[str]:
        """``r1c2=5``, ``r1c7<>5``, ``r1c7=3 (hidden single in row 1)`` per fact."""
        out = []
        sym = self.c.shape.symbol
        for f in facts:
            cell, v, on = f
            text = f"{cell_name(cell, self.n)}{'=' if on else '<>'}{sym(v)}"
            w = self.why.get(f)
            if w is not None and w.nested:
                text += " [" + " -> ".join(w.nested) + "]"
            elif w is not None and w.rule:
                text += f" ({w.rule})"
            out.append(text)
        return out

    def structure(self, facts: list[Fact], why: Contradiction | None = None,
                  first: Fact | None = None) -> Chain:
        """The facts as a branch: each node linked from the facts it rests on (those among
        ``facts``: an inner chain's outer facts are its outer chain's), ending in ``why``.
        ``first``, the branch's assumption, leads even where the result holds without it."""
        if first is not None and first not in facts:
            facts = [first] + facts
        index = {f: i for i, f in enumerate(facts)}
        nodes: list[ChainNode] = []
        links: list[ChainLink] = []
        for i, f in enumerate(facts):
            w = self.why.get(f)
            rule = "" if w is None else "refuted by an inner chain" if w.sub else w.rule
            nodes.append(ChainNode((f[0],), f[1], f[2], rule=rule,
                                   sub=None if w is None else w.sub))
            if w is not None:
                links.extend(ChainLink(index[p], i, "implies")
                             for p in dict.fromkeys(w.parents) if p in index)
        if why is None:
            return Chain("branch", tuple(nodes), tuple(links))
        ends = tuple(dict.fromkeys(index[p] for p in why.parents if p in index))
        return Chain("branch", tuple(nodes), tuple(links), why.what, ends)

    def explain_contradiction(self, why: Contradiction, outer: dict[Fact, Why] | None = None
                              ) -> tuple[list[str], tuple[Fact, ...]]:
        """The chain to a contradiction as words (ending with it), and the outer facts used."""
        chain, used = self.closure(list(why.parents), outer)
        return self.words(chain) + [why.what], used


def _unit(c: Candidates, u: int) -> str:
    kind, i = c.geometry.unit_kind(u)
    return f"{kind} {i + 1}"


def branch_trace(c: Candidates, eng: Engine, cell: int,
                 v: int) -> tuple[Trace, Contradiction | None]:
    """Replay the branch cell=v at the engine's level."""
    tr = Trace.start(c, eng.t)
    probes = eng.nested_log.get((cell, v - 1))
    try:
        tr.place(cell, v, "", ())
        tr.run(eng.level, probes or [])
    except Contradiction as why:
        return tr, why
    return tr, None


def singles_branches(c: Candidates, choices: list[tuple[int, int]],
                     goals: list[Fact]) -> tuple[Chain, ...]:
    """The branches of a forcing chain by singles as data: each choice assumed and followed
    to a contradiction or to the goals (none if a replay does not get there)."""
    from ...solver.bitboards import tables

    out = []
    for cell, v in choices:
        tr = Trace.start(c, tables(c.shape))
        try:
            tr.place(cell, v, "", ())
            tr.run(0)
        except Contradiction as why:
            out.append(tr.structure(tr.closure(list(why.parents))[0], why, (cell, v, True)))
            continue
        if not all(g in tr.why for g in goals):
            return ()
        out.append(tr.structure(tr.closure(goals)[0], first=(cell, v, True)))
    return tuple(out)
