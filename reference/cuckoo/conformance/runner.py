"""Drive any engine through the protocol: the suite, or random games against the reference.

An engine is a command line; it is started once, restarted after a crash or a hang, and
every answer is awaited for at most a timeout, so a broken engine is reported, never
waited on forever.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from random import Random
from typing import Any, Final

from ..dice import (
    PLAYER_NAMES,
    RULESETS,
    Infect,
    Move,
    Rolls,
    Setup,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    random_setup,
    result,
)
from ..dice.notation import format_record, record_of
from ..dice.views import position
from .suite import new_command

__all__ = ["Engine", "EngineFailure", "Report", "differential", "run_suite"]

MAX_ANSWER: Final = 4_000_000
"""The longest answer line read from an engine, in bytes."""


class EngineFailure(Exception):
    """The engine crashed, hung, or answered with something that is not an answer."""


class Engine:
    """A running engine, spoken to one line at a time."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command, self.timeout = command, timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._buffer = b""

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            self.process = subprocess.Popen(
                shlex.split(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            raise EngineFailure(f"cannot start {self.command!r}: {error}") from None
        self._buffer = b""
        return self.process

    def ask(self, line: str) -> str:
        """Send one command; return the answer line without its line break."""
        process = self.process or self._start()
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(line.encode("utf-8") + b"\n")
            process.stdin.flush()
        except OSError:
            self.restart()
            raise EngineFailure(f"the engine exited before {line.split()[0]!r}") from None
        deadline = time.monotonic() + self.timeout
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    self.restart()
                    raise EngineFailure(f"no answer to {line.split()[0]!r} in {self.timeout:g} s")
                chunk = os.read(fd, 65536)
                if not chunk:
                    self.restart()
                    raise EngineFailure(f"the engine exited while answering {line.split()[0]!r}")
                self._buffer += chunk
                if len(self._buffer) > MAX_ANSWER and b"\n" not in self._buffer:
                    self.restart()
                    raise EngineFailure(f"an answer longer than {MAX_ANSWER} bytes")
        answer, _, self._buffer = self._buffer.partition(b"\n")
        text = answer.decode("utf-8", errors="replace").rstrip("\r")
        if not (text == "=" or text.startswith(("= ", "? "))):
            self.restart()
            raise EngineFailure(f"not an answer: {text[:80]!r}")
        return text

    def restart(self) -> None:
        """Stop the engine; the next command starts a fresh one."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
        self.process = None

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write(b"quit\n")
                self.process.stdin.flush()
                self.process.wait(timeout=1)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.restart()


@dataclass
class Report:
    """What a run found, by spec section."""

    passed: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    xfailed: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)

    @property
    def ok(self) -> bool:
        return not self.failed

    def summary(self) -> str:
        line = f"{sum(self.passed.values())} passed, {sum(self.failed.values())} failed"
        xfailed = sum(self.xfailed.values())
        return line + (f", {xfailed} xfailed" if xfailed else "")


# -- the suite -------------------------------------------------------------------------------


def _check(engine: Engine, case: dict[str, Any]) -> str | None:
    """None if the engine does what *case* expects, else what went wrong."""
    expect = case["expect"]
    if "record" in case:
        command = "format" if "format" in expect else "record"
        commands = [f"{command} {case['record']}"]
    else:
        commands = [new_command(case["setup"]), *(f"apply {m}" for m in case["moves"])]
    for command in commands:
        answer = engine.ask(command)
        if answer.startswith("?"):
            if "error" in expect:
                kind, rule = [*answer.split(), "", ""][1:3]
                wanted = expect["error"]
                if (kind, rule) == (wanted["kind"], wanted["rule"]):
                    return None
                return f"expected ? {wanted['kind']} {wanted['rule']}, got {answer[:120]!r}"
            return f"{command[:60]!r} failed: {answer[:120]!r}"
    if "error" in expect:
        return f"expected ? {expect['error']['kind']} {expect['error']['rule']}, got ="
    if "format" in expect:
        return _compare(expect["format"], json.loads(answer[2:]))
    if "perft" in expect:
        counts = [int(_payload(engine, f"perft {d}")) for d in range(1, len(expect["perft"]) + 1)]
        return _compare(expect["perft"], counts)
    if "state" in expect:
        return _compare(expect["state"], json.loads(_payload(engine, "state")))
    if "legal" in expect:
        return _compare(expect["legal"], sorted(_payload(engine, "legal").split()))
    if "chance" in expect:
        pairs = _payload(engine, "chance " + expect["chance"]["move"]).split()
        return _compare(expect["chance"]["outcomes"], dict(p.split("=", 1) for p in pairs))
    return _compare(expect["result"], _payload(engine, "result"))


def _payload(engine: Engine, command: str) -> str:
    answer = engine.ask(command)
    if answer.startswith("?"):
        raise EngineFailure(f"{command!r} failed: {answer[:120]!r}")
    return answer[2:]


def _compare(expected: object, got: object) -> str | None:
    if expected == got:
        return None
    if isinstance(expected, list) and isinstance(got, list):
        missing = [m for m in expected if m not in got][:5]
        extra = [m for m in got if m not in expected][:5]
        return f"missing {missing}, unexpected {extra}"
    if isinstance(expected, dict) and isinstance(got, dict):
        keys = sorted(k for k in expected.keys() | got.keys() if expected.get(k) != got.get(k))
        return "; ".join(f"{k}: expected {expected.get(k)!r}, got {got.get(k)!r}" for k in keys[:3])
    return f"expected {expected!r}, got {got!r}"


def run_suite(
    engine: Engine,
    suites: list[dict[str, Any]],
    xfail: set[str] = frozenset(),  # type: ignore[assignment]
    log: Callable[[str], None] = print,
) -> Report:
    """Every case of *suites*, reported by game and by the spec section of its first rule."""
    report = Report()
    rules = {rule for suite in suites for rule in suite["rules"]}
    for suite in suites:
        for case in suite["cases"]:
            chapter = suite["rules"].get(case["rules"][0], {}).get("section", "other")
            section = f"{suite['game']}/{chapter}"
            try:
                problem = _check(engine, case)
            except (EngineFailure, ValueError) as error:
                problem = str(error)
            if case["id"] in xfail:
                if problem is None:
                    log(f"XPASS {case['id']}: remove it from the expected failures")
                    report.failed[section] += 1
                else:
                    report.xfailed[section] += 1
            elif problem is None:
                report.passed[section] += 1
                report.covered.update(case["rules"])
            else:
                report.failed[section] += 1
                report.failures.append(f"FAIL {case['id']} ({' '.join(case['rules'])}): {problem}")
    for section in sorted(report.passed.keys() | report.failed.keys() | report.xfailed.keys()):
        line = f"{section:<28}{report.passed[section]:>4} passed, {report.failed[section]} failed"
        log(line + (f", {report.xfailed[section]} xfailed" if report.xfailed[section] else ""))
    for failure in report.failures:
        log(failure)
    log(f"rules covered: {len(report.covered & rules)}/{len(rules)}")
    log(report.summary())
    return report


# -- differential testing --------------------------------------------------------------------


@dataclass(frozen=True)
class Disagreement:
    """Where the engine and the reference first differ in a game."""

    setup: Setup
    moves: tuple[Move, ...]
    """The moves up to and including the ply where they differ."""
    what: str


def _choices(choices: list[int]) -> Iterator[int]:
    yield from choices
    while True:
        yield 0


def play(engine: Engine, rules: str, setup: Setup, choices: list[int]) -> Disagreement | None:
    """Play the game that *choices* pick, move by move in both engines; the first difference."""
    ruleset = RULESETS[rules]
    state, pick = new_game(ruleset, setup), _choices(choices)
    moves: list[Move] = []
    rolls = " ".join("".join(map(str, r)) for r in setup.rolls)

    def differ(what: str) -> Disagreement:
        return Disagreement(setup, tuple(moves), what)

    answer = engine.ask(f"new {rules} {PLAYER_NAMES[setup.first]} {rolls}")
    if answer != "=":
        return differ(f"new: {answer[:100]}")
    while True:
        if problem := _compare(
            sorted(str(m) for m in legal_moves(state)), sorted(_payload(engine, "legal").split())
        ):
            return differ(f"legal moves at ply {len(moves) + 1}: {problem}")
        if state.is_over:
            break
        options = legal_moves(state)
        move = options[next(pick) % len(options)]
        if isinstance(move, Infect):
            outcomes = [r for r, _ in chance_outcomes(apply(state, move))]
            move = Infect(move.give, move.take, outcomes[next(pick) % len(outcomes)])
        assert not isinstance(move, Rolls)
        moves.append(move)
        state = apply(state, move)
        answer = engine.ask(f"apply {move}")
        if answer != "=":
            return differ(f"apply {move}: {answer[:100]}")
        if problem := _compare(position(state), json.loads(_payload(engine, "state"))):
            return differ(f"state after ply {len(moves)}: {problem}")
    outcome = result(state)
    expected = f"{outcome.token} {outcome.reason}" if outcome else "*"
    if problem := _compare(expected, _payload(engine, "result")):
        return differ(f"result: {problem}")
    return None


def _shrink(engine: Engine, rules: str, found: Disagreement, choices: list[int]) -> Disagreement:
    """The shortest game (hypothesis shrinking over the choices) that still shows a
    difference; the game found at first if hypothesis cannot reproduce it."""
    try:
        from hypothesis import HealthCheck, find, settings
        from hypothesis import strategies as st
        from hypothesis.errors import NoSuchExample
    except ImportError:  # shrinking is a luxury: the game found still shows the problem
        return found

    def fails(candidate: list[int]) -> bool:
        try:
            return play(engine, rules, found.setup, candidate) is not None
        except EngineFailure:
            return True

    try:
        smallest = find(
            st.lists(st.integers(0, 255), max_size=len(choices)),
            fails,
            settings=settings(
                max_examples=60,
                database=None,
                deadline=None,
                suppress_health_check=list(HealthCheck),
            ),
        )
    except NoSuchExample:
        return found
    try:
        shrunk = play(engine, rules, found.setup, smallest)
    except EngineFailure as error:
        return Disagreement(found.setup, found.moves, str(error))
    return shrunk if shrunk and len(shrunk.moves) <= len(found.moves) else found


def differential(
    engine: Engine,
    games: int,
    seed: int,
    rules: str = "cuckoo",
    log: Callable[[str], None] = print,
) -> Disagreement | None:
    """Play *games* random games against the reference; shrink the first disagreement."""
    rng = Random(seed)
    for number in range(1, games + 1):
        setup = random_setup(rng)
        choices = [rng.randrange(256) for _ in range(120)]
        try:
            found = play(engine, rules, setup, choices)
        except EngineFailure as error:
            found = Disagreement(setup, (), str(error))
        if found is not None:
            log(f"game {number}: {found.what}")
            smallest = _shrink(engine, rules, found, choices)
            record = record_of(RULESETS[rules], smallest.setup, smallest.moves)
            log(f"shortest game that shows it ({len(smallest.moves)} plies): {smallest.what}")
            log(format_record(record).rstrip("\n"))
            return smallest
    log(f"{games} games, no disagreement")
    return None
