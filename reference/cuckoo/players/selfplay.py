"""Bots against bots in any game: whole games with seeded chance, and win rates with
confidence intervals."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from .. import dice
from .bots import Bot
from .tables import TABLES

__all__ = ["Game", "Tally", "play", "series", "wilson"]


@dataclass(frozen=True)
class Game:
    """One game played: enough to write its record and to count what happened."""

    rules: Any
    setup: Any
    moves: tuple[Any, ...]
    """The record's moves, chance drawn."""
    winners: tuple[int, ...]
    first: int
    """The seat that decided first."""
    reason: str = ""
    """What decided a dice game (the sides, or a tie-break)."""


def play(bots: Sequence[Bot], rng: Random, *, game: str = "cuckoo-dice", variant: str = "") -> Game:
    """A game from a drawn setup, one bot per seat (Blue is ``bots[0]`` in the dice game);
    every chance step drawn with *rng*."""
    table = TABLES[game]
    names = tuple(f"P{seat + 1}" for seat in range(len(bots)))
    rules, setup = table.new(rng, variant, names)
    state = table.start(rules, setup)
    history: list[tuple[Any, Any]] = []
    first = None
    while not state.is_over:
        seats = table.choosing(state)
        if seats:
            first = seats[0] if first is None else first
            move = table.complete(state, bots[seats[0]].choose(state, rng, seats[0], history), rng)
        else:
            move = table.chance(state, rng)
        history.append((state, move))
        state = table.apply(state, move)
    moves = [move for _, move in history]
    outcome = dice.result(state) if isinstance(state, dice.State) else None
    reason = outcome.reason if outcome else ""
    return Game(rules, setup, tuple(moves), table.winners(state), first or 0, reason)


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
    score: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    """Wins per seat; a shared win counts a share to each."""
    first_player_score: float = 0.0
    reasons: Counter[str] = field(default_factory=Counter)
    infections: int = 0
    games_with_infection: int = 0
    infector_score: float = 0.0
    """Score of the players who infected, in dice games where exactly one player did."""
    one_sided: int = 0

    def add(self, game: Game) -> None:
        winners = game.winners
        share = 1.0 / len(winners) if winners else 0.0
        self.games += 1
        for p in winners:
            self.score[p] += share
        if game.first in winners:
            self.first_player_score += share
        if game.reason:
            self.reasons[game.reason] += 1
        infectors = set()
        player = game.first
        for move in game.moves:
            if isinstance(move, dice.Infect):
                self.infections += 1
                infectors.add(player)
            player = 1 - player
        if not isinstance(game.setup, dice.Setup):
            return
        self.games_with_infection += bool(infectors)
        if len(infectors) == 1:
            self.one_sided += 1
            if infectors.pop() in winners:
                self.infector_score += share

    def lines(self, names: Sequence[str], seats: Sequence[str]) -> Iterator[str]:
        """The win rates of *names* (the bots) at *seats*, and what decided the games."""
        n = self.games
        for p, (name, seat) in enumerate(zip(names, seats, strict=True)):
            low, high = wilson(self.score[p], n)
            yield (
                f"{name} ({seat}): {self.score[p]:g}/{n} = "
                f"{self.score[p] / n:.3f}, 95% CI [{low:.3f}, {high:.3f}]"
            )
        low, high = wilson(self.first_player_score, n)
        yield f"first player: {self.first_player_score / n:.3f}, 95% CI [{low:.3f}, {high:.3f}]"
        if self.reasons:
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
    bots: Sequence[Bot], games: int, seed: int, *, game: str = "cuckoo-dice", variant: str = ""
) -> Iterator[Game]:
    """*games* games with one seeded RNG: the same seed, the same games."""
    rng = Random(seed)
    for _ in range(games):
        yield play(bots, rng, game=game, variant=variant)
