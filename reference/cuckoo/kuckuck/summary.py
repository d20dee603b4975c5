"""What each round of a Zum Kuckuck! match did, read off the engine's states: the nest cards,
the number cards in the order played, who took which nest card, who turned a cockatoo card
and who dropped out, the table after it and, when the round ended a cycle, the points.

A record states only the chance and the choices (ZK-NOTATION-PLAYS); everything else here
follows from the rules, so a rulebook, an app or a scoresheet that shows it takes it from
these functions instead of working it out again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .moves import Nest, Play
from .rules import Move, Turning, apply, settle
from .scoring import totals
from .state import Seat, State, changed

__all__ = ["RoundSummary", "cycle_words", "round_summaries", "round_words", "signed"]


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """One round, as the table saw it end."""

    cycle: int
    """The cycle, counted from 1."""
    round: int
    """The round within its cycle, counted from 1."""
    nests: tuple[int, int]
    """The two nest cards turned up, lower first (ZK-ROUND-NEST)."""
    plays: tuple[tuple[Seat, int], ...]
    """Each number card with its player, in the order the cards were played."""
    took: tuple[tuple[Seat, int], tuple[Seat, int]]
    """The highest number's player with the lower nest card, then the second highest's with
    the other (ZK-ROUND-TAKE)."""
    turnings: tuple[Turning, ...]
    """Each turning of the round, in order (ZK-ROUND-TURN, ZK-ROUND-DROP, ZK-ROUND-PASS)."""
    tops: tuple[int, ...]
    """Each seat's nest top after the round; 0 for an empty nest or a player out."""
    cockatoos: tuple[int, ...]
    """Each seat's cockatoo cards still cockatoo side up after the round."""
    counts: tuple[int, ...]
    """Each seat's cockatoo cards at the start of the cycle (ZK-SETUP-COUNT)."""
    out: frozenset[Seat]
    """Who has dropped out of the cycle, after the round."""
    scores: tuple[int, ...] | None
    """The points of the cycle when this round ended it (ZK-CYCLE-END), else None."""
    totals: tuple[int, ...]
    """Each seat's points over the cycles scored, after the round."""
    next_starter: Seat | None
    """Tactical version: who starts the next round of the cycle; None otherwise."""

    @property
    def dropped(self) -> tuple[Seat, ...]:
        """Who dropped out in this round, in the order they did."""
        return tuple(s for turning in self.turnings for s in turning.dropped)

    @property
    def turned(self) -> tuple[Seat, ...]:
        """Who turned a cockatoo card in this round, once for each card turned."""
        return tuple(s for turning in self.turnings for s in turning.turned)


def round_summaries(first: State, moves: Iterable[Move]) -> Iterator[RoundSummary]:
    """A summary of every round that *moves*, played from *first*, complete.

    :raises CuckooError: as :func:`~cuckoo.kuckuck.rules.apply` does for an illegal move.
    """
    state = first
    plays: list[tuple[Seat, int]] = []
    for move in moves:
        after = apply(state, move)
        if isinstance(move, Play):
            plays.append((move.seat, move.number))
            if after.step != "play":  # the last card of the round was played
                yield _summary(state, move, after, tuple(plays))
                plays = []
        elif isinstance(move, Nest):
            plays = []
        state = after


def _summary(
    before: State, last: Play, after: State, plays: tuple[tuple[Seat, int], ...]
) -> RoundSummary:
    """The round that *last*, played in *before*, ended, leading to *after*."""
    chosen = list(before.plays)
    chosen[last.seat] = last.number
    assert before.shown is not None
    # The table as the round left it, before the end of a cycle clears it away; the hand the
    # last card came from is not read.
    table, turnings = settle(changed(before, plays=tuple(chosen)))
    ranked = sorted(plays, key=lambda play: -play[1])
    low, high = before.shown
    ended = after.cycle > before.cycle
    return RoundSummary(
        cycle=before.cycle + 1,
        round=before.round + 1,
        nests=before.shown,
        plays=plays,
        took=((ranked[0][0], low), (ranked[1][0], high)),
        turnings=turnings,
        tops=tuple(table.top(s) for s in range(len(table.players))),
        cockatoos=table.cockatoos,
        counts=table.counts,
        out=table.out,
        scores=after.scores[-1] if ended else None,
        totals=totals(after),
        next_starter=after.starter if before.rules.in_turn and not ended else None,
    )


def signed(number: int) -> str:
    """*number* as print writes it, with a minus sign (U+2212), not a hyphen, when below 0."""
    return f"{number}".replace("-", "\u2212")


def _points(score: int) -> str:
    """``1 point``, ``3 points``, and a minus sign for ``-1 point``."""
    return f"{signed(score)} point" + "s" * (abs(score) != 1)


def _names(players: Sequence[str], seats: Iterable[Seat]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    named = [players[s] for s in seats]
    return ", ".join(named[:-1]) + " and " * (len(named) > 1) + named[-1]


def _left(count: int) -> str:
    """``(2 left)``, ``(none left)``."""
    return f"({count or 'none'} left)"


def _turnings_words(players: Sequence[str], summary: RoundSummary) -> str:
    """Every turning of the round in words, with the cockatoo cards left after each."""
    up = list(summary.cockatoos)
    for seat in summary.turned:
        up[seat] += 1  # as the round found them
    sentences = []
    for k, turning in enumerate(summary.turnings):
        who = sorted(turning.dropped + turning.turned)
        if turning.top:
            nest = f"the highest nest, {turning.top},"
        else:
            nest = "the highest nest: none at all, for an empty nest counts 0,"
        verb = "share" if len(who) > 1 else "shows"
        head = f"{'Now ' * (k > 0)}{_names(players, who)} {verb} {nest}"
        for seat in turning.turned:
            up[seat] -= 1
        if len(who) == 1 and turning.turned:
            sentences.append(f"{head} and turns a cockatoo card {_left(up[who[0]])}.")
            continue
        if len(who) == 1:
            sentences.append(f"{head} but has no cockatoo card left to turn, and drops out.")
            continue
        parts = [
            f"{players[s]} turns a cockatoo card {_left(up[s])}"
            if s in turning.turned
            else f"{players[s]} has none left to turn and drops out"
            for s in who
        ]
        sentences.append(f"{head[:-1]}. {'; '.join(parts)}.")
    return " ".join(sentences)


def round_words(players: Sequence[str], summary: RoundSummary, *, cards: bool = True) -> str:
    """What the round did, in a player's words: the cards (unless *cards* is false, where
    the record's line stands beside the words), the taking, the turning."""
    played = ", ".join(f"{players[s]} {n}" for s, n in summary.plays)
    (first, low), (second, high) = summary.took
    ranked = sorted(summary.plays, key=lambda play: -play[1])
    text = (
        f"Nest cards {summary.nests[0]} and {summary.nests[1]}; the cards played: {played}. "
        if cards
        else ""
    )
    text += (
        f"{players[first]}'s {ranked[0][1]} is highest and takes the {low}, "
        f"{players[second]}'s {ranked[1][1]} the {high}. "
    )
    text += _turnings_words(players, summary)
    if summary.scores is not None:
        text += " " + cycle_words(players, summary)
    elif summary.next_starter is not None:
        text += f" {players[summary.next_starter]} starts the next round."
    return text


def cycle_words(players: Sequence[str], summary: RoundSummary) -> str:
    """Why the cycle ended with this round, and its points."""
    assert summary.scores is not None
    still = len(players) - len(summary.out)
    why = (
        f"Only {still} players are still in, so the cycle ends."
        if still <= 2
        else "That was the cycle's last round."
    )
    points = ", ".join(
        f"{name} {_points(score)}" for name, score in zip(players, summary.scores, strict=True)
    )
    return f"{why} Points for the cycle: {points}."
