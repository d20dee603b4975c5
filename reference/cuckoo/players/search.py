"""Search for the games with hidden cards: decide from what the seat has seen alone.

Determinized search (also called perfect-information Monte Carlo): draw worlds the seat
cannot tell from the real one (:mod:`cuckoo.players.worlds`), play every decision out in
each of them to the end of the hand (the card game) or of the cycle (Zum Kuckuck!), and
keep the decision that did best on average.  Every decision is tried in the same worlds with
the same chance, so that the comparison is between decisions, not between draws.  The real
state is read only through :mod:`~cuckoo.players.worlds`, which keeps what the seat may
know and draws the rest again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from .. import cards, kuckuck
from ..cards import notation as cards_notation
from ..kuckuck import notation as kuckuck_notation
from .safety import surely_safe
from .tables import TABLES, Table
from .worlds import History, cards_likelihood, cards_world, kuckuck_world

__all__ = ["HORIZONS", "SampledSearchBot", "card_sense", "careful", "playout"]


def card_sense(state: cards.State, seat: int) -> Any:
    """The card game's rule of thumb: keep a card in the upper half of the ranks, else swap
    (or cut, as the dealer).  It reads the seat's own card only."""
    held = state.cards[seat]
    assert held is not None
    legal = cards.legal_moves(state)
    if cards.rank_value(held, state.rules.aces) >= 7 or len(legal) == 1:
        return cards.KEEP
    return legal[1]


def careful(state: kuckuck.State, seat: int) -> Any:
    """Zum Kuckuck!'s rule of thumb: keep the own nest low.  A nest card lower than the own
    top is worth taking (only the top counts, ZK-NEST-TOP), so bid high for it (in the
    tactical version, the lowest card that beats those already face up); otherwise play
    the lowest card and stay out of the taking.  It reads the seat's own hand and what lies
    face up only."""
    assert state.shown is not None
    hand = sorted(state.hands[seat])
    if not state.shown[0] < state.top(seat):
        return kuckuck.Play(seat, hand[0])
    if state.rules.in_turn:
        seen = [n for s, n in enumerate(state.plays) if s != seat and n is not None]
        above = [n for n in hand if n > max(seen, default=0)]
        return kuckuck.Play(seat, above[0] if above else hand[0])
    return kuckuck.Play(seat, hand[-1])


@dataclass(frozen=True)
class _Horizon:
    """How far a game is played out, and what the end is worth to a seat."""

    world: Callable[[Any, int, Random, History], Any]
    """``(state, seat, rng, history)``: a world the seat cannot tell from *state*."""
    over: Callable[[Any, Any], bool]
    """``(start, now) -> bool``: whether the playout from *start* has gone far enough."""
    worth: Callable[[Any, int], float]
    """What the state where the playout stopped is worth to the seat."""
    policy: Callable[[Any, int, Random, Table], Any]
    """How every seat decides in a playout (cheap, and blind to nothing: it plays in a
    drawn world, where all cards are the world's own)."""
    likelihood: Callable[[Any, int, History], float] = lambda world, seat, history: 1.0
    """How likely the others' decisions so far were in a world (each world counts as much
    as its likelihood)."""


def _cards_worth(state: cards.State, seat: int) -> float:
    """A life lost in the hand costs one; being the last in the game is worth a hand."""
    if state.is_over:
        return 1.0 if cards.winner(state) == seat else -1.0
    return -1.0 if seat in state.losers else 0.0


def _kuckuck_worth(state: kuckuck.State, seat: int) -> float:
    """The cycle's points against the average of the others'."""
    points = state.scores[-1]
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - sum(others) / len(others)


HORIZONS: Final[dict[str, _Horizon]] = {
    cards_notation.GAME: _Horizon(
        cards_world,
        lambda start, now: now.is_over or now.hands > start.hands,
        _cards_worth,
        lambda state, seat, rng, table: card_sense(state, seat),
        lambda world, seat, history: cards_likelihood(world, seat, history, card_sense),
    ),
    kuckuck_notation.GAME: _Horizon(
        kuckuck_world,
        lambda start, now: now.is_over or now.cycle > start.cycle,
        _kuckuck_worth,
        lambda state, seat, rng, table: careful(state, seat),
    ),
}
"""The games a :class:`SampledSearchBot` plays, by the value of their Game tag."""


@dataclass
class SampledSearchBot:
    """Determinized search in *worlds* drawn worlds; deterministic for a seed.  It never
    reads a card its seat has not seen: change every such card, and for the same seed it
    chooses the same.  In Zum Kuckuck! it searches only among the cards that surely keep
    it from turning a cockatoo card, when it holds any (:mod:`.safety`)."""

    game: str
    worlds: int = 32
    name: str = "hard"

    def choose(
        self, state: Any, rng: Random, seat: int | None = None, history: History = ()
    ) -> Any:
        table = TABLES[self.game]
        horizon = HORIZONS[self.game]
        seat = table.choosing(state)[0] if seat is None else seat
        options = table.decisions(state, seat)
        if self.game == kuckuck_notation.GAME:  # a certainty no few worlds may outweigh
            safe = surely_safe(state, seat)
            options = [o for o in options if o.number in safe] or options
        if len(options) == 1:
            return options[0]
        totals = [0.0] * len(options)
        for _ in range(self.worlds):
            world = horizon.world(state, seat, rng, history)
            seed = rng.getrandbits(64)
            weight = horizon.likelihood(world, seat, history)
            if not weight:
                continue
            for i, option in enumerate(options):
                totals[i] += weight * playout(table, horizon, world, seat, option, Random(seed))
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]


def playout(
    table: Table, horizon: _Horizon, world: Any, seat: int, option: Any, rng: Random
) -> float:
    """*option* taken in *world*, then every seat by the horizon's policy and chance as
    drawn, until the horizon: what the end is worth to *seat*."""
    state = table.apply(world, table.complete(world, option, rng))
    while not horizon.over(world, state):
        choosing = table.choosing(state)
        if choosing:
            who = choosing[0]
            move = table.complete(state, horizon.policy(state, who, rng, table), rng)
        else:
            move = table.chance(state, rng)
        state = table.apply(state, move)
    return horizon.worth(state, seat)
