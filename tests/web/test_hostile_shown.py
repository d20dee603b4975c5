"""Outside text shown as text, never as markup (issue #50): a game whose every name, tag,
comment and journal line is hostile (script, markup, a direction override) runs nothing
and adds no element, on every screen that shows it, because every page puts text in
through ``docs/app/show.js`` (the grep in ``tests/app/test_app_shown.py`` holds that no
other module writes markup); a share link too long for a QR code is said so in words."""

from __future__ import annotations

import json
import re
from typing import Any

from cuckoo import web

from .app import EXAMPLES, open_app
from .site import Server, wait_ready
from .test_recorder import KEY, dice_table
from .test_stored_shapes import PUT, WHEN
from .test_viewer_links import packed

HOSTILE = ("<img src=x onerror=window.pwned=1><script>window.pwned=2</script>"
           "\u202e<b id=hostile>x</b><svg onload=window.pwned=3><a href=javascript:1>&amp;")
"""Script, markup, an event handler, a link and a direction override in one text."""

CREATED = """() => ({
  pwned: window.pwned ?? null,
  made: document.querySelectorAll(
    "#hostile, img, a[href^='javascript'], [onerror], [onload], main script, body > script").length,
})"""
"""What the hostile text did: a script that ran, an element made from it."""


def assert_inert(page: Any) -> None:
    assert page.evaluate(CREATED) == {"pwned": None, "made": 0}


def hostile_game() -> dict[str, Any]:
    table = {**dice_table(), "names": {"Blue": HOSTILE, "Red": HOSTILE + "2"}}
    table = json.loads(web.table_new(json.dumps(table)))["ok"]
    choice = next(c for c in json.loads(web.table_view(json.dumps(table)))["choices"]
                  if not c["ask"])
    move = choice["text"]
    table = json.loads(web.table_play(json.dumps(table), move))["ok"]
    journal = [{"tap": "play", "move": move, "at": WHEN},
               {"tap": "undo", "move": HOSTILE, "at": WHEN}]
    return {"name": HOSTILE, "rev": 3, "table": table, "created": WHEN, "updated": WHEN,
            "undone": [], "journal": journal}


def test_a_recorded_game_named_with_markup_runs_nothing(page: Any) -> None:
    open_app(page, "record.html")
    page.evaluate(PUT, [KEY, {"g1": hostile_game(), "g2": {**hostile_game(), "rev": None}}])
    page.reload()
    wait_ready(page)
    # the list, with one game damaged (its rev): named by its hostile name, as text
    page.wait_for_selector('#status[data-kind="error"]')
    assert HOSTILE in page.inner_text("#status").replace("\u2068", "").replace("\u2069", "")
    assert page.locator("#games li .name bdi").all_inner_texts() == [HOSTILE]
    assert_inert(page)
    page.get_by_role("button", name="Continue").click()
    page.wait_for_selector("#choices .tap")
    page.wait_for_function("() => document.querySelector('#record').textContent !== ''")
    assert page.inner_text("#table-title") == HOSTILE
    assert HOSTILE in page.text_content("#record")
    assert page.locator("#journal li").all_text_contents()[1] == f"undo {HOSTILE}"
    assert page.evaluate("""[...document.querySelectorAll('#picture *')].every(
      (e) => e.namespaceURI === 'http://www.w3.org/2000/svg')""")
    assert_inert(page)


def test_a_record_whose_tags_names_and_comments_are_markup_runs_nothing(page: Any) -> None:
    text = web.table_record(json.dumps(hostile_game()["table"]))
    no_brace = HOSTILE.replace("}", "")
    text = text.replace('[Game "cuckoo-dice"]', f'[Game "cuckoo-dice"]\n[Event "{HOSTILE}"]')
    text = re.sub(r"^1\. \S+", lambda move: f"{move[0]} {{{no_brace}}}", text, flags=re.M)
    assert json.loads(web.Viewer(text).summary())["games"], "the record reads"
    open_app(page, f"viewer.html#z={packed(text.encode())}")
    page.wait_for_selector("#game", state="visible")
    assert HOSTILE in page.inner_text("#title")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('#comment').textContent !== ''")
    assert_inert(page)
    assert page.locator("#moves .note").all_text_contents() == [no_brace]
    assert_inert(page)


def test_the_pictures_layer_keeps_only_drawing(browser: Any, server: Server) -> None:
    """picture() given an SVG with script, a foreign object, handlers and links. A context
    of its own: Chromium reports each handler attribute parsed, in the inert document
    too, as refused by the page's policy (script-src 'self'), and those are the only
    errors it may report."""
    context = browser.new_context(base_url=server.url)
    errors: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error":
            errors.append(message.text)

    context.on("console", console)
    context.on("weberror", lambda error: errors.append(f"page error: {error.error}"))
    page = context.new_page()
    open_app(page, "viewer.html")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><script>window.pwned=4</script>'
           '<foreignObject><img src=x onerror="window.pwned=5"></foreignObject>'
           '<a href="javascript:window.pwned=6"><text id="t" onclick="window.pwned=7">'
           + HOSTILE.replace("<", "&lt;") + '</text></a><rect onload="window.pwned=8"/></svg>')
    kept = page.evaluate(
        """async (svg) => {
          const { picture } = await import("./show.js");
          const box = document.createElement("div");
          document.body.append(box);
          picture(box, svg);
          box.querySelector("text")?.dispatchEvent(new Event("click"));
          await new Promise((ok) => setTimeout(ok, 200));
          return [...box.querySelectorAll("*")].map((e) => [e.localName, e.getAttributeNames()]);
        }""",
        svg,
    )
    assert kept == [["svg", ["xmlns"]], ["rect", []]], kept
    assert_inert(page)
    context.close()
    assert all(e.startswith("Executing inline event handler violates") for e in errors), errors


def test_a_link_too_long_for_a_code_is_said_in_words(context: Any, page: Any) -> None:
    """A long "Seen by" name: the link is copied and no code is drawn, and both are said."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    cards = next(e for e in EXAMPLES if e.name == "cuckoo-cards-three-players.cuckoo")
    long_name = "A" + "n" * 3000
    text = cards.read_text(encoding="utf-8").replace("Ann", long_name)
    open_app(page, f"viewer.html#z={packed(text.encode())}")
    page.wait_for_selector("#game", state="visible")
    page.select_option("#seen-by", "0")
    page.click("#share")
    page.wait_for_selector("#share-code figcaption", state="visible")
    assert page.locator("#share-code svg").count() == 0
    assert "No QR code" in page.inner_text("#share-code")
    status = page.inner_text("#status")
    assert "on the clipboard" in status and "No QR code: the link is too long" in status
    link = page.evaluate("navigator.clipboard.readText()")
    assert "seen=A" + "n" * 3000 in link
