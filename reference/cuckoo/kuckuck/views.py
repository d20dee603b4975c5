"""Ways to look at a Zum Kuckuck! state: text for people, plain data for programs, what one
player may know, and SVG pictures of the cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any, Final

from ..drawing import INK, Svg, svg_document, svg_root, svg_text, text_width
from ..progress import plural
from .cards import UNSEEN, halves
from .rules import choosing
from .scoring import totals, winners
from .state import Seat, State

__all__ = [
    "cards_svg",
    "describe",
    "diagram",
    "observe",
    "position",
    "state_dict",
    "status_line",
    "table_svg",
]

_PLAYING: Final = ("nest", "play")
"""The steps at which a tactical round has a start player."""
_STEP: Final = {
    "deal": "the deal",
    "start": "the start player is drawn",
    "nest": "two nest cards are turned up",
    "play": "number cards are played",
    "over": "the match is over",
}


def diagram(state: State) -> str:
    """A line per seat: hand size, cockatoo cards, nest, this round's card, total points."""
    if state.step == "deal":
        head = "the deal"
    elif state.is_over:
        head = f"after {state.cycle} cycles"
    else:
        head = f"cycle {state.cycle + 1}, round {state.round + 1}: {_STEP[state.step]}"
    lines = [f"{head} ({state.rules.variant})"]
    if state.shown:
        lines.append(f"  nest cards up: {state.shown[0]} {state.shown[1]}")
    width = max(len(p) for p in state.players)
    points = totals(state)
    due = choosing(state)
    for seat, name in enumerate(state.players):
        if not state.hands:  # the deal is under way
            lines.append(f"  {name:<{width}}  dealt {len(state.dealt[seat])}")
            continue
        if seat in state.out:
            cells = "out of this cycle"
        else:
            nest = " ".join(map(str, state.nests[seat])) or "-"
            played = state.plays[seat]
            cells = (
                f"{hand_label(state, seat)}  "
                f"cockatoos {state.cockatoos[seat]}/{state.counts[seat]}  nest {nest}"
                + (f"  played {played}" if played is not None else "")
                + ("  to play" if seat in due else "")
            )
        cycles = ", ".join(f"{c[seat]}" for c in state.scores)
        total = f"total {points[seat]}" + (f" (cycles {cycles})" if len(state.scores) > 1 else "")
        lines.append(f"  {name:<{width}}  {cells}  {total}")
    won = winners(state)
    if won:
        lines.append("\nwinner: " + " and ".join(state.players[s] for s in won))
    return "\n".join(lines) + "\n"


def position(state: State) -> dict[str, Any]:
    """What two engines must agree on after every move (the protocol's ``state``)."""
    names = state.players
    return {
        "players": list(names),
        "variant": state.rules.variant,
        "step": state.step,
        "dealt": [_cards(hand) for hand in state.dealt],
        "cycle": state.cycle,
        "round": state.round,
        "hands": [sorted(hand) for hand in state.hands],
        **({"unseen": list(state.unseen)} if state.unseen else {}),
        "counts": list(state.counts),
        "cockatoos": list(state.cockatoos),
        "nests": [list(nest) for nest in state.nests],
        "shown": list(state.shown) if state.shown else None,
        "out": [names[s] for s in sorted(state.out)],
        "played": [list(cards) for cards in state.played],
        "plays": list(state.plays),
        "starter": names[state.starter] if state.rules.in_turn and state.step in _PLAYING else None,
        "to_play": [names[s] for s in choosing(state)],
        "scores": [list(cycle) for cycle in state.scores],
    }


def _holding(state: State, seat: Seat) -> tuple[int, int]:
    """How many cards *seat* holds, and how many of them nobody has seen
    (ZK-PARTIAL-UNSEEN)."""
    unseen = state.unseen[seat] if state.unseen else 0
    return len(state.hands[seat]) + unseen, unseen


def hand_label(state: State, seat: Seat) -> str:
    """``hand 12``, or ``hand 12 (9 unseen)`` when some are unseen."""
    held, unseen = _holding(state, seat)
    return f"hand {held:>2}" + (f" ({unseen} unseen)" if unseen else "")


def _cards(hand: tuple[int, ...]) -> list[int | str]:
    """A dealt hand in order of number, a card nobody saw as "?" (ZK-PARTIAL-UNSEEN), last."""
    return [*sorted(n for n in hand if n != UNSEEN), *["?"] * hand.count(UNSEEN)]


def state_dict(state: State) -> dict[str, Any]:
    """The state as plain data for ``--json``."""
    return {
        **position(state),
        "totals": list(totals(state)),
        "winners": [state.players[s] for s in winners(state)],
    }


def observe(state: State, seat: Seat) -> dict[str, Any]:
    """ZK-BASIC-SIMULTANEOUS: what the player at *seat* may know.

    Their own hand and card; of the others, only what lies face up: in the basic version a
    card chosen but not yet shown is just "chosen" until everyone has chosen.
    """
    seen = position(state)
    seen["hands"] = [len(hand) for hand in state.hands]
    seen["hand"] = sorted(state.hands[seat]) if state.hands else _cards(state.dealt[seat])
    seen["dealt"] = [len(hand) for hand in state.dealt]
    if not state.rules.in_turn:
        seen["plays"] = [
            card if s == seat or card is None else "chosen" for s, card in enumerate(state.plays)
        ]
    return seen


# -- pictures ---------------------------------------------------------------------------

_CARD_W: Final = 34
_CARD_H: Final = 48
_GREEN: Final = "#2e9e5b"
_HAND_STEP: Final = 56  # a hand card's tap target: 44 px or more at 390 px wide


def _rect(root: ET.Element, x: float, y: float, fill: str, w: float = _CARD_W) -> None:
    attributes = {
        "x": f"{x:g}",
        "y": f"{y:g}",
        "width": f"{w:g}",
        "height": str(_CARD_H),
        "rx": "4",
        "fill": fill,
        "stroke": INK,
    }
    ET.SubElement(root, "rect", attributes)


def _bold(root: ET.Element, x: float, y: float, value: int) -> None:
    svg_text(root, x + _CARD_W / 2, y + 22, str(value), 15, **{"font-weight": "bold"})


def _number_card(root: ET.Element, x: float, y: float, number: int) -> None:
    """A number card: its number, and its cockatoos below (a disc for a whole one, a half
    disc for a half) (ZK-CARD-COCKATOOS)."""
    _rect(root, x, y, "#fffdf5")
    _bold(root, x, y, number)
    cx, cy, r = x + _CARD_W / 2, y + 36, 5
    count = halves(number)
    if count == 2:
        disc = {"cx": f"{cx:g}", "cy": f"{cy:g}", "r": str(r), "fill": _GREEN}
        ET.SubElement(root, "circle", disc)
    elif count == 1:
        path = f"M{cx - r:g},{cy:g} A{r},{r} 0 0 1 {cx + r:g},{cy:g} Z"
        ET.SubElement(root, "path", {"d": path, "fill": _GREEN})


def _nest_card(root: ET.Element, x: float, y: float, value: int) -> None:
    """A nest card: its value, the number of cuckoos in the nest (ZK-CARD-NESTS)."""
    _rect(root, x, y, "#c9a46a")
    nest = {"cx": f"{x + _CARD_W / 2:g}", "cy": f"{y + 34:g}", "rx": "12", "ry": "6"}
    ET.SubElement(root, "ellipse", {**nest, "fill": "#7a5a2b"})
    _bold(root, x, y, value)


def _cockatoo_card(root: ET.Element, x: float, y: float, *, turned: bool) -> None:
    """A cockatoo card, narrow: coloured side up, or turned to its cuckoo (grey)."""
    _rect(root, x, y, "#7a7a7a" if turned else "#f2c14e", w=14)
    if not turned:
        eye = {"cx": f"{x + 7:g}", "cy": f"{y + 16:g}", "r": "4"}
        ET.SubElement(root, "circle", {**eye, "fill": "#ffffff", "stroke": INK})


def status_line(state: State) -> str:
    """Where the match stands, or who won it."""
    if state.is_over:
        points = totals(state)
        won = winners(state)
        names = " and ".join(state.players[s] for s in won)
        wins = "win" if len(won) > 1 else "wins"
        cycles, score = plural(state.cycle, "cycle"), plural(points[won[0]], "point")
        return f"Game over after {cycles}: {names} {wins} with {score}"
    if state.step == "deal":
        return "The deal"
    return f"Cycle {state.cycle + 1}, round {state.round + 1}: {_STEP[state.step]}"


def describe(state: State, points: Sequence[int], status: str) -> str:
    """The table in words: the nest cards turned up, each seat, then *status*; every
    picture's description."""
    seats = " ".join(
        f"{name}: {_seat_words(state, seat, points[seat])}."
        for seat, name in enumerate(state.players)
    )
    shown = f"Nest cards turned up: {state.shown[0]} and {state.shown[1]}. " if state.shown else ""
    return f"{shown}{seats} {status}."


def _seat_words(state: State, seat: Seat, points: int) -> str:
    """What the table shows of one seat, in words."""
    if not state.hands:
        return f"dealt {plural(len(state.dealt[seat]), 'card')}"
    if seat in state.out:
        return f"out of this cycle, {plural(points, 'point')}"
    nest = state.nests[seat]
    played = state.plays[seat]
    held, unseen = _holding(state, seat)
    return ", ".join(
        [
            f"{plural(held, 'card')} in hand" + (f", {unseen} of them unseen" if unseen else ""),
            f"{state.cockatoos[seat]} of {plural(state.counts[seat], 'cockatoo card')} face up",
            f"nest of {plural(len(nest), 'card')}, {nest[-1]} on top" if nest else "no nest",
            *([f"played {played}"] if played is not None else []),
            plural(points, "point"),
        ]
    )


def table_svg(
    state: State, *, tappable: bool = False, hand: Sequence[int] = (), caption: str = ""
) -> Svg:
    """Every seat in a row: name and points, cockatoo cards, nest pile top, this round's
    card and hand size; the two nest cards of the round above; the result at the end.
    *tappable* (the app's recorder) groups each seat's row as a part to tap
    (``data-part="seat N"``), the whole row its target. *hand* (the play page) is the
    one hand the viewer may see, drawn below the seats, each card a part to tap
    (``data-part="card N"``); no other hand is ever drawn. *caption*, when given, is drawn
    below in place of the status line (a book's picture says what it shows, not what the
    table waits for)."""
    n = len(state.players)
    row = _CARD_H + 22
    top = 60 if state.shown else 10
    points = totals(state)
    due = choosing(state)
    labels = [
        name
        + (" (out)" if seat in state.out else " (to play)" if seat in due else "")
        + (f" \u00b7 {plural(points[seat], 'point')}" if state.scores else "")
        for seat, name in enumerate(state.players)
    ]
    status = caption or status_line(state)
    width = max(470, max(text_width(label, 12) for label in labels) + 12)
    width = max(width, text_width(status, 13, bold=True) + 12)
    per_row = int((width - 12) // _HAND_STEP)
    hand_rows = -(-len(hand) // per_row)
    hand_top = top + n * row
    height = hand_top + (18 + hand_rows * (_CARD_H + 6) if hand else 0) + 34
    root = svg_root(round(width), height)
    if state.shown:
        svg_text(root, 40, 30, "nest cards", 11)
        for k, value in enumerate(state.shown):
            _nest_card(root, 90 + k * (_CARD_W + 6), 6, value)
    table = root
    for seat, label in enumerate(labels):
        y = top + seat * row
        if tappable:
            root = ET.SubElement(table, "g", {"data-part": f"seat {seat}"})
            box = {"x": "2", "y": f"{y:g}", "width": f"{width - 4:g}", "height": f"{row - 2:g}"}
            ET.SubElement(root, "rect", {**box, "rx": "6", "fill": "transparent", "class": "hit"})
        svg_text(root, 6, y + 12, label, 12, **{"text-anchor": "start"})
        base = y + 18
        if not state.hands:
            svg_text(root, 400, base + 28, f"dealt {len(state.dealt[seat])}", 11)
            continue
        counts, face_up = state.counts[seat], state.cockatoos[seat]
        for k in range(counts):
            _cockatoo_card(root, 6 + k * 10, base, turned=k >= face_up or seat in state.out)
        nest = state.nests[seat]
        if nest:
            _nest_card(root, 210, base, nest[-1])
            count = f"\u00d7{len(nest)}"
            svg_text(root, 210 + _CARD_W + 4, base + 28, count, 10, **{"text-anchor": "start"})
        played = state.plays[seat]
        if played is not None:
            _number_card(root, 280, base, played)
        svg_text(root, 400, base + 28, " ".join(hand_label(state, seat).split()), 11)
    root = table
    if hand:
        svg_text(root, 6, hand_top + 12, "your hand", 12, **{"text-anchor": "start"})
    for k, number in enumerate(hand):
        x = 6 + (k % per_row) * _HAND_STEP
        y = hand_top + 18 + (k // per_row) * (_CARD_H + 6)
        card = ET.SubElement(root, "g", {"data-part": f"card {number}"})
        box = {"x": f"{x:g}", "y": f"{y - 3:g}", "width": f"{_HAND_STEP - 2}", "height": "54"}
        ET.SubElement(card, "rect", {**box, "fill": "transparent", "class": "hit"})
        _number_card(card, x + (_HAND_STEP - 2 - _CARD_W) / 2, y, number)
    svg_text(root, 6, height - 12, status, 13, **{"text-anchor": "start", "font-weight": "bold"})
    title = f"Zum Kuckuck! ({state.rules.variant}). {status}"
    return svg_document(root, title, describe(state, points, status))


def cards_svg() -> Svg:
    """The kinds of card: the number cards at the edges of each band of cockatoos, a nest
    card, and a cockatoo card on both sides (for the components chapter)."""
    numbers = (1, 12, 13, 24, 25, 36, 37, 48, 49, 60)
    step = _CARD_W + 8
    width = 10 + step * len(numbers)
    root = svg_root(width, 150)
    for k, number in enumerate(numbers):
        _number_card(root, 10 + k * step, 6, number)
    svg_text(root, width / 2, 70, "number cards: no cockatoo, half a cockatoo, a whole one", 11)
    _nest_card(root, 10, 84, 7)
    svg_text(root, 10 + _CARD_W + 6, 112, "a nest card (7)", 11, **{"text-anchor": "start"})
    _cockatoo_card(root, 200, 84, turned=False)
    _cockatoo_card(root, 220, 84, turned=True)
    svg_text(root, 242, 112, "a cockatoo card, both sides", 11, **{"text-anchor": "start"})
    cockatoos = ("no cockatoo", "half a cockatoo", "a whole cockatoo")
    shown = ", ".join(f"{number} with {cockatoos[halves(number)]}" for number in numbers)
    desc = (
        f"Number cards: {shown}. A nest card of value 7. "
        "A cockatoo card, coloured side up and turned to its cuckoo."
    )
    return svg_document(root, "The kinds of card of Zum Kuckuck!", desc)
