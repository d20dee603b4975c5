"""The dice pyramid's Learn to Play page, drawn by the engine for a reader with a phone:

* ``{cuckoo-picture} base`` draws the base seen from above, its ten cells named and its three
  sides labelled, so that a cell's name can be read as distances from the sides;
* ``{cuckoo-building}`` draws the pyramid of the page's own ``{cuckoo-game}`` (which may come
  later on the page) in three dimensions each time a layer is full, with its cell names
  large enough to read at a phone's width, and says after which turn each was drawn.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cuckoo import dice
from cuckoo.dice.geometry import CELL_NAMES, CELLS, COORDS, DUNGEON, LAYER
from cuckoo.dice.iso import iso_svg
from cuckoo.dice.svg import EMPTY
from cuckoo.drawing import Svg, svg_document, svg_root, svg_text

SVG_NS = "http://www.w3.org/2000/svg"
NAME_SIZE = 12
"""The size of an empty cell's name in the 3-D pictures: drawn at their own width (316), a
name is then 12 pixels high, and 11 or more on a phone (the engine draws it at 9)."""
LABEL_SIZE = 14
"""The size of the base picture's words."""


def base_svg() -> Svg:
    """The ten cells of the base seen from above, as in the 3-D pictures: side A at the top,
    B at the lower left, C at the lower right; each cell a hollow with its name."""
    unit, cos = 50.0, math.cos(math.pi / 6)
    width, height = 340, 338
    origin = (width / 2, 70.0)  # the middle of the row along side A

    def at(i: int, j: int, k: int) -> tuple[float, float]:
        return origin[0] + (j - k) * cos * unit, origin[1] + (i - (j + k) / 2 + 1.5) * unit

    root = svg_root(width, height)
    corners = [at(3, 0, 0), at(0, 3, 0), at(0, 0, 3)]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    base = {"fill": "#d8d4ca", "stroke": "#d8d4ca", "stroke-width": "60"}
    ET.SubElement(root, "polygon", {"points": points, "stroke-linejoin": "round", **base})
    for cell in CELLS:
        if LAYER[cell] != 3:
            continue
        x, y = at(*COORDS[cell])
        fill = "#bbb5a5" if cell == DUNGEON else EMPTY
        ET.SubElement(root, "circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": "22",
                                       "fill": fill, "stroke": "#777777"})  # fmt: skip
        svg_text(root, x, y + 5, CELL_NAMES[cell], LABEL_SIZE)
    (ax, ay), (bx, by), (cx, cy) = corners  # the corners 300, 030 and 003
    bold = {"font-weight": "bold"}
    svg_text(root, (bx + cx) / 2, by - 40, "side A", LABEL_SIZE, **bold)
    svg_text(root, (ax + cx) / 2 - 75, (ay + cy) / 2 + 12, "side B", LABEL_SIZE, **bold)
    svg_text(root, (ax + bx) / 2 + 75, (ay + by) / 2 + 12, "side C", LABEL_SIZE, **bold)
    title = "The base of the pyramid seen from above, its ten cells named"
    desc = (
        "Side A runs along the top, side B along the lower left, side C along the lower right. "
        "The top row, along side A, is 003, 012, 021, 030; then 102, 111, 120; then 201, 210; "
        "and 300 at the bottom corner. The first digit counts the rows from side A, the second "
        "from side B, the third from side C. 111, in the middle, is the dungeon."
    )
    return svg_document(root, title, desc)


def _named_larger(svg: str) -> Svg:
    """*svg*, a 3-D picture, with the names of its empty cells at :data:`NAME_SIZE`."""
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    for text in root.iter(f"{{{SVG_NS}}}text"):
        if text.text in CELL_NAMES:
            text.set("font-size", str(NAME_SIZE))
    return Svg(ET.tostring(root, encoding="unicode"))


def layers_filled(states: list[dice.State]) -> list[int]:
    """After how many turns each layer of the pyramid is full, from the base to the apex."""
    return [
        next(
            n
            for n, state in enumerate(states)
            if all(state.board[c] is not None for c in CELLS if LAYER[c] == layer)
        )
        for layer in (3, 2, 1, 0)
    ]


def building(states: list[dice.State]) -> tuple[list[Svg], str]:
    """The pictures of a game's pyramid as each layer fills, and the sentence under them."""
    turns = layers_filled(states)
    svgs = [_named_larger(iso_svg(states[n], legend=False)) for n in turns]
    words = ("the base", "the second layer", "the third layer", "the apex")
    told = ", ".join(f"{word} after {n} turns" for word, n in zip(words, turns, strict=True))
    caption = (
        f"The pyramid of the game told below, seen from above the apex as it grows: {told}. "
        "An empty cell shows its name."
    )
    return svgs, caption


class pending_building(nodes.General, nodes.Element):
    """Where ``cuckoo-building`` draws, once the page's game is known."""


class BuildingDirective(SphinxDirective):
    """``cuckoo-building``: the page's game's pyramid, layer by layer (see the module)."""

    def run(self) -> list[nodes.Node]:
        return [pending_building()]


def _draw_building(app: Sphinx, doctree: nodes.document) -> None:
    """Each ``cuckoo-building`` of the page drawn from the page's first dice game."""
    from cuckoo_pictures import _pictures, walkthrough  # the module that registers this one

    pending = list(doctree.findall(pending_building))
    if not pending:
        return
    games = [
        lit.astext()
        for lit in doctree.findall(nodes.literal_block)
        if "cuckoo-walkthrough" in lit["classes"] and "cuckoo-dice" in lit.astext()
    ]
    if not games:
        raise ValueError(f"{app.env.docname}: cuckoo-building needs a dice cuckoo-game")
    states: list[Any] = walkthrough(games[0])[1]
    svgs, caption = building(states)
    for node in pending:
        pictures = _pictures(list(svgs), app.env, "cuckoo-building")
        node.replace_self([pictures, nodes.paragraph(caption, caption)])


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_node(pending_building)
    app.add_directive("cuckoo-building", BuildingDirective)
    app.connect("doctree-read", _draw_building)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
