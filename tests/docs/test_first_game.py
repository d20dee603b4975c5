"""The "Your first game" pages tell a real game: each page's record replays with the engine,
each step draws a position the record reaches and cites the rules it uses, and the dice
walkthrough shows every kind of move a newcomer needs (issue #16)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cuckoo import dice
from cuckoo.dice.geometry import APEX, DUNGEON, SHOWN
from cuckoo.games import read_records

SPEC = Path(__file__).resolve().parents[2] / "spec"
PAGES = sorted(SPEC.glob("*/first-game.md"))
FENCE = re.compile(r"```\{(cuckoo-game|cuckoo-step)\}([^\n]*)\n(.*?)```", re.S)
RULE_IDS = frozenset(
    re.findall(r"```\{rule\} (\S+)", "".join(p.read_text() for p in SPEC.rglob("*.md")))
)


def _walkthrough(page: Path) -> tuple[list[object], list[tuple[list[int], str]]]:
    """The states the page's record passes through, and each step: its plies and its words
    (the text between the previous picture and this one)."""
    text = page.read_text(encoding="utf-8")
    games = [m for m in FENCE.finditer(text) if m[1] == "cuckoo-game"]
    assert len(games) == 1, f"{page}: one cuckoo-game per page"
    (item,) = read_records(games[0][3].splitlines(keepends=True))
    assert not isinstance(item, Exception), item
    kit, record = item
    states = list(kit.replay(record))  # raises if any move is illegal or the result wrong
    steps, start = [], games[0].end()
    for m in FENCE.finditer(text, games[0].end()):
        steps.append(([int(n) for n in m[2].split()], text[start : m.start()]))
        start = m.end()
    return states, steps


def test_every_game_has_a_first_game_page_first_in_its_contents() -> None:
    assert {p.parent.name for p in PAGES} == {"cuckoo-dice", "cuckoo-cards", "zum-kuckuck"}
    for page in PAGES:
        index = (page.parent / "index.md").read_text(encoding="utf-8")
        lines = index.split("```{toctree}")[1].split("```")[0].split("\n")
        assert next(e for e in lines if e.strip() and not e.startswith(":")) == "first-game"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.parent.name)
def test_each_step_draws_a_reached_position_and_cites_its_rules(page: Path) -> None:
    states, steps = _walkthrough(page)
    assert len(steps) >= 5
    plies = [n for numbers, _ in steps for n in numbers]
    assert plies == sorted(plies) and plies[-1] == len(states) - 1
    for numbers, words in steps:
        cited = set(re.findall(r"`([A-Z]{2}(?:-[A-Z0-9]+)+)`", words))
        assert cited, f"the step before the picture of ply {numbers} cites no rule"
        assert cited <= RULE_IDS, f"unknown rules {cited - RULE_IDS}"


def test_the_dice_walkthrough_shows_every_kind_of_move() -> None:
    """A face cell, an edge, the apex (three faces), the dungeon, an infection with its
    re-roll and its nests before and after, a pass, and a finished game."""
    (page,) = [p for p in PAGES if p.parent.name == "cuckoo-dice"]
    states, steps = _walkthrough(page)
    drawn = {n for numbers, _ in steps for n in numbers}
    final = states[-1]
    assert isinstance(final, dice.State) and dice.result(final) is not None
    assert final.ply == len(states) - 1 in drawn
    shown = {len(SHOWN[c]) for c, placed in enumerate(final.board) if placed is not None}
    assert shown == {0, 1, 2, 3}
    assert final.board[DUNGEON] is not None and len(SHOWN[APEX]) == 3
    infections = [n for n in range(1, len(states)) if states[n].captures != states[n - 1].captures]
    assert infections and all(n - 1 in drawn and n in drawn for n in infections)
    assert any(states[n].nests != states[n - 1].nests for n in infections)
    passes = [n for n in range(1, len(states)) if states[n].board == states[n - 1].board]
    assert len(passes) > len(infections)
