"""The drawing every game's pictures share, built with :mod:`xml.etree.ElementTree`: an
empty picture, centred text and an estimate of its width, a finished picture named and
described for screen readers, and the round table with cards at which both card games
(the card game and Zum Kuckuck!) seat their players.  No game's rules live here: a game's
package draws its own pieces with these, and no game imports another's pictures.
"""

from __future__ import annotations

import hashlib
import math
import xml.etree.ElementTree as ET
from typing import Final

__all__ = [
    "INK",
    "Box",
    "Svg",
    "card",
    "round_table",
    "svg_document",
    "svg_root",
    "svg_text",
    "text_width",
]

INK: Final = "#333333"


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


_NARROW: Final = frozenset(" .,:;'!|()[]fijlrt\u00b7")
_WIDE: Final = frozenset("mwMW%@#&+<=>^~\u00d7\u2660\u2663\u2665\u2666")


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """A generous estimate of how wide *text* is drawn at *size* in a sans-serif font:
    at least as wide as DejaVu Sans (among the widest) or Arial draws it."""
    ems = sum(
        0.45 if c in _NARROW else 1.05 if c in _WIDE else 0.82 if c.isupper() else 0.7 for c in text
    )
    return ems * size * (1.1 if bold else 1.0)


def svg_document(root: ET.Element, title: str, desc: str) -> Svg:
    """*root* as a finished picture, named by *title* and described by *desc* for screen
    readers; the ids come from the words, so different pictures on a page get different ids."""
    ident = "cuckoo-" + hashlib.sha1(f"{title}\n{desc}".encode()).hexdigest()[:10]
    root.set("role", "img")
    root.set("aria-labelledby", f"{ident}-title {ident}-desc")
    for n, (tag, text) in enumerate((("title", title), ("desc", desc))):
        node = ET.Element(tag, {"id": f"{ident}-{tag}"})
        node.text = text
        root.insert(n, node)
    return Svg(ET.tostring(root, encoding="unicode"))


Box = tuple[float, float, float, float]
"""A rectangle: left, top, width, height."""

_FELT: Final = "#e3efe3"


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def round_table(
    seats: int, size: tuple[float, float], middle: float, least: float
) -> tuple[ET.Element, list[Box], tuple[float, float]]:
    """A picture at least *least* wide with an oval table and *seats* boxes of *size*
    around it, seat 0 at the bottom and the next ones clockwise; the oval grows until no two
    boxes overlap and *middle* (the width of what lies on the table) fits inside.  Returns
    the picture, the seats' boxes and the table's centre."""
    width, height = size
    rx = max(middle / 2 + width, 1.6 * width)
    while True:
        ry = 0.62 * rx
        turns = [2 * math.pi * s / seats for s in range(seats)]
        boxes = [
            (-rx * math.sin(t) - width / 2, ry * math.cos(t) - height / 2, width, height)
            for t in turns
        ]
        clash = any(_overlap(a, b) for n, a in enumerate(boxes) for b in boxes[n + 1 :])
        if not clash and ry - height > 40:
            break
        rx *= 1.08
    picture = max(2 * rx + width + 20, least)
    cx, cy = picture / 2, 10 - min(b[1] for b in boxes)
    boxes = [(x + cx, y + cy, w, h) for x, y, w, h in boxes]
    bottom = max(b[1] + b[3] for b in boxes)
    root = svg_root(round(picture), round(bottom + 40))
    felt = {
        "cx": f"{cx:g}",
        "cy": f"{cy:g}",
        "rx": f"{rx - width / 2:g}",
        "ry": f"{ry - height / 2:g}",
    }
    ET.SubElement(root, "ellipse", {**felt, "fill": _FELT, "stroke": "#9bbf9b"})
    return root, boxes, (cx, cy)


def card(root: ET.Element, x: float, y: float, size: tuple[float, float], fill: str) -> None:
    """A card's outline at (x, y) of *size*, for every card game's drawings."""
    w, h = size
    box = {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": f"{h:g}", "rx": "5"}
    ET.SubElement(root, "rect", {**box, "fill": fill, "stroke": INK})
