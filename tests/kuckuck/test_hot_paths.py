"""The hot path's shortcuts say what the plain code says: a state changed field by field is
the state :func:`dataclasses.replace` makes.  (That the memos are bounded is tested with the
card game's, in ``tests/cards/test_hot_paths.py``.)"""

from __future__ import annotations

from dataclasses import fields, replace
from random import Random

import pytest

from cuckoo.kuckuck import State, apply, new_game, rules
from cuckoo.kuckuck.playout import random_game
from cuckoo.kuckuck.state import changed

NAMES = tuple(f.name for f in fields(State))


def _states(variant: str, seed: int, players: int) -> list[State]:
    setup, moves = random_game(rules(variant=variant), Random(seed), players)
    states = [new_game(rules(variant=variant), setup)]
    for move in moves:
        states.append(apply(states[-1], move))
    return states


@pytest.mark.parametrize(("variant", "players"), [("basic", 3), ("tactical", 5)])
def test_a_state_changed_is_the_state_replace_makes(variant: str, players: int) -> None:
    states = _states(variant, players, players)
    rng = Random(players)
    for state in states[::7]:
        other = rng.choice(states)
        for count in (1, 2, 5, len(NAMES)):
            values = {name: getattr(other, name) for name in rng.sample(NAMES, count)}
            made = changed(state, **values)
            assert type(made) is State and made == replace(state, **values)
    assert changed(states[0]) == states[0]
