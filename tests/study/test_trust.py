"""``cuckoo study`` as a hostile user tries it: nothing the user wrote is cut or overwritten,
every mistake gets one line and exit status 2 before a game is played, nothing waits for
ever, a huge study starts at once in little memory, and Ctrl-C or SIGTERM stops everything,
workers included, within two seconds."""

from __future__ import annotations

import errno
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cuckoo.cli import main as cli
from cuckoo.study import read_study, tasks_of
from cuckoo.study.tasks import play_task

TINY = Path(__file__).with_name("tiny.toml")

ONE = """seed = 1
[[part]]
game = "cuckoo-dice"
games = {games}
matches = [["{bot}", "{bot}"]]
settings = [{{}}, {{side_majority = "absolute"}}]
"""


def _spec(tmp_path: Path, text: str, name: str = "spec.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _study(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run ``cuckoo study`` in this process: its exit status and its one line of error."""
    capsys.readouterr()
    status = cli(["study", *argv])
    err = capsys.readouterr().err
    return status, err


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("cuckoo: "), err
    assert "Traceback" not in err
    return err


# -- the results file is checked first, and never cut --------------------------------------


def test_a_study_file_given_as_results_is_left_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = TINY.read_text(encoding="utf-8").rstrip("\n")  # its last line without a newline
    given = _spec(tmp_path, spec, "given.toml")
    status, err = _study(capsys, str(TINY), "-o", str(given), "-q", "--resume")
    assert status == 2
    assert "given.toml:1: not a JSON line of a results file" in _one_line(err)
    assert given.read_text(encoding="utf-8") == spec


@pytest.mark.parametrize("resume", [[], ["--resume"]])
def test_the_study_file_itself_as_results_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], resume: list[str]
) -> None:
    """``--resume`` was suggested, which would only have read the study as results; the
    same file by a link too."""
    spec = _spec(tmp_path, TINY.read_text(encoding="utf-8"), "mine.toml")
    (tmp_path / "link.toml").symlink_to(spec)
    for given in (spec, tmp_path / "link.toml"):
        status, err = _study(capsys, str(spec), "-o", str(given), "-q", *resume)
        assert status == 2
        assert _one_line(err) == (
            f"cuckoo: {given} is the study file itself: name another results file with -o "
            f"(without it: {tmp_path / 'mine.jsonl'})\n"
        )
        assert "--resume" not in err
    assert spec.read_text(encoding="utf-8") == TINY.read_text(encoding="utf-8")


def _results(tmp_path: Path) -> Path:
    out = tmp_path / "tiny.jsonl"
    assert cli(["study", str(TINY), "-o", str(out), "-q", "-j", "1"]) == 0
    return out


def test_another_games_results_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = _spec(tmp_path, ONE.format(games=2, bot="random"))
    out = _results(tmp_path)
    before = out.read_bytes()
    status, err = _study(capsys, str(other), "-o", str(out), "-q", "--resume")
    assert status == 2
    assert "tiny.jsonl:1: game 'dice|default|greedy,random|0' is not one of this study's" in err
    assert out.read_bytes() == before


def test_a_last_line_without_newline_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _results(tmp_path)
    whole = out.read_text(encoding="utf-8")
    lines = whole.splitlines(keepends=True)
    kept = "".join(lines[:4] + lines[6:7]).rstrip("\n")  # played out of order, as -j 2 does
    out.write_text(kept, encoding="utf-8")
    assert _study(capsys, str(TINY), "-o", str(out), "-q", "-j", "1", "--resume")[0] == 0
    assert out.read_text(encoding="utf-8").startswith(kept + "\n")
    assert sorted(out.read_text(encoding="utf-8").splitlines()) == sorted(whole.splitlines())


def test_a_cut_line_that_starts_no_game_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _results(tmp_path)
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    damaged = "".join(lines[:5]) + lines[5][:60].replace("seed", "sEEd")
    out.write_text(damaged, encoding="utf-8")
    status, err = _study(capsys, str(TINY), "-o", str(out), "-q", "--resume")
    assert status == 2
    assert "tiny.jsonl:6: the last line is cut short" in _one_line(err)
    assert out.read_text(encoding="utf-8") == damaged


def _first_line() -> dict[str, Any]:
    task = next(tasks_of(read_study(TINY)))
    return play_task(task)


def _with(**change: Any) -> str:
    record = {**_first_line(), **change}
    return json.dumps({k: v for k, v in record.items() if v is not None}) + "\n"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("not json\n", "not a JSON line"),
        ("[1, 2]\n", "a results line is a JSON object with a game's key"),
        ("\n", "not a JSON line"),
        ('{"seed": 1}\n', "a results line is a JSON object with a game's key"),
        ('{"key": "a|b|c|99999999999999999999999"}\n', "is not one of this study's"),
        ("[" * 4000 + "\n", "not a JSON line"),
        (_with(key=7), "a JSON object with a game's key"),
        (_with(key="dice|default|greedy,random|4"), "is not one of this study's"),
        (_with(key="dice|default|greedy,random|01"), "is not one of this study's"),
        (_with(seed=1), "another seed: the results of another study"),
        (_with(winners=[2]), "winners must be seats from 0 to 1"),
        (_with(winners=[0, 0]), "winners must be a list of different seats"),
        (_with(winners="0"), "winners must be a list"),
        (_with(first=5), "first must be a seat"),
        (_with(length=-1), "length must be a whole number"),
        (_with(length=2.5), "length must be a whole number"),
        (_with(seats=["random", "greedy", "greedy"]), "seats must be"),
        (_with(sides="lots"), "sides like 2-1"),
        (_with(decided=None), "expected the fields"),
        (_with(extra=1), "expected the fields"),
        ("x" * 10_000 + "\n", "a line longer than 4096 bytes"),
        ("\x00\n", "not a JSON line"),
        (b'{"key": "\xff"}\n', "not UTF-8 text"),
    ],
)
def test_damaged_results_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str | bytes, words: str
) -> None:
    out = tmp_path / "damaged.jsonl"
    damaged = line if isinstance(line, bytes) else line.encode("utf-8")
    text = _with().encode("utf-8") + damaged + _with().encode("utf-8")
    out.write_bytes(text)
    status, err = _study(capsys, str(TINY), "-o", str(out), "-q", "--resume")
    assert status == 2
    assert words in _one_line(err)
    assert "damaged.jsonl:2:" in err
    assert out.read_bytes() == text


def test_dev_zero_as_results(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = _study(capsys, str(TINY), "-o", "/dev/zero", "-q", "--resume")
    assert status == 2
    assert "not a regular file" in _one_line(err)


# -- the study file --------------------------------------------------------------------------


def test_one_game_of_two_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _spec(tmp_path, ONE.format(games=1, bot="random"))
    capsys.readouterr()
    status = cli(["study", str(spec), "-o", str(tmp_path / "one.jsonl"), "-q", "-j", "1"])
    text = capsys.readouterr().out
    assert status == 0
    assert "| `side_majority=absolute` | random v random | 1 |" in text
    assert "0 of 2 comparisons with the baseline `default`" in text  # no length: one game each


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('name = "a|b"', "name must be a text of printable characters without '|'"),
        ("name = 5", "name must be a text"),
        ('games = "10"', "games must be a whole number from 1 to 1000000000, not '10'"),
        ("games = -3", "games must be a whole number"),
        ("games = 9223372036854775807", "games must be a whole number from 1 to 1000000000"),
        ("games = 2.5", "games must be a whole number"),
        ("matches = {a = 1}", "matches must be a list"),
        ('matches = [["random", 3]]', "each match is a list of bot names"),
        ('matches = [["random", "random"], ["random", "random"]]', "a match is listed twice"),
        ("measures = [1, [2]]", "measures must be a list of"),
        ('measures = "first"', "measures must be a list of"),
        ("settings = [[1]]", "settings must be a list of tables"),
        ("settings = []", "expected 1 to 10000 settings, not 0"),
        ('settings = {side_majority = "absolute"}', "settings must be a list of tables"),
        ("grid = {tiebreak = []}", "expected 1 to 10000 settings, not 0"),
        ("grid = [1]", "grid must map each parameter to a list of values"),
        (
            "grid = {a = [1,2,3,4,5,6,7,8,9,10], b = [1,2,3,4,5,6,7,8,9,10], "
            "c = [1,2,3,4,5,6,7,8,9,10], d = [1,2,3,4,5,6,7,8,9,10], e = [1, 2]}",
            "grid makes more than 10000 settings",
        ),
        ("settings = [{side_majority = [1]}]", "setting"),
        ("settings = [{side_majority = {a = 1}}]", "setting"),
        ("settings = [{ruleset = [1]}]", "setting"),
    ],
)
def test_wrong_types_in_the_study_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    body = ONE.format(games=2, bot="random")
    key = text.split("=")[0].strip()
    drop = (key + " ", "settings ") if key == "grid" else (key + " ",)
    body = "\n".join(line for line in body.splitlines() if not line.startswith(drop))
    spec = _spec(tmp_path, body + "\n" + text + "\n")
    out = tmp_path / "never.jsonl"
    status, err = _study(capsys, str(spec), "-o", str(out), "-q")
    assert status == 2
    assert words in _one_line(err)
    assert "spec.toml: part 1: " in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('seed = "1"\n[[part]]\ngame = "cuckoo-dice"', "seed must be a whole number"),
        ("seed = 1\ntitle = [1]\n", "title must be a text"),
        ("seed = 1\npart = [1, 2]\n", "part 1: must be a table"),
        ("seed = 1\nparts = []\n", "unknown key 'parts'"),
        ("seed = 1\n", "a study needs 1 to 1000 [[part]] tables"),
        ("seed = = 1\n", "spec.toml: "),
        ("\xff", "spec.toml: "),
    ],
)
def test_wrong_study_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_bytes(text.encode("latin-1"))
    status, err = _study(capsys, str(spec), "-o", str(tmp_path / "never.jsonl"), "-q")
    assert status == 2
    assert words in _one_line(err)
    assert not (tmp_path / "never.jsonl").exists()


# -- what failed, and no empty file ----------------------------------------------------------


@pytest.mark.parametrize(
    ("output", "words"),
    [
        ("missing/out.jsonl", "cannot write the results file"),
        (".", "is not a regular file"),
    ],
)
def test_each_error_says_what_failed(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    output: str,
    words: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, err = _study(capsys, str(TINY), "-o", output, "-q", "--resume")
    assert status == 2
    assert words in _one_line(err)


def test_no_empty_results_file_after_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    out = tmp_path / "none.jsonl"
    status, err = _study(capsys, str(TINY), "-o", str(out), "--executor", "dask")
    assert status == 2
    assert "pip install" in _one_line(err)
    assert not out.exists()


# -- repeated games --------------------------------------------------------------------------


def test_a_game_written_twice_counts_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _results(tmp_path)
    once = capsys.readouterr().out
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    with out.open("a", encoding="utf-8") as file:
        file.writelines(lines[:7])  # a second run at once wrote seven games again
    status = cli(["study", str(TINY), "-o", str(out), "-q", "--resume"])
    text = capsys.readouterr().out
    assert status == 0
    said = (
        "\n\n7 lines of the results repeat a game (two runs at once?): each game is counted once."
    )
    assert said in text
    assert text.replace(said, "") == once  # the same figures as from each game once


# -- -j ---------------------------------------------------------------------------------------


def test_jobs_bounded_as_validate(capsys: pytest.CaptureFixture[str]) -> None:
    study = cli(["study", str(TINY), "-j", "100000"])
    study_err = capsys.readouterr().err
    validate = cli(["validate", "-j", "100000", str(TINY)])
    validate_err = capsys.readouterr().err
    assert study == validate == 2
    assert study_err.split("-j")[-1] == validate_err.split("-j")[-1]


# -- the cluster ------------------------------------------------------------------------------


@pytest.fixture
def silent_server() -> Iterator[str]:
    """An address that takes the connection and never answers."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"


@pytest.fixture
def web_server() -> Iterator[str]:
    server = http.server.HTTPServer(("127.0.0.1", 0), _Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def answering_server() -> Iterator[str]:
    """A web server that answers whatever it is sent at once, as nginx does a request that
    is not HTTP: Dask read its ``HTTP/1.1`` as the length of a frame, of exabytes."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:  # closed: the test is over
                return
            with connection:
                connection.recv(65536)
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    threading.Thread(target=answer, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.mark.parametrize("kind", ["silent", "web", "answering", "nonsense", "scheme"])
def test_a_cluster_that_is_none(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    request: pytest.FixtureRequest,
    kind: str,
) -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    address = {
        "silent": lambda: request.getfixturevalue("silent_server"),
        "web": lambda: request.getfixturevalue("web_server"),
        "answering": lambda: request.getfixturevalue("answering_server"),
        "nonsense": lambda: "nonsense",
        "scheme": lambda: "http://127.0.0.1:1",
    }[kind]()
    out = tmp_path / "cluster.jsonl"
    start = time.monotonic()
    status, err = _study(
        capsys, str(TINY), "-o", str(out), "-q", "--cluster", address, "--cluster-timeout", "2"
    )
    assert time.monotonic() - start < 10
    assert status == 2
    assert "Dask scheduler" in err.splitlines()[-1]
    assert "Traceback" not in err
    assert not out.exists()


# -- output that cannot be encoded ------------------------------------------------------------


def test_stdout_in_ascii(tmp_path: Path) -> None:
    spec = _spec(
        tmp_path, 'title = "Jürgens Studie — Würfel"\n' + ONE.format(games=2, bot="random")
    )
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "cuckoo", "study", str(spec), "-q", "-j", "1"],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"# J\\xfcrgens Studie \\u2014 W\\xfcrfel (seed 1)")


def test_ctrl_c_while_the_results_are_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("cuckoo.study.command.found_in", interrupted)
    out = _spec(tmp_path, "", "out.jsonl")
    status, err = _study(capsys, str(TINY), "-o", str(out), "--resume")
    assert status == 130
    assert "study stopped before its first game" in _one_line(err)


def test_a_full_disk_says_so_and_leaves_no_empty_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("cuckoo.study.results.os.write", full)
    out = tmp_path / "full.jsonl"
    status, err = _study(capsys, str(TINY), "-o", str(out), "-q", "-j", "1")
    assert status == 2
    assert "cannot write the results file" in _one_line(err) and "No space left" in err
    assert not out.exists()


def test_dev_zero_as_study(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, err = _study(capsys, "/dev/zero", "-o", str(tmp_path / "never.jsonl"), "-q")
    assert status == 2
    assert "/dev/zero: longer than 1048576 bytes: not a study file" in _one_line(err)
