"""The play page's opponents (issue #44): three levels named alike in every game, a hint
from the medium bot for the player's own move, a move taken back after the bots answered,
and the bots shown thinking when they take longer than a moment."""

from __future__ import annotations

from typing import Any

import pytest

from .app import open_app, stored_games

KEY = "cuckoo-play-games"


def _table(page: Any) -> dict[str, Any]:
    table: dict[str, Any] = stored_games(page, KEY)["current"]["table"]
    return table


def _until(page: Any, done: Any, seconds: float = 60) -> None:
    """Wait until *done()* holds, asking again every tenth of a second."""
    for _ in range(int(seconds * 10)):
        if done():
            return
        page.wait_for_timeout(100)
    raise AssertionError("not in time")


@pytest.mark.parametrize("game", ["cuckoo-dice", "cuckoo-cards", "zum-kuckuck"])
def test_three_levels_in_every_game(page: Any, game: str) -> None:
    open_app(page, "play.html")
    page.select_option("#game", game)
    assert page.locator("#bot option").all_inner_texts() == ["easy", "medium", "hard"]
    for level in ("easy", "medium", "hard"):
        page.select_option("#bot", level)
        assert page.locator("#level-says").inner_text().startswith(f"A {level} bot ")


def test_a_hint_then_a_move_taken_back_after_the_bots_answered(page: Any) -> None:
    open_app(page, "play.html")
    page.select_option("#game", "cuckoo-cards")
    page.select_option("#card-players", "3")
    page.select_option("#bot", "hard")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#choices .tap")
    page.click("#hint")
    page.wait_for_selector("#hint-says:text-matches('^The medium bot would play (keep|swap|cut)')")
    before = list(_table(page)["moves"])
    page.locator("#choices .tap").first.click()
    _until(page, lambda: len(_table(page)["moves"]) > len(before))
    page.wait_for_selector("#choices .tap, #prompt:text-matches('^The game is over')")
    assert len(_table(page)["moves"]) > len(before)
    page.click("#takeback")
    _until(page, lambda: _table(page)["moves"] == before)
    assert _table(page)["moves"] == before
    page.wait_for_selector("#choices .tap")  # your move again, as it was


SLOW_ENGINE = """(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (JSON.stringify(message ?? null).includes("play_next")) {
      setTimeout(() => post.call(this, message, ...rest), 1000);
      return;
    }
    return post.call(this, message, ...rest);
  };
})();"""
"""Every bot turn sent to the engine a second late, as on a phone slower than this machine:
the bots' own searches stay within 300 ms here, too quick to be shown thinking."""


def test_the_bots_are_shown_thinking(page: Any) -> None:
    """A bot turn that takes longer than 300 ms (the engine slowed, above): the page says
    the bots are thinking while it does, and no longer once they have answered."""
    page.context.add_init_script(SLOW_ENGINE)
    open_app(page, "play.html")
    page.select_option("#bot", "hard")
    page.click("#setup button[type=submit]")
    for _ in range(12):  # the player may move first (a die, then a cell): the bot answers
        page.wait_for_selector("#thinking:not([hidden]), #choices .tap", timeout=60_000)
        if page.locator("#thinking").is_visible():
            break
        page.locator("#choices .tap").first.click()
        page.wait_for_timeout(200)
    else:
        raise AssertionError("the bot was never shown thinking")
    page.wait_for_selector("#choices .tap", timeout=180_000)
    assert page.locator("#thinking").is_hidden()
