"""Chance made explicit: exact re-roll and opening-roll distributions (CD-INFECT-REROLL,
CD-SETUP-ROLL).

The expected distributions are counted by brute force over all 6**n ordered rolls.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo.dice import (
    Infect,
    Rolls,
    State,
    apply,
    chance_outcomes,
    legal_moves,
    random_rolls,
    roll_distribution,
    ruleset,
)

from .helpers import infect, position
from .strategies import positions


def _brute_force(pending: Infect) -> dict[Rolls, Fraction]:
    """Every ordered re-roll of the k + 1 dice, with the given dice of one colour made
    interchangeable by sorting their new values."""
    k = len(pending.give)
    counts: Counter[Rolls] = Counter()
    for take, *give in product(range(1, 7), repeat=k + 1):
        new = list(give)
        for foreign in (False, True):
            at = [i for i, d in enumerate(pending.give) if d.foreign == foreign]
            for i, v in zip(at, sorted(give[i] for i in at), strict=True):
                new[i] = v
        counts[Rolls(take, tuple(new))] += 1
    return {r: Fraction(n, 6 ** (k + 1)) for r, n in counts.items()}


@pytest.mark.parametrize(
    ("give", "take", "blue", "red"),
    [
        ("1+1", "2", ["1", "1"], ["2"]),
        ("1+2", "3", ["1", "2"], ["3"]),
        ("1+1+1", "3", ["1", "1", "1"], ["3"]),
        ("1+1+2", "4", ["1", "1", "2"], ["4"]),
        ("1+1'", "2", ["1", "1'"], ["2"]),
        ("1+1+1'+1'", "4", ["1", "1", "1'", "1'"], ["4"]),
        ("1+2'+2", "5", ["1", "2", "2'"], ["5"]),
    ],
)
def test_reroll_distribution_matches_brute_force(
    give: str, take: str, blue: list[str], red: list[str]
) -> None:
    """CD-INFECT-REROLL: each of the k + 1 dice uniform and independent; the outcomes are
    exact fractions summing to 1; own and foreign given dice are told apart."""
    state = position(ruleset("cuckoo", infection_pool="any"), blue=blue, red=red)
    waiting = apply(state, infect(give, take))
    outcomes = chance_outcomes(waiting)
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert len({r for r, _ in outcomes}) == len(outcomes)
    assert dict(outcomes) == _brute_force(infect(give, take))
    assert {r for r, _ in outcomes} == set(legal_moves(waiting))


@given(positions())
def test_chance_outcomes_sum_to_one(state: State) -> None:
    """CD-INFECT-REROLL: in any position the outcomes are exact and sum to 1 (none at a
    decision node)."""
    outcomes = chance_outcomes(state)
    if state.is_chance:
        assert sum(p for _, p in outcomes) == Fraction(1)
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    else:
        assert outcomes == ()


@pytest.mark.parametrize("n", range(11))
def test_roll_distribution(n: int) -> None:
    """CD-SETUP-ROLL: n dice give C(n + 5, 5) sorted outcomes with exact probabilities
    summing to 1; for up to four dice they match a brute-force count."""
    dist = roll_distribution(n)
    assert sum(p for _, p in dist) == 1
    assert len(dist) == comb(n + 5, 5)
    assert all(list(values) == sorted(values) and len(values) == n for values, _ in dist)
    if n <= 4:
        counts = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=n))
        assert dict(dist) == {v: Fraction(c, 6**n) for v, c in counts.items()}


@given(positions(kind="chance"), st.integers(0, 2**32))
def test_random_rolls_are_outcomes(state: State, seed: int) -> None:
    """CD-INFECT-REROLL: a random re-roll is one of the listed outcomes, faces 1 to 6."""
    rolls = random_rolls(state, Random(seed))
    assert rolls in dict(chance_outcomes(state))
    assert all(1 <= v <= 6 for v in (rolls.take, *rolls.give))
    assert rolls == random_rolls(state, Random(seed))


@given(positions(kind="chance"))
def test_chance_outcomes_at_chance_nodes(state: State) -> None:
    """CD-INFECT-REROLL: at a re-roll in a random game the outcomes sum to 1 and, for up to
    three given dice, are exactly the brute-force count over 6**(k + 1) ordered rolls."""
    assert state.pending is not None
    outcomes = dict(chance_outcomes(state))
    assert sum(outcomes.values()) == 1
    if len(state.pending.give) <= 3:
        assert outcomes == _brute_force(state.pending)
