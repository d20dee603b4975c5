"""``cuckoo legal`` in a card game's record of what was seen (CC-PARTIAL-UNSEEN): what may be
written at a point is what the table knew there; a show-down written later does not count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuckoo.cards.deck import DECK
from cuckoo.cli import main

SEEN = """[Game "cuckoo-cards"]
[Players "Ann Ben Cid"]
[Dealer "Ann"]

1. deal ? ? ? swap keep keep show 3c 7h Ks
2. deal ? 5h
*
"""
"""Hand 1 shows Ben's dealt 7h, Cid's 3c and Ann's Ks only at its show-down; hand 2 under
way, Cid's card unseen, Ann's 5h seen."""


def legal(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, *turn: str) -> list[str]:
    path = tmp_path / "seen.cuckoo"
    path.write_text(text, encoding="utf-8")
    assert main(["legal", str(path), "--json", *turn]) == 0
    out: list[str] = json.loads(capsys.readouterr().out)
    return out


ALL = [str(card) for card in DECK]


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("0", ["?", *ALL]),
        ("1", ["?", *ALL]),  # not without the 7h, which only the show-down tells Ben held
        ("2", ["?", *ALL]),
        ("3", ["keep", "swap"]),
        ("5", ["keep", "cut"]),  # Ann's Ks is known only at the show-down
        ("6", ["show"]),  # the dealer has decided: the show-down is due
        ("7", ["?", *ALL]),  # the next hand
        ("9", ["?", *(c for c in ALL if c != "5h")]),  # the 5h was seen dealt
    ],
)
def test_legal_at_a_deal_of_what_was_seen_offers_what_the_table_knew(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], turn: str, expected: list[str]
) -> None:
    """CC-PARTIAL-UNSEEN: at a deal, ? and every card not seen in the hand, the cards a
    later show-down reveals included; a decision as the kings seen allow."""
    assert legal(tmp_path, capsys, SEEN, "--turn", turn) == expected


def test_legal_at_the_end_of_a_record_of_what_was_seen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert legal(tmp_path, capsys, SEEN) == ["?", *(c for c in ALL if c != "5h")]


def test_a_full_record_lists_the_cards_of_the_stock(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CC-DEAL: a full record's deal goes on with a card not yet dealt, as before."""
    full = SEEN.replace("deal ? ? ?", "deal 7h 3c Ks").replace("deal ? 5h", "deal 9d 5h")
    assert legal(tmp_path, capsys, full, "--turn", "1") == [c for c in ALL if c != "7h"]
    assert legal(tmp_path, capsys, full, "--turn", "5") == ["keep"]  # Ann holds the Ks
