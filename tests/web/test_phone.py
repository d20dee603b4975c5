"""At a phone's width (390 x 844) no page of the app scrolls sideways."""

from __future__ import annotations

from typing import Any

from .app import EXAMPLES, NO_SIDEWAYS_SCROLL, open_app
from .test_recorder import dice_table, set_up


def test_no_sideways_scroll_on_a_phone(context: Any, page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    wide = []

    def check(what: str) -> None:
        if not page.evaluate(NO_SIDEWAYS_SCROLL):
            wide.append(f"{what}: {page.evaluate('document.documentElement.scrollWidth')} px")

    for example in EXAMPLES:
        open_app(page, f"viewer.html?file=examples/{example.name}")
        page.wait_for_selector("#picture svg", state="attached")
        check(f"viewer, {example.name}")
    open_app(page, "record.html")
    check("recorder, list")
    page.click("#new")
    check("recorder, setup")
    page.click("#cancel")
    set_up(page, dice_table())
    page.wait_for_selector("#choices .tap")
    check("recorder, table")
    open_app(page, "play.html")
    page.select_option("#bot", "random")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#choices .tap")
    check("play, game on")
    assert not wide, wide
