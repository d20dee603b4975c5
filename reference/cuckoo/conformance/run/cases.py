"""The running of the suite's cases against an engine: each case's command lines sent, its
answers checked against what the case expects, and the verdicts gathered into a
:class:`.verdicts.Report` (what a failure prints included), one engine for all or one per
case (``--isolate``), in order or shuffled.

``cuckoo conform`` itself (its options, which cases run, the results files) is
:mod:`.run.runner`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import nullcontext
from random import Random
from typing import Any, Final, Protocol

from ...escaping import terminal
from ...progress import Progress
from ...workers import Workers
from ..engine import (
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
from .invariants import Watched, after_case
from .verdicts import Report, compare


def _commands(case: dict[str, Any]) -> list[str]:
    from ..suites.build import new_command

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
    sent again by hand, and the last answer, to show a failure as it happened.  Every
    exchange goes through :class:`.invariants.Watched`, so every refusal is checked to
    change nothing, whatever the case."""

    def __init__(self, engine: Engine, checked: bool = True) -> None:
        self.engine, self.sent, self.answer = engine, list[str](), ""
        self.watched = Watched(engine)
        self.asks: Asks = self.watched if checked else engine

    def ask(self, line: str) -> str:
        self.sent.append(line)
        self.answer = ""  # a crash or a hang leaves no answer
        self.answer = self.asks.ask(line)
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
        self.watched.forget()
        self.sent.clear()


def _check(engine: Restarts, case: dict[str, Any]) -> str | None:
    """None if the engine does what *case* expects, else what went wrong (a broken
    invariant included: :mod:`.invariants`)."""
    from ..protocol import PROTOCOL

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
    from ..protocol import PROTOCOL

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
    engine's last answer, quoted.  Every line goes through :func:`.escaping.terminal`: a
    suite file may hold anything, and none of it reaches the terminal as a command."""
    lines = [
        f"FAIL {outcome['id']} ({' '.join(outcome['rules'])}): {outcome['problem']}",
        f"  about: {outcome['about']}",
        "  sent, to paste into the engine:",
        *outcome["commands"],
        f"  answered: {quote(outcome['actual']) if outcome['actual'] else 'nothing'}",
    ]
    return "\n".join(map(terminal, lines))


Verdict = tuple[str | None, list[str], str, str | None]
"""A case's run: what went wrong (None if nothing did), the command lines sent, the
engine's last answer, and its reason if it could not express the case."""


def _verdict(engine: Engine, case: dict[str, Any], fresh: bool, checked: bool = True) -> Verdict:
    """*case* run against *engine*, started afresh first if *fresh*; its invariants
    checked unless *checked* is false (the suite alone, to measure what they add)."""
    asked = Transcript(engine, checked)
    try:
        problem = _fresh(engine) if fresh else None
        problem = problem or _check(asked, case)
        if problem is None and checked:
            kept = len(asked.sent)
            asked.watched.settle()  # a refusal the case ended on, one move later
            after_case(asked, case, _commands(case))
            del asked.sent[kept:]  # shown only when an invariant fails
    except (EngineFailure, ValueError) as error:
        problem = str(error)
    except Unsupported as why:
        return None, asked.sent, asked.answer, cut(str(why))
    return problem, asked.sent, asked.answer, None


def _isolated(command: str, timeout: float, case: dict[str, Any], checked: bool) -> Verdict:
    """*case* run in an engine of its own, in a worker process (``--isolate -j``)."""
    engine = Engine(command, timeout)
    try:
        return _verdict(engine, case, True, checked)
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
    checked: bool = True,
    partial: bool = False,
) -> Report:
    """Every case of *suites* (but those *skip* leaves out), reported by game and by the
    spec section of its first rule; in a random order drawn from the seed *shuffle* if
    given, and each case in an engine started afresh if *isolate* (*jobs* cases at once,
    each engine in a worker process of its own).  The invariants are checked in every
    case unless *checked* is false: the suite alone, as the mutation page measures it.  A
    case the engine cannot express (``? unsupported``) makes the run no pass unless
    *partial* (``--partial``)."""
    rules = {rule for suite in suites for rule in suite["rules"]}
    cases = [(suite, case) for suite in suites for case in suite["cases"]]
    if shuffle is not None:
        Random(shuffle).shuffle(cases)
    run = [case for _, case in cases if not skip(case)]
    workers = Workers(jobs, grace=3 * GRACE + 1) if isolate and jobs > 1 else None
    with workers or nullcontext():
        if workers:
            verdicts = workers.map(
                _isolated, ((engine.command, engine.timeout, c, checked) for c in run)
            )
        else:
            verdicts = (_verdict(engine, c, isolate and n > 0, checked) for n, c in enumerate(run))
        report = _outcomes(cases, iter(verdicts), xfail, log, skip, progress)
    report.partial = partial
    for section in sorted(report.passed.keys() | report.failed.keys() | report.xfailed.keys()):
        line = f"{section:<28}{report.passed[section]:>4} passed, {report.failed[section]} failed"
        line += f", {report.xfailed[section]} xfailed" if report.xfailed[section] else ""
        log(terminal(line))
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
            report.optional += "perft" in case["expect"]
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
                log(f"XPASS {terminal(case['id'])}: remove it from the expected failures")
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
