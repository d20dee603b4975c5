"""The card game's table as the players see it: every seat round the table, clockwise in
seating order, with its card and its lives; named, described and readable (issue #16)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import cards
from cuckoo.cards.playout import random_game
from cuckoo.cards.svg import seats_svg
from tests.docs.test_svg_access import assert_described, assert_readable_layout

NS = "{http://www.w3.org/2000/svg}"
NAMES = ("Ann", "Ben", "Cid", "Dorothea", "Eve", "Fitzgerald")


def seat_frames(root: ET.Element) -> list[tuple[float, float, float, float]]:
    """The seats' frames (the white rounded boxes), in the order drawn: seat 0 first."""
    return [
        tuple(float(r.attrib[k]) for k in ("x", "y", "width", "height"))  # type: ignore[misc]
        for r in root.iter(f"{NS}rect")
        if r.get("rx") == "8"
    ]


def assert_clockwise(root: ET.Element) -> None:
    """Seat 0 at the bottom, and each next seat (its left neighbour) clockwise on the page."""
    felt = next(root.iter(f"{NS}ellipse"))
    cx, cy = float(felt.attrib["cx"]), float(felt.attrib["cy"])
    frames = seat_frames(root)
    turns = [math.atan2(x + w / 2 - cx, y + h / 2 - cy) for x, y, w, h in frames]
    clockwise = [(-t) % (2 * math.pi) for t in turns]  # 0 at the bottom, growing clockwise
    assert clockwise[0] < 1e-6 or clockwise[0] > 2 * math.pi - 1e-6
    assert clockwise[1:] == sorted(clockwise[1:])
    for n, a in enumerate(frames):
        for b in frames[n + 1 :]:
            apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
            assert apart or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1], "seats overlap"


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6), st.floats(0, 1))
def test_every_seat_shows_its_card_and_lives(seed: int, players: int, part: float) -> None:
    """CC-SETUP-PLAYERS, CC-DEAL, CC-ELIMINATE: each seat's name, the card it holds and a
    coin per life, in seating order round the table."""
    names = NAMES[:players]
    setup, moves = random_game(cards.RULES, Random(seed), players)
    state = cards.new_game(cards.RULES, cards.Setup(names, setup.dealer))
    for move in moves[: round(part * len(moves))]:
        state = cards.apply(state, move)
    svg = seats_svg(state)
    root = ET.fromstring(svg)
    title, desc = assert_described(svg)
    assert "The card game's table" in title
    frames = seat_frames(root)
    assert len(frames) == players
    assert_clockwise(root)
    texts = [("".join(t.itertext()), t) for t in root.iter(f"{NS}text")]
    coins = [c for c in root.iter(f"{NS}circle") if c.get("fill") == "#d4a017"]
    assert len(coins) == sum(state.lives)
    for seat, (x, y, w, h) in enumerate(frames):
        inside = [
            text
            for text, t in texts
            if x <= float(t.attrib["x"]) <= x + w and y <= float(t.attrib["y"]) <= y + h
        ]
        assert inside[0].startswith(names[seat])
        held = state.cards[seat]
        if held is not None:
            assert any(text[:-1] in (held.rank, "10") for text in inside[1:])
        assert f"{names[seat]}: " in desc
    if cards.winner(state) is not None:
        assert f"{names[cards.winner(state)]} wins" in title  # type: ignore[index]


def test_a_table_of_three_is_readable() -> None:
    """No text over a card, a coin or other text (DejaVu Sans widths, see test_svg_access)."""
    setup, moves = random_game(cards.RULES, Random(1), 3)
    state = cards.new_game(cards.RULES, cards.Setup(NAMES[:3], setup.dealer))
    for move in moves[:5]:
        state = cards.apply(state, move)
    root = ET.fromstring(seats_svg(state))
    for felt in list(root.iter(f"{NS}ellipse")):  # the table lies under everything
        root.remove(felt)
    assert_readable_layout(ET.tostring(root, encoding="unicode"))
