"""The dice pyramid's look-ahead: every move judged by the three sides' majorities
(:mod:`.majorities`) after it (depth 1), or after the other player's best answer to it
(depth 2, a minimax cut short as soon as an answer shows a move no better than the best
found so far: alpha-beta).

An infection's re-roll is drawn once a decision from the seeded generator, the same for
every line, so that moves are compared in the same luck.  A time budget, read from a clock
passed in, ends the deeper look: the moves not yet looked at keep their first judgement
and stay behind the best one searched.  Among moves within *spread* of the best value one
is drawn (seeded): play varies between moves a player could not tell apart.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from .. import dice
from ..dice import Move, State
from .majorities import win_chance
from .worlds import History

__all__ = ["LookaheadBot", "decisions", "made"]


def decisions(state: State) -> list[Move]:
    """The moves a player may choose (an infection without its re-roll)."""
    moves = [m for m in dice.legal_moves(state) if not isinstance(m, dice.Rolls)]
    assert moves, "a decision always has a legal move"
    return moves


def made(state: State, move: Move, seed: int) -> State:
    """*move* made, and an infection's re-roll drawn from *seed*."""
    state = dice.apply(state, move)
    if state.is_chance:
        state = dice.apply(state, dice.random_rolls(state, Random(seed)))
    return state


def _answered(state: State, me: int, alpha: float, seed: int) -> float:
    """What *state* is worth to *me* after the answer the player to move likes best; once
    the other player has an answer worth less than *alpha* to me, that bound."""
    ours = state.to_move == me
    worst = 0.0 if ours else 1.0
    for move in decisions(state):
        value = win_chance(made(state, move, seed), me)
        if ours:
            worst = max(worst, value)
        elif value < worst:
            worst = value
            if worst < alpha:
                break
    return worst


@dataclass
class LookaheadBot:
    """*depth* 1 or 2, *spread* in chances of winning, *budget* in seconds of *clock*
    (none: no bound)."""

    depth: int = 2
    spread: float = 0.0
    budget: float | None = None
    name: str = "lookahead"
    clock: Callable[[], float] = time.monotonic

    def choose(
        self, state: State, rng: Random, seat: int | None = None, history: History = ()
    ) -> Move:
        me = state.to_move
        deadline = None if self.budget is None else self.clock() + self.budget
        seed = rng.getrandbits(64)
        moves = decisions(state)
        after = [made(state, m, seed) for m in moves]
        first = [win_chance(s, me) for s in after]
        value = list(first)
        if self.depth > 1:
            order = sorted(range(len(moves)), key=lambda i: -first[i])  # stable: ties listed
            best = -1.0
            for rank, i in enumerate(order):
                if deadline is not None and rank and self.clock() >= deadline:
                    for j in order[rank:]:  # not looked at: behind the best searched
                        value[j] = min(first[j], best - self.spread - 1e-9)
                    break
                if not after[i].is_over:
                    value[i] = _answered(after[i], me, best, seed)
                best = max(best, value[i])
        top = max(value)
        near = [m for m, v in zip(moves, value, strict=True) if v >= top - self.spread]
        return near[0] if len(near) == 1 else rng.choice(near)
