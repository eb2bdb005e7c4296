"""Progressive hints from the user's own state: nudge, then the step, then the grid after it.

A hint first checks the user's entries against the solution (and their pencil marks, when they
keep their own): mistakes are reported before any technique, since every later deduction would
build on them. Then comes the walker's next step (:func:`.walk.next_step`, trial and error as a
last resort). When the user keeps no candidates (``pencil`` is None), an elimination alone
would change nothing they can see, so the hint goes on to the placement it unlocks: "... so
remove 7 from r2c1 and r2c3; now r2c1 can only be 5".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from ..model import budget
from ..model.candidates import Candidates, bits
from ..model.conflicts import find_conflicts
from ..model.contract import cell_ref, frame, pairs, value_ref, values_of
from ..model.expect import NONE, NUMBER, expect
from ..model.grid import Grid, Shape, cell_name
from ..model.messages import and_list, wrong_entries_text
from ..model.step import SUMMARY_LIMIT, Step, cause_cells
from ..solver.exact import SolveResult, solve
from .techniques.base import cells_text
from .walk import memo, next_step, next_trial

HintLevel = Literal["nudge", "step", "apply"]
HINT_LEVELS: tuple[HintLevel, ...] = get_args(HintLevel)
HintStatus = Literal["step", "wrong_entries", "missing_marks", "solved", "invalid",
                     "no_solution", "multiple", "gave_up"]
_UNLOCK_TIME = 2.0  # seconds the steps after an elimination may take to reach a placement
_CHAIN_LIMIT = 50  # steps an elimination may need before a placement shows (then stop there)


@dataclass(frozen=True)
class Hint:
    """One hint: the status, the step it rests on, and the state after applying it."""

    # "step": a logical (or trial) step; "wrong_entries": some user entries are wrong (or a
    # given was removed or changed); "missing_marks": the user removed a pencil mark that is
    # the solution's value; "solved": nothing left to do; "invalid" / "no_solution" /
    # "multiple" / "gave_up": the puzzle itself has a problem (or several solutions and logic
    # cannot go on, or the time ran out: then ``timed_out``).
    status: HintStatus
    step: Step  # the step to show; for mistakes, a pseudo-step naming the cells at fault
    nudge: str  # "Look for a hidden single in box 2."
    current: Grid  # the user's grid the hint starts from
    result: Grid  # the grid after applying the step
    marks: tuple[int, ...] = ()  # per cell candidate mask after the step (the pencil marks)
    wrong_cells: tuple[int, ...] = ()
    missing_marks: tuple[tuple[int, int], ...] = ()  # (cell, value) the user removed but needs
    timed_out: bool = False
    applied: str = ""  # the words at 'apply' when they differ: "Corrected: r1c2 is 1."

    def to_json(self, level: HintLevel = "step") -> dict[str, Any]:
        """One step object plus the hint's status, nudge and (at 'apply') the resulting grid."""
        shape = self.current.shape
        n = shape.size
        data = self.step.to_json(shape)
        data.update(frame(shape))
        data.update({
            "status": self.status,
            "level": level,
            "nudge": self.nudge,
            "wrong_cells": pairs(self.wrong_cells, n),
            "wrong_indices": list(self.wrong_cells),
            "missing_marks": [value_ref(c, v, shape) for c, v in self.missing_marks],
            "timed_out": self.timed_out,
            "message": self.describe(level),
            "causes": [cell_ref(c, n) for c in cause_cells(self.step, self.current)]
            if self.status == "step" else [],
        })
        if level == "nudge":
            # A nudge names the technique and the region, and gives nothing else away.
            for key in ("placements", "eliminations", "cells", "candidates", "causes"):
                data[key] = []
            data["units"] = [
                u for u, unit in zip(data["units"], self.step.units, strict=True)
                if _in_region(shape, unit, self.step.region)
            ]
            data["text"] = self.nudge
            data["summary"] = self.nudge
            data["chains"] = []
        if level == "apply":
            data["result"] = self.result.line()
            data["result_values"] = values_of(self.result)
            data["marks"] = [
                {**cell_ref(c, n), "symbols": [shape.symbol(v) for v in bits(m)],
                 "values": bits(m)}
                for c, m in enumerate(self.marks) if m
            ]
        return data

    def describe(self, level: HintLevel = "step") -> str:
        """The hint in words at the given level."""
        if level == "nudge" and self.status == "step":
            return self.nudge
        if level == "apply" and self.applied:
            return self.applied
        return self.step.text


def _in_region(shape: Shape, unit: int, region: str) -> bool:
    """True if the unit is one the region names ('box 2', 'rows 2 and 7')."""
    words = region.replace(",", " ").split()
    if not words:
        return False
    kind = {"rows": "row", "columns": "column", "boxes": "box"}.get(words[0], words[0])
    unit_kind, index = shape.geometry.unit_kind(unit)
    return unit_kind == kind and str(index + 1) in words[1:]


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" or name.startswith(("X-", "XY", "XYZ")) else "a"


def nudge_text(step: Step) -> str:
    """'Look for a hidden single in box 2.' (technique and region, nothing more)."""
    if step.trial:
        where = f" at {step.region}" if step.region else ""
        return f"No technique applies: try a value{where} and see whether it leads to trouble."
    name = step.technique
    if name.startswith("Locked Candidates"):
        name = "Locked Candidates"
    where = f" in {step.region}" if step.region else ""
    lead = name if name.isupper() or "-" in name[:4] else name.lower()
    if name == "Locked Candidates":
        return f"Look for locked candidates{where}."
    return f"Look for {_article(name)} {lead}{where}."


def _problem(status: HintStatus, current: Grid, text: str, cells: Iterable[int] = (),
             timed_out: bool = False) -> Hint:
    step = Step("Problem", (), (), text, cells=tuple((c, "wrong") for c in cells))
    return Hint(status, step, text, current, current, timed_out=timed_out)


def hint(puzzle: Grid, current: Grid | None = None,
         pencil: Mapping[int, Iterable[int]] | None = None, *,
         time_limit: float = budget.DEFAULT_TIME_LIMIT, unlock: bool | None = None) -> Hint:
    """The next hint for ``puzzle`` (the givens) from the user's ``current`` grid and marks.

    ``pencil`` maps a cell to the user's candidates for it; cells without an entry (or with an
    empty set) get computed candidates. ``unlock`` joins an elimination with the placement it
    unlocks (default: when there is no ``pencil``; the page sets it when the user shows no
    candidates but earlier steps narrowed them). ``time_limit`` bounds the whole call: the
    solution check and any technique or trial-and-error search (out of time: "gave_up").
    """
    expect("hint", puzzle=(puzzle, Grid), current=(current, (Grid, NONE)),
           pencil=(pencil, (Mapping, NONE)), time_limit=(time_limit, NUMBER))
    current = current if current is not None else puzzle
    if current.shape != puzzle.shape:
        raise ValueError(f"the grid is {current.shape} but the givens are {puzzle.shape}")
    with budget.deadline(time_limit):
        try:
            return _hint(puzzle, current, pencil, pencil is None if unlock is None else unlock)
        except budget.OutOfTime:
            return _problem("gave_up", current, "The time limit ran out before a hint was "
                            "found.", timed_out=True)


def _hint(puzzle: Grid, current: Grid, pencil: Mapping[int, Iterable[int]] | None,
          unlock: bool, unlock_time: float | None | Literal["press"] = "press") -> Hint:
    """The hint, in the order a person needs them: the givens' problems, wrong entries, missing
    marks, then the next logical step."""
    result = _solve(puzzle)
    problem = _givens_problem(puzzle, current, result.status)
    if problem is not None:
        return problem
    # Gave up (the search, not the clock): logic can still go on, unchecked by a solution.
    budget.check()
    solution = result.solution if result.unique else None
    wrong = _wrong_cells(puzzle, current, solution)
    if wrong:
        return _wrong_entries(puzzle, current, wrong, solution)
    marks = {c: set(m) for c, m in (pencil or {}).items() if set(m)}
    c = Candidates.from_pencil(current, marks) if marks else Candidates.from_grid(current)
    if solution is not None and marks:
        missing = _missing_marks(puzzle, current, c, marks, solution)
        if missing is not None:
            return missing
    if c.is_solved():
        done = Step("Solved", (), (), "The puzzle is solved.")
        return Hint("solved", done, "The puzzle is solved.", current, current)
    unique = result.unique is True
    step = _step(c, unique, solution)
    if step is None:
        if result.unique is False:
            return _problem("multiple", current, "The puzzle has several solutions: no "
                            "logical step can choose between them.")
        return _problem("gave_up", current, "No step could be proven within the time limit.")
    after = c.copy()
    after.apply(step)
    if unlock and not step.placements:
        step, after = _unlock(step, after, unique, solution, unlock_time)
    return Hint("step", step, nudge_text(step), current, after.to_grid(), tuple(after.masks))


# The givens' solve, per puzzle, while the walker's memo is on (every press of Hint asks it).
_SOLVED: dict[Grid, SolveResult] = {}
_SOLVED_KEPT = 16  # puzzles


def _solve(puzzle: Grid) -> SolveResult:
    """The givens' solve (up to two solutions), remembered with the walker's memo when it
    does not depend on the time it had (a search that gave up is asked again next time)."""
    kept = _SOLVED.get(puzzle) if memo() is not None else None
    if kept is not None:
        return kept
    result = solve(puzzle, limit=2, time_limit=budget.remaining(budget.DEFAULT_TIME_LIMIT))
    if memo() is not None and (result.unique is not None
                               or result.status in ("invalid", "no_solution")):
        if len(_SOLVED) >= _SOLVED_KEPT:
            _SOLVED.pop(next(iter(_SOLVED)))
        _SOLVED[puzzle] = result
    return result


def prepare(puzzle: Grid, current: Grid, pencil: Mapping[int, Iterable[int]] | None, *,
            unlock: bool, hints: int, time_limit: float) -> bool:
    """Find, ahead of the player, the hints from ``current`` on: this one, then the one after
    applying it, and so on (``hints`` in all), keeping their steps in the walker's memo (which
    must be on). Returns True when every one of them came from the memo alone: a Hint pressed
    on any of those states then answers at once, and says what it would have said anyway (it is
    the same computation, its searches remembered).

    One call stops after the first hint that needed a search (False: call again), so that the
    caller can turn to a newer state in between. The join of an elimination with the placement
    it unlocks gets the whole ``time_limit`` here (a press gives it ``_UNLOCK_TIME``, and
    finds in the memo what was found here).
    """
    m = memo()
    if m is None:
        raise ValueError("prepare needs the walker's memo (walk.remember())")
    before = m.computed
    state, marks = current, pencil
    with budget.deadline(time_limit):
        for _ in range(hints):
            try:
                found = _hint(puzzle, state, marks, unlock, unlock_time=None)
            except budget.OutOfTime:
                return False  # what was found before the deadline is kept: go on next call
            if m.computed != before:
                return False
            if found.status != "step":
                return True  # a mistake, the end, or no step: nothing further to walk
            # The page's next request after 'apply': the grid after the step and, per empty
            # cell, the working candidates (the step's eliminations removed).
            state = found.result
            marks = {cell: bits(mask) for cell, mask in enumerate(found.marks) if mask}
    return True


def _givens_problem(puzzle: Grid, current: Grid, status: str) -> Hint | None:
    """The hint when the givens themselves conflict or have no solution, else None."""
    if status == "invalid":
        conflicts = find_conflicts(puzzle)
        cells = sorted({c for k in conflicts for c in k.cells})
        text = ("The givens conflict: " + "; ".join(k.describe(puzzle.size) for k in conflicts)
                + ".")
        return _problem("invalid", current, text, cells)
    if status == "no_solution":
        return _problem("no_solution", current, "The givens have no solution.")
    return None


def _wrong_entries(puzzle: Grid, current: Grid, wrong: list[int],
                   solution: Grid | None) -> Hint:
    """The hint that names wrong entries (and, with the solution known, corrects them)."""
    n = puzzle.size
    names = cells_text(puzzle.shape, wrong)
    # With the solution known, the step's placements are the corrections (applying the
    # hint makes them), so even a hint on a wrong grid leads on.
    fixes: tuple[tuple[int, int], ...] = ()
    applied = ""
    if solution is not None:
        entries = [c for c in wrong if not puzzle.cells[c]]
        said = wrong_entries_text(current, wrong, puzzle)
        text = said
        if entries:
            text += f" Clear {'it' if len(entries) == 1 else 'them'} first."
        fixes = tuple((c, solution.cells[c]) for c in wrong)
        applied = said + " Corrected: " + and_list(
            [f"{cell_name(c, n)} is {puzzle.shape.symbol(v)}" for c, v in fixes]) + "."
    else:
        text = f"{names} conflict with other entries. Fix them first."
    return Hint("wrong_entries", Step("Wrong Entry", fixes, (), text,
                                     cells=tuple((c, "wrong") for c in wrong),
                                     region=names),
                "Some of your entries are wrong.", current,
                current.with_values(fixes) if fixes else current,
                wrong_cells=tuple(wrong), applied=applied)


def _missing_marks(puzzle: Grid, current: Grid, c: Candidates, marks: Mapping[int, set[int]],
                   solution: Grid) -> Hint | None:
    """The hint that puts back pencil marks the solution needs, else None."""
    n = puzzle.size
    missing = [(cell, solution.cells[cell]) for cell in sorted(marks)
               if 0 <= cell < len(c.values) and not current.cells[cell]
               and not c.has(cell, solution.cells[cell])]
    if not missing:
        return None
    parts = [f"{puzzle.shape.symbol(v)} in {cell_name(cell, n)}" for cell, v in missing]
    # Not "you removed": an automatic removal, or marks never written, lose them too.
    text = (f"A needed pencil mark is missing: {and_list(parts)}. Put it back."
            if len(parts) == 1 else
            f"Needed pencil marks are missing: {and_list(parts)}. Put them back.")
    fix = Step("Missing Pencil Mark", (), (), text,
               cells=tuple((cell, "wrong") for cell, _ in missing),
               candidates=tuple((cell, v, "missing") for cell, v in missing),
               region=cells_text(puzzle.shape, [cell for cell, _ in missing]))
    restored = c.masks[:]  # the marks at 'apply': the missing ones put back
    for cell, v in missing:
        restored[cell] |= 1 << (v - 1)
    return Hint("missing_marks", fix, "One of your pencil marks was removed by mistake.",
                current, current, tuple(restored), missing_marks=tuple(missing),
                applied=f"Put back: {and_list(parts)}.")


def _wrong_cells(puzzle: Grid, current: Grid, solution: Grid | None) -> list[int]:
    """Removed or changed givens, then entries that break the solution (or the rules)."""
    givens = [c for c, v in enumerate(puzzle.cells) if v and current.cells[c] != v]
    if solution is not None:
        entries = [c for c, v in enumerate(current.cells)
                   if v and not puzzle.cells[c] and v != solution.cells[c]]
    else:
        entries = sorted({c for k in find_conflicts(current) for c in k.cells
                          if not puzzle.cells[c]})
    return sorted(set(givens + entries))


def _step(c: Candidates, unique: bool, solution: Grid | None) -> Step | None:
    """The walker's next step from ``c``, trial and error as the last resort."""
    return next_step(c, unique=unique, solution=solution) or next_trial(c, solution)


def _unlock(first: Step, after: Candidates, unique: bool, solution: Grid | None,
            unlock_time: float | None | Literal["press"] = "press") -> tuple[Step, Candidates]:
    """``first`` (eliminations only) joined with the steps up to the placement it unlocks.

    ``after`` has ``first`` applied. Returns the joined step and the state after it; if no
    placement shows within a few steps (or the time runs short), ``first`` and ``after``.
    """
    chain = [first]
    walked = after.copy()
    # The step found is the hint; the join is a courtesy: past its share of time (or the
    # call's deadline) the hint is the step alone, never "the time ran out".
    try:
        # "press": a press's share, read now (not bound when the module loaded).
        with budget.deadline(_UNLOCK_TIME if unlock_time == "press" else unlock_time):
            for _ in range(_CHAIN_LIMIT):
                budget.check()
                step = _step(walked, unique, solution)
                if step is None:
                    break
                walked.apply(step)
                chain.append(step)
                if step.placements:
                    return _joined(chain, walked.shape), walked
    except budget.OutOfTime:
        pass
    return first, after


def _placed_text(step: Step, shape: Shape) -> str:
    """'r2c1 can only be 5' / '5 fits only r2c1 in box 1' / 'r2c1 is 5': the placement."""
    n = shape.size
    if step.technique == "Naked Single":
        return and_list([f"{cell_name(c, n)} can only be {shape.symbol(v)}"
                         for c, v in step.placements])
    if step.technique == "Hidden Single" and step.region:
        return and_list([f"{shape.symbol(v)} fits only {cell_name(c, n)} in {step.region}"
                         for c, v in step.placements])
    return and_list([f"{cell_name(c, n)} is {shape.symbol(v)}" for c, v in step.placements])


def _joined(chain: list[Step], shape: Shape) -> Step:
    """One step that tells the eliminations and ends with the placement they unlock."""
    first, last = chain[0], chain[-1]
    texts = [s.text for s in chain[:-1]]
    placed = _placed_text(last, shape)
    text = "; then ".join(texts) + f"; now {placed}"
    more = len(chain) - 2
    summary = first.headline(shape) + (f"; then {more} more step{'s' if more > 1 else ''}"
                                       if more else "") + f"; now {placed}"
    if len(summary) > SUMMARY_LIMIT:
        summary = (f"{first.technique} and {len(chain) - 1} more step"
                   f"{'s' if len(chain) > 2 else ''} unlock a placement: {placed}")
    return Step(
        first.technique,
        last.placements,
        tuple(e for s in chain for e in s.eliminations),
        text,
        trial=any(s.trial for s in chain),
        cells=tuple(dict.fromkeys(x for s in chain for x in s.cells)),
        units=tuple(dict.fromkeys(u for s in chain for u in s.units)),
        candidates=tuple(dict.fromkeys(x for s in chain for x in s.candidates)),
        region=first.region,
        summary=summary[:SUMMARY_LIMIT],
        chains=tuple(x for s in chain for x in s.chain_list()),
    )
