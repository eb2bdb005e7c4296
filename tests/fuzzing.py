"""What the fuzz tests share: seed puzzles, a seeded mutator, and an independent solution check."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

PUZZLE_4 = "..3..4.221......"
SOLUTION_4 = "1234341221434321"
PUZZLE_6 = "....4....6.5..2..36..2..1.6....4...."
PUZZLE_9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PRETTY_4 = """    1 2   3 4
  ┌─────┬─────┐
1 │ . . │ 3 . │
2 │ . 4 │ . 2 │
  ├─────┼─────┤
3 │ 2 1 │ . . │
4 │ . . │ . . │
  └─────┴─────┘"""
SEEDS = [
    PUZZLE_4, PUZZLE_6, PUZZLE_9, PRETTY_4, "." * 16, "." * 64, "11" + "." * 14,
    '{"box": [2, 2], "cells": [[0, 0, 3, 0], [0, 4, 0, 2], [2, 1, 0, 0], [0, 0, 0, 0]]}',
    ". . 3 .\n. 4 . 2\n2 1 . .\n. . . .",
    "+---+---+\n|..3|..4|\n", "12 . 3 0 " * 4,
    f"{PUZZLE_4}\n# a comment\n{PUZZLE_4}\n",
    f"quizzes,solutions\n{PUZZLE_4},{SOLUTION_4}\n",
    f"{PUZZLE_4}:1:{SOLUTION_4}", "Grid 01\n..3.\n.4.2\n21..\n....\n",
    "[Puzzle]\n..3.\n.4.2\n21..\n....\n",
]
# Characters a careless user or an attacker types: digits and letters, frames, separators,
# control characters, other scripts' digits, wide spaces, a byte-order mark, an emoji.
ALPHABET = list("0123456789.abcxyzABCXYZ_|+-=*#,;:[]{}\"' \t\n\r") + [
    "│", "┼", "─", "═", "\x00", "\x1b", "\ufeff", "é", "²", "٣", "\u3000", "\u00a0", "💥",
    "\ud800", "-1", "99", "1e9", "NaN", "null", "[[", "]]",
]


def mutate(rng: random.Random, text: str) -> str:
    """``text`` after one to four random edits (insert, delete, replace, repeat, cut, ...)."""
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(text) + 1)
        span = rng.randint(1, 8)
        op = rng.randrange(10)
        if op == 0:
            text = text[:k] + rng.choice(ALPHABET) + text[k:]
        elif op == 1:
            text = text[:k] + text[k + span:]
        elif op == 2:
            text = text[:k] + rng.choice(ALPHABET) + text[k + 1:]
        elif op == 3:
            text = text[:k] + text[k:k + span] * rng.randint(2, 50) + text[k:]
        elif op == 4:
            text = text[:k]
        elif op == 5:
            text = rng.choice(["[", "{", '{"cells": ', "#", "\n", "quizzes\n"]) + text
        elif op == 6:
            text = text.replace(".", rng.choice(["0", "_", " ", "", "x", "00"]))
        elif op == 7:
            text = text + rng.choice(["\n", "\r\n", "\r", ",", ":", "]]", " # note", "\x00"])
        elif op == 8:
            # Past Python's own limits: 5,000 digits in one number, deep JSON nesting.
            text = text[:k] + rng.choice(["9" * 5000, "[" * 3000, "[1," * 2000]) + text[k:]
        else:
            lines = text.splitlines()
            rng.shuffle(lines)
            text = "\n".join(lines)
    return text


def mutants(seed: int, count: int) -> list[str]:
    """``count`` mutated puzzles, the same for the same seed."""
    rng = random.Random(seed)
    return [mutate(rng, rng.choice(SEEDS)) for _ in range(count)]


def is_solution(solution: Sequence[int], puzzle: Sequence[int] | None,
                box: tuple[int, int] | None) -> str:
    """Why ``solution`` (N*N values) is not a solved grid keeping ``puzzle``'s givens; "".

    Written apart from the package on purpose: rows, columns and boxes each hold 1..N once.
    """
    n = round(len(solution) ** 0.5)
    if n * n != len(solution):
        return f"{len(solution)} values are no square grid"
    full = set(range(1, n + 1))
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    if box is not None:
        br, bc = box
        units += [[(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)]
                  for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    for unit in units:
        if {solution[k] for k in unit} != full:
            return f"unit {unit[:3]}... is not 1..{n} once each"
    if puzzle is not None:
        for k, (given, value) in enumerate(zip(puzzle, solution, strict=True)):
            if given and given != value:
                return f"cell {k} changes the given {given} to {value}"
    return ""


def timed(call: Callable[[], T]) -> tuple[T, float, float]:
    """call()'s value, wall-clock and CPU seconds.

    The budget checks use CPU time: seven engineers share two cores here, and a process
    that waits for a core is not the one running past its deadline.
    """
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def values_of(line: str) -> list[int]:
    """The values of a one-line grid in the package's symbols (1-9, then A-Z; '.' empty)."""
    digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [0 if ch in ".0" else digits.index(ch.upper()) + 1 for ch in line]
