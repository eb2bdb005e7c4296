"""Dynamic and nested forcing chains as steps: the search of .dynamic, worded by .chain_trace.

Each step shows its chains in the community's notation, one per branch:
``r1c2=5 -> r1c7<>5 -> r1c7=3 (hidden single in row 1) -> ... -> r4c4 has no candidate left``.
A nested elimination inside a chain carries its own inner chain in brackets.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates
from ...model.step import Chain, compact_result
from .base import Step
from .chain_trace import Fact, branch_trace
from .dynamic import Engine, Found, search, search_all
from .single_digit import make_step, name, names, removal_text, unit_name

NAMES = ("Dynamic Forcing Chain", "Dynamic Forcing Chain (+)", "Nested Forcing Chain",
         "Nested Forcing Chain (+)")


def find_dynamic_forcing_chain(c: Candidates) -> Step | None:
    """Forcing chains whose branches follow naked and hidden singles."""
    return _find(c, 0)


def find_dynamic_forcing_chain_plus(c: Candidates) -> Step | None:
    """Forcing chains whose branches also follow locked candidates."""
    return _find(c, 1)


def find_nested_forcing_chain(c: Candidates) -> Step | None:
    """Forcing chains whose branches also drop candidates refuted by inner dynamic chains."""
    return _find(c, 2)


def find_nested_forcing_chain_plus(c: Candidates) -> Step | None:
    """Nested forcing chains whose inner chains also follow locked candidates."""
    return _find(c, 3)


def iter_dynamic_forcing_chain(c: Candidates, work: int | None = None) -> Iterator[Step]:
    """Every dynamic forcing chain (within the work given: branches propagated)."""
    return _iter(c, 0, work)


def iter_dynamic_forcing_chain_plus(c: Candidates, work: int | None = None) -> Iterator[Step]:
    """Every dynamic forcing chain (+)."""
    return _iter(c, 1, work)


def iter_nested_forcing_chain(c: Candidates, work: int | None = None) -> Iterator[Step]:
    """Every nested forcing chain."""
    return _iter(c, 2, work)


def iter_nested_forcing_chain_plus(c: Candidates, work: int | None = None) -> Iterator[Step]:
    """Every nested forcing chain (+)."""
    return _iter(c, 3, work)


def _find(c: Candidates, level: int) -> Step | None:
    found = search(c, level)  # the first the search meets: the walker's step
    if found is None:
        return None
    return word(c, *found)


def _iter(c: Candidates, level: int, work: int | None) -> Iterator[Step]:
    for found in search_all(c, level, work):
        step = word(c, *found)
        if step is not None:
            yield step


def word(c: Candidates, f: Found, eng: Engine) -> Step | None:
    """The step of a search result, with one chain per branch (None if a replay disagrees)."""
    technique = NAMES[eng.level]
    sym = c.shape.symbol
    traced = _branches(c, f, eng)
    if traced is None:
        return None
    chains, structures, roles = traced
    places, elims = list(f.placements), list(f.eliminations)
    result = "; ".join(f"place {sym(v)} at {name(c, x)}" for x, v in places) if places else (
        removal_text(c, elims))
    what, region, units = _premise(c, f)
    text = f"{technique}: {what}: " + "; ".join(chains) + f"; so {result}"
    summary = forcing_summary(c, technique, f.kind, list(f.choices), f.unit,
                              tuple(places), tuple(elims))
    choice_set = set(f.choices)
    cands = [(x, v, "key") for x, v in f.choices] + [
        (x, v, role) for (x, v), role in roles.items() if (x, v) not in choice_set
        and (x, v) not in set(places) | set(elims)]
    chain_cells = list(dict.fromkeys(x for x, _ in roles))
    cells = [(x, "base") for x in dict.fromkeys(x for x, _ in f.choices)] + [
        (x, "link") for x in chain_cells if x not in {y for y, _ in f.choices}]
    return make_step(technique, text, placements=places, eliminations=elims, cells=cells,
                     units=units, candidates=cands, region=region, summary=summary,
                     chains=tuple(structures))


def _branches(c: Candidates, f: Found, eng: Engine
              ) -> tuple[list[str], list[Chain], dict[tuple[int, int], str]] | None:
    """Per branch its words and structure, and the roles of the chain candidates (None if a
    replay does not reach what the search found)."""
    goals: list[Fact] = [(x, v, True) for x, v in f.placements] + [
        (x, v, False) for x, v in f.eliminations]
    chains: list[str] = []
    structures: list[Chain] = []
    roles: dict[tuple[int, int], str] = {}
    for (cell, v), dead in zip(f.choices, f.dead, strict=True):
        tr, contradiction = branch_trace(c, eng, cell, v)
        if contradiction is not None:
            words = tr.explain_contradiction(contradiction)[0]
            facts = tr.closure(list(contradiction.parents))[0]
            structures.append(tr.structure(facts, contradiction, (cell, v, True)))
        elif dead or f.kind == "contradiction" or not all(g in tr.why for g in goals):
            return None  # the replay must reach what the search found
        else:
            facts = tr.closure(goals)[0]
            words = tr.words(facts)
            structures.append(tr.structure(facts, first=(cell, v, True)))
        _note_roles(roles, facts)
        chains.append(" -> ".join(words))
    return chains, structures, roles


def _premise(c: Candidates, f: Found) -> tuple[str, str, tuple[int, ...]]:
    """What the step assumes (words), its region, and its unit (unit forcing)."""
    sym = c.shape.symbol
    if f.kind == "contradiction":
        (cell, v), = f.choices
        return f"{name(c, cell)}={sym(v)} leads to a contradiction", name(c, cell), ()
    if f.kind == "cell":
        cell = f.choices[0][0]
        what = f"{name(c, cell)} is {'/'.join(sym(v) for _, v in f.choices)}; either way"
        return what, name(c, cell), ()
    assert f.unit is not None
    v = f.choices[0][1]
    what = (f"{sym(v)} in {unit_name(c, f.unit)} goes to "
            f"{names(c, [x for x, _ in f.choices])}; each way")
    return what, f"{sym(v)} in {unit_name(c, f.unit)}", (f.unit,)


def forcing_summary(c: Candidates, technique: str, kind: str, choices: list[tuple[int, int]],
                    unit: int | None, places: tuple[tuple[int, int], ...],
                    elims: tuple[tuple[int, int], ...]) -> str:
    """One line: what is assumed, what it leads to, what is placed or removed."""
    sym = c.shape.symbol
    result = compact_result(places, elims, c.shape)
    if kind == "contradiction":
        (cell, v), = choices
        return f"A chain from {name(c, cell)}={sym(v)} ends in a contradiction: {result}"
    if kind == "cell":
        cell = choices[0][0]
        return (f"{technique}: every candidate of {name(c, cell)} "
                f"({'/'.join(sym(v) for _, v in choices)}) leads to the same result: {result}")
    v = choices[0][1]
    where = unit_name(c, unit) if unit is not None else "its unit"
    return (f"{technique}: wherever {sym(v)} goes in {where} ({len(choices)} places), it "
            f"leads to the same result: {result}")


def _note_roles(roles: dict[tuple[int, int], str], facts: list[Fact]) -> None:
    """Chain candidates: 'on' where a chain places the value, else 'off'."""
    for x, v, on in facts:
        if on or (x, v) not in roles:
            roles[(x, v)] = "on" if on else "off"


__all__ = ["NAMES", "find_dynamic_forcing_chain", "find_dynamic_forcing_chain_plus",
           "find_nested_forcing_chain", "find_nested_forcing_chain_plus",
           "iter_dynamic_forcing_chain", "iter_dynamic_forcing_chain_plus",
           "iter_nested_forcing_chain", "iter_nested_forcing_chain_plus", "word"]
