"""What the player at one seat has seen of a card game: the record as they would have
written it, with the cards they never saw as ``?``.

The play page and ``cuckoo play`` keep the game whole for the bots and the rules, and write
this instead until the game is over, so that a record saved mid-game tells no hidden card;
the conformance runner sends such records to the engine under test.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from . import cards, kuckuck
from .cards import deck as cards_deck
from .cards import notation as cards_notation
from .kuckuck import cards as kuckuck_cards

__all__ = ["held_by", "seen_moves"]


def held_by(state: kuckuck.State, seat: int, owner: int) -> bool:
    """Whether *seat* has held the hand first dealt to *owner* by *state*'s cycle (in
    cycle c each seat holds the hand dealt c seats to its right: ZK-CYCLE-PASS)."""
    cycle = min(state.cycle, len(state.players) - 1) if state.hands else 0
    return (seat - owner) % len(state.players) <= cycle


def seen_moves(
    game: str, setup: Any, moves: Sequence[Any], states: Sequence[Any], seat: int
) -> tuple[Any, tuple[Any, ...]]:
    """The setup and moves of a card game as the player at *seat* would have written them:
    the cards not seen are ``?`` (CC-PARTIAL-UNSEEN, ZK-PARTIAL-UNSEEN) and each finished
    hand of the card game ends with its show-down (CC-PARTIAL-SHOW). *states* holds the
    position before the first of *moves* and after each."""
    seen: list[Any] = []
    if game == cards_notation.GAME:
        order: list[int] = []
        for move, (before, after) in zip(moves, pairwise(states), strict=True):
            if isinstance(move, cards.Deal) and not any(before.cards):
                order = [cards.next_seat(before, before.dealer)]
                while order[-1] != before.dealer:
                    order.append(cards.next_seat(before, order[-1]))
            mine = not isinstance(move, cards.Deal) or before.to_act == seat
            seen.append(move if mine else cards.Deal(cards_deck.UNSEEN))
            if after.hands > before.hands:
                shown = (after.shown[s] for s in order)
                seen.append(cards.Show(tuple(c for c in shown if c)))
        return setup, tuple(seen)
    last = states[-1]
    n = len(last.players)
    dealt = [m.number for m in moves if isinstance(m, kuckuck.Deal)]
    hands = [dealt[k : k + kuckuck.HAND_SIZE] for k in range(0, len(dealt), kuckuck.HAND_SIZE)]
    counts = tuple(kuckuck.cockatoos(h) for h in hands) if len(hands) == n else ()
    for k, move in enumerate(moves):
        owner = k // kuckuck.HAND_SIZE
        if isinstance(move, kuckuck.Deal) and counts and not held_by(last, seat, owner):
            move = kuckuck.Deal(kuckuck_cards.UNSEEN)
        seen.append(move)
    return kuckuck.Setup(setup.players, counts), tuple(seen)
