"""OpenSpiel's pure-Python games, the peer of a researcher who writes games for OpenSpiel.

Only random playout is timed: these games have no notation to read.  The games are
OpenSpiel's own Python implementations (``open_spiel/python/games``), reached through
``pyspiel.load_game`` as its users reach them.  Importing this module fails when OpenSpiel
is not installed; the runner reports that peer as "not installed".
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from importlib.metadata import version
from random import Random
from typing import Protocol

import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

__all__ = ["GAMES", "VERSION", "playout"]

import_module("open_spiel.python.games")  # registers OpenSpiel's Python games with pyspiel

VERSION: str = version("open_spiel")

GAMES: tuple[str, ...] = ("python_tic_tac_toe", "python_kuhn_poker")
"""Two small pure-Python games: one of pure decisions, one with chance nodes (the deal)."""


class SpielState(Protocol):
    """The part of ``pyspiel.State`` a random playout uses (pyspiel ships no types)."""

    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> Sequence[tuple[int, float]]: ...
    def legal_actions(self) -> Sequence[int]: ...
    def apply_action(self, action: int) -> None: ...


def _step(state: SpielState, rng: Random) -> int:
    """The action taken at *state*: drawn by probability at a chance node, else uniform."""
    if state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(actions, weights)[0])
    return rng.choice(state.legal_actions())


def playout(name: str, episodes: int, seed: int) -> dict[str, int]:
    """Play *episodes* random episodes of game *name*; every applied action is a step.

    Chance steps count as steps, as a Cuckoo infection's re-roll is inside its ply.
    """
    game, rng = pyspiel.load_game(name), Random(seed)
    steps = 0
    for _ in range(episodes):
        state: SpielState = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(_step(state, rng))
            steps += 1
    return {"episodes": episodes, "steps": steps}
