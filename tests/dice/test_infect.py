"""Infecting the opponent's nest (CD-INFECT-GIVE, CD-INFECT-TAKE, CD-INFECT-SUM,
CD-INFECT-POOL, CD-INFECT-LIMIT, CD-INFECT-REROLL, CD-INFECT-SWAP, CD-DIE-OWNER)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from cuckoo.dice import (
    BLUE,
    RED,
    Die,
    Infect,
    Rolls,
    Ruleset,
    Setup,
    State,
    apply,
    legal_moves,
    new_game,
    ruleset,
)

from .helpers import START, illegal, infect, nest, position
from .strategies import Game, games, positions, rulesets

ANY = ruleset("cuckoo", infection_pool="any")


def _infections(state: State) -> set[Infect]:
    return {m for m in legal_moves(state) if isinstance(m, Infect)}


def test_infection_swaps_rerolled_dice() -> None:
    """CD-INFECT-SWAP, CD-INFECT-REROLL: Blue gives 1+1 for Red's 2; the 2 comes back as a
    Red 5 in Blue's nest, the two 1s go to Red as Blue's 3 and 4.  Owners never change."""
    start = new_game("cuckoo", START)  # Blue 1 1 2 3 4 4 5 5 6 6, Red 2 2 3 3 3 4 5 6 6 6
    after = apply(start, infect("1+1", "2", (5, (3, 4))))
    assert after.nests[BLUE] == nest("2", "3", "4", "4", "5", "5", "6", "6", "5'")
    assert after.nests[RED] == nest("2", "3", "3", "3", "4", "5", "6", "6", "6", "3'", "4'")
    assert after.captures == (1, 0)
    assert (after.to_move, after.ply, after.pending) == (RED, 1, None)


def test_infection_then_chance_step() -> None:
    """CD-INFECT-REROLL: without its rolls an infection leaves a chance node; the rolls
    then finish it exactly as the whole move would."""
    start = new_game("cuckoo", START)
    waiting = apply(start, infect("1+1", "2"))
    assert waiting.is_chance and waiting.pending == infect("1+1", "2")
    assert (waiting.nests, waiting.to_move, waiting.ply) == (start.nests, BLUE, 0)
    assert apply(waiting, Rolls(5, (4, 3))) == apply(start, infect("1+1", "2", (5, (3, 4))))


def test_legal_infections_by_hand() -> None:
    """CD-INFECT-GIVE, CD-INFECT-SUM: Blue holds 1 1 2 3, Red 2 3 4 6.  By hand, the sets
    of two or more of Blue's dice: 1+1 = 2, 1+2 = 3, 1+3 = 4, 1+1+2 = 4, 1+2+3 = 6
    (1+1+1 is not there; 1+1+3 = 5 and 2+3 = 5 find no 5; 1+1+2+3 = 7)."""
    state = position(blue=["1", "1", "2", "3"], red=["2", "3", "4", "6"])
    assert _infections(state) == {
        infect("1+1", "2"),
        infect("1+2", "3"),
        infect("1+3", "4"),
        infect("1+1+2", "4"),
        infect("1+2+3", "6"),
    }


def test_give_at_least_two_dice() -> None:
    """CD-INFECT-GIVE: one die may not infect, even of the right value."""
    state = new_game("cuckoo", START)
    assert illegal(state, infect("2", "2")) == "CD-INFECT-GIVE"
    assert illegal(state, Infect((), Die(2))) == "CD-INFECT-GIVE"


def test_give_only_dice_held() -> None:
    """CD-INFECT-GIVE: Blue holds two 1s, not three."""
    state = new_game("cuckoo", START)
    assert illegal(state, infect("1+1+1", "3")) == "CD-INFECT-GIVE"


def test_sum_must_match() -> None:
    """CD-INFECT-SUM: the given values add up to the taken die's."""
    state = new_game("cuckoo", START)
    assert illegal(state, infect("1+1", "3")) == "CD-INFECT-SUM"
    assert illegal(state, infect("1+2", "4")) == "CD-INFECT-SUM"


def test_take_a_die_of_the_opponents_nest() -> None:
    """CD-INFECT-TAKE: Blue's 1+1 would make 2, but Red holds no 2."""
    state = position(blue=["1", "1", "2"], red=["3", "4", "6"])
    assert illegal(state, infect("1+1", "2")) == "CD-INFECT-TAKE"
    # Under the any pool neither a Red 2 nor a Blue 2 in Red's nest is there to take.
    state = position(ANY, blue=["1", "1", "2"], red=["3", "4", "6", "3'"])
    assert illegal(state, infect("1+1", "2'")) == "CD-INFECT-TAKE"


def _after_blue_infects(rules: Ruleset | str = "cuckoo") -> State:
    """Red to move holding Blue's 3 and 4, Blue holding Red's 5."""
    return apply(new_game(rules, START), infect("1+1", "2", (5, (3, 4))))


def test_own_pool_refuses_foreign_givers() -> None:
    """CD-INFECT-POOL: under the own pool Red may not infect with Blue's dice in her nest."""
    state = _after_blue_infects()
    assert illegal(state, infect("3'+2", "5")) == "CD-INFECT-POOL"


def test_own_pool_refuses_foreign_targets() -> None:
    """CD-INFECT-POOL: Red may not take back her own die (seen from Blue: a foreign 5)."""
    state = _after_blue_infects()
    assert illegal(state, infect("2+3", "5'")) == "CD-INFECT-POOL"


def test_any_pool_accepts_both() -> None:
    """CD-INFECT-POOL: under the any pool both infections above are legal."""
    state = _after_blue_infects(ANY)
    moves = _infections(state)
    assert infect("2+3'", "5") in moves and infect("2+3", "5'") in moves
    after = apply(state, infect("2+3", "5'", (1, (6, 6))))
    # Red's own 5 comes home as a Red 1; Red's 2 and 3 go to Blue as foreign 6s.
    assert Die(1) in after.nests[RED] and after.nests[BLUE].count(Die(6, True)) == 2


def test_infection_limit() -> None:
    """CD-INFECT-LIMIT: with a limit of 1 the second infection is refused and not listed."""
    rules = ruleset("cuckoo", infection_limit=1)
    state = _after_blue_infects(rules)
    assert _infections(state) == set()
    assert illegal(state, infect("2+3", "5")) == "CD-INFECT-LIMIT"
    zero = new_game(ruleset("unnamed", infection_limit=0), START)
    assert illegal(zero, infect("1+1", "2")) == "CD-INFECT-LIMIT"
    assert _infections(zero) == set()


@pytest.mark.parametrize(
    "rolls",
    [Rolls(0, (1, 1)), Rolls(7, (1, 1)), Rolls(1, (1, 0)), Rolls(1, (1,)), Rolls(1, (1, 2, 3))],
)
def test_bad_rerolls(rolls: Rolls) -> None:
    """CD-INFECT-REROLL: one new face (1 to 6) per die, taken and given."""
    waiting = apply(new_game("cuckoo", START), infect("1+1", "2"))
    assert illegal(waiting, rolls) == "CD-INFECT-REROLL"
    start = new_game("cuckoo", START)
    assert illegal(start, Infect((Die(1), Die(1)), Die(2), rolls)) == "CD-INFECT-REROLL"


# Blue and Red each hold six 1s and three 2s: each can give 1+1 for a 2 three times.
SIX = new_game("cuckoo", Setup(((1, 1, 1, 1, 1, 1, 2, 2, 2, 3), (1, 1, 1, 1, 1, 1, 2, 2, 2, 4))))


def test_six_infections_and_no_more_under_the_own_pool() -> None:
    """CD-INFECT-POOL theorem: each infection moves three or more dice that never move
    again, so 20 dice allow six; here six are made, and then no infection is legal."""
    state = SIX
    for _ in range(6):
        assert infect("1+1", "2") in _infections(state)
        state = apply(state, infect("1+1", "2", (1, (1, 1))))
    assert state.captures == (3, 3)
    assert _infections(state) == set()
    assert state.nests[BLUE] == nest("3", *["1'"] * 9)
    assert state.nests[RED] == nest("4", *["1'"] * 9)
    # Under the any pool the moved dice could infect again: Blue's four 1' for Red's 4.
    assert infect("1'+1'+1'+1'", "4") in _infections(replace(state, ruleset=ANY))


def test_any_pool_goes_on_past_six() -> None:
    """CD-INFECT-POOL, CD-INFECT-LIMIT: under the any pool Blue's 1+1 for Red's 2 and
    Red's (Blue's) 1+1 for the (Red) 2 can come back to the same nests for ever;
    eight infections here, while a limit of 3 stops the fourth."""
    start = new_game(ANY, START)
    state = start
    for _ in range(4):
        state = apply(state, infect("1+1", "2", (2, (1, 1))))
        assert state.nests[RED].count(Die(1, True)) == 2
        state = apply(state, infect("1'+1'", "2'", (2, (1, 1))))
    assert state.nests == start.nests
    assert state.captures == (4, 4) and state.ply == 8
    assert sum(state.captures) > 6
    limited = new_game(ruleset("cuckoo", infection_pool="any", infection_limit=3), START)
    for give, take in (("1+1", "2"), ("1'+1'", "2'"), ("1+1", "2")):
        limited = apply(limited, infect(give, take, (2, (1, 1))))
    assert illegal(limited, infect("1'+1'", "2'", (2, (1, 1)))) == "CD-INFECT-LIMIT"
    assert _infections(limited) == set()


@given(games(rulesets(pool="own"), greedy=True))
def test_at_most_six_infections_under_the_own_pool(game: Game) -> None:
    """CD-INFECT-POOL: games that infect whenever they can still make at most six, and
    only own dice are given and taken."""
    for before, step, _ in game.transitions():
        if isinstance(step, Infect):
            assert not any(d.foreign for d in step.give) and not step.take.foreign
        assert sum(before.captures) <= 6
    assert sum(game.final.captures) <= 6


def _pairs(dice: Sequence[Die]) -> list[tuple[Die, Die]]:
    return sorted({(a, b) for a, b in permutations(dice, 2) if a <= b})


@given(positions(rulesets(), kind="decision"), st.data())
def test_generated_illegal_infections(state: State, data: st.DataObject) -> None:
    """CD-INFECT-GIVE, CD-INFECT-TAKE, CD-INFECT-SUM, CD-INFECT-POOL, CD-INFECT-LIMIT: in
    random positions, infections with exactly one fault each."""
    rules, mover = state.ruleset, state.to_move
    held, theirs = state.nests[mover], state.nests[1 - mover]
    own_pool = rules.infection_pool == "own"
    givers = [d for d in held if not (own_pool and d.foreign)]
    targets = [d for d in theirs if not (own_pool and d.foreign)]
    if rules.infection_limit is not None and sum(state.captures) >= rules.infection_limit:
        unlimited = replace(state, ruleset=replace(rules, infection_limit=None))
        for move in legal_moves(unlimited):
            if isinstance(move, Infect):
                event("limit")
                assert illegal(state, move) == "CD-INFECT-LIMIT"
        return
    # One die, of the right value for a target.
    singles = [(d, t) for d in givers for t in targets if d.value == t.value]
    if singles:
        one, take = data.draw(st.sampled_from(singles))
        event("give")
        assert illegal(state, Infect((one,), take)) == "CD-INFECT-GIVE"
    pairs = _pairs(givers)
    if not pairs:
        return
    pair = data.draw(st.sampled_from(pairs))
    total = pair[0].value + pair[1].value
    # The right sum, an allowed colour, but no such die in the opponent's nest.
    absent = [Die(total, f) for f in (False, True) if Die(total, f) not in theirs]
    absent = [d for d in absent if not (own_pool and d.foreign) and total <= 6]
    if absent:
        event("take")
        assert illegal(state, Infect(pair, data.draw(st.sampled_from(absent)))) == "CD-INFECT-TAKE"
    wrong = [t for t in targets if t.value != total]
    if wrong:
        event("sum")
        assert illegal(state, Infect(pair, data.draw(st.sampled_from(wrong)))) == "CD-INFECT-SUM"
    if own_pool:
        # A foreign die among the givers, everything else right.
        mixed = [
            (p, t)
            for p in _pairs(held)
            if any(d.foreign for d in p)
            for t in targets
            if t.value == p[0].value + p[1].value
        ]
        if mixed:
            give, take = data.draw(st.sampled_from(mixed))
            event("pool: giver")
            assert illegal(state, Infect(give, take)) == "CD-INFECT-POOL"
        # A foreign target (a die of the mover's colour), everything else right.
        back = [d for d in theirs if d.foreign and d.value == total]
        if back:
            event("pool: target")
            assert illegal(state, Infect(pair, back[0])) == "CD-INFECT-POOL"


@given(positions(kind="chance"), st.data())
def test_generated_bad_rerolls(state: State, data: st.DataObject) -> None:
    """CD-INFECT-REROLL: a re-roll with a value off the die or the wrong count is refused."""
    assert state.pending is not None
    k = len(state.pending.give)
    count = data.draw(st.integers(0, 7).filter(lambda n: n != k))
    assert illegal(state, Rolls(1, (1,) * count)) == "CD-INFECT-REROLL"
    bad = data.draw(st.sampled_from([0, 7, -3, 12]))
    at = data.draw(st.integers(0, k))
    values = [1] * (k + 1)
    values[at] = bad
    assert illegal(state, Rolls(values[0], tuple(values[1:]))) == "CD-INFECT-REROLL"


@pytest.mark.parametrize(
    ("give", "rolls", "written"),
    [
        ((Die(4), Die(1, True), Die(1)), Rolls(5, (6, 2, 3)), "1+1'+4x6(5;3,2,6)"),
        ((Die(2), Die(2), Die(1, True), Die(1)), Rolls(1, (6, 5, 4, 3)), "1+1'+2+2x6(1;3,4,5,6)"),
        ((Die(3), Die(2)), Rolls(1, (6,)), "2+3x6(1;6)"),  # too few values: kept as given
    ],
)
def test_an_infection_keeps_its_dice_and_rerolls_in_canonical_order(
    give: tuple[Die, ...], rolls: Rolls, written: str
) -> None:
    infection = Infect(give, Die(6), rolls)
    assert str(infection) == written
    assert infection == replace(infection) == Infect(infection.give, Die(6), infection.rolls)
