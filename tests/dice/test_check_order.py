"""When a setup breaks several rules, the one named is the first in the spec's order
(conventions: every count, then every face, then the first player)."""

from __future__ import annotations

import pytest

from cuckoo import SetupError
from cuckoo.dice import Setup, new_game


@pytest.mark.parametrize(
    ("rolls", "first", "rule"),
    [
        (((7,) * 10, (1,) * 9), 0, "CD-SETUP-DICE"),
        (((1,) * 10, (7,) * 10), 5, "CD-SETUP-ROLL"),
        (((1,) * 10, (1,) * 10), 5, "CD-SETUP-FIRST"),
    ],
)
def test_the_first_broken_setup_rule_is_named(
    rolls: tuple[tuple[int, ...], tuple[int, ...]], first: int, rule: str
) -> None:
    with pytest.raises(SetupError) as caught:
        new_game("cuckoo", Setup(rolls, first))
    assert caught.value.rule == rule
