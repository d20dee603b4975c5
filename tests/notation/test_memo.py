"""The memo of items stays small over any file (memory flat from 1,000 to 100,000 games):
an item read in parts is not remembered whole, its parts are."""

from __future__ import annotations

from random import Random

from cuckoo.dice import notation
from cuckoo.random_records import dice_record


def test_words_with_a_reroll_are_not_remembered_whole() -> None:
    dialect = notation.DIALECT
    dialect._words.clear()
    dialect._parts.clear()
    rng = Random(3)
    rerolls = 0
    for number in range(1, 200):
        text = notation.format_record(dice_record(rng, "cuckoo", 2, number))
        rerolls += text.count("(")
        assert dialect._quick(text) is not None
    assert rerolls > 50, "the games hold infections with their re-rolls"
    assert not [word for word in dialect._words if "(" in word]
    assert len(dialect._parts) < rerolls
