"""The viewer shows a card game as one player saw it (issue #29: a view per player): the
others' cards face down until the rules show them, the cards dealt to others written ?, and
a link that names the player; a record of what was seen shows its unseen cards face down."""

from __future__ import annotations

from typing import Any

from .app import open_app
from .test_viewer import at_ply

CARDS = "examples/cuckoo-cards-three-players.cuckoo"
PARTIAL = """[Game "cuckoo-cards"]
[Players "Ann Ben Cid"]
[Dealer "Ann"]
[Result "*"]

1. deal ? ? 9c keep
*
"""


def _picture(page: Any) -> str:
    return str(page.text_content("#picture"))


def test_a_card_game_seen_by_one_player(page: Any) -> None:
    open_app(page, f"viewer.html?file={CARDS}#ply=3")
    at_ply(page, 3)
    assert "K♦" in _picture(page) and "9♣" in _picture(page)  # everyone: every card
    page.select_option("#seen-by", "1")  # Ben
    page.wait_for_function(
        "() => document.querySelector('#moves li[data-ply=\"2\"] button').textContent === '?'"
    )
    assert "J♦" in _picture(page)
    assert "K♦" not in _picture(page) and "9♣" not in _picture(page)
    assert page.locator("#moves button").nth(0).inner_text() == "Jd"
    assert "seen=Ben" in page.url
    # the link opens the game seen by Ben again
    page.goto(page.url.replace("ply=3", "ply=4"))
    at_ply(page, 4)
    assert page.input_value("#seen-by") == "1"
    assert "K♦" not in _picture(page)
    page.select_option("#seen-by", "")
    page.wait_for_function("() => document.querySelector('#picture').textContent.includes('K♦')")
    assert "seen=" not in page.url


def test_a_record_of_what_was_seen_shows_unseen_cards_face_down(page: Any) -> None:
    open_app(page, "viewer.html")
    page.fill("#text", PARTIAL)
    page.click("#paste button[type=submit]")
    page.click("#last")
    at_ply(page, 4)
    assert page.locator("#moves button").all_inner_texts()[:3] == ["?", "?", "9c"]
    assert _picture(page).count("?") >= 2 and "9♣" in _picture(page)


def test_the_dice_pyramid_has_no_seats_to_choose(page: Any) -> None:
    open_app(page, "viewer.html?file=examples/cuckoo-sides.cuckoo")
    page.wait_for_selector("#picture svg", state="attached")
    assert page.locator("#choose-seat").is_hidden()
