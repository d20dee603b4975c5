"""The card game's table as the players see it: seats around a table, each with the card in
hand and the lives left (spec: cuckoo-cards).

The round table (:func:`cuckoo.drawing.round_table`) is shared with Zum Kuckuck!: seat 0
sits at the bottom, and each next seat is its left neighbour, so the seats run clockwise on the page
(CC-SETUP-PLAYERS: a player's left neighbour is the next in seating order).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from ..drawing import INK, Svg, card, round_table, svg_document, svg_text, text_width
from .rules import winner
from .state import Seat, State
from .views import RED_SUITS, SUIT_SIGNS, _card_words, describe, held_text, status_line

__all__ = ["seats_svg", "showdown_line"]

_GOLD: Final = "#d4a017"
SEAT_W: Final = 132
SEAT_H: Final = 92


def _playing_card(root: ET.Element, x: float, y: float, text: str | None) -> None:
    """A card face up, or its back for None."""
    card(root, x, y, (44, 62), "#ffffff" if text and text != "?" else "#6b7f99")
    if text == "?":  # CC-PARTIAL-UNSEEN: face down, and nobody has seen it
        svg_text(root, x + 22, y + 37, "?", 16, fill="#ffffff")
    elif text:
        rank, suit = text[:-1], text[-1]
        shown = ("10" if rank == "T" else rank) + SUIT_SIGNS[suit]
        colour = "#c0392b" if suit in RED_SUITS else "#222222"
        svg_text(root, x + 22, y + 37, shown, 16, fill=colour)


def just_shown(state: State) -> bool:
    """Whether a hand has just been shown and the next has not been dealt a card yet: the
    moment the show-down is on the table, and who lost a life in it is news."""
    return bool(state.shown) and all(card is None for card in state.cards)


def shown_text(state: State, seat: Seat) -> str | None:
    """The card *seat* showed at the last show-down; None for a player out before it."""
    card = state.shown[seat]
    return None if card is None else str(card)


def showdown_line(state: State) -> str:
    """The caption of a show-down just made: the hand it ends and what it did. The state
    already waits for the next hand (CC-NEXT-DEALER), but the picture shows this one's
    cards, so the caption names this hand, not the next one's first step."""
    names = [state.players[s] for s in state.losers]
    if not names:
        done = "void, nobody loses a life"
    else:
        done = " and ".join(names) + (" loses a life" if len(names) == 1 else " lose a life")
    line = f"Hand {state.hands}: the show-down, {done}"
    won = winner(state)
    if won is not None:
        return f"{line}; {state.players[won]} wins"
    return f"{line}; {state.players[state.dealer]} deals next"


def seats_svg(state: State) -> Svg:
    """The table seen from above: each seat's name (D for the dealer), the card it holds
    (face up, as at the show-down) and its lives as gold coins; right after a show-down,
    the cards shown and who lost a life in it, and no seat framed as acting; the stock in
    the middle; whose step it is, or the show-down just made, below."""
    showdown = just_shown(state)
    labels = [
        name + (" (D)" if seat == state.dealer and not state.is_over else "")
        for seat, name in enumerate(state.players)
    ]
    width = max(SEAT_W, max(text_width(label, 12, bold=True) for label in labels) + 16)
    line = showdown_line(state) if showdown else status_line(state)
    least = text_width(line, 13, bold=True) + 20
    root, boxes, (cx, cy) = round_table(len(labels), (width, SEAT_H), 60, least)
    _playing_card(root, cx - 22, cy - 31, None)
    svg_text(root, cx, cy + 46, "stock", 11)
    for seat, (x, y, w, _) in enumerate(boxes):
        acting = seat == state.to_act and not state.is_over and not showdown
        frame = {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": str(SEAT_H)}
        stroke = {"stroke": INK, "stroke-width": "2.5"} if acting else {"stroke": "#bbbbbb"}
        ET.SubElement(root, "rect", {**frame, "rx": "8", "fill": "#ffffff", **stroke})
        svg_text(root, x + w / 2, y + 16, labels[seat], 12, **{"font-weight": "bold"})
        held = shown_text(state, seat) if showdown else held_text(state, seat)
        if held is not None:
            _playing_card(root, x + 8, y + 24, held)
        if showdown and seat in state.losers:
            svg_text(
                root, x + 58, y + 86, "lost a life", 10, fill="#c0392b", **{"text-anchor": "start"}
            )
        lives = state.lives[seat]
        for life in range(lives):
            coin = {"cx": f"{x + 64 + life * 13:g}", "cy": f"{y + 44:g}", "r": "5"}
            ET.SubElement(root, "circle", {**coin, "fill": _GOLD, "stroke": INK})
        words = "out" if lives == 0 else f"{lives} li{'ves' if lives != 1 else 'fe'}"
        svg_text(root, x + 58, y + 70, words, 11, **{"text-anchor": "start"})
    bottom = float(root.get("height", "0")) - 10
    svg_text(root, 10, bottom, line, 13, **{"text-anchor": "start", "font-weight": "bold"})
    return svg_document(
        root, f"The card game's table. {line}", _shown_words(state) + describe(state, line)
    )


def _shown_words(state: State) -> str:
    """Right after a show-down, what was shown and who lost a life, in words."""
    if not just_shown(state):
        return ""
    shown = ", ".join(
        f"{name} {_card_words(card)}"
        for name, card in zip(state.players, state.shown, strict=True)
        if card is not None
    )
    lost = "".join(f" {state.players[s]} lost a life." for s in state.losers)
    return f"Shown: {shown}.{lost} "
