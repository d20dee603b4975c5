"""What a player may do in the card game, and what it does (spec: *cuckoo-cards/hand*).

One pure :func:`apply` with a branch per kind of move; every condition goes through
:func:`~cuckoo.errors.require` with its rule ID.  Chance (the deal, the stock's top card)
is a move of its own, with outcomes and exact probabilities from :func:`chance_outcomes`.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import filterfalse
from random import Random
from typing import Final

from ..errors import IllegalMoveError, require
from .deck import DECK, Card, rank_value
from .moves import CUT, KEEP, SWAP, Cut, Deal, Keep, Move, Reveal, Swap
from .state import Seat, State, Step, next_seat

__all__ = ["apply", "chance_outcomes", "legal_moves", "random_outcome", "winner"]

_IN_DECK: Final = frozenset(DECK)
"""CC-CARD-DECK: the 52 cards, as a set (whether a card is one of them, in one look-up)."""


def _remaining(state: State) -> list[Card]:
    """The stock: the cards not seen this hand, in the deck's order."""
    return list(filterfalse(state.seen.__contains__, DECK))


def chance_outcomes(state: State) -> tuple[tuple[Deal | Reveal, Fraction], ...]:
    """The cards that can come next, each equally likely; empty at a decision."""
    if not state.is_chance:
        return ()
    cards = _remaining(state)
    kind = Deal if state.step == "deal" else Reveal
    return tuple((kind(card), Fraction(1, len(cards))) for card in cards)


def random_outcome(state: State, rng: Random) -> Deal | Reveal:
    """A chance outcome drawn with *rng*."""
    card = rng.choice(_remaining(state))
    return Deal(card) if state.step == "deal" else Reveal(card)


def legal_moves(state: State) -> tuple[Move | Deal | Reveal, ...]:
    """The moves of the player to act, or the chance outcomes; none once the game is over."""
    if state.is_chance:
        return tuple(outcome for outcome, _ in chance_outcomes(state))
    if state.is_over:
        return ()
    held = state.cards[state.to_act]
    assert held is not None
    if held.is_king:
        return (KEEP,)  # CC-KING-HELD
    return (KEEP, CUT if state.to_act == state.dealer else SWAP)


def apply(state: State, move: Move | Deal | Reveal) -> State:
    """The state after *move*; *state* itself is unchanged.

    :raises IllegalMoveError: naming the rule the move breaks.
    """
    require(not state.is_over, "CC-TURN-OVER", "the game is over: no move is legal")
    if isinstance(move, (Deal, Reveal)):
        expected = "deal" if isinstance(move, Deal) else "cut"
        require(
            state.step == expected,
            "CC-TURN-CHANCE",
            lambda: f"no {type(move).__name__.lower()} is due now",
        )
        card = move.card
        require(
            card in _IN_DECK and card not in state.seen,
            "CC-CARD-DECK",
            lambda: f"{card} is not in the stock",
        )
        return _deal(state, card) if isinstance(move, Deal) else _reveal(state, card)
    require(state.step == "decide", "CC-TURN-CHANCE", "a card must be dealt or revealed first")
    mover = state.to_act
    held = state.cards[mover]
    assert held is not None
    name = state.players[mover]
    if isinstance(move, Keep):
        return _next(state)
    if isinstance(move, Swap):
        require(mover != state.dealer, "CC-SWAP", lambda: f"{name} deals: the dealer cuts instead")
        require(not held.is_king, "CC-KING-HELD", lambda: f"{name} holds a king and keeps it")
        return _next(_swap(state, mover))
    if isinstance(move, Cut):
        require(mover == state.dealer, "CC-CUT", lambda: f"only the dealer cuts; {name} may swap")
        require(not held.is_king, "CC-KING-HELD", lambda: f"{name} holds a king and keeps it")
        waiting = _changed(state, step="cut")
        return waiting if move.card is None else apply(waiting, Reveal(move.card))
    raise IllegalMoveError(f"not a move: {move!r}", rule="CC-TURN-ORDER")


def _changed(
    state: State,
    *,
    dealer: Seat | None = None,
    cards: tuple[Card | None, ...] | None = None,
    seen: frozenset[Card] | None = None,
    step: Step | None = None,
    to_act: Seat | None = None,
) -> State:
    """*state* with what a move changes set anew: within a hand, the cards held, those
    seen, the step and who acts; between hands, the dealer too; never the lives, which
    only :func:`_end_of_hand` sets.  (What :func:`dataclasses.replace` makes, built
    directly: this is the hot path.)"""
    return State(
        state.rules,
        state.players,
        state.lives,
        state.dealer if dealer is None else dealer,
        state.cards if cards is None else cards,
        state.seen if seen is None else seen,
        state.step if step is None else step,
        state.to_act if to_act is None else to_act,
        state.hands,
        state.losers,
        state.shown,
    )


def _deal(state: State, card: Card) -> State:
    """CC-DEAL: one card to each player in turn, the dealer last."""
    cards = list(state.cards)
    cards[state.to_act] = card
    return _changed(
        state,
        cards=tuple(cards),
        seen=state.seen | {card},
        step="decide" if state.to_act == state.dealer else "deal",
        to_act=next_seat(state, state.to_act),  # after the dealer, the first to decide
    )


def _swap(state: State, mover: Seat) -> State:
    """CC-SWAP, CC-SWAP-KING: the cards change hands unless the neighbour shows a king."""
    neighbour = next_seat(state, mover)
    theirs = state.cards[neighbour]
    assert theirs is not None
    if theirs.is_king:
        return state
    cards = list(state.cards)
    cards[mover], cards[neighbour] = theirs, cards[mover]
    return _changed(state, cards=tuple(cards))


def _reveal(state: State, card: Card) -> State:
    """CC-CUT, CC-CUT-KING: a king goes back on the stock; any other card replaces the
    dealer's, which is discarded."""
    seen = state.seen | {card}
    if card.is_king:
        return _end_of_hand(_changed(state, step="decide", seen=seen))
    cards = list(state.cards)
    cards[state.dealer] = card
    return _end_of_hand(_changed(state, cards=tuple(cards), seen=seen, step="decide"))


def _next(state: State) -> State:
    """CC-TURN-ORDER: the next player decides; after the dealer, the hand is shown."""
    if state.to_act == state.dealer:
        return _end_of_hand(state)
    return _changed(state, to_act=next_seat(state, state.to_act))


def _end_of_hand(state: State) -> State:
    """CC-LOWEST, CC-VOID, CC-ELIMINATE, CC-NEXT-DEALER, CC-END."""
    active = state.active
    values = {s: rank_value(c, state.rules.aces) for s in active if (c := state.cards[s])}
    low = min(values.values())
    losers = tuple(s for s in active if values[s] == low)
    lives = list(state.lives)
    void = all(lives[s] == 1 for s in losers) and len(losers) == len(active)
    if not void:
        for seat in losers:
            lives[seat] -= 1
    after = State(
        rules=state.rules,
        players=state.players,
        lives=tuple(lives),
        dealer=state.dealer,
        cards=(None,) * len(state.players),
        seen=frozenset(),
        step=state.step,
        to_act=state.to_act,
        hands=state.hands + 1,
        losers=() if void else losers,
        shown=state.cards,
    )
    if len(after.active) == 1:
        return _changed(after, step="over", to_act=after.active[0])
    dealer = state.dealer if void else next_seat(after, state.dealer)
    return _changed(after, dealer=dealer, step="deal", to_act=next_seat(after, dealer))


def winner(state: State) -> Seat | None:
    """CC-END: the last player in the game, once there is one."""
    return state.to_act if state.is_over else None
