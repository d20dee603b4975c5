"""The recorder's picture of the pyramid: laid out for a phone (narrow, so its labels stay
readable once scaled), as clear as the rulebook's, and every cell and nest die named for
the taps."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import dice, web
from cuckoo.dice.svg import position_svg
from tests.app.test_web_api import TABLES, tap, view
from tests.docs.test_svg_access import assert_readable_layout, dice_state

NS = "{http://www.w3.org/2000/svg}"


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 40) | st.none())
def test_the_tappable_picture_is_narrow_clear_and_names_its_parts(
    seed: int, plies: int | None
) -> None:
    state = dice_state(seed, plies)
    svg = position_svg(state, tappable=True)
    root = assert_readable_layout(svg)
    if not state.is_over:  # the result line may be wider; the board itself is not
        # two thirds of the rulebook's width: scaled to 390 px, a cell's name is 13 px
        assert int(root.get("width", "0")) <= 320
    groups = list(root.iter(f"{NS}g"))
    cells = [(g.get("data-cell"), g.get("data-side")) for g in groups if g.get("data-cell")]
    assert len(cells) == 31, "ten cells on each side, and the dungeon"
    assert len(set(cells)) == 31
    dice_drawn = [(g.get("data-nest"), g.get("data-die")) for g in groups if g.get("data-die")]
    expected = [
        (str(player), f"{dice.PLAYER_NAMES[player ^ die.foreign]}'s {die.value}")
        for player, nest in enumerate(state.nests)
        for die in nest
    ]
    assert dice_drawn == expected


def test_the_card_games_pictures_name_their_parts_and_taps_stand_for_choices() -> None:
    """The card game's seats and deck, and Zum Kuckuck!'s rows, are parts of the picture;
    each part the recorder rings stands for the first tap of a choice it offers: a
    player's own card keeps, the next player's swaps, the deck cuts or deals face down."""
    for game, parts in (
        ("cuckoo-cards", {"seat 0", "seat 1", "seat 2", "deck"}),
        ("zum-kuckuck", {"seat 0", "seat 1", "seat 2"}),
    ):
        rng = Random(5)
        table = json.loads(web.table_new(json.dumps(TABLES[game])))["ok"]
        seen_taps: set[str] = set()
        for _ in range(60):
            shown = view(table)
            root = ET.fromstring(shown["svg"])
            named = {g.get("data-part") for g in root.iter(f"{NS}g") if g.get("data-part")}
            assert named == parts
            firsts = {c["path"][0] for c in shown["choices"]}
            for part, run in shown["taps"].items():
                assert part in named and run[0] in firsts
                seen_taps.add(run[0])
            if shown["over"]:
                break
            table = tap(table, rng)
        expected = {"keep", "swap", "cut"} if game == "cuckoo-cards" else {"Ann", "Ben", "Cid"}
        assert expected <= seen_taps, seen_taps
    dealt = {**TABLES["cuckoo-cards"], "moves": ["deal ? ? ?"]}
    acting = web.load(dealt).state.to_act
    assert view(dealt)["taps"] == {f"seat {acting}": ["keep"], f"seat {(acting + 1) % 3}": ["swap"]}
