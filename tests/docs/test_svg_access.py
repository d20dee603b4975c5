"""The pictures read well: named and described in words, totals labelled, results shown,
and no text drawn over a die, a card, a line or other text.

The layout is checked geometrically: each text's box is estimated with
:func:`cuckoo.drawing.text_width`, which is generous enough for DejaVu Sans (the usual Linux
font, among the widest) and Arial; the estimate is checked against DejaVu Sans's own widths
where the font is installed.
"""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from random import Random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cuckoo import SetupError, cards, dice, kuckuck
from cuckoo.cards.playout import random_game as cards_game
from cuckoo.cards.views import lives_text
from cuckoo.cards.views import table_svg as cards_table
from cuckoo.dice.playout import random_game as dice_game
from cuckoo.dice.svg import cells_svg, outcome_words, position_svg
from cuckoo.drawing import text_width
from cuckoo.kuckuck.playout import random_game as kuckuck_game
from cuckoo.kuckuck.views import cards_svg
from cuckoo.kuckuck.views import table_svg as kuckuck_table

NS = "{http://www.w3.org/2000/svg}"
DOCS_EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"
ASCENT, DESCENT = 0.8, 0.25
"""How far glyphs reach above and below the baseline, in ems (DejaVu Sans: 0.76, 0.24)."""

GEOMETRY = {"x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "x1", "y1", "x2", "y2"}
Box = tuple[float, float, float, float]
"""left, top, right, bottom"""


def _text_boxes(root: ET.Element) -> list[tuple[str, Box]]:
    boxes = []
    for node in root.iter(f"{NS}text"):
        text = "".join(node.itertext())
        size = float(node.attrib["font-size"])
        width = text_width(text, size, bold=node.get("font-weight") == "bold")
        x, y = float(node.attrib["x"]), float(node.attrib["y"])
        left = x - {"start": 0, "middle": width / 2, "end": width}[node.get("text-anchor", "start")]
        boxes.append((text, (left, y - ASCENT * size, left + width, y + DESCENT * size)))
    return boxes


def _shape_boxes(root: ET.Element) -> list[tuple[str, Box]]:
    boxes = []
    for node in root.iter():
        a = {k: float(v) for k, v in node.attrib.items() if k in GEOMETRY}
        tag = node.tag.removeprefix(NS)
        if tag == "rect":
            box = (a["x"], a["y"], a["x"] + a["width"], a["y"] + a["height"])
        elif tag == "circle":
            box = (a["cx"] - a["r"], a["cy"] - a["r"], a["cx"] + a["r"], a["cy"] + a["r"])
        elif tag == "ellipse":
            box = (a["cx"] - a["rx"], a["cy"] - a["ry"], a["cx"] + a["rx"], a["cy"] + a["ry"])
        elif tag == "line":
            xs, ys = sorted((a["x1"], a["x2"])), sorted((a["y1"], a["y2"]))
            box = (xs[0], ys[0], xs[1], ys[1])
        else:
            continue
        boxes.append((tag, box))
    return boxes


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and inner[2] <= outer[2]
        and outer[1] <= inner[1]
        and inner[3] <= outer[3]
    )


def assert_readable_layout(svg: str) -> ET.Element:
    """Every text inside the picture, clear of every other text, and either clear of each
    shape or wholly inside it (a label on a card or an empty cell)."""
    root = ET.fromstring(svg)
    _, _, width, height = map(float, root.attrib["viewBox"].split())
    texts = _text_boxes(root)
    shapes = _shape_boxes(root)
    assert texts, "every picture has words in it"
    for n, (text, box) in enumerate(texts):
        assert _inside(box, (0, 0, width, height)), f"{text!r} runs off the picture"
        for other, other_box in texts[n + 1 :]:
            assert not _overlap(box, other_box), f"{text!r} overlaps {other!r}"
        for tag, shape in shapes:
            assert not _overlap(box, shape) or _inside(box, shape), f"{text!r} crosses a {tag}"
    return root


def assert_described(svg: str) -> tuple[str, str]:
    """The picture is an image named by its title and described by its desc; their texts."""
    root = ET.fromstring(svg)
    title, desc = list(root)[:2]
    assert (title.tag, desc.tag) == (f"{NS}title", f"{NS}desc")
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert title.text and desc.text
    return title.text, desc.text


def dice_state(seed: int, plies: int | None) -> dice.State:
    """A random game of the default ruleset after *plies* plies (None: its end)."""
    setup, moves = dice_game(dice.RULESETS["cuckoo"], Random(seed))
    state = dice.new_game(dice.RULESETS["cuckoo"], setup)
    for move in moves[:plies]:
        state = dice.apply(state, move)
    return state


@settings(max_examples=30)
@given(st.integers(0, 2**32), st.integers(0, 40) | st.none())
def test_dice_position_is_described_labelled_and_clear(seed: int, plies: int | None) -> None:
    """CD-SCORE-SIDE: each side's totals drawn with the player's name beside them."""
    state = dice_state(seed, plies)
    svg = position_svg(state)
    root = assert_readable_layout(svg)
    title, desc = assert_described(svg)
    totals = dice.side_totals(state)
    drawn = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
    for side, name in enumerate("ABC"):
        line = f"Blue {totals[0][side]} \u00b7 Red {totals[1][side]}"
        assert drawn.count(line) >= 1
        assert f"Side {name} (Blue {totals[0][side]}, Red {totals[1][side]} points)" in desc
    outcome = dice.result(state)
    if outcome is None:
        assert "Game over" not in svg
    else:
        assert outcome_words(outcome) in drawn and outcome_words(outcome) in title


def test_a_finished_dice_game_shows_its_result() -> None:
    """CD-SCORE-MAJORITY: the winner and the sides won are written in the picture."""
    state = dice_state(3, None)
    outcome = dice.result(state)
    assert outcome is not None and outcome.reason == "sides"
    root = ET.fromstring(position_svg(state))
    drawn = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
    blue, red = outcome.sides_won
    winner = "Blue" if outcome.winners == (0,) else "Red"
    assert f"Game over, {outcome.token}: {winner} wins, {blue} sides to {red}" in drawn


def test_the_player_to_move_clears_the_first_die_of_the_nest() -> None:
    """The label that used to run into the first die with DejaVu Sans."""
    state = dice_state(1, 1)
    root = ET.fromstring(position_svg(state))
    (label,) = [box for text, box in _text_boxes(root) if text == "Blue (to move)"]
    first_die = min(
        (box for tag, box in _shape_boxes(root) if tag == "rect" and box[1] > label[1] - 20),
        key=lambda box: box[0],
    )
    assert label[2] < first_die[0]


def test_the_same_picture_twice_gets_the_same_ids_and_others_differ() -> None:
    first, later = position_svg(dice_state(5, 3)), position_svg(dice_state(5, 4))
    ids = [ET.fromstring(svg)[0].get("id") for svg in (first, position_svg(dice_state(5, 3)))]
    assert ids[0] == ids[1]
    assert ET.fromstring(later)[0].get("id") != ids[0]


names = st.lists(st.from_regex(r"[A-Z][a-z]{0,13}", fullmatch=True), min_size=5, max_size=5)


@settings(max_examples=30)
@given(st.integers(0, 2**32), st.integers(2, 5), names, st.booleans())
def test_card_table_is_described_and_clear(
    seed: int, players: int, chosen: list[str], to_end: bool
) -> None:
    """CC-END: the winner written at the end; long names keep clear of each other."""
    names = tuple(dict.fromkeys(chosen))[:players]
    assume(len(names) >= 2)
    setup, moves = cards_game(cards.RULES, Random(seed), len(names))
    try:
        state = cards.new_game(cards.RULES, cards.Setup(names, setup.dealer))
    except SetupError:
        assume(False)
    for move in moves if to_end else moves[: Random(seed).randrange(len(moves))]:
        state = cards.apply(state, move)
    svg = cards_table(state)
    assert_readable_layout(svg)
    title, desc = assert_described(svg)
    for seat, name in enumerate(names):
        assert f"{name}: {lives_text(state.lives[seat])}" in desc
    if to_end:
        winner = names[state.to_act]
        assert f"{winner} wins" in title and f"{winner} wins" in svg


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.sampled_from(["basic", "tactical"]), st.integers(3, 5), names)
def test_kuckuck_table_is_described_and_clear(
    seed: int, variant: str, players: int, chosen: list[str]
) -> None:
    """ZK-MATCH-WINNER: the winners and their points written at the end."""
    names = tuple(dict.fromkeys(chosen))[:players]
    assume(len(names) >= 3)
    rules = kuckuck.rules(variant=variant)
    _, moves = kuckuck_game(rules, Random(seed), len(names))
    try:
        state = kuckuck.new_game(rules, kuckuck.Setup(names))
    except SetupError:
        assume(False)
    for move in moves[: Random(seed).randrange(len(moves) + 1)]:
        state = kuckuck.apply(state, move)
    svg = kuckuck_table(state)
    assert_readable_layout(svg)
    title, desc = assert_described(svg)
    assert all(f"{name}: " in desc for name in names)
    won = kuckuck.winners(state)
    if won:
        assert f"{names[won[0]]}" in title and "Game over" in svg
        assert f"with {kuckuck.totals(state)[won[0]]} points" in title


def test_pictures_of_the_components_are_described_and_clear() -> None:
    for svg in (cells_svg(), cards_svg()):
        assert_readable_layout(svg)
        assert_described(svg)
    _, desc = assert_described(cells_svg())
    assert "side A: 000 / " in desc


@pytest.fixture(scope="module")
def bar_chart() -> object:
    pytest.importorskip("sphinx", reason="the docs extension needs the docs extra")
    sys.path.insert(0, str(DOCS_EXT))
    try:
        from cuckoo_pictures import bar_chart
    finally:
        sys.path.remove(str(DOCS_EXT))
    return bar_chart


def test_balance_chart_has_axes_a_scale_and_a_labelled_reference_line(bar_chart: object) -> None:
    rows = [("cuckoo: mcts:100-greedy", 0.778, (0.688, 0.848)), ("unnamed", 0.454, (0.44, 0.47))]
    svg = bar_chart(rows, "Score of the only player who infected", "no gain")  # type: ignore[operator]
    root = assert_readable_layout(svg)
    _, desc = assert_described(svg)
    assert "0.778 (95% interval 0.688 to 0.848)" in desc
    drawn = {"".join(t.itertext()) for t in root.iter(f"{NS}text")}
    assert {"0", "0.25", "0.5", "0.75", "1", "0.5 = no gain"} <= drawn
    lines = [box for tag, box in _shape_boxes(root) if tag == "line"]
    horizontal = [b for b in lines if b[1] == b[3] and b[2] - b[0] >= 300]
    vertical = [b for b in lines if b[0] == b[2] and b[3] - b[1] >= 50]
    assert len(horizontal) == 1, "one x axis"
    assert len(vertical) == 2, "a y axis and the reference line"


# -- the estimate against the font itself ---------------------------------------------------

FONTS = [
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
]


def _advances(path: Path, text: str) -> dict[str, float]:
    """Each character's advance width in ems, read from the font's cmap (format 4) and hmtx."""
    data = path.read_bytes()
    tables = {
        data[12 + 16 * i : 16 + 16 * i].decode(): struct.unpack(
            ">II", data[20 + 16 * i : 28 + 16 * i]
        )
        for i in range(struct.unpack(">H", data[4:6])[0])
    }
    head, hhea, hmtx, cmap = (tables[t][0] for t in ("head", "hhea", "hmtx", "cmap"))
    units = struct.unpack(">H", data[head + 18 : head + 20])[0]
    metrics = struct.unpack(">H", data[hhea + 34 : hhea + 36])[0]
    for i in range(struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(
            ">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i]
        )
        if (platform, encoding) == (3, 1):
            sub = cmap + offset
    segments = struct.unpack(">H", data[sub + 6 : sub + 8])[0] // 2
    arrays = [sub + 14 + k * 2 * segments + (2 if k else 0) for k in range(4)]

    def glyph(code: int) -> int:
        for s in range(segments):
            end, start, delta, offset = (
                struct.unpack(">H", data[a + 2 * s : a + 2 * s + 2])[0] for a in arrays
            )
            if start <= code <= end:
                if offset == 0:
                    return (code + delta) % 65536
                where = arrays[3] + 2 * s + offset + 2 * (code - start)
                found = struct.unpack(">H", data[where : where + 2])[0]
                return (found + delta) % 65536 if found else 0
        return 0

    def advance(g: int) -> int:
        at = hmtx + 4 * min(g, metrics - 1)
        return int(struct.unpack(">H", data[at : at + 2])[0])

    return {c: advance(glyph(ord(c))) / units for c in text}


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.stem)
def test_the_estimate_is_wider_than_dejavu_sans(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} is not installed (Debian: fonts-dejavu-core)")
    characters = "".join(chr(c) for c in range(32, 127)) + "\u00b7\u00d7\u2660\u2663\u2665\u2666"
    bold = "Bold" in path.stem
    widths = _advances(path, characters)
    assert widths["m"] > widths["i"] > 0, "the font was read"
    short = {c: w for c, w in widths.items() if text_width(c, 1, bold=bold) < w}
    assert short == {}
