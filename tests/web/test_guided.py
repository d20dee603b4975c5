"""The guided first game of each game, played to its end by taps on a phone: every
sentence of the guide is shown at its turn, a tap the guide does not ask for is answered
with its rule in a player's words (never a rule ID) and makes nothing, a reload goes on
where the game was, and the record written at the end is the Learn page's and validates."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cuckoo import web

from .app import ROOT, cuckoo, downloaded, open_app, stored_games, tap
from .test_phone import phone_problems

GUIDES: dict[str, Any] = json.loads((ROOT / "docs/app/guides.json").read_text(encoding="utf-8"))
KEY = "cuckoo-play-games"
OVER = "#prompt:text-is('The guided game is over.')"
RULE_ID = re.compile(r"\b(CD|CC|ZK)-[A-Z]")
SHOTS = Path("/tmp/learn-shots")


def _table(page: Any) -> dict[str, Any]:
    table: dict[str, Any] = stored_games(page, KEY)["guide"]["table"]
    return table


def _box(page: Any) -> str:
    text: str = page.inner_text("#guide-says")
    return text


def _enter(page: Any, path: list[str]) -> None:
    for label in path:
        tap(page, label)


@pytest.mark.parametrize("width", [390, 320])
@pytest.mark.parametrize("game", sorted(GUIDES))
def test_guided_first_game(page: Any, tmp_path: Path, game: str, width: int) -> None:
    guide = GUIDES[game]
    human, record = guide["human"], guide["record"]
    page.set_viewport_size({"width": width, "height": 844})
    open_app(page, f"play.html?guide={game}")
    wrong_answered = reloaded = False
    for k, turn in enumerate(guide["turns"]):
        page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(turn['ask'])})")
        shown = _box(page)
        if k == 0:
            assert guide["start"] in page.locator("#announce .said").all_inner_texts()
        if "say" in turn:
            assert turn["say"] in shown, (k, shown)
        if k == 1 and not reloaded:  # a reload goes on at the same turn, its sentence shown again
            page.reload()
            reloaded = True
            page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(turn['ask'])})")
        problems = phone_problems(page, f"{game} turn {k}")
        assert not problems, problems
        if k in (0, 1):
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{game}-{width}-{k}.png"), full_page=True)
        table = _table(page)
        asked = json.loads(web.play_guide_next(json.dumps(table), record, human))["yours"]
        view = json.loads(web.play_view(json.dumps(table), human, False))
        others = [c for c in view["choices"] if c["text"] != asked["text"] and not c["roll"]]
        if others and not wrong_answered:
            _enter(page, others[-1]["path"])
            page.wait_for_selector("#guide-says .guide-why")
            why = _box(page)
            assert turn["why"] in why, why
            assert not RULE_ID.search(why + page.inner_text("#refused")), why
            assert _table(page) == table, "a tap the guide does not ask for made a move"
            wrong_answered = True
        _enter(page, asked["path"])
        page.wait_for_function(
            "(n) => !document.querySelector('#guide-says .guide-ask')"
            " || document.querySelector('#guide-says .guide-ask').textContent !== n",
            arg=turn["ask"],
        )
    assert wrong_answered, "no turn offered a tap the guide does not ask for"
    page.wait_for_selector(OVER)
    assert guide["end"] in _box(page)
    page.screenshot(path=str(SHOTS / f"{game}-{width}-end.png"), full_page=True)
    page.wait_for_function("(r) => document.querySelector('#record').textContent === r", arg=record)
    saved = downloaded(page, "#download", tmp_path)
    assert saved.read_text(encoding="utf-8") == record
    run = cuckoo("validate", str(saved), check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_guide_is_offered_and_kept_apart(page: Any) -> None:
    """The setup offers the guide of the game chosen; a game under way is kept while the
    guide is played, and New game then Start begins a game of one's own again."""
    open_app(page, "play.html")
    page.select_option("#game", "cuckoo-cards")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#choices .tap")  # the player's move: no bot's under way
    mine = stored_games(page, KEY)["current"]
    page.click("#again")
    page.select_option("#game", "zum-kuckuck")
    page.click("#guided")
    first = GUIDES["zum-kuckuck"]["turns"][0]["ask"]
    page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(first)})")
    assert "guide=zum-kuckuck" in page.url
    assert stored_games(page, KEY)["current"]["table"] == mine["table"]
    assert page.inner_text("#table-title").startswith("Guided first game: Zum Kuckuck!")
    page.click("#again")
    assert "guide=" not in page.url
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#table-title:has-text('seed')")
    assert page.locator("#guide-says").is_hidden()


def test_the_learn_page_leads_to_its_guide(page: Any) -> None:
    """ "Rather learn by playing?" at the top of a Learn page opens that game's guide."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("learn/cuckoo-cards.html")
    link = page.get_by_role("link", name=re.compile("^Play this page.s game by taps$"))
    assert link.bounding_box()["y"] < 844, "the link is on the first screen"
    link.click()
    first = GUIDES["cuckoo-cards"]["turns"][0]["ask"]
    page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(first)})")


def test_take_back_in_the_guide(page: Any) -> None:
    """Take back returns to the guide's turn before, its words and the log as they were."""
    turns = GUIDES["cuckoo-cards"]["turns"]
    open_app(page, "play.html?guide=cuckoo-cards")
    page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(turns[0]['ask'])})")
    said = page.locator("#announce .said").all_inner_texts()
    tap(page, "keep")
    page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(turns[1]['ask'])})")
    page.click("#takeback")
    page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(turns[0]['ask'])})")
    page.wait_for_selector("#announce .said:last-child:text-is('You took back your move.')")
    assert page.locator("#announce .said").all_inner_texts() == [*said, "You took back your move."]
    tap(page, "keep")
    page.wait_for_selector(f"#guide-says .guide-ask:text-is({json.dumps(turns[1]['ask'])})")
