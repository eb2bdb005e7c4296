"""Graded hints from the user's own state: where to look, what to look for, the step, the grid
after it (levels ``look``, ``nudge``, ``step``, ``apply``; ``reveal`` is the player's explicit
"show the answer").

A hint first checks the user's entries against the solution (and their pencil marks, when they
keep their own): mistakes are reported before any technique, since every later deduction would
build on them; a wrong entry is named ("r1c1 is wrong") and 'apply' clears it: its right digit
only at 'reveal'. A puzzle with several solutions is said so at once (the solver's count, limit
2), before any technique is tried. Then comes the walker's next step (:func:`.walk.next_step`,
trial and error as a last resort). When the user keeps no candidates (``pencil`` is None), an
elimination alone would change nothing they can see, so the hint goes on to the placement it
unlocks when that is the very next step: "... so remove 7 from r2c1 and r2c3; now r2c1 can only
be 5" (never steps it does not show). Centre marks are notes unless the player says they are
candidates or they are complete (:mod:`.hint_marks`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from ..model import budget
from ..model.candidates import Candidates, bits
from ..model.conflicts import find_conflicts
from ..model.contract import cell_ref, frame, pairs, unit_ref, value_ref, values_of
from ..model.expect import NONE, NUMBER, expect
from ..model.grid import Grid, Shape, cell_name
from ..model.messages import and_list, wrong_entries_text
from ..model.step import SUMMARY_LIMIT, Step, cause_cells
from ..solver.exact import SolveResult, solve_within
from .hint_marks import Marks, hint_marks
from .hint_words import Look, in_region, look_at_cells, look_of, nudge_text
from .techniques.base import cells_text
from .walk import memo, next_step, next_trial

__all__ = ["HINT_LEVELS", "NEXT_LEVEL", "Hint", "HintLevel", "hint", "nudge_text", "prepare"]

HintLevel = Literal["look", "nudge", "step", "apply", "reveal"]
HINT_LEVELS: tuple[HintLevel, ...] = get_args(HintLevel)
# The level the next press of Hint asks for (None: the hint is used up, start again at 'look').
NEXT_LEVEL: dict[HintLevel, HintLevel | None] = {
    "look": "nudge", "nudge": "step", "step": "apply", "apply": None, "reveal": None}
# Statuses told in grades; the others (solved, the puzzle's own problems) say all at once.
_GRADED = ("step", "wrong_entries", "missing_marks")
HintStatus = Literal["step", "wrong_entries", "missing_marks", "solved", "invalid",
                     "no_solution", "multiple", "gave_up"]
_UNLOCK_TIME = 2.0  # seconds the step after an elimination may take to be found


@dataclass(frozen=True)
class Hint:
    """One hint: the status, the step it rests on, and the state after applying it."""

    # "step": a logical (or trial) step; "wrong_entries": some user entries are wrong (or a
    # given was removed or changed); "missing_marks": the user removed a pencil mark that is
    # the solution's value; "solved": nothing left to do; "invalid" / "no_solution" /
    # "multiple" / "gave_up": the puzzle itself has a problem (or several solutions, or the
    # time ran out: then ``timed_out``).
    status: HintStatus
    step: Step  # the step to show; for mistakes, a pseudo-step naming the cells at fault
    nudge: str  # "Look for a hidden single in box 2."
    current: Grid  # the user's grid the hint starts from
    result: Grid  # the grid after applying the step (wrong entries: cleared)
    marks: tuple[int, ...] = ()  # per cell candidate mask after the step (the pencil marks)
    wrong_cells: tuple[int, ...] = ()
    missing_marks: tuple[tuple[int, int], ...] = ()  # (cell, value) the user removed but needs
    timed_out: bool = False
    applied: str = ""  # the words at 'apply' when they differ: "Cleared r1c2: it was wrong."
    look: Look | None = None  # where to look (the first press): "Look at box 2."
    answers: tuple[tuple[int, int], ...] = ()  # wrong entries' right values: only at 'reveal'
    clears: tuple[int, ...] = ()  # cells 'apply' empties (wrong entries)
    revealed: str = ""  # the words at 'reveal': "... Corrected: r1c2 is 1."

    def grid_at(self, level: HintLevel) -> Grid:
        """The grid after the hint at ``level`` ('reveal' puts in the answers)."""
        if level == "reveal" and self.answers:
            return self.current.with_values(self.step.placements + self.answers)
        return self.result

    def to_json(self, level: HintLevel = "step") -> dict[str, Any]:
        """One step object plus the hint's status, look, nudge and (at 'apply' and 'reveal')
        the resulting grid."""
        shape = self.current.shape
        n = shape.size
        data = self.step.to_json(shape)
        data.update(frame(shape))
        graded = self.status in _GRADED
        data.update({
            "status": self.status,
            "level": level,
            "next_level": NEXT_LEVEL[level] if graded else None,
            "look": self.look.text if self.look else "",
            "nudge": self.nudge,
            "wrong_cells": pairs(self.wrong_cells, n),
            "wrong_indices": list(self.wrong_cells),
            "missing_marks": [value_ref(c, v, shape) for c, v in self.missing_marks],
            "timed_out": self.timed_out,
            "message": self.describe(level),
            "causes": [cell_ref(c, n) for c in cause_cells(self.step, self.current)]
            if self.status == "step" else [],
            "clears": [cell_ref(c, n) for c in self.clears] if level == "apply" else [],
        })
        if graded and level in ("look", "nudge"):
            self._hide(data, level)
        if level == "reveal" and self.answers:
            data["placements"] = [value_ref(c, v, shape)
                                  for c, v in self.step.placements + self.answers]
        if level in ("apply", "reveal"):
            grid = self.grid_at(level)
            data["result"] = grid.line()
            data["result_values"] = values_of(grid)
            data["marks"] = [
                {**cell_ref(c, n), "symbols": [shape.symbol(v) for v in bits(m)],
                 "values": bits(m)}
                for c, m in enumerate(self.marks) if m
            ]
        return data

    def _hide(self, data: dict[str, Any], level: HintLevel) -> None:
        """What a look or a nudge keeps back: the cells to change, the digits, the chain (and
        at a look the technique and the verdict on the cells too)."""
        shape = self.current.shape
        words = self.describe(level)
        for key in ("placements", "eliminations", "candidates", "causes", "chains",
                    "missing_marks"):
            data[key] = []
        data["text"] = data["summary"] = words
        if level == "nudge":
            data["units"] = [u for u, unit in zip(data["units"], self.step.units, strict=True)
                             if in_region(shape, unit, self.step.region)]
            if self.status == "step":
                data["cells"] = []
            return
        look = self.look or Look(words)
        data.update({
            "technique": "", "wrong_cells": [], "wrong_indices": [],
            "units": [unit_ref(shape, u) for u in look.units],
            "cells": [{**cell_ref(c, shape.size), "role": "target"} for c in look.cells],
        })

    def describe(self, level: HintLevel = "step") -> str:
        """The hint in words at the given level."""
        if self.status in _GRADED and level == "look" and self.look:
            return self.look.text
        if self.status in _GRADED and level == "nudge":
            return self.nudge
        if level == "reveal" and self.revealed:
            return self.revealed
        if level in ("apply", "reveal") and self.applied:
            return self.applied
        return self.step.text


def _problem(status: HintStatus, current: Grid, text: str, cells: Iterable[int] = (),
             timed_out: bool = False) -> Hint:
    step = Step("Problem", (), (), text, cells=tuple((c, "wrong") for c in cells))
    return Hint(status, step, text, current, current, timed_out=timed_out)


def hint(puzzle: Grid, current: Grid | None = None, pencil: Marks | None = None, *,
         centre: Marks | None = None, marks_are_candidates: bool = False,
         time_limit: float = budget.DEFAULT_TIME_LIMIT, unlock: bool | None = None) -> Hint:
    """The next hint for ``puzzle`` (the givens) from the user's ``current`` grid and marks.

    ``pencil`` maps a cell to candidates for it (the user's own, or the page's working ones);
    cells without an entry (or with an empty set) get computed candidates. ``centre`` maps a
    cell to the player's centre marks: notes, read as candidates only with
    ``marks_are_candidates`` or when every empty cell has some (:mod:`.hint_marks`).
    ``unlock`` joins an elimination with the placement it unlocks (default: when there is no
    ``pencil``; never when the centre marks are read: the player sees the elimination there).
    ``time_limit`` bounds the whole call: the solution check and any technique or
    trial-and-error search (out of time: "gave_up").
    """
    expect("hint", puzzle=(puzzle, Grid), current=(current, (Grid, NONE)),
           pencil=(pencil, (Mapping, NONE)), centre=(centre, (Mapping, NONE)),
           time_limit=(time_limit, NUMBER))
    current = current if current is not None else puzzle
    if current.shape != puzzle.shape:
        raise ValueError(f"the grid is {current.shape} but the givens are {puzzle.shape}")
    chosen = hint_marks(current, pencil, centre, marks_are_candidates)
    joins = (pencil is None if unlock is None else unlock) and not chosen.own
    with budget.deadline(time_limit):
        try:
            return _hint(puzzle, current, chosen.marks, joins)
        except budget.OutOfTime:
            return _problem("gave_up", current, "The time limit ran out before a hint was "
                            "found.", timed_out=True)


def _hint(puzzle: Grid, current: Grid, marks: dict[int, set[int]], unlock: bool,
          unlock_time: float | None | Literal["press"] = "press") -> Hint:
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
    if result.unique is False:
        # The count (limit 2) already says it: no technique search to choose between them.
        return _problem("multiple", current, "The puzzle has several solutions: no "
                        "logical step can choose between them.")
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
        return _problem("gave_up", current, "No step could be proven within the time limit.")
    after = c.copy()
    after.apply(step)
    if unlock and not step.placements:
        step, after = _unlock(step, after, unique, solution, unlock_time)
    return Hint("step", step, nudge_text(step), current, after.to_grid(), tuple(after.masks),
                look=look_of(step, current.shape))


# The givens' solve, per puzzle, while the walker's memo is on (every press of Hint asks it).
_SOLVED: dict[Grid, SolveResult] = {}
_SOLVED_KEPT = 16  # puzzles


def _solve(puzzle: Grid) -> SolveResult:
    """The givens' solve (up to two solutions), remembered with the walker's memo when it
    does not depend on the time it had (a search that gave up is asked again next time)."""
    kept = _SOLVED.get(puzzle) if memo() is not None else None
    if kept is not None:
        return kept
    result = solve_within(puzzle, limit=2)
    if memo() is not None and (result.unique is not None
                               or result.status in ("invalid", "no_solution")):
        if len(_SOLVED) >= _SOLVED_KEPT:
            _SOLVED.pop(next(iter(_SOLVED)))
        _SOLVED[puzzle] = result
    return result


def prepare(puzzle: Grid, current: Grid, pencil: Marks | None, *, unlock: bool, hints: int,
            time_limit: float, centre: Marks | None = None,
            marks_are_candidates: bool = False) -> bool:
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
    chosen = hint_marks(current, pencil, centre, marks_are_candidates)
    state, marks, unlock = current, chosen.marks, unlock and not chosen.own
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
            marks = {cell: set(bits(mask)) for cell, mask in enumerate(found.marks) if mask}
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
    """The hint that names wrong entries: where, then that they are wrong; 'apply' clears
    them (and puts back changed or removed givens), 'reveal' gives their right values."""
    shape, n = puzzle.shape, puzzle.size
    names = cells_text(shape, wrong)
    entries = [c for c in wrong if not puzzle.cells[c]]
    # Givens are no secret: the step puts them back. The entries' answers wait for 'reveal'.
    givens = tuple((c, puzzle.cells[c]) for c in wrong if puzzle.cells[c])
    look = look_at_cells(shape, wrong)
    if solution is None:
        text = f"{names} conflict with other entries. Fix them first."
        step = Step("Wrong Entry", givens, (), text, cells=tuple((c, "wrong") for c in wrong),
                    region=names)
        return Hint("wrong_entries", step, f"{and_list(names.split(', '))} conflict.", current,
                    current.with_values(givens), wrong_cells=tuple(wrong), look=look)
    said = wrong_entries_text(current, wrong, puzzle)
    text = said
    if entries:
        text += f" Clear {'it' if len(entries) == 1 else 'them'} first."
    answers = tuple((c, solution.cells[c]) for c in entries)
    applied = _cleared_text(shape, entries, givens)
    revealed = said + " Corrected: " + and_list(
        [f"{cell_name(c, n)} is {shape.symbol(v)}" for c, v in givens + answers]) + "."
    verb = "is" if len(wrong) == 1 else "are"
    step = Step("Wrong Entry", givens, (), text, cells=tuple((c, "wrong") for c in wrong),
                region=names)
    return Hint("wrong_entries", step, f"{and_list(names.split(', '))} {verb} wrong.",
                current, current.with_values(givens + tuple((c, 0) for c in entries)),
                wrong_cells=tuple(wrong), applied=applied, look=look, answers=answers,
                clears=tuple(entries), revealed=revealed)


def _cleared_text(shape: Shape, entries: list[int], givens: tuple[tuple[int, int], ...]) -> str:
    """What 'apply' did to wrong entries: the entries cleared, the givens put back."""
    n = shape.size
    parts = []
    if entries:
        cleared = and_list([cell_name(c, n) for c in entries])
        parts.append(f"Cleared {cleared}: {'it was' if len(entries) == 1 else 'they were'} wrong.")
    if givens:
        parts.append("Put back: " + and_list([f"the given {shape.symbol(v)} in {cell_name(c, n)}"
                                              for c, v in givens]) + ".")
    return " ".join(parts)


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
               cells=tuple((cell, "missing") for cell, _ in missing),
               candidates=tuple((cell, v, "missing") for cell, v in missing),
               region=cells_text(puzzle.shape, [cell for cell, _ in missing]))
    restored = c.masks[:]  # the marks at 'apply': the missing ones put back
    for cell, v in missing:
        restored[cell] |= 1 << (v - 1)
    where = [cell for cell, _ in missing]
    nudge = (f"A pencil mark you need is missing in {and_list([cell_name(c, n) for c in where])}"
             ".")
    return Hint("missing_marks", fix, nudge, current, current, tuple(restored),
                missing_marks=tuple(missing), applied=f"Put back: {and_list(parts)}.",
                look=look_at_cells(puzzle.shape, where))


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
    """``first`` (eliminations only) joined with the placement it unlocks, when that is the
    very next step (a single it made possible: singles come first, and there were none).

    ``after`` has ``first`` applied. Returns the joined step and the state after it; else
    ``first`` and ``after``: a hint never applies steps it does not show.
    """
    walked = after.copy()
    # The step found is the hint; the join is a courtesy: past its share of time (or the
    # call's deadline) the hint is the step alone, never "the time ran out".
    try:
        # "press": a press's share, read now (not bound when the module loaded).
        with budget.deadline(_UNLOCK_TIME if unlock_time == "press" else unlock_time):
            step = _step(walked, unique, solution)
    except budget.OutOfTime:
        return first, after
    if step is None or not step.placements or step.eliminations:
        return first, after
    walked.apply(step)
    return _joined(first, step, walked.shape), walked


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


def _joined(first: Step, last: Step, shape: Shape) -> Step:
    """One step that tells the elimination and ends with the placement it unlocks."""
    placed = _placed_text(last, shape)
    text = f"{first.text}; now {placed}"
    summary = f"{first.headline(shape)}; now {placed}"
    if len(summary) > SUMMARY_LIMIT:
        summary = f"{first.technique} unlocks a placement: {placed}"
    return Step(
        first.technique,
        last.placements,
        first.eliminations,
        text,
        trial=first.trial or last.trial,
        cells=tuple(dict.fromkeys(first.cells + last.cells)),
        units=tuple(dict.fromkeys(first.units + last.units)),
        candidates=tuple(dict.fromkeys(first.candidates + last.candidates)),
        region=first.region,
        summary=summary[:SUMMARY_LIMIT],
        chains=first.chain_list() + last.chain_list(),
    )
