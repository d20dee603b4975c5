"""At a phone's widths (320, 390 and 430 px) no page of the app scrolls sideways, every
control a finger taps is at least 44 px high and wide, and the recorder's sticky bar is
one row."""

from __future__ import annotations

from typing import Any

import pytest

from .app import EXAMPLES, NO_SIDEWAYS_SCROLL, open_app, tap, view
from .test_recorder import dice_table, set_up

TARGET = 44
SMALL_TARGETS = """(least) => [...document.querySelectorAll(
    'a[href], button, select, input, textarea, summary, label.file')]
  .filter((e) => e.checkVisibility() && !e.closest('[hidden]'))
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, box]) => Math.round(box.height) < least || Math.round(box.width) < least)
  .map(([e, box]) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${
    (e.textContent || e.value || '').trim().slice(0, 20)}" ${Math.round(box.width)}x${
    Math.round(box.height)}`)"""
"""Every visible control smaller than *least* px either way (a file input is tapped through
its label, which is measured instead)."""


def phone_problems(page: Any, what: str) -> list[str]:
    """What does not fit a phone on the screen shown: a sideways scroll, a target under
    44 px; each line starts with *what*."""
    problems = []
    if not page.evaluate(NO_SIDEWAYS_SCROLL):
        problems.append(f"{what}: {page.evaluate('document.documentElement.scrollWidth')} px")
    problems.extend(f"{what}: {found}" for found in page.evaluate(SMALL_TARGETS, TARGET))
    return problems


@pytest.mark.parametrize("width", [320, 390, 430])
def test_phone_widths_and_touch_targets(context: Any, page: Any, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    wide: list[str] = []
    small: list[str] = []

    def check(what: str) -> None:
        if not page.evaluate(NO_SIDEWAYS_SCROLL):
            wide.append(f"{what}: {page.evaluate('document.documentElement.scrollWidth')} px")
        small.extend(f"{what}: {found}" for found in page.evaluate(SMALL_TARGETS, TARGET)
                     if 'input#file' not in found)

    page.goto("app/index.html")
    check("landing")
    for example in EXAMPLES:
        open_app(page, f"viewer.html?file=examples/{example.name}")
        page.wait_for_selector("#picture svg", state="attached")
        check(f"viewer, {example.name}")
    page.click("#open summary")
    check("viewer, open form")
    page.fill("#text", "[Game \"cuckoo-dice\"]\n\n1. 7@000 *\n")
    page.click("#paste button[type=submit]")
    page.wait_for_selector("#problems li a.rule", state="attached")
    check("viewer, problems")
    open_app(page, "record.html")
    check("recorder, list")
    page.click("#new")
    check("recorder, setup")
    page.click("#cancel")
    table = dice_table()
    set_up(page, table)
    page.wait_for_selector("#choices .tap")
    page.locator("#choices .tap").first.click()
    check("recorder, table")
    # the bar that stays at the foot of the screen is one row: it covers little
    bar = page.locator("#table .actions").bounding_box()
    if bar["height"] > 2 * TARGET:
        small.append(f"recorder: the sticky bar is {bar['height']:.0f} px high")
    page.click("#choices .step-back")
    for label in next(c for c in view(table)["choices"] if c["roll"])["path"]:
        tap(page, label)
    page.wait_for_selector("#choices fieldset.reroll")
    check("recorder, re-roll")
    open_app(page, "play.html")
    check("play, setup")
    page.select_option("#bot", "easy")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#choices .tap")
    check("play, game on")
    for game in ("cuckoo-cards", "zum-kuckuck"):  # the longest pictures, the hand at the foot
        page.click("#again")
        page.select_option("#game", game)
        page.click("#setup button[type=submit]")
        page.wait_for_selector("#choices .tap")
        bar = page.locator("#table .actions").bounding_box()
        if bar["height"] > 2 * TARGET:
            small.append(f"play, {game}: the sticky bar is {bar['height']:.0f} px high")
    assert not wide, wide
    assert not small, "\n".join(small)
