"""Drive any engine through the protocol: the suite, or random games against the reference
(:mod:`.run.differential`), as ``cuckoo conform`` does.

The engine's process and its answers are :mod:`.engine`'s; the running of the cases is
:mod:`.run.cases`'s, what a run found :mod:`.run.verdicts`'s, the options
:mod:`.run.options`'s.  This module chooses the parts of a run and the cases
(``--run``, ``--skip``) and writes the results files.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import sys
from collections.abc import Callable
from fnmatch import fnmatchcase
from pathlib import Path
from random import SystemRandom
from typing import Any, Final

from ...errors import shown
from ...escaping import terminal
from ...files import FileProblem, check_output, read_bounded, reading, write_output
from ...progress import Progress
from ..engine import Engine, EngineFailure, parse_json, quote
from .cases import run_suite
from .options import DRAWN, GAME_NAMES, RANDOM_GAMES, add_arguments
from .verdicts import Report

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


def _usage(message: str) -> int:
    print(f"cuckoo: {terminal(message)}", file=sys.stderr)
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
    was checked, or the engine could not express a case or game and ``--partial`` was not
    given), 2 for a usage error or an engine that cannot start; interrupted (Ctrl-C
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


def _unsafe_output(args: argparse.Namespace) -> str | None:
    """Why a results file cannot be written, checked before the run by the one gate of
    outputs (:func:`.files.check_output`): an input (the suites a plain run loads among
    them), another results file, a link out of its folder, a folder, a read-only file."""
    from ..suites.files import SUITE

    for shipped in sorted(SUITE.parent.glob("*.json")):
        reading(shipped, "a suite shipped")
    for option, path in (("--suite", args.suite), ("--xfail", args.xfail)):
        if path:
            reading(path, f"the file of {option}")
    try:
        words = shlex.split(args.engine)
    except ValueError:  # an unclosed quote: the engine cannot start either
        words = args.engine.split()
    for word in [*words, shutil.which(words[0]) or ""]:  # its program, script, data
        if os.path.isfile(word):
            reading(word, "a file of the engine's command")
    done: dict[str, str] = {}
    for option, path in _outputs(args).items():
        try:
            check_output(path, option, stream=True, append=option == "--summary", outputs=done)
        except FileProblem as problem:
            return str(problem)
        done[path] = option
    return None


def _write_outputs(args: argparse.Namespace, data: dict[str, Any]) -> None:
    """The results as JSON, Markdown (appended), HTML and a badge, as asked: the regular
    files first, so that a FIFO nobody reads (waited on at most ``--timeout``) or Ctrl-C
    meanwhile leaves them written."""
    from . import report as results

    written: list[tuple[str | None, Callable[[], str]]] = [
        (args.report, lambda: json.dumps(data, indent=1, ensure_ascii=False) + "\n"),
        (args.html, lambda: results.html(data)),
        (args.badge, lambda: results.badge(data)),
        (args.summary, lambda: results.markdown(data)),
    ]
    asked = [(path, text) for path, text in written if path]
    failed: list[str] = []
    for path, text in sorted(asked, key=lambda asked: not os.path.isfile(asked[0])):
        try:  # one that fails loses none of the others
            write_output(path, text(), append=path == args.summary, wait=args.timeout)
        except (OSError, FileProblem) as error:
            failed.append(str(error))
    if failed:
        raise FileProblem("; ".join(failed))


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
    from ..protocol import PROTOCOL
    from ..suites.build import load, load_all
    from . import report as results
    from .differential import differential

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
                partial=args.partial,
            )
        engine.close()
        if games:
            if suited:
                print(f"random games against the reference: {games}, seed {seed}")
            names = (args.game,) if args.game else GAME_NAMES
            random = differential(
                args.engine, games, seed, names, args.jobs, args.timeout, partial=args.partial
            )
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
