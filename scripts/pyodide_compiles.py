"""Record every module of the standard library or of sudoku_core that Python compiles from
source (run by pyodide_smoke.mjs before the smoke checks; the report lists them under
"compiled_from_source"). The site ships both as bytecode, so the list must stay empty."""

import importlib.machinery
import zipimport

# A global of the runtime's __main__, where the smoke script runs next and reads it.
COMPILED: list[str] = []
_source_to_code = importlib.machinery.SourceFileLoader.source_to_code
_zip_compile = zipimport._compile_source  # type: ignore[attr-defined]


def _record(path: object) -> None:
    name = str(path)
    if ".zip/" in name or "/sudoku_core/" in name:
        COMPILED.append(name)


def source_to_code(self, data, path, *args, **kwargs):  # type: ignore[no-untyped-def]
    _record(path)
    return _source_to_code(self, data, path, *args, **kwargs)


def zip_compile(pathname, source):  # type: ignore[no-untyped-def]
    _record(pathname)
    return _zip_compile(pathname, source)


importlib.machinery.SourceFileLoader.source_to_code = source_to_code  # type: ignore[method-assign]
zipimport._compile_source = zip_compile  # type: ignore[attr-defined]
