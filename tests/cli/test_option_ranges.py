"""Every number option of every command, found in the parsers themselves (a new one is
walked without being listed here), refuses an out-of-range or overlong value with its own
one-line message, the value quoted short.

Round five: ``--shuffle`` or ``--seed`` of 4,300 digits and more said "invalid _count
value" followed by every digit (issue 50, defect 12)."""

from __future__ import annotations

import re

import pytest

from cuckoo.cli import build_parser
from cuckoo.cli.common import UsageError
from cuckoo.option_values import bot_names, written
from tests.trust.hostile import options_where

NUMBER_OPTIONS = options_where(
    lambda action: action.type not in (None, str, written, bot_names)  # bots: test_bounds.py
)
TOO_LONG = ("1" * 4400, "-" + "9" * 4400, "9" * 19, "1" * 40)
ODD = ("-1", "0", "1e999", "nan", "inf", "-inf", "\u0661", " 1", "0x10", "1_000", "")


def test_the_walk_finds_the_options_round_five_broke() -> None:
    assert {("conform", "--shuffle"), ("conform", "--seed"), ("random", "--seed")} <= set(
        NUMBER_OPTIONS
    )


def _refusal(command: str, option: str, value: str) -> str | None:
    """The message refusing *value* for *option*, or None if it is taken."""
    try:
        build_parser(command).parse_args([command, f"{option}={value}"])
    except UsageError as error:
        required = "the following arguments are required" in str(error)
        return None if required else str(error)  # a file missing, once the value was read
    return None


@pytest.mark.parametrize(("command", "option"), NUMBER_OPTIONS)
def test_every_number_option_refuses_an_overlong_value_in_a_short_line(
    command: str, option: str
) -> None:
    for value in TOO_LONG:
        message = _refusal(command, option, value)
        assert message is not None, f"{command} {option} took {value[:20]}..."
        assert option in message and "expected" in message, message
        assert "\n" not in message and len(message) < 240, message
        assert not re.search(r"\d{41}", message), message


@pytest.mark.parametrize(("command", "option"), NUMBER_OPTIONS)
def test_every_number_option_says_its_own_range(command: str, option: str) -> None:
    """Taken, or refused by the option's own message, never argparse's "invalid X value"
    with the name of a Python function."""
    for value in ODD:
        message = _refusal(command, option, value)
        if message is not None:
            assert "invalid" not in message and "expected" in message, message
            assert "\n" not in message and len(message) < 240, message
