"""The SVG pictures: well-formed, one drawn face per visible face, owners' colours."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo.dice import RULESETS, apply, new_game
from cuckoo.dice.playout import random_game
from cuckoo.dice.svg import COLOURS, cells_svg, position_svg

NS = "{http://www.w3.org/2000/svg}"


def test_cells_picture_names_every_cell_on_every_side() -> None:
    root = ET.fromstring(cells_svg())
    labels = [t.text for t in root.iter(f"{NS}text") if t.text and t.text.isdigit()]
    assert len(labels) == 30, "10 cells on each of 3 sides"
    assert labels.count("000") == 3 and "111" not in labels


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.integers(0, 40))
def test_position_picture_draws_what_is_visible(seed: int, plies: int) -> None:
    setup, moves = random_game(RULESETS["cuckoo"], Random(seed))
    state = new_game(RULESETS["cuckoo"], setup)
    for move in moves[:plies]:
        state = apply(state, move)
    root = ET.fromstring(position_svg(state))
    faces = [r for r in root.iter(f"{NS}rect") if r.get("fill") in COLOURS]
    visible = sum(1 for p in state.board if p for f in p.faces if f)
    in_nests = sum(len(n) for n in state.nests)
    dungeon = state.board[15] is not None
    assert len(faces) == visible + in_nests + dungeon
    blue = sum(1 for r in faces if r.get("fill") == COLOURS[0])
    blue_visible = sum(1 for p in state.board if p and p.owner == 0 for f in p.faces if f)
    blue_nest = sum(1 for i, n in enumerate(state.nests) for d in n if i ^ d.foreign == 0)
    blue_dungeon = dungeon and state.board[15].owner == 0  # type: ignore[union-attr]
    assert blue == blue_visible + blue_nest + blue_dungeon


def test_state_shows_itself_in_jupyter() -> None:
    setup, _ = random_game(RULESETS["cuckoo"], Random(1))
    svg = new_game(RULESETS["cuckoo"], setup)._repr_svg_()
    assert svg.startswith("<svg") and ET.fromstring(svg).tag == f"{NS}svg"
