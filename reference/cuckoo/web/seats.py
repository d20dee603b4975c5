"""What the player at one seat may know: the cards face down to them, the hands they
have held, and the record as they would have written it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .. import cards
from ..seen import seen_moves
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


def seen_text(loaded: Table, seat: int) -> str:
    """The record of *loaded* as the player at *seat* would have written it: the cards not
    seen are ``?`` (CC-PARTIAL-UNSEEN, ZK-PARTIAL-UNSEEN) and each finished hand of the
    card game ends with its show-down (CC-PARTIAL-SHOW)."""
    setup, moves = seen_moves(loaded.game, loaded.setup, loaded.moves, loaded.states, seat)
    return replace(loaded, setup=setup, moves=moves, texts=(), ends=()).text()
