"""Properties of random games (CD-DIE-OWNER, CD-INFECT-SWAP, CD-INFECT-REROLL,
CD-TURN-OVER, CD-SCORE-SIDE, CD-PLACE-SECOND, CD-PLACE-APEX and the legality of moves)."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from itertools import combinations, permutations
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import IllegalMoveError
from cuckoo.dice import (
    BLUE,
    PASS,
    RED,
    Die,
    Infect,
    Move,
    Place,
    Rolls,
    Ruleset,
    State,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    random_setup,
    result,
    side_totals,
)
from cuckoo.dice.geometry import SHOWN
from cuckoo.dice.moves import die_of

from . import cube
from .helpers import SECOND_FOREIGN, SECOND_OWN
from .strategies import Game, games, positions, rulesets

Coloured = tuple[int, int]
"""A die by owner and value."""


def _dice(state: State) -> Counter[Coloured]:
    """Every die in the nests and on the board, by owner colour and rolled value."""
    found: Counter[Coloured] = Counter()
    for holder, held in enumerate(state.nests):
        for d in held:
            found[(holder ^ d.foreign, d.value)] += 1
    for placed in state.board:
        if placed is not None:
            found[(placed.owner, placed.value)] += 1
    return found


def _owned(state: State, player: int) -> int:
    return sum(n for (owner, _), n in _dice(state).items() if owner == player)


@given(games())
def test_twenty_dice_ten_of_each_colour(game: Game) -> None:
    """CD-DIE-OWNER: at all times 20 dice (nests, including dice pending a re-roll, plus
    pyramid), 10 of each owner, and every value 1 to 6."""
    for state in game.states:
        held = len(state.nests[BLUE]) + len(state.nests[RED])
        placed = sum(p is not None for p in state.board)
        assert held + placed == 20
        assert held == state.board.count(None)
        assert _owned(state, BLUE) == _owned(state, RED) == 10
        assert all(1 <= v <= 6 for _, v in _dice(state))


@given(games())
def test_every_die_in_a_nest_is_the_one_shared_die_of_its_value_and_colour(game: Game) -> None:
    """The engine shares one die of each value and colour (moves.die_of), also after the
    re-rolls of infections, so that a nest finds a move's die by identity first; the die is
    still the value it was: equal to a die made anew."""
    for state in game.states:
        for held in state.nests:
            assert all(d is die_of(d.value, d.foreign) == Die(d.value, d.foreign) for d in held)
    assert die_of(2, True) is die_of(2, True) != die_of(2)
    assert die_of(7) == Die(7) and die_of(7) is not die_of(7)  # no die: made anew each time


@given(games(greedy=True))
def test_infection_moves_k_one_way_and_one_back(game: Game) -> None:
    """CD-INFECT-SWAP, CD-INFECT-REROLL: an infection with its re-roll takes the k >= 2
    given dice out of the mover's nest and puts them, re-rolled, into the opponent's; the
    one taken die goes the other way; no die changes owner; every new value is a face."""
    for i, step in enumerate(game.steps):
        if not isinstance(step, Infect):
            continue
        before, rolls = game.states[i], game.steps[i + 1]
        after = game.states[i + 2]
        assert isinstance(rolls, Rolls)
        mover, other = before.to_move, 1 - before.to_move
        k = len(step.give)
        assert k >= 2 and len(rolls.give) == k
        assert all(1 <= v <= 6 for v in (rolls.take, *rolls.give))
        assert len(after.nests[mover]) == len(before.nests[mover]) - k + 1
        assert len(after.nests[other]) == len(before.nests[other]) + k - 1
        # The exchange, die by die, seen from each nest's holder.
        mine = Counter(before.nests[mover])
        mine.subtract(step.give)
        mine[Die(rolls.take, not step.take.foreign)] += 1
        theirs = Counter(before.nests[other])
        theirs.subtract([step.take])
        for d, v in zip(step.give, rolls.give, strict=True):
            theirs[Die(v, not d.foreign)] += 1
        assert +mine == Counter(after.nests[mover])
        assert +theirs == Counter(after.nests[other])
        assert after.board == before.board
        assert after.captures[mover] == before.captures[mover] + 1
        assert after.captures[other] == before.captures[other]


@given(positions())
def test_every_legal_move_applies(state: State) -> None:
    """Every listed move is accepted, and the results are pairwise different."""
    results = [apply(state, move) for move in legal_moves(state)]
    assert len(set(results)) == len(results)


def _candidates(state: State) -> set[Move]:
    """A superset of the legal moves, built without the engine's move generator: every die
    (held or not) on every cell with every choice of sides, every pass, and every set of
    two or more held dice given for every die value and colour."""
    dice = [Die(v, f) for v in range(1, 7) for f in (False, True)]
    sides = [(), (0,), (1,), (2,), *permutations(range(3), 2), (0, 0)]
    moves: set[Move] = {PASS}
    moves |= {Place(d, c, s) for d in dice for c in range(20) for s in sides}
    held = state.nests[state.to_move]
    gifts = {
        tuple(sorted(give))
        for n in range(2, min(len(held), 6) + 1)
        for give in combinations(held, n)
    }
    moves |= {Infect(give, take) for give in gifts for take in dice}
    return moves


def _accepted(state: State, move: Move) -> bool:
    try:
        apply(state, move)
    except IllegalMoveError:
        return False
    return True


@settings(max_examples=25)
@given(positions(rulesets(), kind="decision"))
def test_legal_exactly_when_apply_accepts(state: State) -> None:
    """A move is listed by legal_moves exactly when apply accepts it (brute force over the
    candidate placements, infections and the pass)."""
    legal = set(legal_moves(state))
    candidates = _candidates(state)
    assert legal <= candidates
    assert {m for m in candidates if _accepted(state, m)} == legal


@given(games(infections=False))
def test_without_infections_twenty_placements(game: Game) -> None:
    """CD-TURN-OVER: with no infection each player places ten dice in turn; the game ends
    after exactly 20 plies, all placements, and not before."""
    assert len(game.steps) == 20
    assert all(isinstance(m, Place) for m in game.steps)
    assert game.final.is_over and not any(s.is_over for s in game.states[:-1])


@given(games())
def test_twenty_placements_and_passes(game: Game) -> None:
    """CD-TURN-OVER, CD-TURN-PASS: any game ends after exactly 20 placements; the other
    turns are infections (each with one re-roll) and passes."""
    kinds = Counter(type(m).__name__ for m in game.steps)
    assert kinds["Place"] == 20
    assert kinds["Infect"] == kinds["Rolls"] == sum(game.final.captures)
    assert game.final.ply == 20 + kinds["Infect"] + kinds["Pass"]


@given(games())
def test_side_totals_are_the_visible_faces(game: Game) -> None:
    """CD-SCORE-SIDE: each side total is the sum of the faces that side shows of the
    player's own dice, plus the player's bonus; the dice show faces only on their cell's
    sides."""
    for state in (*game.states[:: max(1, len(game.states) // 5)], game.final):
        expected = [[0, 0, 0], [0, 0, 0]]
        for c, placed in enumerate(state.board):
            if placed is None:
                continue
            for side in range(3):
                assert (placed.faces[side] != 0) == (side in SHOWN[c])
                if side in SHOWN[c]:
                    expected[placed.owner][side] += placed.faces[side]
        if state.bonus is not None:
            for side in range(3):
                expected[state.bonus.player][side] += state.bonus.points[side]
        assert side_totals(state) == (tuple(expected[0]), tuple(expected[1]))


@given(games())
def test_every_placed_die_shows_legal_faces(game: Game) -> None:
    """CD-PLACE-EXPOSE, CD-PLACE-SECOND, CD-PLACE-APEX: the rolled value shows on one side;
    on an edge the other side shows the table's second face (own or foreign to the placer);
    the apex shows a corner of the ruleset's hand (by the turned cube)."""
    rules = game.final.ruleset
    for c, placed in enumerate(game.final.board):
        assert placed is not None
        shown = [placed.faces[s] for s in SHOWN[c]]
        table = SECOND_OWN if placed.owner == placed.placer else SECOND_FOREIGN
        if len(shown) == 1:
            assert shown == [placed.value]
        elif len(shown) == 2:
            assert sorted(shown) == sorted([placed.value, table[placed.value]])
        elif len(shown) == 3:
            assert placed.value in shown and table[placed.value] in shown
            assert placed.faces in cube.ccw_corners(rules.handedness)


@pytest.mark.pure
@given(positions(), st.data())
def test_states_and_moves_are_immutable_values(state: State, data: st.DataObject) -> None:
    """States and moves are frozen and hashable; apply leaves its input unchanged."""
    snapshot = copy.deepcopy(state)
    assert hash(state) == hash(snapshot)
    moves = legal_moves(state)
    for move in moves:
        hash(move)
    if moves:
        move = data.draw(st.sampled_from(moves))
        apply(state, move)
        assert state == snapshot
        for field in dataclasses.fields(move):  # Pass has none
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(move, field.name, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.ply = 99  # type: ignore[misc]
    for held in state.nests:
        for d in held:
            with pytest.raises(AttributeError):
                d.value = 7  # type: ignore[misc]
    assert state == snapshot


def _seeded_game(rules: Ruleset, rng: Random) -> list[State]:
    """A game with moves drawn uniformly and re-rolls drawn with their probabilities."""
    state = new_game(rules, random_setup(rng))
    states = [state]
    while not state.is_over:
        if state.is_chance:
            outcomes = chance_outcomes(state)
            weights = [float(p) for _, p in outcomes]
            (step,) = rng.choices([r for r, _ in outcomes], weights)
        else:
            moves = legal_moves(state)
            if sum(state.captures) >= 12:
                moves = tuple(m for m in moves if not isinstance(m, Infect))
            step = rng.choice(moves)
        state = apply(state, step)
        states.append(state)
    return states


@pytest.mark.slow
@settings(max_examples=1000)
@given(rulesets(), st.integers(0, 2**32))
def test_many_seeded_games(rules: Ruleset, seed: int) -> None:
    """CD-DIE-OWNER, CD-INFECT-POOL, CD-TURN-OVER: long run over games driven by a seeded
    random.Random: 20 dice, 10 of each colour, at most six infections under the own pool,
    the end after 20 placements, and a result."""
    states = _seeded_game(rules, Random(seed))
    for state in states:
        assert _owned(state, BLUE) == _owned(state, RED) == 10
        if rules.infection_pool == "own":
            assert sum(state.captures) <= 6
    end = states[-1]
    assert sum(p is not None for p in end.board) == 20
    assert result(end) is not None
