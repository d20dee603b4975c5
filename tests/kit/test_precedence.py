"""Which error wins: every pair of checks that can both fail has a case expecting the first
one's rule, and each case's second fault, made alone, is named by the reference: so a case
cannot pass for a fault that is not in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cuckoo.conformance.coverage.parameters import gaps, precedence_rows
from cuckoo.conformance.coverage.precedence import ORDER, pairs
from cuckoo.conformance.protocol import Session
from cuckoo.conformance.suites.build import _answers, inputs, load_all
from cuckoo.conformance.suites.precedence import clashes

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")
CHAPTERS = {
    "cuckoo-dice": ("notation", "conventions"),
    "cuckoo-cards": ("notation", "end"),
    "zum-kuckuck": ("notation", "cycle"),
}


def _section(game: str, chapter: str, title: str) -> str:
    text = (ROOT / "spec" / game / f"{chapter}.md").read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


@pytest.mark.parametrize("game", GAMES)
def test_the_order_holds_the_rules_the_spec_orders(game: str) -> None:
    """The checks of :data:`ORDER` are the rules the notation chapter's *Which error wins*
    and the game's table of which rule an error names list, no more and no fewer."""
    notation, table = CHAPTERS[game]
    text = _section(game, notation, "Which error wins") + _section(
        game, table, "Which rule an error names"
    )
    prefix = {"cuckoo-dice": "CD", "cuckoo-cards": "CC", "zum-kuckuck": "ZK"}[game]
    named = set(re.findall(rf"`({prefix}-[A-Z-]+[A-Z])`", text))
    assert {check.rule for check in ORDER[game]} == named


@pytest.mark.parametrize("game", GAMES)
def test_each_case_names_the_first_and_its_second_fault_alone_the_second(game: str) -> None:
    found = clashes(game, list(inputs(ROOT, game)))
    covered = {clash.pair.key for clash in found}
    assert covered == {pair.key for pair in pairs(game) if not pair.apart}
    for clash in found:
        for case, rule in (
            (clash.case, clash.pair.first.rule),
            (clash.alone, clash.pair.second.rule),
        ):
            assert _answers(case, Session())["error"]["rule"] == rule, case.id


def test_pairs_that_cannot_both_fail_say_why() -> None:
    dice = {pair.key: pair.apart for pair in pairs("cuckoo-dice")}
    assert dice["CD-PLACE-DIE > CD-INFECT-GIVE"].startswith("one move is one action")
    assert "no position" in dice["CD-SETUP-FIRST > CD-PLACE-EMPTY"]
    assert not dice["CD-SETUP-FIRST > CD-NOTATION-ROLLS"], "an infection without re-roll"
    assert not dice["CD-CELL > CD-NOTATION-SYNTAX"] and not dice["CD-NOTATION-SYNTAX > CD-CELL"]
    assert "re-roll" in dice["CD-TURN-OVER > CD-TURN-CHANCE"]


def test_a_case_taken_away_opens_a_gap_and_a_wrong_winner_is_no_case() -> None:
    suites = load_all()
    without = [
        {**s, "cases": [c for c in s["cases"] if c["id"] != "order-place-die-before-place-empty"]}
        for s in suites
    ]
    assert "order CD-PLACE-DIE > CD-PLACE-EMPTY" in gaps(without)
    wrong = [
        {
            **s,
            "cases": [
                {**c, "expect": {"error": {"kind": "illegal", "rule": "CD-PLACE-EMPTY"}}}
                if c["id"] == "order-place-die-before-place-empty"
                else c
                for c in s["cases"]
            ],
        }
        for s in suites
    ]
    assert "order CD-PLACE-DIE > CD-PLACE-EMPTY" in gaps(wrong)
    setup = [r for r in precedence_rows(suites) if r[1] == "CC-RULESET-PARAMS > CC-SETUP-DEALER"]
    assert [r[3] for r in setup] == [
        (
            "cards-order-ruleset-params-before-setup-dealer",
            "cards-order-ruleset-params-before-setup-dealer-record",
        )
    ], "a setup's pair is sent both through new and as a record"
