"""The package's public face: every function it exports, the types they return, the variant
types and every error the library raises are importable from ``sudoku_core`` itself."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing

import sudoku_core
from sudoku_core import CONSTRAINT_TYPES, ConstraintType, Variant, parse

# Errors that never leave the package's public functions: the CLI's and the engine of
# `sudoku steps --only` (find_all, which the public face does not export).
FRONT_END_ERRORS = {"UsageError", "UnknownTechnique"}


def _classes_in(annotation: object) -> set[type]:
    """The classes an annotation names, generic arguments and unions included."""
    found = {annotation} if inspect.isclass(annotation) else set()
    for arg in typing.get_args(annotation):
        found |= _classes_in(arg)
    return found


def test_all_names_what_the_package_holds() -> None:
    assert len(set(sudoku_core.__all__)) == len(sudoku_core.__all__)
    missing = [name for name in sudoku_core.__all__ if not hasattr(sudoku_core, name)]
    assert not missing
    namespace: dict[str, object] = {}
    exec("from sudoku_core import *", namespace)  # noqa: S102 - the star import is the point
    assert set(namespace) - {"__builtins__"} == set(sudoku_core.__all__)


def test_every_returned_type_is_exported() -> None:
    functions = [getattr(sudoku_core, name) for name in sudoku_core.__all__
                 if inspect.isfunction(getattr(sudoku_core, name))]
    assert len(functions) >= 10
    returned = set()
    for function in functions:
        returned |= _classes_in(typing.get_type_hints(function).get("return"))
    ours = {cls for cls in returned if cls.__module__.startswith("sudoku_core.")}
    assert {"SolveResult", "Path", "Rating", "Generated"} <= {cls.__name__ for cls in ours}
    unexported = sorted(cls.__name__ for cls in ours
                        if getattr(sudoku_core, cls.__name__, None) is not cls)
    assert not unexported, unexported


def test_every_library_error_is_exported() -> None:
    for module in pkgutil.walk_packages(sudoku_core.__path__, "sudoku_core."):
        if module.name != "sudoku_core.__main__":  # importing it runs the command line
            importlib.import_module(module.name)
    errors, stack = set(), [sudoku_core.SudokuError]
    while stack:
        cls = stack.pop()
        errors.add(cls)
        stack.extend(cls.__subclasses__())
    assert {"OutOfTime", "BudgetError", "VariantError"} <= {cls.__name__ for cls in errors}
    unexported = sorted(cls.__name__ for cls in errors if cls.__name__ not in FRONT_END_ERRORS
                        and getattr(sudoku_core, cls.__name__, None) is not cls)
    assert not unexported, unexported


def test_the_variant_types_come_from_the_top() -> None:
    grid = parse("..3..4.221......")
    assert isinstance(grid.shape.variant or Variant(), Variant)
    assert CONSTRAINT_TYPES and all(isinstance(row, ConstraintType) for row in CONSTRAINT_TYPES)
    assert "killer" in {row.name for row in CONSTRAINT_TYPES}
