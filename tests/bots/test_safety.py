"""Zum Kuckuck!: ``hard`` never turns a cockatoo card it could have kept with a card in hand
when the cards its seat has seen show that card safe (issue #53)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from cuckoo import kuckuck
from cuckoo.kuckuck.rules import settle
from cuckoo.kuckuck.state import changed
from cuckoo.players.bots import bot_named
from cuckoo.players.safety import surely_safe


def _at_play(variant: str, seed: int, players: int = 4) -> list[Any]:
    """Every position of a random match where number cards are chosen."""
    rules = kuckuck.rules(variant=variant)
    state = kuckuck.new_game(rules, kuckuck.Setup(tuple(f"P{i + 1}" for i in range(players))))
    rng, found = Random(seed), []
    while not state.is_over:
        if state.is_chance:
            state = kuckuck.apply(state, kuckuck.random_outcome(state, rng))
            continue
        found.append(state)
        state = kuckuck.apply(state, rng.choice(kuckuck.legal_moves(state)))
    return found


def _round(seat_hand: set[int], **fields: Any) -> kuckuck.State:
    """A basic round of four, cycle 1, at its play step, seat 0 to choose, as *fields* set."""
    state = next(s for s in _at_play("basic", 1) if s.round == 4 and 0 in kuckuck.choosing(s))
    hands = (frozenset(seat_hand), *state.hands[1:])
    return changed(state, hands=hands, plays=(None,) * 4, out=frozenset(), **fields)


def test_a_low_card_nothing_can_undercut_is_safe_with_an_empty_nest() -> None:
    """ZK-ROUND-TAKE, ZK-ROUND-TURN: 11 and 12 up, an empty nest (the lowest of all), two
    cockatoo cards, and a 2 with the 1 already shown: the 2 takes nothing, whoever takes the
    11 and the 12 shows a higher nest. The 33 may take the 12 and turn."""
    state = _round(
        {2, 33, 47},
        shown=(11, 12),
        nests=((), (5,), (7,), (9,)),
        cockatoos=(2, 3, 3, 3),
        played=((20,), (1,), (30,), (40,)),
    )
    assert surely_safe(state, 0) == (2,)
    assert bot_named("hard", "zum-kuckuck").choose(state, Random(0), 0).number == 2


def test_the_highest_card_takes_the_lower_nest_card_for_certain() -> None:
    """ZK-ROUND-TAKE, ZK-ROUND-DROP: the last cockatoo card at stake, a 12 on top, 3 and 8
    up, and the game's highest card in hand: the 60 surely takes the 3, and whoever takes
    the 8 shows more. The 2 keeps the 12 on top and drops out."""
    state = _round(
        {2, 25, 60},
        shown=(3, 8),
        nests=((12,), (5,), (6,), (4,)),
        cockatoos=(1, 2, 2, 2),
        played=((), (), (), ()),
    )
    assert surely_safe(state, 0) == (60,)
    assert bot_named("hard", "zum-kuckuck").choose(state, Random(0), 0).number == 60


def test_no_certainty_is_claimed_where_the_round_may_go_either_way() -> None:
    """A middling card against hands nobody saw: no card is surely safe, and the bot's
    search decides as before."""
    state = _round(
        {20, 30, 40},
        shown=(6, 10),
        nests=((8,), (5,), (6,), (4,)),
        cockatoos=(2, 2, 2, 2),
        played=((), (), (), ()),
    )
    assert surely_safe(state, 0) == ()


@pytest.mark.parametrize("variant", ["basic", "tactical"])
def test_every_card_called_safe_is_safe_whatever_the_others_play(variant: str) -> None:
    """Soundness, in real positions: a card called surely safe, played against every
    choice the others could really make (their true hands), never turns the seat's card."""
    checked = 0
    for seed in range(3):
        for state in _at_play(variant, seed)[::5]:
            seat = kuckuck.choosing(state)[0]
            for card in surely_safe(state, seat):
                others = [s for s in state.active if s != seat and state.plays[s] is None]
                for rng_seed in range(8):
                    rng = Random(rng_seed)
                    plays = list(state.plays)
                    plays[seat] = card
                    for other in others:
                        plays[other] = rng.choice(sorted(state.hands[other]))
                    _, turnings = settle(changed(state, plays=tuple(plays)))
                    assert all(seat not in t.turned + t.dropped for t in turnings)
                checked += 1
    assert checked > 10


def test_hard_plays_a_safe_card_whenever_it_holds_one() -> None:
    """In real positions of random matches where some card in hand is surely safe and
    another is not, ``hard`` plays a safe one (it searches among them alone)."""
    bot, played = bot_named("hard", "zum-kuckuck"), 0
    for state in _at_play("basic", 4)[::3]:
        seat = kuckuck.choosing(state)[0]
        safe = surely_safe(state, seat)
        if safe and len(safe) < len(state.hands[seat]):
            assert bot.choose(state, Random(played), seat).number in safe
            played += 1
    assert played >= 2
