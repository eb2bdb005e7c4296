"""One deadline for a whole call, seen by every loop that may run long (no argument threading).

``with deadline(seconds):`` sets the time by which the current call must answer (a nested
``deadline`` can only bring it closer); long loops in techniques and searches call
:func:`check`, which raises :class:`OutOfTime` once it has passed, or read :func:`expired`.
The walker catches ``OutOfTime`` and reports ``gave_up`` with ``timed_out``.

>>> with deadline(0):
...     expired()
True
>>> expired()
False
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar

from .errors import SudokuError

DEFAULT_TIME_LIMIT = 10.0  # seconds: the one default budget of solve, steps, hint, rate

_deadline: ContextVar[float | None] = ContextVar("sudoku_core_deadline", default=None)


class OutOfTime(SudokuError):
    """The time limit ran out before the call could answer."""


class BudgetError(SudokuError):
    """A time limit that is no budget: not a number, not more than 0, or infinite."""


def check_time_limit(seconds: object) -> float:
    """``seconds`` as a float when it is a budget: a finite number more than 0.

    Every call has a budget: an infinite one would let a generator asked for a level a size
    cannot reach run for ever. The library's entry points, the CLI and the web facade all
    check a time limit given by a person here, so they say the same thing.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise BudgetError(f"time limit {seconds!r}: expected a number of seconds")
    if math.isnan(seconds) or seconds <= 0:
        raise BudgetError("the time limit must be more than 0")
    if math.isinf(seconds):
        raise BudgetError("the time limit must be a finite number of seconds (every call has a "
                          "budget; give a large one, such as 3600, for a long run)")
    return float(seconds)


@contextmanager
def deadline(seconds: float | None) -> Iterator[float | None]:
    """Bound the enclosed work to ``seconds`` from now (None: no new bound); yields the time."""
    outer = _deadline.get()
    mine = outer
    if seconds is not None:
        mine = time.perf_counter() + max(0.0, seconds)
        if outer is not None:
            mine = min(mine, outer)
    token = _deadline.set(mine)
    try:
        yield mine
    finally:
        _deadline.reset(token)


def share(fraction: float) -> AbstractContextManager[float | None]:
    """Bound the enclosed work to ``fraction`` of the time left (no deadline: no new bound),
    as the generator gives its fill, its dig and its ratings each a share of the call's."""
    left = remaining()
    return deadline(None if left is None else left * fraction)


def current() -> float | None:
    """The perf_counter time the current call must end by, or None."""
    return _deadline.get()


def remaining(default: float | None = None) -> float | None:
    """Seconds left (never negative), or ``default`` when no deadline is set."""
    end = _deadline.get()
    if end is None:
        return default
    return max(0.0, end - time.perf_counter())


def expired() -> bool:
    """True once the current deadline has passed."""
    end = _deadline.get()
    return end is not None and time.perf_counter() >= end


def check() -> None:
    """Raise :class:`OutOfTime` once the current deadline has passed (cheap: call it often)."""
    end = _deadline.get()
    if end is not None and time.perf_counter() >= end:
        raise OutOfTime("the time limit ran out")
