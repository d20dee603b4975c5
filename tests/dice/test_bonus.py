"""The draft's first-move dungeon bonus (CD-PLACE-BONUS, CD-RULESET-UNNAMED, CD-SCORE-SIDE).

Which assignments of 1, 2, 3 to the sides are realizable is decided by the turned cube of
``cube.py``, not by the engine's tables.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from cuckoo.dice import (
    BLUE,
    DUNGEON,
    RED,
    Bonus,
    Die,
    Place,
    Setup,
    apply,
    legal_moves,
    new_game,
    ruleset,
    side_totals,
)

from . import cube
from .helpers import START, illegal, infect, put


def _points(s1: int, s2: int) -> tuple[int, int, int]:
    """1 on side s1, 2 on s2, 3 on the third side, as sides A, B, C."""
    points = [3, 3, 3]
    points[s1], points[s2] = 1, 2
    return (points[0], points[1], points[2])


@pytest.mark.parametrize("hand", ["western", "eastern"])
def test_three_orientations_on_the_first_move(hand: str) -> None:
    """CD-PLACE-BONUS: of the six ways to put 1, 2, 3 on the sides, exactly the three that
    a die of the ruleset's hand shows around a corner are legal; the others are refused."""
    state = new_game(ruleset("unnamed", handedness=hand), START)
    corners = cube.ccw_corners(hand)
    legal = {m.sides for m in legal_moves(state) if isinstance(m, Place) and m.cell == DUNGEON}
    realizable = {(s1, s2) for s1, s2 in permutations(range(3), 2) if _points(s1, s2) in corners}
    assert len(realizable) == 3
    assert legal == realizable
    for s1, s2 in permutations(range(3), 2):
        move = Place(Die(4), DUNGEON, (s1, s2))
        if (s1, s2) in realizable:
            bonus = apply(state, move).bonus
            assert bonus == Bonus(BLUE, _points(s1, s2))
        else:
            assert illegal(state, move) == "CD-PLACE-BONUS"
    for sides in ((), (0,), (0, 0), (0, 1, 2)):
        assert illegal(state, Place(Die(4), DUNGEON, sides)) == "CD-PLACE-BONUS"


def test_western_bonus_by_hand() -> None:
    """CD-PLACE-BONUS: on a western die 1, 2, 3 run counter-clockwise, as A, B, C do; so 1
    on A with 2 on B (3 on C) is legal and 1 on B with 2 on A is not."""
    state = new_game("unnamed", START)
    assert apply(state, put(6, "111", "AB")).bonus == Bonus(BLUE, (1, 2, 3))
    assert apply(state, put(6, "111", "CA")).bonus == Bonus(BLUE, (2, 3, 1))
    assert illegal(state, put(6, "111", "BA")) == "CD-PLACE-BONUS"


def test_bonus_counts_for_the_placer_in_the_totals() -> None:
    """CD-PLACE-BONUS, CD-SCORE-SIDE: the points go to the placer's side totals; the die in
    the dungeon itself scores nothing."""
    after = apply(new_game("unnamed", START), put(5, "111", "BC"))
    assert side_totals(after) == ((3, 1, 2), (0, 0, 0))


def test_second_player_first_move_with_a_foreign_die() -> None:
    """CD-PLACE-BONUS: Red's first move is ply 1; after Blue's infection at ply 0 Red
    puts Blue's die in the dungeon: the bonus is Red's (the placer), the die Blue's."""
    state = apply(new_game("unnamed", START), infect("1+1", "2", (5, (3, 4))))
    assert state.ply == 1 and state.to_move == RED
    after = apply(state, put("3'", "111", "AB"))
    assert after.bonus == Bonus(RED, (1, 2, 3))
    placed = after.board[DUNGEON]
    assert placed is not None and (placed.owner, placed.placer) == (BLUE, RED)
    assert side_totals(after) == ((0, 0, 0), (1, 2, 3))


def test_red_first_move_after_blue_placed() -> None:
    """CD-PLACE-BONUS: at ply 1 the second player still gets it."""
    state = apply(new_game("unnamed", START), put(6, "012"))
    assert apply(state, put(6, "111", "BC")).bonus == Bonus(RED, (3, 1, 2))


def test_no_bonus_after_the_first_moves() -> None:
    """CD-PLACE-BONUS, CD-PLACE-DUNGEON: from ply 2 on the dungeon is a plain cell again:
    no side is named and no bonus is paid, even for a player whose first move infected."""
    infected = apply(new_game("unnamed", START), infect("1+1", "2", (5, (3, 4))))
    state = apply(infected, put(6, "012"))  # Red's first move
    assert state.ply == 2 and state.to_move == BLUE
    dungeon = {m.sides for m in legal_moves(state) if isinstance(m, Place) and m.cell == DUNGEON}
    assert dungeon == {()}
    assert illegal(state, put(6, "111", "AB")) == "CD-PLACE-DUNGEON"
    after = apply(state, put(6, "111"))
    assert after.bonus is None and side_totals(after) == ((0, 0, 0), (6, 0, 0))


@pytest.mark.parametrize("name", ["cuckoo", "dwnsiwn"])
def test_no_bonus_in_the_final_rules(name: str) -> None:
    """CD-RULESET-CUCKOO, CD-RULESET-DWNSIWN: no bonus, even on the first move; the
    parameter turns it on."""
    state = new_game(name, START)
    assert illegal(state, put(6, "111", "AB")) == "CD-PLACE-DUNGEON"
    assert apply(state, put(6, "111")).bonus is None
    bonus = new_game(ruleset(name, dungeon_bonus=True), START)
    assert apply(bonus, put(6, "111", "AB")).bonus == Bonus(BLUE, (1, 2, 3))


def test_unnamed_bonus_with_red_first() -> None:
    """CD-PLACE-BONUS: with Red first, Red's ply-0 dungeon earns Red the bonus."""
    state = new_game("unnamed", Setup(START.rolls, RED))
    assert apply(state, put(2, "111", "AB")).bonus == Bonus(RED, (1, 2, 3))
