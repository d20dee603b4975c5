"""Worlds a seat cannot tell from the real one: the hidden cards dealt again at random,
consistently with everything the seat's state shows it.

A searching bot plays its look-ahead in such worlds, never in the real state, so it cannot
read a card its seat has not seen: every card it is shown in a world was drawn from the
cards the seat could not tell apart.  What a seat knows is read from the state and the
game's history as that seat saw it (the swaps it took part in, the kings shown, the cards
played face up in earlier cycles); what it is not told, it does not use, so a world may be
less certain than the player at the table, never more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from .. import cards, kuckuck
from ..kuckuck.cards import HAND_SIZE, NUMBERS, cockatoos, halves
from ..kuckuck.state import changed

__all__ = [
    "History",
    "cards_known",
    "cards_likelihood",
    "cards_world",
    "kuckuck_known",
    "kuckuck_world",
]


History = Sequence[tuple[Any, Any]]
"""The game so far as ``(state, move)`` pairs, each state the one the move was made in."""


def cards_known(history: History, seat: int) -> dict[int, cards.Card]:
    """The cards of this hand whose place *seat* knows, by seat: a card it gave away or
    got in a swap, for as long as it stays where it went, and a king shown against a swap
    (CC-SWAP-KING).  A new deal starts afresh; the seat's own card is not listed."""
    known: dict[int, cards.Card | None] = {}
    for before, move in history:
        if isinstance(move, cards.Deal) and not any(before.cards):
            known = {}
        if not isinstance(move, cards.Swap) or before.step != "decide":
            continue
        mover = before.to_act
        neighbour = cards.next_seat(before, mover)
        theirs = before.cards[neighbour]
        if theirs is not None and theirs.is_king:
            known[neighbour] = theirs  # shown to the table
            continue
        if seat in (mover, neighbour):  # the seat held one of the two cards, and gets the other
            known[mover], known[neighbour] = before.cards[neighbour], before.cards[mover]
        else:  # what the seat knew of either card moves with it
            known[mover], known[neighbour] = known.get(neighbour), known.get(mover)
    return {s: card for s, card in known.items() if card is not None and s != seat}


def cards_world(state: cards.State, seat: int, rng: Random, history: History = ()) -> cards.State:
    """The card game as *seat* may believe it: its own card and the cards it knows the
    place of (:func:`cards_known`) kept, every other card held drawn from the cards it has
    not seen (CC-DEAL), the stock the rest."""
    own = state.cards[seat]
    known = cards_known(history, seat)
    taken = {own, *known.values()}
    pool = [card for card in cards.DECK if card not in taken]
    holders = [
        s for s, held in enumerate(state.cards) if held is not None and s != seat and s not in known
    ]
    drawn = dict(zip(holders, rng.sample(pool, len(holders)), strict=True))
    held = tuple(own if s == seat else known.get(s, drawn.get(s)) for s in range(len(state.cards)))
    dealt = frozenset(card for card in held if card is not None)
    return cards.State(
        state.rules,
        state.players,
        state.lives,
        state.dealer,
        held,
        dealt,
        state.step,
        state.to_act,
        state.hands,
        state.losers,
        state.shown,
    )


def cards_likelihood(
    world: cards.State,
    seat: int,
    history: History,
    model: Callable[[cards.State, int], object],
    slip: float = 0.1,
) -> float:
    """How likely the other players' decisions of this hand were in *world*, had each
    decided by *model* but for a *slip* of the time: a world where a player kept a card the
    model would have swapped is less likely, not impossible (a person is no model).

    The cards each player held when deciding follow from the world's cards by undoing the
    swaps made since, which everyone saw (CC-SWAP), and a king shown against a swap was
    seen by all (CC-SWAP-KING): that is all this reads of the real cards.  A world in which
    the hand could not have gone as it did is worth nothing."""
    start = max(
        (
            k
            for k, (before, move) in enumerate(history)
            if isinstance(move, cards.Deal) and not any(before.cards)
        ),
        default=len(history),
    )
    held = list(world.cards)
    likelihood = 1.0
    for before, move in reversed(history[start:]):
        if before.step != "decide":
            continue
        mover = before.to_act
        if isinstance(move, cards.Swap):
            neighbour = cards.next_seat(before, mover)
            shown = before.cards[neighbour]
            if shown is None or not shown.is_king:  # it went through: undo it
                held[mover], held[neighbour] = held[neighbour], held[mover]
                theirs = held[neighbour]
                if theirs is not None and theirs.is_king:
                    return 0.0  # in this world a king would have stopped it
        mine = held[mover]
        if mine is not None and mine.is_king and move != cards.KEEP:
            return 0.0  # a king is kept (CC-KING-HELD)
        if mover == seat:
            continue
        then = cards.State(
            before.rules,
            before.players,
            before.lives,
            before.dealer,
            tuple(held),
            frozenset(),
            "decide",
            mover,
        )
        likelihood *= (1 - slip) if model(then, mover) == move else slip
    return likelihood


def kuckuck_known(state: kuckuck.State, seat: int) -> frozenset[int]:
    """ZK-CYCLE-PASS: the dealt hands *seat* has held, by their first seat: in cycle ``c``
    the hands first dealt to ``seat``, ``seat - 1``, ... ``seat - c``."""
    n = len(state.players)
    return frozenset((seat - back) % n for back in range(min(state.cycle, n - 1) + 1))


def kuckuck_world(
    state: kuckuck.State, seat: int, rng: Random, history: History = (), *, tries: int = 2_000
) -> kuckuck.State:
    """Zum Kuckuck! as *seat* may believe it.

    Kept: the hands the seat has held (:func:`kuckuck_known`), every card shown (played in
    this cycle or an earlier one, by whoever held its hand; in the tactical version, played
    in this round), and each hand's
    cockatoo cards (``COUNT`` is public, ZK-SETUP-COUNT).  Drawn: the rest of every other
    hand, from the number cards the seat has not seen, then mended by exchanges of cards
    until each hand earns its public count (at most *tries* exchanges: a world that still
    misses a count is kept, only less likely than it should be); in the basic version, the
    card each other player has chosen but not shown (ZK-BASIC-SIMULTANEOUS).
    """
    n, cycle = len(state.players), state.cycle
    known = kuckuck_known(state, seat)
    holder = {hand: (hand + cycle) % n for hand in range(n)}
    open_plays = state.rules.in_turn
    face_up: dict[int, set[int]] = {}
    for hand, who in holder.items():
        up = set(state.played[who]) if state.played else set()
        if open_plays and state.plays and state.plays[who] is not None:
            up.add(state.plays[who])  # type: ignore[arg-type]
        face_up[hand] = up
    shown_before = {hand: set[int]() for hand in range(n)}
    for before, move in history:
        if isinstance(move, kuckuck.Play) and before.cycle < cycle:
            shown_before[(move.seat - before.cycle) % n].add(move.number)
    fixed = {hand: face_up[hand] | shown_before[hand] for hand in range(n) if hand not in known}
    seen = {card for hand in known for card in state.dealt[hand]}
    seen |= {card for up in fixed.values() for card in up}
    pool = [number for number in NUMBERS if number not in seen]
    rng.shuffle(pool)
    free: dict[int, list[int]] = {}
    for hand in sorted(fixed):
        need = HAND_SIZE - len(fixed[hand])
        free[hand], pool = pool[:need], pool[need:]
    _mend(free, pool, fixed, {h: state.counts[holder[h]] for h in fixed}, rng, tries)
    dealt = list(state.dealt)
    for hand, drawn in free.items():
        dealt[hand] = tuple(sorted([*fixed[hand], *drawn]))
    if not state.hands:
        return changed(state, dealt=tuple(dealt))
    hands = list(state.hands)
    plays = list(state.plays)
    for hand, who in holder.items():
        if who == seat:
            continue
        left = set(dealt[hand]) - face_up[hand]
        if not open_plays and plays[who] is not None:
            plays[who] = chosen = rng.choice(sorted(left))  # chosen unseen: any card left
            left.discard(chosen)
        hands[who] = frozenset(left)
    return changed(state, dealt=tuple(dealt), hands=tuple(hands), plays=tuple(plays))


def _mend(
    free: dict[int, list[int]],
    spare: list[int],
    fixed: dict[int, set[int]],
    counts: dict[int, int],
    rng: Random,
    tries: int,
) -> None:
    """Exchange drawn cards between the hands (and the cards left out of the match) until
    each hand earns its count; an exchange that takes a hand further from its count is not
    made."""

    def miss(hand: int) -> int:
        return abs(cockatoos([*fixed[hand], *free[hand]]) - counts[hand])

    places: list[list[int]] = [free[hand] for hand in sorted(free)] + [spare]
    owners = sorted(free)
    for _ in range(tries):
        wrong = [h for h in owners if miss(h)]
        if not wrong:
            return
        hand = rng.choice(wrong)
        mine = free[hand]
        other = rng.randrange(len(places))
        theirs = places[other]
        if theirs is mine or not mine or not theirs:
            continue
        i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
        if halves(mine[i]) == halves(theirs[j]):
            continue
        touched = [hand] + ([owners[other]] if other < len(owners) else [])
        before = sum(miss(h) for h in touched)
        mine[i], theirs[j] = theirs[j], mine[i]
        if sum(miss(h) for h in touched) > before:
            mine[i], theirs[j] = theirs[j], mine[i]
