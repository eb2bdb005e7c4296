"""Serve a built site (default build/site) on http://127.0.0.1:8000/ with the right MIME types."""

from __future__ import annotations

import argparse
import errno
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files; optional URL prefix (to mimic a GitHub Pages sub-path); quiet logs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    prefix = "/"
    quiet = False

    def __init__(self, *args: Any, prefix: str = "/", quiet: bool = False, **kw: Any) -> None:
        self.prefix = prefix
        self.quiet = quiet
        super().__init__(*args, **kw)

    def do_GET(self) -> None:  # noqa: N802 (http.server naming)
        if not self._strip_prefix():
            return
        super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        if not self._strip_prefix():
            return
        super().do_HEAD()

    def _strip_prefix(self) -> bool:
        if self.prefix == "/":
            return True
        if self.path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return False
        if not self.path.startswith(self.prefix):
            self.send_error(404)
            return False
        self.path = "/" + self.path[len(self.prefix):]
        return True

    def end_headers(self) -> None:
        # Revalidate every time: a new build must replace the old files at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        # Kept for the end-to-end tests: what the server answered, e.g. ("/pyodide/x.wasm", 200).
        served = getattr(self.server, "served", None)
        if served is not None:
            served.append((self.path, int(code)))
        super().log_request(code, size)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    root: Path, host: str = "127.0.0.1", port: int = 8000, prefix: str = "/", quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """A server for `root` (port 0 picks a free port); call serve_forever() or start()."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix {prefix!r} must start and end with '/'")
    handler = functools.partial(Handler, directory=str(root), prefix=prefix, quiet=quiet)
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    server.served = []  # type: ignore[attr-defined]  # (path, status) of every answer
    return server


def why_not_served(exc: OSError, host: str, port: int) -> str:
    """One line for a port that cannot be served on, with what to do about it."""
    if exc.errno == errno.EADDRINUSE:
        return (f"port {port} is busy (another server is using it); pick another: "
                f"make serve PORT=8080 (or scripts/serve.py --port 8080)")
    if exc.errno == errno.EACCES:
        return f"port {port} needs more rights; pick one above 1023: make serve PORT=8080"
    return f"cannot serve on {host}:{port}: {exc.strerror or exc}"


def start(server: http.server.ThreadingHTTPServer) -> threading.Thread:
    """Serve in a daemon thread (for tests and benchmarks)."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


def port_number(text: str) -> int:
    """argparse type of --port: a TCP port (0 picks a free one)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a port: expected a number from 0 to 65535")
    return port


def main() -> int:
    """Command line: serve.py [ROOT] [--port 8000] [--host 127.0.0.1] [--prefix /sudoku/]."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", type=Path, default=Path("build/site"))
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=port_number, default=8000)
    ap.add_argument("--prefix", default="/", help="serve under a sub-path, e.g. /sudoku/")
    args = ap.parse_args()
    if not (args.root / "index.html").is_file():
        print(f"serve: {args.root}/index.html not found; run `make site` first", file=sys.stderr)
        return 2
    try:
        server = make_server(args.root, args.host, args.port, args.prefix)
    except OSError as exc:
        print(f"serve: {why_not_served(exc, args.host, args.port)}", file=sys.stderr)
        return 2
    except ValueError as exc:  # a --prefix without its slashes
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    host, port = server.server_address[:2]
    print(f"Serving {args.root} at http://{host}:{port}{args.prefix}  (Ctrl+C to stop)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
