"""Random play of the card game with an RNG from outside: same seed, same game."""

from __future__ import annotations

from random import Random

from .moves import Cut, Deal, Move
from .rules import apply, legal_moves, random_outcome
from .rulesets import Rules
from .state import Setup, new_game

__all__ = ["random_game"]


def random_game(
    variant: Rules, rng: Random, players: int = 4
) -> tuple[Setup, tuple[Move | Deal, ...]]:
    """A random first dealer, random deals and uniformly random decisions to the end."""
    setup = Setup(tuple(f"P{i + 1}" for i in range(players)), rng.randrange(players))
    state, moves = new_game(variant, setup), []
    while not state.is_over:
        move: Move | Deal
        if state.step == "deal":
            dealt = random_outcome(state, rng)
            assert isinstance(dealt, Deal)
            move, state = dealt, apply(state, dealt)
        else:
            choice = rng.choice(legal_moves(state))
            assert isinstance(choice, Move)
            move, state = choice, apply(state, choice)
            if isinstance(move, Cut):  # the stock's top card is seen: the record holds it
                revealed = random_outcome(state, rng)
                move, state = Cut(revealed.card), apply(state, revealed)
        moves.append(move)
    return setup, tuple(moves)
