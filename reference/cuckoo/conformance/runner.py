"""Drive any engine through the protocol: the suite, or random games against the reference
(:mod:`.differential`), as ``cuckoo conform`` does.

The engine's process and its answers are :mod:`.engine`'s; what a run found is
:mod:`.verdicts`'s.  This module checks each case, chooses the cases (``--run``,
``--skip``) and writes the results files.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from fnmatch import fnmatchcase
from pathlib import Path
from random import Random, SystemRandom
from typing import Any, Final, Protocol

from ..errors import shown
from ..files import FileProblem, atomic_write, check_replaceable, check_writable, read_bounded
from ..progress import Progress
from ..workers import Workers
from .engine import (
    GRACE,
    Engine,
    EngineFailure,
    Unsupported,
    chance_pairs,
    cut,
    parse_json,
    quote,
    unsupported,
)
from .protocol import PROTOCOL
from .verdicts import Report, compare

__all__ = [
    "Engine",
    "EngineFailure",
    "Report",
    "add_arguments",
    "main",
    "parse_json",
    "run_suite",
]

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


# -- the suite -------------------------------------------------------------------------------


def _commands(case: dict[str, Any]) -> list[str]:
    from .suite import new_command

    if "commands" in case:
        return list(case["commands"])
    if "record" in case:
        command = "format" if "format" in case["expect"] else "record"
        return [f"{command} {case['record']}"]
    return [new_command(case["setup"]), *(f"apply {m}" for m in case["moves"])]


class Asks(Protocol):
    """What a case is checked against: anything that answers a command line."""

    def ask(self, line: str) -> str: ...


class Restarts(Asks, Protocol):
    """An engine a fresh case can be checked against: one that says whether it has had no
    game yet, and can be started again."""

    pristine: bool

    def restart(self) -> None: ...


class Transcript:
    """An engine whose exchanges in one case are kept: the command lines sent, ready to be
    sent again by hand, and the last answer, to show a failure as it happened."""

    def __init__(self, engine: Engine) -> None:
        self.engine, self.sent, self.answer = engine, list[str](), ""

    def ask(self, line: str) -> str:
        self.sent.append(line)
        self.answer = ""  # a crash or a hang leaves no answer
        self.answer = self.engine.ask(line)
        return self.answer

    @property
    def pristine(self) -> bool:
        """Whether the engine has had no game yet (a fresh case needs one that has not)."""
        return self.engine.pristine

    @pristine.setter
    def pristine(self, value: bool) -> None:
        self.engine.pristine = value

    def restart(self) -> None:
        """The engine started again, for a fresh case: what is sent after it is the case's."""
        self.engine.restart()
        self.sent.clear()


def _check(engine: Restarts, case: dict[str, Any]) -> str | None:
    """None if the engine does what *case* expects, else what went wrong."""
    expect = case["expect"]
    answer = ""
    if case.get("fresh") and not engine.pristine:
        engine.restart()
        if (hello := _ask(engine, "protocol")) != f"= {PROTOCOL}":
            return f"a fresh engine answered protocol with {quote(hello)}"
        engine.pristine = True
    scripted = "commands" in case  # a ? answer neither stops nor fails it: the expectation decides
    for command in _commands(case):
        answer = _ask(engine, command)
        if answer.startswith("=") and command.split()[:1] not in (["protocol"], ["format"]):
            engine.pristine = False  # a game may be under way: what changes nothing is known
        if answer.startswith("?") and not scripted:
            if "error" in expect:
                return _refused(answer, expect["error"])
            return f"{quote(command)} failed: {quote(answer)}"
    if "answer" in expect:
        return compare(expect["answer"], answer)
    if "error" in expect:
        return _refused(answer, expect["error"])
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


def _refused(answer: str, wanted: dict[str, str]) -> str | None:
    """None if *answer* is the error *wanted* (its kind and rule), else what differed."""
    kind, rule = [*answer.split(), "", ""][1:3] if answer.startswith("?") else ("", "")
    if (kind, rule) == (wanted["kind"], wanted["rule"]):
        return None
    return f"expected ? {wanted['kind']} {wanted['rule']}, got {quote(answer)}"


def _perft(engine: Asks, depth: int) -> int:
    text = payload(engine, f"perft {depth}")
    if not text.isdigit():
        raise EngineFailure(f"perft {depth} answered {quote(text)}, not a number")
    return int(text)


def _ask(engine: Asks, command: str) -> str:
    """The engine's answer to *command*; ``? unsupported`` raises :class:`Unsupported`."""
    return unsupported(engine.ask(command))


def payload(engine: Asks, command: str) -> str:
    """The payload of a command that must succeed."""
    answer = _ask(engine, command)
    if answer.startswith("?"):
        raise EngineFailure(f"{quote(command)} failed: {quote(answer)}")
    return answer[2:]


KEPT: Final = 2_000
"""The most characters of an engine's answer a report keeps as a case's ``actual``."""


def _fresh(engine: Engine) -> str | None:
    """Stop *engine* and start it again for the next case (``--isolate``), greeted with
    ``protocol`` as every engine is; what went wrong, if it did not answer so."""
    from .protocol import PROTOCOL

    engine.close()
    try:
        answer = engine.ask("protocol")
    except EngineFailure as error:
        return f"a fresh engine: {error}"
    if answer != f"= {PROTOCOL}":
        return f"a fresh engine answered protocol with {quote(answer)}"
    engine.pristine = True  # a fresh case need not start it again
    return None


def shown_failure(outcome: dict[str, Any]) -> str:
    """A failed case as the run prints it: what differed, what the case checks, the
    command lines sent (one a line, as they go to the engine, to paste into it) and the
    engine's last answer, quoted."""
    lines = [
        f"FAIL {outcome['id']} ({' '.join(outcome['rules'])}): {outcome['problem']}",
        f"  about: {outcome['about']}",
        "  sent, to paste into the engine:",
        *outcome["commands"],
        f"  answered: {quote(outcome['actual']) if outcome['actual'] else 'nothing'}",
    ]
    return "\n".join(lines)


Verdict = tuple[str | None, list[str], str, str | None]
"""A case's run: what went wrong (None if nothing did), the command lines sent, the
engine's last answer, and its reason if it could not express the case."""


def _verdict(engine: Engine, case: dict[str, Any], fresh: bool) -> Verdict:
    """*case* run against *engine*, started afresh first if *fresh*."""
    asked = Transcript(engine)
    try:
        problem = _fresh(engine) if fresh else None
        problem = problem or _check(asked, case)
    except (EngineFailure, ValueError) as error:
        problem = str(error)
    except Unsupported as why:
        return None, asked.sent, asked.answer, cut(str(why))
    return problem, asked.sent, asked.answer, None


def _isolated(command: str, timeout: float, case: dict[str, Any]) -> Verdict:
    """*case* run in an engine of its own, in a worker process (``--isolate -j``)."""
    engine = Engine(command, timeout)
    try:
        return _verdict(engine, case, True)
    finally:
        engine.close()


def run_suite(
    engine: Engine,
    suites: list[dict[str, Any]],
    xfail: set[str] = frozenset(),  # type: ignore[assignment]
    log: Callable[[str], None] = print,
    skip: Callable[[dict[str, Any]], bool] = lambda case: False,
    progress: Progress | None = None,
    *,
    shuffle: int | None = None,
    isolate: bool = False,
    jobs: int = 1,
) -> Report:
    """Every case of *suites* (but those *skip* leaves out), reported by game and by the
    spec section of its first rule; in a random order drawn from the seed *shuffle* if
    given, and each case in an engine started afresh if *isolate* (*jobs* cases at once,
    each engine in a worker process of its own)."""
    rules = {rule for suite in suites for rule in suite["rules"]}
    cases = [(suite, case) for suite in suites for case in suite["cases"]]
    if shuffle is not None:
        Random(shuffle).shuffle(cases)
    run = [case for _, case in cases if not skip(case)]
    workers = Workers(jobs, grace=3 * GRACE + 1) if isolate and jobs > 1 else None
    with workers or nullcontext():
        if workers:
            verdicts = workers.map(_isolated, ((engine.command, engine.timeout, c) for c in run))
        else:
            verdicts = (_verdict(engine, c, isolate and n > 0) for n, c in enumerate(run))
        report = _outcomes(cases, iter(verdicts), xfail, log, skip, progress)
    for section in sorted(report.passed.keys() | report.failed.keys() | report.xfailed.keys()):
        line = f"{section:<28}{report.passed[section]:>4} passed, {report.failed[section]} failed"
        log(line + (f", {report.xfailed[section]} xfailed" if report.xfailed[section] else ""))
    for failure in report.failures:
        log(failure)
    log(f"rules covered: {len(report.covered & rules)}/{len(rules)}")
    log(report.summary())
    return report


def _outcomes(
    cases: list[tuple[dict[str, Any], dict[str, Any]]],
    verdicts: Iterator[Verdict],
    xfail: set[str],
    log: Callable[[str], None],
    skip: Callable[[dict[str, Any]], bool],
    progress: Progress | None,
) -> Report:
    """The report of *cases*, each of those run given its verdict by *verdicts*, in order."""
    report = Report()
    for suite, case in cases:
        outcome = {"id": case["id"], "game": suite["game"], "rules": case["rules"]}
        if skip(case):
            report.outcomes.append({**outcome, "outcome": "skip"})
            continue
        chapter = suite["rules"].get(case["rules"][0], {}).get("section", "other")
        section = f"{suite['game']}/{chapter}"
        problem, sent, answer, reason = next(verdicts)
        if reason is not None:
            report.outcomes.append(
                {**outcome, "outcome": "skip", "reason": reason, "commands": sent}
            )
            if progress is not None:
                progress.advance()
            continue
        outcome["commands"] = sent
        if problem is not None:
            outcome.update(
                about=case.get("about", ""), expected=case["expect"], actual=cut(answer, KEPT)
            )
        if case["id"] in xfail:
            if problem is None:
                log(f"XPASS {case['id']}: remove it from the expected failures")
                report.failed[section] += 1
                outcome["outcome"] = "xpass"
            else:
                report.xfailed[section] += 1
                outcome.update(outcome="xfail", problem=problem)
        elif problem is None:
            report.passed[section] += 1
            report.covered.update(case["rules"])
            outcome["outcome"] = "pass"
        else:
            report.failed[section] += 1
            report.failed_ids.append(case["id"])
            outcome.update(outcome="fail", problem=problem)
            report.failures.append(shown_failure(outcome))
        report.outcomes.append(outcome)
        if progress is not None:
            progress.advance()
    if progress is not None:
        progress.close()
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


def _games(text: str) -> int:
    """An argparse type: a number of random games, at least 1 (``--suite-only`` plays
    none: a ``--random 0`` that played the suite alone would hide a typo)."""
    if not (text.isascii() and text.isdigit() and int(text) > 0):
        raise argparse.ArgumentTypeError(
            f"expected a number of games >= 1 (--suite-only plays none), not {quote(text)}"
        )
    return int(text)


RANDOM_GAMES: Final = 30
"""The random games a plain run plays after the suite: about three seconds against the
reference, enough that an engine right only on the suite's cases seldom passes."""

DRAWN: Final = -1
"""``--shuffle`` without a seed: one is drawn, and printed."""


GAME_NAMES: Final = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``cuckoo conform`` but ``-j``, which the command line declares as it
    declares every command's."""
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
        type=_games,
        metavar="N",
        help=f"play N random games against the reference after the suite, across every game, "
        f"ruleset, variant and parameter (default: {RANDOM_GAMES}, a few seconds; N >= 1)",
    )
    parser.add_argument("--seed", type=int, help="seed of the random games (default: 0)")
    parts = parser.add_mutually_exclusive_group()
    parts.add_argument(
        "--suite-only", action="store_true", help="run the suite alone: no random game"
    )
    parts.add_argument(
        "--random-only", action="store_true", help="play the random games alone: no suite"
    )
    parser.add_argument(
        "--shuffle",
        type=_count,
        nargs="?",
        const=DRAWN,
        metavar="SEED",
        help="run the cases in a random order, drawn from SEED (default: a seed drawn "
        "afresh); the seed is printed, to repeat the run",
    )
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="start the engine afresh for each case (slower: one start per case)",
    )
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
        "--spec-url",
        metavar="URL",
        help="the address of the published spec (the rulebook site's spec/ folder): the "
        "results files link each rule ID to URL/GAME/CHAPTER.html#ID (default: spec/, "
        "relative to the site the pages are put in)",
    )


def _usage(message: str) -> int:
    print(f"cuckoo: {message}", file=sys.stderr)
    return EXIT_USAGE


MAX_XFAIL: Final = 1_000_000
"""The largest expected-failures file read, in bytes."""


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


def _outputs(args: argparse.Namespace) -> dict[str, str]:
    """The results files asked for, by option."""
    given = {"--report": args.report, "--summary": args.summary, "--html": args.html}
    return {option: path for option, path in {**given, "--badge": args.badge}.items() if path}


def _same(one: str, other: str) -> bool:
    """Whether two paths name one file: the same path once links are followed, or (both
    existing) the same file under two names (a hard link)."""
    if os.path.realpath(one) == os.path.realpath(other):
        return True
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return False


def _unsafe_output(args: argparse.Namespace) -> str | None:
    """Why a results file cannot be written, checked before the run: the same file as an
    input or as another results file (one would be lost), a read-only file (never
    replaced, never appended to), or a folder that does not let a file be made."""
    outputs = list(_outputs(args).items())
    inputs = [("--suite", args.suite), ("--xfail", args.xfail)]
    for at, (option, path) in enumerate(outputs):
        for other, taken in [*inputs, *outputs[:at]]:
            if not taken:
                continue
            if _same(path, taken):
                return f"{shown(path)} is the file of {other} as well: choose another for {option}"
        try:
            if os.path.isfile(path):  # a device (/dev/null) is written to, not replaced
                check_replaceable(Path(path))  # read-only: refused, even to root
            check_writable(Path(path))
        except FileProblem as problem:
            return str(problem)
        except OSError as error:
            return f"cannot write {shown(path)}: {error.strerror or error}"
    return None


def _write_outputs(args: argparse.Namespace, data: dict[str, Any]) -> None:
    """The results as JSON, Markdown (appended), HTML and a badge, as asked."""
    from . import report as results

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


def _parts(args: argparse.Namespace) -> tuple[bool, int, int]:
    """Whether the suite runs, how many random games are played, and their seed.

    :raises ValueError: for options that contradict each other.
    """
    if args.suite_only and (args.random is not None or args.seed is not None):
        raise ValueError("--suite-only plays no random game: leave out --random and --seed")
    suited = [args.suite, args.xfail, args.only, args.leave_out, args.isolate]
    if args.random_only and (any(suited) or args.shuffle is not None):
        raise ValueError(
            "--suite, --xfail, --run, --skip, --shuffle and --isolate are for the suite, "
            "not --random-only"
        )
    games = 0 if args.suite_only else args.random or RANDOM_GAMES
    return not args.random_only, games, args.seed or 0


def _conform(args: argparse.Namespace) -> int:
    from . import report as results
    from .differential import differential
    from .suite import load, load_all

    if not args.engine.split():
        return _usage('--engine needs a command, such as "cuckoo serve"')
    try:
        suited, games, seed = _parts(args)
    except ValueError as error:
        return _usage(str(error))
    try:
        suites = [load(Path(args.suite))] if args.suite else load_all() if suited else []
    except (OSError, ValueError) as error:
        return _usage(f"cannot read the suite: {error}")
    if args.game:
        suites = [suite for suite in suites if suite["game"] == args.game]
    try:
        xfail = _expected_failures(args.xfail, suites) if args.xfail else set()
    except (OSError, ValueError) as error:
        return _usage(f"cannot read the expected failures: {error}")
    try:
        skip = _selection(args.only, args.leave_out, suites)
    except ValueError as error:
        return _usage(str(error))
    if problem := _unsafe_output(args):
        return _usage(problem)
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
        report = random = None
        shuffle = args.shuffle
        if suited:
            if shuffle == DRAWN:
                shuffle = SystemRandom().randrange(1_000_000)
            if shuffle is not None:
                print(f"cases in a random order, seed {shuffle}: --shuffle {shuffle} repeats it")
            cases = sum(len(suite["cases"]) for suite in suites)
            report = run_suite(
                engine,
                suites,
                xfail,
                skip=skip,
                progress=Progress("case", cases),
                shuffle=shuffle,
                isolate=args.isolate,
                jobs=args.jobs,
            )
        engine.close()
        if games:
            if suited:
                print(f"random games against the reference: {games}, seed {seed}")
            names = (args.game,) if args.game else GAME_NAMES
            random = differential(args.engine, games, seed, names, args.jobs, args.timeout)
        if report and random:
            print(f"suite: {report.summary()}; random games: {random.summary()}")
        run = {"shuffle": shuffle, "isolate": args.isolate, "seed": seed, "games": games}
        data = results.of_run(report, suites, args.engine, random, run, args.spec_url)
        try:
            _write_outputs(args, data)
        except (OSError, FileProblem) as error:
            return _usage(f"cannot write the results: {error}")
        return EXIT_OK if all(part.ok for part in (report, random) if part) else EXIT_FAILED
    finally:
        engine.close()
