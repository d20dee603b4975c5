"""The pages' calls made once, on a small game of each kind, while the engine loads.

The runtime in the page compiles its own code the first time it runs it, so the first tap
after a page opened paid for that: up to twice as long as the taps after it (issue #42).
The engine's worker calls :func:`warm_up` before it says it is ready; nothing it does is
kept but the compiled code (every call here is a function of its arguments).
"""

from __future__ import annotations

import json
from typing import Any

from .play import play_move, play_record, play_view, random_setup
from .recorder import table_new, table_play, table_record, table_view
from .viewer import Viewer

ENTRIES = 4
"""Entries made in each game: a deal or a placement, and the decisions after it."""


def _tables() -> list[tuple[dict[str, Any], str]]:
    """A new table of each game, as the pages start them, and the play page's player."""
    dice = json.loads(random_setup(1))
    return [
        (
            {
                "game": "cuckoo-dice",
                "ruleset": "cuckoo",
                "names": {"Blue": "A", "Red": "B"},
                **dice,
            },
            "Blue",
        ),
        ({"game": "cuckoo-cards", "players": ["A", "B", "C"], "dealer": "A", "lives": 1}, "A"),
        ({"game": "zum-kuckuck", "players": ["A", "B", "C"], "variant": "basic"}, "A"),
    ]


def warm_up() -> list[str]:
    """Record the first entries of each game as the recorder does, look at the table as a
    player of the play page and as the viewer, then move as that player; the problems met,
    none unless the engine is wrong (the tests hold that)."""
    problems: list[str] = []

    def answer(text: str) -> Any:
        said = json.loads(text)
        if isinstance(said, dict) and "problem" in said:
            problems.append(said["problem"]["text"])
        return said

    for setup, player in _tables():
        table = answer(table_new(json.dumps({**setup, "moves": []})))["ok"]
        for _ in range(ENTRIES):
            view = answer(table_view(json.dumps(table), False))
            simple = [c for c in view["choices"] if not (c["ask"] or c["roll"] or "?" in c["text"])]
            table = answer(table_play(json.dumps(table), simple[0]["text"]))["ok"]
        viewer = Viewer(table_record(json.dumps(table)))
        answer(viewer.summary())
        answer(viewer.position(0, len(table["moves"])))
        seen = answer(play_view(json.dumps(table), player, False))
        play_record(json.dumps(table), player)
        if seen["choices"]:
            answer(play_move(json.dumps(table), seen["choices"][0]["text"], player))
    return problems
