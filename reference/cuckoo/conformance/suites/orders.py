"""Orders the spec fixes, where they differ from the others an engine might use: the players
of these cases are given in an order that is not alphabetical, and the order asked for
(dealing from the dealer's neighbour, a show-down's, the names of a shared win) differs
from both the alphabet and the order the names were given in."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Final

from .cases import CARDS, KUCKUCK, Case, scripted

SEATS: Final = ("Zed", "Amy", "Mia")
"""Seating order, as given; alphabetical is Amy Mia Zed."""

_SHARED_WIN: Final = (
    '[Game "zum-kuckuck"] [Players "Zed Amy Mia"] '
    "deal Zed 1 2 3 4 5 6 49 50 51 52 53 54 deal Amy 25 26 27 28 29 30 31 32 33 55 56 57 "
    "deal Mia 34 35 36 37 38 39 40 41 42 58 59 60 1.1. nest 3 9 (Zed 54 Amy 55 Mia 34) "
    "2.1. nest 3 9 (Zed 34 Amy 54 Mia 55) 3.1. nest 3 9 (Zed 55 Amy 34 Mia 54) "
)
"""The spec's match ``zk-a-shared-win``, its players renamed so that seating order is not
alphabetical."""

_order: Final = partial(scripted, tags=("order",))


def order_cases(game: str) -> Iterator[Case]:
    """The cases of *game* (the dice game's two players have a fixed order of their own)."""
    new = f"new cuckoo-cards Amy {' '.join(SEATS)}"
    if game == CARDS:
        yield _order(
            CARDS,
            "cards-order-dealing",
            ("CC-DEAL",),
            "state",
            (new, "apply deal 7h"),
            "the first card goes to the dealer's neighbour, Mia, not to Zed or Amy",
        )
        yield _order(
            CARDS,
            "cards-order-dealing-right",
            ("CC-DEAL", "CC-RULESET-PARAMS"),
            "state",
            (f"{new} direction=right", "apply deal 7h 3c"),
            "dealt to the right: Zed, then Mia",
        )
        yield _order(
            CARDS,
            "cards-order-show-down",
            ("CC-PARTIAL-SHOW", "CC-LOWEST"),
            "state",
            (
                new,
                "apply deal ? ? ?",
                "apply keep",
                "apply keep",
                "apply keep",
                "apply show 7h 3c Ks",
            ),
            "a show-down names the cards from the dealer's neighbour to the dealer: "
            "Mia 7h, Zed 3c, Amy Ks; Zed loses a life",
        )
    elif game == KUCKUCK:
        yield _order(
            KUCKUCK,
            "zk-order-shared-win",
            ("ZK-NOTATION-RESULT", "ZK-MATCH-WINNER"),
            "result",
            (f'record {_SHARED_WIN} "Zed Amy Mia"',),
            "a shared win's names in seating order, not alphabetical",
        )
        yield _order(
            KUCKUCK,
            "zk-order-shared-win-alphabetical",
            ("ZK-NOTATION-RESULT",),
            "error",
            (f'record {_SHARED_WIN} "Amy Mia Zed"',),
            "the names of a shared win in alphabetical order are a wrong result",
        )
        yield _order(
            KUCKUCK,
            "zk-order-deal",
            ("ZK-NOTATION-DEAL",),
            "error",
            (f"new zum-kuckuck {' '.join(SEATS)}", "apply deal Amy 1"),
            "the deal goes in seating order: Zed first, not Amy",
        )
