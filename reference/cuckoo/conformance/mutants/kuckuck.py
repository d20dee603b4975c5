"""Mutants of Zum Kuckuck!: each one plausible misreading of one of its rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from .core import (
    KUCKUCK,
    kuckuck_cards,
    kuckuck_notation,
    kuckuck_rules,
    kuckuck_rulesets,
    kuckuck_scoring,
    kuckuck_state,
    mutant,
    tags_sorted,
    unknown_ignored,
    wrap,
)


@mutant(KUCKUCK, "ZK-CARD-COCKATOOS", "a whole cockatoo on 25-36 only; no halves on 37-48")
def no_high_halves() -> None:
    original = kuckuck_cards.halves
    kuckuck_cards.halves = lambda number: 0 if number >= 37 else original(number)


@mutant(KUCKUCK, "ZK-CARD-NESTS", "one nest card of each value, not two")
def one_nest_each() -> None:
    kuckuck_rules.FULL_PILE = (1,) * 12


@mutant(KUCKUCK, "ZK-SETUP-COUNT", "half cockatoos are rounded up")
def halves_round_up() -> None:
    kuckuck_rules.cockatoos = lambda hand: (sum(map(kuckuck_cards.halves, hand)) + 1) // 2


@mutant(KUCKUCK, "ZK-CYCLE-PASS", "hands pass to the right between cycles")
def hands_pass_right() -> None:
    wrap(kuckuck_rules, "_new_cycle", lambda original: lambda state: replace(
        original(replace(state, cycle=-state.cycle)), cycle=state.cycle
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-MATCH-CYCLES", "a match is three cycles, whatever the number of players")
def three_cycles() -> None:
    def end(state: Any) -> Any:
        scored = replace(
            state, scores=(*state.scores, kuckuck_rules.cycle_score(state)), cycle=state.cycle + 1
        )
        if scored.cycle == 3:
            return replace(scored, step="over", shown=None)
        return kuckuck_rules._new_cycle(scored)

    kuckuck_rules._end_cycle = end


@mutant(KUCKUCK, "ZK-ROUND-TAKE", "the highest number takes the higher nest card")
def high_takes_high() -> None:
    wrap(kuckuck_rules, "_resolve", lambda original: lambda state: original(
        replace(state, shown=state.shown[::-1])
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-NEST-TOP", "a nest shows its highest card, not its top one")
def nest_shows_highest() -> None:
    kuckuck_state.State.top = lambda self, seat: max(self.nests[seat], default=0)


@mutant(KUCKUCK, "ZK-ROUND-TURN", "of the players tied for the highest nest, only the first turns")
def first_of_tied_turns() -> None:
    wrap(kuckuck_rules, "_highest", lambda original: lambda state: original(state)[:1])


@mutant(KUCKUCK, "ZK-BASIC-SIMULTANEOUS", "in the basic version, too, players choose in seat order")
def basic_in_seat_order() -> None:
    wrap(kuckuck_rules, "choosing", lambda original: lambda state: (
        original(state)[:1] if not state.rules.in_turn else original(state)
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-TACTICAL-ORDER", "in the tactical version, play goes to the right")
def tactical_rightwards() -> None:
    def order(state: Any) -> tuple[int, ...]:
        n, seats = len(state.players), [state.starter]
        while len(seats) < len(state.active):
            seats.append(
                next(
                    s % n for s in range(seats[-1] - 1, seats[-1] - n, -1) if s % n not in state.out
                )
            )
        return tuple(seats)

    kuckuck_rules.play_order = order


@mutant(KUCKUCK, "ZK-TACTICAL-FIRST", "a tie for the most cockatoo cards goes to the first seat")
def first_seat_starts() -> None:
    wrap(kuckuck_rules, "_tied_for_start", lambda original: lambda state: original(state)[:1])


@mutant(KUCKUCK, "ZK-ROUND-NEST", "the two nest cards are drawn with replacement")
def nests_with_replacement() -> None:
    def pairs(pile: tuple[int, ...]) -> list[tuple[Any, Fraction]]:
        draws = sum(pile) ** 2
        return [
            (
                nest,
                Fraction(
                    (1 if nest.low == nest.high else 2) * pile[nest.low - 1] * pile[nest.high - 1],
                    draws,
                ),
            )
            for nest, _ in kuckuck_pairs(pile)
        ]

    kuckuck_pairs = kuckuck_rules._pairs
    kuckuck_rules._pairs = pairs


@mutant(KUCKUCK, "ZK-PARTIAL-SHOW", "a card shown is seen, but not kept in the hand shown")
def shown_not_held() -> None:
    wrap(kuckuck_rules, "_show", lambda original: lambda state, move: replace(
        original(state, move), hands=state.hands
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-SCORE-DROPPED", "a player who dropped out scores 0, not -1")
def dropped_scores_zero() -> None:
    wrap(kuckuck_rules, "cycle_score", lambda original: lambda state: tuple(
        p + (s in state.out) for s, p in enumerate(original(state))
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-SCORE-NONE", "the bonus of 2 is for no cockatoo card left, not none received")
def none_left_bonus() -> None:
    wrap(kuckuck_rules, "cycle_score", lambda original: lambda state: tuple(
        p + 2 * ((state.cockatoos[s] == 0) - (state.counts[s] == 0))
        for s, p in enumerate(original(state))
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-SCORE-LOWEST", "the lowest nest scores 2 points, not 1")
def lowest_two() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            low = min(state.top(s) for s in state.active)
            return tuple(
                p + (s not in state.out and state.top(s) == low)
                for s, p in enumerate(original(state))
            )

        return patched

    wrap(kuckuck_rules, "cycle_score", make)


@mutant(KUCKUCK, "ZK-SCORE-COCKATOOS", "the cockatoo cards turned score, not those still up")
def turned_score() -> None:
    wrap(kuckuck_rules, "cycle_score", lambda original: lambda state: tuple(
        p + (s not in state.out) * (state.counts[s] - 2 * state.cockatoos[s])
        for s, p in enumerate(original(state))
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-MATCH-WINNER", "players tied on points share the win: no best-cycle tie-break")
def ties_shared() -> None:
    def winners(state: Any) -> tuple[int, ...]:
        if not state.is_over:
            return ()
        total = kuckuck_scoring.totals(state)
        return tuple(s for s, t in enumerate(total) if t == max(total))

    kuckuck_notation.winners = winners


@mutant(KUCKUCK, "ZK-RULESET-PARAMS", "a parameter the game does not know is ignored")
def kuckuck_unknown_ignored() -> None:
    unknown_ignored(kuckuck_rulesets)


@mutant(KUCKUCK, "ZK-NOTATION-CANONICAL", "canonical tags are in alphabetical order")
def kuckuck_tags_sorted() -> None:
    tags_sorted(kuckuck_notation)
