"""Nothing half-lost (issue #42): a move half built (a die and a cell chosen, an infection's
re-roll values tapped) survives a reload; a game the browser could not keep asks before the
tab is left or "All games" closes it."""

from __future__ import annotations

from typing import Any

from .app import open_app, stored_moves, tap, view, wait_stored
from .site import wait_ready
from .test_recorder import KEY, dice_table, set_up
from .test_trust import QUOTA, first_choice


def chips(page: Any) -> list[str]:
    page.wait_for_selector("#choices .tap, #choices fieldset.reroll")
    chosen: list[str] = page.locator("#choices .chip").all_inner_texts()
    return chosen


def test_a_half_built_placement_survives_a_reload(page: Any) -> None:
    table = dice_table()
    place = next(c for c in view(table)["choices"] if c["path"][0] == "Place a die")
    open_app(page, "record.html")
    set_up(page, table)
    for label in place["path"][:3]:
        tap(page, label)
    page.reload()
    wait_ready(page)
    assert chips(page) == place["path"][:3]
    page.click("#choices .step-back")  # taken back: a reload keeps that too
    page.reload()
    wait_ready(page)
    assert chips(page) == place["path"][:2]


def test_a_half_tapped_re_roll_survives_a_reload(page: Any) -> None:
    table = dice_table()
    infection = next(c for c in view(table)["choices"] if c["roll"])
    open_app(page, "record.html")
    set_up(page, table)
    for label in infection["path"]:
        tap(page, label)
    page.locator("#choices fieldset.reroll").first.get_by_role(
        "button", name="5", exact=True
    ).click()
    page.reload()
    wait_ready(page)
    assert chips(page) == infection["path"]
    pressed = page.locator('#choices fieldset.reroll button[aria-pressed="true"]')
    assert pressed.all_inner_texts() == ["5"]


def test_a_game_not_kept_asks_before_it_is_left(page: Any) -> None:
    table = dice_table()
    open_app(page, "record.html")
    set_up(page, table)
    page.evaluate(QUOTA)
    first = first_choice(table)
    for label in first["path"]:
        tap(page, label)
    page.wait_for_selector('#status[data-kind="error"]:has-text("NOT SAVED")')
    asked: list[str] = []

    def refuse(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", refuse)
    page.click("#close")  # "All games": asked, refused, the game stays
    assert asked == ["confirm"] and page.locator("#table").is_visible()
    page.close(run_before_unload=True)  # leaving: the browser asks, refused: the tab stays
    page.wait_for_timeout(500)
    assert asked == ["confirm", "beforeunload"] and not page.is_closed()
    assert "NOT SAVED" in page.inner_text("#status")


def test_a_move_made_is_not_half_built_again_after_an_undo(page: Any) -> None:
    """The move half built is the one being tapped: an undo back to where a move was made
    offers that position afresh, the move not made again."""
    table = dice_table()
    first = first_choice(table)
    open_app(page, "record.html")
    set_up(page, table)
    for label in first["path"]:
        tap(page, label)
    wait_stored(page, KEY, 1)
    page.click("#undo")
    wait_stored(page, KEY, 0)
    page.wait_for_timeout(1000)
    assert stored_moves(page, KEY) == [] and chips(page) == []
    page.reload()
    wait_ready(page)
    assert chips(page) == [] and stored_moves(page, KEY) == []
