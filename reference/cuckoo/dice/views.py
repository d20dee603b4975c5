"""Ways to look at a state: a text diagram for people, a plain dict for programs."""

from __future__ import annotations

from typing import Any, Final

from .geometry import CELL_NAMES, COORDS, LAYER, SIDE_NAMES, SIDES, Cell
from .scoring import result, side_totals
from .state import PLAYER_NAMES, State

__all__ = ["SIDE_ROWS", "diagram", "position", "state_dict"]


def _side_rows(side: int) -> tuple[tuple[Cell, ...], ...]:
    """The cells of *side* as its viewer sees them: rows from the apex down, left to right.

    Seen from outside, the next side counter-clockwise is on the right, so along a row the
    coordinate of that side falls to 0 (spec: components).
    """
    right, left = (side + 1) % 3, (side + 2) % 3
    rows = []
    for layer in range(max(LAYER) + 1):
        cells = [c for c, xyz in enumerate(COORDS) if xyz[side] == 0 and LAYER[c] == layer]
        cells.sort(key=lambda c: (-COORDS[c][right], COORDS[c][left]))
        rows.append(tuple(cells))
    return tuple(rows)


SIDE_ROWS: Final = tuple(_side_rows(s) for s in SIDES)


def diagram(state: State) -> str:
    """The three sides as triangles, each visible face with its owner (b or r), the nests,
    and the totals so far."""
    width = 4 * len(SIDE_ROWS[0][-1])
    blocks = []
    for side in SIDES:
        lines = [f"side {SIDE_NAMES[side]}".center(width)]
        for row in SIDE_ROWS[side]:
            marks = []
            for cell in row:
                placed = state.board[cell]
                marks.append(
                    ".. " if placed is None else f"{placed.faces[side]}{'br'[placed.owner]} "
                )
            lines.append(" ".join(marks).center(width))
        blocks.append(lines)
    out = ["   ".join(parts).rstrip() for parts in zip(*blocks, strict=True)]
    out.append("")
    for player, nest in enumerate(state.nests):
        mark = "  <- to move" if player == state.to_move and not state.is_over else ""
        dice = " ".join(map(str, nest)) or "(empty)"
        out.append(f"{PLAYER_NAMES[player]:<5} nest: {dice}{mark}")
    if state.pending is not None:
        out.append(f"re-roll due for {state.pending}")
    totals = side_totals(state)
    out.append("")
    out.append("        " + "".join(f"{name:>4}" for name in SIDE_NAMES))
    for player, row in enumerate(totals):
        out.append(f"{PLAYER_NAMES[player]:<8}" + "".join(f"{t:>4}" for t in row))
    outcome = result(state)
    if outcome is not None:
        winners = " and ".join(PLAYER_NAMES[p] for p in outcome.winners)
        out.append(f"\nresult {outcome.token}: {winners} by {outcome.reason}")
    return "\n".join(out) + "\n"


def position(state: State) -> dict[str, Any]:
    """What two engines must agree on after every move, as plain data (the conformance
    protocol's ``state`` answer): whose turn, the nests, the dice on the pyramid with their
    owners, placers and faces, the captures and the bonus."""
    bonus = state.bonus
    return {
        "to_move": PLAYER_NAMES[state.to_move],
        "ply": state.ply,
        "nests": {PLAYER_NAMES[p]: [str(d) for d in nest] for p, nest in enumerate(state.nests)},
        "board": {
            CELL_NAMES[c]: {
                "owner": PLAYER_NAMES[placed.owner],
                "placer": PLAYER_NAMES[placed.placer],
                "faces": list(placed.faces),
            }
            for c, placed in enumerate(state.board)
            if placed is not None
        },
        "captures": {PLAYER_NAMES[p]: n for p, n in enumerate(state.captures)},
        "bonus": bonus and {"player": PLAYER_NAMES[bonus.player], "points": list(bonus.points)},
    }


def state_dict(state: State) -> dict[str, Any]:
    """The state as plain data for ``--json``: the position, the rolled values of the placed
    dice, the totals so far and the result."""
    outcome = result(state)
    data = position(state)
    for name, placed in data["board"].items():
        die = state.board[CELL_NAMES.index(name)]
        assert die is not None
        placed["value"] = die.value
    return {
        "ruleset": state.ruleset.name,
        **data,
        "pending": state.pending and str(state.pending),
        "totals": {PLAYER_NAMES[p]: list(row) for p, row in enumerate(side_totals(state))},
        "result": outcome and {"token": outcome.token, "reason": outcome.reason},
    }
