"""Zum Kuckuck!: every rule on its own (ZK-*), each in a position built for it.

Positions come from :mod:`.helpers`: ``spread(n)`` deals seat i the numbers i+1, i+1+n, ...
(so with five players Ann holds 1, 6, ..., 56, Ben 2, 7, ..., 57, Cy 3, ..., 58, Dee 4,
..., 59 and Eve 5, ..., 60), and ``position`` sets nests and cockatoo cards directly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo.errors import IllegalMoveError, SetupError
from cuckoo.kuckuck import (
    COCKATOO_CARDS,
    HAND_SIZE,
    NEST_CARDS,
    NUMBERS,
    VARIANTS,
    Deal,
    Nest,
    Play,
    Rules,
    Setup,
    Start,
    State,
    apply,
    chance_outcomes,
    choosing,
    cockatoos,
    cycle_score,
    halves,
    legal_moves,
    new_game,
    next_in,
    play_order,
    random_outcome,
    rules,
    totals,
    winners,
)
from cuckoo.kuckuck.playout import random_game

from .helpers import BASIC, NAMES, TACTICAL, X, Y, Z, deal, play_round, plays, position, spread


def _illegal(state: State, move: object, rule: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)  # type: ignore[arg-type]
    assert caught.value.rule == rule, str(caught.value)
    assert caught.value.kind == "illegal"
    return caught.value


# -- the cards ---------------------------------------------------------------------------


def test_number_cards() -> None:
    """ZK-CARD-NUMBERS: sixty number cards, 1 to 60, each once."""
    assert tuple(range(1, 61)) == NUMBERS


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        *[(1, 0), (12, 0), (13, 1), (24, 1), (25, 2), (30, 2)],
        *[(36, 2), (37, 1), (48, 1), (49, 0), (60, 0)],
    ],
)
def test_half_cockatoos_printed_on_a_card(number: int, expected: int) -> None:
    """ZK-CARD-COCKATOOS: none on 1-12 and 49-60, a half on 13-24 and 37-48, a whole (two
    halves) on 25-36; the boundaries on both sides."""
    assert halves(number) == expected


def test_how_many_cards_show_cockatoos() -> None:
    """ZK-CARD-COCKATOOS: 24 cards show none, 24 a half, 12 a whole."""
    assert Counter(halves(n) for n in NUMBERS) == Counter({0: 24, 1: 24, 2: 12})


def test_nest_cards() -> None:
    """ZK-CARD-NESTS: two nest cards of each value 1 to 12."""
    assert Counter({v: 2 for v in range(1, 13)}) == NEST_CARDS
    assert NEST_CARDS.total() == 24


def test_cockatoo_cards() -> None:
    """ZK-CARD-COCKATOO-CARDS: one per whole cockatoo printed: 48 halves, 24 cards."""
    assert sum(halves(n) for n in NUMBERS) == 48
    assert COCKATOO_CARDS == 24


# -- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players(players: int) -> None:
    """ZK-SETUP-PLAYERS: 3 to 5 players; the match starts with the deal."""
    state = new_game(None, Setup(NAMES[:players]))
    assert state.players == NAMES[:players] and state.rules == Rules()
    assert state.step == "deal" and state.is_chance and state.to_deal == 0
    assert state.dealt == ((),) * players


@pytest.mark.parametrize(
    "players",
    [
        ("Ann", "Ben"),
        (*NAMES, "Fay"),
        ("Ann", "Ben", "ann"),
        ("Ann", "Ben", "C y"),
        ("Ann", "Ben", "9lives"),
        ("Ann", "Ben", ""),
        ("Ann", "Ben", "Deal"),
        ("Ann", "Ben", "nest"),
        ("Ann", "Ben", "START"),
    ],
)
def test_bad_players(players: tuple[str, ...]) -> None:
    """ZK-SETUP-PLAYERS: fewer than 3 or more than 5, names that are not names, notation
    keywords, two names differing only in case."""
    with pytest.raises(SetupError) as caught:
        new_game(None, Setup(players))
    assert caught.value.rule == "ZK-SETUP-PLAYERS" and caught.value.kind == "setup"


def test_the_deal_goes_seat_by_seat_card_by_card() -> None:
    """ZK-SETUP-DEAL: twelve cards to each seat in seating order, each a chance step with
    every card not yet dealt equally likely; the cards left over stay out of play."""
    state = new_game(None, Setup(NAMES[:3]))
    for k, number in enumerate(range(60, 24, -1)):  # 60, 59, ..., 25: 36 cards
        assert state.step == "deal" and state.to_deal == k // 12
        outcomes = chance_outcomes(state)
        # 60 down to 61-k are gone, so 1 .. 60-k are left, each 1/(60-k)
        assert [o for o, _ in outcomes] == [Deal(n) for n in range(1, 61 - k)]
        assert {p for _, p in outcomes} == {Fraction(1, 60 - k)}
        assert sum(p for _, p in outcomes) == 1
        assert legal_moves(state) == tuple(o for o, _ in outcomes)
        state = apply(state, Deal(number))
    assert state.dealt == (
        tuple(range(60, 48, -1)),
        tuple(range(48, 36, -1)),
        tuple(range(36, 24, -1)),
    )
    assert state.step == "nest" and state.cycle == 0 and state.round == 0
    assert state.hands == tuple(frozenset(hand) for hand in state.dealt)
    in_play = set().union(*state.hands)
    assert in_play.isdisjoint(range(1, 25)), "the 24 cards not dealt are out of play"


@pytest.mark.parametrize("number", [0, 61, 7])
def test_a_card_not_left_cannot_be_dealt(number: int) -> None:
    """ZK-SETUP-DEAL: only a number card not dealt yet (7 was dealt first)."""
    state = apply(new_game(None, Setup(NAMES[:3])), Deal(7))
    error = _illegal(state, Deal(number), "ZK-SETUP-DEAL")
    assert str(number) in error.detail


def test_no_deal_after_the_deal() -> None:
    """ZK-TURN-CHANCE: once all hands are dealt, there is nothing more to deal."""
    _illegal(deal(BASIC, spread(3)), Deal(60), "ZK-TURN-CHANCE")


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        (X, 0),  # one half, rounded down
        (Y, 1),  # one whole
        (Z, 5),  # ten halves
        ((13, 37), 1),
        ((13, 37, 14), 1),  # three halves round down to one
        ((25, 13), 1),
        ((25, 26, 13, 14), 3),
        (tuple(range(25, 37)), 12),
    ],
)
def test_cockatoo_cards_a_hand_earns(hand: tuple[int, ...], count: int) -> None:
    """ZK-SETUP-COUNT: the half cockatoos on a hand, halved and rounded down."""
    assert cockatoos(hand) == count


def test_each_seat_takes_its_cockatoo_cards() -> None:
    """ZK-SETUP-COUNT, ZK-CYCLE-START: after the deal every seat has the cockatoo cards its
    hand earns, all cockatoo side up."""
    state = deal(BASIC, (X, Y, Z))
    assert state.counts == state.cockatoos == (0, 1, 5)


# -- the two versions ----------------------------------------------------------------------


def test_the_versions() -> None:
    """ZK-RULESET-PARAMS: basic (the default) and tactical; only the tactical one plays in
    turn."""
    assert VARIANTS == ("basic", "tactical")
    assert rules() == Rules() == Rules("basic") and not rules().in_turn
    assert rules(variant="tactical") == Rules("tactical") and Rules("tactical").in_turn
    assert new_game(None, Setup(NAMES[:3])).rules == Rules()


@pytest.mark.parametrize(
    "make", [lambda: rules(variant="fast"), lambda: rules(speed=1), lambda: Rules("Tactical")]
)
def test_bad_versions(make: object) -> None:
    """ZK-RULESET-PARAMS: an unknown version or parameter is refused."""
    with pytest.raises(SetupError) as caught:
        make()  # type: ignore[operator]
    assert caught.value.rule == "ZK-RULESET-PARAMS"


# -- cycles --------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), [(BASIC, 3), (BASIC, 4), (TACTICAL, 5)])
def test_as_many_cycles_as_players(variant: Rules, players: int) -> None:
    """ZK-MATCH-CYCLES: n cycles for n players, then the match is over."""
    setup, moves = random_game(variant, Random(players), players)
    state = new_game(variant, setup)
    cycles = [state.cycle]
    for move in moves:
        assert not state.is_over
        state = apply(state, move)
        cycles.append(state.cycle)
    assert state.is_over and state.cycle == players and len(state.scores) == players
    assert sorted(set(cycles)) == list(range(players + 1))


def _last_round(variant: Rules = BASIC, cycle: int = 0) -> State:
    """Four players in round 12, each with one card left: Ann 45, Ben 46, Cy 47, Dee 48;
    nests Ann 5, Ben 6, Cy 7, Dee none; two cockatoo cards each."""
    state = position(
        variant, nests=[(5,), (6,), (7,), ()], cockatoos=[2, 2, 2, 2], round=11, shown=(1, 2)
    )
    return replace(state, cycle=cycle, hands=tuple(frozenset({max(h)}) for h in state.hands))


def test_after_twelve_rounds_the_cycle_is_scored_and_hands_pass_left() -> None:
    """ZK-CYCLE-END, ZK-CYCLE-PASS, ZK-CYCLE-START, ZK-SCORE-COCKATOOS, ZK-SCORE-LOWEST.

    Round 12: Dee 48 takes 1, Cy 47 takes 2. Tops Ann 5, Ben 6, Cy 2, Dee 1: Ben turns.
    Scores: Ann 2, Ben 1, Cy 2, Dee 2 + 1 (lowest) = 3. Then the second cycle: seat i
    holds the hand dealt to seat i-1, with its cockatoo cards face up, empty nests, all
    24 nest cards back in the pile, everyone in."""
    start = _last_round()
    state = plays(start, (0, 45), (1, 46), (2, 47), (3, 48))
    assert state.scores == ((2, 1, 2, 3),)
    assert state.cycle == 1 and state.round == 0 and state.step == "nest"
    dealt = start.dealt
    assert state.hands == tuple(frozenset(dealt[(i - 1) % 4]) for i in range(4))
    assert state.counts == tuple(cockatoos(dealt[(i - 1) % 4]) for i in range(4))
    assert state.cockatoos == state.counts
    assert state.nests == ((),) * 4 and state.pile == (2,) * 12 and state.shown is None
    assert state.out == frozenset() and state.plays == (None,) * 4 and state.turned == ()


def test_in_cycle_c_seat_i_holds_the_hand_dealt_to_seat_i_minus_c() -> None:
    """ZK-CYCLE-PASS: in the third cycle (c = 2) the hands have moved two seats left."""
    start = _last_round(cycle=1)
    state = plays(start, (0, 45), (1, 46), (2, 47), (3, 48))
    assert state.cycle == 2
    assert state.hands == tuple(frozenset(start.dealt[(i - 2) % 4]) for i in range(4))
    assert state.hands[0] == frozenset(start.dealt[2]) != frozenset(start.dealt[3])


def test_the_cycle_ends_when_two_players_are_left() -> None:
    """ZK-CYCLE-END, ZK-ROUND-DROP, ZK-SCORE-DROPPED: three players; Cy 36 takes 1, Ben 35
    takes 2; tops Ann 12, Ben 2, Cy 1; Ann has no cockatoo card left and drops out; two are
    left, so the cycle ends in round 5: Ann -1, Ben 1, Cy 1 + 1 (lowest)."""
    state = position(nests=[(12,), (3,), ()], cockatoos=[0, 1, 1], counts=[1, 1, 1])
    state = plays(state, (0, 1), (1, 35), (2, 36))
    assert state.scores == ((-1, 1, 2),)
    assert state.cycle == 1 and state.round == 0 and state.out == frozenset()


def test_the_cycle_goes_on_with_three_players_left() -> None:
    """ZK-CYCLE-END, ZK-ROUND-DROP, ZK-ROUND-PASS: four players; Dee 48 takes 1, Cy 47
    takes 2; Ann (top 12) drops out; three are left, so the cycle goes on, and Ben (top 3)
    now shows the highest nest and turns a cockatoo card."""
    state = position(nests=[(12,), (3,), (), ()], cockatoos=[0, 1, 1, 1])
    state = plays(state, (0, 1), (1, 2), (2, 47), (3, 48))
    assert state.cycle == 0 and state.round == 5 and state.step == "nest"
    assert state.out == frozenset({0}) and state.cockatoos == (0, 0, 1, 1)
    assert state.scores == ()


# -- a round: the nest cards ---------------------------------------------------------------


def test_two_nest_cards_are_turned_up() -> None:
    """ZK-ROUND-NEST: two cards from the pile, kept lower first, written in either order."""
    state = deal(BASIC, spread(3))
    assert state.step == "nest" and state.pile == (2,) * 12 and state.shown is None
    after = apply(state, Nest(9, 3))
    assert after == apply(state, Nest(3, 9))
    assert after.step == "play" and after.shown == (3, 9)
    assert after.pile == tuple(1 if v in (3, 9) else 2 for v in range(1, 13))
    twins = apply(state, Nest(6, 6))
    assert twins.shown == (6, 6) and twins.pile[5] == 0 and sum(twins.pile) == 22


@pytest.mark.parametrize("nest", [Nest(0, 5), Nest(5, 13), Nest(6, 6), Nest(4, 11)])
def test_only_nest_cards_left_in_the_pile(nest: Nest) -> None:
    """ZK-ROUND-NEST: the pile holds one 6 and no 11 (and nothing outside 1-12)."""
    state = deal(BASIC, spread(3))
    pile = tuple(1 if v == 6 else 0 if v == 11 else 2 for v in range(1, 13))
    _illegal(replace(state, pile=pile), nest, "ZK-ROUND-NEST")


def _ordered_draws(pile: tuple[int, ...]) -> dict[Nest, Fraction]:
    """Brute force: every ordered draw of two different cards from the pile, equally likely."""
    cards = [v for v in range(1, 13) for _ in range(pile[v - 1])]
    pairs = Counter(
        Nest(min(a, b), max(a, b)) for (i, a), (j, b) in permutations(enumerate(cards), 2) if i != j
    )
    total = len(cards) * (len(cards) - 1)
    return {nest: Fraction(ways, total) for nest, ways in pairs.items()}


def test_nest_chance_from_a_full_pile() -> None:
    """ZK-ROUND-NEST: from 24 cards, a pair of equal values has probability 2/24 * 1/23 =
    1/276, two given different values 2 * 2/24 * 2/23 = 1/69; 12 + 66 outcomes."""
    outcomes = dict(chance_outcomes(deal(BASIC, spread(3))))
    assert len(outcomes) == 78 and sum(outcomes.values()) == 1
    assert outcomes[Nest(5, 5)] == Fraction(1, 276)
    assert outcomes[Nest(3, 9)] == Fraction(1, 69)
    assert outcomes == _ordered_draws((2,) * 12)


@given(st.lists(st.integers(0, 2), min_size=12, max_size=12).filter(lambda p: sum(p) >= 2))
def test_nest_chance_is_two_cards_drawn_from_the_pile(pile: list[int]) -> None:
    """ZK-ROUND-NEST: for any pile, exact probabilities that sum to 1 and agree with a
    brute-force count of ordered draws; legal moves are exactly the outcomes."""
    state = replace(deal(BASIC, spread(3)), pile=tuple(pile))
    outcomes = chance_outcomes(state)
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes) == _ordered_draws(tuple(pile))
    assert legal_moves(state) == tuple(o for o, _ in outcomes)


# -- a round: the number cards ---------------------------------------------------------------


def _five(variant: Rules = BASIC, **changes: object) -> State:
    """Five players, empty nests, two cockatoo cards each, nest cards 3 and 10 up."""
    state = position(variant, nests=[()] * 5, cockatoos=[2] * 5, shown=(3, 10))
    return replace(state, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "move",
    [Play(0, 2), Play(2, 3), Play(5, 1), Play(-1, 1)],
    ids=["not-own-card", "out", "no-seat", "negative-seat"],
)
def test_a_card_from_the_players_own_hand(move: Play) -> None:
    """ZK-ROUND-PLAY: a player still in plays a card of their own hand (2 is Ben's; Cy is
    out; there are five seats)."""
    state = position(nests=[()] * 5, cockatoos=[2] * 5, out={2}, shown=(3, 10))
    _illegal(state, move, "ZK-ROUND-PLAY")


def test_one_card_per_round_and_each_card_once_per_cycle() -> None:
    """ZK-ROUND-PLAY: a second card in the same round is refused, and a card played in an
    earlier round has left the hand."""
    state = plays(_five(), (0, 1))
    _illegal(state, Play(0, 6), "ZK-ROUND-PLAY")
    state = plays(state, (1, 57), (2, 58), (3, 4), (4, 5))
    assert state.step == "nest" and 1 not in state.hands[0] and len(state.hands[0]) == 11
    state = apply(state, Nest(1, 2))
    error = _illegal(state, Play(0, 1), "ZK-ROUND-PLAY")
    assert "Ann" in error.detail


def test_basic_players_choose_in_any_order() -> None:
    """ZK-BASIC-SIMULTANEOUS: everyone still in may choose, in any order; nothing is
    resolved until the last card is chosen."""
    state = position(nests=[()] * 5, cockatoos=[2] * 5, out={2}, shown=(3, 10))
    assert choosing(state) == (0, 1, 3, 4)
    assert legal_moves(state) == tuple(
        Play(s, n) for s in (0, 1, 3, 4) for n in sorted(state.hands[s])
    )
    state = apply(state, Play(4, 60))
    assert choosing(state) == (0, 1, 3) and state.step == "play" and state.nests == ((),) * 5
    state = plays(state, (0, 1), (3, 59))
    assert choosing(state) == (1,) and state.plays == (1, None, None, 59, 60)
    state = apply(state, Play(1, 2))
    # Eve 60 takes 3, Dee 59 takes 10: Dee shows the highest nest and turns
    assert state.step == "nest" and state.round == 5 and state.plays == (None,) * 5
    assert state.nests == ((), (), (), (10,), (3,)) and state.cockatoos == (2, 2, 2, 1, 2)


def test_tactical_players_play_in_turn_from_the_start_player() -> None:
    """ZK-TACTICAL-ORDER: from the start player leftwards, players out skipped; only the
    player due may play."""
    state = position(TACTICAL, nests=[()] * 5, cockatoos=[2] * 5, out={0}, starter=3)
    assert play_order(state) == (3, 4, 1, 2)
    assert next_in(state, 4) == 1 and next_in(state, 3) == 4
    assert choosing(state) == (3,)
    assert legal_moves(state) == tuple(Play(3, n) for n in sorted(state.hands[3]))
    error = _illegal(state, Play(4, 5), "ZK-TACTICAL-ORDER")
    assert "Dee" in error.detail and "Eve" in error.detail
    state = apply(state, Play(3, 4))
    assert choosing(state) == (4,)
    _illegal(state, Play(3, 9), "ZK-ROUND-PLAY")
    _illegal(state, Play(1, 2), "ZK-TACTICAL-ORDER")
    state = plays(state, (4, 5), (1, 2))
    assert choosing(state) == (2,)


# -- the tactical start player ---------------------------------------------------------------


def test_the_most_cockatoo_cards_start_the_cycle() -> None:
    """ZK-TACTICAL-FIRST: Cy alone has the most cockatoo cards (5, against 0 and 1): he
    starts, without a draw."""
    state = deal(TACTICAL, (X, Y, Z))
    assert state.step == "nest" and state.starter == 2
    state = apply(state, Nest(1, 2))
    assert choosing(state) == (2,) and play_order(state) == (2, 0, 1)


def test_a_tie_for_the_most_cockatoo_cards_is_drawn() -> None:
    """ZK-TACTICAL-FIRST, ZK-TURN-CHANCE: with the spread deal of five, Ann, Cy and Eve
    have ten half cockatoos each (5 cards), Ben and Dee nine (4): a chance step draws one
    of the three, each 1/3; nobody else can be drawn."""
    state = deal(TACTICAL, spread(5))
    assert state.counts == (5, 4, 5, 4, 5)
    assert state.step == "start" and state.is_chance
    assert chance_outcomes(state) == tuple((Start(s), Fraction(1, 3)) for s in (0, 2, 4))
    assert legal_moves(state) == (Start(0), Start(2), Start(4))
    error = _illegal(state, Start(1), "ZK-TACTICAL-FIRST")
    assert "Ann, Cy, Eve" in error.detail
    _illegal(state, Nest(1, 2), "ZK-TURN-CHANCE")
    drawn = apply(state, Start(2))
    assert drawn.step == "nest" and drawn.starter == 2
    assert play_order(apply(drawn, Nest(1, 2))) == (2, 3, 4, 0, 1)
    assert deal(BASIC, spread(5)).step == "nest", "no draw in the basic version"
    _illegal(deal(BASIC, spread(5)), Start(0), "ZK-TURN-CHANCE")


def test_the_loser_s_left_neighbour_starts_the_next_round() -> None:
    """ZK-TACTICAL-NEXT: Ben plays first; Eve 60 takes 3, Dee 59 takes 10; Dee alone turns,
    so Eve starts the next round."""
    state = _five(TACTICAL, starter=1)
    state = plays(state, (1, 2), (2, 3), (3, 59), (4, 60), (0, 1))
    assert state.cockatoos == (2, 2, 2, 1, 2) and state.starter == 4


@pytest.mark.parametrize(
    ("starter", "moves", "losers", "next_starter"),
    [
        # the source's example: A+E lose, B starts (Ben began, so Ann played after Eve)
        (1, [(1, 2), (2, 3), (3, 4), (4, 60), (0, 56)], (0, 4), 1),
        # B+C lose, D starts (Ann began; Cy played after Ben)
        (0, [(0, 1), (1, 57), (2, 58), (3, 4), (4, 5)], (1, 2), 3),
        # A+E lose when Ann began: Eve played after Ann, so Ann (left of Eve) starts
        (0, [(0, 56), (1, 2), (2, 3), (3, 4), (4, 60)], (0, 4), 0),
    ],
    ids=["A+E->B", "B+C->D", "A+E->A"],
)
def test_two_losers_the_one_who_played_later_decides(
    starter: int, moves: list[tuple[int, int]], losers: tuple[int, int], next_starter: int
) -> None:
    """ZK-TACTICAL-NEXT, ZK-ROUND-TURN: nest cards 9 and 9; the two highest numbers take
    one 9 each, both turn; the next round begins left of the one who played later."""
    state = _five(TACTICAL, starter=starter, shown=(9, 9), pile=(2,) * 8 + (0,) + (2,) * 3)
    state = plays(state, *moves)
    assert [state.top(s) for s in range(5)] == [9 if s in losers else 0 for s in range(5)]
    assert state.cockatoos == tuple(1 if s in losers else 2 for s in range(5))
    assert state.turned == losers
    assert state.starter == next_starter


def test_the_next_start_skips_players_out() -> None:
    """ZK-TACTICAL-NEXT: Cy is out; Dee 59 takes 3, Ben 52 takes 9; Ben turns; the player
    to his left still in, Dee, starts."""
    state = position(TACTICAL, nests=[()] * 5, cockatoos=[2] * 5, out={2}, shown=(3, 9))
    state = plays(state, (0, 1), (1, 52), (3, 59), (4, 5))
    assert state.cockatoos == (2, 1, 2, 2, 2) and state.starter == 3


def test_after_a_drop_out_the_last_to_turn_decides() -> None:
    """ZK-TACTICAL-NEXT, ZK-ROUND-PASS: Ann (top 12, no cockatoo card) drops out; Dee (11)
    turns in her place; so Eve, left of Dee, starts (not Ben, left of Ann)."""
    state = position(
        TACTICAL, nests=[(12,), (), (), (11,), ()], cockatoos=[0, 2, 2, 2, 2], starter=0
    )
    state = plays(state, (0, 1), (1, 57), (2, 58), (3, 4), (4, 5))
    assert state.out == frozenset({0}) and state.cockatoos == (0, 2, 2, 1, 2)
    assert state.turned == (3,) and state.starter == 4


# -- taking nest cards, turning cockatoos, dropping out ----------------------------------------


def test_the_highest_number_takes_the_lower_nest_card() -> None:
    """ZK-ROUND-TAKE: Cy's 58 is highest and takes the lower card, 3; Ann's 56 is second and
    takes 10, on top of her 4; the others take nothing."""
    state = position(nests=[(4,), (), (), (), ()], cockatoos=[2] * 5, shown=(3, 10))
    state = plays(state, (0, 56), (1, 2), (2, 58), (3, 4), (4, 5))
    assert state.nests == ((4, 10), (), (3,), (), ())


def test_the_top_of_the_nest_counts() -> None:
    """ZK-NEST-TOP, ZK-ROUND-TURN: only the top card of a nest counts, an empty nest is 0.
    Ann's nest holds a 12 under a 1: Cy 36 takes 2, Ben 35 takes 3; tops Ann 1, Ben 3,
    Cy 2: Ben turns, not Ann."""
    state = position(nests=[(12, 1), (5,), ()], cockatoos=[2, 2, 2], shown=(2, 3))
    assert [state.top(s) for s in range(3)] == [1, 5, 0]
    state = plays(state, (0, 1), (1, 35), (2, 36))
    assert [state.top(s) for s in range(3)] == [1, 3, 2]
    assert state.cockatoos == (2, 1, 2) and state.turned == (1,)


def test_tied_highest_nests_both_turn_even_if_they_took_nothing() -> None:
    """ZK-ROUND-TURN: Ann and Ben both show 8; Dee 59 takes 1, Cy 58 takes 2; Ann and Ben,
    who took nothing this round, both turn a cockatoo card."""
    state = position(nests=[(8,), (8,), (), (), ()], cockatoos=[2] * 5)
    state = plays(state, (0, 1), (1, 2), (2, 58), (3, 59), (4, 5))
    assert state.cockatoos == (1, 1, 2, 2, 2) and state.turned == (0, 1)


def test_a_player_who_must_turn_with_none_left_drops_out() -> None:
    """ZK-ROUND-DROP, ZK-ROUND-PASS: Ann (top 12) has no cockatoo card left: she drops out,
    her hand and nest leave play; Ben (10) now shows the highest nest and turns one."""
    state = position(nests=[(12,), (10,), (), (), ()], cockatoos=[0, 2, 2, 2, 2])
    state = plays(state, (0, 1), (1, 2), (2, 58), (3, 59), (4, 5))
    assert state.out == frozenset({0}) and state.active == (1, 2, 3, 4)
    assert state.hands[0] == frozenset() and state.nests[0] == () and state.top(0) == 0
    assert state.cockatoos == (0, 1, 2, 2, 2) and state.turned == (1,)
    state = apply(state, Nest(4, 5))
    assert choosing(state) == (1, 2, 3, 4) and all(m.seat != 0 for m in legal_moves(state))
    _illegal(state, Play(0, 6), "ZK-ROUND-PLAY")


def test_the_pass_may_come_back_to_a_player_who_just_turned() -> None:
    """ZK-ROUND-PASS: Ann and Ben tie at 10; Ann has none and drops out, Ben turns one; four
    are left and Ben still shows the highest nest, so he turns another."""
    state = position(nests=[(10,), (10,), (5,), (), (3,)], cockatoos=[0, 2, 1, 1, 1])
    state = plays(state, (0, 1), (1, 2), (2, 58), (3, 59), (4, 5))
    # Dee 59 takes 1, Cy 58 takes 2: tops Ann 10, Ben 10, Cy 2, Dee 1, Eve 3
    assert state.out == frozenset({0}) and state.cockatoos == (0, 0, 1, 1, 1)
    assert state.turned == (1, 1)


def _turn_then_drop() -> State:
    """Ann (none left) and Ben (one left) tie at 10; Eve 60 takes 1, Dee 59 takes 2."""
    state = position(nests=[(10,), (10,), (5,), (), (3,)], cockatoos=[0, 1, 1, 1, 1])
    return plays(state, (0, 1), (1, 2), (2, 3), (3, 59), (4, 60))


def test_a_player_may_turn_and_then_drop_out_in_the_same_round() -> None:
    """ZK-ROUND-TURN, ZK-ROUND-DROP, ZK-ROUND-PASS: Ann drops out and Ben turns his last
    card; four are left and Ben still shows the highest nest (10): he must turn again, has
    none, and drops out; three are left: Cy (5) turns."""
    state = _turn_then_drop()
    assert state.out == frozenset({0, 1}) and state.cockatoos == (0, 0, 0, 1, 1)
    assert state.step == "nest" and state.nests == ((), (), (5,), (2,), (3, 1))


def test_turned_names_everyone_who_turned_a_card() -> None:
    """ZK-ROUND-PASS: in the round above Ben turned a card (then dropped out) and Cy turned
    one; ``State.turned`` names both, in that order."""
    assert _turn_then_drop().turned == (1, 2)


def test_drop_outs_chain() -> None:
    """ZK-ROUND-PASS, ZK-ROUND-DROP: Ann (12) drops out, then Ben (11), then Cy (10) turns
    one: three are left and play goes on."""
    state = position(nests=[(12,), (11,), (10,), (), ()], cockatoos=[0, 0, 1, 1, 1])
    state = plays(state, (0, 1), (1, 2), (2, 3), (3, 59), (4, 60))
    # Eve 60 takes 1, Dee 59 takes 2
    assert state.out == frozenset({0, 1}) and state.cockatoos == (0, 0, 0, 1, 1)
    assert state.step == "nest" and state.cycle == 0 and state.turned == (2,)


def test_drop_outs_stop_at_two_players() -> None:
    """ZK-ROUND-PASS, ZK-CYCLE-END, ZK-SCORE-DROPPED: Ann (12) and then Ben (11) drop out;
    two are left, so nobody else turns and the cycle ends: Cy keeps both cockatoo cards
    (2), Dee shows the lowest nest (1 against 2): 2 + 1."""
    state = position(nests=[(12,), (11,), (3,), ()], cockatoos=[0, 0, 2, 2], counts=[2, 2, 2, 2])
    state = plays(state, (0, 1), (1, 2), (2, 47), (3, 48))
    assert state.scores == ((-1, -1, 2, 3),)


def test_empty_nests_count_as_zero_when_everyone_with_a_nest_is_out() -> None:
    """ZK-NEST-TOP, ZK-ROUND-TURN, ZK-ROUND-PASS: Ben 57 takes 1 (over his 11), Ann 56
    takes 2 (over her 12); Ann (2) drops out, then Ben (1); Cy, Dee and Eve have empty
    nests, tie at 0, and all three turn."""
    state = position(nests=[(12,), (11,), (), (), ()], cockatoos=[0, 0, 1, 1, 1])
    state = plays(state, (0, 56), (1, 57), (2, 3), (3, 4), (4, 5))
    assert state.out == frozenset({0, 1}) and state.cockatoos == (0, 0, 0, 0, 0)
    assert state.turned == (2, 3, 4) and state.step == "nest"


# -- scoring -------------------------------------------------------------------------------


def test_cycle_scores() -> None:
    """ZK-SCORE-COCKATOOS, ZK-SCORE-LOWEST, ZK-SCORE-DROPPED, ZK-SCORE-NONE.

    Dee is out: -1. Still in: Ann (top 3, 2 face up), Ben (3, 0, received none), Cy (7, 4),
    Eve (9, 1). The lowest top among them is 3, shared by Ann and Ben: +1 each. Ben
    received no cockatoo card: +2. So 3, 3, 4, -1, 1."""
    state = position(
        nests=[(3,), (3,), (7,), (), (9,)],
        cockatoos=[2, 0, 4, 0, 1],
        counts=[3, 0, 5, 1, 2],
        out={3},
    )
    assert cycle_score(state) == (3, 3, 4, -1, 1)


def test_an_empty_nest_is_the_lowest_and_none_received_counts_for_a_drop_out() -> None:
    """ZK-SCORE-LOWEST, ZK-SCORE-NONE, ZK-SCORE-DROPPED: Ann's empty nest (0) is lowest;
    Dee received no cockatoo card and dropped out: -1 + 2."""
    state = position(
        nests=[(), (5,), (6,), ()], cockatoos=[1, 1, 1, 0], counts=[1, 2, 2, 0], out={3}
    )
    assert cycle_score(state) == (2, 1, 1, 1)


def _over(*scores: tuple[int, ...]) -> State:
    return replace(deal(BASIC, spread(3)), step="over", cycle=3, scores=scores)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        (((3, 1, 0), (0, 1, 2), (1, 1, 1)), (0,)),  # totals 4, 3, 3
        (((5, 0, 1), (-1, 2, 2), (1, 3, 0)), (0,)),  # 5, 5, 3: best cycles 5 against 3
        (((1, 0, 1), (1, 3, 1), (1, 1, 1)), (1,)),  # 3, 4, 3
        (((0, 0, 6), (5, 2, -1), (0, 3, -1)), (0,)),  # 5, 5, 4: Cy's 6 does not count
        (((4, 4, 0), (0, 0, 1), (1, 1, 1)), (0, 1)),  # 5, 5, 2: best cycles 4 and 4
        (((1, 1, 1), (1, 1, 1), (1, 1, 1)), (0, 1, 2)),
    ],
)
def test_the_winner(scores: tuple[tuple[int, ...], ...], expected: tuple[int, ...]) -> None:
    """ZK-MATCH-WINNER: the highest total; a tie goes to the best single cycle among the
    tied; players still tied share the win."""
    state = _over(*scores)
    assert totals(state) == tuple(sum(c[s] for c in scores) for s in range(3))
    assert winners(state) == expected


def test_no_winner_before_the_end() -> None:
    """ZK-MATCH-WINNER: nobody has won while the match goes on."""
    state = replace(deal(BASIC, spread(3)), cycle=2, scores=((9, 0, 0), (9, 0, 0)))
    assert winners(state) == () and totals(state) == (18, 0, 0)
    assert totals(deal(BASIC, spread(3))) == (0, 0, 0)


# -- chance and the end ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("step", "move"),
    [
        ("deal", Nest(1, 2)),
        ("deal", Play(0, 1)),
        ("start", Play(0, 1)),
        ("nest", Play(0, 1)),
        ("nest", Start(0)),
        ("play", Nest(1, 2)),
        ("play", Deal(60)),
        ("play", Start(0)),
        ("play", "keep"),
    ],
)
def test_chance_and_choices_in_their_place(step: str, move: object) -> None:
    """ZK-TURN-CHANCE: a chance outcome only when chance is due, a number card only when
    cards are played; anything that is not a move is refused too."""
    states = {
        "deal": new_game(TACTICAL, Setup(NAMES[:3])),
        "start": deal(TACTICAL, spread(5)),
        "nest": deal(BASIC, spread(3)),
        "play": _five(),
    }
    state = states[step]
    assert state.step == step
    _illegal(state, move, "ZK-TURN-CHANCE")
    assert state.is_chance == (step != "play")
    assert (chance_outcomes(state) == ()) == (step == "play")


def test_nothing_after_the_end() -> None:
    """ZK-TURN-OVER: once the last cycle is scored, no move at all."""
    setup, moves = random_game(TACTICAL, Random(3), 3)
    state = new_game(TACTICAL, setup)
    for move in moves:
        state = apply(state, move)
    assert state.is_over and not state.is_chance
    assert legal_moves(state) == () and chance_outcomes(state) == () and choosing(state) == ()
    for move in [Nest(1, 2), Play(0, 1), Deal(1), Start(0)]:
        _illegal(state, move, "ZK-TURN-OVER")


def test_random_outcomes_are_listed_outcomes() -> None:
    """ZK-TURN-CHANCE: at a deal, a start draw and the nest cards, random_outcome only draws
    outcomes chance_outcomes lists."""
    rng = Random(7)
    half_dealt = new_game(None, Setup(NAMES[:4]))
    for number in range(1, 20):
        half_dealt = apply(half_dealt, Deal(number))
    start = deal(TACTICAL, spread(5))
    nest = replace(deal(BASIC, spread(3)), pile=(0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0))
    for state in (half_dealt, start, nest):
        listed = {o for o, _ in chance_outcomes(state)}
        drawn = {random_outcome(state, rng) for _ in range(1000)}
        assert drawn <= listed
        assert drawn == listed, "1000 draws meet every outcome (at most 41 here)"


def test_random_outcome_refuses_a_decision() -> None:
    """ZK-TURN-CHANCE: when players decide, chance has nothing to draw."""
    state = apply(deal(BASIC, spread(3)), Nest(3, 9))
    with pytest.raises(IllegalMoveError) as raised:
        random_outcome(state, Random(1))
    assert raised.value.rule == "ZK-TURN-CHANCE"


def test_random_nest_cards_follow_the_probabilities() -> None:
    """ZK-ROUND-NEST: 30,000 draws from a full pile land near the exact probabilities (a
    fixed seed, so the test is deterministic; the bound is many standard errors wide)."""
    state = deal(BASIC, spread(3))
    rng = Random(11)
    draws = Counter(random_outcome(state, rng) for _ in range(30_000))
    for outcome, p in chance_outcomes(state):
        assert abs(draws[outcome] / 30_000 - p) < 0.006, outcome


def test_hand_size_and_rounds() -> None:
    """ZK-SETUP-DEAL, ZK-CYCLE-END: twelve cards a hand, so at most twelve rounds a cycle."""
    assert HAND_SIZE == 12


def test_cards_shown_stay_in_view_for_the_cycle() -> None:
    """ZK-ROUND-PLAY, ZK-BASIC-SIMULTANEOUS: once shown, a round's cards lie face up on their
    players' discard piles for the rest of the cycle, and every player may see them."""
    from cuckoo.kuckuck.views import observe

    state = play_round(deal(BASIC, spread(3)), (3, 9), [(0, 34), (1, 35), (2, 36)])
    assert state.played == ((34,), (35,), (36,))
    assert all(observe(state, seat)["played"] == [[34], [35], [36]] for seat in range(3))
    chosen = apply(apply(state, Nest(1, 2)), Play(0, 31))
    assert observe(chosen, 1)["plays"] == ["chosen", None, None]
    assert observe(chosen, 1)["played"] == [[34], [35], [36]]


def test_the_start_player_is_named_only_where_a_round_has_one() -> None:
    """ZK-TACTICAL-FIRST, ZK-TACTICAL-ORDER: the protocol's position names a start player
    during a tactical round, not while the deal or the draw is under way, not in the basic
    version, and not after the match."""
    from cuckoo.kuckuck.views import position as seen_by_all

    tied = deal(TACTICAL, spread(5))
    assert tied.step == "start" and seen_by_all(tied)["starter"] is None
    drawn = apply(tied, Start(4))
    assert seen_by_all(drawn)["starter"] == NAMES[4]
    assert seen_by_all(replace(drawn, step="over"))["starter"] is None
    assert seen_by_all(deal(BASIC, spread(3)))["starter"] is None
    assert seen_by_all(new_game(TACTICAL, Setup(NAMES[:3])))["starter"] is None
