"""Every step's one-line summary, and every chain step's structure in its JSON.

The structure is read back from ``to_json()`` (what the page draws) and checked against the
candidate state the step was found in, by rules written here: an alternating chain's links are
real strong and weak links and its ends (or its loop's weak links) remove what the step removes;
a forcing chain's branch starts from its assumption, every later node follows by one rule from
the nodes linked to it, and the branch ends in a contradiction or in the step's result; a nested
forcing chain carries the inner chain of each fact it refutes, itself a branch ending in a
contradiction.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

from conftest import SHAPES, random_state, read_corpus
from helpers import chain_kills, check_chain, grid9, stalled, strong_link, weak_link
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques.als import (
    iter_als_chain,
    iter_als_xy_wing,
    iter_als_xz,
    iter_death_blossom,
)
from sudoku_core.logic.techniques.chains import iter_aic, iter_x_chain, iter_xy_chain
from sudoku_core.logic.techniques.forcing import iter_forcing_chain
from sudoku_core.logic.techniques.forcing_chains import (
    iter_dynamic_forcing_chain,
    iter_dynamic_forcing_chain_plus,
    iter_nested_forcing_chain,
)
from sudoku_core.logic.techniques.grouped_chains import iter_grouped_aic
from sudoku_core.logic.walk import next_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid
from sudoku_core.model.step import SUMMARY_LIMIT, Step
from sudoku_core.solver.exact import solve

Json = dict[str, Any]
Node = tuple[frozenset[int], int]

CHAIN_TECHNIQUES = {
    "X-Chain", "XY-Chain", "AIC", "Grouped AIC", "Forcing Chain", "Dynamic Forcing Chain",
    "Dynamic Forcing Chain (+)", "Nested Forcing Chain", "Nested Forcing Chain (+)", "ALS-XZ",
    "ALS-XY-Wing", "ALS Chain", "Death Blossom",
}


def _cells(node: Json) -> frozenset[int]:
    return frozenset(ref["index"] for ref in node["cells"])


def _als(node: Json) -> frozenset[int]:
    return frozenset(ref["index"] for ref in node.get("als", []))


def _als_strong(c: Candidates, a: Json, b: Json) -> bool:
    """Two digits of one almost locked set: without the first, the set holds the second."""
    cells = _als(a)
    if not cells or cells != _als(b) or a["value"] == b["value"]:
        return False
    digits = {v for x in cells for v in c.candidates_of(x)}
    in_a_unit = any(cells <= set(unit) for unit in c.geometry.units)
    return (in_a_unit and len(digits) == len(cells) + 1
            and _cells(a) == {x for x in cells if c.has(x, a["value"])}
            and _cells(b) == {x for x in cells if c.has(x, b["value"])})


def check_alternating(c: Candidates, step: Step, chain: Json, chains: list[Json]) -> None:
    """An AIC, X-/XY-chain, grouped or ALS chain, or a nice loop, against the state ``c``."""
    nodes = chain["nodes"]
    links = chain["links"]
    kind = chain["kind"]
    assert kind in ("chain", "loop", "discontinuous loop"), kind
    body = [link for link in links if link["to"] != 0]
    assert [(link["from"], link["to"]) for link in body] == [
        (i, i + 1) for i in range(len(nodes) - 1)], "links join consecutive nodes"
    assert [link["type"] for link in body] == [
        "strong" if i % 2 == 0 else "weak" for i in range(len(body))]
    assert [node["on"] for node in nodes] == [bool(i % 2) for i in range(len(nodes))]
    closing = [link for link in links if link["to"] == 0]
    assert len(closing) == (kind == "loop")
    pairs: list[Node] = [(_cells(node), node["value"]) for node in nodes]
    for i in range(len(nodes) - 1):
        a, b = pairs[i], pairs[i + 1]
        if i % 2 == 0:
            assert strong_link(c, a, b) or _als_strong(c, nodes[i], nodes[i + 1]), (
                i, chain["text"])
        else:
            assert weak_link(c, a, b), (i, chain["text"])
    if kind == "loop":
        assert closing[0] == {"from": len(nodes) - 1, "to": 0, "type": "weak"}
        if not any(_als(node) for node in nodes):
            check_chain(c, pairs, True, [], list(step.eliminations))
        return
    if kind == "discontinuous loop":
        # The first node, assumed false, comes back true: it is placed.
        assert pairs[0] == pairs[-1] and nodes[-1]["on"]
        check_chain(c, pairs, False, list(step.placements), [])
        return
    # A chain: one of its ends is true, so what sees both goes. Eliminations of several digits
    # come with one chain per digit (ALS chains): each removal is caught by one of them.
    for cell, v in step.eliminations:
        assert any(chain_kills(c, *_ends(other), cell, v) for other in chains), (
            cell, v, chain["text"])


def _ends(chain: Json) -> tuple[Node, Node]:
    a, b = chain["nodes"][0], chain["nodes"][-1]
    return (_cells(a), a["value"]), (_cells(b), b["value"])


def _follows(c: Candidates, node: Json, parents: list[Json]) -> bool:
    """One rule of Sudoku takes the parents' facts to the node's, in the state ``c``."""
    n = c.size
    geo = c.geometry
    (cell,) = _cells(node)
    v, on = node["value"], node["on"]
    facts = {(next(iter(_cells(p))), p["value"], p["on"]) for p in parents}
    if on:
        others = [e for e in c.candidates_of(cell) if e != v]
        if all((cell, e, False) in facts for e in others):
            return True  # naked single
        return any(all((y, v, False) in facts for y in geo.units[u] if y != cell and c.has(y, v))
                   for u in geo.units_of[cell])  # hidden single
    if any((cell, e, True) in facts for e in range(1, n + 1) if e != v):
        return True  # the cell holds another value
    if any((p, v, True) in facts for p in geo.peers[cell]):
        return True  # a peer holds the value
    if node["rule"].startswith("locked candidates"):
        return bool(facts) and all(not f[2] and f[1] == v for f in facts)
    return False


def check_branch(c: Candidates, chain: Json, goals: set[tuple[int, int, bool]],
                 depth: int = 0, outer: list[Json] | None = None) -> int:
    """A forcing chain's branch (or a nested inner one, which may also rest on ``outer``: the
    outer chain's facts linked into the node it refutes); returns the nesting depth seen."""
    nodes = chain["nodes"]
    assert nodes and nodes[0]["on"], "a branch starts by assuming a candidate true"
    into: dict[int, list[int]] = {}
    for link in chain["links"]:
        assert link["type"] == "implies" and 0 <= link["from"] < link["to"] < len(nodes)
        into.setdefault(link["to"], []).append(link["from"])
    assert 0 not in into
    deepest = depth
    for i, node in enumerate(nodes[1:], 1):
        assert len(_cells(node)) == 1
        sub = node.get("sub")
        if sub is not None:
            # Refuted by an inner chain: it assumes the node's candidate and clashes.
            assert not node["on"] and node["rule"]
            assert (_cells(sub["nodes"][0]), sub["nodes"][0]["value"]) == (
                _cells(node), node["value"])
            assert sub["contradiction"], "an inner chain ends in a contradiction"
            known = [nodes[j] for j in into.get(i, [])] + (outer or [])
            deepest = max(deepest, check_branch(c, sub, set(), depth + 1, known))
            continue
        # No link in: the fact holds in the state itself (a single there already).
        parents = [nodes[j] for j in into.get(i, [])] + (outer or [])
        assert _follows(c, node, parents), (node["text"], chain["text"][:300])
    facts = {(next(iter(_cells(node))), node["value"], node["on"]) for node in nodes}
    if chain["contradiction"]:
        ends = [nodes[j] for j in chain["ends"]]
        assert ends, chain["contradiction"]
        check_clash(c, ends + (outer or []))
    else:
        assert goals and goals <= facts, "the branch reaches the step's result"
    return deepest


def check_clash(c: Candidates, ends: list[Json]) -> None:
    """The facts a contradiction rests on really clash."""
    facts = {(next(iter(_cells(node))), node["value"], node["on"]) for node in ends}
    geo = c.geometry
    both = any((x, v, not on) in facts for x, v, on in facts)
    empty_cell = any(all((x, e, False) in facts for e in c.candidates_of(x))
                     for x, _, _ in facts if not c.values[x])
    empty_unit = any(
        all((y, v, False) in facts for y in geo.units[u] if c.has(y, v))
        and any(c.has(y, v) for y in geo.units[u])
        for x, v, _ in facts for u in geo.units_of[x])
    twice = any(on and (p, v, True) in facts for x, v, on in facts for p in geo.peers[x])
    assert both or empty_cell or empty_unit or twice, [node["text"] for node in ends]


def check_blossom(c: Candidates, step: Step, chains: list[Json]) -> None:
    """Each stem digit locks a petal: every branch ends with the digits removed, on."""
    stem = step.to_json(c.shape)["region"]
    assert len(chains) == len(c.candidates_of(
        next(x for x, role in step.cells if role == "pivot")))
    for chain in chains:
        first = chain["nodes"][0]
        assert first["on"] and first["text"].startswith(stem)
        ends = [(_cells(node), node["value"]) for node in chain["nodes"][2:]]
        for cell, v in step.eliminations:
            assert any(val == v and cell not in cells and all(
                y in c.geometry.peers[cell] for y in cells) for cells, val in ends)


def check_step(c: Candidates, step: Step, solution: Grid | None = None) -> int:
    """Summary and structure of one step found in state ``c``; returns its nesting depth."""
    data = step.to_json(c.shape)
    assert data["summary"] and len(data["summary"]) <= SUMMARY_LIMIT, data["summary"]
    assert "\n" not in data["summary"]
    assert data["text"] == step.text, "the long text stays"
    if solution is not None:
        for cell, v in step.placements:
            assert solution.cells[cell] == v
        for cell, v in step.eliminations:
            assert solution.cells[cell] != v
    chains = data["chains"]
    if step.technique not in CHAIN_TECHNIQUES:
        return 0
    assert chains, f"{step.technique} carries its chain: {step.text[:120]}"
    for chain in chains:
        assert chain["text"] and chain["nodes"]
    if step.technique == "Death Blossom":
        check_blossom(c, step, chains)
        return 0
    if chains[0]["kind"] != "branch":
        for chain in chains:
            check_alternating(c, step, chain, chains)
        return 0
    goals = {(x, v, True) for x, v in step.placements} | {
        (x, v, False) for x, v in step.eliminations}
    starts = {(next(iter(_cells(ch["nodes"][0]))), ch["nodes"][0]["value"]) for ch in chains}
    keys = {(x, v) for x, v, role in step.candidates if role == "key"}
    assert starts == keys, "one branch per choice of the cell or unit"
    if len(chains) == 1:
        assert chains[0]["contradiction"], "a single branch refutes its assumption"
        assert data["summary"].startswith("A chain from ")
    return max(check_branch(c, chain, goals) for chain in chains)


def walk_states(grid: Grid) -> Iterator[tuple[Candidates, Step]]:
    """The walker's states and steps from the start to the end (or the first trial)."""
    c = Candidates.from_grid(grid)
    while not c.is_solved():
        step = next_step(c)
        if step is None:
            return
        yield c.copy(), step
        c.apply(step)


LISTINGS = (iter_x_chain, iter_xy_chain, iter_aic, iter_als_xz, iter_als_xy_wing,
            iter_als_chain, iter_death_blossom, iter_forcing_chain)


def _listed(c: Candidates, per: int = 4) -> Iterator[Step]:
    for listing in LISTINGS:
        for i, step in enumerate(listing(c)):
            if i >= per:
                break
            yield step
    for i, step in enumerate(iter_grouped_aic(c, als_nodes=True)):
        if i >= per:
            break
        yield step


def test_summaries_and_chains_along_forum_hardest_walks(corpora_dir: Path) -> None:
    lines = read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[::370][:3]
    nested = 0
    seen: set[str] = set()
    for line in lines:
        grid = grid9(line)
        solution = solve(grid).solution
        for c, step in walk_states(grid):
            seen.add(step.technique)
            depth = check_step(c, step, solution)
            if step.technique.startswith("Nested"):
                assert depth >= 1, "a nested forcing chain shows its inner chains"
                nested += 1
    assert nested, "the forum-hardest walks need nested chains"
    assert {"Forcing Chain"} & seen or any(t.startswith("Dynamic") for t in seen)


def test_every_chain_family_on_magictour(corpora_dir: Path) -> None:
    # Walk each puzzle; at its first few stalled states, list every chain family and check
    # each listed step (so the families the walker seldom reaches are covered too).
    kinds: dict[str, int] = {}
    for line in read_corpus(corpora_dir / "puzzles3_magictour_top1465")[::150][:6]:
        grid = grid9(line)
        solution = solve(grid).solution
        hard = 0
        for c, step in walk_states(grid):
            check_step(c, step, solution)
            if step.technique in ("Hidden Single", "Naked Single", "Full House") or hard >= 3:
                continue
            hard += 1
            for listed in _listed(c):
                check_step(c, listed, solution)
                kinds[listed.technique] = kinds.get(listed.technique, 0) + 1
    for family in ("X-Chain", "AIC", "ALS-XZ", "ALS-XY-Wing", "Death Blossom",
                   "Forcing Chain"):
        assert kinds.get(family), (family, kinds)


def test_xy_chain_and_loops_drawn() -> None:
    from helpers import every_candidate, only_in, set_cands

    def row(i: int) -> int:
        return i - 1

    c = every_candidate()
    for where, pair in (("r1c1", (1, 2)), ("r1c5", (2, 3)), ("r5c5", (3, 4)), ("r5c9", (4, 1))):
        set_cands(c, where, pair)
    step = next(iter_xy_chain(c))
    check_step(c, step)
    (chain,) = step.to_json(c.shape)["chains"]
    assert [node["text"] for node in chain["nodes"]] == [
        "r1c1<>1", "r1c1=2", "r1c5<>2", "r1c5=3", "r5c5<>3", "r5c5=4", "r5c9<>4", "r5c9=1"]
    assert step.summary.startswith("XY-Chain: r1c1=1 or r5c9=1 (a chain of 7 links)")
    loop = every_candidate()
    only_in(loop, 1, row(1), ["r1c1", "r1c5"])
    only_in(loop, 1, row(5), ["r5c1", "r5c5"])
    step = next(iter_x_chain(loop))
    check_step(loop, step)
    assert step.to_json(loop.shape)["chains"][0]["kind"] == "loop"


def test_dynamic_and_nested_listings_on_a_stalled_state(corpora_dir: Path) -> None:
    grid = grid9(read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[0])
    solution = solve(grid).solution
    c = Candidates.from_grid(grid)  # the start: the listings meet cell and unit chains
    kinds = set()
    for listing in (iter_dynamic_forcing_chain, iter_dynamic_forcing_chain_plus):
        for i, step in enumerate(listing(c, 5_000)):
            if i >= 15:
                break
            check_step(c, step, solution)
            kinds.add(len(step.to_json(c.shape)["chains"]) > 1)
    assert True in kinds, "cell and unit forcing chains have several branches"
    grid = grid9(read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[125])
    solution = solve(grid).solution
    c = stalled(grid)
    depths = [check_step(c, step, solution)
              for step in islice(iter_nested_forcing_chain(c, 20_000), 3)]
    assert depths and max(depths) >= 1


@settings(max_examples=25, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), blank=st.floats(0.5, 0.9),
       drop=st.floats(0.0, 0.6))
def test_random_states_every_shape(shape: object, seed: int, blank: float, drop: float) -> None:
    # Any candidate state (marks removed by hand included): what a chain finder reports is
    # drawable and consistent.
    c, solution = random_state(shape, seed, blank, drop)  # type: ignore[arg-type]
    for listing in (iter_x_chain, iter_xy_chain, iter_aic, iter_als_xz, iter_forcing_chain):
        step = next(listing(c), None)
        if step is not None:
            check_step(c, step, solution)


def test_summary_of_a_long_result_is_counted() -> None:
    from helpers import NINE

    from sudoku_core.model.step import compact_result

    elims = tuple((cell, v) for cell in range(0, 40, 3) for v in (2, 5, 7))
    text = compact_result((), elims, NINE)
    assert len(text) <= 120 and "42 candidates" in text and "14 cells" in text
    step = Step("AIC", (), elims, "AIC " + "x" * 400)
    assert step.headline(NINE).startswith("AIC: remove 42 candidates")
    short = Step("Hidden Single", ((0, 1),), (), "Hidden single: in box 1, 1 fits only r1c1")
    assert short.to_json(NINE)["summary"] == short.text
    assert short.to_json(NINE)["chains"] == []


def test_json_of_a_step_keeps_every_earlier_field() -> None:
    from helpers import NINE

    data = Step("Naked Single", ((0, 1),), (), "r1c1 can only be 1").to_json(NINE)
    assert {"technique", "trial", "placements", "eliminations", "text", "cells", "units",
            "candidates", "region", "summary", "chains"} <= set(data)


def test_a_hint_whose_join_runs_long_is_the_step_alone(monkeypatch: object) -> None:
    # A forcing chain that unlocks a placement only many steps later: past the join's share of
    # time the hint is the chain step itself (with its summary and chain), not "time ran out".
    import importlib

    hint_module = importlib.import_module("sudoku_core.logic.hint")

    position = ("........8.83...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1....."
                "2.4.5.....3")
    grid = grid9(position)
    monkeypatch.setattr(hint_module, "_UNLOCK_TIME", 0.0)  # type: ignore[attr-defined]
    found = hint_module.hint(grid, unlock=True)
    assert found.status == "step"
    assert found.step.technique == "Forcing Chain" and not found.step.placements
    data = found.to_json("step")
    assert data["summary"].startswith("A chain from ") and data["chains"]
    monkeypatch.setattr(hint_module, "_UNLOCK_TIME", 60.0)  # type: ignore[attr-defined]
    # With time to spare, still the chain alone: its placement is steps away, and a hint
    # never applies steps it does not show.
    joined = hint_module.hint(grid, unlock=True).to_json("step")
    assert joined == data
    assert len(joined["summary"]) <= SUMMARY_LIMIT
