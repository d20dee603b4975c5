"""The browser app's view of the engine (:mod:`cuckoo.web`), tested in CPython: the page
runs the very same functions in Pyodide, so what holds here holds there.

The tables are played with random taps among the choices the engine offers, and the
record they export is checked by the ordinary reader and replay (the command line's
``validate``).
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import cards, dice, kuckuck, web
from cuckoo.games import GAMES, read_records

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*.cuckoo"))

TABLES: dict[str, dict[str, Any]] = {
    "cuckoo-dice": {
        "game": "cuckoo-dice",
        "ruleset": "cuckoo",
        "rolls": [[1, 2, 2, 3, 4, 4, 5, 5, 6, 6], [1, 1, 2, 3, 3, 4, 5, 6, 6, 6]],
        "first": "Red",
        "names": {"Blue": "Ann"},
    },
    "cuckoo-cards": {"game": "cuckoo-cards", "players": ["Ann", "Ben", "Cid"], "dealer": "Ben"},
    "zum-kuckuck": {"game": "zum-kuckuck", "players": ["Ann", "Ben", "Cid"], "variant": "basic"},
}


def view(table: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.table_view(json.dumps(table)))
    return answer


def play(table: dict[str, Any], text: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.table_play(json.dumps(table), text))
    return answer


def tap(table: dict[str, Any], rng: Random) -> dict[str, Any]:
    """One move chosen as a person would: a random choice, a dice infection with a random
    re-roll typed in; every card seen (a record of what was seen, whose answers must agree
    with the game, is played in tests/app/test_recorder_partial.py)."""
    choice = rng.choice(
        [c for c in view(table)["choices"] if not c["ask"] and "?" not in c["text"]]
    )
    text = choice["text"]
    if choice["roll"]:
        values = [rng.randint(1, 6) for _ in choice["roll"]]
        text += f"({values[0]};{','.join(map(str, values[1:]))})"
    answer = play(table, text)
    assert "ok" in answer, answer
    new: dict[str, Any] = answer["ok"]
    return new


def replayed(text: str) -> tuple[Any, Any]:
    (item,) = list(read_records(text.splitlines(keepends=True)))
    assert isinstance(item, tuple), item
    kit, record = item
    *_, state = kit.replay(record)
    return record, state


# -- the viewer ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_opens_whole_and_each_position_is_the_engines(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    viewer = web.Viewer(text, path.name)
    summary = json.loads(viewer.summary())
    (game,) = summary["games"]
    assert summary["problems"] == [] and game["problem"] is None
    record, final = replayed(text)
    assert game["reached"] == len(game["moves"]) == len(record.moves)
    assert [m["text"] for m in game["moves"]] == [str(m) for m in record.moves]
    assert game["result"] == record.result and game["over"] == final.is_over
    kit = GAMES[game["game"]]
    states = list(kit.replay(record))
    for ply in (0, len(states) // 2, len(states) - 1):
        shown = json.loads(viewer.position(0, ply))
        assert shown["diagram"] == kit.diagram(states[ply])
        assert shown["svg"] == kit.svg(states[ply])


def test_comments_belong_to_the_move_they_follow() -> None:
    text = (Path(EXAMPLES[0]).parent / "cuckoo-sides.cuckoo").read_text(encoding="utf-8")
    game = json.loads(web.Viewer(text).summary())["games"][0]
    record, _ = replayed(text)
    for ply, comment in record.comments:
        assert comment in (game["moves"][ply - 1]["comment"] if ply else game["intro"])


def test_an_illegal_move_stops_the_replay_there_with_its_place_and_rule() -> None:
    text = (Path(EXAMPLES[0]).parent / "cuckoo-sides.cuckoo").read_text(encoding="utf-8")
    broken = text.replace("3@012", "3@102", 1)  # cell 102 is taken at move 1
    line = next(n for n, row in enumerate(broken.splitlines(), 1) if row.startswith("5."))
    summary = json.loads(web.Viewer(broken, "broken.cuckoo").summary())
    (game,) = summary["games"]
    assert game["reached"] == 8 and game["problem"]["rule"] == "CD-PLACE-EMPTY"
    assert (game["problem"]["line"], game["problem"]["column"]) == (line, 4)
    assert summary["problems"] == [game["problem"]]
    assert game["problem"]["text"].startswith(f"broken.cuckoo:{line}:4: CD-PLACE-EMPTY")


def test_a_malformed_record_is_a_located_problem_and_the_others_still_open() -> None:
    good = (Path(EXAMPLES[0]).parent / "cuckoo-sides.cuckoo").read_text(encoding="utf-8")
    bad = good.replace("4@110", "4@1x0", 1)
    summary = json.loads(web.Viewer(good + "\n" + bad, "two.cuckoo").summary())
    assert len(summary["games"]) == 1
    (problem,) = summary["problems"]
    assert problem["kind"] == "malformed" and problem["line"] > good.count("\n")
    assert problem["rule"] and problem["column"]


@pytest.mark.parametrize("text", ["", "hello\n", "x" * (web.MAX_TEXT + 1)], ids=len)
def test_no_game_or_too_much_text_is_a_problem_not_a_crash(text: str) -> None:
    summary = json.loads(web.Viewer(text, "pasted").summary())
    (problem,) = summary["problems"]
    assert summary["games"] == [] and problem["rule"] == "CD-NOTATION-SYNTAX"
    assert problem["source"] == "pasted" and problem["text"].startswith("pasted")


# -- tables: recorder and play -------------------------------------------------------------


@pytest.mark.parametrize("game", TABLES)
@settings(max_examples=15)
@given(seed=st.integers(0, 2**32))
def test_random_taps_make_a_record_that_validates(game: str, seed: int) -> None:
    _random_taps(game, seed)


@pytest.mark.slow
@pytest.mark.parametrize("game", TABLES)
@settings(max_examples=100)
@given(seed=st.integers(0, 2**32))
def test_random_taps_make_a_record_that_validates_many(game: str, seed: int) -> None:
    """The same, for many more tables."""
    _random_taps(game, seed)


def _random_taps(game: str, seed: int) -> None:
    """Up to 60 random taps on a new table of *game*: its record is the table's, in
    canonical form, and replays to the table's end."""
    rng = Random(seed)
    table = json.loads(web.table_new(json.dumps(TABLES[game])))["ok"]
    for _ in range(rng.randint(1, 60)):
        if view(table)["over"]:
            break
        table = tap(table, rng)
    text = web.table_record(json.dumps(table))
    record, state = replayed(text)
    assert view(table)["record"] == text
    assert GAMES[game].format_record(record) == text
    assert record.result == ("*" if not state.is_over else record.result)


@pytest.mark.parametrize("game", TABLES)
def test_the_choices_are_exactly_the_legal_moves(game: str) -> None:
    rng = Random(7)
    table = json.loads(web.table_new(json.dumps(TABLES[game])))["ok"]
    for _ in range(40):
        shown = view(table)
        if shown["over"]:
            break
        state = web.load(table).state
        every = [c["text"] for c in shown["choices"]]
        paths = [tuple(c["path"]) for c in shown["choices"]]
        assert len(set(every)) == len(every) and len(set(paths)) == len(paths)
        # what was seen (cards nobody saw, cockatoo cards taken, a hand shown) besides
        seen = [c["text"] for c in shown["choices"] if "?" in c["text"] or c["ask"]]
        texts = [text for text in every if text not in seen]
        if isinstance(state, dice.State):
            decisions = [m for m in dice.legal_moves(state) if not isinstance(m, dice.Rolls)]
            assert sorted(texts) == sorted(str(m) for m in decisions) and not seen
        elif isinstance(state, cards.State) and state.step == "deal":
            assert len(texts) == len(cards.chance_outcomes(state))
            everyone = "deal" + " ?" * len(state.active)
            assert seen[-1] == "deal ?" and (seen[0] == everyone) == (not any(state.cards))
        elif isinstance(state, kuckuck.State):
            assert len(texts) == len(kuckuck.legal_moves(state))
            assert (seen == ["cockatoos"]) == (state.step == "deal" and not any(state.dealt))
        table = tap(table, rng)


def test_a_refused_move_names_its_rule_and_changes_nothing() -> None:
    table = json.loads(web.table_new(json.dumps(TABLES["cuckoo-dice"])))["ok"]
    table = play(table, "6@003/A")["ok"]
    answer = play(table, "6@003/A")
    assert answer["problem"]["rule"] == "CD-PLACE-EMPTY"
    assert play(table, "9@003")["problem"]["kind"] == "malformed"
    assert play(table, "2+3x5")["problem"]["rule"] == "CD-NOTATION-ROLLS"


def test_a_setup_the_rules_refuse_names_its_rule() -> None:
    short = {**TABLES["cuckoo-dice"], "rolls": [[1, 2, 3], [1, 2, 3]]}
    assert json.loads(web.table_new(json.dumps(short)))["problem"]["rule"]
    one = {**TABLES["cuckoo-cards"], "players": ["Ann"]}
    assert json.loads(web.table_new(json.dumps(one)))["problem"]["rule"]
    chess = json.loads(web.table_new(json.dumps({"game": "chess"})))["problem"]
    assert chess["rule"] == "CD-NOTATION-TAGS" and "chess" in chess["detail"]


def test_a_basic_round_half_chosen_is_exported_with_its_cards_in_a_comment() -> None:
    """The notation writes a round whole: the cards already shown go into a comment, so a
    download in the middle of a round loses none of them, and the record still validates."""
    rng = Random(3)
    table = json.loads(web.table_new(json.dumps(TABLES["zum-kuckuck"])))["ok"]
    while web.load(table).state.step != "play":
        table = tap(table, rng)
    before = web.table_record(json.dumps(table))
    table = tap(table, rng)  # one player of three has chosen
    assert web.load(table).state.step == "play"
    text = web.table_record(json.dumps(table))
    assert text != before
    replayed(text)  # it reads back as a record
    assert f"{{entered, written once the round is whole: {table['moves'][-1]}}}" in text
    assert web.table_record(json.dumps({**table, "moves": table["moves"][:-1]})) == before


def test_a_table_that_is_not_an_object_is_a_problem_not_an_exception() -> None:
    for garbage in ("[]", "5", "null", '"x"'):
        for answer in (
            web.table_view(garbage),
            web.table_play(garbage, "x"),
            web.table_new(garbage),
        ):
            assert json.loads(answer)["problem"]["rule"] == "CD-NOTATION-SYNTAX"


def test_a_result_reads_with_the_winners_count_first() -> None:
    """The words under the picture of a finished game: "Red wins, 2 sides to 1"."""
    from cuckoo.dice.scoring import Outcome
    from cuckoo.dice.svg import outcome_words

    totals = ((20, 6), (8, 25), (13, 16))
    assert outcome_words(Outcome((1,), "sides", totals, (1, 2))).endswith("Red wins, 2 sides to 1")
    assert outcome_words(Outcome((0,), "sides", totals, (3, 0))).endswith("Blue wins, 3 sides to 0")


def test_the_games_of_one_event_are_named_by_their_rounds() -> None:
    text = "".join(
        f'[Game "cuckoo-cards"]\n[Event "random"]\n[Round "{n}"]\n[Players "Ann Ben"]\n'
        '[Dealer "Ann"]\n[Result "*"]\n\n*\n\n'
        for n in (1, 2)
    )
    titles = [g["title"] for g in json.loads(web.Viewer(text).summary())["games"]]
    assert [t.replace("\u2068", "").replace("\u2069", "") for t in titles] == [
        "random, round 1, Ann Ben",
        "random, round 2, Ann Ben",
    ]


def test_a_named_player_is_prompted_by_name() -> None:
    table = {**TABLES["cuckoo-dice"], "names": {"Blue": "Ann", "Red": ""}}
    first = view(table)["prompt"]
    to_move = "Blue" if first.startswith("Ann") else "Red"
    assert first in ("Ann (Blue), turn 1", "Red, turn 1"), first
    other = play(table, view(table)["choices"][0]["text"])["ok"]
    # numbered as the record numbers it: "1." holds both players' first moves
    assert view(other)["prompt"] == ("Red, turn 1" if to_move == "Blue" else "Ann (Blue), turn 1")
    third = play(other, view(other)["choices"][0]["text"])["ok"]
    assert view(third)["prompt"].endswith(", turn 2")
    assert "\n2." not in view(third)["record"] and "\n1. " in view(third)["record"]
