"""Building Zum Kuckuck! positions for the tests: chosen deals, whole rounds, and positions
set up directly (nests, cockatoo cards, who is out) for one rule at a time."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from cuckoo.kuckuck import (
    Deal,
    Move,
    Nest,
    Play,
    Rules,
    Setup,
    Start,
    State,
    apply,
    new_game,
    rules,
)
from cuckoo.kuckuck.cards import NEST_VALUES

NAMES: Final = ("Ann", "Ben", "Cy", "Dee", "Eve")
BASIC: Final = rules()
TACTICAL: Final = rules(variant="tactical")

Plays = Sequence[tuple[int, int]]
"""``(seat, number)`` in the order the cards are put down."""


def spread(players: int) -> tuple[tuple[int, ...], ...]:
    """A deal in which seat i gets the numbers i+1, i+1+n, i+1+2n, ... (12 of them), so a
    card's seat is its number minus one, modulo n."""
    return tuple(tuple(range(seat + 1, 12 * players + 1, players)) for seat in range(players))


def deal(variant: Rules, hands: Sequence[Sequence[int]]) -> State:
    """The state after dealing *hands* card by card, seat by seat (ZK-SETUP-DEAL)."""
    state = new_game(variant, Setup(NAMES[: len(hands)]))
    for hand in hands:
        assert len(hand) == 12
        for number in hand:
            state = apply(state, Deal(number))
    return state


def play_round(state: State, nest: tuple[int, int], plays: Plays) -> State:
    """Turn up *nest*, then put down *plays* in the order given."""
    state = apply(state, Nest(*nest))
    for seat, number in plays:
        state = apply(state, Play(seat, number))
    return state


def position(
    variant: Rules = BASIC,
    *,
    nests: Sequence[Sequence[int]],
    cockatoos: Sequence[int],
    counts: Sequence[int] | None = None,
    out: Iterable[int] = (),
    shown: tuple[int, int] = (1, 2),
    starter: int = 0,
    round: int = 4,
) -> State:
    """A position with number cards to play: hands from :func:`spread`, and the nests,
    cockatoo cards (face up), who is out and the two nest cards up set as given; the pile
    holds every nest card not in a nest or up."""
    n = len(nests)
    state = deal(variant, spread(n))
    out = frozenset(out)
    pile = {v: 2 for v in NEST_VALUES}
    for value in [*shown, *(v for nest in nests for v in nest)]:
        pile[value] -= 1
        assert pile[value] >= 0, f"only two nest cards {value}"
    return replace(
        state,
        step="play",
        round=round,
        hands=tuple(frozenset() if s in out else h for s, h in enumerate(state.hands)),
        counts=tuple(counts if counts is not None else cockatoos),
        cockatoos=tuple(cockatoos),
        nests=tuple(tuple(nest) for nest in nests),
        pile=tuple(pile[v] for v in NEST_VALUES),
        shown=shown,
        out=out,
        plays=(None,) * n,
        starter=starter,
    )


def plays(state: State, *moves: tuple[int, int]) -> State:
    """*state* after the number cards *moves*, ``(seat, number)``, in that order."""
    for seat, number in moves:
        state = apply(state, Play(seat, number))
    return state


# -- the hand-worked matches (tests/kuckuck/test_matches.py, test_notation.py) ---------------

X: Final = (1, 2, 3, 4, 5, 6, 49, 50, 51, 52, 53, 13)
"""One half cockatoo (13): no cockatoo card."""
Y: Final = (25, 7, 8, 9, 10, 11, 12, 54, 55, 56, 57, 58)
"""One whole cockatoo (25): one cockatoo card."""
Z: Final = (59, 60, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23)
"""Ten halves (14-23): five cockatoo cards."""

Round = tuple[tuple[int, int], Plays]
"""A round: its two nest cards, then the number cards in the order put down."""

THREE_ROUNDS: Final[tuple[tuple[Round, ...], ...]] = (
    (  # cycle 1: Ann X, Ben Y, Cy Z
        ((7, 7), ((2, 59), (0, 1), (1, 54))),
        ((2, 9), ((2, 14), (0, 49), (1, 8))),
        ((1, 12), ((0, 50), (1, 55), (2, 15))),
    ),
    (  # cycle 2: Ann Z, Ben X, Cy Y
        ((4, 6), ((0, 14), (1, 1), (2, 7))),
        ((1, 3), ((0, 15), (1, 49), (2, 8))),
    ),
    (  # cycle 3: Ann Y, Ben Z, Cy X
        ((2, 5), ((1, 23), (2, 1), (0, 58))),
        ((1, 11), ((2, 53), (0, 57), (1, 14))),
    ),
)
"""A whole match of three, in the order the tactical version plays the cards (which the
basic version allows too)."""

FIVE_HANDS: Final = (
    (51, 52, 53, 54, 55, 21, 22, 23, 24, 37, 38, 39),  # Ann: 7 halves, 3 cockatoo cards
    (9, 10, 11, 12, 49, 50, 59, 16, 17, 18, 19, 20),  # Ben: 5 halves, 2
    (1, 2, 3, 4, 5, 6, 7, 8, 60, 13, 14, 15),  # Cy: 3 halves, 1
    (56, 57, 40, 41, 42, 43, 25, 26, 27, 28, 29, 30),  # Dee: 4 + 12 halves, 8
    (58, 44, 45, 46, 47, 48, 31, 32, 33, 34, 35, 36),  # Eve: 5 + 12 halves, 8
)
"""All sixty cards dealt to five players."""

FIVE_ROUNDS: Final[tuple[Round, ...]] = (
    ((9, 9), ((3, 25), (4, 58), (0, 55), (1, 9), (2, 1))),
    ((12, 12), ((1, 59), (2, 60), (3, 26), (4, 31), (0, 37))),
    ((3, 11), ((3, 57), (4, 32), (0, 38), (1, 50), (2, 2))),
    ((4, 5), ((3, 56), (4, 45), (0, 39), (1, 10))),
    ((1, 6), ((3, 40), (4, 44), (0, 21))),
    ((2, 2), ((3, 43), (4, 36), (0, 22))),
)
"""The first cycle of five, tactical, after Dee is drawn to start."""


def three_moves() -> list[Move]:
    """The moves of the match of three: the deal, then every round."""
    moves: list[Move] = [Deal(n) for hand in (X, Y, Z) for n in hand]
    for cycle in THREE_ROUNDS:
        for nest, put in cycle:
            moves.append(Nest(*nest))
            moves.extend(Play(s, n) for s, n in put)
    return moves


def five_moves() -> list[Move]:
    """The moves of the first cycle of five, and the draw that starts the second."""
    moves: list[Move] = [Deal(n) for hand in FIVE_HANDS for n in hand]
    moves.append(Start(3))
    for nest, put in FIVE_ROUNDS:
        moves.append(Nest(*nest))
        moves.extend(Play(s, n) for s, n in put)
    moves.append(Start(4))
    return moves
