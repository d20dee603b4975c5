"""The work the Cuckoo engine is timed on: replay, random playout, legal moves.

Each function does one seeded, deterministic pass and returns what it counted, so that
:func:`harness.best_of` can time it and check that every repetition did the same work.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from random import Random

from harness import Calls, Tally

import cuckoo.dice.rules as engine_rules
from cuckoo import cli
from cuckoo.dice import RULESETS, State, apply, legal_moves, new_game
from cuckoo.dice.notation import read_records, replay
from cuckoo.dice.playout import random_game
from cuckoo.errors import NotationError

__all__ = [
    "clear_all",
    "engine_cache_clearers",
    "legal_move_calls",
    "playout",
    "replay_file",
    "widest_positions",
    "write_random_games",
]


def write_random_games(path: Path, games: int, seed: int, ruleset: str = "cuckoo") -> None:
    """Write *games* random games to *path* with the ``cuckoo random`` command itself.

    Going through the command (in this process) means the file is exactly what a user gets
    from ``cuckoo random --seed SEED --games N``
    (the dice game, ``--game cuckoo-dice``); a file of fewer games with the same seed
    is a prefix of a longer one, which makes short and long files comparable.
    """
    argv = ["random", "--game", "cuckoo-dice", "--ruleset", ruleset]
    argv += ["--seed", str(seed), "--games", str(games)]
    status = cli.main([*argv, "--output", str(path)])
    if status != 0:
        raise RuntimeError(f"cuckoo {' '.join(argv)} failed with status {status}")


def replay_file(path: Path, times: int = 1) -> Tally:
    """Read every record of *path* and replay it in full, as ``cuckoo validate`` does;
    *times* over, each time opening the file anew.

    Replaying checks every move and the result token; a record that does not validate
    stops the benchmark, since timing a failure would time the wrong thing.
    """
    games = plies = 0
    for _ in range(times):
        with path.open(encoding="utf-8") as lines:
            for item in read_records(lines, source=str(path)):
                if isinstance(item, NotationError):
                    raise item
                deque(replay(item), maxlen=0)  # every state; raises on an illegal move
                games += 1
                plies += len(item.moves)
    return Tally(games, plies)


def playout(games: int, seed: int, ruleset: str = "cuckoo") -> Tally:
    """Play *games* random games with the engine's own :func:`random_game`.

    Each ply is a call of ``legal_moves``, a uniform choice, and ``apply`` (an infection
    also draws its re-roll), from a random opening roll to the end of the game.
    """
    rng, rules = Random(seed), RULESETS[ruleset]
    plies = sum(len(random_game(rules, rng)[1]) for _ in range(games))
    return Tally(games, plies)


def widest_positions(games: int, count: int, seed: int, ruleset: str = "cuckoo") -> list[State]:
    """The *count* decision positions with the most legal moves in *games* random games.

    Worst cases are what a search or an analysis tool pays for, and they are not where a
    random game spends its plies, so they are timed on their own.  Ties keep the earlier
    position, so the choice is deterministic.
    """
    rng, rules = Random(seed), RULESETS[ruleset]
    seen: dict[State, int] = {}
    for _ in range(games):
        setup, moves = random_game(rules, rng)
        state = new_game(rules, setup)
        for move in moves:
            if state not in seen:
                seen[state] = len(legal_moves(state))
            state = apply(state, move)
    ranked = sorted(seen, key=seen.__getitem__, reverse=True)
    return ranked[:count]


def legal_move_calls(
    positions: list[State], rounds: int, before_each: Callable[[], None] | None = None
) -> Calls:
    """Call ``legal_moves`` *rounds* times on every position; *before_each* runs first."""
    calls = moves = 0
    for _ in range(rounds):
        for state in positions:
            if before_each is not None:
                before_each()
            moves += len(legal_moves(state))
            calls += 1
    return Calls(calls, moves)


def engine_cache_clearers() -> list[Callable[[], None]]:
    """The ``cache_clear`` of every memoized function in the rules module.

    Move generation memoizes its parts (open cells, placements of a die, infections of a
    nest), which repeat across positions; clearing them before each call shows what a
    position never seen before costs.  Found by looking, so that a renamed cache is still
    cleared and a removed one is no error.
    """
    found = (getattr(value, "cache_clear", None) for value in vars(engine_rules).values())
    return [clear for clear in found if callable(clear)]


def clear_all(clearers: list[Callable[[], None]]) -> Callable[[], None]:
    """One call that runs every clearer in *clearers*."""

    def clear() -> None:
        for clearer in clearers:
            clearer()

    return clear
