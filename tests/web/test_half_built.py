"""Nothing half-lost (issue #42): a move half built (a die and a cell chosen, an infection's
re-roll values tapped) survives a reload; a game the browser could not keep asks before the
tab is left or "All games" closes it."""

from __future__ import annotations

import re
from typing import Any

from tests.app.test_recorder_partial import as_seen, full_game

from .app import open_app, stored_moves, tap, view, wait_stored
from .site import wait_ready
from .test_recorder import KEY, TABLES, dice_table, set_up
from .test_recorder_seen import enter, matching
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


PROMPT = "label => document.querySelector('#choices .ask .prompt')?.textContent === label"


def test_show_down_cards_and_cockatoo_counts_answered_survive_a_reload(page: Any) -> None:
    """Issue #51: the answers given inside a move come back after a reload, and the next
    question is asked (at a table the cards are gathered by then)."""
    open_app(page, "record.html")
    cards = TABLES["cuckoo-cards"]()  # Ann, Ben and Cid; Ben deals
    set_up(page, cards)
    cards = enter(page, cards, ["deal ? ? ?", "swap", "keep"])
    move = "keep show 3c 7h Ks"
    choice = matching(cards, move)
    for label in choice["path"]:
        tap(page, label)
    first, second = choice["ask"][:2]
    answer_rest(page, choice, move, 0, 1)
    page.wait_for_function(PROMPT, arg=f"{second['label']}:")
    page.reload()
    wait_ready(page)
    page.wait_for_function(PROMPT, arg=f"{second['label']}:")  # not the first again
    assert page.locator("#choices .ask .chip").all_inner_texts() == [f"{first['label']}: 3c"]
    # the card shown already is not offered again (CC-CARD-DECK): clubs, then no 3
    tap_in_question(page, "clubs ♣")
    ranks = page.locator("#choices .question .tap").all_inner_texts()
    assert "2" in ranks and "3" not in ranks, ranks
    page.click("#choices .question .step-back")
    answer_rest(page, choice, move, 1)
    assert wait_stored(page, KEY, 4)[-1] == move

    page.click("#close")
    kuckuck = TABLES["zum-kuckuck"]()
    set_up(page, kuckuck)
    (counts,) = [c for c in view(kuckuck)["choices"] if c["ask"]]
    seen = as_seen("zum-kuckuck", full_game("zum-kuckuck", 5, 400, kuckuck)[:40])
    given = seen[0].split()[1:]  # as a dealt game has them
    for label in counts["path"]:
        tap(page, label)
    answer_rest(page, counts, " ".join([counts["text"], *given]), 0, 2)  # Ann, Ben
    page.wait_for_function(PROMPT, arg=f"{counts['ask'][2]['label']}:")
    page.reload()
    wait_ready(page)
    page.wait_for_function(PROMPT, arg=f"{counts['ask'][2]['label']}:")  # Cid's, not Ann's
    answer_rest(page, counts, " ".join([counts["text"], *given]), 2)
    assert wait_stored(page, KEY, 1) == [" ".join([counts["text"], *given])]


def answer_rest(page: Any, choice: dict[str, Any], text: str, given: int,
                upto: int | None = None) -> None:
    """Answer *choice*'s questions from the *given*-th on (to *upto*), as *text* writes
    them."""
    words = text[len(choice["text"]) :].split()
    for question, word in list(zip(choice["ask"], words, strict=True))[given:upto]:
        (option,) = [o for o in question["options"] if o["text"] == word]
        page.wait_for_function(PROMPT, arg=f"{question['label']}:")
        for label in option["path"]:
            tap_in_question(page, label)


def tap_in_question(page: Any, label: str) -> None:
    page.locator("#choices .question .tap").filter(
        has_text=re.compile(f"^{re.escape(label)}$")).click()
