"""The runner as a user meets it: an engine that cannot start, hostile answers, progress,
the closing line, and no process left behind."""

from __future__ import annotations

import io
import shlex
import sys
import time
from pathlib import Path
from random import Random

import pytest

from cuckoo.cli import main
from cuckoo.conformance.differential import differential, draw_game
from cuckoo.conformance.runner import Engine, Report, run_suite
from cuckoo.conformance.suite import load_all
from cuckoo.progress import Progress

PYTHON = shlex.quote(sys.executable)
BROKEN = f"{PYTHON} {shlex.quote(str(Path(__file__).parent / 'broken_engine.py'))}"


@pytest.mark.parametrize(
    "command",
    ["/nonexistent/engine --protocol", f"{BROKEN} no-start", "'unclosed"],
)
def test_an_engine_that_cannot_start_is_one_message_and_exit_2(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main(["conform", "--engine", command]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and "cannot start" in err, err


def dice_suite_against(flaw: str) -> tuple[Report, list[str]]:
    """The dice suite run against the broken engine with *flaw*: its report and its lines."""
    lines: list[str] = []
    engine = Engine(f"{BROKEN} {flaw}", timeout=30)
    try:
        cases = [s for s in load_all() if s["game"] == "cuckoo-dice"]
        return run_suite(engine, cases, log=lines.append), lines
    finally:
        engine.close()


@pytest.mark.parametrize("flaw", ["deep-state", "text-state"])
def test_an_unreadable_state_is_a_failure_not_a_crash(flaw: str) -> None:
    report, lines = dice_suite_against(flaw)
    assert report.failed and report.passed
    assert any("the state is not JSON" in line for line in lines if line.startswith("FAIL"))
    assert lines[-1] == report.summary()


@pytest.mark.parametrize("flaw", ["deep-state", "text-state"])
def test_random_games_report_an_unreadable_state_as_failures(flaw: str) -> None:
    lines: list[str] = []
    report = differential(f"{BROKEN} {flaw}", 3, 1, ("cuckoo-dice",), log=lines.append)
    assert sum(report.failed.values()) == 3
    assert lines[-1] == "0 passed, 3 failed"
    assert any("the state is not JSON" in line for line in lines)


def test_random_games_end_with_the_count_of_passed_and_failed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    serve = f"{PYTHON} -m cuckoo serve"
    options = ["--random-only", "--random", "6", "--seed", "3", "-j", "2"]
    assert main(["conform", "--engine", serve, *options]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "6 passed, 0 failed"
    assert {line.split()[0] for line in out[:-1]} == {"cuckoo-dice", "cuckoo-cards", "zum-kuckuck"}


def test_random_games_cover_every_ruleset_and_parameter() -> None:
    """Over a few hundred draws, every ruleset and every parameter appears in a ``new``."""
    games = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")
    text = " ".join(draw_game(game, Random(n)) for n in range(300) for game in games)
    for word in WORDS:
        assert word in text, word


WORDS = (
    *("new cuckoo ", "new dwnsiwn ", "new unnamed ", "infection_limit=none", "infection_limit=0"),
    *("handedness=eastern", "infection_pool=any", "side_majority=absolute"),
    *("tiebreak=captures-dungeon", "dungeon_tiebreak=owner", "dungeon_bonus=yes"),
    *("lives=1", "aces=high", "direction=right", "variant=tactical", " Fay ", " Eve "),
)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_only() -> None:
    shown, hidden = _Terminal(), io.StringIO()
    for stream in (shown, hidden):
        progress = Progress("case", 3, stream=stream)
        for _ in range(3):
            progress.advance()
        progress.close()
    assert "\r3/3 cases" in shown.getvalue()
    assert hidden.getvalue() == ""


def _alive(pid: int) -> bool:
    """Whether *pid* runs (a zombie no init has reaped yet counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


def test_an_engine_behind_a_wrapper_script_leaves_nothing_running(tmp_path: Path) -> None:
    """The engine is a grandchild of the runner: restarting kills the whole group."""
    pidfile = tmp_path / "pid"
    wrapper = tmp_path / "engine.sh"
    wrapper.write_text(f"#!/bin/sh\n{BROKEN} hang {shlex.quote(str(pidfile))}\necho done\n")
    wrapper.chmod(0o755)
    engine = Engine(str(wrapper), timeout=2)
    try:
        assert engine.ask("protocol") == "= cuckoo-protocol 1"
        pid = int(pidfile.read_text(encoding="utf-8"))
        assert _alive(pid)
        with pytest.raises(Exception, match="no answer"):
            engine.ask("legal")
    finally:
        engine.close()
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)
