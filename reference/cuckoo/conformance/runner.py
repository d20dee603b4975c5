"""Drive any engine through the protocol: the suite, or random games against the reference.

An engine is a command line; it is started once in a process group of its own (so that a
wrapper script and everything it started go together), restarted after a crash or a hang,
and every answer is awaited for at most a timeout, so a broken engine is reported, never
waited on forever.
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Final

from ..errors import shown
from ..files import FileProblem, atomic_write, check_writable
from ..progress import Progress

__all__ = [
    "Engine",
    "EngineFailure",
    "Report",
    "add_arguments",
    "main",
    "parse_json",
    "run_suite",
]

MAX_ANSWER: Final = 4_000_000
"""The longest answer line read from an engine, in bytes."""

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class EngineFailure(Exception):
    """The engine crashed, hung, or answered with something that is not an answer."""


class Unsupported(Exception):
    """The engine answered ``? unsupported - WHY``: it cannot express the case, which is
    skipped with that reason (never a pass)."""


UNSUPPORTED: Final = "? unsupported "


class Engine:
    """A running engine, spoken to one line at a time.

    Its pipes are non-blocking and every exchange (the command written, the answer read)
    shares one deadline, so an engine that stops reading is as bounded as one that stops
    answering.
    """

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command, self.timeout = command, timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self.timeouts = 0
        """How many exchanges have timed out so far: shrinking gives up on a slow engine."""

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            self.process = subprocess.Popen(
                shlex.split(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                bufsize=0,
                start_new_session=True,  # its own process group: restart kills it all
            )
        except (OSError, ValueError) as error:
            raise EngineFailure(f"cannot start {quote(self.command)}: {error}") from None
        assert self.process.stdin is not None and self.process.stdout is not None
        for stream in (self.process.stdin, self.process.stdout):
            os.set_blocking(stream.fileno(), False)
        self._buffer = b""
        return self.process

    def _write(self, process: subprocess.Popen[bytes], data: bytes, deadline: float) -> bool:
        """Write *data* before *deadline*; False if the engine stopped reading."""
        assert process.stdin is not None
        fd = process.stdin.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_WRITE)
            while data:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return False
                with suppress(BlockingIOError):
                    data = data[os.write(fd, data) :]
        return True

    def _fail(self, message: str, timed_out: bool = False) -> EngineFailure:
        """Restart the engine and say what went wrong."""
        self.timeouts += timed_out
        self.restart()
        return EngineFailure(message)

    def ask(self, line: str) -> str:
        """Send one command; return the answer line without its line break."""
        process = self.process or self._start()
        assert process.stdout is not None
        name = quote(line.split()[0] if line.split() else line)
        deadline = time.monotonic() + self.timeout
        try:
            if not self._write(process, line.encode("utf-8") + b"\n", deadline):
                raise self._fail(f"the engine did not read {name} in {self.timeout:g} s", True)
        except OSError:
            raise self._fail(f"the engine exited before {name}") from None
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise self._fail(f"no answer to {name} in {self.timeout:g} s", True)
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    raise self._fail(f"the engine exited while answering {name}")
                self._buffer += chunk
                if len(self._buffer) > MAX_ANSWER and b"\n" not in self._buffer:
                    raise self._fail(f"an answer longer than {MAX_ANSWER} bytes")
        answer, _, self._buffer = self._buffer.partition(b"\n")
        text = answer.decode("utf-8", errors="replace").rstrip("\r")
        if not (text == "=" or text.startswith(("= ", "? "))):
            raise self._fail(f"not an answer: {quote(text)}")
        return text

    def restart(self) -> None:
        """Stop the engine and every process it started (SIGTERM, then SIGKILL after a
        short grace, to the whole group); the next command starts afresh."""
        if self.process is not None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                with suppress(ProcessLookupError, PermissionError):  # the group is gone
                    os.killpg(self.process.pid, sig)
                with suppress(subprocess.TimeoutExpired):
                    self.process.wait(GRACE)
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
        self.process = None

    def close(self) -> None:
        """Ask the engine to quit, then make sure nothing of it is left running."""
        process = self.process
        if process is not None and process.poll() is None:
            with suppress(OSError, subprocess.TimeoutExpired):
                if self._write(process, b"quit\n", time.monotonic() + GRACE):
                    process.wait(GRACE)
        self.restart()


GRACE: Final = 0.5
"""Seconds an engine is given to quit, or to end after SIGTERM, before it is killed."""

QUOTED: Final = 200
"""The most characters of an engine's value a message quotes."""


def quote(value: object) -> str:
    """*value* as a message quotes it (its ``repr``), cut to :data:`QUOTED` characters, so
    that an engine's huge answer makes a short report.  Every message that shows an
    engine's value goes through here."""
    text = repr(value)
    if len(text) <= QUOTED:
        return text
    return f"{text[:QUOTED]}… ({len(text) - QUOTED} more characters)"


def parse_json(text: str, what: str) -> Any:
    """An engine's JSON answer; anything unreadable (even nested too deep for the parser)
    is the engine's failure, never the runner's crash."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise EngineFailure(f"{what} is not JSON: {quote(text)}") from None


@dataclass
class Report:
    """What a run found, by spec section."""

    passed: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    xfailed: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)
    failed_ids: list[str] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    """Each case's outcome (``pass``, ``fail``, ``skip``, ``xfail``, ``xpass``), with its
    game, rules and, for a failure, what went wrong: the report's cases."""

    @property
    def ok(self) -> bool:
        """Nothing failed, and something was checked: an empty suite proves nothing."""
        return not self.failed and bool(self.passed or self.xfailed)

    def summary(self) -> str:
        line = f"{sum(self.passed.values())} passed, {sum(self.failed.values())} failed"
        xfailed = sum(self.xfailed.values())
        line += f", {xfailed} xfailed" if xfailed else ""
        skipped = sum(o["outcome"] == "skip" for o in self.outcomes)
        line += f", {skipped} skipped" if skipped else ""
        return line if self.failed or self.ok else line + ": nothing was checked"


# -- the suite -------------------------------------------------------------------------------


def _commands(case: dict[str, Any]) -> list[str]:
    from .suite import new_command

    if "record" in case:
        command = "format" if "format" in case["expect"] else "record"
        return [f"{command} {case['record']}"]
    return [new_command(case["setup"]), *(f"apply {m}" for m in case["moves"])]


def _check(engine: Engine, case: dict[str, Any]) -> str | None:
    """None if the engine does what *case* expects, else what went wrong."""
    expect = case["expect"]
    answer = ""
    for command in _commands(case):
        answer = _ask(engine, command)
        if answer.startswith("?"):
            if "error" in expect:
                kind, rule = [*answer.split(), "", ""][1:3]
                wanted = expect["error"]
                if (kind, rule) == (wanted["kind"], wanted["rule"]):
                    return None
                return f"expected ? {wanted['kind']} {wanted['rule']}, got {quote(answer)}"
            return f"{quote(command)} failed: {quote(answer)}"
    if "error" in expect:
        return f"expected ? {expect['error']['kind']} {expect['error']['rule']}, got ="
    if "format" in expect:
        return compare(expect["format"], parse_json(answer[2:], "the format answer"))
    if "perft" in expect:
        counts = [_perft(engine, d) for d in range(1, len(expect["perft"]) + 1)]
        return compare(expect["perft"], counts)
    if "state" in expect:
        return compare(expect["state"], parse_json(payload(engine, "state"), "the state"))
    if "legal" in expect:
        return compare(expect["legal"], sorted(payload(engine, "legal").split()))
    if "chance" in expect:
        got = chance_pairs(payload(engine, "chance " + expect["chance"]["move"]))
        return compare(expect["chance"]["outcomes"], got)
    return compare(expect["result"], payload(engine, "result"))


def _perft(engine: Engine, depth: int) -> int:
    text = payload(engine, f"perft {depth}")
    if not text.isdigit():
        raise EngineFailure(f"perft {depth} answered {quote(text)}, not a number")
    return int(text)


def chance_pairs(text: str) -> dict[str, str]:
    """A ``chance`` answer, ``OUTCOME=P ...``, as a map; a word without ``=`` fails."""
    pairs = [word.split("=", 1) for word in text.split()]
    if any(len(pair) != 2 for pair in pairs):
        raise EngineFailure(f"a chance answer needs OUTCOME=P words: {quote(text)}")
    return dict(pairs)


def _ask(engine: Engine, command: str) -> str:
    """The engine's answer to *command*; ``? unsupported`` raises :class:`Unsupported`."""
    answer = engine.ask(command)
    if answer.startswith(UNSUPPORTED):
        raise Unsupported(answer.removeprefix(UNSUPPORTED).removeprefix("- "))
    return answer


def payload(engine: Engine, command: str) -> str:
    """The payload of a command that must succeed."""
    answer = _ask(engine, command)
    if answer.startswith("?"):
        raise EngineFailure(f"{quote(command)} failed: {quote(answer)}")
    return answer[2:]


def compare(expected: object, got: object) -> str | None:
    """None if equal, else what differs, briefly."""
    if expected == got:
        return None
    if isinstance(expected, list) and isinstance(got, list):
        missing = [m for m in expected if m not in got][:5]
        extra = [m for m in got if m not in expected][:5]
        if not (missing or extra):
            return f"the same moves, but {len(expected)} expected and {len(got)} given"
        return f"missing {quote(missing)}, unexpected {quote(extra)}"
    if isinstance(expected, dict) and isinstance(got, dict):
        keys = sorted(k for k in expected.keys() | got.keys() if expected.get(k) != got.get(k))
        return "; ".join(
            f"{quote(k)}: expected {quote(expected.get(k))}, got {quote(got.get(k))}"
            for k in keys[:3]
        )
    return f"expected {quote(expected)}, got {quote(got)}"


def run_suite(
    engine: Engine,
    suites: list[dict[str, Any]],
    xfail: set[str] = frozenset(),  # type: ignore[assignment]
    log: Callable[[str], None] = print,
    skip: Callable[[dict[str, Any]], bool] = lambda case: False,
    progress: Progress | None = None,
) -> Report:
    """Every case of *suites* (but those *skip* leaves out), reported by game and by the
    spec section of its first rule."""
    report = Report()
    rules = {rule for suite in suites for rule in suite["rules"]}
    for suite in suites:
        for case in suite["cases"]:
            outcome = {"id": case["id"], "game": suite["game"], "rules": case["rules"]}
            if skip(case):
                report.outcomes.append({**outcome, "outcome": "skip"})
                continue
            chapter = suite["rules"].get(case["rules"][0], {}).get("section", "other")
            section = f"{suite['game']}/{chapter}"
            try:
                problem = _check(engine, case)
            except (EngineFailure, ValueError) as error:
                problem = str(error)
            except Unsupported as why:
                report.outcomes.append({**outcome, "outcome": "skip", "reason": str(why)})
                if progress is not None:
                    progress.advance()
                continue
            if case["id"] in xfail:
                if problem is None:
                    log(f"XPASS {case['id']}: remove it from the expected failures")
                    report.failed[section] += 1
                    outcome["outcome"] = "xpass"
                else:
                    report.xfailed[section] += 1
                    outcome["outcome"] = "xfail"
            elif problem is None:
                report.passed[section] += 1
                report.covered.update(case["rules"])
                outcome["outcome"] = "pass"
            else:
                report.failed[section] += 1
                report.failed_ids.append(case["id"])
                report.failures.append(f"FAIL {case['id']} ({' '.join(case['rules'])}): {problem}")
                outcome.update(outcome="fail", problem=problem)
            report.outcomes.append(outcome)
            if progress is not None:
                progress.advance()
    if progress is not None:
        progress.close()
    for section in sorted(report.passed.keys() | report.failed.keys() | report.xfailed.keys()):
        line = f"{section:<28}{report.passed[section]:>4} passed, {report.failed[section]} failed"
        log(line + (f", {report.xfailed[section]} xfailed" if report.xfailed[section] else ""))
    for failure in report.failures:
        log(failure)
    log(f"rules covered: {len(report.covered & rules)}/{len(rules)}")
    log(report.summary())
    return report


# -- the command line --------------------------------------------------------------------------

MAX_TIMEOUT: Final = 86_400.0
"""The longest ``--timeout``: a day (a longer wait is no bound at all)."""


def _seconds(text: str) -> float:
    """An argparse type: seconds above 0 and at most :data:`MAX_TIMEOUT`."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_TIMEOUT:  # nan and inf fail too
        raise argparse.ArgumentTypeError(
            f"expected seconds above 0 and at most {MAX_TIMEOUT:g}, not {quote(text)}"
        )
    return value


def _count(text: str) -> int:
    """An argparse type: a whole number >= 0."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {quote(text)}")
    return int(text)


GAME_NAMES: Final = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")


def add_arguments(parser: argparse.ArgumentParser, jobs: Callable[[str], int]) -> None:
    """The options of ``cuckoo conform``; *jobs* reads ``-j`` with the cap every command
    shares."""
    parser.add_argument(
        "--engine", required=True, help='the engine\'s command, e.g. "cuckoo serve"'
    )
    parser.add_argument("--suite", help="a suite file (default: every suite shipped)")
    parser.add_argument("--xfail", help="a file of case IDs expected to fail, one a line")
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=10.0,
        help=f"seconds to wait for each answer, above 0, at most {MAX_TIMEOUT:g} (default: 10)",
    )
    parser.add_argument(
        "--random",
        type=_count,
        default=0,
        metavar="N",
        help="instead of the suite, play N random games against the reference, "
        "across every game, ruleset, variant and parameter",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random games (default: 0)")
    parser.add_argument(
        "--game",
        choices=GAME_NAMES,
        help="only this game's suite, or random games (default: all three)",
    )
    parser.add_argument(
        "--run",
        dest="only",
        action="append",
        default=[],
        metavar="SELECTOR",
        help="only the cases a selector matches: a case ID, rule ID, game, tag or "
        "parameter=value, shell wildcards allowed (e.g. 'CC-*', lives=1); may be repeated "
        "(default: every case)",
    )
    parser.add_argument(
        "--skip",
        dest="leave_out",
        action="append",
        default=[],
        metavar="SELECTOR",
        help="leave out the cases a selector matches (as --run); reported as skipped "
        "(default: none)",
    )
    parser.add_argument("--report", metavar="FILE.json", help="write the results as JSON")
    parser.add_argument(
        "--summary",
        metavar="FILE.md",
        help="append a Markdown summary (e.g. to $GITHUB_STEP_SUMMARY)",
    )
    parser.add_argument("--html", metavar="FILE.html", help="write the results as a web page")
    parser.add_argument("--badge", metavar="FILE.svg", help="write a badge of the pass rate")
    parser.add_argument(
        "-j",
        "--jobs",
        type=jobs,
        default=1,
        help="random games played at once, each with its own engine (default: 1)",
    )


def _usage(message: str) -> int:
    print(f"cuckoo: {message}", file=sys.stderr)
    return EXIT_USAGE


MAX_XFAIL: Final = 1_000_000
"""The largest expected-failures file read, in bytes."""


def read_bounded(path: Path, limit: int) -> str:
    """The text of *path*, refused beyond *limit* bytes, so that a file that never ends
    (``/dev/zero``) costs a bounded read.

    :raises ValueError: for a file too large or not UTF-8 (:class:`OSError` as ``open``).
    """
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{shown(str(path))}: larger than {limit:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{shown(str(path))}: not UTF-8 text (byte {error.start})") from None


def _expected_failures(path: str, suites: list[dict[str, Any]]) -> set[str]:
    """The case IDs of the file at *path*; one that no suite holds is an error (a typo
    would otherwise hide a failure for ever)."""
    text = read_bounded(Path(path), MAX_XFAIL)
    ids = {line.split("#")[0].strip() for line in text.splitlines()} - {""}
    unknown = sorted(ids - {case["id"] for suite in suites for case in suite["cases"]})
    if unknown:
        raise ValueError(
            f"{shown(path)}: {len(unknown)} case ID(s) no suite holds: {quote(unknown)}"
        )
    return ids


def main(args: argparse.Namespace) -> int:
    """``cuckoo conform``: 0 when everything passed, 1 when something failed (or nothing
    was checked), 2 for a usage error or an engine that cannot start; interrupted (Ctrl-C
    or SIGTERM), it stops its engines and workers and says so in one line."""
    try:
        return _conform(args)
    except KeyboardInterrupt:
        print("cuckoo: interrupted; every engine stopped", file=sys.stderr)
        return 130
    except SystemExit as stop:  # SIGTERM, made to unwind like Ctrl-C
        print("cuckoo: terminated; every engine stopped", file=sys.stderr)
        raise stop


def selectors_of(case: dict[str, Any], game: str) -> list[str]:
    """What a ``--run`` or ``--skip`` selector is matched against: the case's ID, rule IDs,
    game, tags and ``parameter=value`` pairs (from its metadata, where the suite has it)."""
    params = case.get("params", {})
    words = {None: "none", True: "yes", False: "no"}
    pairs = [
        f"{k}={words[v] if v is None or isinstance(v, bool) else v}" for k, v in params.items()
    ]
    return [case["id"], *case["rules"], game, *case.get("tags", []), *pairs]


def _selection(
    run: list[str], skip: list[str], suites: list[dict[str, Any]]
) -> Callable[[dict[str, Any]], bool]:
    """Which cases to leave out: those no ``--run`` selector matches (when there are any),
    and those a ``--skip`` selector matches.

    :raises ValueError: for a selector that matches no case (a typo would run everything,
        or skip nothing, in silence).
    """
    names = {
        id(case): selectors_of(case, suite["game"]) for suite in suites for case in suite["cases"]
    }
    for selector in (*run, *skip):
        if not any(_hit(words, [selector]) for words in names.values()):
            raise ValueError(f"--run/--skip {quote(selector)} matches no case")

    def left_out(case: dict[str, Any]) -> bool:
        words = names[id(case)]
        return (bool(run) and not _hit(words, run)) or _hit(words, skip)

    return left_out


def _hit(words: list[str], selectors: list[str]) -> bool:
    return any(fnmatchcase(word, selector) for selector in selectors for word in words)


def _outputs(args: argparse.Namespace) -> list[str]:
    return [p for p in (args.report, args.summary, args.html, args.badge) if p]


def _write_outputs(args: argparse.Namespace, report: Report, suites: list[dict[str, Any]]) -> None:
    """The results as JSON, Markdown (appended), HTML and a badge, as asked."""
    from . import report as results

    data = results.of_run(report, suites, args.engine)
    written: dict[str | None, Callable[[], str]] = {
        args.report: lambda: json.dumps(data, indent=1, ensure_ascii=False) + "\n",
        args.html: lambda: results.html(data),
        args.badge: lambda: results.badge(data),
    }
    for path, text in written.items():
        if path:
            with atomic_write(Path(path)) as handle:
                handle.write(text())
    if args.summary:
        with open(args.summary, "a", encoding="utf-8") as handle:
            handle.write(results.markdown(data))


def _conform(args: argparse.Namespace) -> int:
    from .differential import differential
    from .protocol import PROTOCOL
    from .suite import load, load_all

    if not args.engine.split():
        return _usage('--engine needs a command, such as "cuckoo serve"')
    try:
        suites = [load(Path(args.suite))] if args.suite else load_all()
    except (OSError, ValueError) as error:
        return _usage(f"cannot read the suite: {error}")
    if args.game:
        suites = [suite for suite in suites if suite["game"] == args.game]
    try:
        xfail = _expected_failures(args.xfail, suites) if args.xfail else set()
    except (OSError, ValueError) as error:
        return _usage(f"cannot read the expected failures: {error}")
    if args.random and (args.only or args.leave_out or _outputs(args)):
        return _usage("--run, --skip and the results files are for the suite, not --random")
    try:
        skip = _selection(args.only, args.leave_out, suites)
    except ValueError as error:
        return _usage(str(error))
    outputs = _outputs(args)
    for path in outputs:
        try:
            check_writable(Path(path))
        except OSError as error:
            return _usage(f"cannot write {shown(path)}: {error.strerror or error}")
    engine = Engine(args.engine, timeout=args.timeout)
    try:
        try:
            answer = engine.ask("protocol")
        except EngineFailure as error:
            return _usage(f"the engine {quote(args.engine)} cannot start: {error}")
        if answer != f"= {PROTOCOL}":
            print(
                f"cuckoo: the engine answers protocol with {quote(answer)}, not '= {PROTOCOL}'",
                file=sys.stderr,
            )
            return EXIT_FAILED
        if args.random:
            engine.close()
            games = (args.game,) if args.game else GAME_NAMES
            report = differential(
                args.engine, args.random, args.seed, games, args.jobs, args.timeout
            )
        else:
            cases = sum(len(suite["cases"]) for suite in suites)
            report = run_suite(engine, suites, xfail, skip=skip, progress=Progress("case", cases))
            try:
                _write_outputs(args, report, suites)
            except (OSError, FileProblem) as error:
                return _usage(f"cannot write the results: {error}")
        return EXIT_OK if report.ok else EXIT_FAILED
    finally:
        engine.close()
