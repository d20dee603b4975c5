"""The dice pyramid as an OpenSpiel game, ``python_cuckoo_dice``, so that OpenSpiel's
algorithms run on it unchanged; load it with
``pyspiel.load_game("python_cuckoo_dice", {"ruleset": "unnamed"})``.

The OpenSpiel state wraps the engine's immutable state and swaps it for the next one at
every action.  Chance is explicit, as in the engine: the opening roll (one die at a time),
who moves first, and each infection's re-roll, all with exact probabilities.  Actions are
indices into fixed tables computed once from the engine's own move values, and action
strings are the notation.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from typing import Any, Final

import pyspiel

from .. import dice
from ..dice.geometry import CELLS, DUNGEON
from ..dice.moves import PASS, Die, Infect, Move, Place, Rolls
from ..dice.rules import GIVING, ORIENTATIONS
from ..dice.views import diagram
from .base import SeenObserver, game_type

__all__ = ["ACTIONS", "CuckooDiceGame", "CuckooDiceState"]

_DICE: Final = tuple(Die(v, f) for v in dice.faces.FACES for f in (False, True))


def _placements() -> Iterator[Place]:
    for die in _DICE:
        for cell in CELLS:
            sides = ORIENTATIONS[cell]
            if cell == DUNGEON:
                sides = ((), *permutations(range(3), 2))  # plain, or the draft's bonus
            for turn in sides:
                yield Place(die, cell, tuple(turn))


def _infections() -> Iterator[Infect]:
    for value in dice.faces.FACES:
        for need in GIVING[value]:
            options = [
                [(Die(v),) * (n - k) + (Die(v, True),) * k for k in range(n + 1)] for v, n in need
            ]
            for choice in _product(options):
                for foreign in (False, True):
                    yield Infect(sum(choice, ()), Die(value, foreign))


def _product(options: list[list[tuple[Die, ...]]]) -> Iterator[tuple[tuple[Die, ...], ...]]:
    if not options:
        yield ()
        return
    for head in options[0]:
        for tail in _product(options[1:]):
            yield (head, *tail)


ACTIONS: Final[tuple[Move, ...]] = (*_placements(), *_infections(), PASS)
"""Every move of the game, in a fixed order: an action is an index into this table."""
_INDEX: Final = {move: i for i, move in enumerate(ACTIONS)}
_MAX_GIVEN: Final = 6  # six dice showing 1 make the largest infection
_ROLL_OUTCOMES: Final = 6 ** (_MAX_GIVEN + 1)
_OPENING: Final = 2 * dice.state.DICE_PER_PLAYER  # dice rolled one at a time, then who starts


def _roll_action(rolls: Rolls) -> int:
    """A re-roll as a chance action: its values as digits in base 6."""
    code = 0
    for value in reversed((rolls.take, *rolls.give)):
        code = code * 6 + value - 1
    return code


_GAME_TYPE: Final = game_type(
    "python_cuckoo_dice",
    "Cuckoo, the dice pyramid",
    players=(2, 2),
    parameters={"ruleset": "cuckoo"},
    perfect=True,
)
_GAME_INFO: Final = pyspiel.GameInfo(
    num_distinct_actions=len(ACTIONS),
    max_chance_outcomes=_ROLL_OUTCOMES,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=200,  # 20 placements, their passes and at most 6 infections (own pool)
)


class CuckooDiceGame(pyspiel.Game):
    """The game, for one ruleset (the ``ruleset`` parameter)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})
        self.ruleset = dice.ruleset(str(self.get_parameters().get("ruleset", "cuckoo")))

    def new_initial_state(self) -> CuckooDiceState:
        return CuckooDiceState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeenObserver:
        return SeenObserver(False, _public)


class CuckooDiceState(pyspiel.State):
    """A position: the opening roll being made, then the engine's state."""

    def __init__(self, game: CuckooDiceGame) -> None:
        super().__init__(game)
        self.rules = game.ruleset
        self.rolled: list[int] = []
        self.state: dice.State | None = None

    # -- whose turn ----------------------------------------------------------------------

    def current_player(self) -> int:
        if self.state is None or self.state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        if self.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.to_move

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.is_over

    # -- moves and chance ----------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None
        return sorted(_INDEX[m] for m in dice.legal_moves(self.state))  # type: ignore[index]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes and their probabilities (exact in the engine; OpenSpiel takes floats)."""
        if self.state is None:
            count = 6 if len(self.rolled) < _OPENING else 2
            return [(i, 1.0 / count) for i in range(count)]
        return sorted((_roll_action(r), float(p)) for r, p in dice.chance_outcomes(self.state))

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            if len(self.rolled) < _OPENING:
                self.rolled.append(action + 1)
            else:
                half = dice.state.DICE_PER_PLAYER
                rolls = (tuple(self.rolled[:half]), tuple(self.rolled[half:]))
                self.state = dice.new_game(self.rules, dice.Setup(rolls, action))
        elif self.state.is_chance:
            self.state = dice.apply(self.state, _rolls(self.state, action))
        else:
            self.state = dice.apply(self.state, ACTIONS[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            if self.state is None:
                return (
                    f"roll {action + 1}"
                    if len(self.rolled) < _OPENING
                    else (f"first {dice.PLAYER_NAMES[action]}")
                )
            return str(_rolls(self.state, action))
        return str(ACTIONS[action])

    # -- the end -------------------------------------------------------------------------

    def returns(self) -> list[float]:
        outcome = dice.result(self.state) if self.state is not None else None
        if outcome is None or len(outcome.winners) == 2:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winners == (dice.BLUE,) else [-1.0, 1.0]

    def __str__(self) -> str:
        if self.state is None:
            return f"opening roll: {' '.join(map(str, self.rolled))}"
        return diagram(self.state)


def _rolls(state: dice.State, action: int) -> Rolls:
    """The re-roll a chance action stands for (its base-6 digits)."""
    assert state.pending is not None
    values = []
    for _ in range(len(state.pending.give) + 1):
        values.append(action % 6 + 1)
        action //= 6
    return Rolls(values[0], tuple(values[1:]))


def _public(state: CuckooDiceState, player: int) -> str:
    """The whole position is public: what anyone observes is the position as text."""
    return str(state)


pyspiel.register_game(_GAME_TYPE, CuckooDiceGame)
