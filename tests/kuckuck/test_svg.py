"""Zum Kuckuck!'s table as the players see it: every seat round the table, clockwise in
seating order, with its cockatoo cards, the top of its nest and the card it plays or last
played; the round's nest cards in the middle; named, described and readable (issue #16)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import kuckuck
from cuckoo.kuckuck.playout import random_game
from cuckoo.kuckuck.svg import seats_svg
from tests.cards.test_svg import assert_clockwise, seat_frames
from tests.docs.test_svg_access import assert_described, assert_readable_layout

NS = "{http://www.w3.org/2000/svg}"
UP, TURNED = "#f2c14e", "#7a7a7a"


def _state(seed: int, players: int, part: float, variant: str) -> kuckuck.State:
    rules = kuckuck.rules(variant=variant)
    setup, moves = random_game(rules, Random(seed), players)
    state = kuckuck.new_game(rules, setup)
    for move in moves[: round(part * len(moves))]:
        state = kuckuck.apply(state, move)
    return state


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(3, 5),
    st.floats(0, 1),
    st.sampled_from(["basic", "tactical"]),
)
def test_every_seat_shows_its_cockatoos_and_nest(
    seed: int, players: int, part: float, variant: str
) -> None:
    """ZK-SETUP-COUNT, ZK-ROUND-TURN, ZK-NEST-TOP: a cockatoo card per COUNT, yellow while
    it shows its cockatoo; the nest's top card; the nest cards of the round."""
    state = _state(seed, players, part, variant)
    svg = seats_svg(state)
    root = ET.fromstring(svg)
    title, desc = assert_described(svg)
    assert "Zum Kuckuck!'s table" in title
    assert len(seat_frames(root)) == players
    assert_clockwise(root)
    small = [r for r in root.iter(f"{NS}rect") if r.get("width") == "10"]
    if state.hands:
        assert len(small) == sum(state.counts)
        up = sum(n for seat, n in enumerate(state.cockatoos) if seat not in state.out)
        assert sum(r.get("fill") == UP for r in small) == up
    texts = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
    for seat, name in enumerate(state.players):
        assert any(t.startswith(name) for t in texts)
        assert f"{name}: " in desc
        if state.hands and state.nests[seat]:
            assert f"nest \u00d7{len(state.nests[seat])}" in texts
    if state.shown:
        assert texts.count("nest cards") == 1
        assert f"Nest cards turned up: {state.shown[0]} and {state.shown[1]}" in desc


def test_a_table_mid_cycle_is_readable() -> None:
    """No text over a card or other text (DejaVu Sans widths, see test_svg_access)."""
    state = _state(3, 5, 0.2, "tactical")
    assert state.hands and any(state.nests)
    root = ET.fromstring(seats_svg(state))
    for felt in list(root.iter(f"{NS}ellipse")):  # the table lies under everything
        root.remove(felt)
    assert_readable_layout(ET.tostring(root, encoding="unicode"))
