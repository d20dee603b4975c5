"""A state compared field by field says which field is missing, never that it is None (a
field may hold null: issue #49)."""

from __future__ import annotations

from cuckoo.conformance.run.verdicts import compare


def test_a_missing_field_is_said_missing() -> None:
    said = compare({"step": "deal", "unseen": [0, 1]}, {"step": "deal"})
    assert said is not None and "got missing" in said and "None" not in said
    said = compare({"step": "deal"}, {"step": "deal", "extra": None})
    assert said is not None and "expected missing" in said


def test_a_field_that_holds_null_is_not_missing() -> None:
    said = compare({"dealer": None}, {"dealer": "Ann"})
    assert said is not None and "missing" not in said
