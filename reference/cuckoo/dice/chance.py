"""Chance, made explicit: every roll is an input or an enumerated distribution (CD-INFECT-REROLL).

Dice of one colour in one nest are interchangeable, so an outcome is a *multiset* of values;
its probability is the multinomial count over 6**n, kept exact with :class:`Fraction`.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial, prod
from random import Random

from .faces import FACES
from .moves import Infect, Rolls, canonical_rolls
from .state import DICE_PER_PLAYER, PLAYERS, Setup, State

__all__ = ["chance_outcomes", "random_rolls", "random_setup", "roll_distribution"]


@cache
def roll_distribution(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every sorted result of rolling *n* dice, with its exact probability."""
    outcomes = []
    for values in combinations_with_replacement(FACES, n):
        ways = factorial(n) // prod(factorial(c) for c in Counter(values).values())
        outcomes.append((values, Fraction(ways, 6**n)))
    return tuple(outcomes)


def _groups(infect: Infect) -> tuple[list[int], list[int]]:
    """Positions of the own and of the foreign dice in ``infect.give``."""
    own = [i for i, d in enumerate(infect.give) if not d.foreign]
    return own, [i for i, d in enumerate(infect.give) if d.foreign]


def chance_outcomes(state: State) -> tuple[tuple[Rolls, Fraction], ...]:
    """The re-roll outcomes of the pending infection and their probabilities (summing to 1).

    Empty when the state is not a chance node.
    """
    if state.pending is None:
        return ()
    own, foreign = _groups(state.pending)
    outcomes = []
    for take, (own_values, p_own), (foreign_values, p_foreign) in product(
        FACES, roll_distribution(len(own)), roll_distribution(len(foreign))
    ):
        give = [0] * len(state.pending.give)
        for i, v in zip(own + foreign, own_values + foreign_values, strict=True):
            give[i] = v
        outcomes.append((Rolls(take, tuple(give)), Fraction(1, 6) * p_own * p_foreign))
    return tuple(outcomes)


def random_rolls(state: State, rng: Random) -> Rolls:
    """A re-roll drawn with *rng* (each die uniform and independent)."""
    assert state.pending is not None, "no infection is waiting for its re-roll"
    give = state.pending.give
    return canonical_rolls(give, Rolls(rng.randint(1, 6), tuple(rng.randint(1, 6) for _ in give)))


def random_setup(rng: Random) -> Setup:
    """An opening roll and a first player drawn with *rng* (CD-SETUP-ROLL, CD-SETUP-FIRST)."""
    rolls = tuple(tuple(rng.randint(1, 6) for _ in range(DICE_PER_PLAYER)) for _ in PLAYERS)
    return Setup((rolls[0], rolls[1]), rng.choice(PLAYERS))
