"""Bots against bots: whole games with seeded chance, and win rates with confidence intervals."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from random import Random

from . import dice
from .bots import Bot
from .dice import Infect, Move, Outcome, Setup

__all__ = ["Game", "Tally", "play", "series", "wilson"]


@dataclass(frozen=True)
class Game:
    """One game played: enough to write its record and to count what happened."""

    setup: Setup
    moves: tuple[Move, ...]
    outcome: Outcome


def play(rules: dice.Ruleset, bots: tuple[Bot, Bot], rng: Random) -> Game:
    """A game from a random opening roll; Blue is ``bots[0]``; every re-roll is drawn."""
    setup = dice.random_setup(rng)
    state, moves = dice.new_game(rules, setup), []
    while not state.is_over:
        move = bots[state.to_move].choose(state, rng)
        if isinstance(move, Infect):
            move = Infect(move.give, move.take, dice.random_rolls(dice.apply(state, move), rng))
        moves.append(move)
        state = dice.apply(state, move)
    outcome = dice.result(state)
    assert outcome is not None
    return Game(setup, tuple(moves), outcome)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (half-wins count half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """What a series of games showed."""

    games: int = 0
    score: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """Wins of Blue's bot and Red's bot; a shared win counts half to each."""
    first_player_score: float = 0.0
    reasons: Counter[str] = field(default_factory=Counter)
    infections: int = 0
    games_with_infection: int = 0
    infector_score: float = 0.0
    """Score of the players who infected, in games where exactly one player did."""
    one_sided: int = 0

    def add(self, game: Game) -> None:
        winners = game.outcome.winners
        share = 1.0 / len(winners)
        self.games += 1
        for p in winners:
            self.score[p] += share
        if game.setup.first in winners:
            self.first_player_score += share
        self.reasons[game.outcome.reason] += 1
        infectors = set()
        player = game.setup.first
        for move in game.moves:
            if isinstance(move, Infect):
                self.infections += 1
                infectors.add(player)
            player = 1 - player
        self.games_with_infection += bool(infectors)
        if len(infectors) == 1:
            self.one_sided += 1
            if infectors.pop() in winners:
                self.infector_score += share

    def lines(self, names: tuple[str, str]) -> Iterator[str]:
        n = self.games
        for p, name in enumerate(names):
            low, high = wilson(self.score[p], n)
            yield (
                f"{name} ({dice.PLAYER_NAMES[p]}): {self.score[p]:g}/{n} = "
                f"{self.score[p] / n:.3f}, 95% CI [{low:.3f}, {high:.3f}]"
            )
        low, high = wilson(self.first_player_score, n)
        yield (f"first player: {self.first_player_score / n:.3f}, 95% CI [{low:.3f}, {high:.3f}]")
        yield "decided by: " + ", ".join(f"{r} {c}" for r, c in sorted(self.reasons.items()))
        yield (
            f"infections: {self.infections} in {n} games; games with one: "
            f"{self.games_with_infection}"
        )
        if self.one_sided:
            low, high = wilson(self.infector_score, self.one_sided)
            yield (
                f"infector's score where only one player infected: "
                f"{self.infector_score / self.one_sided:.3f} of {self.one_sided}, "
                f"95% CI [{low:.3f}, {high:.3f}]"
            )


def series(
    rules: dice.Ruleset,
    bots: tuple[Bot, Bot],
    games: int,
    seed: int,
    progress: Callable[[int], None] = lambda done: None,
) -> Iterator[Game]:
    """*games* games with one seeded RNG: the same seed, the same games."""
    rng = Random(seed)
    for number in range(1, games + 1):
        yield play(rules, bots, rng)
        progress(number)
