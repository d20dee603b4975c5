"""Complete games worked out by hand, one per ending (CD-SCORE-SIDE, CD-SCORE-SIDE-WIN,
CD-SCORE-MAJORITY, CD-SCORE-DUNGEON, CD-SCORE-CAPTURES, CD-SCORE-SHARED, CD-INFECT-SWAP,
CD-PLACE-SECOND, CD-PLACE-APEX, CD-PLACE-BONUS, CD-RULESET-CUCKOO, CD-RULESET-DWNSIWN,
CD-RULESET-UNNAMED).

Every total below was added up by hand from the moves, before the engine was asked.
Reading aids:

* Sides: A = cells with i = 0 (000 001 010 002 011 020 003 012 021 030),
  B = j = 0 (000 001 100 002 101 200 003 102 201 300),
  C = k = 0 (000 010 100 020 110 200 030 120 210 300).
* ``put(v, cell, "XY")``: the rolled value v on side X, the second face on side Y (edge:
  only X is named, the second face goes on the cell's other side).  ``5'`` is a die of the
  opponent's colour.  Second face: own 1->2, 2->1, 3..5->1, 6->2; foreign 1->5, 6->5,
  2..5->6.
* Apex, western die: the counter-clockwise corners (read A, B, C) are the rotations of
  123, 632, 135, 142, 653, 624, 154, 645.
* Each table line: ply, player, move, and what it adds to whose side totals.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cuckoo.dice import (
    BLUE,
    PASS,
    RED,
    Infect,
    Move,
    Ruleset,
    Setup,
    State,
    apply,
    legal_moves,
    new_game,
    result,
    ruleset,
    side_totals,
)

from .helpers import illegal, infect, put


def replay(rules: Ruleset | str, setup: Setup, moves: Sequence[Move]) -> State:
    """Play *moves*, checking that each one is among the legal moves (an infection with
    its rolls: the infection is listed, the rolls among the chance outcomes)."""
    state = new_game(rules, setup)
    for move in moves:
        assert not state.is_over
        legal = legal_moves(state)
        if isinstance(move, Infect) and move.rolls is not None:
            assert Infect(move.give, move.take) in legal, move
            waiting = apply(state, Infect(move.give, move.take))
            assert move.rolls in legal_moves(waiting), move
        else:
            assert move in legal, move
        state = apply(state, move)
    assert state.is_over
    return state


# -- 1. cuckoo, won on sides ----------------------------------------------------------------
#
# Blue 1 1 2 3 4 4 5 5 6 6, Red 2 2 3 3 3 4 5 6 6 6; Blue first.
# ply 0  Blue 1+1 x 2, re-rolled: the 2 -> 5 (Red's, to Blue), the 1s -> 3, 4 (Blue's, to Red).
#        Blue now: 2 3 4 4 5 5 6 6 5'   Red: 2 3 3 3 4 5 6 6 6 3' 4'.
CUCKOO_SIDES_SETUP = Setup(((1, 1, 2, 3, 4, 4, 5, 5, 6, 6), (2, 2, 3, 3, 3, 4, 5, 6, 6, 6)), BLUE)
CUCKOO_SIDES = [
    infect("1+1", "2", (5, (3, 4))),
    put(6, "003", "B"),  # 1  Red   6 on B, 2 on A        Red  A+2 B+6
    put(6, "012"),  # 2  Blue  face A                     Blue A+6
    put("4'", "021"),  # 3  Red   Blue's 4, face A        Blue A+4
    put(5, "030", "A"),  # 4  Blue  5 on A, 1 on C        Blue A+5 C+1
    put(6, "102"),  # 5  Red   face B                     Red  B+6
    put(2, "111"),  # 6  Blue  dungeon                    -
    put(6, "120"),  # 7  Red   face C                     Red  C+6
    put(6, "201"),  # 8  Blue  face B                     Blue B+6
    put("3'", "210"),  # 9  Red   Blue's 3, face C        Blue C+3
    put("5'", "300", "C"),  # 10 Blue Red's 5 on C, 6 on B Red C+5 B+6
    put(5, "002", "A"),  # 11 Red   5 on A, 1 on B        Red  A+5 B+1
    put(4, "011"),  # 12 Blue  face A                     Blue A+4
    put(4, "020", "C"),  # 13 Red   4 on C, 1 on A        Red  C+4 A+1
    put(4, "101"),  # 14 Blue  face B                     Blue B+4
    put(3, "110"),  # 15 Red   face C                     Red  C+3
    put(5, "200", "C"),  # 16 Blue  5 on C, 1 on B        Blue C+5 B+1
    put(3, "001", "B"),  # 17 Red   3 on B, 1 on A        Red  B+3 A+1
    put(3, "010", "C"),  # 18 Blue  3 on C, 1 on A        Blue C+3 A+1
    put(3, "100", "C"),  # 19 Red   3 on C, 1 on B        Red  C+3 B+1
    PASS,  # 20 Blue, nest empty
    put(2, "000", "AB"),  # 21 Red  2 on A, 1 on B, corner 2-1-4: 4 on C   Red A+2 B+1 C+4
]
# Blue A: 6 + 4 + 5 + 4 + 1 = 20       Red A: 2 + 5 + 1 + 1 + 2 = 11
# Blue B: 6 + 4 + 1 = 11               Red B: 6 + 6 + 6 + 1 + 3 + 1 + 1 = 24
# Blue C: 1 + 3 + 5 + 3 = 12           Red C: 6 + 5 + 4 + 3 + 3 + 4 = 25
# (Check, all faces per side: A 31 = 20 + 11, B 35 = 11 + 24, C 37 = 12 + 25.)
# Blue wins A, Red wins B and C: Red wins 2 sides to 1, "0-1" by sides
# (although Blue holds the dungeon).


def test_cuckoo_won_on_sides() -> None:
    """CD-RULESET-CUCKOO, CD-SCORE-MAJORITY: Red wins two sides to one."""
    end = replay("cuckoo", CUCKOO_SIDES_SETUP, CUCKOO_SIDES)
    assert end.captures == (1, 0) and end.ply == 22
    assert side_totals(end) == ((20, 11, 12), (11, 24, 25))
    outcome = result(end)
    assert outcome is not None
    assert (outcome.sides_won, outcome.token, outcome.reason) == ((1, 2), "0-1", "sides")


# -- 2. cuckoo, tie broken by the dungeon ---------------------------------------------------
#
# Blue 1 2 2 3 4 4 5 5 6 6, Red 1 2 3 3 4 5 5 6 6 6; Red first.
CUCKOO_DUNGEON_SETUP = Setup(((1, 2, 2, 3, 4, 4, 5, 5, 6, 6), (1, 2, 3, 3, 4, 5, 5, 6, 6, 6)), RED)
CUCKOO_DUNGEON = [
    put(1, "003", "A"),  # 0  Red   1 on A, 2 on B        Red  A+1 B+2
    # 1  Blue 1+2 x 3: the 3 -> 6 (Red's, to Blue); the 1 and 2 -> 2, 5 (Blue's, to Red).
    #    Blue: 2 3 4 4 5 5 6 6 6'   Red: 2 3 4 5 5 6 6 6 2' 5'.
    infect("1+2", "3", (6, (2, 5))),
    put(6, "012"),  # 2  Red   face A                     Red  A+6
    put(6, "021"),  # 3  Blue  face A                     Blue A+6
    put("5'", "030", "C"),  # 4  Red Blue's 5 on C, 6 on A Blue C+5 A+6
    put(5, "102"),  # 5  Blue  face B                     Blue B+5
    put("2'", "111"),  # 6  Red   Blue's 2 in the dungeon -
    put(4, "120"),  # 7  Blue  face C                     Blue C+4
    put(6, "201"),  # 8  Red   face B                     Red  B+6
    put("6'", "210"),  # 9  Blue  Red's 6, face C         Red  C+6
    put(5, "300", "B"),  # 10 Red   5 on B, 1 on C        Red  B+5 C+1
    put(5, "002", "B"),  # 11 Blue  5 on B, 1 on A        Blue B+5 A+1
    put(4, "011"),  # 12 Red   face A                     Red  A+4
    put(6, "020", "C"),  # 13 Blue  6 on C, 2 on A        Blue C+6 A+2
    put(3, "101"),  # 14 Red   face B                     Red  B+3
    put(4, "110"),  # 15 Blue  face C                     Blue C+4
    put(6, "200", "C"),  # 16 Red   6 on C, 2 on B        Red  C+6 B+2
    put(3, "001", "A"),  # 17 Blue  3 on A, 1 on B        Blue A+3 B+1
    put(5, "010", "C"),  # 18 Red   5 on C, 1 on A        Red  C+5 A+1
    put(2, "100", "B"),  # 19 Blue  2 on B, 1 on C        Blue B+2 C+1
    put(2, "000", "CA"),  # 20 Red  2 on C, 1 on A, corner 1-4-2: 4 on B   Red A+1 B+4 C+2
]
# Blue A: 6 + 6 + 1 + 2 + 3 = 18       Red A: 1 + 6 + 4 + 1 + 1 = 13
# Blue B: 5 + 5 + 1 + 2 = 13           Red B: 2 + 6 + 5 + 3 + 2 + 4 = 22
# Blue C: 5 + 4 + 6 + 4 + 1 = 20       Red C: 6 + 1 + 6 + 5 + 2 = 20
# (Check: A 31 = 18 + 13, B 35 = 13 + 22, C 40 = 20 + 20.)
# Blue wins A, Red wins B, C is tied: one side each, a tie.  Red placed the dungeon die
# (Blue's 2): "0-1" by the dungeon; if the owner takes the dungeon, Blue: "1-0".


@pytest.mark.parametrize(("by", "token"), [("placer", "0-1"), ("owner", "1-0")])
def test_cuckoo_tie_broken_by_the_dungeon(by: str, token: str) -> None:
    """CD-SCORE-DUNGEON: one side each and one tied; the dungeon decides, by its placer
    (the default) or its owner."""
    rules = ruleset("cuckoo", dungeon_tiebreak=by)
    end = replay(rules, CUCKOO_DUNGEON_SETUP, CUCKOO_DUNGEON)
    assert end.captures == (1, 0) and end.ply == 21
    assert side_totals(end) == ((18, 13, 20), (13, 22, 20))
    outcome = result(end)
    assert outcome is not None
    assert (outcome.sides_won, outcome.token, outcome.reason) == ((1, 1), token, "dungeon")


# -- 3. dwnsiwn, three dice for one, won on sides --------------------------------------------
#
# Blue 2 3 3 4 4 5 5 5 6 6, Red 1 1 2 2 3 4 5 6 6 6; Red first.
# ply 0  Red 1+1+2 x 4: the 4 -> 1 (Blue's, to Red); the 1, 1, 2 -> 3, 6, 6 (Red's, to Blue).
#        Blue: 2 3 3 4 5 5 5 6 6 3' 6' 6'   Red: 2 3 4 5 6 6 6 1'.
#        Red has 8 dice, Blue 12: Red passes three times at the end.
DWNSIWN_SETUP = Setup(((2, 3, 3, 4, 4, 5, 5, 5, 6, 6), (1, 1, 2, 2, 3, 4, 5, 6, 6, 6)), RED)
DWNSIWN = [
    infect("1+1+2", "4", (1, (3, 6, 6))),
    put("6'", "003", "B"),  # 1  Blue Red's 6 on B, 5 on A  Red A+5 B+6
    put(6, "012"),  # 2  Red   face A                     Red  A+6
    put(6, "021"),  # 3  Blue  face A                     Blue A+6
    put("1'", "030", "C"),  # 4  Red Blue's 1 on C, 5 on A Blue C+1 A+5
    put(5, "102"),  # 5  Blue  face B                     Blue B+5
    put(2, "111"),  # 6  Red   dungeon                    -
    put("6'", "120"),  # 7  Blue  Red's 6, face C         Red  C+6
    put(6, "201"),  # 8  Red   face B                     Red  B+6
    put(5, "210"),  # 9  Blue  face C                     Blue C+5
    put(6, "300", "B"),  # 10 Red   6 on B, 2 on C        Red  B+6 C+2
    put("3'", "002", "A"),  # 11 Blue Red's 3 on A, 6 on B Red A+3 B+6
    put(5, "011"),  # 12 Red   face A                     Red  A+5
    put(6, "020", "A"),  # 13 Blue  6 on A, 2 on C        Blue A+6 C+2
    put(4, "101"),  # 14 Red   face B                     Red  B+4
    put(4, "110"),  # 15 Blue  face C                     Blue C+4
    put(3, "200", "C"),  # 16 Red   3 on C, 1 on B        Red  C+3 B+1
    put(5, "001", "B"),  # 17 Blue  5 on B, 1 on A        Blue B+5 A+1
    PASS,  # 18 Red
    put(3, "010", "C"),  # 19 Blue  3 on C, 1 on A        Blue C+3 A+1
    PASS,  # 20 Red
    put(3, "100", "B"),  # 21 Blue  3 on B, 1 on C        Blue B+3 C+1
    PASS,  # 22 Red
    put(2, "000", "AB"),  # 23 Blue 2 on A, 1 on B, corner 2-1-4: 4 on C   Blue A+2 B+1 C+4
]
# Blue A: 6 + 5 + 6 + 1 + 1 + 2 = 21           Red A: 5 + 6 + 3 + 5 = 19
# Blue B: 5 + 5 + 3 + 1 = 14                   Red B: 6 + 6 + 6 + 6 + 4 + 1 = 29
# Blue C: 1 + 5 + 2 + 4 + 3 + 1 + 4 = 20       Red C: 6 + 2 + 3 = 11
# (Check: A 40 = 21 + 19, B 43 = 14 + 29, C 31 = 20 + 11.)
# Blue wins A and C: "1-0" by sides.


def test_dwnsiwn_won_on_sides() -> None:
    """CD-RULESET-DWNSIWN, CD-INFECT-SWAP: a three-for-one infection, three passes, and
    Blue wins two sides to one."""
    end = replay("dwnsiwn", DWNSIWN_SETUP, DWNSIWN)
    assert end.captures == (0, 1) and end.ply == 24
    assert side_totals(end) == ((21, 14, 20), (19, 29, 11))
    outcome = result(end)
    assert outcome is not None
    assert (outcome.sides_won, outcome.token, outcome.reason) == ((2, 1), "1-0", "sides")


# -- 4. unnamed, tie broken by captures (and the dungeon agreeing) ----------------------------
#
# Blue 1 2 3 3 4 4 5 5 6 6, Red 2 3 3 4 4 5 5 6 6 6; Blue first.
# ply 0  Blue 1+2 x 3: the 3 -> 2 (Red's, to Blue); the 1 and 2 -> 4, 6 (Blue's, to Red).
#        Blue: 3 3 4 4 5 5 6 6 2'   Red: 2 3 4 4 5 5 6 6 6 4' 6'.
# ply 1  is Red's first move: Blue's 4 into the dungeon with the bonus, 1 on A and 2 on B,
#        so 3 on C (1-2-3 is a western corner): Red A+1 B+2 C+3.
UNNAMED_CAPTURES_SETUP = Setup(
    ((1, 2, 3, 3, 4, 4, 5, 5, 6, 6), (2, 3, 3, 4, 4, 5, 5, 6, 6, 6)), BLUE
)
UNNAMED_CAPTURES = [
    infect("1+2", "3", (2, (4, 6))),
    put("4'", "111", "AB"),  # 1  Red   bonus 1, 2, 3     Red  A+1 B+2 C+3
    put(6, "003", "A"),  # 2  Blue  6 on A, 2 on B        Blue A+6 B+2
    put(6, "012"),  # 3  Red   face A                     Red  A+6
    put(5, "021"),  # 4  Blue  face A                     Blue A+5
    put("6'", "030", "C"),  # 5  Red Blue's 6 on C, 5 on A Blue C+6 A+5
    put(6, "102"),  # 6  Blue  face B                     Blue B+6
    put(6, "120"),  # 7  Red   face C                     Red  C+6
    put(5, "201"),  # 8  Blue  face B                     Blue B+5
    put(5, "210"),  # 9  Red   face C                     Red  C+5
    put("2'", "300", "C"),  # 10 Blue Red's 2 on C, 6 on B Red C+2 B+6
    put(5, "002", "A"),  # 11 Red   5 on A, 1 on B        Red  A+5 B+1
    put(4, "011"),  # 12 Blue  face A                     Blue A+4
    put(4, "020", "A"),  # 13 Red   4 on A, 1 on C        Red  A+4 C+1
    put(3, "101"),  # 14 Blue  face B                     Blue B+3
    put(6, "110"),  # 15 Red   face C                     Red  C+6
    put(4, "200", "C"),  # 16 Blue  4 on C, 1 on B        Blue C+4 B+1
    put(4, "001", "B"),  # 17 Red   4 on B, 1 on A        Red  B+4 A+1
    put(3, "010", "C"),  # 18 Blue  3 on C, 1 on A        Blue C+3 A+1
    put(3, "100", "B"),  # 19 Red   3 on B, 1 on C        Red  B+3 C+1
    PASS,  # 20 Blue
    put(2, "000", "AB"),  # 21 Red  2 on A, 1 on B, corner 2-1-4: 4 on C   Red A+2 B+1 C+4
]
# Blue A: 6 + 5 + 5 + 4 + 1 = 21               Red A: 1 + 6 + 5 + 4 + 1 + 2 = 19
# Blue B: 2 + 6 + 5 + 3 + 1 = 17               Red B: 2 + 6 + 1 + 4 + 3 + 1 = 17
# Blue C: 6 + 4 + 3 = 13                       Red C: 3 + 6 + 5 + 2 + 1 + 6 + 1 + 4 = 28
# (Check, faces plus bonus: A 39 + 1 = 21 + 19, B 32 + 2 = 17 + 17, C 38 + 3 = 13 + 28.)
# Blue wins A, B is tied, Red wins C: a tie.  Captures: Blue 1, Red 0, so Red has fewer;
# Red placed the dungeon die: both votes for Red, "0-1" by captures.  If the dungeon goes
# to its owner (Blue, whose 4 it is), the votes cancel: "1-1", a shared win.


@pytest.mark.parametrize(
    ("by", "token", "reason"), [("placer", "0-1", "captures"), ("owner", "1-1", "shared")]
)
def test_unnamed_tie_broken_by_captures(by: str, token: str, reason: str) -> None:
    """CD-RULESET-UNNAMED, CD-SCORE-CAPTURES, CD-PLACE-BONUS: the bonus counts in the
    totals; fewer captures and the dungeon agree (or, read by owner, cancel)."""
    rules = ruleset("unnamed", dungeon_tiebreak=by)
    end = replay(rules, UNNAMED_CAPTURES_SETUP, UNNAMED_CAPTURES)
    assert end.captures == (1, 0) and end.ply == 22
    assert end.bonus is not None and (end.bonus.player, end.bonus.points) == (RED, (1, 2, 3))
    assert side_totals(end) == ((21, 17, 13), (19, 17, 28))
    outcome = result(end)
    assert outcome is not None
    assert (outcome.sides_won, outcome.token, outcome.reason) == ((1, 1), token, reason)


# -- 5. unnamed, shared win ----------------------------------------------------------------
#
# Blue 1 2 2 3 3 4 5 5 6 6, Red 1 2 3 4 4 5 5 6 6 6; Blue first.
# ply 0  Blue's first move: own 1 into the dungeon with the bonus, 1 on B and 2 on C, so 3
#        on A (3-1-2 is a rotation of the western corner 1-2-3): Blue A+3 B+1 C+2.
# ply 2  Blue 2+2 x 4: the 4 -> 3 (Red's, to Blue); the 2s -> 1, 5 (Blue's, to Red).
#        Blue: 3 3 4 5 5 6 6 3'   Red (after ply 1): 1 2 3 4 5 5 6 6 6 1' 5'.
UNNAMED_SHARED_SETUP = Setup(((1, 2, 2, 3, 3, 4, 5, 5, 6, 6), (1, 2, 3, 4, 4, 5, 5, 6, 6, 6)), BLUE)
UNNAMED_SHARED = [
    put(1, "111", "BC"),  # 0  Blue  bonus 3, 1, 2        Blue A+3 B+1 C+2
    put(6, "003", "A"),  # 1  Red   6 on A, 2 on B        Red  A+6 B+2
    infect("2+2", "4", (3, (1, 5))),
    put(6, "012"),  # 3  Red   face A                     Red  A+6
    put(6, "021"),  # 4  Blue  face A                     Blue A+6
    put("5'", "030", "C"),  # 5  Red Blue's 5 on C, 6 on A Blue C+5 A+6
    put(6, "102"),  # 6  Blue  face B                     Blue B+6
    put(6, "120"),  # 7  Red   face C                     Red  C+6
    put(5, "201"),  # 8  Blue  face B                     Blue B+5
    put("1'", "210"),  # 9  Red   Blue's 1, face C        Blue C+1
    put("3'", "300", "B"),  # 10 Blue Red's 3 on B, 6 on C Red B+3 C+6
    put(5, "002", "B"),  # 11 Red   5 on B, 1 on A        Red  B+5 A+1
    put(5, "011"),  # 12 Blue  face A                     Blue A+5
    put(5, "020", "C"),  # 13 Red   5 on C, 1 on A        Red  C+5 A+1
    put(4, "101"),  # 14 Blue  face B                     Blue B+4
    put(4, "110"),  # 15 Red   face C                     Red  C+4
    put(3, "200", "C"),  # 16 Blue  3 on C, 1 on B        Blue C+3 B+1
    put(3, "001", "B"),  # 17 Red   3 on B, 1 on A        Red  B+3 A+1
    put(3, "010", "C"),  # 18 Blue  3 on C, 1 on A        Blue C+3 A+1
    put(2, "100", "C"),  # 19 Red   2 on C, 1 on B        Red  C+2 B+1
    PASS,  # 20 Blue
    put(1, "000", "CA"),  # 21 Red  1 on C, 2 on A, corner 2-3-1: 3 on B   Red A+2 B+3 C+1
]
# Blue A: 3 + 6 + 6 + 5 + 1 = 21               Red A: 6 + 6 + 1 + 1 + 1 + 2 = 17
# Blue B: 1 + 6 + 5 + 4 + 1 = 17               Red B: 2 + 3 + 5 + 3 + 1 + 3 = 17
# Blue C: 2 + 5 + 1 + 3 + 3 = 14               Red C: 6 + 6 + 5 + 4 + 2 + 1 = 24
# (Check, faces plus bonus: A 35 + 3 = 21 + 17, B 33 + 1 = 17 + 17, C 36 + 2 = 14 + 24.)
# Blue wins A, B is tied, Red wins C: a tie.  Captures Blue 1, Red 0: fewer is Red; the
# dungeon is Blue's (placer and owner): the votes cancel, "1-1", both win.  With equal
# captures the dungeon alone would decide.


def test_unnamed_shared_win() -> None:
    """CD-RULESET-UNNAMED, CD-SCORE-SHARED: the two tie-break votes point at different
    players, so both win."""
    end = replay("unnamed", UNNAMED_SHARED_SETUP, UNNAMED_SHARED)
    assert end.captures == (1, 0) and end.ply == 22
    assert end.bonus is not None and (end.bonus.player, end.bonus.points) == (BLUE, (3, 1, 2))
    assert side_totals(end) == ((21, 17, 14), (17, 17, 24))
    outcome = result(end)
    assert outcome is not None
    assert (outcome.sides_won, outcome.token, outcome.reason) == ((1, 1), "1-1", "shared")
    assert outcome.winners == (BLUE, RED)


def test_unnamed_shared_game_under_cuckoo_rules() -> None:
    """CD-SCORE-DUNGEON: the same moves under cuckoo: no bonus, so the dungeon placement
    names no sides and is refused as written."""
    state = new_game("cuckoo", UNNAMED_SHARED_SETUP)
    assert illegal(state, UNNAMED_SHARED[0]) == "CD-PLACE-DUNGEON"
