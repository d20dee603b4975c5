"""Records of what was seen (spec: *cuckoo-cards/notation*, CC-PARTIAL-*): a record's
moves followed from a state, each checked, a card put in place of each one nobody saw.

Apart from :mod:`cuckoo.cards.notation`, which reads and writes records, so that the
compiled build compiles it (see setup.py): every move a record replays passes through here.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import replace

from ..errors import CuckooError, IllegalMoveError, NotationError
from ..notation import Record
from .deck import DECK, UNSEEN, Card
from .moves import Cut, Deal, Keep, Move, Show, Swap
from .rules import apply
from .state import Seat, State, next_seat

__all__ = ["deal_order", "follow", "followed"]


def followed(record: Record, state: State) -> Generator[State, None, State]:
    """*state*, then the state after each move of *record* played from it, each checked
    (:func:`follow`); an error is placed at its move.  Returns the last state."""
    yield state
    states = follow(state, record.moves)
    for ply, move in enumerate(record.moves):
        try:
            state = next(states)
        except CuckooError as error:
            raise record.located(error, ply, move) from None
        yield state
    return state


def follow(
    state: State, moves: Sequence[Move | Deal | Show], *, piecewise: bool = False
) -> Iterator[State]:
    """The state after each of *moves* played from *state*, each checked, the cards nobody
    saw hidden (CC-PARTIAL-UNSEEN); a show-down yields the state it ends the hand in again.

    A hand with cards nobody saw must end with its show-down (CC-PARTIAL-SHOW).  With
    *piecewise* (the protocol, which is sent one move at a time), *moves* may stop at the
    dealer's decision of such a hand: the last state is then the hand waiting for its
    show-down, step ``show``, the lives not yet known; and a move out of turn is the
    engine's error, not the notation's (which reads deals and decisions as items).

    :raises CuckooError: the engine's errors, and for a deal with too many or too few
        cards (CC-NOTATION-DEAL), or a show-down out of place or missing (CC-PARTIAL-SHOW).
    """
    dealt = state  # the state before the deal of the hand under way
    first = 0  # the ply of its first card
    filled: dict[int, Card] = {}  # a card put in place of each ? of that hand, by ply
    for ply, move in enumerate(moves):
        if isinstance(move, Show):
            _show(dealt, state, move, moves[first:ply])
            yield state
            continue
        if not (state.is_over or piecewise) and isinstance(move, Deal) != (state.step == "deal"):
            raise NotationError(
                f"each hand deals one card to each of the {len(state.active)} players "
                "still in the game, then each decides",
                rule="CC-NOTATION-DEAL",
            )
        if isinstance(move, Deal) and state.step == "deal" and not any(state.cards):
            dealt, first, filled = state, ply, _filled(state, moves, ply)
        if not filled:  # every card of the hand seen: the common case
            state = apply(state, move)
            yield state
            continue
        before, state = state, apply(state, Deal(filled[ply]) if ply in filled else move)
        later = moves[ply + 1] if ply + 1 < len(moves) else None
        if state.hands > before.hands and not isinstance(later, Show):
            if later is None and piecewise:
                state = replace(before, cards=state.shown, step="show")
            else:
                raise NotationError(
                    "cards of this hand were not seen: its show-down, show and the card "
                    "each player still in holds, follows the dealer's decision",
                    rule="CC-PARTIAL-SHOW",
                )
        hidden = frozenset(filled.values()) & set(state.cards)
        yield replace(state, unseen=hidden) if hidden else state


def deal_order(state: State) -> list[Seat]:
    """The seats in the order of the deal: from the dealer's neighbour, the dealer last."""
    seats = [next_seat(state, state.dealer)]
    while seats[-1] != state.dealer:
        seats.append(next_seat(state, seats[-1]))
    return seats


def _show(dealt: State, state: State, show: Show, hand: Sequence[object]) -> None:
    """CC-PARTIAL-SHOW: a show-down follows the dealer's decision and shows what each
    player still in then held, in the order of the deal; *hand* is the hand's moves before
    it. A card the table saw shown where the deal and the decisions cannot have put it is
    refused here, naming the show-down (:func:`_filled` put another card in that ?)."""
    before = hand[-1] if hand else None
    if not isinstance(before, (Keep, Cut)) or state.hands != dealt.hands + 1:
        raise NotationError(
            "a show-down ends a hand: it follows the dealer's decision", rule="CC-PARTIAL-SHOW"
        )
    order = deal_order(dealt)
    if len(show.cards) != len(order):
        raise NotationError(
            f"a show-down shows one card for each of the {len(order)} players in the hand",
            rule="CC-PARTIAL-SHOW",
        )
    names = [state.players[seat] for seat in order]
    for k, card in enumerate(show.cards):
        if card in show.cards[:k]:
            raise IllegalMoveError(
                f"{names[show.cards.index(card)]} and {names[k]} cannot both show {card}: "
                "the deck has one of each card",
                rule="CC-CARD-DECK",
            )
    for seat, name, card in zip(order, names, show.cards, strict=True):
        held = state.shown[seat]
        if held == card:
            continue
        seen = _seen(dealt, hand)
        holders = [state.players[s] for s in order if state.shown[s] == card]
        if card in seen:
            where = f"{holders[0]}'s hand" if holders else ""
            why = f"the deal and the decisions leave it in {where}" if where else seen[card]
        else:
            known = held in seen or held in show.cards
            why = f"the deal and the decisions leave {held if known else 'another card'} in "
            why += "that hand"
        raise IllegalMoveError(f"{name} cannot show {card}: {why}", rule="CC-PARTIAL-SHOW")


def _seen(dealt: State, hand: Sequence[object]) -> dict[Card, str]:
    """The cards the table saw in *hand* (its moves, from *dealt*), each with what became
    of it if no hand holds it at the show-down: dealt face up, or turned up by the cut."""
    dealer = dealt.players[dealt.dealer]
    deals = [m.card for m in hand if isinstance(m, Deal)]
    seen = {card: f"{dealer} discarded it by cutting" for card in deals if card != UNSEEN}
    for move in hand:
        if isinstance(move, Cut) and move.card is not None:
            king = ", and a king turned up goes back on the stock" if move.card.is_king else ""
            seen[move.card] = f"the cut turned it up{king}"
    return seen


def _filled(state: State, moves: Sequence[Move | Deal | Show], ply: int) -> dict[int, Card]:
    """CC-PARTIAL-UNSEEN: for the hand dealt from *ply*, a card for each ? of its deal: the
    one its show-down and decisions imply, traced back; any card seen nowhere in the hand,
    and no king, where nothing implies one (a card the dealer discarded, or a hand not yet
    shown).  Kings never change hands, so that choice makes the decisions legal whenever
    any choice does."""
    order = deal_order(state)
    deals = moves[ply : ply + len(order)]
    if not any(isinstance(m, Deal) and m.card == UNSEEN for m in deals):
        return {}
    end = ply + len(deals)
    while end < len(moves) and not isinstance(moves[end], (Deal, Show)):
        end += 1
    decisions = moves[ply + len(deals) : end]
    held: dict[Seat, Card] = {}
    if end < len(moves) and isinstance(moves[end], Show) and len(decisions) == len(order):
        show = moves[end]
        assert isinstance(show, Show)
        held = dict(zip(order, show.cards, strict=False))
        for seat, decision in reversed(list(zip(order, decisions, strict=True))):
            if isinstance(decision, Cut) and decision.card and not decision.card.is_king:
                held[seat] = UNSEEN  # CC-CUT: the card discarded is not shown
            elif isinstance(decision, Swap) and seat in held:
                theirs = next_seat(state, seat)
                mine, other = held[seat], held.get(theirs, UNSEEN)
                if not other.is_king:  # CC-SWAP-KING: a king there stopped it
                    held[seat], held[theirs] = other, mine
    taken = {m.card for m in deals if isinstance(m, Deal)}  # seen at the table
    taken |= {m.card for m in decisions if isinstance(m, Cut) and m.card}
    free = (c for c in DECK if c not in taken and c not in held.values() and not c.is_king)
    filled = {}
    for k, (seat, move) in enumerate(zip(order, deals, strict=False)):
        if isinstance(move, Deal) and move.card == UNSEEN:
            card = held.get(seat, UNSEEN)
            # a card the table saw elsewhere, or shown twice: the show-down contradicts
            # what was seen, and is refused as such (_show), the decisions checked first
            filled[ply + k] = card if card != UNSEEN and card not in taken else next(free)
            taken.add(filled[ply + k])
    return filled
