"""Links into the viewer: one opens at the start or at the ply it names, and the address
follows the ply shown; a small link that would expand to a huge text is stopped as it is
expanded; text from a record cannot reverse the text around it; the recorder shares a
link of the game so far, and a file too big for a link is shared as a file."""

from __future__ import annotations

import base64
import time
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .app import EXAMPLES, downloaded, enter_move, move_text, open_app, view, wait_stored
from .site import wait_ready
from .test_recorder import KEY, dice_table, set_up
from .test_viewer import at_ply

SIDES = next(e for e in EXAMPLES if e.name == "cuckoo-sides.cuckoo")


def packed(text: bytes) -> str:
    """*text* as the viewer's #z= links carry it: raw DEFLATE, URL-safe base64."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = squeeze.compress(text) + squeeze.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_link_opens_at_the_start_or_at_its_ply(page: Any) -> None:
    open_app(page, f"viewer.html?file=examples/{SIDES.name}")
    at_ply(page, 0)
    page.click("#forward")
    at_ply(page, 1)
    assert urlsplit(page.url).fragment == "ply=1"
    link = f"viewer.html#z={packed(SIDES.read_bytes())}&ply=12"
    open_app(page, link)
    at_ply(page, 12)
    page.keyboard.press("ArrowRight")
    at_ply(page, 13)
    assert "ply=13" in urlsplit(page.url).fragment


def test_a_link_that_expands_too_far_is_stopped_at_once(page: Any) -> None:
    bomb = packed(b"a" * 64_000_000)
    assert len(bomb) < 100_000
    open_app(page, "viewer.html")
    began = time.monotonic()
    page.goto(f"app/viewer.html#z={bomb}")
    page.wait_for_selector(
        '#status[data-kind="error"]:has-text("Could not open the link")', timeout=10_000
    )
    assert "more than 1 MB" in page.inner_text("#status")
    assert time.monotonic() - began < 5, "the link was expanded before it was refused"


def test_a_direction_override_stays_inside_its_text(page: Any) -> None:
    evil = "\u202eEvil"
    text = SIDES.read_text().replace('[Event "Example game"]', f'[Event "{evil}"]')
    text = text.replace("\n\n1. ", f"\n\n{{{evil} comment}}\n1. ", 1)
    both = f"{text}\n{text}".encode()  # two games: the list of games shows the title too
    open_app(page, f"viewer.html#z={packed(both)}")
    page.wait_for_selector("#games option", state="attached")
    options = page.locator("#games option").all_inner_texts()
    # the title isolated in its option, and each tag value in it as well
    assert options[0].startswith(f"1. \u2068\u2068{evil}\u2069, ") and options[0].endswith(
        "\u2069"
    ), options
    for element in ("#title", "#comment"):
        assert (
            page.evaluate(f"getComputedStyle(document.querySelector('{element}')).unicodeBidi")
            == "isolate"
        ), element


def test_the_recorder_shares_a_link_of_the_game_so_far(context: Any, page: Any) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    table = dice_table()
    open_app(page, "record.html")
    set_up(page, table)
    moves = []
    for _ in range(2):
        choice = next(c for c in view({**table, "moves": moves})["choices"] if not c["roll"])
        enter_move(page, choice, [])
        moves.append(move_text(choice, []))
        wait_stored(page, KEY, len(moves))
    page.click("#share")
    page.wait_for_selector("#status:has-text('on the clipboard')")
    link = page.evaluate("navigator.clipboard.readText()")
    assert len(link) < 2500 and "#z=" in link
    page.goto(link)
    wait_ready(page)
    at_ply(page, 2)
    assert page.locator("#moves li").count() == 2


def test_a_big_file_is_shared_as_a_file(page: Any, tmp_path: Path) -> None:
    text = "\n".join(e.read_text() for e in EXAMPLES)
    assert len(packed(text.encode())) > 2000
    open_app(page, "viewer.html")
    page.fill("#text", text)
    page.click("#paste button[type=submit]")
    page.wait_for_selector("#games option", state="attached")
    shared = downloaded(page, "#share", tmp_path)
    assert shared.read_text() == text
    assert "#z=" not in page.url
    assert "Too big for a link" in page.inner_text("#status")
