"""Assemble the static site in build/site: web sources, Pyodide runtime, micropip, project wheel.

Nothing in the result points outside the site: the runtime comes from the pinned npm package
(node_modules/pyodide, installed by `npm ci`), micropip from PyPI (cached in build/cache, its
hash pinned here), the project wheel from this checkout. A manifest (site-manifest.json) lists
every file with its sha256 and size; the worker and the service worker read it. The page's
worker unpacks the wheel itself; micropip ships for the smoke test (scripts/pyodide_smoke.mjs),
which installs the wheel the standard way, and for anyone using the site's runtime.
The runtime's standard library and the engine are compiled to bytecode here, by the runtime
itself under Node (scripts/compile_bytecode.mjs): Pyodide ships the standard library as
sources, and compiling them on every first visit was most of the engine's start.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "314.0.7"
# Only what the runtime loads: the loader, the emscripten module, the wasm, the stdlib, the lock.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# sha256 of the PyPI wheel. Pyodide's lock lists the hash of Pyodide's own rebuild of the same
# release (served from its CDN), which differs byte for byte; see check_micropip().
MICROPIP_PYPI_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
MANIFEST = "site-manifest.json"
# The sizes of the page's Size menu (web/js/doc.js SIZES): every box shape of each gets its
# geometry file, so the page lays out any of them without the engine.
SIZES = (4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36, 49)


def sha256(path: Path) -> str:
    """Hex sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def log(msg: str) -> None:
    """Progress on stderr."""
    print(f"build_site: {msg}", file=sys.stderr)


def pyodide_dir() -> Path:
    """The npm package folder, checked against the pinned version."""
    pkg = ROOT / "node_modules" / "pyodide"
    meta = pkg / "package.json"
    if not meta.is_file():
        sys.exit("build_site: node_modules/pyodide is missing; run `npm ci` first (make site does)")
    version = json.loads(meta.read_text())["version"]
    if version != PYODIDE_VERSION:
        sys.exit(f"build_site: node_modules/pyodide is {version}, expected {PYODIDE_VERSION}; "
                 "run `npm ci`")
    return pkg


def fetch_micropip(cache: Path) -> Path:
    """The micropip wheel from PyPI, downloaded once into the cache."""
    wheel = cache / MICROPIP_WHEEL
    if wheel.is_file() and sha256(wheel) == MICROPIP_PYPI_SHA256:
        return wheel
    cache.mkdir(parents=True, exist_ok=True)
    log(f"downloading micropip=={MICROPIP_VERSION} from PyPI")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}",
             "--no-deps", "--only-binary=:all:", "--python-version", "3.13", "-d", tmp,
             "--quiet"],
            check=True,
        )
        shutil.copyfile(Path(tmp) / MICROPIP_WHEEL, wheel)
    got = sha256(wheel)
    if got != MICROPIP_PYPI_SHA256:
        wheel.unlink()
        sys.exit(f"build_site: micropip wheel sha256 {got} does not match the pinned "
                 f"{MICROPIP_PYPI_SHA256}")
    return wheel


def check_micropip(wheel: Path, lock: dict[str, object]) -> dict[str, object]:
    """Compare the wheel with the runtime lock's micropip entry; return the entry to ship."""
    packages = lock["packages"]
    assert isinstance(packages, dict)
    entry = dict(packages["micropip"])
    if entry["version"] != MICROPIP_VERSION or entry["file_name"] != MICROPIP_WHEEL:
        sys.exit(f"build_site: pyodide-lock.json wants micropip {entry['version']} "
                 f"({entry['file_name']}), this script ships {MICROPIP_VERSION}")
    got = sha256(wheel)
    if entry["sha256"] != got:
        # Same release, different bytes (Pyodide rebuilds pure wheels). The download is
        # already verified against the pinned PyPI hash, so ship the lock with that hash:
        # Pyodide's loader then checks the file the site actually serves.
        log(f"note: pyodide-lock.json micropip sha256 {entry['sha256'][:12]}... is Pyodide's "
            f"rebuild; the PyPI wheel is {got[:12]}... (pinned); the site lock uses the latter")
        entry["upstream_sha256"] = entry["sha256"]
        entry["sha256"] = got
    return entry


def source_digest() -> str:
    """Hash of everything that goes into the project wheel (to reuse a cached build)."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "sudoku_core").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(ROOT)).encode())
            h.update(path.read_bytes())
    for name in ("pyproject.toml", "README.md"):
        h.update((ROOT / name).read_bytes())
    return h.hexdigest()[:16]


def build_wheel(cache: Path) -> Path:
    """The project wheel, rebuilt only when the package sources changed."""
    out = cache / f"wheel-{source_digest()}"
    found = sorted(out.glob("sudoku_core-*.whl"))
    if found:
        return found[0]
    log("building the sudoku_core wheel")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--outdir", tmp, str(ROOT)],
            check=True, stdout=subprocess.DEVNULL,
        )
        built = sorted(Path(tmp).glob("sudoku_core-*.whl"))
        if len(built) != 1:
            sys.exit(f"build_site: expected one wheel, got {built}")
        for old in cache.glob("wheel-*"):
            shutil.rmtree(old)
        out.mkdir(parents=True)
        return Path(shutil.copy2(built[0], out / built[0].name))


def compile_bytecode(pkg: Path, wheel: Path, cache: Path) -> tuple[Path, Path, dict[str, object]]:
    """The compiled stdlib zip, the engine's __pycache__ zip and the compile report (cached)."""
    h = hashlib.sha256()
    for path in (pkg / "python_stdlib.zip", wheel, ROOT / "scripts" / "compile_bytecode.py",
                 ROOT / "scripts" / "compile_bytecode.mjs"):
        h.update(path.read_bytes())
    out = cache / f"bytecode-{h.hexdigest()[:16]}"
    stdlib, engine, report = out / "python_stdlib.zip", out / "engine.zip", out / "report.json"
    if not report.is_file():
        node = shutil.which("node")
        if node is None:
            sys.exit("build_site: node is missing (it comes with npm, which installs Pyodide)")
        log("compiling the standard library and the engine to bytecode (Pyodide under Node)")
        for old in cache.glob("bytecode-*"):
            shutil.rmtree(old)
        out.mkdir(parents=True)
        proc = subprocess.run(
            [node, str(ROOT / "scripts" / "compile_bytecode.mjs"), str(pkg), str(wheel),
             str(stdlib), str(engine)], capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            shutil.rmtree(out)
            sys.exit(f"build_site: compiling to bytecode failed: {proc.stderr[-2000:]}")
        report.write_text(proc.stdout.strip().splitlines()[-1])
    return stdlib, engine, json.loads(report.read_text())


def box_shapes(n: int) -> list[tuple[int, int]]:
    """Every box shape r x c of an N x N grid with both sides at least 2."""
    return [(r, n // r) for r in range(2, n // 2 + 1) if n % r == 0]


def write_geometry(out: Path) -> None:
    """geometry/RxC.json for every shape of the Size menu (the contract's `geometry` JSON)."""
    from sudoku_core import Shape
    from sudoku_core.model.grid import geometry

    folder = out / "geometry"
    folder.mkdir()
    for n in SIZES:
        for r, c in box_shapes(n):
            geo = geometry(Shape(r, c))
            data = {"box": [r, c], "size": n, "units": [list(u) for u in geo.units],
                    "units_of": [list(u) for u in geo.units_of]}
            (folder / f"{r}x{c}.json").write_text(json.dumps(data, separators=(",", ":")))


def build(out: Path, cache: Path) -> dict[str, object]:
    """Write the site into `out` (replaced) and return the manifest."""
    pkg = pyodide_dir()
    micropip = fetch_micropip(cache)
    wheel = build_wheel(cache)
    lock = json.loads((pkg / "pyodide-lock.json").read_text())
    micropip_entry = check_micropip(micropip, lock)

    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(ROOT / "web", out)
    write_geometry(out)
    # New puzzle's banks (web/banks/) come with web/: made once by scripts/make_banks.py.
    runtime = out / "pyodide"
    runtime.mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(pkg / name, runtime / name)
    stdlib, engine, compiled = compile_bytecode(pkg, wheel, cache)
    shutil.copyfile(stdlib, runtime / "python_stdlib.zip")  # same files, as bytecode
    shutil.copyfile(micropip, runtime / MICROPIP_WHEEL)
    # Only the packages the site ships: anything else fails loudly instead of reaching a CDN.
    site_lock = {"info": lock["info"], "packages": {"micropip": micropip_entry}}
    (runtime / "pyodide-lock.json").write_text(json.dumps(site_lock, indent=1) + "\n")
    wheels = out / "wheels"
    wheels.mkdir()
    shutil.copyfile(wheel, wheels / wheel.name)
    bytecode = f"{wheel.name.removesuffix('.whl')}.{compiled['tag']}.pycache.zip"
    shutil.copyfile(engine, wheels / bytecode)

    def listing() -> dict[str, dict[str, object]]:
        return {
            path.relative_to(out).as_posix(): {"sha256": sha256(path),
                                               "size": path.stat().st_size}
            for path in sorted(out.rglob("*")) if path.is_file()
        }

    digest = hashlib.sha256(json.dumps(listing(), sort_keys=True).encode()).hexdigest()[:12]
    # The service worker carries the build id: a new build is a new worker with a new cache.
    sw = out / "sw.js"
    sw.write_text(sw.read_text().replace("__BUILD__", digest))
    files = listing()
    version = wheel.name.split("-")[1]
    manifest = {
        "version": version,
        "build": digest,  # changes whenever any file changes: names the service-worker cache
        "pyodide": PYODIDE_VERSION,
        "python": lock["info"]["python"],
        "wheel": f"wheels/{wheel.name}",
        "micropip": f"pyodide/{MICROPIP_WHEEL}",
        # The engine's bytecode, unpacked over the wheel into site_packages (worker.js).
        "bytecode": f"wheels/{bytecode}",
        "site_packages": compiled["site_packages"],
        "files": files,
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def main() -> int:
    """Command line: build_site.py [--out DIR] [--cache DIR]."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    ap.add_argument("--cache", type=Path, default=ROOT / "build" / "cache")
    args = ap.parse_args()
    manifest = build(args.out, args.cache)
    files = manifest["files"]
    assert isinstance(files, dict)
    total = sum(f["size"] for f in files.values())
    log(f"{args.out} ready: sudoku_core {manifest['version']}, build {manifest['build']}, "
        f"{len(files)} files, {total / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
