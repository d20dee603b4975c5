"""The 52 cards and their order (spec chapter *cuckoo-cards/components*)."""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = ["DECK", "RANKS", "SUITS", "UNSEEN", "Card", "card_named", "rank_value"]

RANKS: Final = "A23456789TJQK"
"""Ranks in ascending order with aces low (CC-CARD-ORDER)."""
SUITS: Final = "cdhs"
KING: Final = "K"


class Card(NamedTuple):
    """A playing card; suits never matter in Cuckoo, but they tell the 52 cards apart."""

    rank: str
    """One of ``A23456789TJQK``."""
    suit: str
    """One of ``cdhs``."""

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})"

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def is_king(self) -> bool:
        return self.rank == KING


DECK: Final = tuple(Card(r, s) for s in SUITS for r in RANKS)
"""CC-CARD-DECK: one of each rank in each suit."""
UNSEEN: Final = Card("?", "?")
"""CC-PARTIAL-UNSEEN: a card dealt that nobody at the table saw; not a card of the deck,
so the engine never accepts it: a record's reader puts a card in its place."""


def rank_value(card: Card, aces: str) -> int:
    """CC-CARD-ORDER: 1 for a low ace up to 13 for a king; 14 for a high ace."""
    if card.rank == "A" and aces == "high":
        return 14
    return RANKS.index(card.rank) + 1


def card_named(name: str) -> Card | None:
    """The card written *name* (``Qh``, ``10s`` or ``ts``; any letter case), or None."""
    text = name.strip()
    rank, suit = text[:-1].upper(), text[-1:].lower()
    rank = "T" if rank == "10" else rank
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS or not suit:
        return None
    return Card(rank, suit)
