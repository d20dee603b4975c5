"""The dice pyramid's tree search: Monte Carlo tree search (UCT) over the open game, each
new position judged by random play to the end, within a count of playouts and a time
budget, whichever ends first.  (Judging a new position by the sides' majorities instead,
:mod:`.majorities`, played worse than the two-move look-ahead of :mod:`.lookahead` in
the ladder: it is not kept.)

States are immutable and hashable: the tree is a table of statistics.  Chance (an
infection's re-roll) is sampled.  The time budget is read from a clock passed in, so a
search is the same for a seed whenever it ends by its count, and stops at its budget when
the machine is slow, whatever the count.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random

from .. import dice
from ..dice import Move, State
from .lookahead import decisions
from .majorities import win_chance
from .worlds import History

__all__ = ["MctsBot"]


def _playout(state: State, rng: Random) -> float:
    """Blue's result after random play to the end: 1, 0 or one half."""
    while not state.is_over:
        if state.is_chance:
            state = dice.apply(state, dice.random_rolls(state, rng))
        else:
            state = dice.apply(state, rng.choice(decisions(state)))
    return win_chance(state, dice.BLUE)


@dataclass
class MctsBot:
    """UCT with *simulations* playouts a move at most, and at most *budget* seconds of
    *clock* (none: no bound)."""

    simulations: int = 300
    exploration: float = 1.4
    name: str = "mcts"
    budget: float | None = None
    clock: Callable[[], float] = time.monotonic
    _table: dict[State, dict[Move, list[float]]] = field(default_factory=dict, repr=False)

    def choose(
        self, state: State, rng: Random, seat: int | None = None, history: History = ()
    ) -> Move:
        self._table = {}
        deadline = None if self.budget is None else self.clock() + self.budget
        for _ in range(self.simulations):
            self._simulate(state, rng)
            if deadline is not None and self.clock() >= deadline:
                break
        root = self._table[state]
        return max(root, key=lambda m: root[m][0])  # most visited; ties: the first listed

    def _simulate(self, state: State, rng: Random) -> None:
        path: list[tuple[State, Move]] = []
        while not state.is_over:
            if state.is_chance:
                state = dice.apply(state, dice.random_rolls(state, rng))
                continue
            if state not in self._table:
                self._table[state] = {m: [0.0, 0.0] for m in decisions(state)}
                break
            move = self._select(self._table[state], rng)
            path.append((state, move))
            state = dice.apply(state, move)
        blue = _playout(state, rng)
        for node, move in path:
            stats = self._table[node][move]
            stats[0] += 1
            stats[1] += blue if node.to_move == dice.BLUE else 1 - blue

    def _select(self, children: dict[Move, list[float]], rng: Random) -> Move:
        unvisited = [m for m, (n, _) in children.items() if n == 0]
        if unvisited:
            return rng.choice(unvisited)
        total = math.log(sum(n for n, _ in children.values()))
        return max(
            children,
            key=lambda m: (
                children[m][1] / children[m][0]
                + self.exploration * math.sqrt(total / children[m][0])
            ),
        )
