"""What the three OpenSpiel games share: the kind of game they all are, an observer that
speaks in strings, and a state that keeps what each player has seen and the moves so far,
from which it draws worlds a player cannot tell from it (for information-set search).

Every game here has explicit chance, is zero-sum, pays at the end only, and describes
information states and observations as strings, not tensors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from random import Random
from typing import Any, Final

import numpy as np
import pyspiel

from ..errors import IllegalMoveError

__all__ = ["Past", "SeenObserver", "SeenState", "game_type"]

WORLD_TRIES: Final = 200
"""How many worlds :meth:`SeenState.resample_from_infostate` draws before it gives up."""


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


class Past(list[tuple[Any, Any]]):
    """The game so far as ``(state, move)`` pairs of the engine, as
    :mod:`cuckoo.players.worlds` and the bots read it.  Its entries are immutable, so the
    deep copy OpenSpiel's ``clone`` makes of a state copies the list, not the entries."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Past:
        return Past(self)


class SeenState(pyspiel.State):
    """The engine's state (``is_over``, ``is_chance``) of a game of seats ``P0``, ``P1``
    and so on, what each player has seen of the game so far, and the moves that led there
    (``past``)."""

    def __init__(self, game: Any, players: int, start: Callable[[tuple[str, ...]], Any]) -> None:
        super().__init__(game)
        names = tuple(f"P{i}" for i in range(players))
        self.state = start(names)
        self.seen: list[list[str]] = [[] for _ in names]
        self.past = Past()

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

    def world_moves(self, player: int, rng: Random) -> Iterable[Any]:
        """The engine's moves of a game *player* may believe was played: the moves so far
        with every card hidden from *player* drawn again (:mod:`cuckoo.players.worlds`)."""
        raise NotImplementedError

    def action(self, move: Any) -> int:
        """The OpenSpiel action of the engine's *move* in this state."""
        raise NotImplementedError

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SeenState:
        """OpenSpiel's ``ResampleFromInfostate``: a state *player_id* cannot tell from this
        one, drawn with *probability_sampler* (a function of no arguments that gives a
        number in [0, 1)), for information-set search.

        A drawn game (:meth:`world_moves`) is played again from the start, and kept only if
        the player's information state and observation in it are the same as here: a world
        in which the others' moves could not have been made, or would have shown the player
        something else, is drawn again.  Only games of moves in turn are replayed."""
        if self.get_game().get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise pyspiel.SpielError("worlds are drawn in games of moves in turn only")
        rng = Random(int(probability_sampler() * 2**53))
        view = self.information_state_string(player_id), self.observation_string(player_id)
        for _ in range(WORLD_TRIES):
            world = self._replayed(self.world_moves(player_id, rng))
            if world is not None and view == (
                world.information_state_string(player_id),
                world.observation_string(player_id),
            ):
                return world
        raise pyspiel.SpielError(f"no world for P{player_id} in {WORLD_TRIES} draws")

    def _replayed(self, moves: Iterable[Any]) -> SeenState | None:
        """The game of *moves* played from the start in OpenSpiel; None if one is illegal."""
        world: SeenState = self.get_game().new_initial_state()
        try:
            for move in moves:
                world.apply_action(world.action(move))
        except IllegalMoveError:
            return None
        return world
