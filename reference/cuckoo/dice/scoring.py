"""The end of the game: side totals, sides won, tie-breaks (spec chapter *scoring*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..values import rebuilt
from .geometry import DUNGEON, SIDES
from .state import PLAYERS, Player, State

__all__ = ["Outcome", "result", "side_totals"]

Reason = Literal["sides", "dungeon", "captures", "shared"]

Totals = tuple[tuple[int, int, int], tuple[int, int, int]]


@dataclass(frozen=True, init=False)
class Outcome:
    """How a finished game ended."""

    winners: tuple[Player, ...]
    """The winner, or both players for the draft's shared win."""
    reason: Reason
    """What decided it: the sides, or the tie-break that did."""
    totals: Totals
    """Blue's and Red's totals on sides A, B, C."""
    sides_won: tuple[int, int]
    """How many sides Blue and Red won."""

    def __init__(
        self,
        winners: tuple[Player, ...],
        reason: Reason,
        totals: Totals,
        sides_won: tuple[int, int],
    ) -> None:
        # Written out, as the state's __init__ is (compiled, a fraction of the time): a
        # replay asks for the outcome at its end.
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "sides_won", sides_won)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would call __init__ without arguments

    @property
    def token(self) -> str:
        """The result as the notation writes it: ``1-0``, ``0-1`` or ``1-1``."""
        return "-".join("1" if p in self.winners else "0" for p in PLAYERS)


def side_totals(state: State) -> Totals:
    """CD-SCORE-SIDE: each player's points on each side, from the dice they own."""
    totals = [[0, 0, 0], [0, 0, 0]]
    for placed in state.board:
        if placed is not None:
            a, b, c = placed.faces  # on sides A, B, C: 0 where the die shows no face
            row = totals[placed.owner]
            row[0] += a
            row[1] += b
            row[2] += c
    if state.bonus is not None:
        for s in SIDES:
            totals[state.bonus.player][s] += state.bonus.points[s]
    return (totals[0][0], totals[0][1], totals[0][2]), (totals[1][0], totals[1][1], totals[1][2])


def _sides_over(mine: tuple[int, int, int], theirs: tuple[int, int, int]) -> int:
    """CD-SCORE-SIDE-WIN: the sides on which *mine* is the strictly greater total."""
    return sum(1 for s in SIDES if mine[s] > theirs[s])


def _dungeon_taker(state: State) -> Player:
    """CD-SCORE-DUNGEON: who took the dungeon, as the ruleset reads it."""
    placed = state.board[DUNGEON]
    assert placed is not None, "the dungeon is filled when the game is over"
    return placed.placer if state.ruleset.dungeon_tiebreak == "placer" else placed.owner


def result(state: State) -> Outcome | None:
    """The outcome of a finished game, or None while it goes on."""
    if not state.is_over:
        return None
    totals = side_totals(state)
    # CD-SCORE-SIDE-WIN: a side goes to the strictly greater total.
    won = [_sides_over(totals[0], totals[1]), _sides_over(totals[1], totals[0])]
    sides_won = (won[0], won[1])
    # CD-SCORE-MAJORITY
    for p in PLAYERS:
        if state.ruleset.side_majority == "relative":
            if won[p] > won[1 - p]:
                return Outcome((p,), "sides", totals, sides_won)
        elif won[p] >= 2:
            return Outcome((p,), "sides", totals, sides_won)
    dungeon = _dungeon_taker(state)
    if state.ruleset.tiebreak == "dungeon":
        return Outcome((dungeon,), "dungeon", totals, sides_won)
    # CD-SCORE-CAPTURES: fewer captures is one vote, the dungeon another.
    blue, red = state.captures
    if blue == red:
        return Outcome((dungeon,), "dungeon", totals, sides_won)
    fewer = 0 if blue < red else 1
    if fewer == dungeon:
        return Outcome((fewer,), "captures", totals, sides_won)
    # CD-SCORE-SHARED: the votes cancel out.
    return Outcome(PLAYERS, "shared", totals, sides_won)
