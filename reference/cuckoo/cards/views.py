"""Ways to look at a card-game state: text for people, plain data for programs, SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Final

from ..dice.svg import Svg, svg_root
from .rules import winner
from .state import State

__all__ = ["diagram", "position", "state_dict", "table_svg"]

SUIT_SIGNS: Final = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
RED_SUITS: Final = "dh"


def diagram(state: State) -> str:
    """One line per seat: name, lives, the card held, who deals and who acts."""
    lines = [f"hand {state.hands + 1}" if not state.is_over else f"after {state.hands} hands"]
    width = max(len(p) for p in state.players)
    for seat, name in enumerate(state.players):
        card = state.cards[seat]
        marks = []
        if seat == state.dealer and not state.is_over:
            marks.append("deals")
        if seat == state.to_act and not state.is_over:
            marks.append({"deal": "is dealt to", "decide": "to decide", "cut": "cuts"}[state.step])
        if seat in state.losers:
            marks.append("lost a life last hand")
        lives = "out" if state.lives[seat] == 0 else f"{state.lives[seat]} lives"
        held = str(card) if card else "--"
        lines.append(f"  {name:<{width}}  {lives:<8}  {held:<3}  {', '.join(marks)}".rstrip())
    won = winner(state)
    if won is not None:
        lines.append(f"\nwinner: {state.players[won]}")
    return "\n".join(lines) + "\n"


def position(state: State) -> dict[str, Any]:
    """What two engines must agree on after every move (the protocol's ``state``)."""
    return {
        "players": list(state.players),
        "lives": list(state.lives),
        "dealer": state.players[state.dealer],
        "cards": [str(c) if c else None for c in state.cards],
        "step": state.step,
        "to_act": state.players[state.to_act],
        "hands": state.hands,
    }


def state_dict(state: State) -> dict[str, Any]:
    """The state as plain data for ``--json``."""
    won = winner(state)
    return {
        **position(state),
        "losers": [state.players[s] for s in state.losers],
        "winner": None if won is None else state.players[won],
    }


def _card(root: ET.Element, x: float, y: float, text: str | None) -> None:
    ET.SubElement(
        root,
        "rect",
        {
            "x": f"{x:g}",
            "y": f"{y:g}",
            "width": "44",
            "height": "62",
            "rx": "5",
            "fill": "#ffffff" if text else "#6b7f99",
            "stroke": "#333333",
        },
    )
    if text:
        rank, suit = text[:-1], text[-1]
        colour = "#c0392b" if suit in RED_SUITS else "#222222"
        node = ET.SubElement(
            root,
            "text",
            {
                "x": f"{x + 22:g}",
                "y": f"{y + 38:g}",
                "font-size": "18",
                "text-anchor": "middle",
                "fill": colour,
            },
        )
        node.text = ("10" if rank == "T" else rank) + SUIT_SIGNS[suit]


def table_svg(state: State) -> Svg:
    """Every seat with its card and its lives; the dealer's seat marked."""
    n = len(state.players)
    root = svg_root(n * 70 + 20, 130)
    for seat, name in enumerate(state.players):
        x = 10 + seat * 70
        label = ET.SubElement(
            root,
            "text",
            {
                "x": f"{x + 22}",
                "y": "16",
                "font-size": "12",
                "text-anchor": "middle",
                "fill": "#333333",
            },
        )
        label.text = name + (" (D)" if seat == state.dealer else "")
        card = state.cards[seat]
        _card(root, x, 24, str(card) if card else None)
        for life in range(state.lives[seat]):
            ET.SubElement(
                root,
                "circle",
                {"cx": f"{x + 8 + life * 12}", "cy": "104", "r": "4.5", "fill": "#d4a017"},
            )
    return Svg(ET.tostring(root, encoding="unicode"))
