"""Players for the dice pyramid: random, greedy and MCTS; each deterministic for a seed.

A bot chooses among the legal decisions of a position; chance (the re-rolls) is drawn by
whoever runs the game, with its own seeded RNG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from random import Random
from typing import Final, Protocol

from . import dice
from .dice import Move, State

__all__ = ["BOTS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "bot_named"]


class Bot(Protocol):
    """Anything that picks a move."""

    name: str

    def choose(self, state: State, rng: Random) -> Move:
        """One of ``legal_moves(state)``; *state* is a decision, not a chance node."""
        ...


def _decisions(state: State) -> list[Move]:
    moves = [m for m in dice.legal_moves(state) if not isinstance(m, dice.Rolls)]
    assert moves, "a decision always has a legal move"
    return moves


def _score(state: State, player: int) -> tuple[int, int]:
    """How *player* stands on the side totals: sides ahead, then points ahead."""
    totals = dice.side_totals(state)
    ahead = sum(
        (totals[player][s] > totals[1 - player][s]) - (totals[player][s] < totals[1 - player][s])
        for s in range(3)
    )
    return ahead, sum(totals[player]) - sum(totals[1 - player])


@dataclass
class RandomBot:
    """Uniform over the legal moves."""

    name: str = "random"

    def choose(self, state: State, rng: Random) -> Move:
        return rng.choice(_decisions(state))


@dataclass
class GreedyBot:
    """One move ahead on the side totals; ties broken at random.  An infection is judged
    by the position before its re-roll, which leaves the totals as they are."""

    name: str = "greedy"

    def choose(self, state: State, rng: Random) -> Move:
        me = state.to_move
        scored = [(_score(dice.apply(state, m), me), rng.random(), m) for m in _decisions(state)]
        return max(scored, key=lambda entry: (entry[0], entry[1]))[2]


def _reward(state: State, player: int) -> float:
    outcome = dice.result(state)
    assert outcome is not None
    return 0.5 if len(outcome.winners) == 2 else float(outcome.winners == (player,))


@dataclass
class MctsBot:
    """Monte Carlo tree search (UCT) with random playouts; chance nodes are sampled.

    States are immutable and hashable, so the tree is a table from position to statistics.
    """

    simulations: int = 300
    exploration: float = 1.4
    name: str = "mcts"
    _table: dict[State, dict[Move, list[float]]] = field(default_factory=dict, repr=False)

    def choose(self, state: State, rng: Random) -> Move:
        self._table = {}
        for _ in range(self.simulations):
            self._simulate(state, rng)
        root = self._table[state]
        return max(root, key=lambda m: root[m][0])  # most visited; ties: the first listed

    def _simulate(self, state: State, rng: Random) -> None:
        path: list[tuple[State, Move]] = []
        while not state.is_over:
            if state.is_chance:
                state = dice.apply(state, dice.random_rolls(state, rng))
                continue
            if state not in self._table:
                self._table[state] = {m: [0.0, 0.0] for m in _decisions(state)}
                break
            move = self._select(self._table[state], rng)
            path.append((state, move))
            state = dice.apply(state, move)
        while not state.is_over:  # the playout
            if state.is_chance:
                state = dice.apply(state, dice.random_rolls(state, rng))
            else:
                state = dice.apply(state, rng.choice(_decisions(state)))
        for node, move in path:
            stats = self._table[node][move]
            stats[0] += 1
            stats[1] += _reward(state, node.to_move)

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


BOTS: Final = ("random", "greedy", "mcts")


def bot_named(name: str) -> Bot:
    """The bot called *name*: ``random``, ``greedy``, ``mcts`` or ``mcts:N`` (N playouts)."""
    kind, _, size = name.partition(":")
    if kind == "random" and not size:
        return RandomBot()
    if kind == "greedy" and not size:
        return GreedyBot()
    if kind == "mcts" and (not size or size.isdigit()):
        return MctsBot(int(size) if size else 300, name=name)
    raise ValueError(f"no bot {name!r}; expected one of {', '.join(BOTS)} (or mcts:N)")
