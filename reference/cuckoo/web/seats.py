"""What the player at one seat may know: the cards face down to them, the hands they
have held, and the record as they would have written it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from .. import cards, kuckuck
from ..cards import deck as cards_deck
from ..cards import notation as cards_notation
from ..kuckuck import cards as kuckuck_cards
from .table import Table


def known_cards(
    states: Sequence[cards.State], moves: Sequence[Any], seat: int | None
) -> cards.State:
    """The last of *states* (the state before each of *moves*, then the one after the
    last) with the cards *seat* cannot know face down (None: everyone's view).

    A seat knows its own card; the card it gave away or got in a swap, as long as it stays
    where it went; a king shown against a swap (CC-SWAP-KING).  A new hand starts afresh:
    the cut card and the show-down end a hand in the open."""
    last = states[-1]
    if seat is None:
        return last
    known: dict[int, cards.Card | None] = {}
    for before, move in zip(states, moves, strict=False):
        if not isinstance(move, cards.Swap) or before.step != "decide":
            if isinstance(move, cards.Deal) and not any(before.cards):
                known = {}
            continue
        mover = before.to_act
        neighbour = cards.next_seat(before, mover)
        theirs = before.cards[neighbour]
        known[seat] = before.cards[seat]
        if theirs is not None and theirs.is_king:
            known[neighbour] = theirs
        else:
            known[mover], known[neighbour] = known.get(neighbour), known.get(mover)
    hidden = {
        card
        for other, card in enumerate(last.cards)
        if card is not None and other != seat and known.get(other) != card
    }
    return replace(last, unseen=last.unseen | hidden)


def held_by(state: kuckuck.State, seat: int, owner: int) -> bool:
    """Whether *seat* has held the hand first dealt to *owner* by *state*'s cycle (in
    cycle c each seat holds the hand dealt c seats to its right: ZK-CYCLE-PASS)."""
    cycle = min(state.cycle, len(state.players) - 1) if state.hands else 0
    return (seat - owner) % len(state.players) <= cycle


def seen_text(loaded: Table, seat: int) -> str:
    """The record of *loaded* as the player at *seat* would have written it: the cards not
    seen are ``?`` (CC-PARTIAL-UNSEEN, ZK-PARTIAL-UNSEEN) and each finished hand of the
    card game ends with its show-down (CC-PARTIAL-SHOW)."""
    moves: list[Any] = []
    if loaded.game == cards_notation.GAME:
        order: list[int] = []
        for move, (before, after) in zip(loaded.moves, pairwise(loaded.states), strict=True):
            if isinstance(move, cards.Deal) and not any(before.cards):
                order = [cards.next_seat(before, before.dealer)]
                while order[-1] != before.dealer:
                    order.append(cards.next_seat(before, order[-1]))
            mine = not isinstance(move, cards.Deal) or before.to_act == seat
            moves.append(move if mine else cards.Deal(cards_deck.UNSEEN))
            if after.hands > before.hands:
                shown = (after.shown[s] for s in order)
                moves.append(cards.Show(tuple(c for c in shown if c)))
        return replace(loaded, moves=tuple(moves), texts=(), ends=()).text()
    last = loaded.state
    n = len(last.players)
    dealt = [m.number for m in loaded.moves if isinstance(m, kuckuck.Deal)]
    hands = [dealt[k : k + kuckuck.HAND_SIZE] for k in range(0, len(dealt), kuckuck.HAND_SIZE)]
    counts = tuple(kuckuck.cockatoos(h) for h in hands) if len(hands) == n else ()
    for k, move in enumerate(loaded.moves):
        owner = k // kuckuck.HAND_SIZE
        if isinstance(move, kuckuck.Deal) and counts and not held_by(last, seat, owner):
            move = kuckuck.Deal(kuckuck_cards.UNSEEN)
        moves.append(move)
    setup = kuckuck.Setup(loaded.setup.players, counts)
    return replace(loaded, setup=setup, moves=tuple(moves), texts=(), ends=()).text()
