"""Moves and chance outcomes of Zum Kuckuck!: small immutable values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..values import rebuilt

__all__ = ["Deal", "Nest", "Play", "Show", "Start"]


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next number card dealt (ZK-SETUP-DEAL)."""

    number: int

    def __str__(self) -> str:
        return str(self.number)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Start:
    """Chance, tactical version only: which of the players tied for the most cockatoo
    cards begins the cycle (ZK-TACTICAL-FIRST)."""

    seat: int

    def __str__(self) -> str:
        return f"start {self.seat}"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Nest:
    """Chance: the two nest cards turned up for a round, lower first (ZK-ROUND-NEST)."""

    low: int
    high: int

    def __str__(self) -> str:
        return f"nest {self.low} {self.high}"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Play:
    """A player's number card for this round (ZK-ROUND-PLAY)."""

    seat: int
    number: int

    def __str__(self) -> str:
        return f"{self.seat}:{self.number}"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True)
class Show:
    """Cards of the hand a player holds, shown to the table after the deal: in a record of
    what was seen, cards nobody had seen until then (ZK-PARTIAL-SHOW). Not a choice of the
    game (never among the legal moves): what the table learnt, and when."""

    seat: int
    numbers: tuple[int, ...]

    def __str__(self) -> str:
        return f"show {self.seat}:" + " ".join(map(str, self.numbers))

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields
