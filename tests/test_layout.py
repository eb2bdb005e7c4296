"""The package's shape: no import cycles between its modules, function-level imports included
(Step and the candidate state live where both sides can import them), no import from a higher
floor, and no function too long or too complex."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import sudoku_core

ROOT = Path(sudoku_core.__file__).parent


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.ImportFrom]:
    """Every relative import of a module, at any depth (a function's own too), except those
    under ``if TYPE_CHECKING:``, which never run."""
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.ImportFrom) and node.level:
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def module_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports, anywhere in it (relative imports)."""
    mods = {}
    for path in ROOT.rglob("*.py"):
        parts = path.with_suffix("").relative_to(ROOT.parent).parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in _imports(ast.parse(path.read_text())):
            base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
            subs = {f"{target}.{a.name}" for a in node.names} & mods.keys()
            graph[name] |= subs or ({target} & mods.keys())
    return graph


def test_the_graph_sees_imports_inside_functions() -> None:
    # The resume options were once imported inside a function to hide a circle from a reader
    # of module-level imports only; this reader sees them, and skips TYPE_CHECKING blocks.
    tree = ast.parse("if TYPE_CHECKING:\n    from .a import x\n"
                     "def f():\n    from .b import y\n    if flag:\n        from .c import z\n")
    assert sorted(node.module or "" for node in _imports(tree)) == ["b", "c"]
    assert "sudoku_core.commands.resume" in module_graph()["sudoku_core.commands.batch"]


def test_no_import_cycles() -> None:
    graph = module_graph()
    assert "sudoku_core.logic.walk" in graph and graph["sudoku_core.logic.walk"]
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    # The package's own __init__ re-exports everything: it may import anyone, no one imports it.
    cycles = [c for c in cycles if "sudoku_core" not in c]
    assert not cycles, [" -> ".join(c) for c in cycles]


# The floors of the house, lowest first: a module imports from its own floor or below. The
# front ends at the root (cli.py, web_api.py) and the package's public face are the top floor.
FLOORS = ("model", "formats", "solver", "scan", "logic", "make", "commands")


def floor(module: str) -> int:
    parts = module.split(".")
    return FLOORS.index(parts[1]) if len(parts) > 1 and parts[1] in FLOORS else len(FLOORS)


def test_no_module_imports_from_a_higher_floor() -> None:
    graph = module_graph()
    assert floor("sudoku_core.model.grid") < floor("sudoku_core.solver.exact") < floor(
        "sudoku_core.make.fill") < floor("sudoku_core.cli")
    upward = sorted(f"{mod} -> {dep}" for mod, deps in graph.items() for dep in deps
                    if floor(dep) > floor(mod))
    assert not upward, upward


def constants() -> dict[str, list[str]]:
    """Public module-level constants (UPPER_CASE = ...) -> the modules that assign them."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.parse(path.read_text()).body:
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, ast.AnnAssign) else [])
            for t in targets:
                if isinstance(t, ast.Name) and t.id.isupper() and not t.id.startswith("_"):
                    found[t.id].append(str(path.relative_to(ROOT)))
    return found


def test_each_constant_has_one_home() -> None:
    # A limit written twice drifts (two MAX_SIZEs meant 64 and 25).
    found = constants()
    assert {"MAX_SIZE", "MIN_SIZE", "MAX_SYMBOL_SIZE", "DEFAULT_TIME_LIMIT"} <= found.keys()
    # COMMANDS is two tables on purpose: the CLI's subcommands and the web facade's commands;
    # so is TABLE: the techniques' table and the constraint types' table.
    twice = {name: where for name, where in found.items()
             if len(where) > 1 and name not in ("COMMANDS", "TABLE")}
    assert not twice, twice


def test_readme_layout_names_every_root_entry() -> None:
    # The README's Layout section is a few lines because the tree says the rest: it names every
    # module and package at the package root, and nothing that is not there.
    readme = (ROOT.parent / "README.md").read_text()
    layout = readme.split("## Layout", 1)[1].split("\n## ", 1)[0].split("`web/`", 1)[0]
    listed = set(re.findall(r"`(\w+\.py|\w+/)`", layout)) - {"sudoku_core/"}
    modules = {p.name for p in ROOT.glob("*.py") if p.stem not in ("__init__", "__main__")}
    packages = {p.name + "/" for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert listed == modules | packages


def test_the_root_holds_few_modules() -> None:
    # The layers are packages (model, formats, solver, logic, make) and the front ends sit at
    # the root: a new flat module would start the old flat tree again.
    modules = [p.name for p in ROOT.glob("*.py") if p.stem not in ("__init__", "__main__")]
    assert len(modules) <= 6, sorted(modules)
    assert {"model", "formats", "solver", "logic", "make", "commands"} <= {
        p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}


def test_no_comment_cites_an_outside_tracker() -> None:
    # A tracker's numbers mean nothing to a reader of the repository: a comment says why.
    cited = [f"{path.relative_to(ROOT.parent)}:{n}"
             for folder in ("sudoku_core", "tests", "e2e", "benchmarks", "scripts", "web")
             for path in sorted((ROOT.parent / folder).rglob("*"))
             if path.suffix in {".py", ".js", ".mjs", ".css", ".html"}
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"\b[Ii]ssues? ?#?\d+", line)]
    assert not cited, cited


def test_tests_share_helpers_without_importing_test_modules() -> None:
    # Shared helpers live in tests/helpers.py or conftest fixtures: importing another test
    # module runs its tests' module-level setup and ties two test files together.
    tests = ROOT.parent / "tests"
    offenders = [f"{path.name}: {m}" for path in sorted(tests.rglob("test_*.py"))
                 for m in re.findall(r"^\s*from (?:tests\.)?(test_\w+) import",
                                     path.read_text(), re.M)]
    assert not offenders, offenders


def test_no_dead_private_helpers() -> None:
    # A module-level _name that nothing reads is dead code.
    texts = {path: path.read_text() for path in ROOT.rglob("*.py")}
    dead = []
    for path, text in texts.items():
        for node in ast.parse(text).body:
            names = [node.name] if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else [
                t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
            for name in names:
                if not name.startswith("_") or name.startswith("__"):
                    continue
                uses = sum(len(re.findall(rf"\b{name}\b", t)) for t in texts.values())
                if uses < 2:
                    dead.append(f"{path.relative_to(ROOT)}: {name}")
    assert not dead, dead


MAX_COMPLEXITY = 20  # radon's cyclomatic complexity, rank D from 21 up
# The functions still above it, by file and name: each names why it stays. A function that
# drops to the limit leaves this list, so the list never outlives its reason.
COMPLEX_ALLOWED: set[str] = set()  # none left: the variant search's loop is split too


def function_complexity() -> dict[str, int]:
    """'file:function' (methods as 'Class.method') -> radon's complexity, for the package."""
    from radon.complexity import cc_visit
    from radon.visitors import Class

    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        for block in cc_visit(path.read_text()):
            if not isinstance(block, Class):  # a class's methods come as blocks of their own
                out[f"{where}:{block.fullname}"] = block.complexity
    return out


def test_no_function_is_too_complex() -> None:
    complexity = function_complexity()
    assert "solver/exact.py:solve" in complexity and "model/grid.py:Shape.symbol" in complexity
    too_complex = {name for name, cc in complexity.items() if cc > MAX_COMPLEXITY}
    assert sorted(too_complex - COMPLEX_ALLOWED) == [], "split these, or say why they stay"
    assert sorted(COMPLEX_ALLOWED - too_complex) == [], "no longer above the limit: unlist"


MAX_LINES = 60  # a function's lines from its def to its end, its nested functions inside it
# The functions still above it, by file and name, each with why it stays; as for complexity,
# a function that drops to the limit must leave the list.
LONG_ALLOWED: set[str] = set()  # none: every function is split (none may be listed)


def function_lengths() -> dict[str, int]:
    """'file:function' (methods as 'Class.method') -> its lines; nested functions count in
    the function around them and are not listed themselves."""
    out = {}

    def visit(node: ast.AST, where: str, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out[f"{where}:{prefix}{child.name}"] = (
                    (child.end_lineno or child.lineno) - child.lineno + 1)
            elif isinstance(child, ast.ClassDef):
                visit(child, where, f"{prefix}{child.name}.")
            else:
                visit(child, where, prefix)

    for path in sorted(ROOT.rglob("*.py")):
        visit(ast.parse(path.read_text()), path.relative_to(ROOT).as_posix(), "")
    return out


def test_function_lengths_count_nested_functions_in_their_parent() -> None:
    lengths = function_lengths()
    assert "logic/techniques/franken.py:_Search.covers" in lengths
    assert not any(name.endswith(".visit") or ".results" in name for name in lengths)
    assert lengths["commands/cluster.py:on_cluster"] >= 10  # it holds a nested generator


def test_no_function_is_too_long() -> None:
    lengths = function_lengths()
    too_long = {name for name, lines in lengths.items() if lines > MAX_LINES}
    assert sorted(too_long - LONG_ALLOWED) == [], "split these, or say why they stay"
    assert sorted(LONG_ALLOWED - too_long) == [], "no longer above the limit: unlist"
