"""Pictures of the pyramid as SVG, built with :mod:`xml.etree.ElementTree` (like chess.svg).

Each side is drawn as its viewer sees it (apex up, rows from the apex down), the same
layout as the text diagram; a die is drawn as its visible face, with pips, in its owner's
colour.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from .geometry import CELL_NAMES, DUNGEON, SIDE_NAMES, SIDES, Side
from .scoring import side_totals
from .state import PLAYER_NAMES, State
from .views import SIDE_ROWS

__all__ = ["INK", "Svg", "cells_svg", "position_svg", "svg_root", "svg_text"]

COLOURS: Final = ("#2f5fb3", "#c0392b")  # Blue, Red
EMPTY: Final = "#eeeae0"
INK: Final = "#333333"
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


class Svg(str):
    """An SVG document as a string, which Jupyter shows as a picture."""

    def _repr_svg_(self) -> str:
        return self


def svg_root(width: int, height: int) -> ET.Element:
    """An empty picture *width* by *height*, for every game's drawings."""
    return ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {width} {height}",
            "width": str(width),
            "height": str(height),
            "font-family": "sans-serif",
        },
    )


def svg_text(parent: ET.Element, x: float, y: float, text: str, size: int, **attrs: str) -> None:
    """Centred text in *parent* (another anchor through *attrs*), for every game's drawings."""
    node = ET.SubElement(
        parent,
        "text",
        {
            "x": f"{x:g}",
            "y": f"{y:g}",
            "font-size": str(size),
            "text-anchor": "middle",
            "fill": INK,
            **attrs,
        },
    )
    node.text = text


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


def _face(parent: ET.Element, x: float, y: float, value: int, colour: str) -> None:
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


def _empty(parent: ET.Element, x: float, y: float, label: str) -> None:
    _square(parent, x, y, fill=EMPTY, stroke="#bbbbbb", stroke_dasharray="3 2")
    svg_text(parent, x, y + 4, label, 10, fill="#777777")


def _sides(root: ET.Element, top: float, draw: object) -> None:
    for side in SIDES:
        left = 10 + side * (SIDE_WIDTH + 20)
        svg_text(
            root,
            left + SIDE_WIDTH / 2,
            top - 8,
            f"side {SIDE_NAMES[side]}",
            13,
            **{"font-weight": "bold"},
        )
        for cell, (x, y) in _centres(side, left, top + DIE / 2).items():
            draw(cell, side, x, y)  # type: ignore[operator]


def cells_svg() -> Svg:
    """The 20 cells by name, on each of the three sides (spec chapter *components*)."""
    root = svg_root(3 * SIDE_WIDTH + 60, 4 * PIT + 40)
    _sides(root, 24, lambda cell, side, x, y: _empty(root, x, y, CELL_NAMES[cell]))
    return Svg(ET.tostring(root, encoding="unicode"))


def position_svg(state: State) -> Svg:
    """A position: every visible face in its owner's colour, each side's totals, the
    dungeon (whose die shows nothing, so its rolled value is drawn), then both nests."""
    height = 4 * PIT + 60
    nest_end = 150 + max(len(n) for n in state.nests) * (DIE + 6)
    dungeon_x = max(3 * SIDE_WIDTH + 20, nest_end + 30)
    root = svg_root(dungeon_x + DIE + 20, height + 2 * (DIE + 12) + 10)

    def draw(cell: int, side: Side, x: float, y: float) -> None:
        placed = state.board[cell]
        if placed is None:
            _empty(root, x, y, CELL_NAMES[cell])
        else:
            _face(root, x, y, placed.faces[side], COLOURS[placed.owner])

    _sides(root, 24, draw)
    totals = side_totals(state)
    for side in SIDES:
        x = 10 + side * (SIDE_WIDTH + 20) + SIDE_WIDTH / 2
        for player in (0, 1):
            svg_text(
                root,
                x + (player * 2 - 1) * 26,
                4 * PIT + 40,
                str(totals[player][side]),
                13,
                fill=COLOURS[player],
                **{"font-weight": "bold"},
            )
    dungeon = state.board[DUNGEON]
    x = dungeon_x
    svg_text(root, x, height + 4, "dungeon", 11)
    if dungeon is None:
        _empty(root, x, height + DIE, CELL_NAMES[DUNGEON])
    else:
        _face(root, x, height + DIE, dungeon.value, COLOURS[dungeon.owner])
    for player, nest in enumerate(state.nests):
        y = height + player * (DIE + 12) + DIE / 2
        mark = " (to move)" if player == state.to_move and not state.is_over else ""
        svg_text(root, 52, y + 5, PLAYER_NAMES[player] + mark, 12, **{"text-anchor": "start"})
        for i, die in enumerate(nest):
            owner = player ^ die.foreign
            _face(root, 150 + i * (DIE + 6), y, die.value, COLOURS[owner])
    return Svg(ET.tostring(root, encoding="unicode"))
