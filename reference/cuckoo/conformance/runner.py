"""Drive any engine through the protocol: the suite, or random games against the reference
(:mod:`.differential`), as ``cuckoo conform`` does.

The engine's process and its answers are :mod:`.engine`'s; what a run found is
:mod:`.verdicts`'s.  This module checks each case, chooses the cases (``--run``,
``--skip``) and writes the results files.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Final

from ..errors import shown
from ..files import FileProblem, atomic_write, check_writable, read_bounded
from ..progress import Progress
from .engine import Engine, EngineFailure, chance_pairs, parse_json, quote
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


class Unsupported(Exception):
    """The engine answered ``? unsupported - WHY``: it cannot express the case, which is
    skipped with that reason (never a pass)."""


UNSUPPORTED: Final = "? unsupported "


# -- the suite -------------------------------------------------------------------------------


def _commands(case: dict[str, Any]) -> list[str]:
    from .suite import new_command

    if "commands" in case:
        return list(case["commands"])
    if "record" in case:
        command = "format" if "format" in case["expect"] else "record"
        return [f"{command} {case['record']}"]
    return [new_command(case["setup"]), *(f"apply {m}" for m in case["moves"])]


def _check(engine: Engine, case: dict[str, Any]) -> str | None:
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


def _perft(engine: Engine, depth: int) -> int:
    text = payload(engine, f"perft {depth}")
    if not text.isdigit():
        raise EngineFailure(f"perft {depth} answered {quote(text)}, not a number")
    return int(text)


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
