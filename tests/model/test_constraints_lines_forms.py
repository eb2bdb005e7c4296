"""Line rules: their JSON forms, the items refused, the conflicts named, and larger grids."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

import line_rules as words
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudoku_core.model.conflicts import find_conflicts
from sudoku_core.model.constraints import PLACED_SECTION, by_json_key
from sudoku_core.model.errors import VariantError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant, variant_from_json
from sudoku_core.solver.exact import solve
from sudoku_core.solver.validate import validate

EXAMPLES = {  # one item of each type on 9x9, as docs/constraints.md writes it
    "whispers": {"cells": [0, 1, 2], "difference": 5},
    "renban": {"cells": [10, 11, 12]},
    "palindromes": {"cells": [20, 21, 22, 23]},
    "between_lines": {"cells": [30, 31, 32]},
    "region_sum_lines": {"cells": [1, 2, 3, 4]},
    "entropic_lines": {"cells": [40, 41, 42, 43]},
    "modular_lines": {"cells": [50, 51, 52]},
    "zipper_lines": {"cells": [60, 61, 62, 63, 64]},
    "arrows": {"circle": [70, 71], "cells": [72, 73, 74]},
    "double_arrows": {"cells": [76, 77, 78]},
}
WORDS = {"whispers": "whispers line", "renban": "renban line", "palindromes": "palindrome",
         "between_lines": "between line", "region_sum_lines": "region sum line",
         "entropic_lines": "entropic line", "modular_lines": "modular line",
         "zipper_lines": "zipper line", "arrows": "arrow", "double_arrows": "double arrow"}


@pytest.mark.parametrize("key", EXAMPLES)
def test_json_round_trip(key: str) -> None:
    data = {key: [EXAMPLES[key], EXAMPLES[key]]}
    variant = variant_from_json(data, 9)
    assert len(variant.constraints) == 2
    assert variant.to_json() == data
    assert variant_from_json(variant.to_json(), 9) == variant
    row = by_json_key(key)
    assert row is not None and row.words == WORDS[key] and variant.describe() == row.words
    assert variant.rules_text() == (row.rules_text,) and row.rules_text.endswith(".")
    assert row.text_section == PLACED_SECTION and all(k.islower() for k in row.fpuzzles_keys)


def test_whispers_difference_defaults_to_german() -> None:
    variant = variant_from_json({"whispers": [{"cells": [0, 1]}]}, 9)
    assert variant.to_json() == {"whispers": [{"cells": [0, 1], "difference": 5}]}
    dutch = variant_from_json({"whispers": [{"cells": [0, 1], "difference": 4}]}, 9)
    assert dutch != variant


@pytest.mark.parametrize(("key", "item", "size", "message"), [
    ("whispers", {"cells": [0, 1], "difference": 9}, 9,
     "whispers line 2: 'difference' must lie in 1 .. 8, not 9"),
    ("whispers", {"cells": [0, 1]}, 4, "whispers line 1: 'difference' must lie in 1 .. 3, not 5"),
    ("whispers", {"cells": [0]}, 9, "whispers line 2: needs at least 2 cells"),
    ("renban", {"cells": list(range(10))}, 9, "renban line 2: 10 cells cannot hold distinct"),
    ("palindromes", {"cells": [0, 1], "sum": 3}, 9, "palindrome 2: field 'sum' is not"),
    ("between_lines", {"cells": [0, 1]}, 9, "between line 2: needs at least 3 cells"),
    ("region_sum_lines", {"cells": [80, 81]}, 9, "region sum line 2: cell 81 is off the 9x9"),
    ("entropic_lines", {"cells": [0, 1, 2]}, 4, "entropic line 1: .* 4 is not divisible by 3"),
    ("modular_lines", {"cells": [0, 1, 0]}, 9, "modular line 2: a cell is listed twice"),
    ("zipper_lines", {"cells": [0, 1]}, 9, "zipper line 2: needs at least 3 cells"),
    ("arrows", {"circle": [0], "cells": [0, 1]}, 9, "arrow 2: a cell is both in the circle"),
    ("arrows", {"circle": [0, 1], "cells": [2, 3]}, 16, "arrow 1: a circle of several cells"),
    ("arrows", {"cells": [2, 3]}, 9, "arrow 2: 'circle' must be a list"),
    ("double_arrows", {"cells": [0, 1]}, 9, "double arrow 2: needs at least 3 cells"),
])
def test_a_bad_item_is_refused_by_name(key: str, item: dict[str, object], size: int,
                                       message: str) -> None:
    items = [EXAMPLES[key], item] if size == 9 else [item]  # a 9x9 item first: counted
    with pytest.raises(VariantError, match=message):
        variant_from_json({key: items}, size)


BROKEN = [  # (key, item, values placed) on an empty 9x9 grid: the rule is broken
    ("whispers", {"cells": [0, 1, 2]}, {0: 1, 1: 9, 2: 5}),
    ("renban", {"cells": [0, 1, 2]}, {0: 1, 2: 4}),
    ("palindromes", {"cells": [0, 1, 2, 3]}, {0: 1, 3: 2}),
    ("between_lines", {"cells": [0, 1, 2]}, {0: 3, 1: 7, 2: 6}),
    ("region_sum_lines", {"cells": [1, 2, 3, 4]}, {1: 1, 2: 2, 3: 9}),
    ("entropic_lines", {"cells": [0, 1, 2]}, {0: 1, 1: 2}),
    ("modular_lines", {"cells": [0, 1, 2]}, {0: 1, 1: 4}),
    ("zipper_lines", {"cells": [0, 1, 2]}, {0: 5, 1: 3}),
    ("arrows", {"circle": [0], "cells": [1, 2]}, {0: 5, 1: 6}),
    ("arrows", {"circle": [0, 9], "cells": [1, 2, 3, 10]}, {0: 3, 9: 9}),  # 39 > 9 * 4
    ("double_arrows", {"cells": [0, 1, 2]}, {0: 1, 1: 2, 2: 3}),
]


def shifted(item: dict[str, object], by: int) -> dict[str, object]:
    return {k: [c + by for c in v] for k, v in item.items()}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("key", "item", "values"), BROKEN)
def test_validate_names_a_broken_line(key: str, item: dict[str, object],
                                      values: dict[int, int]) -> None:
    # The broken line lies five rows below a line of the same shape (which sorts first).
    variant = variant_from_json({key: [item, shifted(item, 45)]}, 9)
    below = [(c + 45, v) for c, v in values.items()]
    report = validate(Grid.empty(Shape(3, 3, variant)).with_values(below))
    kind = WORDS[key].removesuffix(" line") if key == "renban" else WORDS[key]
    assert [(c.unit, c.index) for c in report.conflicts] == [(kind, 1)], report.conflicts
    assert report.status == "invalid"
    one = Grid.empty(Shape(3, 3, variant)).with_values(below[:1])
    assert not find_conflicts(one)


def greedy_line(solution: Sequence[int], n: int, rng: random.Random, length: int,
                holds: Callable[[list[int]], bool], used: set[int]) -> list[int] | None:
    """A walk of king moves on cells not yet used whose digits in ``solution`` obey ``holds``
    (tried at random, so the puzzle made from it has at least that solution)."""
    for _ in range(3000):
        cells = [rng.choice([c for c in range(n * n) if c not in used])]
        while len(cells) < length:
            r, c = divmod(cells[-1], n)
            steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < n and 0 <= c + dc < n]
            steps = [s for s in steps if s not in used and s not in cells]
            if not steps:
                break
            cells.append(rng.choice(steps))
        if len(cells) == length and holds(cells):
            return cells
    return None


def lines_on(solution: Sequence[int], rng: random.Random) -> tuple[dict[str, list[object]],
                                                                    list[Callable[..., bool]]]:
    """A few lines of every type the 9x9 ``solution`` obeys, as JSON, and their tests."""
    g, box9 = solution, words.boxes(3, 3)
    plans: list[tuple[str, int, Callable[[list[int]], bool]]] = [
        ("whispers", 4, lambda cs: words.whispers(g, cs, 5)),
        ("renban", 4, lambda cs: words.renban(g, cs)),
        ("palindromes", 5, lambda cs: words.palindrome(g, cs)),
        ("between_lines", 4, lambda cs: words.between(g, cs)),
        ("region_sum_lines", 4, lambda cs: words.region_sum(g, cs, box9)
         and len({box9[c] for c in cs}) > 1),
        ("entropic_lines", 5, lambda cs: words.entropic(g, cs, 9)),
        ("modular_lines", 5, lambda cs: words.modular(g, cs)),
        ("zipper_lines", 5, lambda cs: words.zipper(g, cs)),
        ("arrows", 4, lambda cs: words.arrow(g, cs[:1], cs[1:])),
        ("double_arrows", 4, lambda cs: words.double_arrow(g, cs)),
    ]
    used: set[int] = set()
    data: dict[str, list[object]] = {}
    tests: list[Callable[..., bool]] = []
    for key, length, holds in plans:
        cells = greedy_line(solution, 9, rng, length, holds, used)
        assert cells is not None, key
        used.update(cells)
        item: dict[str, object] = {"cells": cells}
        if key == "arrows":
            item = {"circle": cells[:1], "cells": cells[1:]}
        data.setdefault(key, []).append(item)
        tests.append(lambda s, cells=cells, key=key: _holds(key, s, cells, box9))
    return data, tests


def _holds(key: str, s: Sequence[int], cells: list[int], box9: Sequence[int]) -> bool:
    return {"whispers": lambda: words.whispers(s, cells, 5),
            "renban": lambda: words.renban(s, cells),
            "palindromes": lambda: words.palindrome(s, cells),
            "between_lines": lambda: words.between(s, cells),
            "region_sum_lines": lambda: words.region_sum(s, cells, box9),
            "entropic_lines": lambda: words.entropic(s, cells, 9),
            "modular_lines": lambda: words.modular(s, cells),
            "zipper_lines": lambda: words.zipper(s, cells),
            "arrows": lambda: words.arrow(s, cells[:1], cells[1:]),
            "double_arrows": lambda: words.double_arrow(s, cells)}[key]()


@pytest.mark.parametrize("seed", range(4))
def test_a_9x9_of_every_line_solves_to_a_grid_obeying_them(seed: int) -> None:
    rng = random.Random(seed)
    labels = list(range(1, 10))
    rng.shuffle(labels)
    solution = words.pattern_grid(3, 3, labels)
    data, tests = lines_on(solution, rng)
    variant = variant_from_json(data, 9)
    givens = rng.sample(range(81), 22)
    grid = Grid.empty(Shape(3, 3, variant)).with_values((c, solution[c]) for c in givens)
    start = time.perf_counter()
    result = solve(grid, limit=2, time_limit=20)
    elapsed = time.perf_counter() - start
    assert result.count >= 1 and result.solution is not None
    cells = result.solution.cells
    assert all(test(cells) for test in tests)
    assert elapsed < 5, elapsed  # well under a second when the machine is quiet


@st.composite
def six_by_six(draw: st.DrawFn, holds: Callable[[Sequence[int], list[int]], bool]
               ) -> tuple[list[int], list[int]]:
    """A line of 3-6 cells a relabelled 6x6 pattern grid obeys, and that grid's givens with
    the line and a few more cells emptied."""
    labels = draw(st.permutations(range(1, 7)))
    solution = words.pattern_grid(2, 3, labels)
    order = draw(st.permutations(range(36)))
    length = draw(st.integers(3, 6))
    cells: list[int] = []
    for c in order:  # the first cells in the drawn order that keep the line obeyed
        if len(cells) < length and holds(solution, [*cells, c]):
            cells.append(c)
    extra = draw(st.lists(st.integers(0, 35), min_size=30, max_size=60))
    return cells, [0 if c in cells or c in extra else v for c, v in enumerate(solution)]


@settings(max_examples=30, deadline=None)
@given(st.data(), st.sampled_from(["entropic_lines", "modular_lines"]))
def test_6x6_lines_count_as_plain_backtracking_does(data: st.DataObject, key: str) -> None:
    def holds(g: Sequence[int], cells: list[int]) -> bool:
        if key == "entropic_lines":
            return words.entropic(g, cells, 6)
        return words.modular(g, cells)

    cells, givens = data.draw(six_by_six(holds))
    assume(len(cells) >= 3)
    variant = variant_from_json({key: [{"cells": cells}]}, 6)
    grid = Grid.empty(Shape(2, 3, variant)).with_values(enumerate(givens))
    expected = words.count_fills(givens, 2, 3, lambda g: holds(g, cells), limit=300)
    assert solve(grid, limit=300, time_limit=10).count == expected >= 1


def test_validate_accepts_a_variant_without_lines() -> None:
    assert not validate(Grid.empty(Shape(3, 3, Variant()))).conflicts


def test_region_sum_stretches_follow_the_boards_regions() -> None:
    from sudoku_core.model.constraints.region_sum import RegionSumLine
    from sudoku_core.model.constraints.rule import Board

    line = RegionSumLine((0, 1, 2, 6, 5))
    boxes = Board(4, words.boxes(2, 2))
    assert line.stretches(boxes) == [[0, 1], [2, 6], [5]]
    jigsaw = Board(4, (0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3))
    assert line.stretches(jigsaw) == [[0, 1, 2], [6], [5]]  # a region entered twice: two
    assert RegionSumLine((0, 1, 4)).propagators(boxes) == ()  # one box: nothing to compare
