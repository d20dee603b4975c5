"""Moves and chance outcomes of the card game: small immutable values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..values import rebuilt
from .deck import UNSEEN, Card

__all__ = ["CUT", "KEEP", "SWAP", "Cut", "Deal", "Keep", "Move", "Reveal", "Show", "Swap"]


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the card in hand (CC-KEEP)."""

    def __str__(self) -> str:
        return "keep"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Swap:
    """Offer the card to the next player for theirs (CC-SWAP); a king there stops it."""

    def __str__(self) -> str:
        return "swap"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Cut:
    """The dealer's alternative: discard and take the stock's top card (CC-CUT).

    Without :attr:`card` it leads to a chance step; with it, it is what a record holds.
    """

    card: Card | None = None
    """The top card of the stock, once seen."""

    def __str__(self) -> str:
        return f"cut {self.card}" if self.card else "cut"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next card dealt (CC-DEAL); UNSEEN in a record of what was seen."""

    card: Card

    def __str__(self) -> str:
        return "?" if self.card == UNSEEN else str(self.card)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Show:
    """The show-down that ends a hand, as a record writes it (CC-PARTIAL-SHOW): the card
    each player still in holds, in the order of the deal.  Not a move of the engine."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "show " + " ".join(map(str, self.cards))

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the stock's top card, seen when the dealer cuts (CC-CUT)."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


KEEP, SWAP, CUT = Keep(), Swap(), Cut()

Move = Keep | Swap | Cut
