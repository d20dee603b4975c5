"""The app's engine calls over hostile tables: what the browser stores can be edited (or be
of another version), so every call the pages make answers a problem, never a Python error.

The tables are real ones, a few moves into each game, with parts of them, at any depth,
replaced by JSON values of the wrong type or shape; the other stored values the pages pass
(the human's seat, the bot, the recorder's journal) are fuzzed likewise.  A call that
answers JSON must answer it (``{"problem": ...}`` for a refusal); one that answers text
may refuse with the engine's own error (:class:`CuckooError`, which the worker shows in a
line), and nothing else.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import web
from cuckoo.errors import CuckooError

from .test_web_api import TABLES, tap

JSON_ANSWERS: dict[str, Callable[[str, Any, Any, Any], str]] = {
    "table_view": lambda table, text, human, bot: web.table_view(table),
    "table_play": lambda table, text, human, bot: web.table_play(table, text),
    "table_new": lambda table, text, human, bot: web.table_new(table),
    "play_view": lambda table, text, human, bot: web.play_view(table, human),
    "play_move": lambda table, text, human, bot: web.play_move(table, text, human),
}
"""The calls whose refusal is an answer, ``{"problem": ...}``."""
TEXT_ANSWERS: dict[str, Callable[[str, Any, Any, Any], str]] = {
    "table_record": lambda table, text, human, bot: web.table_record(table, json.dumps(human)),
    "play_record": lambda table, text, human, bot: web.play_record(table, human),
    "play_next": lambda table, text, human, bot: web.play_next(table, bot, human),
}
"""The calls that answer a record or a move, and refuse with the engine's error."""


def _played(game: str, taps: int) -> dict[str, Any]:
    table: dict[str, Any] = json.loads(web.table_new(json.dumps(TABLES[game])))["ok"]
    rng = Random(taps)
    for _ in range(taps):
        table = tap(table, rng)
    return {**table, "seed": 7}


BASES = [_played(game, taps) for game in sorted(TABLES) for taps in (0, 4)]

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(["Ann", "Blue", "Red", "cuckoo", "basic", "deal", "?", "random"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=4) | st.sampled_from(["Blue", "Red"]), inner, max_size=3)
    ),
    max_leaves=8,
)
"""JSON values of every type and shape."""


@st.composite
def hostile(draw: st.DrawFn, value: Any = None, depth: int = 0) -> Any:
    """*value* (a stored table) with one of its parts, at any depth, replaced (a part
    deep inside more often than the whole)."""
    if isinstance(value, list | dict) and value and draw(st.integers(0, 3)):
        if isinstance(value, list):
            at = draw(st.integers(0, len(value) - 1))
            return [*value[:at], draw(hostile(value[at], depth + 1)), *value[at + 1 :]]
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: draw(hostile(value[key], depth + 1))}
    return draw(values)


KEYS = ("game", "ruleset", "rolls", "first", "names", "players", "dealer", "lives", "aces")
KEYS += ("direction", "variant", "moves", "seed")
"""Every key a table of some game is read from: one another game's table lacks is added."""


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    table = draw(st.sampled_from(BASES))
    table = {**table, **draw(st.dictionaries(st.sampled_from(KEYS), values, max_size=1))}
    for _ in range(draw(st.integers(1, 3))):
        table = draw(hostile(table))
    return dict(table) if isinstance(table, dict) else {"game": table}


@settings(max_examples=600, deadline=None)
@given(tables(), st.sampled_from(["x", "deal ?", "keep", "1", "cut"]), values, values)
def test_every_call_answers_a_hostile_table_with_a_problem(
    table: dict[str, Any], text: str, human: Any, bot: Any
) -> None:
    stored = json.dumps(table)
    for name, call in JSON_ANSWERS.items():
        answer = json.loads(call(stored, text, human, bot))
        assert isinstance(answer, dict), name
    for call in TEXT_ANSWERS.values():
        with contextlib.suppress(CuckooError):  # said in one line by the worker
            assert isinstance(call(stored, text, human, bot), str)


@pytest.mark.parametrize(
    "table",
    [
        {**TABLES["cuckoo-dice"], "rolls": [5, 5]},
        {**TABLES["cuckoo-dice"], "rolls": [1.5, [1, 2]]},
    ],
)
def test_rolls_that_are_not_lists_are_refused_by_rule(table: dict[str, Any]) -> None:
    for call in JSON_ANSWERS.values():
        assert json.loads(call(json.dumps(table), "x", "Blue", "random"))["problem"]["rule"] == (
            "CD-SETUP-ROLL"
        )


@pytest.mark.parametrize("text", ["{", "", "[[[", "1e999999x", "[" * 100_000])
def test_a_stored_text_that_is_not_json_is_a_problem(text: str) -> None:
    assert json.loads(web.table_view(text))["problem"]["rule"] == "CD-NOTATION-SYNTAX"
    with pytest.raises(CuckooError, match="a journal must be a JSON text"):
        web.table_record(json.dumps(TABLES["cuckoo-dice"]), text)


@pytest.mark.parametrize("bot", ["Ann", "mcts:0", ["random"], None])
def test_a_stored_bot_that_is_none_of_the_games_is_refused_by_name(bot: Any) -> None:
    table = {**_played("cuckoo-dice", 0), "first": "Red"}
    with pytest.raises(CuckooError, match=r"bot|playouts"):
        web.play_next(json.dumps(table), bot, "Blue")
