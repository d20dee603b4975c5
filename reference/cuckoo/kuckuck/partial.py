"""Records of what was seen (spec: *zum-kuckuck/notation*): whether the cards nobody saw
can be dealt so that every hand earns the cockatoo cards the table saw it earn."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import NUMBERS, UNSEEN, halves
from .state import State

__all__ = ["possible", "unchecked"]


def unchecked(record: object, state: State) -> tuple[tuple[str, str], ...]:
    """ZK-PARTIAL-CHECKS: what a record ending in *state* could not check, for the note
    of ``cuckoo validate``; nothing when every dealt card was seen (by the end)."""
    count = sum(hand.count(UNSEEN) for hand in state.dealt)
    if not count:
        return ()
    cards = "card" if count == 1 else "cards"
    return (
        (
            "ZK-PARTIAL-CHECKS",
            f"{count} dealt {cards} never seen; ZK-SETUP-DEAL, ZK-SETUP-COUNT and "
            "ZK-ROUND-PLAY checked only against some deal of them",
        ),
    )


def possible(dealt: Sequence[Sequence[int]], counts: Sequence[int]) -> bool:
    """ZK-PARTIAL-COUNT: whether the unseen cards of *dealt* can be number cards seen
    nowhere, each once, so that hand *i* earns ``counts[i]`` cockatoo cards.

    Only a card's half cockatoos matter to a count (none, one or two), so the search runs
    over how many cards of each kind each hand gets, not over the cards themselves."""
    seen = {n for hand in dealt for n in hand if n != UNSEEN}
    free = [0, 0, 0]
    for number in NUMBERS:
        if number not in seen:
            free[halves(number)] += 1
    needs = tuple(
        (hand.count(UNSEEN), 2 * count - sum(halves(n) for n in hand if n != UNSEEN))
        for hand, count in zip(dealt, counts, strict=True)
    )
    return _fits(needs, free[0], free[1], free[2])


@lru_cache(maxsize=4096)
def _fits(needs: tuple[tuple[int, int], ...], none: int, half: int, whole: int) -> bool:
    """Whether each hand's (unseen cards, halves still wanted) can be met from the free
    cards: *none*, *half* and *whole* of them carry 0, 1 and 2 halves; the halves a hand
    gets must be what it wants or one more (an odd half is dropped, ZK-SETUP-COUNT)."""
    if not needs:
        return True
    (cards, wanted), rest = needs[0], needs[1:]
    for twos in range(min(cards, whole) + 1):
        for ones in range(min(cards - twos, half) + 1):
            zeros = cards - twos - ones
            got = ones + 2 * twos
            if (
                zeros <= none
                and got in (wanted, wanted + 1)
                and _fits(rest, none - zeros, half - ones, whole - twos)
            ):
                return True
    return False
