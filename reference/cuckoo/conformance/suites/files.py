"""The suite files: where they ship, and how one is read, checked and written.

A file holds one game's suite (runners.md gives its schema); reading one checks its
shape and every case's, so a runner never meets a case it cannot run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from ...errors import shown
from ...files import read_bounded
from ..engine import quote
from .cases import new_command

SCHEMA: Final = "cuckoo-conformance/2"
SCHEMAS: Final = ("cuckoo-conformance/1", SCHEMA)
"""The schemas read: a file of schema 1 is one of schema 2 without ``commands`` cases."""
SUITE: Final = Path(__file__).parents[1] / "data" / "cuckoo-dice.json"
"""Where the suite ships inside the package (the same file as ``tests/conformance``)."""


def load_all() -> list[dict[str, Any]]:
    """Every suite shipped, one per game."""
    return [load(path) for path in sorted(SUITE.parent.glob("*.json"))]


MAX_SUITE: Final = 64_000_000
"""The largest suite file read, in bytes (the shipped ones are well under 1 MB)."""


def load(path: Path = SUITE) -> dict[str, Any]:
    """The suite at *path*, checked to be of a schema this runner reads and of its shape,
    case by case, before the first case is run.

    :raises ValueError: naming the file, the case and what is wrong.
    """
    try:
        suite = json.loads(read_bounded(path, MAX_SUITE))
    except RecursionError:
        raise ValueError(f"{shown(str(path))}: JSON nested too deep to read") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{shown(str(path))}:{error.lineno}:{error.colno}: {error.msg}") from None
    if not isinstance(suite, dict) or suite.get("schema") not in SCHEMAS:
        found = suite.get("schema") if isinstance(suite, dict) else type(suite).__name__
        raise ValueError(f"{shown(str(path))}: schema {quote(found)}, expected {SCHEMA!r}")
    problem = _shape(suite)
    if problem:
        raise ValueError(f"{shown(str(path))}: {problem}")
    return suite


EXPECTED: Final[dict[str, Callable[[Any], bool]]] = {
    "error": lambda v: isinstance(v, dict) and _all(str, (v.get("kind"), v.get("rule"))),
    "format": lambda v: True,
    "perft": lambda v: isinstance(v, list) and _all(int, v),
    "state": lambda v: True,
    "legal": lambda v: isinstance(v, list) and _all(str, v),
    "chance": lambda v: (
        isinstance(v, dict)
        and isinstance(v.get("move"), str)
        and isinstance(v.get("outcomes"), dict)
    ),
    "result": lambda v: isinstance(v, str),
    "answer": lambda v: isinstance(v, str),
}
"""What each kind of expected answer must hold."""


METADATA: Final[dict[str, type]] = {
    "game": str,
    "params": dict,
    "players": int,
    "tags": list,
    "about": str,
}
"""The per-case metadata a runner may select by (each optional, as in older suites)."""


def _all(kind: type, values: Any) -> bool:
    return all(isinstance(v, kind) and not isinstance(v, bool) for v in values)


def _shape(suite: dict[str, Any]) -> str | None:
    """What is wrong with the shape of *suite*, if anything: the first problem found."""
    rules, cases = suite.get("rules"), suite.get("cases")
    if not isinstance(suite.get("game"), str):
        return "'game' must be a name"
    if not isinstance(suite.get("version", ""), str):
        return "'version' must be a text, such as '2026.12.0'"
    if not (isinstance(rules, dict) and all(isinstance(r, dict) for r in rules.values())):
        return "'rules' must map each rule ID to its section"
    if not isinstance(cases, list):
        return "'cases' must be a list"
    seen: set[str] = set()
    for number, case in enumerate(cases, 1):
        problem = _case_problem(case)
        name = case.get("id") if isinstance(case, dict) else None
        if problem is None and name in seen:
            problem = "the same ID as an earlier case"
        if problem:
            return f"case {number}{f' ({quote(name)})' if isinstance(name, str) else ''}: {problem}"
        seen.add(case["id"])
    return None


def _case_problem(case: Any) -> str | None:
    """What is wrong with one case, if anything."""
    if not isinstance(case, dict):
        return "not an object"
    if not (isinstance(case.get("id"), str) and case["id"].strip()):
        return "'id' must be a non-empty text"
    if not (isinstance(case.get("rules"), list) and case["rules"] and _all(str, case["rules"])):
        return "'rules' must be a non-empty list of rule IDs"
    expect = case.get("expect")
    if not (isinstance(expect, dict) and len(expect) == 1 and next(iter(expect)) in EXPECTED):
        return f"'expect' must hold one of {', '.join(EXPECTED)}"
    kind, value = next(iter(expect.items()))
    if not EXPECTED[kind](value):
        return f"'expect' {kind!r} is not of the right type"
    for name, kind_of in METADATA.items():
        if name in case and not isinstance(case[name], kind_of):
            return f"metadata {name!r} must be a {kind_of.__name__}"
    if not _all(str, case.get("tags", [])):
        return "'tags' must be a list of words"
    if "record" in case:
        if not isinstance(case["record"], str):
            return "'record' must be a text"
        return _unsent("the record", case["record"], LINE_BREAK)
    if "commands" in case:
        commands = case["commands"]
        if not (isinstance(commands, list) and commands and _all(str, commands)):
            return "'commands' must be a non-empty list of command lines"
        fresh = case.get("fresh", False)
        if not isinstance(fresh, bool):
            return "'fresh' must be true or false"
        return _first(_unsent(f"command {n}", c, CONTROL) for n, c in enumerate(commands, 1))
    if not (isinstance(case.get("moves"), list) and _all(str, case["moves"])):
        return "'moves' must be a list of moves (or give a 'record' or 'commands')"
    try:
        new = new_command(case.get("setup"))  # type: ignore[arg-type]
    except (AttributeError, KeyError, TypeError):
        return "'setup' lacks a field or has one of the wrong type"
    sent = [("the setup", new), *((f"move {n}", m) for n, m in enumerate(case["moves"], 1))]
    return _first(_unsent(what, line, CONTROL) for what, line in sent)


CONTROL: Final = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")
"""What no command line of a case may hold: a control character other than the tab (a
line break would end the line there and put the engine's answers out of step)."""
LINE_BREAK: Final = re.compile("\n")
"""What a case's record may not hold: a line break (the record is sent as one line; a CR
or a form feed in it is white space between its tokens, as the notation reads it)."""


def _unsent(what: str, line: str, refused: re.Pattern[str]) -> str | None:
    """Why *line* (*what* it is) cannot be sent as one protocol line, if it cannot."""
    if found := refused.search(line):
        return (
            f"{what} holds U+{ord(found.group()):04X}, a line break or control character: "
            f"a command is one line, tabs its only control characters ({quote(line)})"
        )
    return None


def _first(problems: Iterator[str | None]) -> str | None:
    return next((p for p in problems if p is not None), None)


def dump(suite: dict[str, Any]) -> str:
    """The suite as its file holds it: stable key order, one case per block."""
    return json.dumps(suite, indent=1, sort_keys=False, ensure_ascii=False) + "\n"
