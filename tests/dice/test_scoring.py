"""The end: side totals, sides won, majority and tie-breaks (CD-SCORE-SIDE,
CD-SCORE-SIDE-WIN, CD-SCORE-MAJORITY, CD-SCORE-DUNGEON, CD-SCORE-CAPTURES, CD-SCORE-SHARED).

Finished positions are built directly: a full pyramid of dice showing nothing, with a few
dice showing chosen faces, so that each total is known by inspection.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given

from cuckoo.dice import (
    BLUE,
    DUNGEON,
    RED,
    Bonus,
    Placed,
    Player,
    Ruleset,
    State,
    new_game,
    result,
    ruleset,
    side_totals,
)
from cuckoo.dice.geometry import SHOWN

from .helpers import START, board, cell
from .strategies import Game, games

# Blue's and Red's points on sides A, B, C come from one die each, on a face cell of that side.
BLUE_ON = ("012", "102", "120")
RED_ON = ("021", "201", "210")


def finished(
    rules: Ruleset | str,
    blue: tuple[int, int, int] = (0, 0, 0),
    red: tuple[int, int, int] = (0, 0, 0),
    *,
    dungeon: tuple[Player, Player] = (BLUE, BLUE),
    captures: tuple[int, int] = (0, 0),
    bonus: Bonus | None = None,
) -> State:
    """A full pyramid where Blue shows *blue* and Red *red* on sides A, B, C, and the
    dungeon holds a die of owner and placer *dungeon*."""
    cells = list(board())
    for side in range(3):
        for player, totals, name in ((BLUE, blue, BLUE_ON[side]), (RED, red, RED_ON[side])):
            faces = [0, 0, 0]
            faces[side] = totals[side]
            value = max(1, totals[side])
            cells[cell(name)] = Placed(player, player, value, (faces[0], faces[1], faces[2]))
    owner, placer = dungeon
    cells[DUNGEON] = Placed(owner, placer, 3, (0, 0, 0))
    base = new_game(rules, START)
    return replace(base, nests=((), ()), board=tuple(cells), captures=captures, ply=22, bonus=bonus)


def test_unfinished_game_has_no_result() -> None:
    """CD-SCORE-SIDE: a result exists only when all 20 dice are placed."""
    state = new_game("cuckoo", START)
    assert result(state) is None
    assert side_totals(state) == ((0, 0, 0), (0, 0, 0))


def test_totals_count_owned_dice_and_bonus() -> None:
    """CD-SCORE-SIDE: each player's totals are the faces of the dice they own, whoever
    placed them, plus their bonus points."""
    state = finished("unnamed", (6, 0, 2), (1, 5, 0), bonus=Bonus(RED, (2, 3, 1)))
    # Red placed a Blue die showing 4 on A and 1 on C on the edge cell 030.
    cells = list(state.board)
    cells[cell("030")] = Placed(BLUE, RED, 4, (4, 0, 1))
    state = replace(state, board=tuple(cells))
    assert side_totals(state) == ((6 + 4, 0, 2 + 1), (1 + 2, 5 + 3, 0 + 1))


@pytest.mark.parametrize(
    ("blue", "red", "won"),
    [
        ((5, 5, 5), (5, 5, 5), (0, 0)),
        ((6, 5, 5), (5, 5, 5), (1, 0)),
        ((6, 4, 5), (5, 5, 5), (1, 1)),
        ((6, 6, 0), (5, 5, 1), (2, 1)),
        ((0, 0, 0), (1, 1, 1), (0, 3)),
    ],
)
def test_a_side_goes_to_the_strictly_greater_total(
    blue: tuple[int, int, int], red: tuple[int, int, int], won: tuple[int, int]
) -> None:
    """CD-SCORE-SIDE-WIN: strictly more points wins the side; a tie wins it for nobody."""
    outcome = result(finished("cuckoo", blue, red))
    assert outcome is not None
    assert outcome.totals == (blue, red)
    assert outcome.sides_won == won


@pytest.mark.parametrize(
    ("blue", "red", "relative", "absolute"),
    [
        # Blue wins one side, two are tied: more sides than Red, but not two of three.
        ((6, 5, 5), (5, 5, 5), ("1-0", "sides"), ("0-1", "dungeon")),
        # One side each: nobody has more, nobody has two.
        ((6, 4, 5), (5, 5, 5), ("0-1", "dungeon"), ("0-1", "dungeon")),
        # Red two sides, Blue one.
        ((6, 4, 4), (5, 5, 5), ("0-1", "sides"), ("0-1", "sides")),
        # Blue all three.
        ((9, 9, 9), (1, 1, 1), ("1-0", "sides"), ("1-0", "sides")),
        # Red one side, two tied.
        ((5, 5, 5), (5, 6, 5), ("0-1", "sides"), ("0-1", "dungeon")),
    ],
)
def test_majority(
    blue: tuple[int, int, int],
    red: tuple[int, int, int],
    relative: tuple[str, str],
    absolute: tuple[str, str],
) -> None:
    """CD-SCORE-MAJORITY: relative = more sides than the other; absolute = two of three.
    Otherwise the dungeon (Red's here) breaks the tie."""
    for majority, expected in (("relative", relative), ("absolute", absolute)):
        rules = ruleset("cuckoo", side_majority=majority)
        outcome = result(finished(rules, blue, red, dungeon=(RED, RED)))
        assert outcome is not None
        assert (outcome.token, outcome.reason) == expected, majority


@pytest.mark.parametrize(
    ("dungeon", "by", "token"),
    [
        ((BLUE, RED), "placer", "0-1"),  # Red put Blue's die there
        ((BLUE, RED), "owner", "1-0"),
        ((RED, BLUE), "placer", "1-0"),
        ((RED, BLUE), "owner", "0-1"),
        ((RED, RED), "placer", "0-1"),
        ((RED, RED), "owner", "0-1"),
    ],
)
@pytest.mark.parametrize("name", ["cuckoo", "dwnsiwn"])
def test_dungeon_breaks_a_tie(
    dungeon: tuple[Player, Player], by: str, token: str, name: str
) -> None:
    """CD-SCORE-DUNGEON: on a tie the player who took the dungeon wins: its placer by
    default, its owner if the ruleset says so.  The dungeon die scores nothing."""
    rules = ruleset(name, dungeon_tiebreak=by)
    owner, placer = dungeon
    state = finished(rules, (4, 4, 4), (4, 4, 4), dungeon=(owner, placer))
    assert state.board[DUNGEON] is not None and SHOWN[DUNGEON] == ()
    outcome = result(state)
    assert outcome is not None
    assert outcome.totals == ((4, 4, 4), (4, 4, 4))
    assert (outcome.token, outcome.reason) == (token, "dungeon")


@pytest.mark.parametrize(
    ("captures", "placer", "token", "reason"),
    [
        ((0, 0), BLUE, "1-0", "dungeon"),  # no captures vote: the dungeon alone
        ((2, 2), RED, "0-1", "dungeon"),
        ((0, 1), BLUE, "1-0", "captures"),  # both votes for Blue
        ((3, 1), RED, "0-1", "captures"),  # both votes for Red
        ((1, 0), BLUE, "1-1", "shared"),  # fewer captures Red, dungeon Blue
        ((0, 2), RED, "1-1", "shared"),  # fewer captures Blue, dungeon Red
    ],
)
def test_captures_then_dungeon_then_shared(
    captures: tuple[int, int], placer: Player, token: str, reason: str
) -> None:
    """CD-SCORE-CAPTURES, CD-SCORE-SHARED: under the draft the tie votes are fewer captures
    and the dungeon; agreeing votes (or a lone vote) decide, cancelling votes make both
    players winners."""
    state = finished("unnamed", (3, 2, 1), (1, 2, 3), dungeon=(placer, placer), captures=captures)
    outcome = result(state)
    assert outcome is not None
    assert outcome.sides_won == (1, 1)
    assert (outcome.token, outcome.reason) == (token, reason)
    assert outcome.winners == ((BLUE, RED) if token == "1-1" else (0 if token == "1-0" else 1,))


def test_captures_do_not_count_in_the_final_rules() -> None:
    """CD-SCORE-DUNGEON: cuckoo ignores captures: the dungeon alone breaks the tie."""
    outcome = result(finished("cuckoo", dungeon=(RED, RED), captures=(0, 3)))
    assert outcome is not None and (outcome.token, outcome.reason) == ("0-1", "dungeon")


@given(games(max_infections=3))
def test_result_of_random_games(game: Game) -> None:
    """CD-SCORE-SIDE-WIN, CD-SCORE-MAJORITY: the outcome agrees with its own totals under
    the game's ruleset, and a side-majority win needs more sides won."""
    outcome = result(game.final)
    assert outcome is not None
    blue, red = outcome.totals
    won = (
        sum(b > r for b, r in zip(blue, red, strict=True)),
        sum(r > b for b, r in zip(blue, red, strict=True)),
    )
    assert outcome.sides_won == won
    rules = game.final.ruleset
    if outcome.reason == "sides":
        (winner,) = outcome.winners
        if rules.side_majority == "relative":
            assert won[winner] > won[1 - winner]
        else:
            assert won[winner] >= 2
    else:
        decisive = won[0] != won[1] if rules.side_majority == "relative" else max(won) >= 2
        assert not decisive
    if outcome.reason == "shared":
        assert rules.tiebreak == "captures-dungeon" and outcome.token == "1-1"
    else:
        assert len(outcome.winners) == 1
