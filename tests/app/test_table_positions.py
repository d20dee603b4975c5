"""A table is read once: :func:`cuckoo.web.load` keeps every position it passes through,
and the play page takes them from it instead of replaying the game again (issue #33: a
card-game match against bots replayed itself four times at every view)."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest

from cuckoo import cards, web
from cuckoo.web.table import RULES

from .test_recorder_partial import as_seen, full_game
from .test_web_api import TABLES, play


def played(game: str, human: str, steps: int) -> list[dict[str, Any]]:
    """The tables of a game on the play page, after each step: the human takes their
    first choice, the bots and chance the rest."""
    table = {**json.loads(web.table_new(json.dumps(TABLES[game])))["ok"], "seed": 5}
    tables = [table]
    for _ in range(steps):
        view = json.loads(web.play_view(json.dumps(table), human))
        if view["over"]:
            break
        answer = json.loads(
            web.play_move(json.dumps(table), view["choices"][0]["text"], human)
            if view["choices"]
            else web.play_next(json.dumps(table), "random", human)
        )
        table = answer["ok"]
        tables.append(table)
    return tables


HUMANS = {"cuckoo-dice": "Blue", "cuckoo-cards": "Ann", "zum-kuckuck": "Cid"}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_load_gives_the_position_before_each_move_and_after_the_last(game: str) -> None:
    engine = RULES[game]
    for table in played(game, HUMANS[game], 40):
        loaded = web.load(table)
        assert len(loaded.states) == len(loaded.moves) + 1
        assert loaded.start == engine.new_game(loaded.rules, loaded.setup)
        for move, (before, after) in zip(loaded.moves, pairwise(loaded.states), strict=True):
            assert engine.apply(before, move) == after


@pytest.mark.parametrize("game", ["cuckoo-cards", "zum-kuckuck"])
def test_a_table_of_what_was_seen_has_a_position_for_each_move(game: str) -> None:
    """Cards nobody saw (``?``), show-downs, the cockatoo cards taken and hands shown: the
    positions are those the record of them replays to, one for each move."""
    table = json.loads(web.table_new(json.dumps(TABLES[game])))["ok"]
    for text in as_seen(game, full_game(game, 11, 120)):
        table = play(table, text)["ok"]
        loaded = web.load(table)
        assert len(loaded.states) == len(loaded.moves) + 1
        assert loaded.states[-1] == loaded.state


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_play_page_reads_a_table_once(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = json.dumps(played(game, HUMANS[game], 30)[-1])
    loads: list[int] = []

    def counted(table: Any) -> web.table.Table:
        loads.append(1)
        return web.load(table)

    for module in (web.play, web.recorder):
        monkeypatch.setattr(module, "load", counted)
    web.play_view(table, HUMANS[game])
    assert len(loads) == 1
    web.play_record(table, HUMANS[game])
    assert len(loads) == 2


def test_the_play_page_replays_a_card_game_no_more_than_load_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only reading the table applies the engine's moves: the view and the record as the
    human saw it take the positions from it."""
    table = json.dumps(played("cuckoo-cards", "Ann", 60)[-1])
    applied: list[int] = []
    apply = cards.apply

    def counted(state: cards.State, move: Any) -> cards.State:
        applied.append(1)
        return apply(state, move)

    monkeypatch.setattr(cards, "apply", counted)
    web.table.forget()  # the table was read as it was played: replayed whole here
    moves = len(web.load(json.loads(table)).moves)
    assert moves > 20 and len(applied) == moves
    for call in (web.play_view, web.play_record):
        applied.clear()
        web.table.forget()
        call(table, "Ann")
        assert len(applied) == moves, call.__name__
