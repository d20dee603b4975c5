"""The table recorder: a short game of each kind entered by taps, kept over a reload, undone
once and exported; and the app working offline after the first visit."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from random import Random
from typing import Any

import pytest

from cuckoo import web

from .app import (
    cuckoo,
    downloaded,
    enter_move,
    enter_roll,
    move_text,
    open_app,
    stored_moves,
    view,
    wait_stored,
)
from .site import wait_offline_kept, wait_ready

KEY = "cuckoo-recorder-games"
PLAYERS = ["Ann", "Ben", "Cid"]


def dice_table() -> dict[str, Any]:
    setup = json.loads(web.random_setup(7))
    return {"game": "cuckoo-dice", "ruleset": "cuckoo", "names": {"Blue": "Ann", "Red": "Ben"},
            "rolls": setup["rolls"], "first": setup["first"], "moves": []}


def plan(table: dict[str, Any]) -> list[tuple[dict[str, Any], list[int]]]:
    """The moves to tap, each an offered choice (and a re-roll): chosen from what the engine
    offers in-process, so the browser must offer the same."""
    rng = Random(1)
    steps: list[tuple[dict[str, Any], list[int]]] = []
    game = table["game"]
    while True:
        # every card seen: the records of what was seen are entered in test_recorder_seen.py
        choices = [c for c in view(table)["choices"] if not c["ask"] and "?" not in c["text"]]
        moves = len(table["moves"])
        if game == "cuckoo-dice":
            # three placements, then the first infection offered, then two placements
            infected = any(c["roll"] for c, _ in steps)
            infections = [c for c in choices if c["roll"]]
            pick = infections[0] if moves >= 3 and not infected and infections else next(
                c for c in choices if c["path"][0] == "Place a die")
            if infected and sum(1 for c, _ in steps if not c["roll"]) >= 5:
                break
        elif game == "cuckoo-cards":
            # deal by suit and rank, each decision a keep but one swap; two hands
            swap = [c for c in choices if c["path"] == ["swap"]]
            pick = swap[0] if swap and not any(c["path"] == ["swap"] for c, _ in steps) else (
                rng.choice(choices) if choices[0]["text"].startswith("deal") else choices[0])
            if moves >= 9:
                break
        else:
            # the 36 cards dealt, a nest, every player's card, then the next nest
            pick = rng.choice(choices) if choices[0]["text"].startswith("deal") else choices[0]
            if moves == 36 + 1 + len(PLAYERS) + 1:
                break
        rolls = [rng.randint(1, 6) for _ in pick["roll"]]
        answer = json.loads(web.table_play(json.dumps(table), move_text(pick, rolls)))
        assert "ok" in answer, answer
        table = answer["ok"]
        steps.append((pick, rolls))
    return steps


def set_up(page: Any, table: dict[str, Any]) -> None:
    page.click("#new")
    page.select_option("#game", table["game"])
    if table["game"] == "cuckoo-dice":
        page.select_option("#ruleset", table["ruleset"])
        page.fill("#blue-name", table["names"]["Blue"])
        page.fill("#red-name", table["names"]["Red"])
        for player in (0, 1):
            enter_roll(page, player, table["rolls"][player])
        page.select_option("#first", table["first"])
    else:
        page.fill("#players", ", ".join(table["players"]))
        if table["game"] == "cuckoo-cards":
            page.select_option("#dealer", table["dealer"])
            page.select_option("#lives", str(table["lives"]))
        else:
            page.select_option("#variant", table["variant"])
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#table", state="visible")


TABLES = {
    "cuckoo-dice": dice_table,
    "cuckoo-cards": lambda: {"game": "cuckoo-cards", "players": PLAYERS, "dealer": "Ben",
                             "lives": 2, "moves": []},
    "zum-kuckuck": lambda: {"game": "zum-kuckuck", "players": PLAYERS, "variant": "basic",
                            "moves": []},
}


JOURNAL = re.compile(r" ?\{the journal of every tap:\n([^}]*)\}")


def journal_of(text: str) -> tuple[str, list[str]]:
    """A downloaded record without its journal (a comment after the last move), and the
    journal's lines without their times: each tap, undo and redo with its move."""
    found = JOURNAL.search(text)
    assert found, text
    lines = [line.split(" ", 1)[1] for line in found[1].split("\n")]
    return text[: found.start()] + text[found.end() :], lines


def check_shown(page: Any, table: dict[str, Any]) -> None:
    """The page shows what the engine says of *table*: the record and the prompt."""
    expected = view(table)
    page.wait_for_function(
        "text => document.querySelector('#record').textContent === text", arg=expected["record"]
    )
    assert page.inner_text("#prompt") == f"Next: {expected['prompt']}"


@pytest.mark.parametrize("game", list(TABLES))
def test_record_by_taps(page: Any, tmp_path: Path, game: str) -> None:
    table = TABLES[game]()
    steps = plan(dict(table))
    open_app(page, "record.html")
    set_up(page, table)
    texts: list[str] = []
    for n, (choice, rolls) in enumerate(steps, 1):
        enter_move(page, choice, rolls)
        texts.append(move_text(choice, rolls))
        wait_stored(page, KEY, n)
        assert page.inner_text("#refused") == ""
        if n == len(steps) // 2:
            check_shown(page, {**table, "moves": texts})
            page.reload()
            wait_ready(page)
            page.wait_for_selector("#table", state="visible")
            assert stored_moves(page, KEY) == texts
            check_shown(page, {**table, "moves": texts})
    assert stored_moves(page, KEY) == texts
    check_shown(page, {**table, "moves": texts})

    page.click("#undo")
    wait_stored(page, KEY, len(texts) - 1)
    assert stored_moves(page, KEY) == texts[:-1]
    check_shown(page, {**table, "moves": texts[:-1]})

    record = downloaded(page, "#download", tmp_path)
    text, journal = journal_of(record.read_text())
    assert text == web.table_record(json.dumps({**table, "moves": texts[:-1]}))
    assert journal == [*(f"play {t}" for t in texts), f"undo {texts[-1]}"]
    run = cuckoo("validate", str(record), check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_offline_after_first_visit(context: Any, page: Any) -> None:
    open_app(page, "record.html")
    wait_offline_kept(page)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    table = dice_table()
    set_up(page, table)
    check_shown(page, table)
    assert page.locator("#choices .tap").count() > 0


def test_offline_after_visiting_only_the_landing_page(context: Any, page: Any) -> None:
    """The landing page keeps the whole app, the engine's runtime included, and the rule
    pages the app links to open offline too."""
    page.goto("app/index.html")
    wait_offline_kept(page)
    context.set_offline(True)
    page.goto("app/record.html")
    wait_ready(page)
    table = dice_table()
    set_up(page, table)
    check_shown(page, table)
    rules = json.loads(page.evaluate("fetch('rules.json').then((r) => r.text())"))
    page.goto(f"app/{rules['CD-SETUP-ROLL']['url']}")
    page.wait_for_selector("#CD-SETUP-ROLL", state="attached")
    assert page.evaluate(  # every style sheet of the page loaded, from the kept copy
        "[...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)"
    )
    page.goto("app/")
    page.wait_for_selector("a.card")


LINKED_PAGES = ["learn/cuckoo-dice.html", "learn/zum-kuckuck-card.html", "app.html",
                "spec/index.html", "spec/cuckoo-cards/index.html"]


def test_offline_the_pages_rule_pages_link_to_open_or_say_so(context: Any, page: Any,
                                                             site: Path) -> None:
    """Once the app is kept, the pages the rule pages link to most (learning to play, the
    app's page, the chapters' indexes) are kept too, and open offline; every other link of
    a rule page says offline that it needs the network, and no page logs an error (the
    context fails the test on any console error, a missing icon included)."""
    worker = (site / "sw.js").read_text(encoding="utf-8")
    kept = {f"/{name}" for name in json.loads(re.search(r"const FILES = (.*);", worker)[1])}
    kept |= {f"/{name}" for name in json.loads(re.search(r"const LINKED = (.*);", worker)[1])}
    assert {f"/{linked}" for linked in LINKED_PAGES} <= kept
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto("app/index.html")
    wait_offline_kept(page)
    page.wait_for_function("() => document.body.dataset.offlineLinked === 'kept'", timeout=60_000)
    context.set_offline(True)
    rules = json.loads(page.evaluate("fetch('rules.json').then((r) => r.text())"))
    page.goto(f"app/{rules['CC-SWAP-KING']['url']}")
    page.wait_for_selector("#CC-SWAP-KING", state="attached")
    if page.evaluate("navigator.onLine"):
        # Debian's Chromium 150 under Playwright 1.65 does not carry the emulated offline
        # state into a document loaded while offline (navigator.onLine says true there, as
        # no real offline browser does): going offline again tells the page, as the
        # network dropping tells it, through its offline event.
        context.set_offline(False)
        context.set_offline(True)
    page.wait_for_selector("html[data-links-marked=offline]", state="attached")
    links = page.evaluate("""[...document.querySelectorAll("a[href]")]
      .filter((link) => new URL(link.href).origin === location.origin
        && new URL(link.href).pathname !== location.pathname)
      .map((link) => [new URL(link.href).pathname, link.classList.contains("needs-network"),
                      getComputedStyle(link, "::after").content])""")
    wrong = [path for path, marked, _ in links if (path in kept) == marked]
    assert not wrong, f"kept yet marked, or not kept yet not marked: {wrong}"
    assert {path for path, _, _ in links} & {f"/{linked}" for linked in LINKED_PAGES}
    assert all("needs the network" in after for _, marked, after in links if marked)
    for linked in LINKED_PAGES:
        page.goto(linked)
        page.wait_for_selector("article h1")
        assert page.evaluate("[...document.images].every((i) => i.complete && i.naturalWidth)")


KEPT_NOW = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith('cuckoo-app-'));
  return name ? (await (await caches.open(name)).keys()).length : 0; }"""
"""How many files the app's cache holds now."""


def test_the_app_is_kept_in_the_pauses_between_taps(page: Any) -> None:
    """Keeping the app for offline use takes the CPU a tap needs: while the table taps (a
    tap each half second, for six seconds after the engine is ready) no file is added to
    the cache beyond the app's pages and scripts; once the table pauses, every file is."""
    open_app(page, "record.html")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: the shell kept
    shell = page.evaluate(KEPT_NOW)
    for _ in range(12):
        page.mouse.click(5, 5)  # a tap on nothing: the page's margin
        page.wait_for_timeout(500)
        assert page.evaluate(KEPT_NOW) == shell
        assert page.evaluate("document.body.dataset.offline") is None
    wait_offline_kept(page)
    assert page.evaluate(KEPT_NOW) > shell


def test_a_worker_kept_at_the_old_address_retires(page: Any) -> None:
    """Earlier builds kept the app with a worker at app/sw.js: a browser that finds that
    address again gets a worker that removes itself, leaving the one at the root."""
    open_app(page, "record.html")
    scopes = "async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)"
    page.evaluate("async () => { await navigator.serviceWorker.register('sw.js'); }")
    deadline = time.monotonic() + 30
    found: list[str] = []
    while time.monotonic() < deadline:
        try:
            found = page.evaluate(scopes)
        except Exception:  # the retiring worker reloads the page
            found = []
        if found and not any(s.endswith("/app/") for s in found):
            break
        page.wait_for_timeout(200)
    assert found and not any(s.endswith("/app/") for s in found), found
