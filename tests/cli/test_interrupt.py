"""Ctrl-C and SIGTERM during every long-running command (issue #28): the command ends
within two seconds, with one line on stderr (no traceback) and exit 130 (143 for
SIGTERM), and leaves no process of its own behind and no half-written file.

Each command runs in a session of its own, as a terminal's job does, so that the signal
can be sent to its whole process group (what Ctrl-C does) or to the command alone, and
so that whatever it started can be found afterwards by that group.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.processes import group_members

ROOT = Path(__file__).resolve().parents[2]
DICE = (ROOT / "examples" / "cuckoo-sides.cuckoo").read_text(encoding="utf-8")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
CUCKOO = (sys.executable, "-m", "cuckoo")


def begun(path: Path) -> bool:
    """Whether something is written in *path*: the run is under way."""
    try:
        return path.stat().st_size > 0
    except FileNotFoundError:
        return False


def interrupt(
    tmp_path: Path,
    args: Sequence[str],
    *,
    ready: str = "output",
    signum: int = signal.SIGINT,
    to: str = "group",
    workers: int = 0,
) -> tuple[int, str, float]:
    """Run ``cuckoo *args*`` in *tmp_path*, wait until it is under way (*ready*: something
    on stdout, or in a file matching that pattern) with its *workers*, send *signum* *to*
    its ``group``, its ``parent`` or one ``worker``; the exit status, stderr and the
    seconds from the signal to the end. Asserts that nothing of it is left running."""
    out, err = tmp_path / "stdout", tmp_path / "stderr"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        child = subprocess.Popen(
            [*CUCKOO, *args],
            cwd=tmp_path,
            env=ENV,
            stdin=subprocess.PIPE,
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            written = [out] if ready == "output" else list(tmp_path.glob(ready))
            if any(map(begun, written)) and len(group_members(child.pid)) > workers:
                break
            time.sleep(0.02)
        assert child.poll() is None, f"under way: {err.read_text()}"
        sent = time.monotonic()
        if to == "group":
            os.killpg(child.pid, signum)
        elif to == "worker":
            os.kill(next(p for p in group_members(child.pid) if p != child.pid), signum)
        else:
            child.send_signal(signum)
        status = child.wait(timeout=30)
        took = time.monotonic() - sent
        deadline = time.monotonic() + 2  # a worker the parent failed to end stays
        while group_members(child.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert group_members(child.pid) == [], "no process left behind"
    finally:
        for pid in group_members(child.pid):
            os.kill(pid, signal.SIGKILL)
        child.kill()
        assert child.stdin is not None
        child.stdin.close()
    return status, err.read_text(encoding="utf-8"), took


def interrupted(tmp_path: Path, args: Sequence[str], line: str = "", **how: object) -> None:
    """*args* end as Ctrl-C should: 130, one line, within two seconds."""
    status, err, took = interrupt(tmp_path, args, **how)  # type: ignore[arg-type]
    assert (status, err) == (130, f"cuckoo: interrupted{line}\n")
    assert took < 2


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """A file of 3,000 games, each with a problem: validating it takes a while and
    prints at once."""
    path = tmp_path / "games.cuckoo"
    path.write_text("\n".join([DICE.replace("1. ", "1. 7@300 ", 1)] * 3000), encoding="utf-8")
    return path


@pytest.mark.parametrize("to", ["group", "parent"])
def test_ctrl_c_during_parallel_validation(games: Path, to: str) -> None:
    """It hung in 3 to 5 tries of 8, printed the workers' tracebacks and could leave a
    worker sleeping for ever: tried several times, since a race is what it was."""
    for _ in range(4):
        interrupted(games.parent, ["validate", "-j", "2", games.name], to=to, workers=2)


def validating(games: Path, *, signum: int, to: str) -> tuple[int, str, float]:
    """``validate -j 2`` of *games*, sent *signum* once both workers run."""
    args = ["validate", "-j", "2", games.name]
    return interrupt(games.parent, args, signum=signum, to=to, workers=2)


@pytest.mark.parametrize("to", ["group", "parent"])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_sigterm_during_parallel_validation(games: Path, to: str, signum: int) -> None:
    """SIGHUP (the terminal closed) killed the command and left its workers for ever."""
    for _ in range(3):
        status, err, took = validating(games, signum=signum, to=to)
        assert (status, err) == (128 + signum, "") and took < 2


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGQUIT], ids=["KILL", "QUIT"])
def test_workers_end_when_the_command_is_killed(games: Path, signum: int) -> None:
    """Nothing of the command runs to end them: they noticed nothing and slept for ever."""
    status, _, _ = validating(games, signum=signum, to="parent")
    assert status == -signum


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "games.cuckoo"],
        ["format", "games.cuckoo"],
        ["random", "--seed", "1", "--games", "1000000"],
        ["selfplay", "--bots", "random,random", "--seed", "1", "--games", "1000000", "-o", "-"],
    ],
    ids=lambda args: args[0],
)
def test_ctrl_c_during_a_long_run(games: Path, args: list[str]) -> None:
    if args[0] == "format":
        games.write_text("\n".join([DICE] * 3000), encoding="utf-8")
    interrupted(games.parent, args)
    interrupted(games.parent, args, to="parent")


def test_ctrl_c_while_a_bot_thinks(tmp_path: Path) -> None:
    """The bot plays first and searches for long: Ctrl-C ends the session at once, and
    the game so far is kept."""
    args = ["play", "--bot", "mcts:999999", "--side", "Red", "-o", "game.cuckoo"]
    line = "; saved in game.cuckoo"
    interrupted(tmp_path, args, line)
    assert (tmp_path / "game.cuckoo").read_text(encoding="utf-8").startswith("[Game ")


@pytest.mark.parametrize("to", ["group", "parent"])
def test_sigterm_keeps_the_old_file_whole(tmp_path: Path, to: str) -> None:
    old = tmp_path / "out.cuckoo"
    old.write_text("mine\n", encoding="utf-8")
    args = ["random", "--seed", "1", "--games", "1000000", "-o", "out.cuckoo"]
    status, err, took = interrupt(
        tmp_path, args, ready=".out.cuckoo.*", signum=signal.SIGTERM, to=to
    )
    assert (status, err) == (143, "") and took < 2
    assert old.read_text(encoding="utf-8") == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.cuckoo", "stderr", "stdout"]


def test_a_worker_killed_is_an_error_of_the_run(games: Path) -> None:
    """The kernel short of memory kills a worker: that was an internal error (exit 70,
    "please report it"); the others are ended too."""
    status, err, took = validating(games, signum=signal.SIGKILL, to="worker")
    assert status == 2 and took < 2
    assert err.startswith("cuckoo: a worker process ended abruptly") and err.count("\n") == 1


def test_ctrl_c_while_the_command_is_loading() -> None:
    """Ctrl-C while the command line's modules load (a tenth of a second) printed a
    traceback through the imports: here it comes as the dice notation is imported."""
    script = """
import sys
class Stop:
    def find_spec(self, name, path=None, target=None):
        if name == "cuckoo.notation":
            raise KeyboardInterrupt
sys.meta_path.insert(0, Stop())
from cuckoo.__main__ import run
sys.exit(run())
"""
    done = subprocess.run(
        [sys.executable, "-c", script, "--version"], env=ENV, capture_output=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (130, b"cuckoo: interrupted\n")
