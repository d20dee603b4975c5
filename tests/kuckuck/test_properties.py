"""Zum Kuckuck!: properties of random matches (hypothesis).

Matches are drawn from seeds with :func:`cuckoo.kuckuck.playout.random_game`, or move by
move from :func:`legal_moves` with ``st.data()``.  The scoring and the whole course of a
cycle are checked against :class:`Model`, the rules written again here from the text,
without the engine's functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo.errors import IllegalMoveError
from cuckoo.kuckuck import (
    NUMBERS,
    Deal,
    Move,
    Nest,
    Play,
    Rules,
    Setup,
    Start,
    State,
    apply,
    chance_outcomes,
    choosing,
    legal_moves,
    new_game,
    totals,
    winners,
)
from cuckoo.kuckuck.notation import format_record, parse, record_of, replay
from cuckoo.kuckuck.playout import random_game

from .helpers import BASIC, NAMES, TACTICAL

VARIANTS = st.sampled_from([BASIC, TACTICAL])
SEEDS = st.integers(0, 2**32)
PLAYERS = st.integers(3, 5)


def _played(variant: Rules, seed: int, players: int) -> tuple[list[Move], list[State]]:
    """A random match: its moves, and the state before the first and after every move."""
    setup, moves = random_game(variant, Random(seed), players)
    states = [new_game(variant, setup)]
    for move in moves:
        states.append(apply(states[-1], move))
    return list(moves), states


# -- the rules again, from the text ----------------------------------------------------------


def _halves(number: int) -> int:
    if 25 <= number <= 36:
        return 2
    return 1 if 13 <= number <= 24 or 37 <= number <= 48 else 0


@dataclass
class Model:
    """One match, cycle by cycle, kept as plain lists (the readings in the test plan:
    hands passed left each cycle; highest number takes the lower nest card; highest tops
    turn; a player with none drops out and the highest remaining turns; the cycle ends
    after 12 rounds or with two left)."""

    tactical: bool
    dealt: list[tuple[int, ...]]
    cycle: int = 0
    scores: list[tuple[int, ...]] = field(default_factory=list)
    hands: list[set[int]] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    face_up: list[int] = field(default_factory=list)
    nests: list[list[int]] = field(default_factory=list)
    out: set[int] = field(default_factory=set)
    rounds: int = 0
    starter: int | None = None

    @property
    def n(self) -> int:
        return len(self.dealt)

    def begin(self) -> None:
        n, c = self.n, self.cycle
        self.hands = [set(self.dealt[(seat - c) % n]) for seat in range(n)]
        self.counts = [sum(_halves(x) for x in hand) // 2 for hand in self.hands]
        self.face_up = list(self.counts)
        self.nests = [[] for _ in range(n)]
        self.out = set()
        self.rounds = 0
        most = [s for s in range(n) if self.counts[s] == max(self.counts)]
        self.starter = most[0] if len(most) == 1 else None  # else a Start move says

    def still_in(self) -> list[int]:
        return [s for s in range(self.n) if s not in self.out]

    def top(self, seat: int) -> int:
        return self.nests[seat][-1] if self.nests[seat] else 0

    def left_in(self, seat: int) -> int:
        seat = (seat + 1) % self.n
        while seat in self.out:
            seat = (seat + 1) % self.n
        return seat

    def order(self) -> list[int]:
        assert self.starter is not None
        seats = [self.starter]
        while len(seats) < len(self.still_in()):
            seats.append(self.left_in(seats[-1]))
        return seats

    def play_round(self, low: int, high: int, cards: list[tuple[int, int]]) -> None:
        played = dict(cards)
        assert sorted(played) == self.still_in()
        if self.tactical:
            assert [s for s, _ in cards] == self.order()
        order = [s for s, _ in cards]
        for seat, number in cards:
            self.hands[seat].remove(number)
        first, second = sorted(played, key=lambda s: played[s], reverse=True)[:2]
        self.nests[first].append(low)
        self.nests[second].append(high)
        while True:
            best = max(self.top(s) for s in self.still_in())
            batch = [s for s in self.still_in() if self.top(s) == best]
            dropped = [s for s in batch if self.face_up[s] == 0]
            for seat in batch:
                if self.face_up[seat]:
                    self.face_up[seat] -= 1
            for seat in dropped:
                self.out.add(seat)
                self.hands[seat] = set()
                self.nests[seat] = []
            if not dropped or len(self.still_in()) <= 2:
                break
        self.rounds += 1
        if self.rounds == 12 or len(self.still_in()) <= 2:
            self.scores.append(self.score())
            self.cycle += 1
            if self.cycle < self.n:
                self.begin()
        elif self.tactical:
            self.starter = self.left_in(max(batch, key=order.index))

    def score(self) -> tuple[int, ...]:
        lowest = min(self.top(s) for s in self.still_in())
        points = []
        for seat in range(self.n):
            held = self.face_up[seat] + (self.top(seat) == lowest)
            point = -1 if seat in self.out else held
            if self.counts[seat] == 0:
                point += 2
            points.append(point)
        return tuple(points)

    def agrees_with(self, state: State) -> None:
        """The engine shows the same cycle (for a finished match: its last cycle)."""
        assert [list(cycle) for cycle in state.scores] == [list(c) for c in self.scores]
        if state.is_over:
            assert self.cycle == self.n
        else:
            assert state.cycle == self.cycle and state.round == self.rounds
            if self.tactical and state.step != "start":
                assert state.starter == self.starter
        assert [set(hand) for hand in state.hands] == self.hands
        assert list(state.counts) == self.counts
        assert list(state.cockatoos) == self.face_up
        assert [list(nest) for nest in state.nests] == self.nests
        assert set(state.out) == self.out


def _follow(variant: Rules, moves: list[Move], states: list[State]) -> Model:
    """Play the model along the moves, checking it against the engine after every round."""
    n = len(states[0].players)
    model = Model(variant.in_turn, [])
    nest: tuple[int, int] = (0, 0)
    cards: list[tuple[int, int]] = []
    dealt: list[int] = []
    for move, after in zip(moves, states[1:], strict=True):
        if isinstance(move, Deal):
            dealt.append(move.number)
            if len(dealt) == 12 * n:
                model.dealt = [tuple(dealt[12 * s : 12 * s + 12]) for s in range(n)]
                model.begin()
                model.agrees_with(after)
        elif isinstance(move, Start):
            assert model.starter is None
            model.starter = move.seat
        elif isinstance(move, Nest):
            nest = (move.low, move.high)
        else:
            assert isinstance(move, Play)
            cards.append((move.seat, move.number))
            if len(cards) == len(model.still_in()):
                model.play_round(*nest, cards)
                cards = []
                model.agrees_with(after)
    return model


@given(VARIANTS, SEEDS, PLAYERS)
def test_every_round_and_every_score_as_the_rules_say(
    variant: Rules, seed: int, players: int
) -> None:
    """ZK-CYCLE-START, ZK-CYCLE-PASS, ZK-ROUND-TAKE, ZK-NEST-TOP, ZK-ROUND-TURN,
    ZK-ROUND-DROP, ZK-ROUND-PASS, ZK-CYCLE-END, ZK-TACTICAL-ORDER, ZK-TACTICAL-NEXT,
    ZK-SCORE-*, ZK-MATCH-CYCLES, ZK-MATCH-WINNER: after every round, the hands, nests,
    cockatoo cards, who is out, who starts and every cycle score agree with the model;
    totals are the sums of the cycle scores; the winners are the best totals, then the
    best single cycle."""
    moves, states = _played(variant, seed, players)
    model = _follow(variant, moves, states)
    last = states[-1]
    assert last.is_over and len(model.scores) == players
    sums = [sum(cycle[s] for cycle in model.scores) for s in range(players)]
    assert list(totals(last)) == sums
    best = [s for s in range(players) if sums[s] == max(sums)]
    single = {s: max(cycle[s] for cycle in model.scores) for s in best}
    assert list(winners(last)) == [s for s in best if single[s] == max(single.values())]


@pytest.mark.slow
@settings(max_examples=600)
@given(VARIANTS, SEEDS, PLAYERS)
def test_every_round_and_every_score_as_the_rules_say_many(
    variant: Rules, seed: int, players: int
) -> None:
    """The same, for many more matches."""
    moves, states = _played(variant, seed, players)
    assert len(_follow(variant, moves, states).scores) == players


# -- conservation ------------------------------------------------------------------------------


def _conserved(variant: Rules, seed: int, players: int) -> int:
    """Check the conservation laws along a random match; return how many of its cycles ran
    all 12 rounds."""
    moves, states = _played(variant, seed, players)
    played: list[list[int]] = [[] for _ in range(players)]
    turns = [0] * players
    gone = 0  # nest cards gone with players who dropped out this cycle
    full = 0
    round_cards: dict[int, int] = {}
    for move, before, after in zip(moves, states[:-1], states[1:], strict=True):
        if isinstance(move, Nest):
            assert sum(before.pile) - sum(after.pile) == 2
        if not isinstance(move, Play):
            continue
        assert move.number in before.hands[move.seat]
        assert move.number in before.dealt[(move.seat - before.cycle) % players]
        played[move.seat].append(move.number)
        round_cards[move.seat] = move.number
        if after.round == before.round and after.cycle == before.cycle:
            continue  # the round goes on
        # the round is resolved
        by_number = sorted(round_cards, key=lambda s: -round_cards[s])
        for seat in sorted(after.out - before.out):
            gone += len(before.nests[seat]) + (seat in by_number[:2])
            # it had at most one card left, turned in this round before dropping out
            assert before.cockatoos[seat] <= 1
            assert turns[seat] + before.cockatoos[seat] == before.counts[seat]
        round_cards = {}
        if after.cycle == before.cycle and not after.is_over:
            for seat in after.turned:
                turns[seat] += 1
            assert 24 - sum(after.pile) == 2 * after.round
            assert 24 - sum(after.pile) == sum(len(n) for n in after.nests) + gone
            for seat in range(players):
                if seat in after.out:
                    assert after.nests[seat] == () and after.hands[seat] == frozenset()
                    assert after.cockatoos[seat] == 0
                else:
                    assert after.cockatoos[seat] + turns[seat] == after.counts[seat]
            continue
        # the cycle is over
        every = [n for cards in played for n in cards]
        assert len(set(every)) == len(every), "no card twice in a cycle"
        if before.round == 11:  # it ran 12 rounds
            full += 1
            assert sum(before.pile) == 0, "all 24 nest cards turned up"
            for seat in range(players):
                if seat not in before.out:
                    hand = before.dealt[(seat - before.cycle) % players]
                    assert sorted(played[seat]) == sorted(hand)
        played = [[] for _ in range(players)]
        turns = [0] * players
        gone = 0
    return full


@given(VARIANTS, SEEDS, PLAYERS)
def test_number_cards_nest_cards_and_cockatoos_are_conserved(
    variant: Rules, seed: int, players: int
) -> None:
    """ZK-ROUND-PLAY, ZK-CYCLE-END: no number card is played twice in a cycle, each from
    the hand its player held; in a cycle of 12 rounds every card of every hand still in is
    played. ZK-ROUND-NEST, ZK-CARD-NESTS: each round turns up exactly two nest cards (all
    24 in 12 rounds); those turned up are in the nests still in play or went out with a
    player who dropped out. ZK-ROUND-TURN, ZK-ROUND-DROP: for a player still in, cockatoo
    cards face up plus those turned equal those received; a player who dropped out had
    turned them all (the last one possibly earlier in the round it dropped out)."""
    _conserved(variant, seed, players)


def test_the_twelve_round_checks_are_reached() -> None:
    """A check on the check above: with five players cycles usually run all 12 rounds, so
    its 12-round branch is taken."""
    assert sum(_conserved(v, seed, 5) for v in (BASIC, TACTICAL) for seed in range(3)) > 0


# -- the basic version: choosing at the same time ----------------------------------------------


@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_the_order_of_choosing_does_not_matter(seed: int, players: int, rng: Random) -> None:
    """ZK-BASIC-SIMULTANEOUS: the cards of a round chosen in another order give the same
    state; before the last is chosen, nothing is resolved."""
    moves, states = _played(BASIC, seed, players)
    k = 0
    while k < len(moves):
        state = states[k]
        if not isinstance(moves[k], Play):
            k += 1
            continue
        count = len(state.active)
        cards = moves[k : k + count]
        shuffled = list(cards)
        rng.shuffle(shuffled)
        partial = reduce(apply, shuffled[:-1], state)
        assert partial.step == "play" and partial.nests == state.nests
        assert choosing(partial) == (shuffled[-1].seat,)  # type: ignore[union-attr]
        assert apply(partial, shuffled[-1]) == states[k + count]
        k += count


@given(VARIANTS, SEEDS, PLAYERS)
def test_a_view_hides_a_card_chosen_but_not_shown(variant: Rules, seed: int, players: int) -> None:
    """ZK-BASIC-SIMULTANEOUS, ZK-TACTICAL-ORDER: in the basic version what anybody else
    sees does not depend on which card a player has chosen, until all have chosen; the
    chooser sees it. In the tactical version the card lies face up for all to see.

    (Needs :func:`cuckoo.kuckuck.views.observe`.)"""
    from cuckoo.kuckuck.views import observe

    moves, states = _played(variant, seed, players)
    checked = 0
    for move, state, after in zip(moves, states[:-1], states[1:], strict=True):
        if not isinstance(move, Play):
            continue
        if after.round != state.round or after.cycle != state.cycle or after.is_over:
            continue  # the last card of the round: all are shown
        other = next((n for n in sorted(state.hands[move.seat]) if n != move.number), None)
        if other is None:
            continue
        instead = apply(state, Play(move.seat, other))
        assert observe(after, move.seat) != observe(instead, move.seat)
        for seat in range(players):
            if seat != move.seat:
                same = observe(after, seat) == observe(instead, seat)
                assert same != variant.in_turn, (seat, move)
        checked += 1
    assert checked > 0


# -- legality, move by move --------------------------------------------------------------------


@settings(max_examples=25)
@given(st.data())
def test_legal_moves_are_exactly_the_moves_that_apply(data: st.DataObject) -> None:
    """ZK-ROUND-PLAY, ZK-TACTICAL-ORDER, ZK-BASIC-SIMULTANEOUS, ZK-TURN-CHANCE: a match
    drawn move by move from legal_moves; at each decision, a play applies exactly when it
    is listed (every seat, its own cards and a card it does not hold); at each chance
    step, the outcomes have exact probabilities that sum to 1 and are the legal moves."""
    variant = data.draw(VARIANTS, label="variant")
    players = data.draw(PLAYERS, label="players")
    order = data.draw(st.permutations(NUMBERS), label="deck")
    state = new_game(variant, Setup(NAMES[:players]))
    for number in order[: 12 * players]:
        state = apply(state, Deal(number))
    for _ in range(120):
        if state.is_over:
            break
        listed = legal_moves(state)
        if state.is_chance:
            outcomes = chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            assert listed == tuple(o for o, _ in outcomes)
        else:
            assert chance_outcomes(state) == ()
            for seat in range(players):
                held = sorted(state.hands[seat])
                absent = next(n for n in NUMBERS if n not in state.hands[seat])
                for number in [*held, absent]:
                    move = Play(seat, number)
                    try:
                        apply(state, move)
                    except IllegalMoveError as error:
                        assert move not in listed
                        assert error.rule in ("ZK-ROUND-PLAY", "ZK-TACTICAL-ORDER")
                    else:
                        assert move in listed
        state = apply(state, data.draw(st.sampled_from(listed)))


# -- notation --------------------------------------------------------------------------------


@given(VARIANTS, SEEDS, PLAYERS, st.integers(0, 400))
def test_notation_round_trip(variant: Rules, seed: int, players: int, cut: int) -> None:
    """ZK-NOTATION-CANONICAL: parse(format_record(record)) == record and the text is a
    fixed point, for whole matches and matches cut short (in the basic version, between
    rounds: a round's cards are written together); replaying the text reaches the same
    state as the moves."""
    moves, states = _played(variant, seed, players)
    setup = Setup(states[0].players)
    end = min(12 * players + cut, len(moves))
    while not variant.in_turn and any(p is not None for p in states[end].plays):
        end -= 1
    for k in (len(moves), end):
        record = record_of(variant, setup, moves[:k], [("Event", "test")])
        text = format_record(record)
        assert parse(text) == record
        assert format_record(parse(text)) == text
        *_, last = replay(parse(text))
        assert last == states[k]
        assert (record.result == "*") == (not last.is_over)
