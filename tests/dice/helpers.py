"""Small builders for tests: moves written the way a person reads them, positions by hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import pytest

from cuckoo import IllegalMoveError
from cuckoo.dice import (
    BLUE,
    CELL_NAMES,
    Die,
    Infect,
    Place,
    Placed,
    Player,
    Rolls,
    Ruleset,
    Setup,
    State,
    apply,
    cell_named,
    new_game,
)

SIDE = {"A": 0, "B": 1, "C": 2}

EDGE_CELLS = ("001", "002", "003", "010", "020", "030", "100", "200", "300")
FACE_CELLS = ("011", "012", "021", "101", "102", "201", "110", "120", "210")

# Own: smallest adjacent face; foreign: largest (design.md, second face table).
SECOND_OWN = {1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2}
SECOND_FOREIGN = {1: 5, 2: 6, 3: 6, 4: 6, 5: 6, 6: 5}

START = Setup(((1, 1, 2, 3, 4, 4, 5, 5, 6, 6), (2, 2, 3, 3, 3, 4, 5, 6, 6, 6)), BLUE)


def cell(name: str) -> int:
    found = cell_named(name)
    assert found is not None, name
    return found


def die(text: str) -> Die:
    """``"5"`` is an own 5, ``"5'"`` a foreign one (the notation's way)."""
    return Die(int(text.rstrip("'")), text.endswith("'"))


def put(value: str | int, where: str, sides: str = "") -> Place:
    """A placement: die, cell name, and the sides of the rolled value and second face."""
    return Place(die(str(value)), cell(where), tuple(SIDE[s] for s in sides))


def infect(give: str, take: str, rolls: tuple[int, Sequence[int]] | None = None) -> Infect:
    """``infect("1+1", "2", (5, (3, 4)))``: give 1+1 for the opponent's 2, re-rolled 5; 3, 4."""
    chance = None if rolls is None else Rolls(rolls[0], tuple(rolls[1]))
    return Infect(tuple(die(d) for d in give.split("+")), die(take), chance)


def nest(*dice: str) -> tuple[Die, ...]:
    return tuple(sorted(die(d) for d in dice))


def filler(owner: Player = BLUE, value: int = 1) -> Placed:
    """A die on a cell whose faces do not matter to the test (it shows nothing)."""
    return Placed(owner, owner, value, (0, 0, 0))


def board(empty: Iterable[str] = ()) -> tuple[Placed | None, ...]:
    """A pyramid full of filler dice except on the cells named in *empty*."""
    gaps = {cell(n) for n in empty}
    return tuple(None if c in gaps else filler() for c in range(len(CELL_NAMES)))


def position(
    rules: Ruleset | str = "cuckoo",
    *,
    blue: Iterable[str] = (),
    red: Iterable[str] = (),
    empty: Iterable[str] | None = None,
    to_move: Player = BLUE,
    ply: int = 4,
) -> State:
    """A state built directly: the nests, which cells are still empty, whose turn it is.

    By default every cell is empty.  The dice need not add up to 20: a rule about one move
    does not look at the rest.
    """
    base = new_game(rules, START)
    return replace(
        base,
        nests=(nest(*blue), nest(*red)),
        board=base.board if empty is None else board(empty),
        to_move=to_move,
        ply=ply,
    )


def illegal(state: State, move: object) -> str | None:
    """The rule ID that *apply* names when it rejects *move*."""
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)  # type: ignore[arg-type]
    return caught.value.rule


def play(state: State, moves: Iterable[object]) -> State:
    for move in moves:
        state = apply(state, move)  # type: ignore[arg-type]
    return state
