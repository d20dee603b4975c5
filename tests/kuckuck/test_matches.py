"""Zum Kuckuck!: whole matches worked out by hand, round by round.

The deals and the cards played are in :mod:`.helpers` (``X``, ``Y``, ``Z``,
``THREE_ROUNDS``, ``FIVE_HANDS``, ``FIVE_ROUNDS``); everything asserted here was worked out
in the comments from the rules, not copied from the engine.

Notation in the comments: ``tops A/B/C`` are the top nest cards (0 for an empty nest),
``cockatoos A/B/C`` the cockatoo cards still face up.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from cuckoo.kuckuck import (
    Nest,
    Play,
    Rules,
    Start,
    State,
    apply,
    chance_outcomes,
    choosing,
    legal_moves,
    play_order,
    totals,
    winners,
)

from .helpers import (
    BASIC,
    FIVE_HANDS,
    FIVE_ROUNDS,
    TACTICAL,
    THREE_ROUNDS,
    Plays,
    X,
    Y,
    Z,
    deal,
)

ANN, BEN, CY, DEE, EVE = range(5)


def tops(state: State) -> tuple[int, ...]:
    return tuple(state.top(s) for s in range(len(state.players)))


def put(state: State, nest: tuple[int, int], cards: Plays, *, in_turn: bool) -> State:
    """Turn up *nest* and put down *cards*; in the tactical version each must be the one
    player allowed to play (ZK-TACTICAL-ORDER)."""
    state = apply(state, Nest(*nest))
    for seat, number in cards:
        if in_turn:
            assert choosing(state) == (seat,)
        else:
            assert seat in choosing(state)
        assert Play(seat, number) in legal_moves(state)
        state = apply(state, Play(seat, number))
    return state


@pytest.mark.parametrize("variant", [BASIC, TACTICAL], ids=["basic", "tactical"])
def test_a_whole_match_of_three(variant: Rules) -> None:
    """A complete match of three, played once each way (same cards, same outcome).

    Rules: ZK-SETUP-DEAL, ZK-SETUP-COUNT, ZK-CYCLE-START, ZK-CYCLE-PASS, ZK-ROUND-NEST,
    ZK-ROUND-PLAY, ZK-BASIC-SIMULTANEOUS, ZK-TACTICAL-ORDER, ZK-TACTICAL-FIRST,
    ZK-TACTICAL-NEXT, ZK-ROUND-TAKE, ZK-NEST-TOP, ZK-ROUND-TURN (a tie: both turn; a turn
    by someone who took nothing), ZK-ROUND-DROP, ZK-CYCLE-END, ZK-SCORE-COCKATOOS,
    ZK-SCORE-LOWEST, ZK-SCORE-DROPPED, ZK-SCORE-NONE, ZK-MATCH-CYCLES, ZK-MATCH-WINNER (a tie
    on totals broken by the best single cycle), ZK-TURN-OVER.
    """
    tactical = variant.in_turn
    # Deal: Ann X (halves: 13 -> 1 -> 0 cards), Ben Y (25 -> 2 -> 1), Cy Z (14..23 -> 10
    # -> 5). 36 cards dealt; 24 stay in the box.
    state = deal(variant, (X, Y, Z))
    assert state.hands == (frozenset(X), frozenset(Y), frozenset(Z))
    assert state.counts == state.cockatoos == (0, 1, 5)
    assert state.step == "nest" and state.pile == (2,) * 12
    if tactical:
        assert state.starter == CY, "Cy alone has the most cockatoo cards (5)"

    # ---- cycle 1: Ann X (0), Ben Y (1), Cy Z (5) ----
    cycle = THREE_ROUNDS[0]
    # 1.1 nest 7 7; Cy 59, Ann 1, Ben 54. Cy (highest) takes a 7, Ben (second) the other.
    # tops 0/7/7: Ben and Cy tie for the highest and both turn: cockatoos 0/0/4.
    if tactical:
        state = put(state, *cycle[0], in_turn=True)
    else:  # basic: the cards can be chosen in any order; nothing shows until the last
        state = apply(state, Nest(7, 7))
        state = apply(state, Play(BEN, 54))
        assert choosing(state) == (ANN, CY) and state.nests == ((), (), ())
        state = apply(state, Play(ANN, 1))
        assert choosing(state) == (CY,) and state.step == "play"
        state = apply(state, Play(CY, 59))
    assert state.nests == ((), (7,), (7,)) and tops(state) == (0, 7, 7)
    assert state.cockatoos == (0, 0, 4) and state.turned == (BEN, CY)
    assert state.round == 1 and sum(state.pile) == 22
    if tactical:
        # order was Cy, Ann, Ben: Ben played after Cy, so Ben's left neighbour Cy starts
        # (Cy's left neighbour would be Ann)
        assert state.starter == CY
    # 1.2 nest 2 9; Cy 14, Ann 49, Ben 8. Ann (49) takes 2, Cy (14) takes 9.
    # tops 2/7/9: Cy turns: cockatoos 0/0/3.
    state = put(state, *cycle[1], in_turn=tactical)
    assert tops(state) == (2, 7, 9) and state.cockatoos == (0, 0, 3)
    if tactical:
        assert state.starter == ANN, "left of Cy"
    # 1.3 nest 1 12; Ann 50, Ben 55, Cy 15. Ben (55) takes 1, Ann (50) takes 12.
    # tops 12/1/9: Ann must turn and has no cockatoo card: she drops out. Two are left:
    # the cycle ends after 3 rounds.
    # Score: Ann -1 (dropped) + 2 (received none) = 1; Ben 0 face up + 1 (top 1 is the
    # lowest of Ben 1, Cy 9) = 1; Cy 3 face up = 3.
    state = put(state, *cycle[2], in_turn=tactical)
    assert state.scores == ((1, 1, 3),)

    # ---- cycle 2: the hands have moved left: Ann Z (5), Ben X (0), Cy Y (1) ----
    assert state.cycle == 1 and state.round == 0 and state.step == "nest"
    assert state.hands == (frozenset(Z), frozenset(X), frozenset(Y))
    assert state.counts == state.cockatoos == (5, 0, 1)
    assert state.nests == ((), (), ()) and state.pile == (2,) * 12 and not state.out
    if tactical:
        assert state.starter == ANN, "most cockatoo cards: Ann, holding Z"
    cycle = THREE_ROUNDS[1]
    # 2.1 nest 4 6; Ann 14, Ben 1, Cy 7. Ann takes 4, Cy takes 6. tops 4/0/6: Cy turns:
    # cockatoos 5/0/0.
    state = put(state, *cycle[0], in_turn=tactical)
    assert tops(state) == (4, 0, 6) and state.cockatoos == (5, 0, 0)
    if tactical:
        assert state.starter == ANN, "left of Cy"
    # 2.2 nest 1 3; Ann 15, Ben 49, Cy 8. Ben (49) takes 1, Ann (15) takes 3. tops 3/1/6:
    # Cy, who took nothing this round, still shows the highest nest; he has no cockatoo
    # card left and drops out; the cycle ends.
    # Score: Ann 5 = 5 (top 3 is not the lowest); Ben 0 + 1 (lowest, 1) + 2 (received
    # none) = 3; Cy -1.
    state = put(state, *cycle[1], in_turn=tactical)
    assert state.scores[1] == (5, 3, -1)

    # ---- cycle 3: Ann Y (1), Ben Z (5), Cy X (0) ----
    assert state.hands == (frozenset(Y), frozenset(Z), frozenset(X))
    assert state.counts == state.cockatoos == (1, 5, 0)
    if tactical:
        assert state.starter == BEN
    cycle = THREE_ROUNDS[2]
    # 3.1 nest 2 5; Ben 23, Cy 1, Ann 58. Ann (58) takes 2, Ben (23) takes 5. tops 2/5/0:
    # Ben turns: cockatoos 1/4/0.
    state = put(state, *cycle[0], in_turn=tactical)
    assert tops(state) == (2, 5, 0) and state.cockatoos == (1, 4, 0)
    if tactical:
        assert state.starter == CY, "left of Ben"
    # 3.2 nest 1 11; Cy 53, Ann 57, Ben 14. Ann (57) takes 1, Cy (53) takes 11.
    # tops 1/5/11: Cy has none and drops out; the cycle, the third of three, ends.
    # Score: Ann 1 + 1 (lowest: 1 against Ben's 5) = 2; Ben 4; Cy -1 + 2 = 1.
    state = put(state, *cycle[1], in_turn=tactical)
    assert state.scores == ((1, 1, 3), (5, 3, -1), (2, 4, 1))

    # The end: totals Ann 1+5+2 = 8, Ben 1+3+4 = 8, Cy 3-1+1 = 3. Ann and Ben tie; Ann's
    # best cycle (5) beats Ben's (4): Ann wins.
    assert state.is_over and state.cycle == 3
    assert totals(state) == (8, 8, 3)
    assert winners(state) == (ANN,)
    assert legal_moves(state) == ()


def test_five_players_tactical_first_cycle() -> None:
    """A whole first cycle of five, tactical, with the source's two examples of who starts
    after two losers, drop-outs that pass the turn on, and play going on after them.

    Rules: ZK-SETUP-DEAL (all 60 cards), ZK-SETUP-COUNT, ZK-TACTICAL-FIRST (a tie drawn, in
    the first cycle and again in the second), ZK-TACTICAL-ORDER, ZK-TACTICAL-NEXT,
    ZK-ROUND-TAKE, ZK-ROUND-TURN, ZK-ROUND-DROP, ZK-ROUND-PASS, ZK-CYCLE-END,
    ZK-SCORE-COCKATOOS, ZK-SCORE-LOWEST (a tie), ZK-SCORE-DROPPED, ZK-CYCLE-PASS.
    """
    state = deal(TACTICAL, FIVE_HANDS)
    # Ann 21-24, 37-39: 7 halves -> 3; Ben 16-20: 5 -> 2; Cy 13-15: 3 -> 1;
    # Dee 40-43 and 25-30: 4 + 12 = 16 -> 8; Eve 44-48 and 31-36: 5 + 12 = 17 -> 8.
    assert state.counts == (3, 2, 1, 8, 8)
    # Dee and Eve tie for the most: a draw, each 1/2.
    assert state.step == "start"
    assert chance_outcomes(state) == ((Start(DEE), Fraction(1, 2)), (Start(EVE), Fraction(1, 2)))
    state = apply(state, Start(DEE))
    assert state.starter == DEE

    # 1.1 nest 9 9; order Dee, Eve, Ann, Ben, Cy: Dee 25, Eve 58, Ann 55, Ben 9, Cy 1.
    # Eve (58) takes a 9, Ann (55) the other. tops 9/0/0/0/9: Ann and Eve turn:
    # cockatoos 2/2/1/8/7. Ann played after Eve, so Ben starts ("A+E lose -> B starts").
    state = put(state, *FIVE_ROUNDS[0], in_turn=True)
    assert tops(state) == (9, 0, 0, 0, 9) and state.cockatoos == (2, 2, 1, 8, 7)
    assert state.starter == BEN

    # 1.2 nest 12 12; order Ben, Cy, Dee, Eve, Ann: Ben 59, Cy 60, Dee 26, Eve 31, Ann 37.
    # Cy (60) and Ben (59) take the 12s. tops 9/12/12/0/9: Ben and Cy turn: cockatoos
    # 2/1/0/8/7. Cy played after Ben, so Dee starts ("B+C lose -> D starts").
    state = put(state, *FIVE_ROUNDS[1], in_turn=True)
    assert tops(state) == (9, 12, 12, 0, 9) and state.cockatoos == (2, 1, 0, 8, 7)
    assert state.starter == DEE

    # 1.3 nest 3 11; order Dee, Eve, Ann, Ben, Cy: Dee 57, Eve 32, Ann 38, Ben 50, Cy 2.
    # Dee (57) takes 3, Ben (50) takes 11. tops 9/11/12/3/9: Cy (12) must turn and has
    # none: he drops out, his hand and nest leave play. Four are left; the highest nest
    # now is Ben's 11: Ben turns: cockatoos 2/0/-/8/7. Dee (left of Ben, Cy being out)
    # starts.
    state = put(state, *FIVE_ROUNDS[2], in_turn=True)
    assert state.out == {CY} and state.hands[CY] == frozenset() and state.nests[CY] == ()
    assert state.nests == ((9,), (12, 11), (), (3,), (9,))
    assert state.cockatoos == (2, 0, 0, 8, 7) and state.turned == (BEN,)
    assert state.cycle == 0 and state.step == "nest" and state.starter == DEE
    state = apply(state, Nest(4, 5))
    assert play_order(state) == (DEE, EVE, ANN, BEN)

    # 1.4 (nest 4 5 already up); Dee 56, Eve 45, Ann 39, Ben 10. Dee takes 4, Eve 5.
    # tops 9/11/-/4/5: Ben (11) has none: he drops out. Three are left; Ann (9) is
    # highest and turns: cockatoos 1/0/-/8/7. Left of Ann, Ben and Cy are out: Dee starts.
    for seat, number in FIVE_ROUNDS[3][1]:
        state = apply(state, Play(seat, number))
    assert state.out == {BEN, CY} and state.nests[BEN] == ()
    assert tops(state) == (9, 0, 0, 4, 5) and state.cockatoos == (1, 0, 0, 8, 7)
    assert state.starter == DEE and state.round == 4

    # 1.5 nest 1 6; order Dee, Eve, Ann: Dee 40, Eve 44, Ann 21. Eve (44) takes 1, Dee
    # (40) takes 6. tops 9/-/-/6/1: Ann turns her last: cockatoos 0/0/0/8/7. Dee starts.
    state = put(state, *FIVE_ROUNDS[4], in_turn=True)
    assert tops(state) == (9, 0, 0, 6, 1) and state.cockatoos == (0, 0, 0, 8, 7)
    assert state.starter == DEE
    # ten nest cards turned up: 14 in the pile, 7 in nests (Ann 9; Dee 3 4 6; Eve 9 5 1),
    # 3 gone with Ben and Cy (12 11; 12)
    assert sum(state.pile) == 14 and sum(len(n) for n in state.nests) == 7

    # 1.6 nest 2 2; Dee 43, Eve 36, Ann 22. Dee (43) takes a 2, Eve (36) the other.
    # tops 9/-/-/2/2: Ann has none: she drops out. Two are left: the cycle ends.
    # Score: Ann, Ben, Cy -1 each; Dee and Eve share the lowest nest (2): Dee 8 + 1 = 9,
    # Eve 7 + 1 = 8.
    state = put(state, *FIVE_ROUNDS[5], in_turn=True)
    assert state.scores == ((-1, -1, -1, 9, 8),)

    # Cycle 2: each hand one seat left: Ann gets Eve's (8 cards), Ben Ann's (3), Cy Ben's
    # (2), Dee Cy's (1), Eve Dee's (8). Ann and Eve tie for the most: another draw.
    assert state.cycle == 1 and state.out == frozenset()
    assert state.hands == tuple(frozenset(FIVE_HANDS[(i - 1) % 5]) for i in range(5))
    assert state.counts == state.cockatoos == (8, 3, 2, 1, 8)
    assert state.step == "start"
    assert chance_outcomes(state) == ((Start(ANN), Fraction(1, 2)), (Start(EVE), Fraction(1, 2)))
    state = apply(apply(state, Start(EVE)), Nest(10, 12))
    assert play_order(state) == (EVE, ANN, BEN, CY, DEE) and choosing(state) == (EVE,)
