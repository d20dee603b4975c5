"""Ways to look at a card-game state: text for people, plain data for programs, SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Final

from ..drawing import Svg, svg_document, svg_root, svg_text, text_width
from ..progress import plural
from .deck import Card
from .rules import winner
from .state import Seat, State

__all__ = [
    "describe",
    "diagram",
    "held_text",
    "lives_text",
    "position",
    "state_dict",
    "status_line",
    "table_svg",
]

SUIT_SIGNS: Final = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
RED_SUITS: Final = "dh"
_RANK_WORDS: Final = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_SUIT_WORDS: Final = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_STEP_WORDS: Final = {"deal": "is dealt a card", "decide": "to decide", "cut": "cuts"}


def lives_text(lives: int) -> str:
    """``out``, ``1 life``, ``2 lives``."""
    return "out" if lives == 0 else f"{lives} {'life' if lives == 1 else 'lives'}"


def held_text(state: State, seat: Seat) -> str | None:
    """The card *seat* holds as the table may see it: ``?`` for one nobody has seen
    (CC-PARTIAL-UNSEEN); None for no card."""
    card = state.cards[seat]
    if card is None:
        return None
    return "?" if card in state.unseen else str(card)


def diagram(state: State) -> str:
    """One line per seat: name, lives, the card held, who deals and who acts."""
    hands = plural(state.hands, "hand")
    lines = [f"hand {state.hands + 1}" if not state.is_over else f"after {hands}"]
    width = max(len(p) for p in state.players)
    for seat, name in enumerate(state.players):
        marks = []
        if seat == state.dealer and not state.is_over:
            marks.append("deals")
        if seat == state.to_act and not state.is_over:
            marks.append({"deal": "is dealt to", "decide": "to decide", "cut": "cuts"}[state.step])
        if seat in state.losers:
            marks.append("lost a life last hand")
        lives = lives_text(state.lives[seat])
        held = held_text(state, seat) or "--"
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
        "cards": [held_text(state, seat) for seat in range(len(state.players))],
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
            "fill": "#ffffff" if text and text != "?" else "#6b7f99",
            "stroke": "#333333",
        },
    )
    if text == "?":  # CC-PARTIAL-UNSEEN: face down, and nobody has seen it
        svg_text(root, x + 22, y + 37, "?", 16, fill="#ffffff")
    elif text:
        rank, suit = text[:-1], text[-1]
        colour = "#c0392b" if suit in RED_SUITS else "#222222"
        shown = ("10" if rank == "T" else rank) + SUIT_SIGNS[suit]
        svg_text(root, x + 22, y + 37, shown, 16, fill=colour)


def _card_words(card: Card) -> str:
    return f"the {_RANK_WORDS.get(card.rank, card.rank)} of {_SUIT_WORDS[card.suit]}"


def status_line(state: State) -> str:
    """Whose step it is, or who won."""
    won = winner(state)
    if won is not None:
        return f"Game over after {plural(state.hands, 'hand')}: {state.players[won]} wins"
    return f"Hand {state.hands + 1}: {state.players[state.to_act]} {_STEP_WORDS[state.step]}"


def describe(state: State, status: str | None = None) -> str:
    """The table in words, seat by seat, then *status* (the status line unless given): every
    picture's description."""
    seats = []
    for seat, name in enumerate(state.players):
        card, text = state.cards[seat], held_text(state, seat)
        words = [
            lives_text(state.lives[seat]),
            "holds a card nobody has seen"
            if text == "?"
            else f"holds {_card_words(card)}"
            if card
            else "holds no card",
        ]
        if seat == state.dealer and not state.is_over:
            words.append("deals")
        seats.append(f"{name}: {', '.join(words)}.")
    return " ".join([*seats, (status or status_line(state)) + "."])


def table_svg(state: State, *, tappable: bool = False) -> Svg:
    """Every seat with its card and its lives; the dealer's seat marked; whose step it is,
    or who won. *tappable* (the app's recorder) groups each seat as a part to tap
    (``data-part="seat N"``) and draws the deck beside them (``data-part="deck"``)."""
    labels = [
        name + (" (D)" if seat == state.dealer else "") for seat, name in enumerate(state.players)
    ]
    pitch = max(70, max(text_width(label, 12) for label in labels) + 12)
    status = status_line(state)
    seats = len(labels) + (1 if tappable else 0)
    width = max(seats * pitch + 20, text_width(status, 13, bold=True) + 20)
    root = svg_root(round(width), 150)
    for seat, label in enumerate(labels):
        x = 10 + seat * pitch + (pitch - 70) / 2
        part = ET.SubElement(root, "g", {"data-part": f"seat {seat}"}) if tappable else root
        svg_text(part, x + 22, 16, label, 12)
        _card(part, x, 24, held_text(state, seat))
        for life in range(state.lives[seat]):
            ET.SubElement(
                part,
                "circle",
                {"cx": f"{x + 8 + life * 12:g}", "cy": "104", "r": "4.5", "fill": "#d4a017"},
            )
    if tappable:
        x = 10 + len(labels) * pitch + (pitch - 70) / 2
        deck = ET.SubElement(root, "g", {"data-part": "deck"})
        svg_text(deck, x + 22, 16, "deck", 12)
        _card(deck, x, 24, "?")
    svg_text(root, 10, 138, status, 13, **{"text-anchor": "start", "font-weight": "bold"})
    return svg_document(root, f"The card game. {status}", describe(state))
