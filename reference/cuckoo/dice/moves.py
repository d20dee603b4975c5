"""Moves and chance outcomes: small immutable values (spec chapters *turn*, *infect*, *place*).

A move is seen from the player who makes it: a die is *own* (of the mover's colour) or
*foreign* (the opponent's colour, a cuckoo's egg in the mover's nest).  That is how the
rules speak, and it lets a move be read without knowing whose turn it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from ..values import rebuilt
from .faces import FACES
from .geometry import CELL_NAMES, SIDE_NAMES, Cell, Side

__all__ = ["PASS", "Die", "Infect", "Move", "Pass", "Place", "Rolls", "canonical_rolls", "die_of"]


class Die(NamedTuple):
    """A die in a nest, seen from the player who holds the nest."""

    value: int
    """The face the die shows on top (its rolled value), 1 to 6."""
    foreign: bool = False
    """True when the die is of the other player's colour."""

    def __repr__(self) -> str:
        return f"Die({self.value}, foreign=True)" if self.foreign else f"Die({self.value})"

    def __str__(self) -> str:
        return f"{self.value}'" if self.foreign else str(self.value)


def die_of(value: int, foreign: bool = False) -> Die:
    """The die of *value* and colour.  Dice are values, and the engine shares one of each:
    a nest then finds a die by identity before it compares (a die of any other value is
    made anew)."""
    return _DICE.get((value, foreign)) or Die(value, foreign)


_DICE: Final = {
    (value, foreign): Die(value, foreign) for value in FACES for foreign in (False, True)
}


@dataclass(frozen=True)
class Place:
    """Put a die from the mover's nest on a cell (spec: placement)."""

    die: Die
    """The die taken from the mover's nest."""
    cell: Cell
    """Where it goes."""
    sides: tuple[Side, ...] = ()
    """The placer's choices: the side showing the rolled value (edge cells and the apex),
    then the side showing the second face (apex).  For the dungeon with the first-move
    bonus: the side that gets 1, then the side that gets 2."""

    def __str__(self) -> str:
        turn = "".join(SIDE_NAMES[s] for s in self.sides)
        return f"{self.die}@{CELL_NAMES[self.cell]}" + (f"/{turn}" if turn else "")

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, init=False)
class Rolls:
    """The outcome of an infection's re-roll: the chance step (CD-INFECT-REROLL)."""

    take: int
    """The new value of the die taken from the opponent."""
    give: tuple[int, ...]
    """The new values of the given dice, in the order of :attr:`Infect.give`."""

    def __init__(self, take: int, give: tuple[int, ...]) -> None:
        # The dataclass's __init__ written out, as the state's is: compiled, it runs in a
        # fraction of the time, and every infection of a record makes two.
        object.__setattr__(self, "take", take)
        object.__setattr__(self, "give", give)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would call __init__ without arguments

    def __str__(self) -> str:
        return f"({self.take};{','.join(map(str, self.give))})"


def canonical_rolls(give: tuple[Die, ...], rolls: Rolls) -> Rolls:
    """*rolls* with the new values of same-coloured given dice in ascending order.

    Which of two dice of one colour got which value makes no difference to the game.
    """
    new = list(rolls.give)
    for foreign in (False, True):
        at = [i for i, d in enumerate(give) if d.foreign == foreign]
        values = sorted([new[i] for i in at])
        for i, value in zip(at, values, strict=False):  # as many (strict is slow compiled)
            new[i] = value
    return Rolls(rolls.take, tuple(new))


@dataclass(frozen=True, init=False)
class Infect:
    """Give two or more dice from the mover's nest for one of the opponent's (spec: infection).

    Without :attr:`rolls` the move leads to a chance step; with them it is the whole
    infection as a game record holds it.  The dice are kept in a canonical order (by value,
    own before foreign), and so are the new values of dice of the same colour, since which
    of two such dice got which value makes no difference.
    """

    give: tuple[Die, ...]
    """The mover's dice, whose values add up to the taken die's value."""
    take: Die
    """The opponent's die, seen from the opponent (foreign: of the mover's colour)."""
    rolls: Rolls | None = None
    """The re-roll, if known."""

    def __init__(self, give: tuple[Die, ...], take: Die, rolls: Rolls | None = None) -> None:
        # The dataclass's __init__ with the canonical order, written out as the state's is:
        # compiled (see setup.py), it runs in a fraction of the time, and a record's every
        # infection makes one.
        order = sorted(range(len(give)), key=give.__getitem__)
        object.__setattr__(self, "give", tuple([give[i] for i in order]))
        object.__setattr__(self, "take", take)
        if rolls is not None and len(rolls.give) == len(order):
            new = Rolls(rolls.take, tuple([rolls.give[i] for i in order]))
            rolls = canonical_rolls(self.give, new)
        object.__setattr__(self, "rolls", rolls)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would call __init__ without arguments

    def __str__(self) -> str:
        text = "+".join(map(str, self.give)) + f"x{self.take}"
        return text + (str(self.rolls) if self.rolls else "")


@dataclass(frozen=True)
class Pass:
    """Do nothing: allowed only with an empty nest (CD-TURN-PASS)."""

    def __str__(self) -> str:
        return "pass"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


PASS = Pass()

Move = Place | Infect | Pass
