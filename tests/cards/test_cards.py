"""Cuckoo (cards): properties of every game, and hands worked out by hand."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import pairwise
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import IllegalMoveError, SetupError
from cuckoo.cards import (
    CUT,
    DECK,
    KEEP,
    SWAP,
    Card,
    Cut,
    Deal,
    Reveal,
    Rules,
    Setup,
    State,
    apply,
    card_named,
    chance_outcomes,
    legal_moves,
    new_game,
    random_outcome,
    rank_value,
    rules,
    winner,
)
from cuckoo.cards.notation import format_record, parse, record_of, replay
from cuckoo.cards.playout import random_game

VARIANTS = st.builds(
    Rules,
    lives=st.integers(1, 4),
    aces=st.sampled_from(["low", "high"]),
    direction=st.sampled_from(["left", "right"]),
)


def _played(variant: Rules, seed: int, players: int) -> list[State]:
    setup, moves = random_game(variant, Random(seed), players)
    states = [new_game(variant, setup)]
    for move in moves:
        states.append(apply(states[-1], move))
    return states


@settings(max_examples=60, deadline=None)
@given(VARIANTS, st.integers(0, 2**32), st.integers(2, 7))
def test_invariants_of_every_game(variant: Rules, seed: int, players: int) -> None:
    """CC-CARD-DECK: 52 distinct cards, none duplicated or lost; lives only decrease; a void
    hand changes no lives (CC-VOID); exactly one winner at the end (CC-END)."""
    states = _played(variant, seed, players)
    for before, after in pairwise(states):
        held = [c for c in after.cards if c is not None]
        assert len(held) == len(set(held)), "no card is held twice"
        assert set(held) <= after.seen | set(held) and set(DECK) >= after.seen
        assert all(a <= b for a, b in zip(after.lives, before.lives, strict=True))
        if after.hands > before.hands and not after.losers:
            assert after.lives == before.lives, "a void hand changes no lives"
            assert after.dealer == before.dealer
        elif after.hands > before.hands:
            assert sum(before.lives) - sum(after.lives) == len(after.losers)
    last = states[-1]
    assert last.is_over and winner(last) is not None
    assert [n > 0 for n in last.lives].count(True) == 1
    assert legal_moves(last) == ()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_a_king_is_never_taken_by_a_swap(seed: int, players: int) -> None:
    """CC-SWAP-KING, CC-KING-HELD: whoever holds a king during a hand still holds it when the
    cards are shown."""
    states = _played(Rules(), seed, players)
    for before, after in pairwise(states):
        if after.hands == before.hands:
            for seat, card in enumerate(before.cards):
                if card is not None and card.is_king:
                    assert after.cards[seat] == card


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_every_legal_move_applies_and_chance_is_uniform(seed: int, players: int) -> None:
    """CC-DEAL, CC-CUT, CC-TURN-CHANCE: chance outcomes are the unseen cards, each 1/n."""
    for state in _played(Rules(), seed, players)[:40]:
        for move in legal_moves(state):
            apply(state, move)
        outcomes = chance_outcomes(state)
        if state.is_chance:
            assert sum(p for _, p in outcomes) == 1
            assert {o.card for o, _ in outcomes} == set(DECK) - state.seen
        elif not state.is_over:
            assert outcomes == ()
            with pytest.raises(IllegalMoveError) as caught:
                apply(state, Deal(next(c for c in DECK if c not in state.seen)))
            assert caught.value.rule == "CC-TURN-CHANCE"


@settings(max_examples=40, deadline=None)
@given(VARIANTS, st.integers(0, 2**32), st.integers(2, 6))
def test_notation_round_trip(variant: Rules, seed: int, players: int) -> None:
    """CC-NOTATION-CANONICAL: parse(format(game)) == game, and the text is a fixed point."""
    setup, moves = random_game(variant, Random(seed), players)
    record = record_of(variant, setup, moves, [("Event", "test")])
    text = format_record(record)
    assert parse(text) == record and format_record(parse(text)) == text
    *_, last = replay(
        parse(text.upper().replace('"CUCKOO-CARDS"', '"cuckoo-cards"').replace("KEEP", "keep "))
    )
    assert winner(last) is not None


def test_card_order() -> None:
    """CC-CARD-ORDER, CC-CARD-DECK: aces low or high; the ten written two ways."""
    assert len(set(DECK)) == 52
    assert [rank_value(Card(r, "c"), "low") for r in "A23456789TJQK"] == list(range(1, 14))
    assert rank_value(Card("A", "s"), "high") == 14 > rank_value(Card("K", "s"), "high")
    assert card_named("10h") == card_named("th") == Card("T", "h")
    assert card_named("1h") is None and card_named("Kx") is None


THREE = Setup(("Ann", "Ben", "Cid"), 0)


def _hand(state: State, *deal: str) -> State:
    for name in deal:
        card = card_named(name)
        assert card is not None
        state = apply(state, Deal(card))
    return state


def test_a_hand_worked_by_hand() -> None:
    """CC-DEAL, CC-TURN-ORDER, CC-SWAP, CC-KEEP, CC-LOWEST, CC-NEXT-DEALER.

    Ann deals: Ben 7h, Cid 3c, Ann 9s. Ben swaps with Cid (Ben 3c, Cid 7h); Cid swaps with
    Ann (Cid 9s, Ann 7h); Ann keeps. Lowest: Ben's 3c, so Ben loses a life; Ben deals next.
    """
    state = _hand(new_game(None, THREE), "7h", "3c", "9s")
    assert state.to_act == 1 and legal_moves(state) == (KEEP, SWAP)
    state = apply(apply(state, SWAP), SWAP)
    assert legal_moves(state) == (KEEP, CUT), "the dealer cuts instead of swapping"
    state = apply(state, KEEP)
    assert state.lives == (3, 2, 3) and state.losers == (1,)
    assert state.dealer == 1 and state.step == "deal" and state.to_act == 2


def test_swapping_to_the_right() -> None:
    """CC-RULESET-PARAMS: with direction right, the deal, turn and swaps go the other way."""
    state = _hand(new_game(rules(direction="right"), THREE), "7h", "3c", "9s")
    assert state.cards == (card_named("9s"), card_named("3c"), card_named("7h"))
    assert state.to_act == 2
    state = apply(state, SWAP)  # Cid swaps with Ben, to his right
    assert state.cards[2] == card_named("3c") and state.cards[1] == card_named("7h")


def test_king_blocks_and_king_is_kept() -> None:
    """CC-SWAP-KING, CC-KING-HELD, CC-CUT, CC-SWAP."""
    state = _hand(new_game(None, THREE), "7h", "Ks", "3c")
    after = apply(state, SWAP)
    assert after.cards == state.cards and after.to_act == 2, "the swap was stopped"
    assert legal_moves(after) == (KEEP,)
    with pytest.raises(IllegalMoveError) as caught:
        apply(after, SWAP)
    assert caught.value.rule == "CC-KING-HELD"
    with pytest.raises(IllegalMoveError) as caught:
        apply(after, CUT)
    assert caught.value.rule == "CC-CUT", "only the dealer cuts"
    dealer_turn = apply(after, KEEP)
    with pytest.raises(IllegalMoveError) as caught:
        apply(dealer_turn, SWAP)
    assert caught.value.rule == "CC-SWAP", "the dealer may not swap"
    king = _hand(new_game(None, THREE), "7h", "2c", "Ks")
    with pytest.raises(IllegalMoveError) as caught:
        apply(apply(apply(king, KEEP), KEEP), CUT)
    assert caught.value.rule == "CC-KING-HELD"


def test_the_cut() -> None:
    """CC-CUT, CC-CUT-KING: a king turned up goes back; another card replaces the dealer's."""
    state = apply(apply(_hand(new_game(None, THREE), "7h", "2c", "5s"), KEEP), KEEP)
    waiting = apply(state, CUT)
    assert waiting.step == "cut" and len(chance_outcomes(waiting)) == 49
    kept = apply(waiting, Reveal(Card("K", "d")))
    assert kept.lives == (3, 3, 2), "Ann kept her 5s; Cid's 2c is lowest"
    swapped = apply(state, Cut(Card("A", "d")))
    assert swapped.lives == (2, 3, 3), "Ann took the ace, the lowest card"
    with pytest.raises(IllegalMoveError) as caught:
        apply(waiting, Reveal(Card("7", "h")))
    assert caught.value.rule == "CC-CARD-DECK", "a card already dealt is not on the stock"


def test_ties_void_hands_elimination_and_the_end() -> None:
    """CC-LOWEST (ties all lose), CC-VOID, CC-ELIMINATE, CC-END, CC-TURN-OVER."""
    two = Setup(("Ann", "Ben"), 0)
    state = _hand(new_game(rules(lives=1), two), "4h", "4c")
    state = apply(apply(state, KEEP), KEEP)
    assert state.lives == (1, 1) and state.losers == () and state.dealer == 0
    state = _hand(new_game(rules(lives=2), Setup(("Ann", "Ben", "Cid"), 0)), "4h", "4c", "9d")
    state = apply(apply(apply(state, KEEP), KEEP), KEEP)
    assert state.lives == (2, 1, 1), "both tied players lose a life"
    state = _hand(new_game(rules(lives=1), two), "9h", "3c")
    state = apply(apply(state, KEEP), KEEP)
    assert state.is_over and winner(state) == 1 and state.lives == (0, 1)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, KEEP)
    assert caught.value.rule == "CC-TURN-OVER"


def test_an_eliminated_player_is_skipped() -> None:
    """CC-ELIMINATE, CC-NEXT-DEALER: the deal passes over a player who is out."""
    state = _hand(new_game(rules(lives=1), Setup(("Ann", "Ben", "Cid"), 2)), "2h", "9c", "8d")
    state = apply(apply(apply(state, KEEP), KEEP), KEEP)
    assert state.lives == (0, 1, 1) and state.dealer == 1 and state.to_act == 2
    state = _hand(state, "5h", "6h")
    assert state.cards[0] is None and state.to_act == 2


@pytest.mark.parametrize(
    ("setup", "variant", "rule"),
    [
        (Setup(("Ann",), 0), None, "CC-SETUP-PLAYERS"),
        (Setup(("Ann", "ann"), 0), None, "CC-SETUP-PLAYERS"),
        (Setup(("Ann", "B n"), 0), None, "CC-SETUP-PLAYERS"),
        (Setup(tuple(f"P{i}" for i in range(52)), 0), None, "CC-SETUP-PLAYERS"),
        (Setup(("Ann", "Ben"), 2), None, "CC-SETUP-DEALER"),
    ],
)
def test_bad_setups(setup: Setup, variant: Rules | None, rule: str) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(variant, setup)
    assert caught.value.rule == rule


@pytest.mark.parametrize("overrides", [{"lives": 0}, {"aces": "middle"}, {"speed": 1}])
def test_bad_variants(overrides: dict[str, object]) -> None:
    with pytest.raises(SetupError) as caught:
        rules(**overrides)
    assert caught.value.rule == "CC-RULESET-PARAMS"


def test_random_play_is_seeded() -> None:
    assert random_game(Rules(), Random(5)) == random_game(Rules(), Random(5))
    state = new_game(None, THREE)
    assert random_outcome(state, Random(1)) == random_outcome(state, Random(1))
    assert Counter(type(m) for m in random_game(Rules(), Random(5))[1])[Deal] >= 4


def test_states_are_values() -> None:
    state = new_game(None, THREE)
    assert replace(state) == state and hash(state) == hash(replace(state))
