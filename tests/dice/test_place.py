"""Placing a die: which placements the rules refuse, and with which rule (CD-PLACE-DIE,
CD-PLACE-EMPTY, CD-PLACE-SUPPORT, CD-PLACE-EXPOSE, CD-PLACE-APEX, CD-PLACE-DUNGEON, CD-CELL).

Each illegal move is built so that exactly one thing is wrong with it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cuckoo.dice import (
    APEX,
    BLUE,
    DUNGEON,
    RED,
    Die,
    Place,
    State,
    apply,
    legal_moves,
    new_game,
    ruleset,
)
from cuckoo.dice.geometry import BELOW, SHOWN

from .helpers import START, cell, illegal, position, put
from .strategies import positions


def _open(state: State, c: int) -> bool:
    return state.board[c] is None and all(state.board[b] is not None for b in BELOW[c])


def _sides_for(c: int, data: st.DataObject) -> tuple[int, ...]:
    """A correct choice of sides for cell *c* (no bonus due)."""
    shown = SHOWN[c]
    if len(shown) == 2:
        return (data.draw(st.sampled_from(shown)),)
    if len(shown) == 3:
        return tuple(data.draw(st.permutations((0, 1, 2)))[:2])
    return ()


def test_a_placement_moves_the_die_from_the_nest() -> None:
    """CD-PLACE-DIE: the die leaves the placer's nest and lands on the cell, placed by the
    mover, owned by its colour."""
    state = position(empty=None, blue=["3", "5'"], red=["2"])
    after = apply(state, put("5'", "012"))
    assert after.nests == ((Die(3),), (Die(2),))
    placed = after.board[cell("012")]
    assert placed is not None
    assert (placed.owner, placed.placer, placed.value) == (RED, BLUE, 5)
    assert after.to_move == RED and after.ply == state.ply + 1


def test_die_not_in_the_nest() -> None:
    """CD-PLACE-DIE: the die must be in the mover's nest, with the right colour."""
    state = new_game("cuckoo", START)  # Blue holds 1 1 2 3 4 4 5 5 6 6, all own
    assert illegal(state, Place(Die(1, True), cell("003"), (0,))) == "CD-PLACE-DIE"
    no_three = tuple(d for d in state.nests[BLUE] if d.value != 3)
    state = replace(state, nests=(no_three, state.nests[RED]))
    assert illegal(state, Place(Die(3), cell("012"))) == "CD-PLACE-DIE"


def test_occupied_cell() -> None:
    """CD-PLACE-EMPTY: a cell takes one die."""
    state = apply(new_game("cuckoo", START), put(6, "012"))
    assert illegal(state, put(6, "012")) == "CD-PLACE-EMPTY"


def test_unsupported_cells() -> None:
    """CD-PLACE-SUPPORT: above the base a die needs all three dice under it."""
    state = new_game("cuckoo", START)
    assert illegal(state, put(6, "011")) == "CD-PLACE-SUPPORT"
    assert illegal(state, put(6, "000", "AB")) == "CD-PLACE-SUPPORT"
    # Two of the three cells under 011 (111, 021, 012) are not enough.
    two = position(empty=["011", "111", "001", "010", "000"], blue=["6"])
    assert illegal(two, put(6, "011")) == "CD-PLACE-SUPPORT"
    assert apply(position(empty=["011"], blue=["6"]), put(6, "011")).board[cell("011")]


@pytest.mark.parametrize("where", [20, -1, 99])
def test_no_such_cell(where: int) -> None:
    """CD-CELL: there are 20 cells, 0 to 19."""
    assert illegal(new_game("cuckoo", START), Place(Die(6), where)) == "CD-CELL"


@pytest.mark.parametrize(
    ("where", "sides"),
    [
        ("012", "A"),  # a face cell: no choice to make
        ("102", "B"),
        ("003", ""),  # an edge cell: name one of its two sides
        ("003", "C"),  # C is not a side of 003
        ("003", "AB"),
        ("030", "B"),
        ("300", "A"),
    ],
)
def test_wrong_sides_on_edge_and_face_cells(where: str, sides: str) -> None:
    """CD-PLACE-EXPOSE: the rolled value shows on one side of the cell, chosen on an edge."""
    assert illegal(new_game("cuckoo", START), put(6, where, sides)) == "CD-PLACE-EXPOSE"


@pytest.mark.parametrize("sides", [(), (0,), (1, 1), (0, 1, 2), (0, 3)])
def test_wrong_sides_on_the_apex(sides: tuple[int, ...]) -> None:
    """CD-PLACE-APEX: the apex needs two different sides, the value's and the second's."""
    state = position(empty=["000"], blue=["4"])
    assert illegal(state, Place(Die(4), APEX, sides)) == "CD-PLACE-APEX"


@pytest.mark.parametrize("rules", ["cuckoo", "dwnsiwn", "unnamed"])
def test_dungeon_takes_no_side(rules: str) -> None:
    """CD-PLACE-DUNGEON: the dungeon shows nothing, so no side is named (unnamed: after
    the first moves, when no bonus is due)."""
    state = position(rules, empty=["111"], blue=["4"], ply=2)
    for sides in ((0,), (0, 1)):
        assert illegal(state, Place(Die(4), DUNGEON, sides)) == "CD-PLACE-DUNGEON"
    assert apply(state, Place(Die(4), DUNGEON)).bonus is None


@given(positions(kind="decision"), st.data())
def test_generated_illegal_placements(state: State, data: st.DataObject) -> None:
    """CD-PLACE-EMPTY, CD-PLACE-SUPPORT, CD-PLACE-DIE, CD-PLACE-EXPOSE, CD-PLACE-APEX,
    CD-PLACE-DUNGEON: in random positions, one fault at a time."""
    held = state.nests[state.to_move]
    assume(held)
    d = data.draw(st.sampled_from(held))
    bonus_due = state.ruleset.dungeon_bonus and state.ply < 2
    full = [c for c in range(20) if state.board[c] is not None]
    if full:
        c = data.draw(st.sampled_from(full))
        assert illegal(state, Place(d, c, _sides_for(c, data))) == "CD-PLACE-EMPTY"
    hanging = [c for c in range(20) if state.board[c] is None and not _open(state, c)]
    if hanging:
        c = data.draw(st.sampled_from(hanging))
        assert illegal(state, Place(d, c, _sides_for(c, data))) == "CD-PLACE-SUPPORT"
    open_cells = [c for c in range(20) if _open(state, c)]
    c = data.draw(st.sampled_from(open_cells))
    missing = [Die(v, f) for v in range(1, 7) for f in (False, True) if Die(v, f) not in held]
    if missing:
        wrong = data.draw(st.sampled_from(missing))
        assert illegal(state, Place(wrong, c, _sides_for(c, data))) == "CD-PLACE-DIE"
    good = _sides_for(c, data)
    if not (c == DUNGEON and bonus_due):
        assert apply(state, Place(d, c, good)).board[c] is not None
    bad = data.draw(st.lists(st.integers(0, 2), max_size=3).map(tuple).filter(lambda s: s != good))
    n = len(SHOWN[c])
    if n == 3:
        if len(bad) == 2 and bad[0] != bad[1]:
            return  # another correct orientation
        assert illegal(state, Place(d, c, bad)) == "CD-PLACE-APEX"
    elif n == 0:
        rule = "CD-PLACE-BONUS" if bonus_due else "CD-PLACE-DUNGEON"
        if bonus_due and len(bad) == 2 and bad[0] != bad[1]:
            return  # bonus sides may be right; test_bonus checks them
        assert illegal(state, Place(d, c, bad)) == rule
    else:
        if n == 2 and len(bad) == 1 and bad[0] in SHOWN[c]:
            return  # the other correct orientation
        assert illegal(state, Place(d, c, bad)) == "CD-PLACE-EXPOSE"


def test_any_die_of_the_nest_may_be_placed() -> None:
    """CD-PLACE-DIE: own and foreign dice alike, on every open cell."""
    state = position(empty=None, blue=["2", "2'"])
    moves = legal_moves(state)
    assert {m.die for m in moves if isinstance(m, Place)} == {Die(2), Die(2, True)}
    # Each die: the base corners 003, 030, 300 two ways, six face cells and the dungeon once.
    assert len(moves) == 2 * (3 * 2 + 6 * 1 + 1)


def test_handedness_changes_only_the_apex() -> None:
    """CD-PLACE-APEX: an eastern die puts the mirror corner on the apex."""
    west = position(empty=["000"], blue=["1"])
    east = position(ruleset("cuckoo", handedness="eastern"), empty=["000"], blue=["1"])
    a = apply(west, put(1, "000", "AB")).board[APEX]
    b = apply(east, put(1, "000", "AB")).board[APEX]
    assert a is not None and b is not None
    assert a.faces == (1, 2, 3) and b.faces == (1, 2, 4)
