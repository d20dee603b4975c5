"""Every stored format has one declared shape, checked when read (issue #50, defects 4 and
8; ``docs/app/shapes.js``): a damaged game is one message naming it, the others stay
reachable, and nothing throws (every test here fails on an uncaught error of the page:
see ``conftest.context``); a bot named by a stored game is only ever a level offered."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuckoo import web

from .app import move_text, open_app, stored_games, view
from .site import wait_ready
from .test_recorder import KEY, dice_table

PLAYED = "cuckoo-play-games"
WHEN = "2026-01-02T03:04:05.000Z"

PUT = """async ([shelf, games]) => {
  const db = await new Promise((ok, no) => {
    const r = indexedDB.open("cuckoo-app");
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
  const tx = db.transaction(shelf, "readwrite");
  const store = tx.objectStore(shelf);
  store.clear();
  for (const [id, game] of Object.entries(games)) store.put(game, id);
  await new Promise((ok, no) => { tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
  db.close();
}"""
"""Put *games* ({id: game}) in place of what the shelf holds, as an edit of the site's data
would."""

ANNOUNCE = """shelf => new BroadcastChannel("cuckoo-games").postMessage({shelf, id: "x", rev: 1})"""
"""Tell the page that another tab wrote a game: the list is read and drawn again."""


def sound_game(number: int) -> dict[str, Any]:
    """A recorder game as the page stores it: a few moves, its journal."""
    table = dice_table()
    for _ in range(2):
        choice = next(c for c in view(table)["choices"] if not c["roll"])
        table = json.loads(web.table_play(json.dumps(table), move_text(choice, [])))["ok"]
    journal = [{"tap": "play", "move": m, "at": WHEN} for m in table["moves"]]
    return {"name": f"Game {number}", "rev": 2, "table": table, "created": WHEN,
            "updated": WHEN, "undone": [], "journal": journal}


SOUND = sound_game(0)
ENGINE_ONLY = ("names", "rolls", "first", "ruleset")
"""A table's fields the page leaves to the engine (read_table refuses a wrong one when the
game is opened): a game wrong only there is listed, and says so when opened."""


def kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__.replace("int", "float")


WRONG = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in *value*, at every depth."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*at, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += paths(inner, (*at, i))
    return found


PLACES = paths(SOUND)


@st.composite
def damaged(draw: st.DrawFn, number: int) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """A sound game with a value of another type at one place, at any depth."""
    game = json.loads(json.dumps({**SOUND, "name": f"Game {number}"}))
    place = draw(st.sampled_from(PLACES))
    holder = game
    for step in place[:-1]:
        holder = holder[step]
    old = holder[place[-1]]
    holder[place[-1]] = draw(WRONG.filter(lambda v: kind(v) != kind(old)))
    return game, place


@st.composite
def shelves(draw: st.DrawFn) -> tuple[dict[str, Any], set[str], set[str]]:
    """Games to store: {id: game}, the names that must be listed, and those that must not."""
    games: dict[str, Any] = {}
    listed: set[str] = set()
    unlisted: set[str] = set()
    for number in range(draw(st.integers(1, 5))):
        if draw(st.booleans()):
            games[f"g{number}"] = {**SOUND, "name": f"Game {number}"}
            listed.add(f"Game {number}")
            continue
        game, place = draw(damaged(number))
        games[f"g{number}"] = game
        engine_only = len(place) >= 2 and place[0] == "table" and place[1] in ENGINE_ONLY
        (listed if engine_only else unlisted).add(f"Game {number}")
    return games, listed, unlisted


def shown_names(page: Any) -> list[str]:
    names: list[str] = page.locator("#games li .name bdi").all_inner_texts()
    return names


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # one page for all
@given(shelf=shelves())
def test_wrong_types_at_every_depth_leave_every_sound_game_reachable(
    page: Any, shelf: tuple[dict[str, Any], set[str], set[str]]
) -> None:
    games, listed, unlisted = shelf
    if not page.url.endswith("record.html"):
        open_app(page, "record.html")
    page.evaluate("document.querySelector('#games').replaceChildren();"
                  "document.querySelector('#status').textContent = ''")
    page.evaluate(PUT, [KEY, games])
    page.evaluate(ANNOUNCE, KEY)
    page.wait_for_function(
        "n => document.querySelectorAll('#games li').length === n"
        " && (n > 0 || document.querySelector('#status').textContent !== '')",
        arg=len(listed),
    )
    assert sorted(shown_names(page)) == sorted(listed)
    status = page.inner_text("#status")
    for name in unlisted:
        # named by its name, or by its id when the name is what is damaged
        number = name.split()[1]
        assert name in status or f"g{number}" in status, (name, status)
    assert page.locator("#games li button", has_text="Continue").count() == len(listed)
    assert not page.evaluate("document.querySelector('#no-games').checkVisibility()")


def test_a_date_that_is_a_number_and_a_null_journal_line_damage_only_their_games(page: Any) -> None:
    """The issue's two cases: three sound games stay listed and open."""
    games = {f"g{n}": {**SOUND, "name": f"Game {n}"} for n in range(3)}
    games["late"] = {**SOUND, "name": "Dated by a number", "updated": 1700000000000}
    games["holed"] = {**SOUND, "name": "A null line", "journal": [None, *SOUND["journal"]]}
    open_app(page, "record.html")
    page.evaluate(PUT, [KEY, games])
    page.reload()
    wait_ready(page)
    page.wait_for_selector('#status[data-kind="error"]')
    status = page.inner_text("#status")
    assert "2 stored games cannot be read" in status
    assert "Dated by a number" in status and "(updated is not a date)" in status
    assert "A null line" in status and "(journal[0] is not a record)" in status
    assert sorted(shown_names(page)) == ["Game 0", "Game 1", "Game 2"]
    game_1 = page.locator("#games li").filter(has_text="Game 1")
    game_1.get_by_role("button", name="Continue").click()
    page.wait_for_selector("#table-title:has-text('Game 1')")
    page.wait_for_selector("#choices .tap")


def played_game(bot: str) -> dict[str, Any]:
    table = {**dice_table(), "names": {"Blue": "Alex", "Red": bot}, "seed": 5}
    return {"name": "Alex (Blue) vs a bot", "rev": 1, "table": table, "human": "Blue",
            "bot": bot, "said": [], "told": 0, "created": WHEN, "updated": WHEN}


def test_a_stored_bot_not_offered_is_damage_and_a_new_game_replaces_it(page: Any) -> None:
    """search:999999 locked the page for good: it is never started, and New game works."""
    open_app(page, "play.html")
    page.evaluate(PUT, [PLAYED, {"current": played_game("search:999999")}])
    page.reload()
    wait_ready(page)
    page.wait_for_selector('#status[data-kind="error"]')
    assert "bot is not one of easy, medium, hard" in page.inner_text("#status")
    assert page.locator("#setup").is_visible() and page.locator("#table").is_hidden()
    page.select_option("#bot", "easy")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#table", state="visible")
    page.wait_for_function("() => document.querySelector('#prompt').textContent !== ''")
    (game,) = stored_games(page, PLAYED).values()
    assert game["bot"] == "easy" and game["name"] != "Alex (Blue) vs a bot"
