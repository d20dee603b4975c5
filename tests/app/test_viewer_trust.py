"""The viewer's engine side from the side of the attacker: a tag that would reverse the
title around it, and a record whose problem should not show the cards dealt after it to
one player's view (the page itself, in a browser, in ``tests/web/test_viewer_trust.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cuckoo import web

EXAMPLES = Path(__file__).parents[2] / "examples"
CARDS = (EXAMPLES / "cuckoo-cards-three-players.cuckoo").read_text(encoding="utf-8")


def test_a_direction_override_in_a_tag_ends_with_its_value() -> None:
    evil = CARDS.replace('[Event "Example game"]', '[Event "\u202eEvil"]\n[Round "\u202b2"]')
    (game,) = json.loads(web.Viewer(evil).summary())["games"]
    parts = game["title"].split(", ")
    assert [p.replace("\u2068", "").replace("\u2069", "") for p in parts] == [
        "\u202eEvil",
        "round \u202b2",
        "Ann Ben Cid",
    ]
    for part in parts:  # each value isolated: an override in it is closed where it ends
        value = part.removeprefix("round ")
        assert value.startswith("\u2068") and value.endswith("\u2069"), part


CARD = re.compile(r"\b(?:[2-9TJQKA]|10)[cdhs]\b")


def test_one_players_view_hides_the_cards_dealt_after_a_problem() -> None:
    """The second hand deals 9c twice: the replay stops there, and Ann (seat 0) never saw
    whom the cards after it went to."""
    broken = CARDS.replace("2. deal 9c 4d 9h", "2. deal 9c 9c 9h")
    viewer = web.Viewer(broken)
    (game,) = json.loads(viewer.summary())["games"]
    assert game["problem"]["rule"] == "CC-CARD-DECK"
    reached = game["reached"]
    for seat in range(3):
        for ply in (0, reached):
            texts = json.loads(viewer.position(0, ply, seat))["moves"]
            after = [t for t in texts[reached:] if CARD.search(t) and not t.startswith("cut ")]
            assert after == [], (seat, ply, after)
    everyone = [m["text"] for m in game["moves"]]
    assert any(CARD.search(t) for t in everyone[reached:])  # they are there to hide
