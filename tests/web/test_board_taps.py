"""The recorder's picture tapped: a whole dice game entered by tapping the pyramid only (a
die of the nest, a cell, the sides its faces turn to), with the legal targets ringed and
the last placement marked, exported and valid."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

from cuckoo import web

from .app import cuckoo, downloaded, open_app, stored_moves, tap, view, wait_stored
from .test_recorder import KEY, dice_table, journal_of, set_up

MOVER = {"Blue": "0", "Red": "1"}


def placements(table: dict[str, Any]) -> list[dict[str, Any]]:
    """A whole game of placements, each a choice the engine offers, to the end."""
    rng = Random(3)
    steps = []
    while not (shown := view(table))["over"]:
        choice = rng.choice([c for c in shown["choices"] if c["path"][0] == "Place a die"])
        table = json.loads(web.table_play(json.dumps(table), choice["text"]))["ok"]
        steps.append({**choice, "mover": MOVER[shown["to_move"]]})
    return steps


REGION = """(part) => part.dataset.side ? `side ${part.dataset.side}`
  : part.dataset.nest !== undefined ? `nest ${part.dataset.nest}` : "dungeon" """
"""The region of the pyramid's picture a phone zooms into for a part (taps.js: regionOf)."""


def tap_picture(page: Any, selector: str) -> None:
    """Tap the first part of the picture *selector* finds; it must be ringed as a target.
    On a phone, where the pyramid's parts are too small to be targets, its region (a side, a
    nest) is tapped first: it zooms in, or, holding only that target, is that tap."""
    part = page.locator(f"#picture {selector}").first
    if "target" not in (part.get_attribute("class") or ""):
        page.locator(f'#picture .zoom-hit[data-zoom="{part.evaluate(REGION)}"]').click()
        if not page.locator("#picture.zoomed").count():
            return
        part = page.locator(f"#picture {selector}").first
    assert "target" in (part.get_attribute("class") or ""), selector
    part.click()


def test_a_whole_dice_game_by_tapping_the_board(page: Any, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    table = dice_table()
    steps = placements(dict(table))
    open_app(page, "record.html")
    set_up(page, table)
    for n, choice in enumerate(steps, 1):
        _, die, cell, *turns = choice["path"]
        page.wait_for_selector("#picture .target")
        # only dice of the mover's nest are offered, none of the other nest
        other = 1 - int(choice["mover"])
        assert page.locator(f'#picture [data-nest="{other}"].target').count() == 0
        tap_picture(page, f'[data-die="{die}"][data-nest="{choice["mover"]}"]')
        name = cell.removeprefix("cell ")
        tap_picture(page, f'[data-cell="{name}"]')
        for turn in turns:
            tap_picture(page, f'[data-cell="{name}"][data-side="{turn.rsplit(" ", 1)[1]}"]')
        wait_stored(page, KEY, n)
        assert page.inner_text("#refused") == ""
        page.wait_for_function(
            """(cell) => {
              const last = [...document.querySelectorAll("#picture .last")];
              return last.length > 0 && last.every((part) => part.dataset.cell === cell);
            }""",
            arg=name,
        )
    texts = [c["text"] for c in steps]
    assert stored_moves(page, KEY) == texts
    assert page.inner_text("#prompt") == "The game is over."
    record = downloaded(page, "#download", tmp_path)
    text, journal = journal_of(record.read_text())
    assert text == web.table_record(json.dumps({**table, "moves": texts}))
    assert journal == [f"play {t}" for t in texts]
    run = cuckoo("validate", str(record), check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_tap_on_the_picture_is_the_tap_on_its_button(page: Any) -> None:
    """The first taps on the picture build the same path as the buttons: the chips show it,
    and Back takes it back as it does for a button."""
    table = dice_table()
    first = next(c for c in view(table)["choices"] if c["path"][0] == "Place a die")
    mover = MOVER[view(table)["to_move"]]
    open_app(page, "record.html")
    set_up(page, table)
    tap_picture(page, f'[data-die="{first["path"][1]}"][data-nest="{mover}"]')
    assert page.locator("#choices .chip").all_inner_texts() == first["path"][:2]
    # now only cells are targets, as only cells are offered as buttons
    assert page.locator("#picture [data-die].target").count() == 0
    offered = {f"cell {c}" for c in page.locator("#picture [data-cell].target").evaluate_all(
        "(parts) => parts.map((p) => p.dataset.cell)")}
    assert offered == set(page.locator("#choices .tap").all_inner_texts())
    page.click("#choices .step-back")
    assert page.locator("#choices .chip").all_inner_texts() == ["Place a die"]


def enter_by_picture(
    page: Any, table: dict[str, Any], texts: list[str]
) -> tuple[dict[str, Any], int]:
    """Enter each of *texts*, its first tap on the picture wherever the picture has a part
    for it (which must be ringed), the rest (a card's suit and rank, a number, the answers
    the table saw) by the buttons; the table, and how many entries began on the picture."""
    from .test_recorder_seen import answer, matching

    on_picture = 0
    for text in texts:
        shown = view(table)
        choice = matching(table, text)
        first, *rest = choice["path"]
        parts = [part for part, run in shown["taps"].items() if run == [first]]
        page.wait_for_function(  # the page shows this table, not the one before
            "text => document.querySelector('#record').textContent === text",
            arg=shown["record"],
        )
        if parts:
            page.wait_for_selector(f'#picture [data-part="{parts[0]}"].target', state="attached")
            tap_picture(page, f'[data-part="{parts[0]}"]')
            on_picture += 1
        else:
            tap(page, first)
        for label in rest:
            tap(page, label)
        answer(page, choice, text, table)
        table = {**table, "moves": [*table["moves"], text]}
        wait_stored(page, KEY, len(table["moves"]))
        assert page.inner_text("#refused") == ""
        last = view(table)["last_part"]
        if last:
            page.wait_for_selector(f'#picture [data-part="{last}"].last', state="attached")
    return table, on_picture


def test_a_card_game_match_by_tapping_the_cards(page: Any, tmp_path: Path) -> None:
    """Every decision tapped on the picture (a player's own card keeps, the next player's
    card swaps, the deck cuts) and every card dealt face down by a tap on the deck; only
    the cut card and the show-down, which the picture cannot show before they are turned
    up, are tapped on the buttons. Exported and valid."""
    from tests.app.test_recorder_partial import as_seen, full_game

    from .test_recorder import TABLES

    page.set_viewport_size({"width": 390, "height": 844})
    table = TABLES["cuckoo-cards"]()
    texts = as_seen("cuckoo-cards", full_game("cuckoo-cards", 4, 1000, table))
    open_app(page, "record.html")
    set_up(page, table)
    table, on_picture = enter_by_picture(page, table, texts)
    assert on_picture == len(texts) and view(table)["over"]
    record = downloaded(page, "#download", tmp_path)
    text, journal = journal_of(record.read_text())
    assert text == web.table_record(json.dumps(table)) and len(journal) == len(texts)
    run = cuckoo("validate", str(record), check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_zum_kuckuck_round_by_tapping_the_players(page: Any, tmp_path: Path) -> None:
    """Each card played begins with a tap on the player's row (ringed while that player
    has to choose; the row of the last player marked), then the card's number."""
    from tests.app.test_recorder_partial import as_seen, full_game

    from .test_recorder import TABLES

    page.set_viewport_size({"width": 390, "height": 844})
    table = TABLES["zum-kuckuck"]()
    texts = as_seen("zum-kuckuck", full_game("zum-kuckuck", 8, 36 + 2 * 4, table))
    open_app(page, "record.html")
    set_up(page, table)
    table, on_picture = enter_by_picture(page, table, texts)
    assert on_picture == 2 * 3  # two rounds of three players
    record = downloaded(page, "#download", tmp_path)
    assert journal_of(record.read_text())[0] == web.table_record(json.dumps(table))
    run = cuckoo("validate", str(record), check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_an_infection_by_tapping_the_dice(page: Any) -> None:
    """After Infect, the dice given are tapped one by one in the mover's nest (those that
    can still be given ringed, those tapped marked) and the die taken in the other nest;
    the re-roll is tapped on its buttons, since the picture cannot know the new values."""
    table = dice_table()
    infection = next(c for c in view(table)["choices"] if c["roll"] and " + " in c["path"][1])
    mover = MOVER[view(table)["to_move"]]
    other = str(1 - int(mover))
    open_app(page, "record.html")
    set_up(page, table)
    tap(page, "Infect")
    assert page.locator(f'#picture [data-nest="{other}"].target').count() == 0
    given = infection["path"][1].removeprefix("give ").split(" + ")
    for n, die in enumerate(given, 1):
        tap_picture(page, f'[data-die="{die}"][data-nest="{mover}"].target')
        assert page.locator(f'#picture [data-nest="{mover}"].chosen').count() == n % len(given)
    assert page.locator("#choices .chip").all_inner_texts() == infection["path"][:2]
    taken = infection["path"][2].removeprefix("take ")
    tap_picture(page, f'[data-die="{taken}"][data-nest="{other}"]')
    assert page.locator("#choices .chip").all_inner_texts() == infection["path"]
    rows = page.locator("#choices fieldset.reroll")
    for i in range(len(infection["roll"])):
        rows.nth(i).get_by_role("button", name="3", exact=True).click()
    page.get_by_role("button", name="Record the infection").click()
    (stored,) = wait_stored(page, KEY, 1)
    assert stored == f"{infection['text']}(3;{','.join('3' * (len(infection['roll']) - 1))})"
