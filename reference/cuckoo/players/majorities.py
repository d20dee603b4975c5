"""The dice pyramid judged without playing it out: how likely a player is to win from the
three sides' totals and the dice still to come (CD-SCORE-SIDE, CD-SCORE-MAJORITY).

A side is won by the greater total; the game by two sides of three.  Each side's margin is
read as the mean of a bell curve whose spread is the dice still in the nests: a lead of a
few points with many dice to come is a coin toss, the same lead with none is a side won.
Every die still to come to a player (of its colour, in either nest) leans every side its
way by a few points.  From the three sides'
chances the chance of winning two of them follows (sides taken as independent).
"""

from __future__ import annotations

import math
from typing import Final

from .. import dice
from ..dice import State

__all__ = ["LEAN", "SPREAD", "side_chances", "win_chance"]

LEAN: Final = 2.5
"""How far one more die to come leans every side a player's way, in points."""

SPREAD: Final = 1.5
"""The spread of a side's final margin per square root of the dice still to come."""

# LEAN and SPREAD are fitted (by likelihood) to the results of 4,000 games of greedy play
# with one move in three drawn at random: 85,000 positions.


def _dice(state: State, player: int) -> int:
    """The dice still to come to *player*'s totals: those of its colour in either nest."""
    mine = sum(1 for d in state.nests[player] if not d.foreign)
    return mine + sum(1 for d in state.nests[1 - player] if d.foreign)


def side_chances(state: State, player: int) -> tuple[float, float, float]:
    """The chance that *player* wins each side, A, B and C, from the totals and the dice to
    come."""
    totals = dice.side_totals(state)
    mine, theirs = _dice(state, player), _dice(state, 1 - player)
    lean = LEAN * (mine - theirs)
    spread = SPREAD * math.sqrt(mine + theirs) + 0.5
    chances = []
    for side in range(3):
        margin = totals[player][side] - totals[1 - player][side] + lean
        chances.append(0.5 * (1 + math.erf(margin / (spread * math.sqrt(2)))))
    return chances[0], chances[1], chances[2]


def win_chance(state: State, player: int) -> float:
    """The chance that *player* wins two sides of three (the exact result at the end)."""
    outcome = dice.result(state)
    if outcome is not None:
        return 0.5 if len(outcome.winners) == 2 else float(outcome.winners == (player,))
    a, b, c = side_chances(state, player)
    return a * b + a * c + b * c - 2 * a * b * c
