"""What each player can still show at a show-down with some cards entered already
(spec: *cuckoo-cards/notation*, CC-PARTIAL-SHOW): the cards some deal and the decisions
seen leave in that hand, and, for any other card, the rule that rules it out, said in a
player's words.

Kings never change hands (CC-SWAP-KING, CC-KING-HELD), and whether a card is a king is all
the decisions read of it; so each hand's possible deals fall into a few kinds, one for each
choice of which unseen cards were kings. Each kind, played through the decisions, says
which card dealt each player ends with; the cards the table saw fix the rest.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from ..errors import CuckooError
from .deck import DECK, UNSEEN, Card
from .moves import Cut, Deal, Keep, Move, Show, Swap
from .partial import deal_order, follow
from .state import State

__all__ = ["Offer", "Ruled", "offer", "ruled_out", "standing"]

_KINGS = frozenset(c for c in DECK if c.is_king)


@dataclass(frozen=True)
class Offer:
    """The next player's possible cards once *shown* (in the order of the deal) is entered."""

    names: tuple[str, ...]
    """The players in the hand, in the order of the deal (the dealer last)."""
    shown: tuple[Card, ...]
    cards: tuple[tuple[Card, ...], ...]
    """For each player still to show, in order, every card that some show-down going on
    from *shown* gives them (in the deck's order)."""


@dataclass(frozen=True)
class Ruled:
    """A card the next player cannot show: the rule that rules it out, and why."""

    card: Card
    rule: str
    why: str


@dataclass(frozen=True)
class _Hand:
    names: tuple[str, ...]
    dealt: tuple[Card, ...]
    """The card dealt to each player in the order of the deal, UNSEEN for one nobody saw."""
    decisions: tuple[Move, ...]
    cut: Card | None
    """The card the dealer's cut turned up."""

    @property
    def seen(self) -> dict[Card, str]:
        """Every card the table saw in this hand, with where."""
        where = {
            c: f"it was dealt face up to {n}" for c, n in zip(self.dealt, self.names, strict=True)
        }
        where.pop(UNSEEN, None)
        if self.cut is not None:
            where[self.cut] = "the dealer's cut turned it up" + (
                ", and a king turned up goes back on the stock" if self.cut.is_king else ""
            )
        return where


def _read(dealt: State, hand: Sequence[Move | Deal]) -> _Hand:
    order = deal_order(dealt)
    names = tuple(dealt.players[seat] for seat in order)
    deals = [m.card for m in hand if isinstance(m, Deal)]
    decisions = tuple(m for m in hand if isinstance(m, (Keep, Swap, Cut)))
    if len(deals) != len(order) or len(decisions) != len(order):
        raise ValueError("a hand is its deal and every player's decision")
    last = decisions[-1]
    cut = last.card if isinstance(last, Cut) else None
    return _Hand(names, tuple(deals), decisions, cut)


@dataclass(frozen=True)
class _Kind:
    """One kind of deal: which unseen cards were kings. *ends[j]* is the place in the deal
    of the card player *j* shows, or -1 for the card the dealer's cut turned up; *king[i]*
    whether the card dealt at place *i* is a king."""

    king: tuple[bool, ...]
    ends: tuple[int, ...]


def _kinds(hand: _Hand) -> Iterator[_Kind]:
    """Every kind of deal with which the decisions are legal (a king held is kept)."""
    free = [i for i, c in enumerate(hand.dealt) if c == UNSEEN]
    for bits in product((False, True), repeat=len(free)):
        king = [c.is_king for c in hand.dealt]
        for i, bit in zip(free, bits, strict=True):
            king[i] = bit
        held = list(range(len(king)))  # the place in the deal of each player's card
        legal = True
        for j, decision in enumerate(hand.decisions):
            if isinstance(decision, Keep):
                continue
            if king[held[j]]:  # CC-KING-HELD: a king is kept
                legal = False
                break
            if isinstance(decision, Swap):
                if not king[held[(j + 1) % len(held)]]:  # CC-SWAP-KING
                    held[j], held[(j + 1) % len(held)] = held[(j + 1) % len(held)], held[j]
            elif decision.card is not None and not decision.card.is_king:  # CC-CUT-KING
                held[j] = -1
        if legal:
            yield _Kind(tuple(king), tuple(held))


def _fits(hand: _Hand, kind: _Kind, placed: dict[int, Card]) -> bool:
    """Whether a show-down giving each player of *placed* (by place in the order of the
    deal) that card goes with *kind*, the others given cards that can be."""
    seen = hand.seen
    if len(set(placed.values())) < len(placed):
        return False
    if not all(_may_hold(hand, kind, j, card, seen) for j, card in placed.items()):
        return False
    used = set(placed.values())
    kings = 0  # the players left a fresh king
    for j, place in enumerate(kind.ends):
        if j in placed:
            continue
        fixed = _fixed(hand, place)
        if fixed is not None:
            if fixed in used:
                return False
            used.add(fixed)
        elif kind.king[place]:
            kings += 1
    return kings <= len(_KINGS - used - set(seen))


def _fixed(hand: _Hand, place: int) -> Card | None:
    """The card seen at *place* of the deal (-1: the card the cut turned up), if seen."""
    card = hand.cut if place < 0 else hand.dealt[place]
    return None if card is None or card == UNSEEN else card


def _may_hold(hand: _Hand, kind: _Kind, j: int, card: Card, seen: dict[Card, str]) -> bool:
    fixed = _fixed(hand, kind.ends[j])
    if fixed is not None:
        return card == fixed
    return card not in seen and card.is_king == kind.king[kind.ends[j]]


def offer(
    dealt: State, hand: Sequence[Move | Deal], shown: Sequence[Card], ahead: int = 0
) -> Offer:
    """What each player still to show can show once *shown* is entered, in a hand played
    from *dealt* with *hand*'s moves (its deal and every decision, the dealer's last); with
    *ahead*, only the next *ahead* players (a page asking one card at a time needs one).
    A card is offered when some show-down going on with it is one the engine accepts.

    :raises ValueError: for *hand* not a whole hand's deal and decisions.
    """
    read = _read(dealt, hand)
    entered = dict(enumerate(shown))
    kinds = [k for k in _kinds(read) if _fits(read, k, entered)]
    cards = tuple(
        tuple(c for c in DECK if any(_fits(read, k, {**entered, j: c}) for k in kinds))
        for j in range(len(shown), len(read.names))[: ahead or None]
    )
    return Offer(read.names, tuple(shown), cards)


def standing(dealt: State, hand: Sequence[Move | Deal], shown: Sequence[Card]) -> int:
    """How many of the cards *shown* still stand: the first that the hand rules out, and
    all after it, do not (a reload, or the dealer's decision changed, keeps the others)."""
    for k in range(len(shown)):
        if shown[k] not in offer(dealt, hand, shown[:k], 1).cards[0]:
            return k
    return len(shown)


def ruled_out(
    dealt: State, hand: Sequence[Move | Deal], shown: Sequence[Card], card: Card
) -> Ruled:
    """Why the next player cannot show *card* after *shown*: the rule the engine refuses
    the show-down by (the players after them given cards seen nowhere, no kings), and what
    was seen that rules it out, in a player's words.

    :raises ValueError: for a card the next player can show.
    """
    read = _read(dealt, hand)
    can = offer(dealt, hand, shown, 1).cards[0]
    if card in can:
        raise ValueError(f"{read.names[len(shown)]} can show {card}")
    taken = set(shown) | set(read.seen) | {card}
    rest = [c for c in DECK if c not in taken and not c.is_king][: len(read.names) - len(shown) - 1]
    rule = "CC-PARTIAL-SHOW"
    try:
        for _ in follow(dealt, [*hand, Show((*shown, card, *rest))]):
            pass
    except CuckooError as error:
        rule = error.rule or rule
    words = f"{read.names[len(shown)]} cannot show {card}: {_why(read, shown, card, can)}"
    return Ruled(card, rule, words)


def _why(hand: _Hand, shown: Sequence[Card], card: Card, can: Sequence[Card]) -> str:
    """What the table saw that rules *card* out for the next player, in a player's words;
    *can* is what they can show."""
    if card in shown:
        who = hand.names[shown.index(card)]
        return f"{who} showed it already, and the deck has one of each card"
    seen = hand.seen
    if len(can) == 1 and can[0] in seen:
        if can[0] == hand.cut:
            return f"the dealer's cut gave them {can[0]}"
        owner = hand.names[hand.dealt.index(can[0])]
        if owner == hand.names[len(shown)]:
            return f"{can[0]} was dealt to them face up, and the decisions leave it with them"
        return f"{can[0]} was dealt face up to {owner}, and the decisions pass it to them"
    if card in seen:
        return seen[card]
    if card.is_king:
        return "a king never changes hands, and the deal and the decisions leave none there"
    if can and all(c.is_king for c in can):
        return "a king stopped a swap there, so they hold a king"
    return "the deal and the decisions seen leave another card in that hand"
