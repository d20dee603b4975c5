"""Turns: alternation, passing, chance steps, the end (CD-TURN-ORDER, CD-TURN-PASS,
CD-TURN-CHANCE, CD-TURN-OVER)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cuckoo.dice import (
    BLUE,
    PASS,
    RED,
    Infect,
    Pass,
    Place,
    Rolls,
    Setup,
    State,
    apply,
    legal_moves,
    new_game,
)

from .helpers import START, illegal, infect, position, put
from .strategies import Game, games, positions


@given(games())
def test_players_alternate(game: Game) -> None:
    """CD-TURN-ORDER: every move passes the turn; an infection keeps it until its re-roll,
    which then passes it; the ply counts turns."""
    for before, step, after in game.transitions():
        if isinstance(step, Infect):
            assert after.is_chance
            assert (after.to_move, after.ply) == (before.to_move, before.ply)
        else:
            assert not after.is_chance
            assert after.to_move == 1 - before.to_move
            assert after.ply == before.ply + 1
    assert game.states[0].to_move == game.setup.first


@pytest.mark.pure
def test_a_non_move_is_refused() -> None:
    """CD-TURN-ORDER: a turn is an infection, a placement or a pass, nothing else."""
    assert illegal(new_game("cuckoo", START), "6@012") == "CD-TURN-ORDER"


@given(games())
def test_pass_exactly_with_an_empty_nest(game: Game) -> None:
    """CD-TURN-PASS: pass is legal exactly when the mover's nest is empty and the game goes
    on, and then it is the only legal move."""
    for state in game.states:
        moves = legal_moves(state)
        may_pass = not state.is_over and not state.is_chance and not state.nests[state.to_move]
        assert (PASS in moves) == may_pass
        if may_pass:
            assert moves == (PASS,)
            after = apply(state, PASS)
            assert (after.nests, after.board, after.to_move) == (
                state.nests,
                state.board,
                1 - state.to_move,
            )
        elif not state.is_over and not state.is_chance:
            assert illegal(state, PASS) == "CD-TURN-PASS"


def test_pass_with_dice_is_refused() -> None:
    """CD-TURN-PASS: a player holding dice must infect or place."""
    assert illegal(new_game("unnamed", START), Pass()) == "CD-TURN-PASS"
    assert apply(position(red=["3"], empty=["003"]), PASS).to_move == RED


@given(positions(), st.data())
def test_chance_node_takes_only_rolls(state: State, data: st.DataObject) -> None:
    """CD-TURN-CHANCE: while a re-roll is due no player moves; at a decision node no
    re-roll may come."""
    if state.is_chance:
        moves = legal_moves(state)
        assert moves and all(isinstance(m, Rolls) for m in moves)
        # Moves that would be legal once the re-roll is done with.
        later = legal_moves(replace(state, pending=None))
        place = data.draw(st.sampled_from([m for m in later if isinstance(m, Place)]))
        assert illegal(state, place) == "CD-TURN-CHANCE"
        assert illegal(state, state.pending) == "CD-TURN-CHANCE"
        assert illegal(state, PASS) == "CD-TURN-CHANCE"
        apply(state, data.draw(st.sampled_from(moves)))
    else:
        assume(not state.is_over)
        assert not any(isinstance(m, Rolls) for m in legal_moves(state))
        assert illegal(state, Rolls(1, (1, 1))) == "CD-TURN-CHANCE"


def test_chance_by_hand() -> None:
    """CD-TURN-CHANCE: after Blue's 1+1 for 2, Blue may not place before the re-roll."""
    waiting = apply(new_game("cuckoo", START), infect("1+1", "2"))
    assert illegal(waiting, put(6, "012")) == "CD-TURN-CHANCE"
    assert illegal(new_game("cuckoo", START), Rolls(3, (1, 2))) == "CD-TURN-CHANCE"


@given(games(max_infections=3))
def test_nothing_after_the_end(game: Game) -> None:
    """CD-TURN-OVER: the game ends when all 20 dice are placed; then no move is legal."""
    end = game.final
    assert end.is_over and all(p is not None for p in end.board)
    assert end.nests == ((), ()) and not end.is_chance
    assert legal_moves(end) == ()
    assert all(not s.is_over for s in game.states[:-1])
    for move in (PASS, put(6, "000", "AB"), put("2'", "111"), infect("1+1", "2")):
        assert illegal(end, move) == "CD-TURN-OVER"


@pytest.mark.parametrize("first", [BLUE, RED])
def test_first_player_from_the_setup(first: int) -> None:
    """CD-TURN-ORDER: the setup's first player makes ply 0."""
    state = new_game("cuckoo", Setup(START.rolls, first))
    assert state.to_move == first
    assert apply(state, put(6, "012")).to_move == 1 - first


@given(games())
def test_an_empty_nest_stays_empty(game: Game) -> None:
    """CD-TURN-PASS: once a player's nest is empty nothing can be put back into it (an
    empty nest offers nothing to infect), so passing goes on to the end."""
    for player in (BLUE, RED):
        emptied = False
        for state in game.states:
            emptied = emptied or not state.nests[player]
            assert not (emptied and state.nests[player])
