"""Fuzzing the conformance kit's inputs: the suite file and the serve protocol.

A suite file either is refused with a ValueError (naming the case) or runs to a report:
whatever passes the shape check can never crash the runner.  ``cuckoo serve`` answers
every line, of any bytes, with exactly one line that starts ``=`` or ``?``, short when it
is an error, and never raises.  ``HYPOTHESIS_PROFILE=slow`` runs many more examples.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from cuckoo.conformance.protocol import MAX_LINE, MAX_MESSAGE, Session, serve
from cuckoo.conformance.run.differential import draw_game
from cuckoo.conformance.run.runner import EngineFailure, run_suite
from cuckoo.conformance.suites.build import load, load_all

SUITES = load_all()
CASES = [case for suite in SUITES for case in suite["cases"][::7]]
"""Every seventh case of each shipped suite: one of every kind, and quick to run."""

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


class InProcess:
    """The reference as an engine, in this process: the runner's checks without the cost
    of a process per example."""

    def __init__(self) -> None:
        self.session = Session()
        self.pristine = False

    def restart(self) -> None:
        """A case that needs no game yet gets a new session."""
        self.session, self.pristine = Session(), False

    def ask(self, line: str) -> str:
        answer = self.session.answer(line)
        if not (answer == "=" or answer.startswith(("= ", "? "))):
            raise EngineFailure(f"not an answer: {answer[:80]!r}")
        return answer


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into the dicts and lists of *value*."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):
            found += _paths(inner, (*prefix, index))
    return found


@st.composite
def suites(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped suite cut to a few cases, then damaged in one to three places: a key
    removed, or a value replaced by any JSON value."""
    source = draw(st.sampled_from(SUITES))
    cases = draw(st.lists(st.sampled_from(CASES), max_size=3))
    suite = copy.deepcopy({**source, "cases": cases})
    for _ in range(draw(st.integers(1, 3))):
        paths = [
            ("schema",),
            ("game",),
            ("rules",),
            ("cases",),
            *_paths(suite.get("cases"), ("cases",)),
        ]
        path = draw(st.sampled_from(paths))
        parent: Any = suite
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict) and draw(st.booleans()):
            parent.pop(path[-1], None)
        else:
            parent[path[-1]] = draw(JSON)
    return suite


@given(suite=suites())
def test_a_damaged_suite_is_refused_or_runs(tmp_path_factory: Any, suite: dict[str, Any]) -> None:
    path: Path = tmp_path_factory.mktemp("suite") / "suite.json"
    path.write_text(json.dumps(suite), encoding="utf-8")
    try:
        loaded = load(path)
    except ValueError as error:
        assert str(error).startswith(str(path)) and "\n" not in str(error)
        event("refused")
        return
    lines: list[str] = []
    report = run_suite(InProcess(), [loaded], log=lines.append)  # type: ignore[arg-type]
    assert lines[-1] == report.summary()
    event(f"ran: {'failed' if report.failed else 'passed' if report.ok else 'empty'}")


WORDS = st.text(
    alphabet=st.sampled_from(list("0123456789abcxyz+x;,()[]{}\"'=:-*. \t\x1b\x00\x85éBlueRdAnBC")),
    max_size=12,
)
RECORDS = [case["record"] for case in CASES if "record" in case]
COMMANDS = ("protocol", "new", "apply", "legal", "state", "result", "chance", "perft")
COMMANDS += ("record", "format", "frobnicate")


@st.composite
def sessions(draw: st.DrawFn) -> list[str]:
    """Command lines: a game started as the runner starts one, then commands with random
    words, and moves the reference offers, mixed."""
    game = draw(st.sampled_from(["cuckoo-dice", "cuckoo-cards", "zum-kuckuck"]))
    session = Session()
    lines = [draw_game(game, Random(draw(st.integers(0, 10_000))))]
    session.answer(lines[0])
    for _ in range(draw(st.integers(0, 12))):
        legal = session.answer("legal")[2:].split()
        if legal and draw(st.booleans()):
            line = "apply " + draw(st.sampled_from(legal))
        else:
            command = draw(st.sampled_from(COMMANDS))
            if command == "perft":  # within its budget, but seconds each: kept shallow
                words = [str(draw(st.integers(-1, 2)))]
            elif command in ("record", "format") and draw(st.booleans()):
                text = draw(st.sampled_from(RECORDS))  # a real record, a piece cut out
                start = draw(st.integers(0, len(text)))
                words = [text[:start] + text[draw(st.integers(start, len(text))) :]]
            else:
                words = draw(st.lists(WORDS, max_size=4))
            line = " ".join([command, *words])
        session.answer(line)
        lines.append(line)
    return lines


def _check(answers: list[str], count: int) -> None:
    assert len(answers) == count
    for answer in answers:
        assert answer == "=" or answer.startswith(("= ", "? ")), answer
        if answer.startswith("?"):
            assert answer.isprintable() and len(answer) < MAX_MESSAGE + 120, answer


@given(lines=sessions())
def test_serve_answers_every_command_with_one_line(lines: list[str]) -> None:
    out = io.StringIO()
    data = "".join(f"{line}\n" for line in lines).encode("utf-8")
    assert serve(io.BytesIO(data), out) == 0
    _check(out.getvalue().split("\n")[:-1], len(lines))


@given(data=st.lists(st.binary(max_size=40), max_size=8))
def test_serve_answers_any_bytes(data: list[bytes]) -> None:
    """Any bytes (not UTF-8, carriage returns, NUL) between the line breaks."""
    lines = [chunk.replace(b"\n", b"") for chunk in data]
    out = io.StringIO()
    assert serve(io.BytesIO(b"".join(line + b"\n" for line in lines)), out) == 0
    answers = out.getvalue().split("\n")[:-1]
    stop = next((i for i, line in enumerate(lines) if line.split()[:1] == [b"quit"]), None)
    _check(answers, len(lines) if stop is None else stop + 1)


def test_a_line_at_the_limit_is_read_one_over_is_not() -> None:
    at = b"frobnicate " + b"x" * (MAX_LINE - 11) + b"\n"
    over = b"frobnicate " + b"x" * (MAX_LINE - 10) + b"\n"
    out = io.StringIO()
    serve(io.BytesIO(at + over), out)
    first, second = out.getvalue().splitlines()
    assert first.startswith("? protocol - unknown command 'frobnicate'")
    assert second == f"? protocol - a line longer than {MAX_LINE} bytes"
