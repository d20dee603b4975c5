"""``cuckoo conform`` and ``cuckoo serve`` against hostile engines, files and signals: every
wait is bounded, every run ends (on the first signal too) with nothing left running, every
message is short, every mistake is a clear error, never a traceback."""

from __future__ import annotations

import io
import json
import os
import re
import resource
import shlex
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from random import Random
from types import FrameType
from typing import Final

import pytest

from cuckoo.cli import main
from cuckoo.conformance.protocol import MAX_LINE, PERFT_BUDGET, Session, serve
from cuckoo.conformance.run import differential as differential_module
from cuckoo.conformance.run.differential import SHRINK_TIMEOUTS, _shrink, differential, play
from cuckoo.conformance.run.runner import Engine, EngineFailure
from tests.kit.test_runner import dice_suite_against

PYTHON = shlex.quote(sys.executable)
HERE = Path(__file__).parent
BROKEN = f"{PYTHON} {shlex.quote(str(HERE / 'broken_engine.py'))}"
SERVE = f"{PYTHON} -m cuckoo serve"


class _Alarm(Exception):
    """The test waited longer than any bounded wait could."""


@contextmanager
def _bounded(seconds: int) -> Iterator[None]:
    """Fail (rather than hang the test run) if the body takes more than *seconds*."""

    def ring(signum: int, frame: FrameType | None) -> None:
        signal.alarm(2)  # and again, should the clean-up after this hang as well
        raise _Alarm(f"still waiting after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _alive(pid: int) -> bool:
    """Whether *pid* runs (a zombie counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except (FileNotFoundError, ProcessLookupError):
        return False
    return "State:\tZ" not in status


def _gone(pids: list[int], within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while any(map(_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(map(_alive, pids))


def _script(tmp_path: Path, name: str, body: str) -> str:
    """An engine written in Python that records its process id in ``NAME.pid``."""
    path = tmp_path / f"{name}.py"
    pid = tmp_path / f"{name}.pid"
    path.write_text(
        f"import os, signal, sys, time\nopen({str(pid)!r}, 'w').write(str(os.getpid()))\n" + body,
        encoding="utf-8",
    )
    return f"{PYTHON} {shlex.quote(str(path))}"


def _pid(tmp_path: Path, name: str, within: float = 20.0) -> int:
    path = tmp_path / f"{name}.pid"
    deadline = time.monotonic() + within
    while not (path.exists() and path.read_text(encoding="utf-8")):
        assert time.monotonic() < deadline, "the engine never started"
        time.sleep(0.05)
    return int(path.read_text(encoding="utf-8"))


HANDSHAKE = "sys.stdin.readline(); print('= cuckoo-protocol 1', flush=True)\n"
DEAF = HANDSHAKE + "signal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(1000)\n"
"""Answers the handshake, then never reads nor answers again, and ignores SIGTERM."""

SILENT = "for line in sys.stdin: pass\n"
STUBBORN = "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n" + SILENT


def _conform(*args: str, limit: float = 60) -> subprocess.CompletedProcess[str]:
    """``cuckoo conform ARGS`` in a process of its own, killed (the test failing) if it
    outlives *limit* seconds."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cuckoo", "conform", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"conform {' '.join(args)} still ran after {limit} s")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


# -- 1. nothing hangs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "body", "status", "says"),
    [
        ("silent", SILENT, 2, "no answer to 'protocol' in 1 s"),
        ("stubborn", STUBBORN, 2, "no answer to 'protocol' in 1 s"),
        ("sleeper", "time.sleep(1000)\n", 2, "no answer to 'protocol' in 1 s"),
    ],
)
def test_an_engine_that_never_answers_is_given_up_and_killed(
    tmp_path: Path, name: str, body: str, status: int, says: str
) -> None:
    result = _conform("--engine", _script(tmp_path, name, body), "--timeout", "1", limit=20)
    assert (result.returncode, result.stdout) == (status, "")
    assert result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert _gone([_pid(tmp_path, name)])


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        ("yes =", "answers protocol with '=', not '= cuckoo-protocol 1'"),
        ("sleep 1000", "no answer to 'protocol'"),
        ("cat", "not an answer: 'protocol'"),
    ],
)
def test_a_hostile_program_as_engine_ends_in_one_message(engine: str, says: str) -> None:
    started = time.monotonic()
    result = _conform("--engine", engine, "--timeout", "1", limit=20)
    assert result.returncode in (1, 2) and result.stdout == ""
    assert result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert time.monotonic() - started < 15


def test_an_engine_that_stops_reading_cannot_block_a_write(tmp_path: Path) -> None:
    """Like ``yes =`` after the handshake: a write to its full stdin is bounded too.  Run
    in a process of its own, since a write that blocks cannot be interrupted for sure."""
    command = _script(tmp_path, "yes", HANDSHAKE + "while True: print('=', flush=True)\n")
    check = f"""
from cuckoo.conformance.run.runner import Engine, EngineFailure
engine = Engine({command!r}, timeout=1)
assert engine.ask("protocol") == "= cuckoo-protocol 1"
try:
    engine.ask("apply " + "x" * 4_000_000)
except EngineFailure as error:
    print(error)
engine.close()
print(engine.timeouts)
"""
    process = subprocess.Popen(
        [sys.executable, "-c", check], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, _ = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        for group in (process.pid, _pid(tmp_path, "yes")):
            os.killpg(group, signal.SIGKILL)
        process.communicate()
        pytest.fail("a write to an engine that does not read blocked")
    assert out == "the engine did not read 'apply' in 1 s\n1\n"
    assert _gone([_pid(tmp_path, "yes")])


def test_an_engine_that_ignores_sigterm_is_killed(tmp_path: Path) -> None:
    engine = Engine(_script(tmp_path, "deaf", DEAF), timeout=1)
    with _bounded(20):
        try:
            assert engine.ask("protocol") == "= cuckoo-protocol 1"
            with pytest.raises(EngineFailure, match="no answer to 'legal' in 1 s"):
                engine.ask("legal")
        finally:
            engine.close()
    assert _gone([_pid(tmp_path, "deaf")], within=0.1)


def _descendants(pid: int) -> list[int]:
    """The children of *pid* and theirs."""
    children = _children(pid)
    return children + [c for child in children for c in _descendants(child)]


def _children(pid: int) -> list[int]:
    """The processes whose parent is *pid*."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="utf-8").rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


RANDOM = ("--random-only", "--random", "9")


@pytest.mark.parametrize(
    ("sent", "status", "line", "options"),
    [
        (signal.SIGINT, 130, "cuckoo: interrupted; every engine stopped", ()),
        (signal.SIGTERM, 143, "cuckoo: terminated; every engine stopped", ()),
        (signal.SIGINT, 130, "cuckoo: interrupted; every engine stopped", RANDOM),
        (
            signal.SIGINT,
            130,
            "cuckoo: interrupted; every engine stopped",
            (*RANDOM, "-j", "2"),
        ),
        (
            signal.SIGTERM,
            143,
            "cuckoo: terminated; every engine stopped",
            (*RANDOM, "-j", "2"),
        ),
    ],
)
def test_the_first_signal_ends_conform_with_one_line_and_nothing_left(
    tmp_path: Path, sent: int, status: int, line: str, options: tuple[str, ...]
) -> None:
    """The engine answers the handshake, then hangs ignoring SIGTERM; a long timeout
    leaves the signal as the only way out.  Ctrl-C reaches the whole process group."""
    engine = _script(tmp_path, "deaf", DEAF)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cuckoo",
            "conform",
            "--engine",
            engine,
            "--timeout",
            "1000",
            *options,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        _pid(tmp_path, "deaf")
        expected = 4 if "-j" in options else 1  # each worker and its engine, or the engine
        deadline = time.monotonic() + 30
        while len(running := _descendants(process.pid)) < expected:
            assert time.monotonic() < deadline, f"only {running} started"
            time.sleep(0.1)
        time.sleep(0.5)  # every engine is asked its first question by now
        if sent == signal.SIGINT:
            os.killpg(process.pid, sent)  # as Ctrl-C: to the whole foreground group
        else:
            os.kill(process.pid, sent)
        started = time.monotonic()
        _, err = process.communicate(timeout=10)
        took = time.monotonic() - started
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert (process.returncode, err) == (status, line + "\n")
    assert took < 3
    assert _gone(running, within=1)


# -- 2, 3. bounded work ------------------------------------------------------------------------


def test_jobs_have_the_same_cap_as_validate(capsys: pytest.CaptureFixture[str]) -> None:
    from cuckoo.cli import MAX_JOBS

    too_many = str(MAX_JOBS + 1)
    assert main(["validate", "-j", too_many, "-"]) == 2
    refused = capsys.readouterr().err.splitlines()[-1].partition("--jobs: ")[2]
    assert main(["conform", "--engine", SERVE, "--random-only", "-j", too_many]) == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"--jobs: {refused}")
    assert f"not '{too_many}'" in refused


def test_random_games_are_drawn_as_they_are_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """An enormous count starts its first game at once, in bounded memory."""
    played: list[int] = []

    def one(command: str, timeout: float, game: str, seed: int, number: int) -> None:
        played.append(number)
        raise KeyboardInterrupt

    monkeypatch.setattr(differential_module, "_one", one)
    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            differential(SERVE, 2_000_000, 1, ("cuckoo-dice",), log=lambda _: None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert played == [1]
    assert peak < 5_000_000


# -- 4. serve ---------------------------------------------------------------------------------


def _served(data: bytes) -> list[str]:
    out = io.StringIO()
    assert serve(io.BytesIO(data), out) == 0
    return out.getvalue().splitlines()


def test_serve_never_holds_a_line_longer_than_its_limit() -> None:
    """A line of 8 MB is answered with one error and skipped; serve goes on."""
    stream = io.BytesIO(b"x" * (8 * MAX_LINE) + b"\nprotocol\n" + b"y" * (MAX_LINE + 5))
    out = io.StringIO()
    tracemalloc.start()
    try:
        assert serve(stream, out) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    refusal = f"? protocol - a line longer than {MAX_LINE} bytes"
    assert out.getvalue().splitlines() == [refusal, "= cuckoo-protocol 1", refusal]
    assert peak < 2 * MAX_LINE


def test_serve_ends_at_quit_and_at_the_end_of_input() -> None:
    assert _served(b"protocol\nquit\nprotocol\n") == ["= cuckoo-protocol 1", "="]
    assert _served(b"protocol") == ["= cuckoo-protocol 1"]


def test_an_unknown_command_is_quoted_short() -> None:
    answer = Session().answer("z" * 100_000)
    assert answer.startswith("? protocol - unknown command 'zzz")
    assert answer.endswith("… (99718 more characters)") and len(answer) < 400


def test_perft_refuses_what_would_take_minutes() -> None:
    session = Session()
    session.answer("new cuckoo Blue 1223445566 1123345666")
    started = time.process_time()
    answer = session.answer("perft 3")
    assert answer == (
        f"? protocol - perft 3 needs more than {PERFT_BUDGET} positions, the budget of this engine"
    )
    assert time.process_time() - started < 10
    assert session.answer("perft 1") == "= 1632"


# -- 5. short reports, quick give-up ----------------------------------------------------------


@pytest.mark.slow
def test_a_huge_engine_value_is_quoted_short() -> None:
    report, lines = dice_suite_against("huge-state")
    assert report.failed
    failures = [line for line in lines if line.startswith("FAIL")]
    assert any("more characters)" in line for line in failures)
    assert max(map(len, lines)) < 2_000


@pytest.mark.slow
def test_random_games_quote_a_huge_value_short() -> None:
    lines: list[str] = []
    report = differential(f"{BROKEN} huge-state", 1, 1, ("cuckoo-dice",), log=lines.append)
    assert sum(report.failed.values()) == 1
    assert sum(map(len, lines)) < 5_000, lines


def test_shrinking_gives_up_on_an_engine_that_times_out() -> None:
    engine = Engine(f"{BROKEN} hang", timeout=60)
    try:
        # started before the short deadline counts: on a loaded machine Python's start-up
        # alone took over 0.5 s, and the first game timed out at `new`, not at `legal`
        assert engine.ask("protocol").startswith("=")
        engine.timeout = 0.5
        rng = Random(1)
        choices = [rng.randrange(256) for _ in range(1000)]
        new = "new cuckoo Blue 1223445566 1123345666"
        found = play(engine, new, choices)
        assert found is not None and "no answer to 'legal'" in found.what
        assert engine.timeouts == 1
        assert _shrink(engine, found, choices) == found
    finally:
        engine.close()
    assert engine.timeouts <= 1 + SHRINK_TIMEOUTS


def test_shrinking_gives_up_when_the_engine_times_out_while_a_game_is_replayed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a loaded machine the engine can time out in the middle of hypothesis's search,
    after a shorter game was found: the search is then inconsistent (hypothesis says
    "flaky"), and the game found at first is shown, not a traceback."""
    found = differential_module.Disagreement("new cuckoo", ("a", "b", "c"), "differs")

    class Slow:
        timeouts = 0

    slow = Slow()

    def play_then_time_out(*_: object) -> differential_module.Disagreement:
        slow.timeouts += SHRINK_TIMEOUTS  # every game after the first times out
        return found

    monkeypatch.setattr(differential_module, "play", play_then_time_out)
    assert _shrink(slow, found, [1, 2, 3]) == found  # type: ignore[arg-type]


# -- 6, 7. files and options ----------------------------------------------------------------


def _limited() -> None:
    """A child that would read a file that never ends runs out of memory, not the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000, 2_000_000_000))


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("--suite", "cannot read the suite: /dev/zero: larger than 64,000,000 bytes"),
        ("--xfail", "cannot read the expected failures: /dev/zero: larger than 1,000,000 bytes"),
    ],
)
def test_a_file_that_never_ends_is_refused(option: str, says: str) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "cuckoo",
            "conform",
            "--engine",
            SERVE,
            option,
            "/dev/zero",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited,
    )
    assert (result.returncode, result.stderr) == (2, f"cuckoo: {says}\n")


def _suite(tmp_path: Path, suite: object) -> str:
    path = tmp_path / "suite.json"
    path.write_text(suite if isinstance(suite, str) else json.dumps(suite), encoding="utf-8")
    return str(path)


GOOD = {
    "id": "a",
    "rules": ["CD-TURN-PASS"],
    "setup": {
        "ruleset": "cuckoo",
        "first": "Blue",
        "rolls": {"Blue": "1223445566", "Red": "1123345666"},
        "params": {},
    },
    "moves": [],
    "expect": {"result": "*"},
}


def _with(**change: object) -> dict[str, object]:
    case = {**GOOD, **change}
    return {k: v for k, v in case.items() if v is not None}


def _of(*cases: object) -> dict[str, object]:
    return {"schema": "cuckoo-conformance/1", "game": "cuckoo-dice", "rules": {}, "cases": cases}


@pytest.mark.parametrize(
    ("suite", "says"),
    [
        (_of(_with(expect=None)), "case 1 ('a'): 'expect' must hold one of error, format"),
        (_of(_with(id=None)), "case 1: 'id' must be a non-empty text"),
        (_of(_with(rules="CD-TURN-PASS")), "case 1 ('a'): 'rules' must be a non-empty list"),
        (_of(_with(setup={"ruleset": "cuckoo"})), "case 1 ('a'): 'setup' lacks a field"),
        (_of(_with(setup=None)), "case 1 ('a'): 'setup' lacks a field"),
        (_of(_with(moves=[1, 2])), "case 1 ('a'): 'moves' must be a list of moves"),
        (_of(_with(expect={"perft": ["1"]})), "case 1 ('a'): 'expect' 'perft' is not of the"),
        (_of(_with(record=7)), "case 1 ('a'): 'record' must be a text"),
        (_of(GOOD, GOOD), "case 2 ('a'): the same ID as an earlier case"),
        (_of(GOOD, 3), "case 2: not an object"),
        ({**_of(GOOD), "cases": {}}, "'cases' must be a list"),
        ({**_of(GOOD), "rules": []}, "'rules' must map each rule ID to its section"),
        ({**_of(GOOD), "game": None}, "'game' must be a name"),
        ("[" * 100_000 + "]" * 100_000, "JSON nested too deep to read"),
        ('{"schema": ', "1:12: Expecting value"),
        ([1], "schema 'list', expected 'cuckoo-conformance/2'"),
    ],
)
def test_a_malformed_suite_is_a_clear_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suite: object, says: str
) -> None:
    path = _suite(tmp_path, suite)
    assert main(["conform", "--engine", SERVE, "--suite", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cuckoo: cannot read the suite: {path}") and says in err, err
    assert err.count("\n") == 1


def test_a_suite_without_cases_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(tmp_path, _of())
    assert main(["conform", "--engine", SERVE, "--suite-only", "--suite", path]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "0 passed, 0 failed: nothing was checked"


def test_a_suite_case_of_the_right_shape_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _suite(tmp_path, _of(GOOD))
    assert main(["conform", "--engine", SERVE, "--suite-only", "--suite", path]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_an_unknown_expected_failure_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    xfail = tmp_path / "xfail"
    xfail.write_text("a  # known\nnot-a-case\n", encoding="utf-8")
    path = _suite(tmp_path, _of(GOOD))
    assert main(["conform", "--engine", SERVE, "--suite", path, "--xfail", str(xfail)]) == 2
    assert capsys.readouterr().err == (
        f"cuckoo: cannot read the expected failures: {xfail}: "
        "1 case ID(s) no suite holds: ['not-a-case']\n"
    )


def test_a_wrong_protocol_answer_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = _script(tmp_path, "other", "sys.stdin.readline(); print('= uci 1', flush=True)\n")
    assert main(["conform", "--engine", engine]) == 1
    assert capsys.readouterr().err == (
        "cuckoo: the engine answers protocol with '= uci 1', not '= cuckoo-protocol 1'\n"
    )


@pytest.mark.parametrize("value", ["1e10", "0", "-1", "nan", "inf", "-inf", "ten", "86400.5"])
def test_a_timeout_out_of_range_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    assert main(["conform", "--engine", SERVE, f"--timeout={value}"]) == 2
    err = capsys.readouterr().err
    assert f"expected seconds above 0 and at most 86400, not '{value}'" in err
    assert "Traceback" not in err


# -- 8. the kit's own files --------------------------------------------------------------------


def _files(tmp_path: Path) -> tuple[str, str]:
    """A suite of one case and a file of expected failures, as a user keeps them."""
    xfail = tmp_path / "xfail.txt"
    xfail.write_text("# none yet\n", encoding="utf-8")
    return _suite(tmp_path, _of(GOOD)), str(xfail)


@pytest.mark.parametrize(
    ("results", "other"),
    [
        (["--report", "{suite}"], "--suite"),
        (["--summary", "{suite}"], "--suite"),
        (["--html", "{xfail}"], "--xfail"),
        (["--badge", "{xfail}"], "--xfail"),
        (["--report", "{hardlink}"], "--suite"),
        (["--summary", "{symlink}"], "--xfail"),
        (["--report", "{out}", "--html", "{out}"], "--report"),
        (["--html", "{out}", "--summary", "{out}"], "--summary"),
        (["--badge", "{out}", "--report", "{symlink-out}"], "--report"),
    ],
)
def test_a_results_file_over_an_input_or_another_result_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], results: list[str], other: str
) -> None:
    """Refused before the engine starts, each input left byte for byte as it was."""
    suite, xfail = _files(tmp_path)
    out = tmp_path / "out"
    os.link(suite, tmp_path / "hardlink")
    (tmp_path / "symlink").symlink_to(xfail)
    (tmp_path / "symlink-out").symlink_to(out)
    names = {"suite": suite, "xfail": xfail, "out": str(out)}
    names |= {n: str(tmp_path / n) for n in ("hardlink", "symlink", "symlink-out")}
    before = {path: Path(path).read_bytes() for path in (suite, xfail)}
    given = [arg.format_map(names) if arg.startswith("{") else arg for arg in results]
    options = ["--suite", suite, "--xfail", xfail, *given]
    assert main(["conform", "--engine", "/nonexistent/engine", *options]) == 2
    err = capsys.readouterr().err
    assert f"is the file of {other} as well" in err and err.count("\n") == 1, err
    assert {path: Path(path).read_bytes() for path in (suite, xfail)} == before
    assert not out.exists()


@pytest.mark.parametrize("option", ["--summary", "--report", "--html", "--badge"])
def test_a_read_only_results_file_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    """Even for root, who could write it: the owner protected it."""
    path = tmp_path / "kept.md"
    path.write_text("kept\n", encoding="utf-8")
    path.chmod(0o444)
    assert main(["conform", "--engine", "/nonexistent/engine", option, str(path)]) == 2
    assert capsys.readouterr().err == f"cuckoo: {path}: is read-only: make it writable first\n"
    assert path.read_text(encoding="utf-8") == "kept\n"


def test_random_0_is_refused_not_a_run_of_the_suite_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "--engine", "/nonexistent/engine", "--random", "0"]) == 2
    assert "--random: expected a number of games >= 1" in capsys.readouterr().err


@pytest.mark.slow
def test_megabytes_of_reasons_for_skipping_make_a_short_report(tmp_path: Path) -> None:
    """An engine that says why it skips a record in 1.3 MB, for each of its records: every
    reason is cut as an answer is, and written inert on every page."""
    path, page = tmp_path / "r.json", tmp_path / "r.html"
    options = ["--game", "cuckoo-cards", "--suite-only", "--partial", "--report", str(path)]
    engine = f"{BROKEN} long-reasons"  # it skips records: a partial engine
    assert main(["conform", "--engine", engine, *options, "--html", str(page)]) == 0
    assert path.stat().st_size < 1_000_000 and page.stat().st_size < 200_000
    data = json.loads(path.read_text(encoding="utf-8"))
    reasons = [c["reason"] for c in data["cases"] if c["outcome"] == "skip"]
    assert reasons and all(len(r) < 300 and r.endswith("more characters)") for r in reasons)
    html = page.read_text(encoding="utf-8")
    assert "<img" not in html and "&lt;img src=x" in html
    from cuckoo.conformance.run import report as results

    implementations = results.matrix({"hostile": data})
    assert len(implementations) < 50_000
    skipped = [line for line in implementations.splitlines() if "img" in line]
    assert skipped and all(_inert(line) for line in skipped), skipped


def _rendered(markdown: str) -> str:
    """*markdown* as a CommonMark renderer with raw HTML on (as GitHub's) makes it."""
    markdown_it = pytest.importorskip("markdown_it")
    return str(
        markdown_it.MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)
    )


LIVE: Final = ("<img", "<script", '<a href="http', "<details", "</details")
"""What an engine's text must never become on a page: an image, a script, a link away,
a fold opened or closed."""


def _inert(markdown: str) -> bool:
    """Whether *markdown* renders to nothing :data:`LIVE`."""
    rendered = _rendered(markdown)
    return not any(tag in rendered for tag in LIVE)


def test_engine_text_in_the_summary_is_never_live(tmp_path: Path) -> None:
    """An engine answers the state with an image, links, a script, a fold's end, backticks
    and a table's bar: the summary shows them as text, in its one fold, and the rule IDs
    are the only links."""
    summary = tmp_path / "s.md"
    options = ["--game", "cuckoo-dice", "--run", "state", "--suite-only"]
    assert (
        main(["conform", "--engine", f"{BROKEN} markup", *options, "--summary", str(summary)]) == 1
    )
    text = summary.read_text(encoding="utf-8")
    assert "</details><img" in text, "the engine's text is there, quoted"
    rendered = _rendered(text)
    assert "<img" not in rendered and "<script" not in rendered
    assert rendered.count("<details>") == rendered.count("</details>") == 1
    links = re.findall(r'<a href="([^"]*)"', rendered)
    assert links and all(link.startswith("spec/cuckoo-dice/") for link in links), links


def test_a_stored_report_cannot_make_a_link_run_script(tmp_path: Path) -> None:
    """A report rendered again may come from anyone: a rule's link of another scheme than
    http(s), such as javascript:, is dropped from the page and the summary."""
    from cuckoo.conformance.run import report as results

    counts = {"pass": 0, "fail": 1, "skip": 0, "xfail": 0, "xpass": 0}
    data = {
        "schema": results.REPORT_SCHEMA, "protocol": "cuckoo-protocol 1", "engine": "x",
        "date": "2026-11-27T00:00:00+00:00", "suites": {"cuckoo-dice": "2026.12"},
        "totals": counts, "games": {"cuckoo-dice": counts}, "rules": {"CD-CELL": counts},
        "links": {"CD-CELL": "javascript:alert(1)"},
        "cases": [{"id": "a", "game": "cuckoo-dice", "rules": ["CD-CELL"], "outcome": "fail",
                   "problem": "differs"}],
    }  # fmt: skip
    for page in (results.html(data), _rendered(results.markdown(data))):
        assert "javascript" not in page and "CD-CELL" in page
