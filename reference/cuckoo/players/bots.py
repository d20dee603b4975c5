"""Players for every game, each deterministic for a seed: ``random`` everywhere; ``greedy``
and ``mcts`` for the dice pyramid, ``greedy`` for the card game.

A bot sees only what its seat may see: the dice pyramid hides nothing, so its search may
look ahead; in the card games a bot judges its own card or hand and nothing else (it never
reads another player's card from the state). Chance is drawn by whoever runs the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from random import Random
from typing import Any, Final, Protocol

from .. import cards, dice
from ..cards import notation as cards_notation
from ..dice import Move, State
from ..dice import notation as dice_notation
from .tables import TABLES, Table

__all__ = ["BOTS", "Bot", "CardSenseBot", "GreedyBot", "MctsBot", "RandomBot", "bot_named"]


class Bot(Protocol):
    """Anything that picks a decision."""

    name: str

    def choose(self, state: Any, rng: Random, seat: int | None = None) -> Any:
        """One of the legal decisions of *seat* (by default the one seat choosing)."""
        ...


def _seat(table: Table, state: Any, seat: int | None) -> int:
    return table.choosing(state)[0] if seat is None else seat


@dataclass
class RandomBot:
    """Uniform over the legal decisions, in any game."""

    name: str = "random"
    game: str = dice_notation.GAME

    def choose(self, state: Any, rng: Random, seat: int | None = None) -> Any:
        table = TABLES[self.game]
        return rng.choice(table.decisions(state, _seat(table, state, seat)))


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
class GreedyBot:
    """The dice pyramid, one move ahead on the side totals; ties broken at random.  An
    infection is judged by the position before its re-roll, which leaves the totals."""

    name: str = "greedy"

    def choose(self, state: State, rng: Random, seat: int | None = None) -> Move:
        me = state.to_move
        scored = [(_score(dice.apply(state, m), me), rng.random(), m) for m in _decisions(state)]
        return max(scored, key=lambda entry: (entry[0], entry[1]))[2]


@dataclass
class CardSenseBot:
    """The card game: keep a card in the upper half of the ranks, else swap (or cut, as
    the dealer). It reads its own card only."""

    name: str = "greedy"

    def choose(self, state: cards.State, rng: Random, seat: int | None = None) -> Any:
        held = state.cards[state.to_act]
        assert held is not None
        legal = cards.legal_moves(state)
        if cards.rank_value(held, state.rules.aces) >= 7 or len(legal) == 1:
            return cards.KEEP
        return legal[1]


def _reward(state: State, player: int) -> float:
    outcome = dice.result(state)
    assert outcome is not None
    return 0.5 if len(outcome.winners) == 2 else float(outcome.winners == (player,))


@dataclass
class MctsBot:
    """The dice pyramid: Monte Carlo tree search (UCT) with random playouts; chance nodes
    are sampled. States are immutable and hashable: the tree is a table of statistics."""

    simulations: int = 300
    exploration: float = 1.4
    name: str = "mcts"
    _table: dict[State, dict[Move, list[float]]] = field(default_factory=dict, repr=False)

    def choose(self, state: State, rng: Random, seat: int | None = None) -> Move:
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


BOTS: Final = {
    dice_notation.GAME: ("random", "greedy", "mcts"),
    cards_notation.GAME: ("random", "greedy"),
    "zum-kuckuck": ("random",),
}
"""The bots of each game (``mcts`` also as ``mcts:N``, N playouts a move)."""


def bot_named(name: str, game: str = dice_notation.GAME) -> Bot:
    """The bot called *name* for *game*.

    :raises ValueError: for a name that is no bot of that game.
    """
    kind, _, size = name.partition(":")
    known = BOTS.get(game, ())
    if kind in known and kind == "random" and not size:
        return RandomBot(game=game)
    if kind in known and kind == "greedy" and not size:
        return GreedyBot() if game == dice_notation.GAME else CardSenseBot()
    if kind in known and kind == "mcts" and (not size or (size.isascii() and size.isdigit())):
        if size and not (len(size) <= 6 and int(size) >= 1):
            raise ValueError(f"mcts:N takes 1 to 999999 playouts, not {size}")
        return MctsBot(int(size) if size else 300, name=name)
    more = " (or mcts:N)" if "mcts" in known else ""
    raise ValueError(f"no bot {name!r} for {game}; expected one of {', '.join(known)}{more}")
