"""Generate puzzles with exactly one solution, at a requested level, for every box shape.

One *attempt*: a random complete grid (:mod:`.fill`), emptied orbit by orbit in random order
while the solver's counter (limit 2) still finds one solution (:mod:`.dig`), then rated
(:mod:`.rate`). When the dug puzzle is harder than asked, givens are put back: a binary search
over the removals finds the thinnest puzzle that is not harder than the target. Attempts repeat
until the level fits or the budget ends; then the closest puzzle comes back with its true
rating, ``reached=False`` and a note.

Same seed, same puzzle: every choice comes from ``random.Random(seed)`` and every search has a
node budget rather than a clock, so the result does not depend on the machine. The one
exception is the overall time budget, which bounds the whole call: when it cuts a run short,
fewer attempts are made (or the first one stops early), and when it leaves no rated puzzle at
all, :class:`OutOfTime` is raised.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..logic.grade import solves_within
from ..logic.rate import Rating, rate_within
from ..logic.techniques import LEVELS, Level
from ..model import budget
from ..model.budget import OutOfTime, check_time_limit
from ..model.contract import frame
from ..model.errors import SudokuError
from ..model.expect import NONE, OPTIONAL_NUMBER, SEED, expect
from ..model.grid import Grid, Shape
from ..solver.exact import count_within
from .dig import Dug, dig, is_unique
from .fill import random_solution
from .symmetry import check_symmetry, default_symmetry, is_symmetric, orbits

SEED_RANGE = 2**32
_DIG_SHARE = 0.7  # of the time left, for a dig while no puzzle is rated yet


class GenerateError(SudokuError):
    """Options that cannot make a puzzle: unknown difficulty, budget not positive."""


class Cancelled(Exception):
    """``should_stop`` asked to stop before any puzzle was ready."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its true rating, and how it was made."""

    grid: Grid  # the puzzle (0 = empty)
    solution: Grid  # its only solution
    shape: Shape
    level: Level  # the puzzle's true level, e.g. "Hard"
    score: int  # its rating score
    hardest: str  # hardest technique its logical solution needs, e.g. "X-Wing"
    seed: int  # the seed used (drawn when none was given): the same seed gives this puzzle
    attempts: int  # complete grids tried
    requested: Level  # the level asked for, e.g. "Hard"
    reached: bool  # level == requested
    note: str = ""  # why the result differs from the request, "" when it does not
    symmetry: str = "none"  # symmetry of the givens' pattern
    minimal: bool = False  # proven: no given can be removed keeping one solution
    elapsed: float = 0.0  # seconds

    def message(self) -> str:
        """What was made, in one or two plain-English sentences."""
        n = self.shape.size
        made = (f"A new {self.level} {n}x{n} puzzle with {self.grid.given_count} givens "
                f"(hardest step: {self.hardest}).")
        return f"{made} {self.note}" if self.note else made

    def to_json(self) -> dict[str, Any]:
        """The JSON record of `sudoku generate --json` and the page (docs/protocol.md)."""
        out: dict[str, Any] = {"puzzle": self.grid.line()}
        out.update(frame(self.shape))
        out.update({
            "level": self.level,
            "score": self.score,
            "hardest": self.hardest,
            "seed": self.seed,
            "attempts": self.attempts,
            "requested": self.requested,
            "reached": self.reached,
            "note": self.note,
            "symmetry": self.symmetry,
            "minimal": self.minimal,
            "givens": self.grid.given_count,
            "solution": self.solution.line(),
            "line": self.grid.line(),
            "values": list(self.grid.cells),
            "solution_values": list(self.solution.cells),
            "message": self.message(),
        })
        return out


def check_difficulty(name: str) -> Level:
    """The level name for a difficulty given in any case ("hard" -> "Hard")."""
    for level in LEVELS:
        if name.strip().lower() == level.lower():
            return level
    raise GenerateError(f"difficulty {name!r}: expected one of {', '.join(LEVELS).lower()}")


def default_time_limit(shape: Shape) -> float:
    """Seconds a call may take when no budget is given: more for larger grids.

    Small grids get little: no 4x4 puzzle above Easy turned up in 20,000 attempts, and 6x6
    tops out at Expert, so a long search there would only delay the closest puzzle.
    """
    n = shape.size
    for size, seconds in ((4, 2.0), (6, 5.0), (9, 20.0), (16, 60.0)):
        if n <= size:
            return seconds
    return 180.0


def check_seed(seed: int) -> int:
    """``seed`` when it is one: 0 or more (Python's random takes -S for S, so two seeds would
    give one puzzle)."""
    if seed < 0:
        raise GenerateError(f"seed {seed}: expected a whole number, 0 or more")
    return seed


def derive_seed(seed: int, index: int) -> int:
    """The seed of puzzle ``index`` of a series started with ``seed`` (index 0: seed itself)."""
    if index == 0:
        return seed
    # String seeds are hashed with SHA-512 by `random`, the same on every platform.
    return random.Random(f"{seed}/{index}").randrange(SEED_RANGE)


def check_nodes(shape: Shape, target: int, minimal: bool = False) -> int:
    """Search nodes allowed per uniqueness check while digging; past it the given stays.

    A node budget, not a clock, keeps the result a function of the seed. On grids up to 12x12
    checks are cheap, so they are exact in practice. On larger grids the late, thin checks cost
    seconds each; for Easy and Medium a puzzle that needs a long search to prove unique is
    too hard anyway, so a small budget keeps those digs fast.
    """
    if shape.size <= 12:
        return 20_000
    if target <= LEVELS.index("Medium") and not minimal:
        return 128
    return 2_000 + 4 * shape.cell_count


@dataclass
class _Candidate:
    """A finished puzzle with its rating, as a possible answer."""

    puzzle: Grid
    solution: Grid
    rating: Rating | None  # None: known to be harder than the target, not rated yet
    symmetric: bool
    minimal: bool
    cut: bool = False  # the time limit stopped its dig early: more givens than it could have

    @property
    def index(self) -> int:
        assert self.rating is not None
        return LEVELS.index(self.rating.level)


@dataclass
class _Run:
    """What one call knows: options, budget, and the best puzzle so far."""

    shape: Shape
    target: int
    symmetry: str
    minimal: bool
    should_stop: Callable[[], bool] | None
    nodes: int
    best: _Candidate | None = None
    above: _Candidate | None = None  # a puzzle harder than the target, not rated yet
    cancelled: bool = False

    def stopped(self) -> bool:
        """True once cancelled; asks ``should_stop`` each time until it says so."""
        if not self.cancelled and self.should_stop is not None and self.should_stop():
            self.cancelled = True
        return self.cancelled

    def keep_going(self) -> bool:
        """Dig on? Not once cancelled or past the deadline (a partly dug puzzle is still fine)."""
        return not self.stopped() and not budget.expired()

    def has_puzzle(self) -> bool:
        """True once some finished puzzle (rated or not) can be returned."""
        return self.best is not None or self.above is not None

    def consider(self, cand: _Candidate) -> None:
        """Keep ``cand`` when it is closer to the request (or as close, and thinner)."""
        if self.best is None or self._key(cand) <= self._key(self.best):
            self.best = cand

    def _key(self, c: _Candidate) -> tuple[int, int, int, int]:
        # Closest level first; then the kept symmetry and proven minimality that were asked
        # for; on a tie between one level below and one above, the easier puzzle.
        return (abs(c.index - self.target), int(not c.symmetric),
                int(self.minimal and not c.minimal), int(c.index > self.target))

    def done(self) -> bool:
        """True when the best puzzle is everything that was asked for."""
        b = self.best
        return b is not None and b.index == self.target and b.symmetric and (
            b.minimal or not self.minimal)


def rated_attempt(puzzle: Grid, solution: Grid, target: Level, seed: int, attempts: int
                  ) -> Generated | None:
    """A variant attempt's puzzle rated within the call's budget: None when the walk gives it
    no level; :class:`OutOfTime` when the budget ran out (a cut rating is no verdict)."""
    budget.check()
    rating = rate_within(puzzle, estimate_se=False)
    if rating.timed_out:
        raise OutOfTime("the time limit ran out while rating")
    level = rating.level_at_least()
    if level is None:
        return None
    shape = puzzle.shape
    return Generated(puzzle, Grid(shape, solution.cells), shape, level, rating.score,
                     rating.hardest, seed, attempts, target, level == target, "", "none", False)


def generate(
    shape: Shape,
    difficulty: str = "medium",
    seed: int | None = None,
    symmetry: str | None = None,
    minimal: bool = False,
    time_limit: float | None = None,
    max_attempts: int | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Generated:
    """A puzzle with exactly one solution, rated at ``difficulty`` when reachable in the budget.

    ``symmetry`` defaults to rotational (see :func:`.symmetry.default_symmetry`), or to "none"
    with ``minimal``: a minimal puzzle seldom keeps a symmetry, and when one is asked for with
    ``minimal``, minimality wins and the note says the symmetry was lost. ``time_limit``
    defaults to :func:`default_time_limit` and bounds the whole call; a dig it cuts short
    still gives a correct puzzle with its true rating (and a note), and when no puzzle could
    be made and rated in time, :class:`OutOfTime` is raised. ``should_stop`` is polled
    between checks: the best puzzle so far comes back with a note, or :class:`Cancelled` is
    raised when there is none yet.
    """
    expect("generate", shape=(shape, Shape), difficulty=(difficulty, str), seed=(seed, SEED),
           symmetry=(symmetry, (str, NONE)), time_limit=(time_limit, OPTIONAL_NUMBER),
           max_attempts=(max_attempts, (int, NONE)))
    start = time.perf_counter()
    target = LEVELS.index(check_difficulty(difficulty))
    sym = check_symmetry(symmetry) if symmetry is not None else (
        "none" if minimal else default_symmetry(shape))
    if seed is not None:
        check_seed(seed)
    time_limit = default_time_limit(shape) if time_limit is None else check_time_limit(time_limit)
    if max_attempts is not None and max_attempts < 1:
        raise GenerateError(f"max attempts {max_attempts!r}: expected at least 1")
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    rng = random.Random(seed)
    run = _Run(shape, target, sym, minimal, should_stop, check_nodes(shape, target, minimal))
    # One deadline for the whole call; a caller's nearer one (generate_puzzle's, which spent
    # some on a region layout) binds too.
    with budget.deadline(time_limit):
        attempts = _attempts(run, rng, max_attempts)
        result = _result(run, seed, attempts, time.perf_counter() - start)
    if result is None:
        if run.cancelled:
            raise Cancelled("generation was cancelled before a puzzle was ready")
        raise OutOfTime(f"the time limit ({time_limit:g} s) ran out before a {shape.size}x"
                        f"{shape.size} puzzle was made and rated; give it more time")
    return result


def _attempts(run: _Run, rng: random.Random, max_attempts: int | None) -> int:
    """Attempt after attempt until the best puzzle is the one asked for, the call is
    cancelled or out of time, or ``max_attempts`` are spent; how many were made."""
    attempts = 0
    while True:
        attempts += 1
        _attempt(run, rng)
        if run.done() or run.stopped() or budget.expired():
            return attempts
        if max_attempts is not None and attempts >= max_attempts:
            return attempts


def _attempt(run: _Run, rng: random.Random) -> None:
    """One complete grid: dig it, rate it, put givens back if it came out too hard."""
    # The fill gets at most half of the time left: past it a pattern grid leaves the dig time.
    # No pattern grid keeps a variant's rules, so a variant fill may use all of it.
    with budget.share(1.0 if run.shape.variant is not None else 0.5):
        solution = random_solution(run.shape, rng)
    order = list(orbits(run.shape.size, run.symmetry))
    rng.shuffle(order)
    # Until some puzzle is rated, the dig and its level checks leave a share of the time to
    # rate what was dug; the ratings below have all that is left.
    with budget.share(1.0 if run.best else _DIG_SHARE):
        dug = dig(solution, order, max_nodes=run.nodes, keep_going=run.keep_going)
        if run.stopped() or not dug.removed or (not dug.complete and run.has_puzzle()):
            return  # nothing dug (a full grid is no puzzle), or a partial dig with a puzzle
        puzzle = dug.grid()
        proven = False
        if run.minimal and dug.complete:
            puzzle, proven = _make_minimal(run, dug, order)
            if run.stopped():
                return
        too_hard = _within(run, puzzle) is False
        thinner = _put_back(run, dug, solution) if too_hard and not run.minimal else None
    if too_hard:
        if run.above is None:
            run.above = _Candidate(puzzle, solution, None, is_symmetric(puzzle, run.symmetry),
                                   proven, not dug.complete)
        if thinner is not None:
            _consider(run, _rated(run, thinner, solution, False))
        return
    _rate_dug(run, dug, puzzle, solution, proven)


def _rate_dug(run: _Run, dug: Dug, puzzle: Grid, solution: Grid, proven: bool) -> None:
    """Rate the dug puzzle (and, while nothing is rated yet, thicker ones) as an answer."""
    if run.best is not None:
        _consider(run, _rated(run, puzzle, solution, proven, cut=not dug.complete))
        return
    # Nothing rated yet: give the dug puzzle half the time left, then thicker ones (half the
    # removals each time), which rate faster, so that the call ends with some puzzle.
    cand = _rated(run, puzzle, solution, proven, cut=not dug.complete, share=0.5)
    count = len(dug.removed) // 2
    while cand is None and count and not budget.expired() and not run.stopped():
        cand = _rated(run, dug.prefix(count, solution), solution, False, cut=True,
                      share=0.5 if count > 1 else 1.0)
        count //= 2
    _consider(run, cand)


def _within(run: _Run, puzzle: Grid) -> bool | None:
    """Is the puzzle at most the target level? (None: no time left to tell.)"""
    # Extreme too: "needs forcing chains", never a trial step (the capped walk has no guess).
    return solves_within(puzzle, LEVELS[run.target])


def _make_minimal(run: _Run, dug: Dug, order: list[tuple[int, ...]]) -> tuple[Grid, bool]:
    """Remove every single given that can go; True when minimality is proven."""
    # One pass suffices: a given that cannot go now cannot go from a thinner puzzle either
    # (fewer givens, more solutions). Orbits the dig emptied are settled; single cells of kept
    # pairs, and checks that ran out of budget, are tried again with a larger budget.
    cells = list(dug.cells)
    nodes = run.nodes * 20
    proven = True
    for orbit in order:
        if len(orbit) == 1 and orbit not in dug.undecided:
            continue
        for cell in orbit:
            if not cells[cell]:
                continue
            if not run.keep_going():
                return Grid(run.shape, tuple(cells)), False
            value = cells[cell]
            cells[cell] = 0
            unique = is_unique(run.shape, cells, nodes)
            if not unique:
                cells[cell] = value
                proven = proven and unique is not None
    return Grid(run.shape, tuple(cells)), proven


def _rated(run: _Run, puzzle: Grid, solution: Grid, minimal: bool,
           cut: bool = False, share: float = 1.0) -> _Candidate | None:
    """Rate a puzzle in a ``share`` of the time left; None when the rating did not finish."""
    rating = _rating(run, puzzle, share)
    if rating is None:
        return None
    return _Candidate(puzzle, solution, rating, is_symmetric(puzzle, run.symmetry), minimal,
                      cut)


def _rating(run: _Run, puzzle: Grid, share: float = 1.0) -> Rating | None:
    """The rating, if it finishes in ``share`` of the time left (a cut one is no label)."""
    if budget.expired():
        return None
    with budget.share(share):
        rating = rate_within(puzzle, estimate_se=False)
    return rating if rating.status == "solved" and not rating.timed_out else None


def _put_back(run: _Run, dug: Dug, solution: Grid) -> Grid | None:
    """Put givens back until the puzzle is not harder than the target, keeping it thin: the
    puzzle to rate (None: none), rated by the caller with the time the level checks leave."""
    # Any subset of the removals keeps the solution unique: the puzzle then holds more givens
    # than one the counter proved unique. So: binary search for the longest prefix of the
    # removals that is at most the target (more givens rarely make a puzzle harder), then
    # try the later removals one by one, keeping those that do not push it past the target:
    # that thins an easy puzzle and can lift one that fell below the target up to it.
    lo, hi = 0, len(dug.removed)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        within = _within(run, dug.prefix(mid, solution))
        if within is None or run.stopped():
            if lo and run.best is None:
                # Out of time with nothing rated: the thinnest prefix known to be at most
                # the target is cheap to rate, unlike the harder puzzle.
                return dug.prefix(lo, solution)
            return None
        if within:
            lo = mid
        else:
            hi = mid
    cells = list(dug.prefix(lo, solution).cells)
    for orbit in dug.removed[hi:]:
        saved = [cells[c] for c in orbit]
        for c in orbit:
            cells[c] = 0
        within = _within(run, Grid(run.shape, tuple(cells)))
        if within is None or run.stopped():
            break
        if not within:
            for c, v in zip(orbit, saved, strict=True):
                cells[c] = v
    if lo or cells != list(solution.cells):
        return Grid(run.shape, tuple(cells))
    return None


def _consider(run: _Run, cand: _Candidate | None) -> None:
    """Offer a rated puzzle (None: the rating was unsure) as the answer."""
    if cand is not None:
        run.consider(cand)


def _result(run: _Run, seed: int, attempts: int, elapsed: float) -> Generated | None:
    """The best puzzle as a Generated, with a note on anything that differs from the request.

    None when no puzzle was rated in time.
    """
    best = run.best
    # A harder puzzle is rated only when nothing else was: on large grids, rating one that
    # needs chains costs minutes, so the closest level is the closest among rated puzzles.
    if run.above is not None and best is None:
        above = run.above
        rated = _rating(run, above.puzzle)
        if rated is not None:
            run.consider(_Candidate(above.puzzle, above.solution, rated, above.symmetric,
                                    above.minimal, above.cut))
        best = run.best
    if best is None:
        return None
    assert best.rating is not None
    rating = best.rating
    # The counter's own word on the answer, whatever the dig decided (None: out of budget, and
    # then the dig's checks stand: every removal was proven by a count of exactly one).
    if count_within(best.puzzle, 2) in (0, 2):
        raise RuntimeError("generated puzzle does not have exactly one solution")
    requested = LEVELS[run.target]
    level = rating.level
    if level is None:  # only a solved path has a level; a unique puzzle's path is solved
        raise RuntimeError(f"generated puzzle rated {rating.status!r}, without a level")
    notes = []
    if level != requested:
        why = "cancelled" if run.cancelled else f"not reached in {attempts} attempt(s)"
        notes.append(f"{requested} {why}; closest found: {level} (score {rating.score})")
    elif run.cancelled and not run.done():
        notes.append("cancelled")
    if not best.symmetric:
        notes.append(f"{run.symmetry} symmetry lost to minimality")
    if run.minimal and not best.minimal:
        notes.append("minimality not proven within the budget")
    if best.cut:
        notes.append("the time limit cut the dig short: the puzzle keeps more givens than "
                     "it needs")
    return Generated(
        grid=best.puzzle, solution=best.solution, shape=run.shape, level=level,
        score=rating.score, hardest=rating.hardest, seed=seed, attempts=attempts,
        requested=requested, reached=level == requested, note="; ".join(notes),
        symmetry=run.symmetry if best.symmetric else "none", minimal=best.minimal,
        elapsed=elapsed,
    )
