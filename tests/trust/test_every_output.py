"""Every command and option that writes a file, found in the parsers by its type
(``cli.options.written``), tried on every hostile target: a folder, a link to a file out
of its folder, a read-only file, a FIFO nobody reads, and a file the run reads.  Each is
refused before any work (or, for a FIFO where the README promises a stream, given up
within its bound), in one line, exit 2, and the target is left as it was.

Round five: ``report page --output F`` wrote the page over the report F it read, and
``conform --report`` over a shipped suite that a plain run loads (issue 50, defects 2, 3);
a results FIFO nobody read kept ``conform`` waiting for ever (defect 6)."""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cuckoo import files
from cuckoo.cli import main
from cuckoo.conformance.run import report as results
from cuckoo.conformance.suites.files import SUITE
from cuckoo.option_values import written

from .hostile import options_where

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "examples" / "cuckoo-sides.cuckoo"
SPEC = ROOT / "tests" / "study" / "tiny.toml"
SHIPPED = SUITE.parent / "cuckoo-cards.json"
SERVE = f"{shlex.quote(sys.executable)} -m cuckoo serve"


WRITERS = options_where(lambda action: action.type is written)

BEFORE: dict[str, list[str]] = {
    "render": [str(GAME)],
    "format": [str(GAME)],
    "random": ["--seed", "1", "--games", "1"],
    "selfplay": ["--bots", "random,random", "--seed", "1", "--games", "1"],
    "record": [],
    "play": [],
    "conform": ["--engine", "/nonexistent/engine", "--timeout", "1"],
    "study": [str(SPEC)],
}
"""What each command that writes needs besides the option tried (a new one is added here:
the test below says so)."""

INPUTS: dict[str, list[Path]] = {
    "render": [GAME],
    "format": [GAME],
    "conform": [SHIPPED],
    "study": [SPEC],
}
"""The files each command reads, that none of its outputs may be."""


def test_the_walk_finds_every_writer() -> None:
    assert {c for c, _ in WRITERS} == set(BEFORE), "say what a new command needs in BEFORE"
    assert {("conform", "--report"), ("conform", "--summary"), ("random", "--output")} <= set(
        WRITERS
    )


STREAMED = ["--engine", SERVE, "--timeout", "5", "--suite-only", "--run", "cards-start"]
"""A run of ``conform`` that reaches its results, a FIFO of which is then waited on."""


def _hostile(tmp_path: Path, kind: str) -> tuple[Path, Callable[[], object]]:
    """A target of *kind* in *tmp_path*, and what must be the same after the command."""
    target = tmp_path / "target"
    if kind == "folder":
        target.mkdir()
        return target, lambda: (target.is_dir(), sorted(target.iterdir()))
    if kind == "fifo":
        os.mkfifo(target)
        return target, target.is_fifo
    if kind == "read-only":
        target.write_text("kept\n", encoding="utf-8")
        target.chmod(0o444)
        return target, lambda: (target.read_text(encoding="utf-8"), target.stat().st_mode)
    outside = tmp_path / "elsewhere" / "mine.txt"
    outside.parent.mkdir()
    outside.write_text("the user's own\n", encoding="utf-8")
    target.symlink_to(outside)
    return target, lambda: (target.is_symlink(), outside.read_text(encoding="utf-8"))


def _refused(
    capsys: pytest.CaptureFixture[str], run: Callable[[], int], unchanged: Callable[[], bool]
) -> None:
    started = time.monotonic()
    status = run()
    _, err = capsys.readouterr()
    assert time.monotonic() - started < 15
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "cannot start" not in err, f"refused only by the missing engine: {err}"
    assert unchanged(), "the target was changed"


@pytest.fixture(autouse=True)
def no_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A session asking questions gets none (it must refuse its file before asking)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


@pytest.mark.parametrize("kind", ["folder", "link-out", "read-only", "fifo"])
@pytest.mark.parametrize(("command", "option"), WRITERS)
def test_every_output_refuses_every_hostile_target(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    option: str,
    kind: str,
) -> None:
    monkeypatch.setattr(files, "STREAM_WAIT", 0.3)
    monkeypatch.chdir(tmp_path)
    target, same = _hostile(tmp_path, kind)
    before = same()
    argv = [command, *BEFORE[command], option, str(target)]
    if kind == "fifo" and command == "conform":  # a stream: taken, given up within --timeout
        argv = [command, *STREAMED, option, str(target)]
        started = time.monotonic()
        assert main(argv) == 2
        assert "nobody read it in 5 s" in capsys.readouterr().err
        assert time.monotonic() - started < 30 and target.is_fifo()
        return
    _refused(capsys, lambda: main(argv), lambda: same() == before)


@pytest.mark.parametrize(("command", "option"), WRITERS)
def test_no_output_is_a_file_the_run_reads(
    capsys: pytest.CaptureFixture[str], command: str, option: str
) -> None:
    """The input named on the command line, and the suites a plain ``conform`` loads."""
    for source in INPUTS.get(command, []):
        before = source.read_bytes()
        argv = [command, *BEFORE[command], option, str(source)]
        _refused(
            capsys, lambda argv=argv: main(argv), lambda s=source, b=before: s.read_bytes() == b
        )


def test_conform_report_over_a_shipped_suite_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Defect 3, as round five ran it: no ``--suite``; every later run failed."""
    before = SHIPPED.read_bytes()
    assert main(["conform", "--engine", "/nonexistent/engine", "--report", str(SHIPPED)]) == 2
    err = capsys.readouterr().err
    assert f"{SHIPPED} is a suite shipped as well: choose another for --report" in err
    assert SHIPPED.read_bytes() == before


@pytest.mark.parametrize("kind", ["folder", "link-out", "read-only", "fifo", "input", "stored"])
def test_report_page_refuses_every_hostile_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """Defect 2: ``report page MINE.json --output MINE.json`` wrote the page over MINE."""
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(results.stored()["reference"]), encoding="utf-8")
    if kind == "input":
        target, same = mine, lambda: mine.read_bytes()
    elif kind == "stored":
        stored = ROOT / results.STORED / "reference.json"
        target, same = stored, stored.read_bytes
    else:
        target, same = _hostile(tmp_path, kind)
    before = same()
    run = lambda: results.main(["page", str(mine), "--output", str(target)])  # noqa: E731
    _refused(capsys, run, lambda: same() == before)


def test_ctrl_c_while_a_results_fifo_waits_keeps_the_other_results(tmp_path: Path) -> None:
    """Defect 6: the results files that are files are written first; Ctrl-C while the FIFO
    waits for a reader ends in one line and leaves them whole."""
    fifo, report = tmp_path / "results.fifo", tmp_path / "report.json"
    os.mkfifo(fifo)
    argv = ["conform", "--engine", SERVE, "--suite-only", "--run", "cards-start"]
    running = subprocess.Popen(
        [sys.executable, "-m", "cuckoo", *argv, "--html", str(fifo), "--report", str(report)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # heard in a job
    )
    deadline = time.monotonic() + 60
    while not report.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    running.send_signal(signal.SIGINT)
    _, err = running.communicate(timeout=30)
    assert running.returncode == 130 and err.count("\n") == 1, err
    assert json.loads(report.read_text(encoding="utf-8"))["totals"]["pass"] == 1
    assert fifo.is_fifo()


GRAMMAR = Path(files.__file__).parent / "grammar" / "cuckoo-dice.lark"


@pytest.mark.parametrize(("command", "option"), WRITERS)
def test_no_output_is_a_file_of_the_package(
    capsys: pytest.CaptureFixture[str], command: str, option: str
) -> None:
    """Round six, 1: ``conform --badge`` wrote over a grammar every run reads; every file
    of the installed package (grammars, shipped suites, data, its code) is an input."""
    for source in (GRAMMAR, Path(files.__file__)):
        before = source.read_bytes()
        argv = [command, *BEFORE[command], option, str(source)]
        _refused(
            capsys, lambda argv=argv: main(argv), lambda s=source, b=before: s.read_bytes() == b
        )


def test_no_output_is_a_file_of_the_engines_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round six, 2: ``conform --report`` replaced the engine's own program."""
    program = tmp_path / "eng1.py"
    program.write_text("import sys\n", encoding="utf-8")
    for option in ("--report", "--summary", "--html", "--badge"):
        argv = ["conform", "--engine", f"{sys.executable} {program}", option, str(program)]
        _refused(
            capsys, lambda argv=argv: main(argv), lambda: program.read_text() == "import sys\n"
        )


@pytest.mark.parametrize("command", ["render", "format"])
def test_no_output_is_the_file_standard_input_comes_from(tmp_path: Path, command: str) -> None:
    """Round six, 3: ``render - -o a.cuckoo < a.cuckoo`` replaced the record it read."""
    record = tmp_path / "a.cuckoo"
    record.write_bytes(GAME.read_bytes())
    with record.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "cuckoo", command, "-", "-o", str(record)],
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 2 and "is the input" in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and record.read_bytes() == GAME.read_bytes()


def test_a_summary_that_cannot_be_added_to_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round six, 4: a --summary not UTF-8 ended the whole run in an internal error, and
    the --report asked beside it was never written."""
    summary, report = tmp_path / "sum.md", tmp_path / "rep.json"
    summary.write_bytes(b"x\xff\n")
    argv = ["conform", *BEFORE["conform"], "--summary", str(summary), "--report", str(report)]
    _refused(capsys, lambda: main(argv), lambda: summary.read_bytes() == b"x\xff\n")
    assert not report.exists()


def test_one_results_file_failing_loses_none_of_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round six, 4: the summary turns bad during the run; the report is still written."""
    summary, report = tmp_path / "sum.md", tmp_path / "rep.json"
    summary.write_text("before\n", encoding="utf-8")
    original = files.write_output

    def spoiled(path: str, text: str, **kwargs: object) -> None:
        if path == str(summary):
            summary.write_bytes(b"x\xff\n")
        original(path, text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("cuckoo.conformance.run.runner.write_output", spoiled)
    argv = [*STREAMED[:-2], "--run", "cards-start", "--summary", str(summary)]
    assert main(["conform", *argv, "--report", str(report)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    assert json.loads(report.read_text(encoding="utf-8"))["totals"]["pass"] == 1
