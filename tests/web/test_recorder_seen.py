"""The phone recorder as the table sees the card games (ZK-PARTIAL-*, CC-PARTIAL-*): a Zum
Kuckuck! cycle and a card-game match entered by taps in Chromium, no hand ever asked for;
each card entered when it is seen, a hand shown later, a show-down with the dealer's
decision; downloads at several points, each passing ``cuckoo validate``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cuckoo import web
from tests.app.test_recorder_partial import as_seen, full_game

from .app import cuckoo, downloaded, open_app, stored_moves, tap, view, wait_stored
from .site import wait_ready
from .test_recorder import KEY, TABLES, journal_of, set_up


def matching(table: dict[str, Any], text: str) -> dict[str, Any]:
    """The choice the page offers for the entry *text*: the same text, or the text the
    answers to its questions follow."""
    for choice in view(table)["choices"]:
        if choice["text"] == text or (choice["ask"] and text.startswith(choice["text"] + " ")):
            return choice
    raise AssertionError(f"{text} is not offered")


def asked(table: dict[str, Any] | None, choice: dict[str, Any], answers: list[str]) -> Any:
    """The question the engine asks after *answers* in a card game's show-down (each player
    offered only the cards they can show, CC-PARTIAL-SHOW), or None for another question."""
    if table is None or table["game"] != "cuckoo-cards" or not choice["text"].endswith(" show"):
        return None
    decision = choice["text"].removesuffix(" show")
    return json.loads(web.table_show(json.dumps(table), decision, json.dumps(answers)))["question"]


def answer(
    page: Any, choice: dict[str, Any], text: str, table: dict[str, Any] | None = None
) -> None:
    """Tap the answers to *choice*'s questions that *text* writes after its own text, as
    the page asks them for *table*."""
    words = text[len(choice["text"]) :].split()
    for k, static in enumerate(choice["ask"]):
        question = asked(table, choice, text[len(choice["text"]) :].split()[:k]) or static
        box = page.locator("#choices .question")
        if question["many"]:
            paths = {o["text"]: o["path"] for o in question["options"]}
            for word in words:
                if len(paths[word]) > 1:  # its ten first, as a played card is picked
                    tens = box.get_by_role("group", name="Tens", exact=True)
                    tens.get_by_role("button", name=paths[word][0], exact=True).click()
                numbers = box.get_by_role("group", name=question["label"], exact=True)
                numbers.get_by_role("button", name=word, exact=True).click()
            box.get_by_role("button", name="Done").click()
            words = []
            continue
        word = words.pop(0)
        (option,) = [o for o in question["options"] if o["text"] == word]
        page.wait_for_function(
            "label => document.querySelector('#choices .ask .prompt')?.textContent === label",
            arg=f"{question['label']}:",
        )
        for label in option["path"]:
            box.locator(".tap").filter(has_text=re.compile(f"^{re.escape(label)}$")).click()
    assert not words


def enter(page: Any, table: dict[str, Any], texts: list[str]) -> dict[str, Any]:
    """Tap each entry of *texts* as the page offers it; the table with them."""
    for text in texts:
        choice = matching(table, text)
        for label in choice["path"]:
            tap(page, label)
        answer(page, choice, text, table)
        table = {**table, "moves": [*table["moves"], text]}
        wait_stored(page, KEY, len(table["moves"]))
        assert page.inner_text("#refused") == ""
    return table


def valid_download(page: Any, table: dict[str, Any], folder: Path) -> str:
    """Download the record, check it is the engine's and passes ``cuckoo validate``."""
    record = downloaded(page, "#download", folder)
    text, journal = journal_of(record.read_text())
    assert text == web.table_record(json.dumps(table))
    assert journal[-1].endswith(table["moves"][-1]) or journal[-1].startswith(("undo", "redo"))
    run = cuckoo("validate", str(record), check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    record.unlink()
    return text


def test_a_zum_kuckuck_cycle_recorded_as_seen(page: Any, tmp_path: Path) -> None:
    """No hand asked for: the cockatoo cards taken, then the nests and cards as played;
    a round half played is downloaded (its cards in a comment), a hand shown, undone and
    redone, to the end of the first cycle."""
    page.set_viewport_size({"width": 390, "height": 844})
    table = TABLES["zum-kuckuck"]()
    game = full_game("zum-kuckuck", 5, 400, table)
    ends = next(k for k, (_, _, after) in enumerate(game) if after.cycle == 1)
    seen = as_seen("zum-kuckuck", game[: ends + 1])
    after_round = game[35 + 1 + 3][2]  # the deal, a nest and three cards
    assert after_round.round == 1
    shown = " ".join(map(str, sorted(after_round.hands[1])))  # what Ben still holds
    open_app(page, "record.html")
    set_up(page, table)
    # the prompt the engine writes once the table is set (waited for: a loaded machine is slow)
    page.wait_for_selector("#prompt:has-text('the cockatoo cards each player took')")
    table = enter(page, table, seen[:3])  # the counts, a nest, Ann's card
    text = valid_download(page, table, tmp_path)
    assert "[Cockatoos " in text and "entered, written once the round is whole" in text
    table = enter(page, table, seen[3:5])  # the round is whole
    table = enter(page, table, [f"show Ben {shown}"])
    written = valid_download(page, table, tmp_path)  # where it was shown (ZK-PARTIAL-SHOW)
    assert f") show Ben {shown}\n" in written and "deal " not in written
    page.click("#undo")
    wait_stored(page, KEY, len(table["moves"]) - 1)
    assert "show" not in valid_download(page, {**table, "moves": table["moves"][:-1]}, tmp_path)
    page.click("#redo")
    wait_stored(page, KEY, len(table["moves"]))
    table = enter(page, table, seen[5:])
    assert stored_moves(page, KEY) == table["moves"]
    assert web.load(table).state.cycle == 1
    valid_download(page, table, tmp_path)


def test_a_card_game_match_recorded_as_seen(page: Any, tmp_path: Path) -> None:
    """Every hand dealt face down, the decisions as made, the cut card turned up, and the
    show-down tapped with the dealer's decision, to the end of the match."""
    page.set_viewport_size({"width": 390, "height": 844})
    table = TABLES["cuckoo-cards"]()
    game = full_game("cuckoo-cards", 11, 1000, table)
    seen = as_seen("cuckoo-cards", game)
    # the page deals a hand face down in one tap: consecutive cards nobody saw are one entry
    entries: list[str] = []
    for text in seen:
        if text == "deal ?" and entries and entries[-1].startswith("deal"):
            entries[-1] += " ?"
        else:
            entries.append(text)
    open_app(page, "record.html")
    set_up(page, table)
    table = enter(page, table, entries[:1])
    assert "1. deal ? ? ?" in valid_download(page, table, tmp_path)
    table = enter(page, table, entries[1:])
    assert view(table)["over"] and page.inner_text("#prompt") == "The game is over."
    assert "show " in valid_download(page, table, tmp_path)


def tap_card(page: Any, card: str, refused: bool = False) -> None:
    """Tap *card* among the show-down's question: among those offered, or, with *refused*,
    under "Another card" (by its suit and rank)."""
    asked = page.locator("#choices .question")
    suits = {"c": "clubs ♣", "d": "diamonds ♦", "h": "hearts ♥", "s": "spades ♠"}
    rank = card[0].replace("T", "10")
    for label in ["Another card", suits[card[1]], rank] if refused else [card]:
        asked.locator(".tap").filter(has_text=re.compile(f"^{re.escape(label)}$")).click()


def prompt_is(page: Any, text: str) -> None:
    page.wait_for_function(
        "label => document.querySelector('#choices .ask .prompt')?.textContent === label",
        arg=text,
    )


@pytest.mark.parametrize("width", [320, 390, 430])
def test_a_show_down_offers_only_what_can_be_and_refuses_at_the_card(page: Any, width: int) -> None:
    """CC-PARTIAL-SHOW (issue #51): each player is offered only the cards they can show;
    a card that cannot be, tapped under "Another card", is refused at once, naming its rule,
    with the cards entered before it kept (never all of them asked again), the status line
    and the journal saying it, the way back in sight clear of the bar at the foot, and all
    of it kept over a reload."""
    page.set_viewport_size({"width": width, "height": 844})
    table = TABLES["cuckoo-cards"]()  # Ann, Ben and Cid; Ben deals: Cid, Ann, then Ben
    open_app(page, "record.html")
    set_up(page, table)
    table = enter(page, table, ["deal ? ? ?", "swap", "keep"])  # Cid swaps, Ann keeps
    for label in ["cut", "spades ♠", "A"]:  # Ben cuts the As: his, nobody else's
        tap(page, label)
    prompt_is(page, "Cid shows:")
    offered = page.locator("#choices .question .taps").first.inner_text()
    assert "Another card" in offered and "spades" in offered
    question = asked(table, matching(table, "cut As show 3c 7h As"), [])
    assert "As" not in [o["text"] for o in question["options"] if o["path"][0] != "Another card"]
    tap_card(page, "As", refused=True)  # the cut card: Ben's
    page.wait_for_selector("#refused:has-text('CC-PARTIAL-SHOW')")
    assert "Cid cannot show As: the dealer's cut turned it up" in page.inner_text("#refused")
    page.wait_for_selector('#status[data-kind="error"]:has-text("Refused: Cid cannot show As")')
    assert (
        page.locator("#journal li").last.text_content()
        == "refused cut As show As (CC-PARTIAL-SHOW)"
    )
    prompt_is(page, "Cid shows:")
    suit = page.locator("#choices .question .tap").filter(has_text=re.compile("^clubs ♣$"))
    suit.click()
    page.locator("#choices .question .tap").filter(has_text=re.compile("^3$")).click()
    prompt_is(page, "Ann shows:")
    question = asked(table, matching(table, "cut As show 3c 7h As"), ["3c"])
    kings = [o["text"] for o in question["options"] if o["path"][0] != "Another card"]
    assert "Kd" in kings, "a king of Ann's could have stopped Cid's swap"
    tap_card(page, "3c", refused=True)  # shown already: the deck has one of each card
    page.wait_for_selector("#refused:has-text('CC-CARD-DECK')")
    assert "Ann cannot show 3c: Cid showed it already" in page.inner_text("#refused")
    prompt_is(page, "Ann shows:")  # Cid's 3c stands
    assert "Cid shows: 3c" in page.inner_text("#choices .ask .path")
    back = page.get_by_role("button", name="Take back cut As").bounding_box()
    bar = page.locator("#table .actions").bounding_box()
    assert back["y"] >= 0 and back["y"] + back["height"] <= bar["y"], (back, bar)
    assert stored_moves(page, KEY) == table["moves"]
    page.reload()  # the answers that stand, and the refusal, kept
    wait_ready(page)
    prompt_is(page, "Ann shows:")
    assert "Cid shows: 3c" in page.inner_text("#choices .ask .path")
    assert "Ann cannot show 3c" in page.inner_text("#refused")
    page.locator("#choices .question .tap").filter(has_text=re.compile("^hearts ♥$")).click()
    page.locator("#choices .question .tap").filter(has_text=re.compile("^7$")).click()
    prompt_is(page, "Ben shows:")
    assert page.locator("#choices .question .tap").all_inner_texts() == ["As", "Another card"]
    tap_card(page, "As")
    wait_stored(page, KEY, 4)
    assert stored_moves(page, KEY)[-1] == "cut As show 3c 7h As"
    assert page.inner_text("#refused") == ""
