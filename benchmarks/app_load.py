"""How fast the browser app gets ready, and how much it downloads.

Serves the built site as a static host would (gzip for text, scripts, JSON and WebAssembly;
``Cache-Control``), with the browser tests' server (``tests/web/site.py``), and opens the
viewer in Debian's headless Chromium:

- first load: a fresh browser context (empty cache, no service worker), until the engine
  is ready (``body.ready``), and the bytes the server sent for it (bodies as sent,
  compressed);
- cached load: the same context, reloaded once the service worker has kept every file and
  the engine's worker has kept its snapshot (the interpreter's memory with the engine
  imported, which a later visit restores instead of starting Python again).

Times are from the start of the navigation to ``body.ready`` (the page's own figure, from
its script's start, is kept too); medians of 5 runs each.  Writes
``benchmarks/results/app-load.json``; ``--table`` prints the stored run as the Markdown table
in ``benchmarks/README.md``.

    python benchmarks/app_load.py [--site BUILT_SITE] [--runs 5]
    python benchmarks/app_load.py --table
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.site import launch, serve, site_folder, wait_offline_kept  # noqa: E402

RESULT = ROOT / "benchmarks" / "results" / "app-load.json"
TARGETS = {"first_ready_ms": 5000, "cached_ready_ms": 2000, "first_load_bytes": 7_000_000}
READY_AT = """
new MutationObserver(() => {
  if (!window.__readyAt && document.body && document.body.classList.contains("ready")) {
    window.__readyAt = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""


def _ready(page: Any) -> tuple[float, int]:
    """Milliseconds from navigation to ready, and the page's own figure."""
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=120_000)
    return page.evaluate("window.__readyAt"), int(page.evaluate("document.body.dataset.readyMs"))


def measure(site: Path, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    first: list[tuple[float, int]] = []
    cached: list[tuple[float, int]] = []
    sent: list[int] = []
    snapshots: list[str] = []
    load: list[float] = []
    with serve(site) as server, sync_playwright() as playwright:
        browser = launch(playwright)
        for run in range(runs):
            context = browser.new_context(base_url=server.url)
            context.add_init_script(READY_AT)
            page = context.new_page()
            server.traffic.reset()
            page.goto("app/viewer.html")
            first.append(_ready(page))
            sent.append(server.traffic.total)
            wait_offline_kept(page)
            page.wait_for_function("() => document.body.dataset.snapshot !== undefined")
            snapshots.append(page.evaluate("document.body.dataset.snapshot"))
            page.reload()
            cached.append(_ready(page))
            load.append(os.getloadavg()[0])
            context.close()
            print(
                f"run {run + 1}: first {first[-1][0]:.0f} ms, cached {cached[-1][0]:.0f} ms,"
                f" {sent[-1]:,} bytes",
                file=sys.stderr,
            )
        version = browser.version
        browser.close()
    return {
        "date": datetime.now(UTC).date().isoformat(),
        "runs": runs,
        "machine": f"{platform.system()} {platform.machine()}, {_cores()} cores",
        "browser": f"Chromium {version} (Debian), headless",
        "first_ready_ms": round(statistics.median(t for t, _ in first)),
        "cached_ready_ms": round(statistics.median(t for t, _ in cached)),
        "first_engine_ms": round(statistics.median(t for _, t in first)),
        "cached_engine_ms": round(statistics.median(t for _, t in cached)),
        "first_load_bytes": round(statistics.median(sent)),
        "each_run": {
            "first_ready_ms": [round(t) for t, _ in first],
            "cached_ready_ms": [round(t) for t, _ in cached],
            "first_load_bytes": sent,
            "snapshot": snapshots,
            "load_average": load,
        },
        "targets": TARGETS,
    }


def _cores() -> int:
    return os.cpu_count() or 0


def table(result: dict[str, Any]) -> str:
    """The stored run as Markdown: each figure beside its target."""
    rows = [
        ("first load, navigation to ready", "first_ready_ms", "ms"),
        ("cached load (service worker), navigation to ready", "cached_ready_ms", "ms"),
        ("first load, bytes transferred (compressed)", "first_load_bytes", "bytes"),
    ]
    lines = ["| figure | median | target | verdict |", "| --- | ---: | ---: | --- |"]
    for label, key, unit in rows:
        value, target = result[key], result["targets"][key]
        verdict = "PASS" if value <= target else "FAIL"
        lines.append(f"| {label} | {value:,} {unit} | <= {target:,} {unit} | {verdict} |")
    load = result["each_run"].get("load_average")  # not in runs stored before it was kept
    lines.append(
        f"\n{result['date']}, median of {result['runs']} runs, {result['machine']},"
        f" {result['browser']}; the page's own figure from its script's start to ready:"
        f" {result['first_engine_ms']:,} ms first, {result['cached_engine_ms']:,} ms cached"
        + (f"; the machine's load average: {', '.join(f'{x:.1f}' for x in load)}." if load else ".")
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--table", action="store_true", help="print the stored run's table")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(RESULT.read_text())))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or site_folder(Path(tmp))
        result = measure(site, args.runs)
    RESULT.parent.mkdir(exist_ok=True)
    RESULT.write_text(json.dumps(result, indent=2) + "\n")
    print(table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
