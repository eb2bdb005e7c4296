"""Compile the runtime's standard library and the project's modules to bytecode, inside the
Pyodide runtime itself (run by compile_bytecode.mjs), so the bytecode matches its Python exactly.

Pyodide ships its standard library as sources: every import on the page's first visit compiled
them, about 1.6 s of a 2.3 s Python start here. The build does that once instead.
- The standard library zip gets one .pyc per .py, sources dropped (zipimport takes a lone .pyc;
  a hash-based, unchecked pyc, so no timestamp is involved and the build stays reproducible).
- The engine gets __pycache__ entries to unpack over the wheel: hash-checked, so a pyc that
  does not match its source is recompiled rather than trusted.
Inputs and outputs are paths in the runtime's file system, set as globals by the caller:
STDLIB_IN, STDLIB_OUT, WHEEL_IN, BYTECODE_OUT. The last expression is a JSON report.
"""

import importlib.util
import json
import sys
import sysconfig
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

# Where the runtime mounts the standard library zip (co_filename as an import would set it).
STDLIB_MOUNT = next(p for p in sys.path if p.endswith(".zip"))
SITE_PACKAGES = sysconfig.get_paths()["purelib"]
TAG = sys.implementation.cache_tag


def pyc(source: bytes, filename: str, checked: bool) -> bytes:
    """The bytes of a hash-based .pyc of one source file, as the import system writes them."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked))


def entry(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """A deflated zip entry called `name` with the date of `like` (reproducible output)."""
    info = zipfile.ZipInfo(name, date_time=like.date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def compile_stdlib(src: str, dst: str) -> dict[str, int]:
    """Copy the stdlib zip with every compilable .py replaced by its .pyc."""
    done = kept = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                try:
                    code = pyc(data, f"{STDLIB_MOUNT}/{info.filename}", checked=False)
                except SyntaxError:
                    kept += 1  # imported from source, as before (none expected)
                else:
                    zout.writestr(entry(info.filename + "c", info), code)
                    done += 1
                    continue
            zout.writestr(info, data)
    return {"stdlib_compiled": done, "stdlib_kept_as_source": kept}


def compile_wheel(src: str, dst: str) -> dict[str, int]:
    """__pycache__/*.pyc of every module in the wheel, as a zip to unpack into site-packages."""
    done = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            folder, _, name = info.filename.rpartition("/")
            if not name.endswith(".py") or ".dist-info" in folder:
                continue
            code = pyc(zin.read(info), f"{SITE_PACKAGES}/{info.filename}", checked=True)
            target = f"{folder}/__pycache__/{name[:-3]}.{TAG}.pyc"
            zout.writestr(entry(target, info), code)
            done += 1
    return {"engine_compiled": done}


report = {"python": sys.version.split()[0], "tag": TAG, "site_packages": SITE_PACKAGES}
report |= compile_stdlib(STDLIB_IN, STDLIB_OUT)  # type: ignore[name-defined]  # noqa: F821
report |= compile_wheel(WHEEL_IN, BYTECODE_OUT)  # type: ignore[name-defined]  # noqa: F821
json.dumps(report)
