"""Legal moves of the dice game's widest positions, with every memo cache emptied first.

Random play meets the same few positions' parts again and again, so the engine's memo
caches serve it well; a search or an analysis tool meets positions never seen before, and
pays what this measures: the decision positions with the most legal moves, each call made
after every cache of the engine is cleared.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from random import Random
from typing import Any

from cuckoo.dice import RULESETS, State, apply, legal_moves, new_game
from cuckoo.dice.playout import random_game

__all__ = ["clear_all", "engine_cache_clearers", "legal_move_calls", "widest_positions"]


def widest_positions(games: int, count: int, seed: int) -> list[State]:
    """The *count* decision positions with the most legal moves in *games* random games
    (ruleset ``cuckoo``); ties keep the earlier position, so the choice is deterministic."""
    rng, rules = Random(seed), RULESETS["cuckoo"]
    seen: dict[State, int] = {}
    for _ in range(games):
        setup, moves = random_game(rules, rng)
        state = new_game(rules, setup)
        for move in moves:
            if state not in seen:
                seen[state] = len(legal_moves(state))
            state = apply(state, move)
    return sorted(seen, key=seen.__getitem__, reverse=True)[:count]


def legal_move_calls(
    positions: list[State], rounds: int, before_each: Callable[[], None] | None = None
) -> dict[str, int]:
    """Call ``legal_moves`` *rounds* times on every position; *before_each* runs first."""
    calls = moves = 0
    for _ in range(rounds):
        for state in positions:
            if before_each is not None:
                before_each()
            moves += len(legal_moves(state))
            calls += 1
    return {"calls": calls, "moves": moves}


def _cached(holder: Any) -> dict[int, Callable[[], None]]:
    """The ``cache_clear`` of every memoized attribute of *holder*, by the memo's id."""
    found = {}
    for name in list(vars(holder)):
        value = getattr(holder, name, None)
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            found[id(value)] = clear
    return found


def engine_cache_clearers() -> list[Callable[[], None]]:
    """The ``cache_clear`` of every memoized function or method of every engine module
    loaded so far (``cuckoo`` and below): found by looking, not by name, so that a cache
    that is renamed or moves to another module is still cleared, and a removed one is no
    error.  Call it after the work has loaded the modules it uses."""
    found: dict[int, Callable[[], None]] = {}
    for name, module in sorted(sys.modules.items()):
        if module is None or name.split(".")[0] != "cuckoo":
            continue
        found |= _cached(module)
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == name:
                found |= _cached(value)
    return list(found.values())


def clear_all(clearers: list[Callable[[], None]]) -> Callable[[], None]:
    """One call that runs every clearer in *clearers*."""

    def clear() -> None:
        for clearer in clearers:
            clearer()

    return clear
