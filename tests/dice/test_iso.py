"""The pyramid in three dimensions and the picture of a die's corner: drawn from the
engine's geometry and faces, named and described, every face in its owner's colour, the
sides in the order the spec gives them; and no import circle between the state and its
pictures (issue #19)."""

from __future__ import annotations

import ast
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import dice
from cuckoo.dice.faces import HANDEDNESS, is_corner
from cuckoo.dice.geometry import APEX, SHOWN, SIDES
from cuckoo.dice.iso import corner_svg, face_colour, iso_svg
from cuckoo.dice.playout import random_game
from cuckoo.dice.svg import PIT
from tests.docs.test_svg_access import assert_described, dice_state

NS = "{http://www.w3.org/2000/svg}"
STATE_PY = Path(dice.__file__).with_name("state.py")


def _faces(svg: str) -> list[tuple[tuple[float, float], str, int]]:
    """Each drawn die face: where its centre lands on the page, its fill and its pips."""
    faces = []
    for group in ET.fromstring(svg).iter(f"{NS}g"):
        a, b, c, d, e, f = map(float, group.attrib["transform"][7:-1].split())
        x = y = PIT / 2
        centre = (a * x + c * y + e, b * x + d * y + f)
        fill = group.find(f"{NS}rect").attrib["fill"]  # type: ignore[union-attr]
        faces.append((centre, fill, len(group.findall(f"{NS}circle"))))
    return faces


def test_the_state_does_not_import_its_pictures() -> None:
    """The view draws the state; the state never imports the view (no circle)."""
    tree = ast.parse(STATE_PY.read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert not [m for m in imported if m.endswith(("svg", "iso", "views"))]
    state = dice_state(0, 5)
    assert state._repr_svg_().startswith("<svg")
    # a notebook that imports only the engine still sees the picture
    alone = (
        "import random, sys, cuckoo.dice as d;"
        " s = d.new_game('cuckoo', d.random_setup(random.Random(1)));"
        " assert 'cuckoo.games' not in sys.modules;"
        " print(s._repr_svg_()[:4])"
    )
    shown = subprocess.run([sys.executable, "-c", alone], capture_output=True, text=True)
    assert shown.stdout == "<svg\n", shown.stderr


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 40) | st.none())
def test_every_shown_face_is_drawn_in_its_owners_colour(seed: int, plies: int | None) -> None:
    """CD-SIDE, CD-SCORE-SIDE: one face per side a placed die shows, its owner's colour
    (shaded by side), its value in pips; the totals in the words."""
    state = dice_state(seed, plies)
    svg = iso_svg(state)
    title, desc = assert_described(svg)
    drawn = sorted((fill, pips) for _, fill, pips in _faces(svg))
    expected = sorted(
        (face_colour(placed.owner, side), placed.faces[side])
        for cell, placed in enumerate(state.board)
        if placed is not None
        for side in SHOWN[cell]
    )
    assert drawn == expected
    assert f"({len(expected)} faces showing)" in title
    totals = dice.side_totals(state)
    for side, name in enumerate("ABC"):
        assert f"side {name}: Blue {totals[0][side]}, Red {totals[1][side]}" in desc
    root = ET.fromstring(svg)
    _, _, width, height = map(float, root.attrib["viewBox"].split())
    for centre, _, _ in _faces(svg):
        assert 0 < centre[0] < width and 0 < centre[1] < height


def test_owners_and_sides_get_different_colours() -> None:
    colours = {face_colour(owner, side) for owner in (0, 1) for side in SIDES}
    assert len(colours) == 6


def _counter_clockwise(points: list[tuple[float, float]], around: tuple[float, float]) -> list[int]:
    """The indices of *points* in counter-clockwise order on the page (y grows downwards)."""
    angle = [math.atan2(around[1] - y, x - around[0]) for x, y in points]
    order = sorted(range(len(points)), key=lambda n: angle[n])
    start = order.index(0)
    return order[start:] + order[:start]


def test_the_apex_shows_sides_a_b_c_counter_clockwise() -> None:
    """CD-SIDE, CD-DIE-CORNER: seen from above, the sides run A, B, C counter-clockwise,
    so the apex's three faces, read that way, are a corner of the ruleset's dice."""
    setup, moves = random_game(dice.RULESETS["cuckoo"], Random(7))
    state = dice.new_game(dice.RULESETS["cuckoo"], setup)
    for move in moves:
        state = dice.apply(state, move)
    apex = state.board[APEX]
    assert apex is not None
    faces = _faces(iso_svg(state))
    colours = [face_colour(apex.owner, side) for side in SIDES]
    centres = [c for c, fill, _ in faces]
    middle = (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))
    near = sorted(faces, key=lambda f: math.dist(f[0], middle))[:3]
    assert sorted(fill for _, fill, _ in near) == sorted(colours)
    by_side = sorted(near, key=lambda f: colours.index(f[1]))
    assert _counter_clockwise([c for c, _, _ in by_side], middle) == [0, 1, 2]
    assert tuple(pips for _, _, pips in by_side) == apex.faces
    assert is_corner(apex.faces, dice.RULESETS["cuckoo"].handedness)


def test_the_corner_picture_agrees_with_the_rule() -> None:
    """CD-DIE-CORNER: on the western die 1, 2, 3 run counter-clockwise, on the eastern
    clockwise; each die's three faces, read counter-clockwise, are a corner of its kind."""
    svg = corner_svg()
    _, desc = assert_described(svg)
    assert "the western die" in desc and "the eastern die" in desc
    faces = _faces(svg)
    assert len(faces) == 6
    words = [t.text for t in ET.fromstring(svg).iter(f"{NS}text")]
    for n, hand in enumerate(HANDEDNESS):
        die = sorted(faces, key=lambda f: f[0][0])[3 * n : 3 * n + 3]
        corner = (
            sum(c[0] for c, _, _ in die) / 3,
            sum(c[1] for c, _, _ in die) / 3,
        )
        ccw = tuple(die[i][2] for i in _counter_clockwise([c for c, _, _ in die], corner))
        one = ccw.index(1)
        read = ccw[one:] + ccw[:one]
        assert sorted(read) == [1, 2, 3] and is_corner(read, hand)  # type: ignore[arg-type]
        assert read == ((1, 2, 3) if hand == "western" else (1, 3, 2))
        turn = "counter-clockwise" if hand == "western" else "clockwise"
        assert f"1, 2, 3 run {turn}" in words
