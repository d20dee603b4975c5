"""The recorder on a phone: at 320, 390 and 430 px the card games' screens (the questions
of what the table saw included) do not scroll sideways and every control is at least
44 px; at 390 x 844 the dice pyramid's picture is scaled so that the prompt is on the
first screen above the sticky bar, its cells still over WCAG 2.2's 24 px minimum."""

from __future__ import annotations

from typing import Any

import pytest

from .app import open_app, tap
from .test_phone import phone_problems
from .test_recorder import TABLES, dice_table, set_up

PICTURE = """() => {
  const size = (e) => e.getBoundingClientRect();
  const cells = [...document.querySelectorAll('#picture [data-cell] rect')].map(size);
  return {
    picture: size(document.querySelector('#picture svg')).height,
    cell: Math.min(...cells.map((b) => Math.min(b.width, b.height))),
    prompt: size(document.querySelector('#prompt')).bottom,
    bar: size(document.querySelector('#table .actions')).top,
  };
}"""


def test_the_dice_picture_leaves_the_prompt_on_the_first_screen(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, "record.html")
    set_up(page, dice_table())
    page.wait_for_selector("#picture .target")
    found = page.evaluate(PICTURE)
    assert found["picture"] <= 470, found  # 591 px before
    assert found["cell"] >= 24, found
    assert found["prompt"] <= found["bar"], found


@pytest.mark.parametrize("width", [320, 390, 430])
def test_the_card_games_screens_fit_a_phone(page: Any, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    problems: list[str] = []

    def check(what: str) -> None:
        problems.extend(phone_problems(page, what))

    open_app(page, "record.html")
    set_up(page, TABLES["zum-kuckuck"]())
    check("zum-kuckuck, before the deal")
    tap(page, "Hands not seen: the cockatoo cards taken")
    page.wait_for_selector("#choices .question .tap")
    check("zum-kuckuck, the cockatoo cards taken")
    for _ in range(3):
        page.locator("#choices .question .tap").filter(has_text="4").first.click()
    tap(page, "lower 3")
    tap(page, "higher 9")
    tap(page, "Show a hand")
    tap(page, "Ben")
    page.locator('#choices [aria-label="Tens"] button').first.click()  # by tens (issue #51)
    page.wait_for_selector("#choices .question button[aria-pressed]")
    check("zum-kuckuck, a hand shown")
    page.click("#close")
    set_up(page, TABLES["cuckoo-cards"]())
    tap(page, "All face down")
    for label in ("keep", "keep", "keep"):
        tap(page, label)
    page.wait_for_selector("#choices .question .tap")
    check("cuckoo-cards, the show-down")
    assert not problems, "\n".join(problems)


COVERED = """() => {
  const bar = document.querySelector('#table .actions');
  const out = [];
  for (const button of document.querySelectorAll('#choices .taps .tap')) {
    button.scrollIntoView({ block: 'nearest' });
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const over = hit?.closest('.actions') === bar ? 'the bar' : String(hit?.outerHTML);
    if (hit !== button) out.push([button.textContent, over.slice(0, 60)]);
  }
  return out;
}"""


def test_no_dice_cell_button_lies_under_the_sticky_bar(page: Any) -> None:
    """Issue #51: at 390 x 844 each cell button of a die to place, scrolled into view as a
    tap or a focus scrolls it, is what a finger at its centre touches, never the sticky
    Undo/Redo bar over it."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, "record.html")
    set_up(page, dice_table())
    tap(page, "Place a die")
    page.locator("#choices .taps .tap").first.click()
    page.wait_for_selector("#choices .taps .tap:text-matches('^cell ')")
    assert page.locator("#choices .taps .tap").count() >= 10
    assert page.evaluate(COVERED) == []
