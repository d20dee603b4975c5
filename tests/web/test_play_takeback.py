"""Take back on the play page: what was told of the moves taken back leaves the log with
them (issue #53), on the screen, in storage and after a reload."""

from __future__ import annotations

from typing import Any

from .app import open_app, stored_games
from .test_play_games import KEY, _numbered

TOOK_BACK = "You took back your move."


def _said(page: Any) -> list[str]:
    return list(_numbered(page).values())


def test_take_back_leaves_the_log_as_it_was(page: Any) -> None:
    open_app(page, "play.html")
    page.select_option("#game", "cuckoo-cards")
    page.select_option("#bot", "easy")
    page.select_option("#card-players", "3")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#choices .tap")
    page.wait_for_selector("#announce .said", state="attached")
    before = _said(page)
    told = stored_games(page, KEY)["current"]["told"]
    page.locator("#choices .tap").first.click()
    # the player's move is told, then the bots' and chance's after it, until the player's next
    page.wait_for_function(
        "(n) => Math.max(...[...document.querySelectorAll('#announce .said')]"
        ".map((s) => Number(s.dataset.n))) > n + 1",
        arg=told,
    )
    page.wait_for_selector("#choices .tap, #prompt:text-matches('^The game is over')")
    assert len(_said(page)) > len(before)
    page.click("#takeback")
    page.wait_for_selector(f"#announce .said:last-child:text-is('{TOOK_BACK}')")
    page.wait_for_selector("#choices .tap")
    expected = [*before, TOOK_BACK][-12:]
    assert _said(page) == expected
    assert stored_games(page, KEY)["current"]["said"] == expected
    page.reload()
    page.wait_for_selector("#choices .tap")
    page.wait_for_selector("#announce .said", state="attached")
    assert _said(page) == expected
