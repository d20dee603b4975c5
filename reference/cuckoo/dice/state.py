"""The state of a game: an immutable value (spec chapters *setup* and *turn*)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from ..errors import SetupError
from ..values import rebuilt
from .faces import FACES
from .geometry import CELLS
from .moves import Die, Infect, die_of
from .rulesets import RULESETS, Ruleset

__all__ = [
    "BLUE",
    "DICE_PER_PLAYER",
    "PLAYERS",
    "PLAYER_NAMES",
    "RED",
    "Bonus",
    "Nest",
    "Placed",
    "Player",
    "Setup",
    "State",
    "new_game",
]

Player = int
"""0 for Blue, 1 for Red."""

BLUE: Final = 0
RED: Final = 1
PLAYERS: Final = (BLUE, RED)
PLAYER_NAMES: Final = ("Blue", "Red")
DICE_PER_PLAYER: Final = 10

Nest = tuple[Die, ...]
"""The dice a player still holds, sorted, seen from that player."""


class Placed(NamedTuple):
    """A die on the pyramid: a small value, like :class:`~cuckoo.dice.moves.Die`, made at
    every placement."""

    owner: Player
    """Whose colour the die is: the player it scores for (CD-SCORE-SIDE)."""
    placer: Player
    """Who put it there (the dungeon tie-break may ask, CD-SCORE-DUNGEON)."""
    value: int
    """Its rolled value."""
    faces: tuple[int, int, int]
    """The face shown on sides A, B, C; 0 where the cell does not show that side."""


@dataclass(frozen=True)
class Bonus:
    """The draft's first-move dungeon bonus (CD-PLACE-BONUS)."""

    player: Player
    """Who placed the die and receives the points."""
    points: tuple[int, int, int]
    """The points on sides A, B, C: 1, 2 and 3 in some order."""

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True)
class Setup:
    """What happens before the first move: the opening roll and who starts (spec: setup)."""

    rolls: tuple[tuple[int, ...], tuple[int, ...]]
    """The values of Blue's and of Red's ten dice."""
    first: Player = BLUE
    """The player who moves first."""

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, init=False)
class State:
    """A position, with everything that decides what follows it."""

    ruleset: Ruleset
    to_move: Player
    """The player whose turn it is (during a chance step: who infected)."""
    nests: tuple[Nest, Nest]
    """Blue's and Red's nests."""
    board: tuple[Placed | None, ...]
    """The 20 cells, indexed like :data:`~cuckoo.dice.geometry.COORDS`."""
    captures: tuple[int, int]
    """How many infections Blue and Red have made (none at first)."""
    ply: int
    """Turns taken so far (none at first); a player's first move is ply 0 or 1."""
    bonus: Bonus | None
    """The first-move bonus, once a player has earned it (CD-PLACE-BONUS)."""
    pending: Infect | None
    """An infection waiting for its re-roll: the state is a chance node (CD-TURN-CHANCE)."""

    def __init__(
        self,
        ruleset: Ruleset,
        to_move: Player,
        nests: tuple[Nest, Nest],
        board: tuple[Placed | None, ...],
        captures: tuple[int, int] = (0, 0),
        ply: int = 0,
        bonus: Bonus | None = None,
        pending: Infect | None = None,
    ) -> None:
        # What the dataclass would generate, written out: compiled (see setup.py), this
        # runs in a third of the time, and every ply makes a state.
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "nests", nests)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "captures", captures)
        object.__setattr__(self, "ply", ply)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "pending", pending)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would call __init__ without arguments

    @property
    def is_chance(self) -> bool:
        """True while an infection's re-roll is due."""
        return self.pending is not None

    @property
    def is_over(self) -> bool:
        """True once all 20 dice are on the pyramid (CD-TURN-OVER)."""
        return None not in self.board

    def _repr_svg_(self) -> str:
        """The position as a picture, for Jupyter (drawn by :data:`draw`)."""
        assert draw is not None, "cuckoo.dice sets it"
        return draw(self)


draw: Callable[[State], str] | None = None
"""How a position is drawn: set by :mod:`cuckoo.dice` to a function that loads the drawing
code when a picture is asked for, so that the state never imports its own pictures."""


def new_game(rules: Ruleset | str, setup: Setup) -> State:
    """The state before the first move.

    :raises SetupError: if the opening roll or the first player is impossible
        (CD-SETUP-DICE, CD-SETUP-ROLL, CD-SETUP-FIRST) or the ruleset is unknown.
    """
    if isinstance(rules, str):
        if rules not in RULESETS:
            raise SetupError(f"unknown ruleset {rules!r}", rule="CD-RULESET-PARAMS")
        rules = RULESETS[rules]
    if len(setup.rolls) != len(PLAYERS):
        raise SetupError("the opening roll needs one nest per player", rule="CD-SETUP-DICE")
    # In the order of the spec's conventions: every count, then every face, then the first.
    for name, roll in zip(PLAYER_NAMES, setup.rolls, strict=True):
        if len(roll) != DICE_PER_PLAYER:
            raise SetupError(
                f"{name} must roll {DICE_PER_PLAYER} dice, not {len(roll)}", rule="CD-SETUP-DICE"
            )
    for name, roll in zip(PLAYER_NAMES, setup.rolls, strict=True):
        bad = [v for v in roll if type(v) is not int or v not in FACES]
        if bad:
            raise SetupError(f"{name} rolled {bad[0]!r}, not a face 1-6", rule="CD-SETUP-ROLL")
    if type(setup.first) is not int or setup.first not in PLAYERS:
        raise SetupError(
            f"the first player must be Blue or Red (0 or 1), not {setup.first!r}",
            rule="CD-SETUP-FIRST",
        )
    blue, red = (tuple(map(_OWN.__getitem__, sorted(roll))) for roll in setup.rolls)
    return State(rules, setup.first, (blue, red), (None,) * len(CELLS))


_OWN: Final = {value: die_of(value) for value in FACES}
"""Each face's die of the holder's own colour: the dice of an opening roll."""
