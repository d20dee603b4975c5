"""The share link as a QR code, drawn in the page with no network: read back from a
screenshot, it opens the same game at the same turn in another page, on each page that
offers a link (the recorder, the viewer, the play page), at a phone's widths."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from .app import (
    enter_move,
    move_text,
    open_app,
    stored_games,
    stored_moves,
    view,
    wait_stored,
)
from .qr import read_code
from .site import Server, wait_ready
from .test_recorder import KEY, dice_table, set_up
from .test_viewer import EXAMPLES_DIR, at_ply

PLAYED = "cuckoo-play-games"


def local_only(context: Any, server: Server) -> None:
    """Every request that leaves the test's own server is refused: no network."""
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(server.url) else route.abort()
        ),
    )


def shared_code(context: Any, page: Any) -> str:
    """Press the page's share button; the link it copied, checked against its QR code as a
    screenshot shows it."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#share")
    code = page.locator("#share-code svg")
    code.wait_for(state="visible")
    link = str(page.evaluate("navigator.clipboard.readText()"))
    assert "#z=" in link
    assert read_code(code.screenshot()) == link
    assert page.locator("#share-code a").get_attribute("href") == link
    return link


def opened(context: Any, link: str) -> Any:
    """*link* opened in a second page: the viewer, ready."""
    other = context.new_page()
    other.set_viewport_size(context.pages[0].viewport_size)
    other.goto(link)
    wait_ready(other)
    return other


@pytest.mark.parametrize("width", [320, 430])
def test_the_recorder_shows_its_link_as_a_code(context: Any, server: Server, page: Any,
                                               width: int) -> None:
    local_only(context, server)
    page.set_viewport_size({"width": width, "height": 800})
    table = dice_table()
    open_app(page, "record.html")
    set_up(page, table)
    moves: list[str] = []
    for _ in range(3):
        choice = next(c for c in view({**table, "moves": moves})["choices"] if not c["roll"])
        enter_move(page, choice, [])
        moves.append(move_text(choice, []))
        wait_stored(page, KEY, len(moves))
    link = shared_code(context, page)
    assert page.locator("#share-code svg").bounding_box()["width"] <= width
    other = opened(context, link)
    at_ply(other, 3)
    assert other.locator("#moves li button").all_inner_texts() == moves
    # the next move makes the code stale: it goes
    choice = next(c for c in view({**table, "moves": moves})["choices"] if not c["roll"])
    enter_move(page, choice, [])
    wait_stored(page, KEY, 4)
    page.locator("#share-code").wait_for(state="hidden")


def test_the_viewer_shows_its_link_as_a_code(context: Any, server: Server, page: Any) -> None:
    local_only(context, server)
    page.set_viewport_size({"width": 390, "height": 800})
    open_app(page, f"viewer.html?file=examples/{EXAMPLES_DIR.joinpath('cuckoo-sides.cuckoo').name}")
    page.wait_for_selector("#moves li", state="attached")
    for _ in range(5):
        page.click("#forward")
    at_ply(page, 5)
    link = shared_code(context, page)
    other = opened(context, link)
    at_ply(other, 5)
    for part in ("#where", "#picture"):
        assert other.inner_html(part) == page.inner_html(part), part
    page.click("#forward")
    page.locator("#share-code").wait_for(state="hidden")


def played(page: Any) -> list[str]:
    """The moves of the game kept by the play page, none before it is kept."""
    return stored_moves(page, PLAYED) if stored_games(page, PLAYED) else []


def test_the_play_page_shows_its_link_as_a_code(context: Any, server: Server, page: Any) -> None:
    local_only(context, server)
    page.set_viewport_size({"width": 390, "height": 800})
    open_app(page, "play.html")
    page.select_option("#bot", "easy")
    page.select_option("#side", "Blue")
    page.click("#setup button[type=submit]")
    while len(played(page)) < 3:  # the bot's move among them
        page.wait_for_selector("#choices .tap", state="attached")
        page.locator("#choices .tap").first.click()
    page.wait_for_selector("#choices .tap", state="attached")
    link = shared_code(context, page)
    ply = int(parse_qs(urlsplit(link).fragment)["ply"][0])
    assert ply == len(played(page))
    other = opened(context, link)
    at_ply(other, ply)
    assert other.locator("#forward").is_disabled()  # the game as far as it went
    record = str(page.text_content("#record"))
    for move in other.locator("#moves li button").all_inner_texts():
        assert move in record, move
