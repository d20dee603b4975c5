"""Zum Kuckuck!: the number cards that surely keep a seat from turning a cockatoo card this
round, as far as what the seat has seen can tell.

A search over a few drawn worlds can miss a certainty: it once played 33 with a safe 2 in
hand and turned a cockatoo card. What is certain here is worked out from the seat's view
alone (its hand, the cards shown this cycle, the cards face up this round in the tactical
version) and settled by the engine's own round (:func:`~cuckoo.kuckuck.rules.settle`), so
the check says nothing the rules do not.
"""

from __future__ import annotations

from itertools import permutations

from .. import kuckuck
from ..kuckuck.rules import settle
from ..kuckuck.state import changed

__all__ = ["surely_safe"]


def surely_safe(state: kuckuck.State, seat: int) -> tuple[int, ...]:
    """The cards of *seat*'s hand that, played now, take a nest card or not for certain and
    leave the seat turning no cockatoo card (ZK-ROUND-TAKE, ZK-ROUND-TURN, ZK-ROUND-DROP),
    whoever else takes the other nest cards."""
    if state.shown is None or state.step != "play":
        return ()
    others = [s for s in state.active if s != seat]
    face_up = {s: n for s, n in enumerate(state.plays) if n is not None and s != seat}
    if not state.rules.in_turn:
        face_up = {}  # ZK-BASIC-SIMULTANEOUS: nobody's card is seen before all are chosen
    gone = {n for cards in state.played for n in cards} | set(face_up.values())
    pool = [n for n in kuckuck.NUMBERS if n not in state.hands[seat] and n not in gone]
    hidden = [s for s in others if s not in face_up]
    return tuple(
        card
        for card in sorted(state.hands[seat])
        if _safe(state, seat, others, _places(card, face_up, hidden, pool))
    )


def _places(card: int, face_up: dict[int, int], hidden: list[int], pool: list[int]) -> set[int]:
    """Every place *card* may come in the round's ranking (1 for the highest)."""
    above = sum(n > card for n in face_up.values())
    if not hidden:
        return {1 + above}
    low = all(n > card for n in pool)  # every hidden card is above
    high = all(n < card for n in pool)  # every hidden card is below
    if low:
        return {1 + above + len(hidden)}
    if high:
        return {1 + above}
    return {1 + above + k for k in range(len(hidden) + 1)}


def _safe(state: kuckuck.State, seat: int, others: list[int], places: set[int]) -> bool:
    """Whether the seat, at one of *places* that all take the same nest card (or none),
    turns no cockatoo card however the other nest cards go."""
    taken = {min(place, 3) for place in places}  # 1: the lower card, 2: the other, 3: none
    if len(taken) != 1:
        return False
    (mine,) = taken
    if mine == 1:
        takers = [(seat, other) for other in others]  # (the lower card's, the other's)
    elif mine == 2:
        takers = [(other, seat) for other in others]
    else:
        takers = list(permutations(others, 2))
    for low, high in takers:
        plays = tuple(
            (101 if s == low else 100 if s == high else 1) if s in state.active else None
            for s in range(len(state.players))
        )
        _, turnings = settle(changed(state, plays=plays))
        if any(seat in t.turned or seat in t.dropped for t in turnings):
            return False
    return True
