"""The play page's card games and the viewer's "Seen by" at a phone's widths: no sideways
scroll, every control at least 44 px either way."""

from __future__ import annotations

from typing import Any

import pytest

from .app import open_app
from .test_phone import phone_problems


@pytest.mark.parametrize("width", [320, 390, 430])
def test_card_games_at_phone_widths(page: Any, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    problems: list[str] = []

    def check(what: str) -> None:
        problems.extend(phone_problems(page, what))

    open_app(page, "play.html")
    for game, players in (("cuckoo-cards", "#card-players"), ("zum-kuckuck", "#kuckuck-players")):
        if page.locator("#again").is_visible():
            page.click("#again")
        page.select_option("#game", game)
        page.select_option(players, "5")
        check(f"play, {game} setup")
        page.click("#setup button[type=submit]")
        page.wait_for_selector("#choices .tap")
        # the log has what was told so far (one line when the player acts first after the deal)
        page.wait_for_selector("#announce .said", state="attached")
        check(f"play, {game} on")
    open_app(page, "viewer.html?file=examples/zum-kuckuck-tactical-four-players.cuckoo#seen=Ann")
    page.wait_for_selector("#choose-seat:not([hidden])", state="attached")
    check("viewer, seen by")
    assert not problems, "\n".join(problems)
