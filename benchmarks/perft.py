"""Perft for Cuckoo: the number of legal move sequences of a given length.

Definition.  ``perft(state, 0) == 1``; for ``depth >= 1`` it is the sum, over every move
of ``legal_moves(state)``, of ``perft(child, depth - 1)``, where *child* is the state after
that move.  A finished game has no legal moves, so it adds 0 at any depth above 0.  Only the
players' decisions are counted: chance is not expanded.  An infection is one move, and the
state after it is the state after its re-roll, taken as the *canonical re-roll*: the outcome
with the highest probability in :func:`cuckoo.dice.chance_outcomes`, the first such one in
the order that function lists them: the taken die shows 1, and the given dice of each
colour show 1, 2, 3, ... in turn (all different being the likeliest way for them to fall).
So every infection leads to exactly one child, as every placement does, and the numbers
are a fixed property of the rules that any engine can reproduce: they double as a
regression table.

Counting.  At depth 1 the moves are counted, not played (``len(legal_moves(state))``), the
usual *bulk counting* of chess perft programs (python-chess's example does the same with
``board.legal_moves.count()``).  The figure "nodes per second" is the perft number (the
leaves) divided by the time, as chess programs report it.

Why the canonical re-roll is memoized: it depends on the infection alone (how many own and
foreign dice are given), and working it out needs exact ``Fraction`` arithmetic over hundreds of
outcomes, which would swamp what perft is meant to time: move generation and ``apply``.
With its re-roll attached, an infection costs one ``apply``, as one read from a record does.
"""

from __future__ import annotations

from typing import Final

from cuckoo.dice import (
    BLUE,
    Infect,
    Move,
    Rolls,
    Setup,
    State,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
)

__all__ = ["EXPECTED", "PERFT_SETUP", "canonical_infection", "perft", "start_position"]

PERFT_SETUP: Final = Setup(
    ((1, 1, 2, 2, 3, 3, 4, 4, 5, 6), (1, 2, 2, 3, 3, 4, 5, 5, 6, 6)), first=BLUE
)
"""The fixed opening roll of the perft table: both players hold small dice, so infections
are possible from the first move."""

EXPECTED: Final[dict[str, tuple[int, ...]]] = {
    "cuckoo": (93, 7_838, 584_896, 39_569_203),
    "unnamed": (105, 9_920, 740_712, 49_987_323),
}
"""perft(1), perft(2), ... from :data:`PERFT_SETUP` under each ruleset, as first measured:
a change here is a change of the rules' move generation, to be explained."""

_REROLLS: dict[Infect, Infect] = {}


def start_position(ruleset: str) -> State:
    """The state before the first move of :data:`PERFT_SETUP` under *ruleset*."""
    return new_game(ruleset, PERFT_SETUP)


def canonical_infection(state: State, move: Infect) -> Infect:
    """*move* with its canonical re-roll attached (see the module's docstring)."""
    known = _REROLLS.get(move)
    if known is None:
        outcomes = chance_outcomes(apply(state, move))
        best = max(outcomes, key=lambda outcome: outcome[1])  # max keeps the first of equals
        known = _REROLLS[move] = Infect(move.give, move.take, best[0])
    return known


def _child(state: State, move: Move | Rolls) -> State:
    """The state after *move*, an infection taking its canonical re-roll."""
    if isinstance(move, Infect):
        return apply(state, canonical_infection(state, move))
    return apply(state, move)


def perft(state: State, depth: int) -> int:
    """The number of decision sequences of length *depth* from *state* (see the module)."""
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(_child(state, move), depth - 1) for move in moves)
