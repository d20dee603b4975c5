"""Scoring a cycle and choosing the winner (spec chapter *zum-kuckuck/scoring*)."""

from __future__ import annotations

from .state import Seat, State

__all__ = ["cycle_score", "totals", "winners"]


def cycle_score(state: State) -> tuple[int, ...]:
    """The points of the cycle that has just ended, per seat."""
    active = state.active
    low = min(state.top(s) for s in active)
    points = []
    for seat in range(len(state.players)):
        if seat in state.out:
            score = -1  # ZK-SCORE-DROPPED
        else:
            score = state.cockatoos[seat]  # ZK-SCORE-COCKATOOS
            score += state.top(seat) == low  # ZK-SCORE-LOWEST
        score += 2 * (state.counts[seat] == 0)  # ZK-SCORE-NONE
        points.append(score)
    return tuple(points)


def totals(state: State) -> tuple[int, ...]:
    """Each seat's points over the cycles scored so far."""
    return tuple(sum(cycle) for cycle in zip(*state.scores, strict=True)) or (0,) * len(
        state.players
    )


def winners(state: State) -> tuple[Seat, ...]:
    """ZK-MATCH-WINNER: once the match is over, the seats with the highest total; a tie
    goes to the best single cycle; players still tied share the win.  Empty before."""
    if not state.is_over:
        return ()
    total = totals(state)
    best = max(total)
    tied = [s for s, t in enumerate(total) if t == best]
    single = {s: max(cycle[s] for cycle in state.scores) for s in tied}
    top = max(single.values())
    return tuple(s for s in tied if single[s] == top)
