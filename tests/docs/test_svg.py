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


def test_kuckuck_cards_picture_shows_the_cockatoos_of_each_band() -> None:
    """ZK-CARD-COCKATOOS: a disc for a whole cockatoo, a half disc for half of one."""
    from cuckoo.kuckuck.views import cards_svg

    root = ET.fromstring(cards_svg())
    numbers = [t.text for t in root.iter(f"{NS}text") if t.text and t.text.isdigit()]
    assert numbers[:10] == ["1", "12", "13", "24", "25", "36", "37", "48", "49", "60"]
    assert len([c for c in root.iter(f"{NS}circle") if c.get("fill") == "#2e9e5b"]) == 2
    assert len(list(root.iter(f"{NS}path"))) == 4  # 13, 24, 37 and 48


@settings(max_examples=20)
@given(st.integers(0, 2**32), st.sampled_from(["basic", "tactical"]), st.integers(3, 5))
def test_kuckuck_table_draws_every_cockatoo_card_and_nest(
    seed: int, variant: str, players: int
) -> None:
    """ZK-NEST-TOP, ZK-ROUND-TURN: a cockatoo card per card received, the turned ones grey;
    the top of each nest."""
    from cuckoo import kuckuck
    from cuckoo.kuckuck.playout import random_game as kuckuck_game
    from cuckoo.kuckuck.views import table_svg

    rules = kuckuck.rules(variant=variant)
    setup, moves = kuckuck_game(rules, Random(seed), players)
    state = kuckuck.new_game(rules, setup)
    for move in moves[: Random(seed).randrange(len(moves))]:
        state = kuckuck.apply(state, move)
    root = ET.fromstring(table_svg(state))
    cards = [r for r in root.iter(f"{NS}rect") if r.get("width") == "14"]
    if not state.hands:
        assert cards == []
        return
    assert len(cards) == sum(state.counts)
    up = sum(c for s, c in enumerate(state.cockatoos) if s not in state.out)
    assert len([r for r in cards if r.get("fill") == "#f2c14e"]) == up
    nests = [r for r in root.iter(f"{NS}rect") if r.get("fill") == "#c9a46a"]
    assert len(nests) == sum(1 for n in state.nests if n) + (2 if state.shown else 0)
