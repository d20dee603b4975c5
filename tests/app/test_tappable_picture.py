"""The recorder's picture of the pyramid: laid out for a phone (narrow, so its labels stay
readable once scaled), as clear as the rulebook's, and every cell and nest die named for
the taps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import dice
from cuckoo.dice.svg import position_svg
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
