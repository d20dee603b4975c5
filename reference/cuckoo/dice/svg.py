"""Pictures of the pyramid as SVG, built with :mod:`xml.etree.ElementTree` (like chess.svg).

Each side is drawn as its viewer sees it (apex up, rows from the apex down), the same
layout as the text diagram; a die is drawn as its visible face, with pips, in its owner's
colour.  Every picture is named and described in words (``<title>``, ``<desc>``) for
readers who cannot see it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from ..drawing import INK, Svg, svg_document, svg_root, svg_text, text_width
from .geometry import CELL_NAMES, DUNGEON, SIDE_NAMES, SIDES, Side
from .scoring import Outcome, result, side_totals
from .state import PLAYER_NAMES, State
from .views import SIDE_ROWS

__all__ = [
    "COLOURS",
    "DIE",
    "EMPTY",
    "PIT",
    "cells_svg",
    "draw_face",
    "position_svg",
]

COLOURS: Final = ("#2f5fb3", "#c0392b")  # Blue, Red
EMPTY: Final = "#eeeae0"
PIT: Final = 34  # distance between cell centres
DIE: Final = 28  # side of a die face
PIPS: Final = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
SIDE_WIDTH: Final = PIT * len(SIDE_ROWS[0][-1])


def _centres(side: Side, left: float, top: float) -> dict[int, tuple[float, float]]:
    """Where each cell of *side* is drawn: rows of 1 to 4 cells, centred under the apex."""
    centres = {}
    middle = left + SIDE_WIDTH / 2
    for r, row in enumerate(SIDE_ROWS[side]):
        for c, cell in enumerate(row):
            centres[cell] = (middle + (c - r / 2) * PIT, top + r * PIT * 0.9)
    return centres


def _square(parent: ET.Element, x: float, y: float, **style: str) -> None:
    """A die-sized rounded square centred on (x, y)."""
    half = DIE / 2
    attrs = {
        "x": f"{x - half:g}",
        "y": f"{y - half:g}",
        "width": str(DIE),
        "height": str(DIE),
        "rx": "5",
    }
    ET.SubElement(parent, "rect", {**attrs, **{k.replace("_", "-"): v for k, v in style.items()}})


def draw_face(parent: ET.Element, x: float, y: float, value: int, colour: str) -> None:
    """A die's face with its pips, centred on (x, y), for every drawing of dice."""
    _square(parent, x, y, fill=colour, stroke=INK, stroke_width="1")
    for dx, dy in PIPS[value]:
        ET.SubElement(
            parent,
            "circle",
            {
                "cx": f"{x + dx * DIE * 0.27:g}",
                "cy": f"{y + dy * DIE * 0.27:g}",
                "r": "2.6",
                "fill": "#ffffff",
            },
        )


CELL_LABEL: Final = 13
"""The size of an empty cell's name: three digits as wide as a die allows, so that the
picture, scaled to a phone's width, still reads."""


def _empty(parent: ET.Element, x: float, y: float, label: str) -> None:
    _square(parent, x, y, fill=EMPTY, stroke="#999999", stroke_dasharray="3 2")
    svg_text(parent, x, y + 4.5, label, CELL_LABEL, fill="#444444")


BAND: Final = 4 * PIT + 36
"""The height of a row of sides, their titles and totals included."""


def _origin(side: Side, compact: bool) -> tuple[float, float]:
    """Where *side* is drawn (its left, the top of its cells): the three in a row, or
    (*compact*, for a phone's width) two in a row and the third under the first."""
    if compact:
        return 10 + side % 2 * (SIDE_WIDTH + 20), 24 + side // 2 * BAND
    return 10 + side * (SIDE_WIDTH + 20), 24


def _sides(root: ET.Element, draw: object, *, tappable: bool = False) -> None:
    """Each side with its title and its cells; *tappable* (the app's picture) lays them out
    compact and puts each cell's drawing in a group naming the cell and the side
    (``data-cell``, ``data-side``)."""
    for side in SIDES:
        left, top = _origin(side, tappable)
        svg_text(
            root,
            left + SIDE_WIDTH / 2,
            top - 8,
            f"side {SIDE_NAMES[side]}",
            13,
            **{"font-weight": "bold"},
        )
        for cell, (x, y) in _centres(side, left, top + DIE / 2).items():
            where = {"data-cell": CELL_NAMES[cell], "data-side": SIDE_NAMES[side]}
            parent = ET.SubElement(root, "g", where) if tappable else root
            draw(parent, cell, side, x, y)  # type: ignore[operator]


def cells_svg() -> Svg:
    """The 20 cells by name, on each of the three sides (spec chapter *components*)."""
    root = svg_root(3 * SIDE_WIDTH + 60, 4 * PIT + 40)
    _sides(root, lambda parent, cell, side, x, y: _empty(parent, x, y, CELL_NAMES[cell]))
    rows = "; ".join(
        f"side {SIDE_NAMES[side]}: "
        + " / ".join(" ".join(CELL_NAMES[c] for c in row) for row in SIDE_ROWS[side])
        for side in SIDES
    )
    desc = f"The cells of each side, from the apex down, row by row: {rows}."
    return svg_document(root, "The 20 cells of the pyramid, seen from each side", desc)


NEST_LABEL: Final = 12
"""The size of the nests' labels; the nests start where the longest label ends."""
NEST_X: Final = 10 + text_width("Blue (to move)", NEST_LABEL) + 12 + DIE / 2


def outcome_words(outcome: Outcome) -> str:
    """How a finished game ended, in a few words, with its result token."""
    names = [PLAYER_NAMES[p] for p in outcome.winners]
    blue, red = outcome.sides_won
    sides = f"sides {blue}-{red}"
    won = outcome.sides_won[outcome.winners[0]]  # the winner's count first
    lost = outcome.sides_won[1 - outcome.winners[0]]
    how = {
        "sides": f"{names[0]} wins, {won} side{'s' * (won != 1)} to {lost}",
        "dungeon": f"{names[0]} wins on the dungeon, {sides}",
        "captures": f"{names[0]} wins on fewer captures, {sides}",
        "shared": f"{' and '.join(names)} share the win, {sides}",
    }[outcome.reason]
    return f"Game over, {outcome.token}: {how}"


def _die_words(value: int, owner: int) -> str:
    return f"{PLAYER_NAMES[owner]} {value}"


def _describe(state: State, status: str) -> str:
    """The position in words: each side with its totals and its dice, the dungeon, the
    nests, and what happens next."""
    totals = side_totals(state)
    parts = []
    for side in SIDES:
        shown = [
            f"{CELL_NAMES[c]} {_die_words(placed.faces[side], placed.owner)}"
            for row in SIDE_ROWS[side]
            for c in row
            if (placed := state.board[c]) is not None
        ]
        points = ", ".join(f"{PLAYER_NAMES[p]} {totals[p][side]}" for p in (0, 1))
        parts.append(f"Side {SIDE_NAMES[side]} ({points} points): {', '.join(shown) or 'empty'}.")
    dungeon = state.board[DUNGEON]
    held = "empty" if dungeon is None else f"{_die_words(dungeon.value, dungeon.owner)} rolled"
    parts.append(f"Dungeon (cell {CELL_NAMES[DUNGEON]}): {held}.")
    for player, nest in enumerate(state.nests):
        dice = ", ".join(_die_words(d.value, player ^ d.foreign) for d in nest) or "empty"
        parts.append(f"{PLAYER_NAMES[player]}'s nest: {dice}.")
    parts.append(status + ".")
    return " ".join(parts)


def position_svg(state: State, *, tappable: bool = False) -> Svg:
    """A position: every visible face in its owner's colour, each side's totals, the
    dungeon (whose die shows nothing, so its rolled value is drawn), both nests, and the
    result once the game is over.

    *tappable* (the app's recorder) groups each cell and each nest die with what it is
    (``data-cell``, ``data-side``; ``data-die`` as the recorder labels a die, ``data-nest``)
    and lays it out narrow enough for a phone: two sides above the third, the dungeon beside
    it, the nests in rows of five."""
    outcome = result(state)
    height = _origin(2, tappable)[1] + BAND
    per_row = 5 if tappable else max(1, *map(len, state.nests))
    rows = [max(1, -(-len(nest) // per_row)) for nest in state.nests]
    nest_end = NEST_X - DIE / 2 + min(per_row, max(map(len, state.nests))) * (DIE + 6)
    if tappable:  # beside side C
        dungeon_x, dungeon_y = 1.5 * SIDE_WIDTH + 30, _origin(2, tappable)[1] + 20
    else:
        dungeon_x, dungeon_y = max(3 * SIDE_WIDTH + 20, nest_end + 40), height + 4
    bottom = height + sum(rows) * (DIE + 12) + (24 if outcome else 0)
    if outcome is not None:
        status = outcome_words(outcome)
    elif state.pending is not None:
        status = f"The re-roll of {state.pending} is due"
    else:
        status = f"{PLAYER_NAMES[state.to_move]} to move"
    sides_end = max(_origin(side, tappable)[0] for side in SIDES) + SIDE_WIDTH + 10
    ends = (dungeon_x + DIE + 20, nest_end + 10, sides_end)
    width = max(*ends, 10 + text_width(status, 13, bold=True) + 10)
    root = svg_root(round(width), round(bottom) + 10)

    def draw(parent: ET.Element, cell: int, side: Side, x: float, y: float) -> None:
        placed = state.board[cell]
        if placed is None:
            _empty(parent, x, y, CELL_NAMES[cell])
        else:
            draw_face(parent, x, y, placed.faces[side], COLOURS[placed.owner])

    _sides(root, draw, tappable=tappable)
    totals = side_totals(state)
    for side in SIDES:
        left, top = _origin(side, tappable)
        x, y = left + SIDE_WIDTH / 2, top + 4 * PIT + 8
        at = {"x": f"{x:g}", "y": f"{y:g}", "font-size": "12", "font-weight": "bold"}
        line = ET.SubElement(root, "text", {**at, "text-anchor": "middle"})
        for player in (0, 1):
            part = ET.SubElement(line, "tspan", {"fill": COLOURS[player]})
            part.text = f"{PLAYER_NAMES[player]} {totals[player][side]}"
            part.tail = " \u00b7 " if player == 0 else None
    dungeon = state.board[DUNGEON]
    svg_text(root, dungeon_x, dungeon_y, "dungeon", 11)
    pit = ET.SubElement(root, "g", {"data-cell": CELL_NAMES[DUNGEON]}) if tappable else root
    if dungeon is None:
        _empty(pit, dungeon_x, dungeon_y + DIE - 4, CELL_NAMES[DUNGEON])
    else:
        draw_face(pit, dungeon_x, dungeon_y + DIE - 4, dungeon.value, COLOURS[dungeon.owner])
    for player, nest in enumerate(state.nests):
        y = height + sum(rows[:player]) * (DIE + 12) + DIE / 2
        mark = " (to move)" if player == state.to_move and not state.is_over else ""
        label = PLAYER_NAMES[player] + mark
        svg_text(root, 10, y + 4, label, NEST_LABEL, **{"text-anchor": "start"})
        for i, die in enumerate(nest):
            owner = player ^ die.foreign
            what = {"data-die": f"{PLAYER_NAMES[owner]}'s {die.value}", "data-nest": str(player)}
            parent = ET.SubElement(root, "g", what) if tappable else root
            row, column = divmod(i, per_row)
            x = NEST_X + column * (DIE + 6)
            draw_face(parent, x, y + row * (DIE + 12), die.value, COLOURS[owner])
    if outcome is not None:
        svg_text(
            root, 10, bottom - 4, status, 13, **{"text-anchor": "start", "font-weight": "bold"}
        )
    title = f"The dice pyramid ({state.ruleset.name} rules). {status}"
    return svg_document(root, title, _describe(state, status))
