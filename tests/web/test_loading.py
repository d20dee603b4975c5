"""Loading the engine: a later visit restores the snapshot the first one kept, the restored
engine works as a fresh one does, and a snapshot that cannot be restored is dropped."""

from __future__ import annotations

from typing import Any

from .app import EXAMPLES, cuckoo, open_app
from .site import Server, wait_ready

SNAPSHOT_KEPT = "() => document.body.dataset.snapshot !== undefined"
"""(A function, not an expression: the app's Content-Security-Policy forbids eval.)"""
LOAD_TIMEOUT = 120_000
"""Milliseconds: a first load on a busy CI machine can take half a minute."""


def _example_ends_as_replay_says(page: Any) -> None:
    example = next(e for e in EXAMPLES if e.name == "cuckoo-sides.cuckoo")
    page.goto(f"app/viewer.html?file=examples/{example.name}")
    wait_ready(page, LOAD_TIMEOUT)
    page.wait_for_selector('#status:has-text("all legal")', state="attached")
    page.keyboard.press("End")
    page.wait_for_selector("#forward[disabled]", state="attached")
    assert page.text_content("#diagram") == cuckoo("replay", str(example)).stdout


def test_a_later_visit_restores_the_engine(context: Any, page: Any) -> None:
    open_app(page, "viewer.html")
    assert page.evaluate("document.body.dataset.start") == "fresh"
    page.wait_for_function(SNAPSHOT_KEPT, timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.body.dataset.snapshot") == "kept"
    page.reload()
    wait_ready(page, LOAD_TIMEOUT)
    assert page.evaluate("document.body.dataset.start") == "snapshot"
    # the restored engine reads a record, building its parser from the reinstalled files
    _example_ends_as_replay_says(page)
    assert page.evaluate("document.body.dataset.start") == "snapshot"


def test_a_broken_snapshot_is_dropped(browser: Any, server: Server) -> None:
    """Garbage in place of the snapshot: the engine starts afresh and keeps a new one (a
    context without the console check: the runtime reports the failed restore there)."""
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    open_app(page, "viewer.html")
    page.wait_for_function(SNAPSHOT_KEPT, timeout=LOAD_TIMEOUT)
    page.evaluate(
        """async () => {
          const cache = await caches.open("cuckoo-snapshot");
          const [key] = await cache.keys();
          await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
        }"""
    )
    page.reload()
    wait_ready(page, LOAD_TIMEOUT)
    assert page.evaluate("document.body.dataset.start") == "fresh"
    page.wait_for_function(SNAPSHOT_KEPT, timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.body.dataset.snapshot") == "kept"
    _example_ends_as_replay_says(page)
    context.close()
