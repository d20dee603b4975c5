"""Setting up a record's game from its tags: the parts seen before (a ruleset, a roll) are
remembered and reused, and what they make is the state the full check makes."""

from __future__ import annotations

from random import Random

import pytest

from cuckoo import SetupError
from cuckoo.dice import notation, recorded
from cuckoo.notation import items as item_reading
from cuckoo.random_records import dice_record


def _records(count: int, ruleset: str = "cuckoo") -> list[notation.Record]:
    rng = Random(5)
    return [
        notation.parse(notation.format_record(dice_record(rng, ruleset, 2, number)))
        for number in range(1, count + 1)
    ]


def test_a_setup_seen_before_is_made_from_its_remembered_parts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    records = _records(5, "unnamed")
    checked = [recorded._started(record) for record in records]  # remembers their parts
    monkeypatch.setattr(recorded, "_started", lambda record: pytest.fail("checked again"))
    assert [notation.start(record) for record in records] == checked


@pytest.mark.parametrize(
    ("tag", "value", "rule"),
    [
        ("First", "Green", "CD-SETUP-FIRST"),
        ("BlueRoll", "1 1 2 2 3 3 4 4 5", "CD-SETUP-DICE"),
        ("RedRoll", "1 1 2 2 3 3 4 4 5 7", "CD-SETUP-ROLL"),
        ("Ruleset", "cuckoo2", "CD-RULESET-PARAMS"),
        ("InfectionLimit", "x", "CD-RULESET-PARAMS"),
    ],
)
def test_a_tag_not_seen_before_is_still_checked(tag: str, value: str, rule: str) -> None:
    (record,) = _records(1)
    notation.start(record)  # its parts are remembered now
    tags = dict(record.tags)
    tags[tag] = value
    with pytest.raises(SetupError) as raised:
        notation.start(notation.Record(tuple(tags.items()), ()))
    assert raised.value.rule == rule


def test_what_is_remembered_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(item_reading, "MAX_WORDS", 3)
    monkeypatch.setattr(recorded, "_SEEN_NESTS", {})
    monkeypatch.setattr(recorded, "_SEEN_RULESETS", {})
    for record in _records(10):
        assert notation.start(record) == recorded._started(record)
    assert len(recorded._SEEN_NESTS) == 3
    assert len(recorded._SEEN_RULESETS) == 1


def test_a_roll_made_canonical_is_remembered_and_what_is_remembered_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(item_reading, "MAX_WORDS", 2)
    monkeypatch.setattr(recorded, "_CANONICAL_ROLLS", {})
    written = ["6 5,4 3 2 1 1 2 3 4", "1 1 2 2 3 3 4 4 5 5", "6666655555"]
    canonical = ["1 1 2 2 3 3 4 4 5 6", "1 1 2 2 3 3 4 4 5 5", "5 5 5 5 5 6 6 6 6 6"]
    for _ in range(2):  # the second time from what was remembered, where it was
        assert [recorded.canonical_value("RedRoll", w) for w in written] == canonical
    assert list(recorded._CANONICAL_ROLLS) == written[:2]
