"""Hostile values shared by the trust tests: text that would be live in every medium, and
checks that a rendering left it inert."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any, Final

HOSTILE: Final = (
    "<script>alert(1)</script><img src=x onerror=alert(1)>"
    "[link](javascript:alert(1)) ![i](http://evil.example/i.png) <http://evil.example> "
    "www.evil.example ``` `|` *em* _em_ &amp; \"' \\ "
    "\x1b]0;retitled\x07\x1b[2J\x1bc\x9b31m\x85\u202e\u2066\u200f\r\n# heading"
)
"""Markup, a script, links, backticks, a pipe, emphasis, an entity, quotes, an escape
sequence that retitles and one that clears the terminal, C1 controls, direction overrides,
a line break and a heading."""

UNSAFE_IN_TERMINAL: Final = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
"""What no line printed may hold: C0 (but the line feed), DEL, C1, bidirectional marks."""


def hostile_report(outcome_problem: bool = True) -> dict[str, Any]:
    """A report of schema 1 whose every text field, and every key, is :data:`HOSTILE`."""
    from cuckoo.conformance.run import report as results

    counts = {"pass": 1, "fail": 1, "skip": 1, "xfail": 0, "xpass": 0}
    case = {
        "id": HOSTILE,
        "game": HOSTILE,
        "rules": [HOSTILE],
        "outcome": "fail",
        "commands": [HOSTILE, HOSTILE],
        "problem": HOSTILE,
        "about": HOSTILE,
        "actual": HOSTILE,
    }
    skip = {"id": HOSTILE, "game": HOSTILE, "rules": [HOSTILE], "outcome": "skip"}
    return {
        "schema": results.REPORT_SCHEMA,
        "protocol": HOSTILE,
        "engine": HOSTILE,
        "date": HOSTILE,
        "about": HOSTILE,
        "run": {"seed": 10**50},
        "suites": {HOSTILE: HOSTILE},
        "totals": counts,
        "games": {HOSTILE: counts},
        "rules": {HOSTILE: counts},
        "links": {HOSTILE: HOSTILE},
        "cases": [case, skip | {"reason": HOSTILE}],
        "random": {
            "games": {HOSTILE: {"pass": 1, "fail": 1, "skip": 0}},
            "disagreements": [
                {"number": 7, "game": HOSTILE, "problem": HOSTILE, "commands": [HOSTILE]}
            ],
            "skipped": [],
        },
    }


class Elements(HTMLParser):
    """The elements and attributes of a page, and every text node."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attributes: set[tuple[str, str]] = set()
        self.values: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for name, value in attrs:
            self.attributes.add((tag, name))
            self.values.append(value or "")


def elements(page: str) -> Elements:
    parser = Elements()
    parser.feed(page)
    parser.close()
    return parser


def options_where(keep: Callable[[argparse.Action], bool]) -> list[tuple[str, str]]:
    """(command, option) for every option of every command that *keep* keeps, found in the
    parsers themselves, so that a new option is walked without being listed."""
    from cuckoo.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [
        (name, action.option_strings[-1])
        for name, sub in commands.choices.items()
        for action in sub._actions
        if action.option_strings and keep(action)
    ]
