"""The one logical walker: singles, then the simplest technique that makes progress, then trial.

``steps``, ``rate``, the generator's capped walk (``grade``) and ``hint`` all take their next
step with :func:`next_step`, so the guard against a step that changes nothing (which would loop
forever) is written once; :func:`.propagate.propagate` is the one singles propagation of the
human side.
The walk reads the cooperative deadline of :mod:`.budget` and raises ``budget.OutOfTime``
past it.

With :func:`remember` on (the page's worker turns it on), what each technique found in a state
is kept (:class:`Memo`): a hint pressed three times (nudge, step, apply), a walk the page made in
the background and the Steps or Hint that follows it find their steps again instead of searching
anew. A technique's finding is a function of the state alone (shape, values, candidate masks,
and for the uniqueness techniques which cells are givens), so a remembered answer is the answer.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Literal

from ..model import budget
from ..model.candidates import Candidates
from ..model.grid import Grid
from ..model.step import Step
from ..solver.propagate import SINGLES, propagate
from .techniques import TECHNIQUES, Technique, weight_of
from .trial import trial_step

WalkEnd = Literal["solved", "no_solution", "stuck"]


def changes(c: Candidates, step: Step) -> bool:
    """True if the step fills an empty cell or removes a candidate that is there."""
    values = c.values
    return any(not values[cell] for cell, _ in step.placements) or any(
        c.has(cell, v) for cell, v in step.eliminations)


def consistent(step: Step, solution: Grid | None) -> bool:
    """False if the step places a wrong value or removes the solution's value."""
    if solution is None:
        return True
    cells = solution.cells
    return all(cells[cell] == v for cell, v in step.placements) and all(
        cells[cell] != v for cell, v in step.eliminations)


StateKey = tuple[object, ...]
_NOTHING = object()  # a remembered "the technique finds nothing here"


class Memo:
    """What each technique found in the states met lately (least recently used out first).

    ``found`` maps a state (shape, values, masks) to {technique name: its step or None};
    techniques that read which cells are givens (the uniqueness ones) are kept under the
    givens too. Trial steps are kept only when found (a None may be the budget's doing).
    """

    def __init__(self, states: int = 2000) -> None:
        self.states = states  # how many states are kept, e.g. 2000 (a few MB)
        self.found: OrderedDict[StateKey, dict[object, object]] = OrderedDict()
        self.computed = 0  # technique searches and trial steps run (not found here)
        self.reused = 0  # answers found here

    def table(self, c: Candidates) -> dict[object, object]:
        """The findings of ``c``'s state, created empty when new."""
        key: StateKey = (c.shape, tuple(c.values), tuple(c.masks))
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = {}
            if len(self.found) > self.states:
                self.found.popitem(last=False)
        else:
            self.found.move_to_end(key)
        return found

    def find(self, tech: Technique, c: Candidates, found: dict[object, object]) -> Step | None:
        """``tech.find(c)``, from ``found`` (``c``'s table) when it was searched before."""
        name: object = (tech.name, c.givens) if tech.needs_unique else tech.name
        got = found.get(name, _NOTHING)
        if got is not _NOTHING:
            self.reused += 1
            return got if isinstance(got, Step) else None
        self.computed += 1
        step = tech.find(c)  # raises OutOfTime past the deadline: nothing is kept then
        found[name] = step
        return step

    def trial(self, c: Candidates, solution: Grid | None) -> Step | None:
        """``trial_step(c, solution)``, remembered when it found one."""
        found = self.table(c)
        name = ("trial", None if solution is None else solution.cells)
        got = found.get(name)
        if isinstance(got, Step):
            self.reused += 1
            return got
        self.computed += 1
        step = trial_step(c, solution)
        if step is not None:
            found[name] = step
        return step


# The memo in use, if any: a context variable, as the budget's deadline is, so that a thread
# (or a task) that turns it on or off does so for its own calls only. The page's worker turns it
# on once, at start, in the context every later request runs in.
_MEMO: ContextVar[Memo | None] = ContextVar("sudoku_core_memo", default=None)


def remember(on: bool = True, states: int = 2000) -> Memo | None:
    """Keep what the techniques find (on) or stop keeping it (off), from here on in the
    current context; returns the memo in use."""
    _MEMO.set(Memo(states) if on else None)
    return memo()


def memo() -> Memo | None:
    """The memo in use, or None when :func:`remember` is off (the default)."""
    return _MEMO.get()


def next_trial(c: Candidates, solution: Grid | None) -> Step | None:
    """``trial_step`` through the memo when one is in use."""
    m = memo()
    return m.trial(c, solution) if m is not None else trial_step(c, solution)


def next_step(c: Candidates, *, unique: bool = True, solution: Grid | None = None,
              techniques: tuple[Technique, ...] = TECHNIQUES) -> Step | None:
    """The first step, in registry order, that changes ``c`` (and fits ``solution`` if known).

    Techniques are tried only where they are sound (``Technique.sound_on``: uniqueness ones
    only when ``unique``, and under the rules their argument holds under); the budget is
    checked between techniques (``budget.OutOfTime`` once the deadline has passed).
    """
    m = memo()
    found = m.table(c) if m is not None else {}
    for tech in techniques:
        if not tech.sound_on(c.shape, unique):
            continue  # a uniqueness argument another rule breaks (cages, diagonals...)
        budget.check()
        step = tech.find(c) if m is None else m.find(tech, c, found)
        if step is None or not changes(c, step):
            continue  # nothing new: taking it would loop forever
        if not consistent(step, solution):
            continue  # a safety net: never show a step that contradicts the solution
        return step
    return None


@dataclass
class Walk:
    """A logical walk in progress: the candidates, what is known of the solution, the tally."""

    c: Candidates
    solution: Grid | None = None  # the unique solution when known (trial steps use it)
    unique: bool = True  # uniqueness techniques allowed
    verify: bool = True  # skip a step that contradicts ``solution`` (a safety net for users)
    record: bool = True  # keep every step; else singles are taken in bulk and only tallied
    trials: bool = True  # fall back to trial and error when no technique applies
    techniques: tuple[Technique, ...] = TECHNIQUES
    steps: list[Step] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # steps per technique
    best: int = 0  # weight of the hardest step so far
    hardest: str = ""
    trial: bool = False  # some step was trial and error
    # Called with every step's technique and the step (None for singles taken in bulk); the
    # SE-scale estimate reads the path through it.
    observe: Callable[[str, Step | None], None] | None = None
    on_step: Callable[[Step], None] | None = None  # told of each step kept, as it is found

    def note(self, technique: str, step: Step | None = None) -> None:
        """Tally a step (and keep it when recording)."""
        self.counts[technique] = self.counts.get(technique, 0) + 1
        w = weight_of(technique)
        if w > self.best:
            self.best, self.hardest = w, technique
        if self.record and step is not None:
            self.steps.append(step)
            if self.on_step is not None:
                self.on_step(step)
        if self.observe is not None:
            self.observe(technique, step)

    def run(self) -> WalkEnd:
        """Take steps until the grid is full or no step can be proven.

        Raises ``budget.OutOfTime`` past the deadline (the tally so far stays readable).
        """
        c = self.c
        finders = self.techniques
        if not self.record:
            finders = tuple(t for t in finders if t.name not in SINGLES)
        check = self.solution if self.verify else None
        while True:
            budget.check()
            if not self.record and not propagate(c, self.note):
                return "no_solution"
            if c.is_solved():
                return "solved"
            step = next_step(c, unique=self.unique, solution=check, techniques=finders)
            if step is None:
                if c.is_broken():
                    return "no_solution"  # only reachable with unsound input marks
                if not self.trials:
                    return "stuck"
                step = next_trial(c, self.solution)
                if step is None:
                    return "stuck"
                self.trial = True
            self.note(step.technique, step)
            c.apply(step)


__all__ = ["Memo", "Walk", "WalkEnd", "changes", "consistent", "memo", "next_step",
           "next_trial", "remember"]
