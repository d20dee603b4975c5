"""Dice faces and how a placed die shows them (CD-DIE-FACES, CD-DIE-ADJACENT, CD-DIE-CORNER,
CD-PLACE-EXPOSE, CD-PLACE-SECOND, CD-PLACE-APEX, CD-PLACE-DUNGEON).

The expected faces come from the hand-written table in design.md and from a concrete cube
turned in space (``cube.py``), never from the engine's own tables.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from cuckoo.dice import APEX, BLUE, DUNGEON, RED, Die, Place, apply, legal_moves, ruleset
from cuckoo.dice.faces import ADJACENT, is_corner, second_face

from . import cube
from .helpers import (
    EDGE_CELLS,
    FACE_CELLS,
    SECOND_FOREIGN,
    SECOND_OWN,
    cell,
    position,
)

FACES = range(1, 7)
HANDS = ("western", "eastern")


def test_cube_model_is_sound() -> None:
    """The model itself: 24 turns, opposite faces sum to 7, 24 readings of 8 corners each,
    and the two hands are mirror images that share no corner."""
    assert len(cube.ROTATIONS) == 24
    assert len({tuple(sorted(cube.turned(cube.WESTERN, m).items())) for m in cube.ROTATIONS}) == 24
    for hand in HANDS:
        corners = cube.ccw_corners(hand)
        assert len(corners) == 24
        assert len({frozenset(c) for c in corners}) == 8
    assert (1, 2, 3) in cube.ccw_corners("western")
    assert (1, 3, 2) in cube.ccw_corners("eastern")
    assert not cube.ccw_corners("western") & cube.ccw_corners("eastern")


def test_opposite_faces_sum_to_seven() -> None:
    """CD-DIE-FACES: on the cube and in the engine, v and 7 - v are opposite."""
    for v in FACES:
        assert cube.opposite(v) == 7 - v
        assert v not in ADJACENT[v] and 7 - v not in ADJACENT[v]


def test_adjacent_faces() -> None:
    """CD-DIE-ADJACENT: the four faces sharing an edge with v, as on the cube."""
    for v in FACES:
        assert set(ADJACENT[v]) == cube.adjacent(v)
        assert len(ADJACENT[v]) == 4


@pytest.mark.parametrize("hand", HANDS)
def test_corners_match_a_turned_cube(hand: str) -> None:
    """CD-DIE-CORNER: a triple read counter-clockwise is a corner exactly when some turn of
    the cube shows it so."""
    corners = cube.ccw_corners(hand)
    for triple in permutations(FACES, 3):
        assert is_corner(triple, hand) == (triple in corners), triple  # type: ignore[arg-type]


def test_second_face_table() -> None:
    """CD-PLACE-SECOND: the design's table is the smallest (own) or largest (foreign)
    adjacent face on the cube; the sources' "own 6 shows a 1" cannot be (1 is opposite)."""
    for v in FACES:
        assert SECOND_OWN[v] == min(cube.adjacent(v))
        assert SECOND_FOREIGN[v] == max(cube.adjacent(v))
        assert second_face(v, True) == SECOND_OWN[v]
        assert second_face(v, False) == SECOND_FOREIGN[v]
    assert cube.opposite(6) == 1 and SECOND_OWN[6] == 2
    assert SECOND_FOREIGN[2] == 6


@pytest.mark.parametrize("name", EDGE_CELLS)
@pytest.mark.parametrize("placer", [BLUE, RED])
def test_two_face_rule_on_every_edge_cell(name: str, placer: int) -> None:
    """CD-PLACE-EXPOSE, CD-PLACE-SECOND: on an edge cell the rolled value shows on the chosen
    side and the second face (table) on the other; the third side shows nothing."""
    hand = [f"{v}" for v in FACES] + [f"{v}'" for v in FACES]
    mine = position(empty=[name], **{"blue" if placer == BLUE else "red": hand}, to_move=placer)
    shown = [s for s in range(3) if name[s] == "0"]
    for v in FACES:
        for foreign in (False, True):
            expected_second = (SECOND_FOREIGN if foreign else SECOND_OWN)[v]
            for side in shown:
                (other,) = (s for s in shown if s != side)
                placed = apply(mine, Place(Die(v, foreign), cell(name), (side,))).board[cell(name)]
                assert placed is not None
                faces = [0, 0, 0]
                faces[side], faces[other] = v, expected_second
                assert list(placed.faces) == faces, (name, v, foreign, side)
                assert placed.owner == (1 - placer if foreign else placer)
                assert placed.placer == placer


@pytest.mark.parametrize("name", FACE_CELLS)
def test_face_cell_shows_the_value_on_its_side(name: str) -> None:
    """CD-PLACE-EXPOSE: a face cell shows the rolled value on its one side, nothing else."""
    (side,) = (s for s in range(3) if name[s] == "0")
    state = position(empty=[name], blue=["4", "5'"])
    for d in (Die(4), Die(5, True)):
        placed = apply(state, Place(d, cell(name))).board[cell(name)]
        assert placed is not None
        assert [placed.faces[s] for s in range(3)] == [
            d.value if s == side else 0 for s in range(3)
        ]


def test_dungeon_shows_nothing() -> None:
    """CD-PLACE-DUNGEON: the die in the dungeon has no face on any side."""
    state = position(empty=["111"], red=["6"], to_move=RED)
    placed = apply(state, Place(Die(6), DUNGEON)).board[DUNGEON]
    assert placed is not None and placed.faces == (0, 0, 0) and placed.value == 6


@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize("foreign", [False, True])
def test_apex_on_every_orientation(hand: str, foreign: bool) -> None:
    """CD-PLACE-APEX: the rolled value on the first chosen side, the second face on the
    second, and the three faces a corner of the ruleset's hand read A, B, C (counter-
    clockwise), checked against the turned cube; the third face is the only one that fits."""
    rules = ruleset("cuckoo", handedness=hand)
    corners = cube.ccw_corners(hand)
    for v in FACES:
        text = f"{v}'" if foreign else f"{v}"
        state = position(rules, empty=["000"], blue=[text])
        second = (SECOND_FOREIGN if foreign else SECOND_OWN)[v]
        seen = set()
        moves = [m for m in legal_moves(state) if isinstance(m, Place)]
        assert len(moves) == 6
        for s1, s2 in permutations(range(3), 2):
            move = Place(Die(v, foreign), APEX, (s1, s2))
            assert move in moves
            faces = apply(state, move).board[APEX].faces  # type: ignore[union-attr]
            assert faces[s1] == v and faces[s2] == second
            assert len({f for f in faces} | {7 - f for f in faces}) == 6, "no two opposite"
            assert faces in corners
            fits = [t for t in corners if t[s1] == v and t[s2] == second]
            assert fits == [faces]
            seen.add(faces)
        assert len(seen) == 6


def test_apex_by_hand() -> None:
    """CD-PLACE-APEX, worked by hand on a western die: own 5 on A with 1 on B leaves 3 for
    C (the corner 1-3-5 read from 5); foreign 2 on B with 6 on C leaves 3 for A
    (the corner 6-3-2 read from 3)."""
    state = position(empty=["000"], blue=["5", "2'"])
    own = apply(state, Place(Die(5), APEX, (0, 1))).board[APEX]
    assert own is not None and own.faces == (5, 1, 3)
    after = apply(state, Place(Die(2, True), APEX, (1, 2))).board[APEX]
    assert after is not None and after.faces == (3, 2, 6)
