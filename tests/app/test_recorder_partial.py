"""The recorder's records of what was seen (ZK-PARTIAL-*, CC-PARTIAL-*), in CPython as the
page runs them in Pyodide: a game played with every card seen is recorded again as a table
sees it (the hands never entered, the cockatoo cards taken, each card when it is played or
turned, the card game's show-downs), and the record is valid after every entry."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import cards, kuckuck, web
from cuckoo.cards.partial import deal_order
from cuckoo.games import read_records

from .test_web_api import TABLES, play, tap, view


def valid(table: dict[str, Any]) -> Any:
    """The position the table's downloaded record replays to (``cuckoo validate``'s check)."""
    (item,) = list(read_records(web.table_record(json.dumps(table)).splitlines(keepends=True)))
    assert isinstance(item, tuple), item
    kit, record = item
    *_, state = kit.replay(record)
    return state


def full_game(
    game: str, seed: int, moves: int, setup: dict[str, Any] | None = None
) -> list[tuple[str, Any, Any]]:
    """A game of random taps from *setup* (by default *game*'s of TABLES), every card seen:
    each entry with the states before and after."""
    rng = Random(seed)
    table = json.loads(web.table_new(json.dumps(setup or TABLES[game])))["ok"]
    entries = []
    for _ in range(moves):
        if view(table)["over"]:
            break
        before = web.load(table).state
        table = tap(table, rng)
        entries.append((table["moves"][-1], before, web.load(table).state))
    return entries


def as_seen(game: str, entries: list[tuple[str, Any, Any]]) -> list[str]:
    """The entries a table that never sees a hand makes of the same game."""
    seen: list[str] = []
    for text, before, after in entries:
        if isinstance(before, kuckuck.State) and before.step == "deal":
            if after.step != "deal":  # the deal is whole: the cockatoo cards are taken
                seen.append("cockatoos " + " ".join(map(str, after.counts)))
        elif isinstance(before, cards.State) and before.step == "deal":
            seen.append("deal ?")
        elif isinstance(before, cards.State) and after.hands > before.hands:
            order = deal_order(before)  # the dealer's decision ends the hand
            seen.append(f"{text} show " + " ".join(str(after.shown[s]) for s in order))
        else:
            seen.append(text)
    return seen


@pytest.mark.parametrize("game", ["cuckoo-cards", "zum-kuckuck"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_game_recorded_as_seen_is_valid_at_every_entry(game: str, seed: int) -> None:
    _recorded_as_seen(game, seed)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["cuckoo-cards", "zum-kuckuck"])
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_game_recorded_as_seen_is_valid_at_every_entry_many(game: str, seed: int) -> None:
    """The same, for many more games (a second and more each)."""
    _recorded_as_seen(game, seed)


def _recorded_as_seen(game: str, seed: int) -> None:
    """Game *seed* recorded entry by entry as the table saw it: each entry is offered and
    taken, the table stays valid, and it ends where the full game ends."""
    entries = full_game(game, seed, 80)
    table = json.loads(web.table_new(json.dumps(TABLES[game])))["ok"]
    for text in as_seen(game, entries):
        offered = {c["text"].split(" show")[0] for c in view(table)["choices"]}
        assert text.split(" show")[0] in offered or text.split()[0] == "cockatoos"
        answer = play(table, text)
        assert "ok" in answer, (text, answer)
        table = answer["ok"]
        state = valid(table)
        assert state.is_over == view(table)["over"]
    final = entries[-1][2]
    shown = web.load(table).state
    if game == "cuckoo-cards":
        assert shown.lives == final.lives and "?" in web.table_record(json.dumps(table))
    else:
        assert (shown.scores, shown.nests, shown.cockatoos) == (
            final.scores,
            final.nests,
            final.cockatoos,
        )
        assert "Cockatoos" in web.table_record(json.dumps(table))


def test_the_dealers_decision_in_a_hand_not_seen_asks_for_the_show_down() -> None:
    """CC-PARTIAL-SHOW: the record would not be valid without it, so it is one entry with
    the decision; a show-down the cards cannot lead to is refused with its rule."""
    table = json.loads(web.table_new(json.dumps(TABLES["cuckoo-cards"])))["ok"]
    table = play(table, "deal ? ? ?")["ok"]
    table = play(table, "swap")["ok"]
    table = play(table, "keep")["ok"]
    shown = view(table)
    (keep,) = [c for c in shown["choices"] if c["path"] == ["keep"]]
    asked = [shown["questions"][k] for k in keep["ask"]]
    assert keep["text"] == "keep show" and [q["label"] for q in asked] == [
        "Cid shows",
        "Ann shows",
        "Ben shows",  # from the dealer's neighbour, the dealer last
    ]
    assert len(asked[0]["options"]) == 52
    # CC-CARD-DECK: the page offers no card shown already to a later question
    assert all(q["distinct"] for q in asked)
    # each of the dealer's 53 decisions asks them: written once, not 53 times (331 kB)
    assert len(shown["choices"]) == 53 and len(shown["questions"]) == 3
    assert all(c["ask"] == keep["ask"] for c in shown["choices"])
    assert len(web.table_view(json.dumps(table), False)) < 40_000
    refused = play(table, "keep")["problem"]
    assert refused["rule"] == "CC-PARTIAL-SHOW"
    assert refused["text"].startswith("CC-PARTIAL-SHOW: move 4, keep: cards of this hand")
    assert play(table, "keep show 3c 3c Ks")["problem"]["rule"] == "CC-CARD-DECK"
    table = play(table, "keep show 3c 7h Ks")["ok"]
    assert valid(table).lives == (3, 3, 2)


def test_a_zum_kuckuck_hand_is_shown_later_and_undone() -> None:
    """ZK-PARTIAL-COUNT, ZK-PARTIAL-SHOW: the cockatoo cards taken instead of the hands;
    a hand shown at the end of the round is written there, not into the deal; a show that
    contradicts a card played is refused; taking the show back leaves the hand unseen."""
    table = json.loads(web.table_new(json.dumps(TABLES["zum-kuckuck"])))["ok"]
    first = view(table)
    (counts,) = [c for c in first["choices"] if c["text"] == "cockatoos"]
    assert [first["questions"][k]["label"] for k in counts["ask"]] == [
        f"Cockatoo cards {n} took" for n in ("Ann", "Ben", "Cid")
    ]
    assert play(table, "cockatoos 12 12 12")["problem"]["rule"] == "ZK-PARTIAL-COUNT"
    for text in ("cockatoos 4 4 4", "nest 3 9", "Ann 60", "Ben 53", "Cid 9"):
        table = play(table, text)["ok"]
    later = view(table)
    shows = [c for c in later["choices"] if c["text"].startswith("show ")]
    assert [c["path"] for c in shows] == [["Show a hand", n] for n in ("Ann", "Ben", "Cid")]
    (cards_shown,) = (later["questions"][k] for k in shows[0]["ask"])
    assert cards_shown["many"] and "60" not in [o["text"] for o in cards_shown["options"]]
    assert not cards_shown["distinct"]  # one question: nothing to keep apart
    # picked by its ten, as a played card is: 1 in 1-9, 59 in 50-59
    paths = {o["text"]: o["path"] for o in cards_shown["options"]}
    assert paths["1"] == ["1\u20139", "1"] and paths["59"] == ["50\u201359", "59"]
    assert play(table, "show Cid 60")["problem"]["rule"] == "ZK-PARTIAL-SHOW"
    before = web.table_record(json.dumps(table))
    shown = play(table, "show Ben 1 2")["ok"]
    written = web.table_record(json.dumps(shown))
    assert "(Ann 60 Ben 53 Cid 9) show Ben 1 2\n" in written and "deal" not in written
    assert valid(shown).dealt[1][:3] == (53, 1, 2)
    undone = {**shown, "moves": shown["moves"][:-1]}
    assert web.table_record(json.dumps(undone)) == before
