"""Random play of Zum Kuckuck! with an RNG from outside: same seed, same match."""

from __future__ import annotations

from random import Random

from .rules import Move, apply, legal_moves, random_outcome
from .rulesets import Rules
from .state import Setup, new_game

__all__ = ["random_game"]


def random_game(variant: Rules, rng: Random, players: int = 4) -> tuple[Setup, tuple[Move, ...]]:
    """Random deals and nest cards, and uniformly random number cards, to the end."""
    setup = Setup(tuple(f"P{i + 1}" for i in range(players)))
    state, moves = new_game(variant, setup), []
    while not state.is_over:
        move = random_outcome(state, rng) if state.is_chance else rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
    return setup, tuple(moves)
