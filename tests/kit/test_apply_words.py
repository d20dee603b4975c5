"""The protocol's ``apply`` splits a move at spaces and tabs only, as the spec's characters
say (spec/cuckoo-dice/conventions.md, "Characters"), and reads a card deal as the notation
reads one item: the outside implementer's report, items 13 and 14."""

from __future__ import annotations

import json

import pytest

from cuckoo.conformance.protocol import Session

_SPACES = ("\u00a0", "\u2028", "\u3000")


def _state(session: Session) -> dict[str, object]:
    answer = session.answer("state")
    assert answer.startswith("= ")
    state: dict[str, object] = json.loads(answer[2:])
    return state


@pytest.mark.parametrize("space", _SPACES)
@pytest.mark.parametrize(
    ("new", "move", "rule"),
    [
        ("new cuckoo-cards Ann Ann Ben Cid", "deal{}7h 3c", "CC-NOTATION-SYNTAX"),
        ("new cuckoo-cards Ann Ann Ben Cid", "{}deal 7h", "CC-NOTATION-SYNTAX"),
        ("new cuckoo-cards Ann Ann Ben Cid", "deal 7h{}3c", "CC-NOTATION-SYNTAX"),
        ("new zum-kuckuck Ann Ben Cid", "deal{}Ann 5", "ZK-NOTATION-SYNTAX"),
        ("new cuckoo Blue 1223445566 1123345666", "6@003/A{}", "CD-NOTATION-SYNTAX"),
    ],
)
def test_unicode_white_space_is_part_of_a_word_and_changes_nothing(
    new: str, move: str, rule: str, space: str
) -> None:
    session = Session()
    assert session.answer(new) == "="
    before = _state(session)
    answer = session.answer(f"apply {move.format(space)}")
    assert answer.startswith(f"? malformed {rule} "), answer
    assert _state(session) == before


def test_a_deal_without_white_space_deals_every_card() -> None:
    """``deal7h3c`` was answered ``=`` with the 7h dealt alone; a record read both."""
    moves, whole = Session(), Session()
    assert moves.answer("new cuckoo-cards Ann Ann Ben") == "="
    assert moves.answer("apply deal7h3c") == "="
    tags = '[Game "cuckoo-cards"] [Players "Ann Ben"] [Dealer "Ann"]'
    assert whole.answer(f"record {tags} deal7h3c *") == "="
    assert _state(moves) == _state(whole)
    assert _state(moves)["cards"] == ["3c", "7h"]
