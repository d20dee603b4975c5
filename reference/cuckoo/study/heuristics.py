"""A Zum Kuckuck! player with a plan, so that the study can ask whether a version rewards
skill: the reference has only a random player for that game.

``careful`` keeps its nest low. A nest card lower than its own top is worth taking (only
the top counts, ZK-NEST-TOP), so it bids high for it; otherwise it plays its lowest card
and stays out of the taking. It reads its own hand and what lies face up, never another
player's hidden choice: in the tactical version the cards already played this round are
face up (ZK-TACTICAL-ORDER), in the basic one they are not (ZK-BASIC-SIMULTANEOUS).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from .. import kuckuck
from ..players.bots import Bot, bot_named

__all__ = ["CarefulBot", "study_bot"]


@dataclass
class CarefulBot:
    """Zum Kuckuck!: bid for a nest card that lowers the own nest, else play low."""

    name: str = "careful"

    def choose(self, state: kuckuck.State, rng: Random, seat: int | None = None) -> Any:
        assert seat is not None and state.shown is not None
        hand = sorted(state.hands[seat])
        top = state.nests[seat][-1] if state.nests[seat] else 0
        low = state.shown[0]
        if not low < top:
            return kuckuck.Play(seat, hand[0])
        if state.rules.in_turn:
            seen = [n for s, n in enumerate(state.plays) if s != seat and n is not None]
            above = [n for n in hand if n > max(seen, default=0)]
            return kuckuck.Play(seat, above[0] if above else hand[0])
        return kuckuck.Play(seat, hand[-1])


def study_bot(name: str, game: str) -> Bot:
    """The reference's bot *name* for *game*, or ``careful`` for Zum Kuckuck!.

    :raises ValueError: for a name that is no bot of that game.
    """
    if name == "careful" and game == "zum-kuckuck":
        return CarefulBot()
    return bot_named(name, game)
