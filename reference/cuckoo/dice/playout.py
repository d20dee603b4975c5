"""Random play with an RNG from outside: same seed, same game."""

from __future__ import annotations

from random import Random

from .chance import random_rolls, random_setup
from .moves import Infect, Move, Rolls
from .rules import apply, legal_moves
from .rulesets import Ruleset
from .state import Setup, State, new_game

__all__ = ["random_game", "random_move"]


def random_move(state: State, rng: Random) -> Move:
    """A legal move drawn uniformly; an infection comes with its re-roll drawn too."""
    move = rng.choice(legal_moves(state))
    assert not isinstance(move, Rolls), "a chance node has no player's move"
    if isinstance(move, Infect):
        return Infect(move.give, move.take, random_rolls(apply(state, move), rng))
    return move


def random_game(rules: Ruleset, rng: Random) -> tuple[Setup, tuple[Move, ...]]:
    """A random opening roll and random moves to the end of the game."""
    setup = random_setup(rng)
    state, moves = new_game(rules, setup), []
    while not state.is_over:
        move = random_move(state, rng)
        moves.append(move)
        state = apply(state, move)
    return setup, tuple(moves)
