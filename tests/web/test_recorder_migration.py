"""Games kept by earlier versions of the app in localStorage (``{id: game}`` under the
shelf's name, no version number) move into IndexedDB on the first visit, open and go on
being recorded, and leave localStorage; a value that cannot be read is left untouched."""

from __future__ import annotations

import json
from typing import Any

from .app import open_app, stored_games, view, wait_stored
from .test_recorder import KEY, TABLES, check_shown

OLD_GAME = {
    "name": "Card game: Ann, Ben, Cid (old)",
    "table": {**TABLES["cuckoo-cards"](), "moves": ["deal 7h", "deal 2c", "deal Qs", "keep"]},
    "created": "2024-05-01T10:00:00.000Z",
    "updated": "2024-05-01T10:05:00.000Z",
}


def seed(page: Any, value: str) -> None:
    """Put *value* in localStorage under the recorder's key, as an old version left it."""
    page.goto("app/index.html")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, value])


def test_games_in_the_old_store_move_in_and_go_on(page: Any) -> None:
    seed(page, json.dumps({"g1": OLD_GAME}))
    open_app(page, "record.html")
    page.wait_for_selector("#games li")
    assert OLD_GAME["name"] in page.inner_text("#games")
    assert page.evaluate("key => localStorage.getItem(key)", KEY) is None
    kept = stored_games(page, KEY)
    assert list(kept) == ["g1"] and kept["g1"]["table"] == OLD_GAME["table"]
    assert kept["g1"]["rev"] >= 0
    page.get_by_role("button", name="Continue").click()
    table = OLD_GAME["table"]
    check_shown(page, table)
    page.locator("#choices .tap").filter(has_text="keep").first.click()
    moves = wait_stored(page, KEY, 5)
    assert moves[-1] == "keep" and view({**table, "moves": moves})["prompt"]
    page.reload()  # moved once: a reload finds it in the database, not twice
    page.wait_for_selector("#table", state="visible")
    assert list(stored_games(page, KEY)) == ["g1"]


def test_an_unreadable_old_store_is_left_untouched(page: Any) -> None:
    seed(page, "{not json")
    open_app(page, "record.html")
    page.wait_for_selector("#no-games", state="visible")
    assert page.evaluate("key => localStorage.getItem(key)", KEY) == "{not json"
