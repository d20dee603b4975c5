"""Play the dice pyramid against the easy bot to the end, by taps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cuckoo import web
from cuckoo.games import read_records

from .app import cuckoo, downloaded, open_app

OVER = "#prompt:text-matches('^The game is over')"


def test_play_the_easy_bot(page: Any, tmp_path: Path) -> None:
    open_app(page, "play.html")
    page.select_option("#bot", "easy")
    page.select_option("#side", "Blue")
    page.click("#setup button[type=submit]")
    # the title names the player and the colour played, against "an easy bot"
    page.wait_for_selector("#table-title:has-text('seed')")
    assert page.inner_text("#table-title").startswith("Alex (Blue) vs an easy bot, seed")
    announced: set[str] = set()
    for _ in range(500):
        page.wait_for_selector(f"#choices .tap, {OVER}", state="attached")
        announced.update(page.locator("#announce .said").all_inner_texts())
        if page.locator(OVER).count():
            break
        page.locator("#choices .tap").first.click()
    else:
        raise AssertionError("the game did not end in 500 taps")

    record = downloaded(page, "#download", tmp_path)
    run = cuckoo("validate", str(record), check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    ((_, game),) = read_records(record.read_text().splitlines(keepends=True))
    assert game.result != "*"
    red = [str(move) for move in game.moves[(0 if game.tag("First") == "Red" else 1) :: 2]]
    said = {f"easy (Red) {web.describe(move)}." for move in red}
    bot_lines = {line for line in announced if line.startswith("easy (Red)")}
    assert bot_lines, f"no move of the bot announced: {announced}"
    assert bot_lines <= said, bot_lines - said
