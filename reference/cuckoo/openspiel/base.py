"""What the three OpenSpiel games share: the kind of game they all are, an observer that
speaks in strings, and a state that keeps what each player has seen.

Every game here has explicit chance, is zero-sum, pays at the end only, and describes
information states and observations as strings, not tensors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

__all__ = ["SeenObserver", "SeenState", "game_type"]


def game_type(
    short_name: str,
    long_name: str,
    *,
    players: tuple[int, int],
    parameters: dict[str, Any],
    perfect: bool = False,
    simultaneous: bool = False,
) -> Any:
    """The OpenSpiel game type of one of the games: *players* is the least and the most;
    *perfect* for perfect information, *simultaneous* for moves made at once."""
    kind = pyspiel.GameType
    return kind(
        short_name=short_name,
        long_name=long_name,
        dynamics=kind.Dynamics.SIMULTANEOUS if simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            kind.Information.PERFECT_INFORMATION
            if perfect
            else kind.Information.IMPERFECT_INFORMATION
        ),
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=parameters,
    )


class SeenObserver:
    """Information state (everything the player has seen, in order: ``state.seen``) or
    observation (the present only, as *present* writes it), for a game whose state keeps
    what each player has seen; a game of perfect information asks only for the present."""

    def __init__(self, perfect_recall: bool, present: Callable[[Any, int], str]) -> None:
        self.perfect_recall = perfect_recall
        self.present = present
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: Any, player: int) -> None:
        pass

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(state.seen[player])
        return self.present(state, player)


class SeenState(pyspiel.State):
    """The engine's state (``is_over``, ``is_chance``) of a game of seats ``P0``, ``P1``
    and so on, and what each player has seen of the game so far."""

    def __init__(self, game: Any, players: int, start: Callable[[tuple[str, ...]], Any]) -> None:
        super().__init__(game)
        names = tuple(f"P{i}" for i in range(players))
        self.state = start(names)
        self.seen: list[list[str]] = [[] for _ in names]

    def current_player(self) -> int:
        if self.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return self.mover()

    def mover(self) -> int:
        """The player to act in a state neither over nor of chance."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return bool(self.state.is_over)
