"""What the browser tests share: the engine's own answers computed in-process, and the taps
that enter a move in the recorder or the play page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cuckoo import web

from .site import ROOT, wait_ready

EXAMPLES = sorted((ROOT / "examples").glob("*.cuckoo"))
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def view(table: dict[str, Any]) -> dict[str, Any]:
    """What the recorder shows of *table*, as the engine answers in-process, each choice's
    questions in place of their numbers, as the page puts them (``withQuestions``)."""
    answer: dict[str, Any] = json.loads(web.table_view(json.dumps(table)))
    for choice in answer.get("choices", ()):
        choice["ask"] = [answer["questions"][k] for k in choice["ask"]]
    return answer


def cuckoo(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """The ``cuckoo`` command line of this Python."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; from cuckoo.cli import main; sys.exit(main())", *args],
        capture_output=True, text=True, check=check,
    )


def open_app(page: Any, path: str) -> None:
    """Go to *path* of the app and wait for its engine."""
    page.goto(f"app/{path}")
    wait_ready(page)


STORED = """async (shelf) => {
  if (!(await indexedDB.databases()).some((d) => d.name === "cuckoo-app")) return {};
  const db = await new Promise((ok, no) => {
    const r = indexedDB.open("cuckoo-app");
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
  if (!db.objectStoreNames.contains(shelf)) { db.close(); return {}; }
  const store = db.transaction(shelf).objectStore(shelf);
  const ask = (q) => new Promise((ok, no) => {
    q.onsuccess = () => ok(q.result);
    q.onerror = () => no(q.error);
  });
  const [keys, values] = await Promise.all([ask(store.getAllKeys()), ask(store.getAll())]);
  db.close();
  return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
}"""
"""The games the app keeps in the page's IndexedDB under a shelf: {id: game}."""


def stored_games(page: Any, shelf: str) -> dict[str, Any]:
    games: dict[str, Any] = page.evaluate(STORED, shelf)
    return games


def stored_moves(page: Any, shelf: str) -> list[str]:
    """The moves of the one game kept under *shelf* (the newest, if several)."""
    games = stored_games(page, shelf)
    game = max(games.values(), key=lambda g: str(g["updated"]))
    moves: list[str] = game["table"]["moves"]
    return moves


def wait_stored(page: Any, shelf: str, count: int, timeout: float = 30.0) -> list[str]:
    """Wait until the newest game kept under *shelf* has *count* moves; its moves."""
    deadline = time.monotonic() + timeout
    while True:
        games = stored_games(page, shelf)
        moves = stored_moves(page, shelf) if games else []
        if len(moves) == count:
            return moves
        if time.monotonic() > deadline:
            raise AssertionError(f"{count} moves expected in storage, found {moves}")
        page.wait_for_timeout(50)


def tap(page: Any, label: str) -> None:
    """Tap the offered choice labelled *label* exactly."""
    page.locator("#choices .tap").filter(has_text=re.compile(f"^{re.escape(label)}$")).click()


def enter_move(page: Any, choice: dict[str, Any], rolls: list[int]) -> None:
    """Tap the path of *choice*; for an infection, then tap its re-roll *rolls*."""
    for label in choice["path"]:
        tap(page, label)
    if choice["roll"]:
        rows = page.locator("#choices fieldset.reroll")
        for i, value in enumerate(rolls):
            rows.nth(i).get_by_role("button", name=str(value), exact=True).click()
        page.get_by_role("button", name="Record the infection").click()


def move_text(choice: dict[str, Any], rolls: list[int]) -> str:
    """The notation of *choice* with its re-roll, as the page writes it."""
    if not rolls:
        return str(choice["text"])
    return f"{choice['text']}({rolls[0]};{','.join(map(str, rolls[1:]))})"


def enter_roll(page: Any, player: int, values: list[int]) -> None:
    for value in values:
        page.locator(f'[data-roll="{player}"] .taps button').filter(
            has_text=re.compile(f"^{value}$")
        ).click()


def downloaded(page: Any, button: str, folder: Path) -> Path:
    """Click *button* and keep the file it downloads in *folder*."""
    with page.expect_download() as info:
        page.click(button)
    path = folder / info.value.suggested_filename
    info.value.save_as(path)
    return path
