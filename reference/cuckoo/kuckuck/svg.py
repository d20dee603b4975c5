"""Zum Kuckuck!'s table as the players see it: seats around the table, each with its
cockatoo cards, the top of its nest pile, the number card played this round and the cards
left in hand; the round's two nest cards in the middle (spec: zum-kuckuck)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from ..drawing import INK, Svg, card, round_table, svg_document, svg_text, text_width
from .rules import choosing
from .scoring import totals
from .state import State
from .views import describe, hand_label, status_line

__all__ = ["seats_svg"]

SEAT_W: Final = 176
SEAT_H: Final = 104
_NUMBER: Final = (30, 40)
_NEST: Final = "#c9a46a"


def _valued(root: ET.Element, x: float, y: float, value: int, fill: str) -> None:
    """A number or nest card with its value."""
    card(root, x, y, _NUMBER, fill)
    svg_text(root, x + _NUMBER[0] / 2, y + 26, str(value), 14, **{"font-weight": "bold"})


def seats_svg(state: State) -> Svg:
    """The table seen from above, every card face up: per seat its name (and points once a
    cycle is scored), the cockatoo cards (yellow: cockatoo up, grey: turned), the nest card
    on top of its pile, the card it plays this round (or played last) and the cards left in
    hand; the
    round's nest cards in the middle; where the match stands, below."""
    points = totals(state)
    due = choosing(state)
    labels = [
        name
        + (f" \u00b7 {points[seat]} pts" if state.scores else "")
        + (" (out)" if seat in state.out else " (to play)" if seat in due else "")
        for seat, name in enumerate(state.players)
    ]
    width = max(SEAT_W, max(text_width(label, 12, bold=True) for label in labels) + 16)
    line = status_line(state)
    root, boxes, (cx, cy) = round_table(
        len(labels), (width, SEAT_H), 100, text_width(line, 13, bold=True) + 20
    )
    if state.shown:
        for k, value in enumerate(state.shown):
            _valued(root, cx - 34 + k * 38, cy - 26, value, _NEST)
        svg_text(root, cx, cy + 30, "nest cards", 11)
    for seat, (x, y, w, _) in enumerate(boxes):
        frame = {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": str(SEAT_H)}
        stroke = {"stroke": INK, "stroke-width": "2.5"} if seat in due else {"stroke": "#bbbbbb"}
        ET.SubElement(root, "rect", {**frame, "rx": "8", "fill": "#ffffff", **stroke})
        svg_text(root, x + w / 2, y + 16, labels[seat], 12, **{"font-weight": "bold"})
        if not state.hands:
            svg_text(root, x + w / 2, y + 60, f"dealt {len(state.dealt[seat])}", 11)
            continue
        for k in range(state.counts[seat]):
            up = k < state.cockatoos[seat] and seat not in state.out
            card(root, x + 8 + k * 12, y + 24, (10, 18), "#f2c14e" if up else "#7a7a7a")
        nest = state.nests[seat]
        if nest:
            _valued(root, x + 8, y + 48, nest[-1], _NEST)
            svg_text(root, x + 23, y + 99, f"nest \u00d7{len(nest)}", 9)
        playing = state.plays[seat] is not None
        pile = state.played[seat]
        number = state.plays[seat] if playing else pile[-1] if pile else None
        if number is not None:
            _valued(root, x + 62, y + 48, number, "#fffdf5")
            svg_text(root, x + 77, y + 99, "plays" if playing else "played", 9)
        svg_text(
            root,
            x + 106,
            y + 74,
            " ".join(hand_label(state, seat).split()),
            11,
            **{"text-anchor": "start"},
        )
    bottom = float(root.get("height", "0")) - 10
    svg_text(root, 10, bottom, line, 13, **{"text-anchor": "start", "font-weight": "bold"})
    title = f"Zum Kuckuck!'s table ({state.rules.variant}). {line}"
    return svg_document(root, title, describe(state, points, line))
