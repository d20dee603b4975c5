"""The pyramid in three dimensions, as an isometric SVG, and a die's corner (spec chapters
*components* and *dice*).

Seen from above the apex, along the diagonal ``(1, 1, 1)``, every face that shows on a side
is in view and none hides another: the three sides are the planes ``i = 0``, ``j = 0`` and
``k = 0``, and nothing lies in front of them.  A cell's face on a side is the unit square of
that plane at the cell's other two coordinates, and the projection turns it into a rhombus;
a die's face (pips and all) is drawn flat and mapped onto its rhombus by an affine
transform.  Sides A, B and C run counter-clockwise seen from above (CD-SIDE), so side A is
drawn at the top, B at the lower left and C at the lower right.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Final

from ..drawing import Svg, svg_document, svg_root, svg_text, text_width
from .faces import HANDEDNESS, Handedness, is_corner
from .geometry import CELL_NAMES, COORDS, DUNGEON, SHOWN, SIDE_NAMES, SIDES, Side
from .scoring import result, side_totals
from .state import PLAYER_NAMES, PLAYERS, State
from .svg import (
    COLOURS,
    EMPTY,
    PIT,
    draw_face,
    outcome_words,
)

__all__ = ["AXES", "corner_svg", "face_colour", "iso_svg", "tile"]

Point = tuple[float, float]

_COS: Final = math.cos(math.pi / 6)
AXES: Final[tuple[Point, Point, Point]] = ((0.0, 1.0), (_COS, -0.5), (-_COS, -0.5))
"""Where a step along ``i``, ``j`` and ``k`` goes on the page (y grows downwards): ``i``
straight down, so that the planes ``j = 0`` and ``k = 0`` (sides B and C) hang below the
apex and the plane ``i = 0`` (side A) lies above it."""

_SHADE: Final = (1.0, 0.82, 0.68)  # light from above: side A brightest


def face_colour(owner: int, side: Side) -> str:
    """The owner's colour, darkened as the light falls on *side*, so the sides read as
    three planes."""
    base = COLOURS[owner]
    rgb = (int(base[n : n + 2], 16) for n in (1, 3, 5))
    return "#" + "".join(f"{round(c * _SHADE[side]):02x}" for c in rgb)


def _at(point: tuple[float, float, float], origin: Point, size: float) -> Point:
    """Where the point ``(i, j, k)`` of space is drawn, with the apex's corner at *origin*."""
    x, y = origin
    for amount, (dx, dy) in zip(point, AXES, strict=True):
        x += amount * dx * size
        y += amount * dy * size
    return x, y


def tile(cell: int, side: Side, origin: Point, size: float) -> tuple[Point, Point, Point, Point]:
    """The rhombus where *cell* shows its face on *side*: corner, then the two edges' ends,
    then the far corner."""
    u, v = (s for s in SIDES if s != side)
    corner = COORDS[cell]

    def step(du: int, dv: int) -> Point:
        p = list(map(float, corner))
        p[u] += du
        p[v] += dv
        return _at((p[0], p[1], p[2]), origin, size)

    return step(0, 0), step(1, 0), step(0, 1), step(1, 1)


def _mapped(parent: ET.Element, rhombus: tuple[Point, Point, Point, Point]) -> ET.Element:
    """A group whose square from (0, 0) to (PIT, PIT) is drawn onto *rhombus*."""
    (ox, oy), (ux, uy), (vx, vy), _ = rhombus
    a, b, c, d = ((ux - ox) / PIT, (uy - oy) / PIT, (vx - ox) / PIT, (vy - oy) / PIT)
    matrix = " ".join(f"{n:.4f}" for n in (a, b, c, d, ox, oy))
    return ET.SubElement(parent, "g", {"transform": f"matrix({matrix})"})


def _outline(parent: ET.Element, rhombus: tuple[Point, Point, Point, Point], **style: str) -> None:
    corner, u, v, far = rhombus
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (corner, u, far, v))
    ET.SubElement(parent, "polygon", {"points": points, **style})


def iso_svg(state: State, *, legend: bool = True) -> Svg:
    """The pyramid of *state* in three dimensions, seen from above the apex: every face
    showing on a side, in its owner's colour with its pips; an empty cell as its name; the
    side letters; with *legend*, each side's totals and the dungeon below.

    The same position as :func:`cuckoo.dice.svg.position_svg`, which unfolds the three
    sides flat.
    """
    size = PIT
    reach = 4 * size  # from the apex's corner to the far end of a side
    totals = side_totals(state)
    lines = [
        f"side {SIDE_NAMES[side]}: "
        + ", ".join(f"{PLAYER_NAMES[p]} {totals[p][side]}" for p in PLAYERS)
        for side in SIDES
    ]
    dungeon = state.board[DUNGEON]
    held = (
        "empty"
        if dungeon is None
        else f"{PLAYER_NAMES[dungeon.owner]}'s {dungeon.value}, "
        f"put there by {PLAYER_NAMES[dungeon.placer]}"
    )
    lines.append(f"dungeon (hidden under the base): {held}")
    outcome = result(state)
    if outcome is not None:
        lines.append(outcome_words(outcome))
    drawn = lines if legend else []
    width = max(2 * reach * _COS + 80, 20 + max((text_width(t, 12) for t in drawn), default=0))
    origin = (width / 2, 30 + 2.5 * size)
    below = origin[1] + reach + 24
    root = svg_root(round(width), round(below + 18 * len(drawn)))
    for cell, placed in enumerate(state.board):
        for side in SHOWN[cell]:
            rhombus = tile(cell, side, origin, size)
            if placed is None:
                _outline(root, rhombus, fill=EMPTY, stroke="#bbbbbb")
                (x0, y0), _, _, (x1, y1) = rhombus
                svg_text(
                    root, (x0 + x1) / 2, (y0 + y1) / 2 + 3, CELL_NAMES[cell], 9, fill="#777777"
                )
            else:
                colour = face_colour(placed.owner, side)
                draw_face(_mapped(root, rhombus), PIT / 2, PIT / 2, placed.faces[side], colour)
    letters = {0: (origin[0], origin[1] - 2.5 * size - 10)}
    for side, sign in ((1, -1), (2, 1)):
        letters[side] = (origin[0] + sign * 3.2 * size, origin[1] + 3.2 * size)
    for side, (x, y) in letters.items():
        svg_text(root, x, y, SIDE_NAMES[side], 16, **{"font-weight": "bold"})
    for n, text in enumerate(drawn):
        svg_text(root, 10, below + 18 * n, text, 12, **{"text-anchor": "start"})
    shown = sum(len(SHOWN[c]) for c, placed in enumerate(state.board) if placed is not None)
    title = (
        f"The dice pyramid in three dimensions, seen from above the apex ({shown} faces showing)"
    )
    desc = (
        "Side A lies at the top, side B at the lower left, side C at the lower right; "
        "each die shows its faces in its owner's colour (Blue or Red). " + "; ".join(lines) + "."
    )
    return svg_document(root, title, desc)


def _corner_faces(hand: Handedness) -> tuple[int, int, int]:
    """The faces 1, 2 and 3 in the order they run counter-clockwise on a die of *hand*."""
    for order in ((1, 2, 3), (1, 3, 2)):
        if is_corner(order, hand):
            return order
    raise AssertionError(f"no corner of 1, 2, 3 on a {hand} die")


def corner_svg() -> Svg:
    """The corner where faces 1, 2 and 3 meet, on a western and on an eastern die, with an
    arrow from 1 to 2 to 3 (CD-DIE-CORNER): counter-clockwise on the one, clockwise on the
    other.  The faces come from :func:`cuckoo.dice.faces.is_corner`, not from a table."""
    size = 2.2 * PIT
    width, height = 2 * (2.4 * size + 20), 2.4 * size + 70
    root = svg_root(round(width), round(height))
    defs = ET.SubElement(root, "defs")
    marker = ET.SubElement(
        defs,
        "marker",
        {
            "id": "cuckoo-arrow",
            "viewBox": "0 0 10 10",
            "refX": "8",
            "refY": "5",
            "markerWidth": "7",
            "markerHeight": "7",
            "orient": "auto-start-reverse",
        },
    )
    ET.SubElement(marker, "path", {"d": "M0,0 L10,5 L0,10 z", "fill": "#111111"})
    words = []
    for n, hand in enumerate(HANDEDNESS):
        origin = (width / 4 + n * width / 2, 10 + 1.2 * size)
        ccw = _corner_faces(hand)  # on top, lower left, lower right: counter-clockwise
        # The apex's faces: A on top, B lower left, C lower right (counter-clockwise).
        for side, value in zip(SIDES, ccw, strict=True):
            rhombus = tile(0, side, origin, size)
            draw_face(_mapped(root, rhombus), PIT / 2, PIT / 2, value, face_colour(0, side))
        clockwise = ccw != (1, 2, 3)
        r = 1.12 * size
        start, end = 90, 330 if not clockwise else 210
        (x0, y0), (x1, y1) = (
            (origin[0] + r * math.cos(math.radians(a)), origin[1] - r * math.sin(math.radians(a)))
            for a in (start, end)
        )
        sweep = "1" if clockwise else "0"
        d = f"M{x0:.1f},{y0:.1f} A{r:.1f},{r:.1f} 0 1 {sweep} {x1:.1f},{y1:.1f}"
        ET.SubElement(
            root, "path", {"d": d, "fill": "none", "stroke": "#ffffff", "stroke-width": "6"}
        )
        ET.SubElement(
            root,
            "path",
            {
                "d": d,
                "fill": "none",
                "stroke": "#111111",
                "stroke-width": "2.5",
                "marker-end": "url(#cuckoo-arrow)",
            },
        )
        turn = "clockwise" if clockwise else "counter-clockwise"
        svg_text(root, origin[0], height - 34, f"{hand} die", 14, **{"font-weight": "bold"})
        svg_text(root, origin[0], height - 14, f"1, 2, 3 run {turn}", 12)
        words.append(
            f"on the {hand} die, face 1 on top, {ccw[1]} at the lower left and {ccw[2]} at the "
            f"lower right, so 1, 2, 3 run {turn}"
        )
    desc = "Two dice seen with one corner towards you: " + "; ".join(words) + "."
    return svg_document(root, "Western and eastern dice: the corner of 1, 2 and 3", desc)
