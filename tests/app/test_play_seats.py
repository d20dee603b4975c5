"""The play page's engine side (cuckoo.web, play_*): every game against bots, the human at
one seat shown only what that seat may see; chance and the bots drawn from the table's
seed, so the same table always goes on the same way; the record as the seat saw it
validates at every step."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest

from cuckoo import cards, kuckuck, web
from cuckoo.cards.deck import card_named
from cuckoo.games import read_records
from cuckoo.players import words
from cuckoo.players.bots import bot_named

CARDS = {
    "game": "cuckoo-cards",
    "players": ["Alex", "Robin", "Sam"],
    "dealer": "Robin",
    "lives": 2,
    "seed": 9,
    "moves": [],
}
KUCKUCK = {"game": "zum-kuckuck", "players": ["Alex", "Robin", "Sam"], "seed": 3, "moves": []}


def _steps(
    table: dict[str, Any], bot: str, most: int = 400, said: list[str] | None = None
) -> list[dict[str, Any]]:
    """The tables of a game played to the end from *table*, Alex taking the last choice;
    what Alex is told goes to *said*."""
    tables = [table]
    for _ in range(most):
        text = json.dumps(tables[-1])
        view = json.loads(web.play_view(text, "Alex"))
        if view["over"]:
            return tables
        if view["choices"]:
            answer = json.loads(web.play_move(text, view["choices"][-1]["text"], "Alex"))
        else:
            answer = json.loads(web.play_next(text, bot, "Alex"))
        assert answer["said"], answer
        tables.append(answer["ok"])
        if said is not None:
            said.extend(answer["said"])
    raise AssertionError("the game did not end")


def _valid(text: str) -> None:
    """The record replays to its end as ``cuckoo validate`` replays it."""
    problems = web.Viewer(text).problems
    assert not problems, (problems, text)


@pytest.mark.parametrize(
    ("table", "bot"),
    [(CARDS, "greedy"), (KUCKUCK, "random"), ({**KUCKUCK, "variant": "tactical"}, "random")],
)
def test_the_record_as_seen_validates_at_every_step_and_the_game_is_the_seeds(
    table: dict[str, Any], bot: str
) -> None:
    tables = _steps(table, bot)
    assert _steps(table, bot) == tables  # the seed decides: a reload draws nothing new
    for step in tables[1:-1]:
        _valid(web.play_record(json.dumps(step), "Alex"))
    whole = web.play_record(json.dumps(tables[-1]), "Alex")
    _valid(whole)
    assert "?" not in whole  # once over, the whole record
    ((_, record),) = read_records(whole.splitlines(keepends=True))
    assert record.result != "*"


def test_the_card_game_shows_the_other_cards_face_down() -> None:
    tables = _steps(CARDS, "greedy")
    for step in tables[1:-1]:
        loaded = web.load(step)
        state = loaded.state
        if state.step != "decide" or not any(isinstance(m, cards.Deal) for m in loaded.moves[-1:]):
            continue
        # just dealt: Alex sees his own card only, in the picture and in the record
        view = json.loads(web.play_view(json.dumps(step), "Alex"))
        for seat, card in enumerate(state.cards):
            shown = words.card_words(card) if card else None
            if shown and seat != 0:
                assert shown not in view["svg"] and shown not in view["diagram"]
        mine = state.cards[0]
        if mine is not None:
            assert words.card_words(mine) in view["svg"]
        last_hand = view["record"].strip().split("\n")[-2]
        assert last_hand.count("?") == sum(c is not None for c in state.cards) - (mine is not None)


def test_a_swap_shows_the_cards_that_changed_hands_to_who_swapped() -> None:
    state = cards.new_game(cards.rules(), cards.Setup(("Alex", "Robin", "Sam"), 2))
    moves: list[Any] = [cards.Deal(card_named(c)) for c in ("7h", "3c", "9d")]
    states = [state]
    for move in [*moves, cards.SWAP]:
        states.append(cards.apply(states[-1], move))
    alex, robin, sam = (web.seats.known_cards(states, [*moves, cards.SWAP], s) for s in range(3))
    # Alex swapped his 7h for Robin's 3c: both know both cards; Sam knows neither
    assert alex.unseen == frozenset({card_named("9d")})
    assert robin.unseen == frozenset({card_named("9d")})
    assert sam.unseen == frozenset({card_named("3c"), card_named("7h")})
    king = [cards.Deal(card_named(c)) for c in ("7h", "Kc", "9d")]
    states = [state]
    for move in [*king, cards.SWAP]:
        states.append(cards.apply(states[-1], move))
    sam = web.seats.known_cards(states, [*king, cards.SWAP], 2)
    assert card_named("Kc") not in sam.unseen  # shown against the swap (CC-SWAP-KING)


def test_a_move_out_of_turn_is_refused() -> None:
    table = json.loads(web.play_next(json.dumps(CARDS), "greedy", "Alex"))["ok"]
    view = json.loads(web.play_view(json.dumps(table), "Alex"))
    assert view["choices"] == [] and view["choosing"] == ["Sam"]
    answer = json.loads(web.play_move(json.dumps(table), "keep", "Alex"))
    assert answer["problem"]["detail"] == "it is not your move"


def test_the_card_bots_read_their_own_card_only() -> None:
    """CC: whatever the others hold, a bot's decision is the same."""
    state = cards.new_game(cards.rules(), cards.Setup(("Alex", "Robin", "Sam"), 0))
    for card in ("5h", "2c", "9d"):
        state = cards.apply(state, cards.Deal(card_named(card)))
    for name in ("greedy", "random"):
        bot = bot_named(name, "cuckoo-cards")
        choices = set()
        for others in (("5h", "2c"), ("Ks", "Qd"), ("As", "3h")):
            held = (card_named(others[0]), state.cards[1], card_named(others[1]))
            choices.add(bot.choose(replace(state, cards=held), Random(1)))
        assert len(choices) == 1, name


def test_the_kuckuck_bots_read_their_own_hand_only() -> None:
    """ZK: a bot's card depends on its own hand, never on another player's."""
    table = json.loads(web.play_next(json.dumps(KUCKUCK), "random", "Alex"))["ok"]
    table = json.loads(web.play_next(json.dumps(table), "random", "Alex"))["ok"]
    state = web.load(table).state
    bot = bot_named("random", "zum-kuckuck")
    mine = state.hands[1]
    rest = sorted(set(range(1, 61)) - mine)
    picks = set()
    for k in range(3):
        others = Random(k).sample(rest, 24)
        hands = (frozenset(others[:12]), mine, frozenset(others[12:]))
        picks.add(bot.choose(replace(state, hands=hands), Random(5), 1))
    assert len(picks) == 1
    assert kuckuck.Play(1, next(iter(picks)).number) in kuckuck.legal_moves(state)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_viewer_shows_a_card_game_as_one_player_saw_it() -> None:
    viewer = web.Viewer((EXAMPLES / "cuckoo-cards-three-players.cuckoo").read_text())
    everyone = json.loads(viewer.position(0, 3))
    assert "K♦" in everyone["svg"] and "moves" not in everyone
    ben = json.loads(viewer.position(0, 3, 1))  # dealt Jd, first after the dealer Ann
    assert "J♦" in ben["svg"] and "K♦" not in ben["svg"] and "9♣" not in ben["svg"]
    assert ben["moves"][:3] == ["Jd", "?", "?"]
    assert "Kd" not in ben["diagram"]


def test_the_viewer_hides_the_hands_a_kuckuck_player_has_not_held() -> None:
    viewer = web.Viewer((EXAMPLES / "zum-kuckuck-basic-three-players.cuckoo").read_text())
    summary = json.loads(viewer.summary())["games"][0]
    deals = [k for k, m in enumerate(summary["moves"]) if m["text"].startswith("deal ")]
    first = json.loads(viewer.position(0, len(deals), 0))["moves"]
    assert [first[k].count("?") for k in deals] == [0, 12, 12]
    last = json.loads(viewer.position(0, summary["reached"], 0))["moves"]
    assert all("?" not in last[k] for k in deals)  # by the last cycle, every hand was held


SHOWN_LATER = """[Game "zum-kuckuck"]
[Players "Ann Bob Cy"]
[Cockatoos "4 4 4"]

1.1. nest 3 9 (Ann 60 Bob 53 Cy 9) show Ann 59 58
1.2. nest 2 12 (Ann 58 Bob 1 Cy 49)
*
"""


def test_the_viewer_shows_a_hand_shown_later_from_its_show_on() -> None:
    """ZK-PARTIAL-SHOW: seen by Bob, Ann's hand has 11 cards nobody saw until the show,
    then 9 (the 59 and the 58 known); the 58 played, it has 10 cards, 9 unseen; the show is
    listed as its item, seen by every player."""
    viewer = web.Viewer(SHOWN_LATER)
    summary = json.loads(viewer.summary())["games"][0]
    texts = [m["text"] for m in summary["moves"]]
    show = texts.index("show Ann 59 58")
    ann = "hand 11 (11 unseen)", "hand 11 (9 unseen)", "hand 10 (9 unseen)"
    for ply, held in zip((show, show + 1, summary["reached"]), ann, strict=True):
        seen = json.loads(viewer.position(0, ply, 1))
        assert f"Ann  {held}" in seen["diagram"] and held in seen["svg"]
        assert seen["moves"][show] == "show Ann 59 58"


THIRD_PERSON = re.compile(
    r"\b[Yy]ou (places|infects|passes|keeps|swaps|cuts|plays|chooses|shows|loses|wins|is|"
    r"drops|takes|turns)\b|\bYou \w+ and (turns)\b"
)


@pytest.mark.parametrize("seed", range(4))
def test_what_is_told_reads_right_for_you_and_for_others(seed: int) -> None:
    """Words: "You keep", "Robin keeps"; each line a sentence."""
    tables = [
        {**CARDS, "seed": seed, "players": ["Alex", "Robin"]},
        {**KUCKUCK, "seed": seed},
        {**KUCKUCK, "seed": seed, "variant": "tactical"},
    ]
    for table in tables:
        said: list[str] = []
        _steps(table, "random", said=said)
        for line in said:
            assert not THIRD_PERSON.search(line), line
            assert line[0].isupper() and line.endswith("."), line


def test_the_dice_bot_and_the_re_rolls_are_the_seeds() -> None:
    """CD: the bot's move and every re-roll come from (seed, ply); a re-roll is drawn for
    the player, never taken from them."""
    setup = json.loads(web.random_setup(2))
    assert setup == json.loads(web.random_setup(2)) and len(setup["rolls"][0]) == 10
    table = {"game": "cuckoo-dice", "ruleset": "cuckoo", "seed": 2, "moves": [], **setup}
    human = "Red" if setup["first"] == "Blue" else "Blue"
    first = json.loads(web.play_next(json.dumps(table), "mcts:20", human))
    assert first == json.loads(web.play_next(json.dumps(table), "mcts:20", human))
    table = first["ok"]
    view = json.loads(web.play_view(json.dumps(table), human))
    infection = next(c for c in view["choices"] if c["roll"])
    answer = json.loads(web.play_move(json.dumps(table), infection["text"], human))
    assert answer == json.loads(web.play_move(json.dumps(table), infection["text"], human))
    (move,) = answer["ok"]["moves"][-1:]
    assert move.startswith(infection["text"] + "(")
    assert answer["said"][0].startswith("You infect: gives ") and "re-rolled" in answer["said"][0]
    given = json.loads(web.play_move(json.dumps(table), move, human))
    assert "rolled for you" in given["problem"]["detail"]


def test_the_card_game_is_played_by_tapping_the_cards_the_player_sees() -> None:
    """At each of Alex's decisions, the picture's parts stand for his choices as in the
    recorder: his own card keeps, the next player's card swaps, the deck cuts; each part is
    drawn in the picture, and each tap is a move the buttons offer."""
    decisions = 0
    for step in _steps(CARDS, "greedy")[:-1]:
        view = json.loads(web.play_view(json.dumps(step), "Alex"))
        if not view["choices"]:
            assert not view["taps"]
            continue
        decisions += 1
        state = web.load(step).state
        offered = {choice["text"] for choice in view["choices"]}
        assert view["taps"], view
        for part, (label,) in view["taps"].items():
            assert f'data-part="{part}"' in view["svg"], part
            assert label in offered
        assert view["taps"].get("seat 0") == ["keep"]
        if "swap" in offered:
            assert view["taps"][f"seat {cards.next_seat(state, 0)}"] == ["swap"]
    assert decisions >= 2


def test_zum_kuckuck_hand_is_tapped_on_the_picture() -> None:
    """At every step of a game the play page's picture draws Alex's hand, each card a part
    to tap; the taps are exactly Alex's legal plays, each part in the picture, and no other
    seat's hand is drawn."""
    seen_taps = 0
    for table in _steps(KUCKUCK, "random"):
        view = json.loads(web.play_view(json.dumps(table), "Alex"))
        svg = view["svg"]
        drawn = {int(n) for n in re.findall(r'data-part="card (\d+)"', svg)}
        assert drawn == set(view["hand"])
        plays = {c["text"] for c in view["choices"]}
        assert view["taps"] == {f"card {p}": [p] for p in plays}
        for part in view["taps"]:
            assert f'data-part="{part}"' in svg
        seen_taps += bool(view["taps"])
        state = web.load(web.common.read_table(json.dumps(table))).state
        if state.hands:
            for seat in (1, 2):
                for number in set(state.hands[seat]) - set(state.hands[0]):
                    assert f'data-part="card {number}"' not in svg
    assert seen_taps


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_on_the_play_page(level: str) -> None:
    for table in (CARDS, KUCKUCK):
        said: list[str] = []
        while level not in said:
            view = json.loads(web.play_view(json.dumps(table), "Alex"))
            if "Alex" in view["choosing"]:  # the human plays the first choice offered
                mine = view["choices"][0]["text"]
                table = json.loads(web.play_move(json.dumps(table), mine, "Alex"))["ok"]
                continue
            answer = json.loads(web.play_next(json.dumps(table), level, "Alex"))
            table, said = answer["ok"], [*said, answer.get("who", "")]
            assert len(said) < 20


def test_a_hint_for_the_humans_move_only() -> None:
    table = json.loads(web.play_next(json.dumps(CARDS), "greedy", "Alex"))["ok"]
    refused = json.loads(web.play_hint(json.dumps(table), "Alex"))
    assert refused["problem"]["detail"] == "a hint is for your own move"
    while "Alex" not in json.loads(web.play_view(json.dumps(table), "Alex"))["choosing"]:
        table = json.loads(web.play_next(json.dumps(table), "greedy", "Alex"))["ok"]
    first = json.loads(web.play_hint(json.dumps(table), "Alex"))["ok"]
    assert first == json.loads(web.play_hint(json.dumps(table), "Alex"))["ok"]
    assert first["move"] in ("keep", "swap") and first["why"].startswith(first["move"] + ": ")
    assert json.loads(web.play_move(json.dumps(table), first["move"], "Alex"))["ok"]
