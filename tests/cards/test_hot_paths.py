"""The hot path's shortcuts say what the plain code says: the state's written-out
``__init__`` is the one the dataclass would make; a state with what a move changes set anew
is the state :func:`dataclasses.replace` makes; and every memo of both card games' engines
is bounded, so that memory stays flat however many games are played."""

from __future__ import annotations

from dataclasses import MISSING, fields, replace
from functools import _lru_cache_wrapper
from importlib import import_module
from itertools import combinations
from random import Random
from typing import Any

import pytest

from cuckoo.cards import Card, Rules, State, apply, new_game
from cuckoo.cards.playout import random_game

rules_module = import_module("cuckoo.cards.rules")  # cuckoo.cards.rules is also a function


def _states(seed: int, players: int) -> list[State]:
    setup, moves = random_game(Rules(), Random(seed), players)
    states = [new_game(Rules(), setup)]
    for move in moves:
        states.append(apply(states[-1], move))
    return states


def test_the_states_init_sets_every_field_in_order_with_its_default() -> None:
    two, ace = Card("2", "c"), Card("A", "s")
    values: tuple[Any, ...] = (
        Rules(lives=4),
        ("Ann", "Ben"),
        (1, 2),
        1,
        (None, two),
        frozenset({two}),
        "cut",
        0,
        5,
        (1,),
        (ace, two),
        frozenset({ace}),
    )
    declared = fields(State)
    made = State(*values)
    assert [getattr(made, f.name) for f in declared] == list(values)
    required = [v for f, v in zip(declared, values, strict=True) if f.default is MISSING]
    made = State(*required)
    for field in declared[len(required) :]:
        assert getattr(made, field.name) == field.default, field.name


def test_a_changed_state_is_the_state_replace_makes() -> None:
    states = _states(3, 5)
    rng = Random(3)
    names = ("dealer", "cards", "seen", "step", "to_act")
    for state in states[::3]:
        other = rng.choice(states)
        for count in range(len(names) + 1):
            for chosen in combinations(names, count):
                values = {name: getattr(other, name) for name in chosen}
                made = rules_module._changed(state, **values)
                assert type(made) is State and made == replace(state, **values)


ENGINE_MODULES = [
    *(f"cards.{m}" for m in ("deck", "moves", "playout", "rules", "rulesets", "state")),
    *(
        f"kuckuck.{m}"
        for m in ("cards", "moves", "playout", "rules", "rulesets", "scoring", "state")
    ),
]


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_every_memo_is_bounded(module: str) -> None:
    found = import_module(f"cuckoo.{module}").__dict__.values()
    for memo in (value for value in found if isinstance(value, _lru_cache_wrapper)):
        maxsize = memo.cache_info().maxsize
        assert maxsize is not None and maxsize <= 4096, memo
