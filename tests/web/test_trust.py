"""What a player trusts the recorder with: a move goes to the game it was made in, for the
player who made it, whatever else is open; stored data that has been tampered with gives a
message; a full or blocked storage is said at once and the record can still be taken; the
setup survives a reload; undo can be undone; an engine that cannot load is said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cuckoo import web

from .app import downloaded, enter_move, enter_roll, move_text, open_app, stored_games, view
from .app import wait_stored as wait_moves
from .site import Server, wait_ready
from .test_recorder import KEY, dice_table, journal_of, set_up

STALE_TAB = "BroadcastChannel.prototype.addEventListener = function () {};"
"""A tab that hears nothing of the others (frozen in the background, say)."""


def first_choice(table: dict[str, Any]) -> dict[str, Any]:
    choice: dict[str, Any] = next(c for c in view(table)["choices"] if not c["roll"])
    return choice


def continue_game(page: Any, name: str) -> None:
    page.locator("#games li").filter(has_text=name).get_by_role("button", name="Continue").click()
    page.wait_for_selector("#table", state="visible")


def test_a_stale_tab_cannot_write_a_move_for_the_wrong_player(context: Any) -> None:
    table = dice_table()
    first = first_choice(table)
    played = {**table, "moves": [move_text(first, [])]}
    ann = context.new_page()
    open_app(ann, "record.html")
    set_up(ann, table)
    stale, watching = context.new_page(), context.new_page()
    stale.add_init_script(STALE_TAB)
    for page in (stale, watching):
        open_app(page, "record.html")
        continue_game(page, "Ann")
        page.wait_for_selector("#choices .tap")

    enter_move(ann, first, [])
    assert wait_moves(ann, KEY, 1) == played["moves"]
    # the tab that heard of it shows the move at once
    watching.wait_for_function(
        "text => document.querySelector('#record').textContent === text",
        arg=view(played)["record"],
    )
    # the stale tab still offers the first player's move: its tap is refused, not saved
    # as the second player's, and the tab then shows the game as it is
    enter_move(stale, first, [])
    stale.wait_for_selector('#status[data-kind="error"]:has-text("Not recorded")')
    assert wait_moves(ann, KEY, 1) == played["moves"]
    stale.wait_for_function(
        "text => document.querySelector('#record').textContent === text",
        arg=view(played)["record"],
    )


def test_a_reload_opens_the_tabs_own_game(context: Any) -> None:
    ann, other = context.new_page(), context.new_page()
    open_app(ann, "record.html")
    set_up(ann, dice_table())
    open_app(other, "record.html")
    set_up(other, {**dice_table(), "names": {"Blue": "Cyd", "Red": "Dot"}})
    ann.reload()
    wait_ready(ann)
    ann.wait_for_selector("#table", state="visible")
    ann.wait_for_selector("#table-title:has-text('Ann')")


def test_tampered_storage_gives_a_message(context: Any, page: Any) -> None:
    open_app(page, "record.html")
    set_up(page, dice_table())
    (good,) = stored_games(page, KEY)
    page.evaluate(
        """async ([shelf, good]) => {
          const db = await new Promise((ok) => {
            const r = indexedDB.open("cuckoo-app");
            r.onsuccess = () => ok(r.result);
          });
          const tx = db.transaction(shelf, "readwrite");
          const store = tx.objectStore(shelf);
          const game = await new Promise((ok) => {
            store.get(good).onsuccess = (e) => ok(e.target.result);
          });
          store.put("garbage", "junk");
          store.put({ ...game, table: { game: "chess", moves: [] } }, "chess");
          store.put({ ...game, table: { ...game.table, rolls: 5, moves: [7] } }, "typed");
          store.put({ ...game, table: { ...game.table, moves: ["zz"] } }, "illegal");
          store.put({ ...game, table: [] }, "list");
          await new Promise((ok) => { tx.oncomplete = ok; });
          db.close();
          sessionStorage.setItem("cuckoo-recorder-tab", '{"screen": "table", "id": 5}');
          sessionStorage.setItem("cuckoo-recorder-setup", '{"rolls": "x"');
          localStorage.setItem(shelf, "{not json");
        }""",
        [KEY, good],
    )
    page.reload()
    wait_ready(page)
    status = page.locator('#status[data-kind="error"]')
    status.wait_for()
    # each named (by its id when it has no name), with the first field that is wrong
    for damaged in ("junk (the value is not a record)", "(table.game is not one of",
                    "(table.moves[0] is not a text)", "(table is not a record)"):
        assert damaged in status.inner_text().replace("\u2068", "").replace("\u2069", "")
    page.locator("#games li").filter(has_text="Ann").first.wait_for()
    # the one that reads but cannot be replayed says why when opened
    page.evaluate("""sessionStorage.setItem("cuckoo-recorder-tab",
                     '{"screen": "table", "id": "illegal"}')""")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#refused:has-text('cannot be replayed')")
    assert page.evaluate("localStorage.getItem('cuckoo-recorder-games')") == "{not json"


QUOTA = """() => {
  IDBObjectStore.prototype.put = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}"""


def test_storage_full_is_said_and_the_record_still_downloads(page: Any, tmp_path: Path) -> None:
    table = dice_table()
    first = first_choice(table)
    open_app(page, "record.html")
    set_up(page, table)
    page.evaluate(QUOTA)
    enter_move(page, first, [])
    status = page.locator('#status[data-kind="error"]')
    status.wait_for()
    assert "NOT SAVED" in status.inner_text() and "full" in status.inner_text()
    played = {**table, "moves": [move_text(first, [])]}
    record = downloaded(page, "#download", tmp_path)
    assert journal_of(record.read_text())[0] == web.table_record(json.dumps(played))
    assert wait_moves(page, KEY, 0) == []


def test_setup_taps_survive_a_reload(page: Any) -> None:
    open_app(page, "record.html")
    page.click("#new")
    page.fill("#blue-name", "Ann")
    enter_roll(page, 0, [6, 5, 4])
    enter_roll(page, 1, [1])
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#setup", state="visible")
    assert page.input_value("#blue-name") == "Ann"
    assert page.locator('[data-roll="0"] .dice-entry .die').all_inner_texts() == ["6", "5", "4"]
    assert page.locator('[data-roll="1"] .dice-entry .die').all_inner_texts() == ["1"]


def test_undo_can_be_undone_and_the_journal_keeps_every_tap(page: Any) -> None:
    table = dice_table()
    first = first_choice(table)
    text = move_text(first, [])
    open_app(page, "record.html")
    set_up(page, table)
    enter_move(page, first, [])
    wait_moves(page, KEY, 1)
    page.click("#undo")
    wait_moves(page, KEY, 0)
    page.click("#redo")
    assert wait_moves(page, KEY, 1) == [text]
    (game,) = stored_games(page, KEY).values()
    assert [(e["tap"], e["move"]) for e in game["journal"]] == [
        ("play", text), ("undo", text), ("redo", text)]
    page.wait_for_selector("#redo[disabled]", state="attached")


def test_an_engine_that_cannot_load_is_said(browser: Any, server: Server) -> None:
    """The runtime's download blocked (a context of its own: the failed download is a
    console error, and the service worker would fetch it past the route)."""
    context = browser.new_context(base_url=server.url, service_workers="block")
    context.route("**/pyodide/pyodide.mjs", lambda route: route.abort())
    page = context.new_page()
    page.goto("app/record.html")
    page.wait_for_selector("#loading.failed", timeout=30_000)
    assert "reload" in page.inner_text("#loading")
    context.close()


def test_a_printed_game_is_a_scoresheet(page: Any) -> None:
    table = dice_table()
    open_app(page, "record.html")
    set_up(page, table)
    page.wait_for_selector("#picture svg", state="attached")
    page.emulate_media(media="print")
    page.evaluate("dispatchEvent(new Event('beforeprint'))")
    shown = page.evaluate("""() => Object.fromEntries(
      ["header", ".actions", "#choices", "#record", "#picture svg", "#table-title"].map(
        (s) => [s, document.querySelector(s).checkVisibility()]))""")
    assert shown == {"header": False, ".actions": False, "#choices": False, "#record": True,
                     "#picture svg": True, "#table-title": True}, shown


def test_storage_blocked_is_said_and_the_game_still_records(page: Any, tmp_path: Path) -> None:
    page.add_init_script(
        'indexedDB.open = () => { throw new DOMException("blocked", "SecurityError"); };'
    )
    table = dice_table()
    first = first_choice(table)
    open_app(page, "record.html")
    page.wait_for_selector('#status[data-kind="error"]:has-text("cannot be kept")')
    set_up(page, table)
    page.wait_for_selector('#status[data-kind="error"]:has-text("NOT SAVED")')
    enter_move(page, first, [])
    played = {**table, "moves": [move_text(first, [])]}
    page.wait_for_function(  # the tab holds the move it could not keep
        "text => document.querySelector('#record').textContent === text",
        arg=view(played)["record"],
    )
    assert "does not let the site keep" in page.inner_text("#status")
    record = downloaded(page, "#download", tmp_path)
    assert journal_of(record.read_text())[0] == web.table_record(json.dumps(played))
