"""The play page's guided first game (issue #52) is the Learn page's example game: its script
(``docs/app/guides.json``) holds that page's record itself, one turn of words for each of
the player's moves in it, and played through the engine's calls it ends with that record.
Its sentences are a player's words: short, and never a rule ID."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cuckoo import web
from cuckoo.errors import CuckooError

from .test_learn import DOCS, FENCE, LEARN

GUIDES: dict[str, Any] = json.loads((DOCS / "app" / "guides.json").read_text(encoding="utf-8"))
RULE_ID = re.compile(r"\b(CD|CC|ZK)-[A-Z]")
SENTENCE = 400
"""Characters a sentence of the guide may have (the page refuses longer ones: guide.js)."""


def _example(game: str) -> str:
    """The Learn page's first record: the game its walkthrough plays."""
    text = (LEARN / f"{game}.md").read_text(encoding="utf-8")
    return next(body for kind, _, body in FENCE.findall(text) if kind == "cuckoo-game")


def _play(guide: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any], list[str]]:
    """The guide played through the engine's calls, each of the player's moves the one the
    guide asks for: the moves asked, the table at the end, everything told."""
    record, human = guide["record"], guide["human"]
    table = json.loads(web.play_guide_start(record))["ok"]
    asked: list[dict[str, Any]] = []
    said: list[str] = []
    for _ in range(500):
        step = json.loads(web.play_guide_next(json.dumps(table), record, human))
        if step.get("end"):
            return asked, table, said
        if "yours" in step:
            asked.append(step["yours"])
            step = json.loads(
                web.play_guide_move(json.dumps(table), step["yours"]["text"], record, human)
            )
        table = step["ok"]
        said.extend(step["said"])
    raise AssertionError("the guide did not end")


@pytest.mark.parametrize("game", sorted(GUIDES))
def test_the_guide_plays_the_learn_page_game(game: str) -> None:
    guide = GUIDES[game]
    assert guide["record"] == _example(game)
    assert guide["learn"] == f"../learn/{game}.html"
    asked, table, said = _play(guide)
    assert len(asked) == len(guide["turns"]), "one turn of words for each move of the player"
    whole = json.loads(web.play_guide_record(json.dumps(table), guide["record"], guide["human"]))
    assert whole["ok"] == guide["record"]
    assert said, "the moves are told"


@pytest.mark.parametrize("game", sorted(GUIDES))
def test_the_guide_speaks_as_a_player(game: str) -> None:
    guide = GUIDES[game]
    words = [guide["start"], guide["end"]]
    for turn in guide["turns"]:
        assert set(turn) <= {"say", "ask", "why"} and {"ask", "why"} <= set(turn), turn
        words.extend(turn.values())
    for sentence in words:
        assert len(sentence) <= SENTENCE, sentence
        assert not RULE_ID.search(sentence), sentence
        assert sentence.endswith((".", "!")), sentence


@pytest.mark.parametrize("game", sorted(GUIDES))
def test_a_different_tap_makes_nothing(game: str) -> None:
    """A legal move the guide does not ask for is answered ``other`` and changes nothing;
    a table that has left the script is refused, never followed."""
    guide = GUIDES[game]
    record, human = guide["record"], guide["human"]
    table = json.loads(web.play_guide_start(record))["ok"]
    others: list[str] = []
    while not others:
        step = json.loads(web.play_guide_next(json.dumps(table), record, human))
        if "yours" in step:
            view = json.loads(web.play_view(json.dumps(table), human, False))
            others = [c["text"] for c in view["choices"] if c["text"] != step["yours"]["text"]]
            if not others:
                move = web.play_guide_move(json.dumps(table), step["yours"]["text"], record, human)
                step = json.loads(move)
        if not others:
            table = step["ok"]
    answer = json.loads(web.play_guide_move(json.dumps(table), others[0], record, human))
    assert answer == {"other": True}
    off = json.loads(web.play_move(json.dumps(table), others[0], human))["ok"]
    left = json.loads(web.play_guide_next(json.dumps(off), record, human))
    assert "problem" in left and "guided" in left["problem"]["detail"]


def test_a_record_that_is_not_one_game_is_refused() -> None:
    answer = json.loads(web.play_guide_start('[Game "cuckoo-cards"]\n\n1. nonsense\n'))
    assert "problem" in answer
    with pytest.raises(CuckooError):
        web.guide.script("")
