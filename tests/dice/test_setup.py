"""The opening roll, the first player and the rulesets (CD-SETUP-DICE, CD-SETUP-ROLL,
CD-SETUP-FIRST, CD-DIE-OWNER, CD-RULESET-PARAMS, CD-RULESET-CUCKOO, CD-RULESET-DWNSIWN,
CD-RULESET-UNNAMED)."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo import SetupError
from cuckoo.dice import (
    BLUE,
    RED,
    RULESETS,
    Die,
    Ruleset,
    Setup,
    apply,
    legal_moves,
    new_game,
    random_setup,
    result,
    ruleset,
)

from .strategies import Game, games, rulesets, setups

TEN = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4)


def _setup_error(rules: str, setup: Setup) -> str | None:
    with pytest.raises(SetupError) as caught:
        new_game(rules, setup)
    return caught.value.rule


@pytest.mark.pure
def test_each_player_rolls_ten_dice() -> None:
    """CD-SETUP-DICE: two nests of exactly ten dice."""
    assert _setup_error("cuckoo", Setup((TEN[:9], TEN))) == "CD-SETUP-DICE"
    assert _setup_error("cuckoo", Setup((TEN, (*TEN, 1)))) == "CD-SETUP-DICE"
    assert _setup_error("cuckoo", Setup((TEN,))) == "CD-SETUP-DICE"  # type: ignore[arg-type]
    assert _setup_error("cuckoo", Setup((TEN, TEN, TEN))) == "CD-SETUP-DICE"  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, 7, -1])
def test_the_roll_shows_faces(bad: int) -> None:
    """CD-SETUP-ROLL: every rolled value is a face 1 to 6."""
    roll = (*TEN[:9], bad)
    assert _setup_error("cuckoo", Setup((TEN, roll))) == "CD-SETUP-ROLL"
    assert _setup_error("unnamed", Setup((roll, TEN))) == "CD-SETUP-ROLL"


@pytest.mark.pure
@pytest.mark.parametrize("bad", [True, 2.0])
def test_the_roll_is_whole_faces(bad: object) -> None:
    """CD-SETUP-ROLL: a rolled value is one of the integers 1 to 6.  ``True`` and ``2.0``
    compare equal to faces but are not faces: a game started with them writes a record
    ("True@003/A", "[BlueRoll "True ..."]") that the notation cannot read back."""
    roll = (*TEN[:9], bad)
    assert _setup_error("cuckoo", Setup((TEN, roll))) == "CD-SETUP-ROLL"  # type: ignore[arg-type]


@pytest.mark.parametrize("first", [2, -1])
def test_the_first_player_is_blue_or_red(first: int) -> None:
    """CD-SETUP-FIRST: the setup names Blue (0) or Red (1) as the first player."""
    assert _setup_error("cuckoo", Setup((TEN, TEN), first)) == "CD-SETUP-FIRST"


@given(setups(), rulesets())
def test_new_game(setup: Setup, rules: Ruleset) -> None:
    """CD-SETUP-ROLL, CD-SETUP-FIRST, CD-DIE-OWNER: each nest holds the player's own ten
    dice with the rolled values; nothing is placed; the named player moves first."""
    state = new_game(rules, setup)
    for player in (BLUE, RED):
        held = state.nests[player]
        assert Counter(d.value for d in held) == Counter(setup.rolls[player])
        assert all(not d.foreign for d in held)
        assert list(held) == sorted(held)
    assert state.board == (None,) * 20
    assert state.to_move == setup.first
    assert (state.ply, state.captures, state.bonus, state.pending) == (0, (0, 0), None, None)
    assert not state.is_over and not state.is_chance


@given(st.integers(0, 2**32))
def test_random_setup_is_a_setup(seed: int) -> None:
    """CD-SETUP-ROLL: a random opening roll is ten faces each and a real first player;
    the same seed gives the same roll."""
    setup = random_setup(Random(seed))
    assert setup == random_setup(Random(seed))
    assert all(len(r) == 10 and set(r) <= set(range(1, 7)) for r in setup.rolls)
    assert setup.first in (BLUE, RED)
    new_game("cuckoo", setup)


def test_ruleset_table() -> None:
    """CD-RULESET-CUCKOO, CD-RULESET-DWNSIWN, CD-RULESET-UNNAMED: the parameters of the
    three rulesets, as the design's table gives them."""
    common = {
        "handedness": "western",
        "infection_pool": "own",
        "infection_limit": None,
        "side_majority": "relative",
        "dungeon_tiebreak": "placer",
    }
    expected = {
        "cuckoo": {**common, "tiebreak": "dungeon", "dungeon_bonus": False},
        "dwnsiwn": {**common, "tiebreak": "dungeon", "dungeon_bonus": False},
        "unnamed": {**common, "tiebreak": "captures-dungeon", "dungeon_bonus": True},
    }
    assert set(RULESETS) == set(expected)
    for name, params in expected.items():
        rules = ruleset(name)
        assert rules.name == name
        params_of = {f.name: getattr(rules, f.name) for f in fields(Ruleset)}
        assert params_of == {"name": name, **params}


def test_parameters_can_be_overridden() -> None:
    """CD-RULESET-PARAMS: any parameter may be changed for a game."""
    rules = ruleset("unnamed", infection_pool="any", infection_limit=3, side_majority="absolute")
    changed = (rules.infection_pool, rules.infection_limit, rules.side_majority)
    assert changed == ("any", 3, "absolute")
    assert rules.tiebreak == "captures-dungeon" and rules.dungeon_bonus
    assert new_game(rules, Setup((TEN, TEN))).ruleset == rules


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("chess", {}),
        ("cuckoo", {"colour": "blue"}),
        ("cuckoo", {"handedness": "northern"}),
        ("cuckoo", {"infection_pool": "none"}),
        ("cuckoo", {"infection_limit": -1}),
        ("cuckoo", {"infection_limit": "3"}),
        ("cuckoo", {"infection_limit": True}),
        ("cuckoo", {"side_majority": "simple"}),
        ("cuckoo", {"tiebreak": "captures"}),
        ("cuckoo", {"dungeon_tiebreak": "nobody"}),
        ("unnamed", {"dungeon_bonus": "yes"}),
    ],
)
def test_bad_parameters_are_refused(name: str, overrides: dict[str, object]) -> None:
    """CD-RULESET-PARAMS: unknown rulesets, parameters and values are setup errors."""
    with pytest.raises(SetupError) as caught:
        ruleset(name, **overrides)
    assert caught.value.rule == "CD-RULESET-PARAMS"


def test_unknown_ruleset_name_in_new_game() -> None:
    """CD-RULESET-PARAMS: new_game refuses a ruleset it does not know."""
    assert _setup_error("dwnsiwn-2", Setup((TEN, TEN))) == "CD-RULESET-PARAMS"


@given(games(st.just(ruleset("cuckoo"))))
def test_dwnsiwn_plays_like_cuckoo(game: Game) -> None:
    """CD-RULESET-DWNSIWN: the same moves are legal and end the same way under both names."""
    state = new_game("dwnsiwn", game.setup)
    for before, step, after in game.transitions():
        assert legal_moves(state) == legal_moves(before)
        state = apply(state, step)
        assert state.nests == after.nests and state.board == after.board
    outcome, mine = result(game.final), result(state)
    assert outcome is not None and mine is not None
    assert (mine.winners, mine.reason, mine.totals) == (
        outcome.winners,
        outcome.reason,
        outcome.totals,
    )


def test_nests_hold_dice_values() -> None:
    """CD-DIE-OWNER: a fresh nest holds only the player's own dice."""
    state = new_game("cuckoo", Setup((TEN, (6,) * 10), RED))
    assert state.nests[RED] == (Die(6),) * 10
    assert state.to_move == RED
