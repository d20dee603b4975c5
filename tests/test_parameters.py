"""Parameters read from text (``new``'s ``name=value`` words, a record's tags): a value of
the wrong kind is the rules' refusal, in the compiled build too, whose classes check a
field's declared type before the rules' own checks run."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cuckoo.errors import SetupError
from cuckoo.parameters import whole_number, with_parameters


@dataclass(frozen=True)
class _Typed:
    """As a compiled class is: a str where an int is declared raises TypeError."""

    lives: int = 3

    def __post_init__(self) -> None:
        if type(self.lives) is not int:
            raise TypeError("int object expected; got str")


def test_a_value_of_the_wrong_kind_is_refused_under_the_rule() -> None:
    """CC-RULESET-PARAMS: ``lives=٣`` is refused, never a TypeError (which the protocol
    does not answer: the compiled engine died on it)."""
    with pytest.raises(SetupError) as raised:
        with_parameters(_Typed(), ["lives"], {"lives": whole_number("٣")}, rule="CC-RULESET-PARAMS")
    assert raised.value.rule == "CC-RULESET-PARAMS"
    assert with_parameters(_Typed(), ["lives"], {"lives": 2}, rule="CC-RULESET-PARAMS").lives == 2


@pytest.mark.parametrize("text", ["٣", "²", "3 ", "-1", "", "1" * 10])
def test_only_ascii_digits_make_a_number(text: str) -> None:
    assert whole_number(text) == text
    assert whole_number("042") == 42
