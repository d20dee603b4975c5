"""Cuckoo (cards) records: tags, deals, results and errors (CC-NOTATION-*)."""

from __future__ import annotations

import pytest

from cuckoo import IllegalMoveError, NotationError
from cuckoo.cards.notation import format_record, parse, replay

HEAD = '[Game "cuckoo-cards"]\n[Players "Ann Ben Cid"]\n[Dealer "Ann"]\n\n'


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (HEAD + "1. keep *", "CC-NOTATION-DEAL"),
        (HEAD + "1. deal 7h 3c keep *", "CC-NOTATION-DEAL"),
        (HEAD + "1. deal 7h 3c Ks 2d keep *", "CC-NOTATION-DEAL"),
        (HEAD + "1. deal 7h 7h Ks *", "CC-CARD-DECK"),
        (HEAD + '1. deal 7h 3c Ks keep keep keep "Ann"', "CC-NOTATION-RESULT"),
    ],
)
def test_replay_errors(text: str, rule: str) -> None:
    with pytest.raises((NotationError, IllegalMoveError)) as caught:
        list(replay(parse(text, source="t.cuckoo")))
    assert caught.value.rule == rule
    assert caught.value.source == "t.cuckoo" and caught.value.line


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ('[Game "cuckoo-cards"]\n[Dealer "Ann"]\n*', "CC-NOTATION-TAGS"),
        (HEAD.replace('"Ann"]', '"Zoe"]') + "*", "CC-SETUP-DEALER"),
        (HEAD + '[Lives "lots"]\n*', "CC-RULESET-PARAMS"),
        (HEAD + '[Result "Ben"]\n*', "CC-NOTATION-RESULT"),
        (HEAD + "1. deal 7x *", "CC-NOTATION-SYNTAX"),
        (HEAD + "1. cut *", "CC-NOTATION-SYNTAX"),
    ],
)
def test_malformed(text: str, rule: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.rule == rule


def test_lenient_reading_and_canonical_writing() -> None:
    """CC-NOTATION-LENIENT, CC-NOTATION-CANONICAL."""
    messy = (
        '[dealer "Ann"] [players "Ann, Ben,Cid"] [GAME "Cuckoo-Cards"] [lives "2"]'
        "deal 7H 10c ks SWAP keep KEEP {done} *"
    )
    assert format_record(parse(messy)) == (
        '[Game "cuckoo-cards"]\n[Lives "2"]\n[Players "Ann Ben Cid"]\n[Dealer "Ann"]\n'
        '[Result "*"]\n\n1. deal 7h Tc Ks swap keep keep {done}\n*\n'
    )


@pytest.mark.parametrize(
    ("movetext", "step", "written"),
    [
        ("1. deal 7h 3c *", "deal", "1. deal 7h 3c"),
        ("1. deal 7h deal 3c 9s keep *", "decide", "1. deal 7h 3c 9s keep"),
        (
            "1. deal 7h 3c 9s keep keep keep 2. deal Qd *",
            "deal",
            "1. deal 7h 3c 9s keep keep keep\n2. deal Qd",
        ),
    ],
)
def test_a_deal_is_read_card_by_card(movetext: str, step: str, written: str) -> None:
    """CC-NOTATION-DEAL: a record may stop in the middle of a deal (a game under way), and
    the cards of one deal may come under several ``deal``; the canonical form writes one."""
    record = parse(HEAD + movetext)
    *_, state = replay(record)
    assert state.step == step
    assert format_record(record) == HEAD.strip() + '\n[Result "*"]\n\n' + written + "\n*\n"
