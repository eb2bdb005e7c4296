"""Every instance the named techniques find in a candidate state, none of them applied.

``find_all(c, ["X-Wing"])`` lists each X-Wing of the state ``c`` (for experts who want to see
them all, and for tests), through each row's iterator with the table's listing options (wider
searches than the walker affords at every step).
``candidates_from_text`` reads a pencil-mark grid as the candidate state exactly as written.
Uniqueness techniques assume the puzzle has one solution, and are listed only under the variant
rules their argument holds under (``Technique.sound_on``, the table's ``holds_under``): asked
on other puzzles, they list nothing (:func:`unsound_here` says which and why).

The techniques read a tidy state: a value placed in a unit is no candidate of the unit's other
cells (their patterns count a digit's places in a unit, and a place already taken would make a
hidden single or a fish out of marks the player forgot to clear). So the listings work on the
state without its stale marks (``Candidates.stale_marks``, which the caller can report), nor
the marks a value placed in a cell they see under the variant rules (a diagonal, a window, a
cage, a knight's or king's move away) rules out (:func:`tidy`): every step is then sound
whenever the marks hold every true candidate, tidied or not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from ..formats.scan import LINE_BREAK, scan
from ..model import budget
from ..model.candidates import Candidates
from ..model.errors import SudokuError
from ..model.grid import Shape
from ..model.step import Step
from .pencil import read_pencil
from .techniques import TABLE, Technique
from .techniques.fish import FISH_NAMES

MAX_INSTANCES = 2000  # per call: some families (ALS chains) have thousands in an open grid


class UnknownTechnique(SudokuError, ValueError):
    """A technique name that is not in the registry."""


def listable() -> list[Technique]:
    """Every row of the table in its order, listed-only techniques included."""
    return list(TABLE)


def technique_names() -> list[str]:
    """Every technique name, in rating order (the order the walker tries them)."""
    return [t.name for t in listable()]


def lookup(names: Iterable[str]) -> list[Technique]:
    """Techniques by name (case and spacing ignored); a clear error for an unknown one."""
    out = []
    for name in names:
        tech, _ = resolve(name)
        if tech not in out:
            out.append(tech)
    return out


# HoDoKu's names for the two kinds of Locked Candidates.
_LOCKED = {"locked candidates type 1 (pointing)": "locked candidates (pointing)",
           "locked candidates type 2 (claiming)": "locked candidates (claiming)"}
# Fish named by kind and size ("Sashimi Swordfish", "Finned Mutant X-Wing", "Siamese ...").
_FISH = re.compile(r"(siamese )?(finned |sashimi )?(franken |mutant )?"
                   r"(x wing|swordfish|jellyfish|squirmbag|whale|leviathan)")
_UNIQUENESS_TEST = re.compile(r"uniqueness test (\d)")  # HoDoKu's name for the UR types


def resolve(name: str) -> tuple[Technique, str | None]:
    """The registry entry a name stands for, and the kind of its steps the name asks for (a
    key such as 'unique rectangle type 3'; None for all of them)."""
    by_key = {_key(alias): t for t in TABLE for alias in (t.name, *t.aliases)}
    key = _key(name)
    if key in by_key:
        return by_key[key], None
    by_kind = {_key(kind): t for t in TABLE for kind in t.step_weights}  # 'Grouped AIC' kinds
    if key in by_kind:
        return by_kind[key], key
    if key in _LOCKED:
        return by_key["locked candidates"], _LOCKED[key]
    m = _UNIQUENESS_TEST.fullmatch(key)
    if m:
        return by_key["unique rectangle"], f"unique rectangle type {m[1]}"
    m = _FISH.fullmatch(key)
    if m:
        siamese, finned, kind, size = m.groups()
        entry = ("siamese fish" if siamese else f"{kind}fish" if kind
                 else f"finned {size}" if finned else size)
        if entry in by_key:
            return by_key[entry], key.replace("sashimi", "finned")
    for entry, tech in by_key.items():  # one kind of an entry's steps: 'Multi-Colours Type 2'
        if key.startswith(entry + " "):
            return tech, key
    raise UnknownTechnique(
        f"unknown technique {name!r}; `sudoku steps --list-techniques` lists them")


def _key(name: str) -> str:
    key = " ".join(name.lower().replace("-", " ").split())
    return key.replace("coloring", "colouring").replace("colors", "colours")


def tidy(c: Candidates) -> Candidates:
    """A copy of ``c`` without the marks a filled peer's value rules out: the stale marks of
    its rows, columns and boxes, and those of every other rule's peers."""
    t = c.tidied()
    if c.shape.variant is None:
        return t  # the peers are the three units
    values, masks = t.values, t.masks
    for cell, peers in enumerate(t.geometry.peers):
        if masks[cell]:
            for p in peers:
                if values[p]:
                    masks[cell] &= ~(1 << (values[p] - 1))
    return t


def unsound_here(c: Candidates, names: Iterable[str]) -> list[tuple[Technique, tuple[str, ...]]]:
    """The asked techniques whose argument does not hold under the rules of ``c``'s puzzle,
    each with the rules that break it ('windoku', ...), in the order asked."""
    out = []
    for tech in lookup(names):
        broken = tech.broken_by(c.shape)
        if broken:
            out.append((tech, broken))
    return out


def instances(tech: Technique, c: Candidates) -> Iterator[Step]:
    """Every step the technique finds in ``c`` without its stale marks, none applied (none
    where its argument does not hold under the puzzle's rules)."""
    if not tech.sound_on(c.shape):
        return iter(())
    return tech.instances(tidy(c))


def find_all(c: Candidates, names: Sequence[str], *, limit: int = MAX_INSTANCES,
             time_limit: float | None = budget.DEFAULT_TIME_LIMIT) -> tuple[list[Step], bool]:
    """Every instance of the named techniques in ``c`` without its stale marks (each listed
    once), in registry order, and whether the list was cut short (``limit`` reached or the time
    ran out). Techniques not sound on ``c``'s rules list nothing."""
    order = listable()
    kinds: dict[str, set[str] | None] = {}  # per entry: the kinds of steps asked for (None: all)
    for name in names:
        tech, kind = resolve(name)
        had = kinds.get(tech.name, set())
        kinds[tech.name] = None if had is None or kind is None else had | {kind}
    # A technique whose argument another rule breaks lists nothing (the walker skips it too).
    techniques = [t for t in order if t.name in kinds and t.sound_on(c.shape)]
    out: list[Step] = []
    seen: set[tuple[object, ...]] = set()
    cut = False
    c = tidy(c)
    with budget.deadline(time_limit):
        try:
            for tech in techniques:
                wanted = kinds[tech.name]
                # The cap counts the steps asked for: a kind ('Mutant Whale') may come after
                # thousands of the row's other kinds.
                for step in _instances(tech, c, wanted):
                    if wanted is not None and _key(step.technique) not in wanted:
                        continue
                    key = (step.technique, step.placements, step.eliminations, step.text)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(step)
                    if len(out) >= limit:
                        return out, True
                    budget.check()
        except budget.OutOfTime:
            cut = True
    return out, cut


def _instances(tech: Technique, c: Candidates, wanted: set[str] | None) -> Iterator[Step]:
    """The row's listing, searched at the asked fish sizes only when every kind asked names
    one ('Mutant Whale': size 6 alone, not the sizes 2 to 5 before it)."""
    options = {**tech.walk, **tech.listing}
    if wanted is None or "sizes" not in options:
        return tech.instances(c)
    sizes = set()
    for kind in wanted:
        size = next((k for k, name in FISH_NAMES.items() if kind.endswith(_key(name))), None)
        if size is None:
            return tech.instances(c)
        sizes.add(size)
    return tech.iterate(c, **{**options, "sizes": tuple(sorted(sizes))})


# "+7": a value placed by an earlier step, not a given (as HoDoKu's puzzle lines write them).
_PLACED = re.compile(r"\+(?=[0-9A-Za-z])")


def candidates_from_text(text: str, shape: Shape | None = None) -> Candidates:
    """The candidate state a text shows: a pencil-mark grid exactly as written (filled cells
    as values, empty ones with their marks, none for an empty cell written without marks),
    else the candidates the values leave. A value written ``+7`` was placed, not given (only
    Avoidable Rectangles tell the two apart); every other filled cell counts as a given."""
    plus = [m.start() - i for i, m in enumerate(_PLACED.finditer(text))]
    if plus:
        text = _PLACED.sub("", text)
    grid, marks = read_pencil(text, shape)
    if not marks:
        c = Candidates.from_grid(grid)
    else:
        c = Candidates.from_marks(grid, marks)
    for cell in _cells_at(text, plus, grid.shape.cell_count):
        if grid.cells[cell]:
            c.givens &= ~(1 << cell)
    return c


def _cells_at(text: str, offsets: list[int], cell_count: int) -> list[int]:
    """The cells the characters at ``offsets`` write: one token a cell, or one character a cell
    in a line such as '+7..3.2+1...'; none when the layout says neither."""
    if not offsets:
        return []
    tokens = scan(text).tokens
    one_each = len(tokens) == cell_count
    if not one_each and sum(len(t.text) for t in tokens) != cell_count:
        return []
    line_starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]  # by line number - 1
    out = []
    before = 0  # characters of the tokens before this one
    at: dict[int, tuple[int, int, int]] = {}  # token start offset: (index, before, length)
    for index, t in enumerate(tokens):
        begin = line_starts[t.line - 1] + t.column - 1
        at[begin] = (index, before, len(t.text))
        before += len(t.text)
    for off in offsets:
        for begin, (index, chars, length) in at.items():
            if begin <= off < begin + length:
                out.append(index if one_each else chars + off - begin)
                break
    return out
