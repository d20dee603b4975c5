"""The built site served as a static host would serve it, and the browser that looks at it.

Shared by the browser tests (``tests/web``), the load benchmark (``benchmarks/app_load.py``)
and the screenshots (``tests/web/screenshots.py``).  The server compresses what a host
compresses (text, scripts, JSON, WebAssembly) when the request accepts gzip, sends
``Cache-Control``, and counts the body bytes it writes, so the page weight is what a real
host would send.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar, Final

ROOT: Final = Path(__file__).resolve().parents[2]
CHROMIUM: Final = Path("/usr/bin/chromium")
CHROMIUM_ARGS: Final = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]
COMPRESSED_TYPES: Final = ("text/", "application/javascript", "application/json",
                           "application/manifest+json", "application/wasm", "image/svg+xml")
CACHE_CONTROL: Final = "public, max-age=600"
"""What GitHub Pages sends; the service worker script is always asked again."""


def build_site(out: Path) -> Path:
    """The Sphinx site built into *out*, as the README says; returns *out*."""
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(ROOT / "docs"), str(out)],
        check=True,
        cwd=ROOT,
    )
    return out


def site_folder(tmp: Path) -> Path:
    """The folder named by ``CUCKOO_SITE`` (CI builds the docs first), else a new build."""
    given = os.environ.get("CUCKOO_SITE")
    if given:
        folder = Path(given)
        if not (folder / "app" / "viewer.html").is_file():
            raise FileNotFoundError(f"CUCKOO_SITE={given} holds no app/viewer.html")
        return folder
    return build_site(tmp / "site")


@dataclass
class Traffic:
    """Body bytes written by the server, per path, since the last :meth:`reset`."""

    sent: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + size

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()

    @property
    def total(self) -> int:
        with self.lock:
            return sum(self.sent.values())


class _Handler(SimpleHTTPRequestHandler):
    traffic: Traffic
    packed: dict[Path, bytes]
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def _serve(self, *, body: bool) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        kind = self.guess_type(str(path))
        data = path.read_bytes()
        packs = kind.startswith(COMPRESSED_TYPES)
        gzipped = packs and "gzip" in self.headers.get("Accept-Encoding", "")
        if gzipped:
            if path not in self.packed:
                self.packed[path] = gzip.compress(data, compresslevel=6, mtime=0)
            data = self.packed[path]
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache" if path.name == "sw.js" else CACHE_CONTROL)
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        if packs:
            self.send_header("Vary", "Accept-Encoding")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        if body:
            self.wfile.write(data)
            self.traffic.add(self.path.split("?")[0], len(data))


@dataclass(frozen=True)
class Server:
    url: str
    """The site's root, ending in a slash."""
    traffic: Traffic


@contextmanager
def serve(folder: Path) -> Iterator[Server]:
    """*folder* served on 127.0.0.1 at a free port, one thread per request."""
    traffic = Traffic()
    handler = type("Handler", (_Handler,), {"traffic": traffic, "packed": {}})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_address[1]}/", traffic)
    finally:
        httpd.shutdown()
        httpd.server_close()


def launch(playwright: Any) -> Any:
    """Debian's Chromium, headless, through Playwright."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def wait_ready(page: Any, timeout: float = 60_000) -> int:
    """Wait until the page's engine is ready; its own figure of milliseconds to ready."""
    page.wait_for_selector("body.ready", state="attached", timeout=timeout)
    return int(page.evaluate("document.body.dataset.readyMs"))


def wait_offline_kept(page: Any, timeout: float = 60_000) -> None:
    """Wait until the service worker says it has kept every file of the app."""
    page.wait_for_function(
        "() => document.body.dataset.offline !== undefined", timeout=timeout
    )
    state = page.evaluate("document.body.dataset.offline")
    if state != "kept":
        raise AssertionError(f"the service worker did not keep the app: {state}")
