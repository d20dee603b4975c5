"""The cards of Zum Kuckuck! (spec chapter *zum-kuckuck/components*), derived from their
definitions rather than listed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

__all__ = [
    "COCKATOO_CARDS",
    "HAND_SIZE",
    "NEST_CARDS",
    "NEST_VALUES",
    "NUMBERS",
    "UNSEEN",
    "cockatoos",
    "halves",
]

NUMBERS: Final = tuple(range(1, 61))
"""ZK-CARD-NUMBERS: sixty number cards, each number once; a higher number beats a lower."""
NEST_VALUES: Final = tuple(range(1, 13))
NEST_CARDS: Final = Counter({value: 2 for value in NEST_VALUES})
"""ZK-CARD-NESTS: two nest cards of each value 1 to 12, 24 in all."""
HAND_SIZE: Final = 12
"""ZK-SETUP-DEAL: number cards dealt to each player; also the rounds of a cycle."""
UNSEEN: Final = -1
"""ZK-PARTIAL-UNSEEN: a dealt card nobody at the table saw (no number card is -1; nor 0,
which a deal may write and the rules refuse as they refuse 61)."""


def halves(number: int) -> int:
    """ZK-CARD-COCKATOOS: the half cockatoos printed on a number card: none on 1-12 and
    49-60, one half on 13-24 and 37-48, a whole (two halves) on 25-36."""
    if number <= 12 or number >= 49:
        return 0
    return 2 if 25 <= number <= 36 else 1


COCKATOO_CARDS: Final = sum(halves(n) for n in NUMBERS) // 2
"""ZK-CARD-COCKATOO-CARDS: one cockatoo card per whole cockatoo printed: 24."""


def cockatoos(hand: Iterable[int]) -> int:
    """ZK-SETUP-COUNT: the cockatoo cards a hand earns: its half cockatoos, rounded down
    to whole ones."""
    return sum(halves(n) for n in hand) // 2
