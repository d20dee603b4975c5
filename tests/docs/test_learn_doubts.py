"""Issue #52: each doubt a new reader had to settle by guessing is answered on the page or
card where it was met, and what the answer says of records is what the rules accept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cuckoo import CuckooError
from cuckoo.games import read_records

LEARN = Path(__file__).resolve().parents[2] / "docs" / "learn"

ANSWERS: list[tuple[str, str, str]] = [
    # the dice pyramid
    ("cuckoo-dice", "no brand of set", r"a base with ten hollows"),
    ("cuckoo-dice", "cell names on a real base", r"\{cuckoo-picture\} base"),
    ("cuckoo-dice", "the mover's colour", r"compared with yours, the\s+player placing it"),
    ("cuckoo-dice", "the apex last: a consequence", r"opens only when every other cell is\s+full"),
    ("cuckoo-dice", "real die or table", r"go by the table if yours are the mirror kind"),
    ("cuckoo-dice", "how to pick after", r"on A and B, on B and C, or on\s+C and A"),
    ("cuckoo-dice", "given: your colour", r"two or more dice of your colour from your nest"),
    ("cuckoo-dice", "given: never theirs", r"opponent's colour in your nest cannot be given"),
    ("cuckoo-dice", "who rolls", r"who rolls them makes no difference"),
    ("cuckoo-dice", "no draw", r"never ends drawn"),
    ("cuckoo-dice", "rolls unsorted", r"rolled, in any order"),
    ("cuckoo-dice", "more header lines", r"`\[Date \"…\"\]`"),
    ("cuckoo-dice-card", "given dice", r"never your opponent's\s+dice you hold"),
    ("cuckoo-dice-card", "who rolls", r"re-rolled\*\* \(by either player\)"),
    ("cuckoo-dice-card", "no draw", r"never drawn"),
    ("cuckoo-dice-card", "rolls unsorted", r"the rolls in any\s+order"),
    # the card game
    ("cuckoo-cards", "a swap, not a pass", r"swap it with a neighbour's"),
    ("cuckoo-cards", "the dealer's neighbour", r"dealer's\s+right-hand neighbour may swap"),
    ("cuckoo-cards", "(D) at a show-down", r"the next hand's dealer"),
    ("cuckoo-cards", "which way the seats run", r"seats run clockwise"),
    ("cuckoo-cards", "a hand's number", r"number and a full stop, `1\.`"),
    ("cuckoo-cards", "Lives 3", r"`\[Lives \"3\"\]`"),
    ("cuckoo-cards", "header order", r"in any order"),
    ("cuckoo-cards", "playing to the right", r"still names each player's left neighbour next"),
    ("cuckoo-cards", "a game not finished", r"`\[Result \"\*\"\]`"),
    ("cuckoo-cards", "the most players", r"two to 51 players"),
    ("cuckoo-cards", "the stock", r"stock never runs out"),
    ("cuckoo-cards", "a kept king", r"a king held is kept, and written `keep`"),
    ("cuckoo-cards-card", "the dealer's neighbour", r"dealer's right-hand neighbour swaps"),
    ("cuckoo-cards-card", "Lives 3", r"`\[Lives \"3\"\]` may be written"),
    ("cuckoo-cards-card", "a kept king", r"a king held is `keep`"),
    # Zum Kuckuck!
    ("zum-kuckuck", "still in", r"\*still in\* the cycle"),
    ("zum-kuckuck", "the turning rule", r"Compare the top cards of the nests"),
    ("zum-kuckuck", "the turning repeats", r"until a turning in which\s+nobody drops out"),
    ("zum-kuckuck", "one or none left", r"two, or even one or none"),
    ("zum-kuckuck", "+2 and -1", "\u22121 \\+ 2 = 1"),
    ("zum-kuckuck", "Variant left out", r"which may be left out"),
    ("zum-kuckuck", "a deal line each", r"one `deal` line for each player"),
    ("zum-kuckuck", "a shared win", r"`\"Ann Cid\"`"),
    ("zum-kuckuck", "start NAME", r"only then does the record write"),
    ("zum-kuckuck", "turned instead: an example", r"Cid's left neighbour starts"),
    ("zum-kuckuck", "going left", r"\*going left\* means"),
    ("zum-kuckuck", "the tactical rules", r"every rule of the basic version"),
    ("zum-kuckuck", "the other scores", r"as \*Scoring a cycle\* says"),
    ("zum-kuckuck", "the sides of a cockatoo card", r"only the coloured side scores"),
    ("zum-kuckuck-card", "the sides of a cockatoo card", r"coloured cockatoo side, which scores"),
    ("zum-kuckuck-card", "Variant left out", r"`basic` if the line is left out"),
]


@pytest.mark.parametrize(("page", "doubt", "answer"), ANSWERS, ids=lambda v: str(v))
def test_a_doubt_is_answered_where_the_reader_met_it(page: str, doubt: str, answer: str) -> None:
    text = (LEARN / f"{page}.md").read_text(encoding="utf-8")
    assert re.search(answer, text), f"{page}: {doubt} is not answered"


DICE = """[Game "cuckoo-dice"]
[Date "2026.01.02"]
[RedRoll "6 1 5 2 4 3 6 1 5 2"]
[Blue "Ann"]
[BlueRoll "3 3 1 6 2 5 4 4 6 5"]
[Ruleset "cuckoo"]
[First "Red"]

*
"""
CARDS = """[Players "Ann Ben Cid"]
[Lives "3"]
[Game "cuckoo-cards"]
[Direction "right"]
[Dealer "Ann"]
[Result "*"]

1. deal Ks 2c 3h keep
*
"""
KUCKUCK = """[Game "zum-kuckuck"]
[Players "Ann Ben Cid"]

*
"""


@pytest.mark.parametrize("record", [DICE, CARDS, KUCKUCK], ids=["dice", "cards", "kuckuck"])
def test_the_records_the_answers_allow_are_read(record: str) -> None:
    """Rolls in any order, header lines in any order and beside the five, `[Lives "3"]`,
    `[Result "*"]` for a game not finished, a kept king written `keep`, no `Variant` line."""
    ((kit, parsed),) = read_records(record.splitlines(keepends=True))  # type: ignore[misc]
    states = list(kit.replay(parsed))
    assert not isinstance(parsed, CuckooError) and not states[-1].is_over


def test_playing_to_the_right_the_deal_starts_with_the_name_before_the_dealer() -> None:
    """`[Players "Ann Ben Cid"]`, Ann dealing to the right: Cid gets the first card."""
    ((kit, parsed),) = read_records(CARDS.splitlines(keepends=True))  # type: ignore[misc]
    states = list(kit.replay(parsed))
    assert str(states[1].cards[2]) == "Ks" and str(states[3].cards[0]) == "3h"


def test_a_dice_game_under_the_learn_pages_rules_is_never_drawn() -> None:
    """The dungeon is always filled, and breaks every tie of sides."""
    from cuckoo.dice.rulesets import RULESETS

    assert RULESETS["cuckoo"].tiebreak == "dungeon"
