"""What happens in Zum Kuckuck! (spec chapters *zum-kuckuck/cycle* and *round*).

One pure :func:`apply` with a branch per kind of move; every condition goes through
:func:`~cuckoo.errors.require` with its rule ID.  Chance (the deal, the start player's
draw, the nest cards) is a move of its own, with outcomes and exact probabilities from
:func:`chance_outcomes`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from itertools import filterfalse
from random import Random
from typing import Final, NamedTuple

from ..errors import IllegalMoveError, require
from .cards import HAND_SIZE, NEST_VALUES, NUMBERS, UNSEEN, cockatoos
from .moves import Deal, Nest, Play, Show, Start
from .partial import possible
from .scoring import cycle_score
from .state import FULL_PILE, MAX_PLAYERS, Seat, State, changed

__all__ = [
    "Move",
    "Turning",
    "apply",
    "chance_outcomes",
    "choosing",
    "legal_moves",
    "next_in",
    "play_order",
    "random_outcome",
    "settle",
]

Move = Deal | Start | Nest | Play | Show


class Turning(NamedTuple):
    """One turning of a round (ZK-ROUND-TURN, ZK-ROUND-DROP, ZK-ROUND-PASS): the highest
    nest among the players still in, who showed it and turned a cockatoo card, and who
    showed it with none left and dropped out."""

    top: int
    turned: tuple[Seat, ...]
    dropped: tuple[Seat, ...]


_UNSEEN_DEAL: Final = Deal(UNSEEN)
_PLAYS: Final = tuple({n: Play(seat, n) for n in NUMBERS} for seat in range(MAX_PLAYERS))
"""ZK-ROUND-PLAY: each seat's play of each number card, made once for :func:`legal_moves`."""


def next_in(state: State, seat: Seat) -> Seat:
    """The next seat to the left that is still in the cycle."""
    n = len(state.players)
    return next(s % n for s in range(seat + 1, seat + n + 1) if s % n not in state.out)


def play_order(state: State) -> tuple[Seat, ...]:
    """ZK-TACTICAL-ORDER: the players still in, from the start player leftwards."""
    order = [state.starter]
    while len(order) < len(state.active):
        order.append(next_in(state, order[-1]))
    return tuple(order)


def choosing(state: State) -> tuple[Seat, ...]:
    """Who may play a number card now: in the basic version everyone still in who has not
    chosen (ZK-BASIC-SIMULTANEOUS); in the tactical one, the next in order."""
    if state.step != "play":
        return ()
    if not state.rules.in_turn:
        return tuple(s for s in state.active if state.plays[s] is None)
    return tuple(s for s in play_order(state) if state.plays[s] is None)[:1]


def _dealt(state: State) -> set[int]:
    return {n for hand in state.dealt for n in hand}


def _undealt(state: State) -> list[int]:
    return list(filterfalse(_dealt(state).__contains__, NUMBERS))


def _pairs(pile: tuple[int, ...]) -> list[tuple[Nest, Fraction]]:
    """ZK-ROUND-NEST: each pair of values two cards drawn from *pile* can show."""
    total = sum(pile)
    pairs = total * (total - 1)
    outcomes = []
    for i, low in enumerate(NEST_VALUES):
        for high in NEST_VALUES[i:]:
            a, b = pile[low - 1], pile[high - 1]
            ways = a * (a - 1) if low == high else 2 * a * b
            if ways:
                outcomes.append((Nest(low, high), Fraction(ways, pairs)))
    return outcomes


def _tied_for_start(state: State) -> tuple[Seat, ...]:
    """ZK-TACTICAL-FIRST: the seats with the most cockatoo cards."""
    most = max(state.counts)
    return tuple(s for s, c in enumerate(state.counts) if c == most)


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """What chance can do next, with exact probabilities; empty at a decision."""
    if state.step == "deal":
        left = _undealt(state)
        return tuple((Deal(n), Fraction(1, len(left))) for n in left)
    if state.step == "start":
        tied = _tied_for_start(state)
        return tuple((Start(s), Fraction(1, len(tied))) for s in tied)
    if state.step == "nest":
        return tuple(_pairs(state.pile))
    return ()


def random_outcome(state: State, rng: Random) -> Move:
    """A chance outcome drawn with *rng*, with the probabilities of :func:`chance_outcomes`.

    :raises IllegalMoveError: when chance has nothing to decide (ZK-TURN-CHANCE).
    """
    require(state.is_chance, "ZK-TURN-CHANCE", lambda: f"no chance step now: {_due(state)}")
    if state.step == "deal":
        return Deal(rng.choice(_undealt(state)))
    if state.step == "nest":
        cards = [v for v in NEST_VALUES for _ in range(state.pile[v - 1])]
        low, high = sorted(rng.sample(cards, 2))
        return Nest(low, high)
    return Start(rng.choice(_tied_for_start(state)))


def legal_moves(state: State) -> tuple[Move, ...]:
    """The chance outcomes, or every number card each player who may play now could play;
    none once the match is over. At a deal of a record of what was seen (the Cockatoos tag
    given), a card nobody saw too (ZK-PARTIAL-UNSEEN): no outcome of the deal, but what the
    table may write."""
    if state.is_chance:
        outcomes = tuple(outcome for outcome, _ in chance_outcomes(state))
        return (*outcomes, _UNSEEN_DEAL) if state.step == "deal" and state.given else outcomes
    if any(state.unseen):
        return tuple(
            _PLAYS[s][n] for s in choosing(state) for n in NUMBERS if _could_play(state, s, n)
        )
    return tuple(_PLAYS[s][n] for s in choosing(state) for n in sorted(state.hands[s]))


def _could_play(state: State, seat: Seat, number: int) -> bool:
    """ZK-ROUND-PLAY, ZK-PARTIAL-PLAY: whether *seat* holds *number*, or may hold it among
    the cards nobody has seen."""
    if number in state.hands[seat]:
        return True
    try:
        _reveal(state, seat, number)
    except IllegalMoveError:
        return False
    return True


def apply(state: State, move: Move) -> State:
    """The state after *move*; *state* itself is unchanged.

    :raises IllegalMoveError: naming the rule the move breaks.
    """
    if isinstance(move, Show):  # what the table saw, not a move of the game: even at the end
        return _show(state, move)
    require(not state.is_over, "ZK-TURN-OVER", "the match is over: no move is legal")
    if isinstance(move, Play):
        require(
            state.step == "play",
            "ZK-TURN-CHANCE",
            lambda: f"no number card can be played now: {_due(state)} first",
        )
        return _play(state, move)
    if isinstance(move, Deal):
        require(state.step == "deal", "ZK-TURN-CHANCE", "the number cards are already dealt")
        if move.number == UNSEEN and _whole(move.number) and state.given:
            return _deal(state, move.number)  # ZK-PARTIAL-UNSEEN
        require(
            _whole(move.number)
            and move.number in NUMBERS
            and not any(move.number in hand for hand in state.dealt),
            "ZK-SETUP-DEAL",
            lambda: f"{move.number} is not a number card left to deal",
        )
        return _deal(state, move.number)
    if isinstance(move, Start):
        require(
            state.step == "start",
            "ZK-TURN-CHANCE",
            lambda: f"no start player is drawn now: {_due(state)}",
        )
        tied = _tied_for_start(state)
        require(
            _whole(move.seat) and move.seat in tied,
            "ZK-TACTICAL-FIRST",
            lambda: (
                "the draw is among the players with the most cockatoo cards: "
                + ", ".join(state.players[s] for s in tied)
            ),
        )
        return replace(state, step="nest", starter=move.seat)
    if isinstance(move, Nest):
        require(
            state.step == "nest",
            "ZK-TURN-CHANCE",
            lambda: f"no nest cards are turned up now: {_due(state)}",
        )
        pile = list(state.pile)
        for value in (move.low, move.high):
            require(
                _whole(value) and value in NEST_VALUES and pile[value - 1] > 0,
                "ZK-ROUND-NEST",
                lambda: f"no nest card {value} is left in the pile",  # noqa: B023 (called at once)
            )
            pile[value - 1] -= 1
        shown = (min(move.low, move.high), max(move.low, move.high))
        return changed(state, step="play", pile=tuple(pile), shown=shown)
    raise IllegalMoveError(f"not a move: {move!r}", rule="ZK-TURN-CHANCE")


def _whole(value: object) -> bool:
    """Whether *value* is an int (not a bool, which Python also counts as one)."""
    return type(value) is int


def _due(state: State) -> str:
    if state.step == "deal" and not any(state.dealt) and not state.given:
        return (
            "the number cards must be dealt (deal NAME and twelve cards, for each player), "
            "or, for a record of hands nobody saw, the Cockatoos tag give the cockatoo cards "
            "each hand earned"
        )
    return {
        "deal": "the number cards must be dealt",
        "start": "the start player must be drawn",
        "nest": "two nest cards must be turned up",
        "play": "number cards must be played",
        "over": "the match is over",
    }[state.step]


def _deal(state: State, number: int) -> State:
    """ZK-SETUP-DEAL: twelve cards to each seat in turn; then the first cycle begins."""
    dealt = list(state.dealt)
    seat = state.to_deal
    dealt[seat] = (*dealt[seat], number)
    after = changed(state, dealt=tuple(dealt))
    if seat == len(state.players) - 1 and len(dealt[seat]) == HAND_SIZE:
        require(
            not state.given or possible(after.dealt, state.given),
            "ZK-PARTIAL-COUNT",
            lambda: (
                "no hands with the cards seen earn the cockatoo cards of the Cockatoos "
                f"tag, {' '.join(map(str, state.given))}"
            ),
        )
        return _new_cycle(after)
    return after


def _new_cycle(state: State) -> State:
    """ZK-CYCLE-START, ZK-CYCLE-PASS: in cycle c, seat i holds the hand first dealt to seat
    i - c, with its cockatoo cards, all cockatoo side up; nests are empty, the nest pile is
    full, and everyone is in."""
    n = len(state.players)
    held = tuple(state.dealt[(seat - state.cycle) % n] for seat in range(n))
    hands = tuple(frozenset(hand) - {UNSEEN} for hand in held)
    if state.given:  # ZK-PARTIAL-COUNT: as seen, for the hand each seat now holds
        counts = tuple(state.given[(seat - state.cycle) % n] for seat in range(n))
    else:
        counts = tuple(cockatoos(hand) for hand in hands)
    fresh = replace(
        state,
        unseen=tuple(hand.count(UNSEEN) for hand in held) if state.given else (),
        round=0,
        hands=hands,
        counts=counts,
        cockatoos=counts,
        nests=((),) * n,
        pile=FULL_PILE,
        shown=None,
        out=frozenset(),
        played=((),) * n,
        plays=(None,) * n,
        turned=(),
    )
    if not state.rules.in_turn:
        return replace(fresh, step="nest")
    tied = _tied_for_start(fresh)
    if len(tied) == 1:
        return replace(fresh, step="nest", starter=tied[0])
    return replace(fresh, step="start")  # ZK-TACTICAL-FIRST: a tie is drawn


def _play(state: State, move: Play) -> State:
    """ZK-ROUND-PLAY: a card from the player's own hand, once per round; in the tactical
    version, in turn (ZK-TACTICAL-ORDER)."""
    seat, number = move.seat, move.number
    require(
        _whole(seat) and 0 <= seat < len(state.players) and seat not in state.out,
        "ZK-ROUND-PLAY",
        lambda: f"seat {seat} is not a player still in this cycle",
    )
    name = state.players[seat]
    require(
        state.plays[seat] is None, "ZK-ROUND-PLAY", lambda: f"{name} has already played this round"
    )
    if state.rules.in_turn:
        (due,) = choosing(state)
        require(
            seat == due,
            "ZK-TACTICAL-ORDER",
            lambda: f"{state.players[due]} plays next, not {name}",
        )
    plays = list(state.plays)
    plays[seat] = number
    if _whole(number) and number in state.hands[seat]:
        hands = list(state.hands)
        hands[seat] = hands[seat] - {number}
        after = changed(state, hands=tuple(hands), plays=tuple(plays))
    else:
        after = changed(_reveal(state, seat, number), plays=tuple(plays))
    if None in [plays[s] for s in state.active]:  # someone still in has yet to choose
        return after
    return _resolve(after)


def _reveal(state: State, seat: Seat, number: int) -> State:
    """ZK-PARTIAL-PLAY: *seat* plays *number* from the cards of its hand nobody saw; it is
    then a seen card of the hand dealt to that seat's place this cycle.

    :raises IllegalMoveError: for a card the hand cannot hold: one seen elsewhere, or one
        that would give the hand other cockatoo cards than the table saw."""
    name = state.players[seat]
    require(
        bool(state.unseen)
        and state.unseen[seat] > 0
        and _whole(number)
        and number in NUMBERS
        and not any(number in hand for hand in state.dealt),
        "ZK-ROUND-PLAY",
        lambda: f"{name} does not hold {number}",
    )
    return _seen(
        state,
        seat,
        (number,),
        "ZK-PARTIAL-PLAY",
        lambda: f"{name} cannot hold {number}: no hand with it earns the cockatoo cards seen taken",
    )


def _seen(
    state: State, seat: Seat, numbers: tuple[int, ...], rule: str, why: Callable[[], str]
) -> State:
    """*numbers*, cards nobody had seen, written into the hand *seat* holds this cycle in
    place of as many unseen cards (ZK-PARTIAL-PLAY, ZK-PARTIAL-SHOW).

    :raises IllegalMoveError: under *rule*, saying *why*, when then no deal of the cards
        still unseen gives every hand the cockatoo cards seen taken (ZK-PARTIAL-COUNT)."""
    dealt = list(state.dealt)
    owner = state.dealt_to(seat)
    hand = list(dealt[owner])
    for number in numbers:
        hand[hand.index(UNSEEN)] = number
    dealt[owner] = tuple(hand)
    require(possible(dealt, state.given), rule, why)
    unseen = list(state.unseen)
    unseen[seat] -= len(numbers)
    return changed(state, dealt=tuple(dealt), unseen=tuple(unseen))


def _show(state: State, move: Show) -> State:
    """ZK-PARTIAL-SHOW: cards of the hand a player holds, shown after the deal; each one a
    number card nobody had seen, no more of them than the hand's unseen cards, and the
    hand still able to earn the cockatoo cards seen taken. They stay in the hand, known."""
    seat, numbers = move.seat, move.numbers
    require(
        state.step != "deal",
        "ZK-PARTIAL-SHOW",
        lambda: f"a hand is shown once the deal is complete; {_due(state)}",
    )
    require(
        _whole(seat) and 0 <= seat < len(state.players),
        "ZK-PARTIAL-SHOW",
        lambda: f"seat {seat} is not a player",
    )
    name = state.players[seat]
    require(
        type(numbers) is tuple
        and bool(numbers)
        and all(_whole(n) and n in NUMBERS for n in numbers)
        and len(set(numbers)) == len(numbers),
        "ZK-PARTIAL-SHOW",
        "a show is one or more number cards, 1 to 60, each once",
    )
    known = [n for n in numbers if any(n in hand for hand in state.dealt)]
    require(
        not known,
        "ZK-PARTIAL-SHOW",
        lambda: f"{known[0]} is seen already: a show writes only cards nobody had seen",
    )
    unseen = state.unseen[seat] if state.unseen else 0
    require(
        len(numbers) <= unseen,
        "ZK-PARTIAL-SHOW",
        lambda: (
            f"{name} dropped out of this cycle: the hand left play (ZK-ROUND-DROP)"
            if seat in state.out
            else f"{name}'s hand has {unseen} cards nobody has seen, not {len(numbers)}"
        ),
    )
    shown = " ".join(map(str, numbers))
    after = _seen(
        state,
        seat,
        numbers,
        "ZK-PARTIAL-SHOW",
        lambda: (
            f"{name} cannot hold {shown}: no hand with them earns the cockatoo cards seen taken"
        ),
    )
    hands = list(after.hands)
    hands[seat] = hands[seat] | frozenset(numbers)
    return changed(after, hands=tuple(hands))


def _resolve(state: State) -> State:
    """The cards are shown: nest cards taken, cockatoos turned, players dropped; then the
    cycle ends or the next round begins."""
    after, turnings = settle(state)
    if after.round == HAND_SIZE or len(after.active) <= 2:  # ZK-CYCLE-END
        return _end_cycle(after)
    if not state.rules.in_turn:
        return after
    loser = max(turnings[-1].turned, key=play_order(state).index)  # ZK-TACTICAL-NEXT
    return changed(after, starter=next_in(after, loser))


def settle(state: State) -> tuple[State, tuple[Turning, ...]]:
    """The round of *state*, every card of which is chosen, settled: nest cards taken,
    cockatoo cards turned, players dropped, before the cycle's end is looked at (the round
    summary reads the table at this moment, which the end of a cycle clears away).

    Returns the state and each turning of the round, in order."""
    assert state.shown is not None
    by_number = sorted(state.active, key=lambda s: -(state.plays[s] or 0))
    nests = list(state.nests)
    low, high = state.shown
    nests[by_number[0]] = (*nests[by_number[0]], low)  # ZK-ROUND-TAKE
    nests[by_number[1]] = (*nests[by_number[1]], high)
    played = tuple(
        (*cards, number) if number is not None else cards
        for cards, number in zip(state.played, state.plays, strict=True)
    )
    # The round is over: its cards lie on the discard piles, the next nest cards are due.
    taken = changed(
        state,
        step="nest",
        round=state.round + 1,
        nests=tuple(nests),
        shown=None,
        played=played,
        plays=(None,) * len(state.players),
    )
    return _turn(taken)


def _highest(state: State) -> tuple[Seat, ...]:
    """ZK-ROUND-TURN: the players still in whose nest shows the highest value."""
    best = max(state.top(s) for s in state.active)
    return tuple(s for s in state.active if state.top(s) == best)


def _turn(state: State) -> tuple[State, tuple[Turning, ...]]:
    """ZK-ROUND-TURN, ZK-ROUND-DROP, ZK-ROUND-PASS: the highest nests turn a cockatoo card
    each; a player with none left drops out, and then whoever now shows the highest nest
    turns one, until nobody drops out or only two players are left.

    Returns the new state and each turning, in order."""
    turners: list[Seat] = []
    turnings: list[Turning] = []
    while True:
        batch = _highest(state)
        dropped = tuple(s for s in batch if not state.cockatoos[s])
        last = tuple(s for s in batch if s not in dropped)
        turners.extend(last)
        turnings.append(Turning(state.top(batch[0]), last, dropped))
        cockatoos, hands, nests = list(state.cockatoos), list(state.hands), list(state.nests)
        unseen = list(state.unseen)
        for seat in last:
            cockatoos[seat] -= 1
        for seat in dropped:
            hands[seat], nests[seat] = frozenset(), ()
            if unseen:
                unseen[seat] = 0  # ZK-ROUND-DROP: the hand leaves play, still unseen
        state = changed(
            state,
            unseen=tuple(unseen),
            cockatoos=tuple(cockatoos),
            hands=tuple(hands),
            nests=tuple(nests),
            out=state.out.union(dropped),
            turned=tuple(turners),
        )
        if not dropped or len(state.active) <= 2:
            return state, tuple(turnings)


def _end_cycle(state: State) -> State:
    """ZK-CYCLE-END, ZK-MATCH-CYCLES: score the cycle; after as many cycles as players,
    the match is over."""
    scored = replace(state, scores=(*state.scores, cycle_score(state)), cycle=state.cycle + 1)
    if scored.cycle == len(state.players):
        return replace(scored, step="over", shown=None)
    return _new_cycle(scored)
