"""Hostile input to the ``cuckoo`` command (issue #19): every case is a clear message with
exit 1 or 2, never an internal error (70), and no file the user gave is lost or damaged."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from cuckoo.cli import main
from cuckoo.dice import notation as dice_notation
from tests.processes import wait_for_file

ROOT = Path(__file__).resolve().parents[2]
DICE = (ROOT / "examples" / "cuckoo-sides.cuckoo").read_text(encoding="utf-8")
CARDS = (ROOT / "examples" / "cuckoo-cards-three-players.cuckoo").read_text(encoding="utf-8")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """*command* run by a real shell, for redirections that pytest's capture cannot make;
    ``{cuckoo}`` in it stands for this interpreter's ``python -m cuckoo``."""
    return subprocess.run(
        ["sh", "-c", command.format(cuckoo=f"{sys.executable} -m cuckoo")],
        cwd=cwd,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )


def with_tag(text: str, tag: str, value: str) -> str:
    """*text* with the tag pair ``[tag "value"]`` added after its first line."""
    first, rest = text.split("\n", 1)
    return f'{first}\n[{tag} "{value}"]\n{rest}'


@pytest.mark.parametrize(
    ("record", "tag", "value", "rule"),
    [
        (DICE, "InfectionLimit", "²", "CD-RULESET-PARAMS"),
        (DICE, "InfectionLimit", "9" * 5000, "CD-RULESET-PARAMS"),
        (DICE, "InfectionLimit", "٣", "CD-RULESET-PARAMS"),
        (CARDS, "Lives", "²", "CC-RULESET-PARAMS"),
        (CARDS, "Lives", "9" * 5000, "CC-RULESET-PARAMS"),
        (CARDS, "Aces", "³", "CC-RULESET-PARAMS"),
    ],
)
def test_numbers_in_tags_that_int_cannot_read(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    record: str,
    tag: str,
    value: str,
    rule: str,
) -> None:
    path = tmp_path / "odd.cuckoo"
    path.write_text(with_tag(record, tag, value), encoding="utf-8")
    status, out, _ = run(capsys, "validate", str(path))
    assert status == 1
    assert out.startswith(f"{path}:2:1: {rule}: "), "the place of the tag"
    assert len(out) < 300, "a 5,000-digit value is cut short in the message"


def test_numbers_in_tags_when_resuming_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.cuckoo"
    path.write_text(with_tag(CARDS, "Lives", "²"), encoding="utf-8")
    status, _, err = run(capsys, "record", "--resume", str(path))
    assert status == 1 and "CC-RULESET-PARAMS" in err


def test_a_huge_tag_value_costs_memory_in_proportion() -> None:
    """The tag-value pattern once kept a backtracking frame per character: 190 MB per MB
    of value (a 15 MB value took 2.77 GB); now it is a few times the text."""
    text = with_tag(DICE, "Site", "a" * 1_000_000)
    dice_notation.parse(DICE)  # the parser is built before measuring
    tracemalloc.start()
    try:
        record = dice_notation.parse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert record.tag("Site") == "a" * 1_000_000
    assert peak < 40_000_000


def test_closed_stdin_and_full_stdout(tmp_path: Path) -> None:
    (tmp_path / "game.cuckoo").write_text(DICE, encoding="utf-8")
    closed = shell("{cuckoo} validate - <&-", tmp_path)
    assert (closed.returncode, closed.stderr) == (
        2,
        "cuckoo: standard input is closed: give a file, or pipe a record in\n",
    )
    if Path("/dev/full").exists():
        full = shell("{cuckoo} format game.cuckoo >/dev/full", tmp_path)
        assert full.returncode == 2, full.stderr
        assert full.stderr == "cuckoo: cannot write the output: No space left on device\n"


def test_invalid_utf8_is_reported_at_its_own_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file was decoded in blocks, so the error named a line thousands too early."""
    path = tmp_path / "bad.cuckoo"
    path.write_bytes(DICE.encode() * 300 + b"{caf\xe9}\n")
    lines = DICE.count("\n") * 300 + 1
    status, _, err = run(capsys, "validate", str(path))
    assert (status, err) == (2, f"cuckoo: {path}:{lines}:5: not UTF-8 text (byte 0xe9)\n")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_is_named_so_with_how_to_save_it_as_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str
) -> None:
    """It was called binary data (its NUL bytes), with or without its byte-order mark."""
    path = tmp_path / "notepad.cuckoo"
    path.write_bytes(DICE.encode(encoding))
    status, _, err = run(capsys, "validate", str(path))
    assert status == 2 and err.count("\n") == 1
    assert err.startswith(f"cuckoo: {path}:1: UTF-16 text, not UTF-8: save it again as UTF-8")
    assert "iconv -f UTF-16 -t UTF-8" in err
    path.write_bytes(b"GIF89a\x01\x00\x01\x00\x80\x00\x00\n")  # binary is still binary
    assert run(capsys, "validate", str(path))[2].endswith(": binary data, not a record file\n")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["replay", "--turn", "1" + "0" * 18, "x"], "a whole number from 0 to 999,999,"),
        (["random", "--games", "1" + "0" * 18], "a whole number from 1 to 999,999,"),
    ],
)
def test_a_count_too_large_is_refused_with_its_range(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    """It said "expected a whole number >= 0" of a number that is one."""
    status, _, err = run(capsys, *args)
    assert status == 2 and f"expected {said}999,999,999,999, not '1{'0' * 18}'" in err
    assert ">=" not in err


def test_a_byte_order_mark_is_read_as_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bom.cuckoo"
    path.write_text("\ufeff" + DICE, encoding="utf-8")
    status, out, err = run(capsys, "validate", str(path))
    assert (status, out) == (0, "") and err.startswith("1 game, ")


def test_a_newline_in_a_file_name_keeps_a_problem_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two\nlines.cuckoo"
    path.write_text("garbage\n", encoding="utf-8")
    status, out, _ = run(capsys, "validate", str(path))
    assert status == 1
    assert out.count("\n") == 1 and "two\\nlines.cuckoo:1:1: CD-NOTATION-SYNTAX" in out


def test_render_refuses_to_write_over_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.cuckoo"
    path.write_text(DICE, encoding="utf-8")
    (tmp_path / "link").symlink_to(path)
    for output in (str(path), str(tmp_path / "link")):
        status, _, err = run(capsys, "render", str(path), "-o", output)
        assert status == 2 and "is the input" in err
    assert path.read_text(encoding="utf-8") == DICE


def test_output_through_a_symlink_replaces_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target, link = tmp_path / "in.cuckoo", tmp_path / "target", tmp_path / "link"
    source.write_text(DICE, encoding="utf-8")
    target.write_text("old", encoding="utf-8")
    link.symlink_to(target)
    assert run(capsys, "format", str(source), "-o", str(link))[0] == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8").startswith("[Game")


def test_output_into_a_fifo_writes_through_it(tmp_path: Path) -> None:
    (tmp_path / "in.cuckoo").write_text(DICE, encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    try:
        done = shell("{cuckoo} format in.cuckoo -o pipe -q", tmp_path)
        out, _ = reader.communicate(timeout=30)
    finally:
        reader.kill()
    assert done.returncode == 0, done.stderr
    assert out.startswith('[Game "cuckoo-dice"]')
    assert fifo.is_fifo(), "the FIFO is still a FIFO"


def test_record_into_a_missing_folder_fails_before_the_setup(tmp_path: Path) -> None:
    done = shell("echo cuckoo | {cuckoo} record -o nowhere/game.cuckoo", tmp_path)
    assert done.returncode == 2
    assert "Ruleset" not in done.stdout, "refused before asking anything"
    assert "nowhere/game.cuckoo: cannot write" in done.stderr


@pytest.mark.parametrize("tries", [1, pytest.param(20, marks=pytest.mark.slow)])
def test_sigterm_during_a_write_leaves_no_temporary_file(tmp_path: Path, tries: int) -> None:
    """Signalled the moment its temporary file appeared, ``random -o`` left it behind in
    7 runs of 20: the signal came between its creation and the code that removes it."""
    command = [sys.executable, "-m", "cuckoo", "random", "--seed", "1", "--games", "100000"]
    for _ in range(tries):
        child = subprocess.Popen(
            [*command, "-o", "out.cuckoo"],
            cwd=tmp_path,
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_for_file(tmp_path, ".out.cuckoo.*", 30, step=0.0005)
            child.send_signal(signal.SIGTERM)
            assert child.wait(timeout=30) == 128 + signal.SIGTERM
        finally:
            child.kill()
        assert list(tmp_path.iterdir()) == []


def test_format_streams_and_keeps_the_old_file_on_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.cuckoo"
    path.write_text(DICE + "\n" + DICE.replace("1. ", "1. 7@300 ", 1), encoding="utf-8")
    before = path.read_bytes()
    status, out, err = run(capsys, "format", "--in-place", str(path))
    assert status == 1 and "CD-DIE-FACES" in err
    assert path.read_bytes() == before and list(tmp_path.iterdir()) == [path]
    status, out, _ = run(capsys, "format", str(path))
    assert status == 1 and out.count("[Game ") == 1, "the first record was written at once"


def test_sessions_with_stdin_closed_and_numbers_argparse_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("record -o a.cuckoo", "play -o b.cuckoo"):
        done = shell(f"{{cuckoo}} {command} <&-", tmp_path)
        assert (done.returncode, done.stderr) == (
            2,
            "cuckoo: standard input is closed: this command asks questions\n",
        )
    assert list(tmp_path.iterdir()) == []
    for args in (["random", "--seed", "1", "--games", "²"], ["validate", "-j", "99999", "x"]):
        status, _, err = run(capsys, *args)
        assert status == 2 and "expected" in err and "_positive" not in err


TOO_LONG = "9" * 5000


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "-j", TOO_LONG, "x"],
        ["random", "--seed", TOO_LONG],
        ["random", "--seed", "1", "--games", TOO_LONG],
        ["random", "--seed", "1", "--players", TOO_LONG],
        ["replay", "x", "--ply", TOO_LONG],
        ["play", "--seed", "x1", "-o", "x"],
    ],
)
def test_numbers_too_long_to_read_are_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """Python reads at most 4,300 digits: argparse said "invalid _jobs value" and quoted
    all 5,000 of them."""
    status, _, err = run(capsys, *args)
    assert status == 2 and ": expected " in err and "invalid" not in err
    assert len(err.splitlines()[-1]) < 200


def test_jobs_are_capped_where_every_command_reads_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cuckoo.cli import MAX_JOBS

    assert 4 * len(os.sched_getaffinity(0)) == MAX_JOBS
    status, _, err = run(capsys, "validate", "-j", str(MAX_JOBS + 1), "x")
    assert status == 2
    assert f"expected 1 to {MAX_JOBS} processes (4 per CPU), not '{MAX_JOBS + 1}'" in err
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    assert f"1 to {MAX_JOBS}" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["random", "selfplay --bots random,random -o -"])
def test_an_enormous_count_starts_at_once_in_bounded_memory(command: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "cuckoo", *command.split(), "--seed", "1", "--games", f"{10**12}"],
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == '[Game "cuckoo-dice"]\n'
        status = Path(f"/proc/{child.pid}/status").read_text()
        kilobytes = int(status.split("VmRSS:")[1].split()[0])
        assert kilobytes < 200_000
    finally:
        child.kill()
        child.communicate()


def test_a_stdout_that_cannot_encode_the_text(tmp_path: Path) -> None:
    """Names, file names and pictures beyond ASCII, on a stdout that only takes ASCII:
    escaped (SVG as XML's character references), never an internal error."""
    good, bad = tmp_path / "Jürgen ♥.cuckoo", tmp_path / "bad ü.cuckoo"
    good.write_text(with_tag(DICE, "Site", "Köln ♥"), encoding="utf-8")
    bad.write_text(DICE.replace("1. ", "1. 7@300 ", 1), encoding="utf-8")
    ascii_ = {**ENV, "PYTHONIOENCODING": "ascii"}
    for args, status, shown in (
        (["validate", bad.name], 1, "bad \\xfc.cuckoo:"),
        (["validate", "--json", bad.name], 1, "bad \\u00fc.cuckoo"),
        (["format", good.name], 0, '[Site "K\\xf6ln \\u2665"]'),
        (["replay", good.name], 0, ""),
        (["legal", good.name, "--ply", "3"], 0, ""),
        (["render", good.name], 0, "&#183;"),
        (["random", "--seed", "1", "--game", "zum-kuckuck"], 0, '[Game "zum-kuckuck"]'),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "cuckoo", *args],
            cwd=tmp_path,
            env=ascii_,
            capture_output=True,
            timeout=60,
        )
        assert done.returncode == status, done.stderr
        assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr
        assert shown.encode() in done.stdout and done.stdout.isascii()


@pytest.mark.parametrize(
    "command",
    [
        "validate bad.cuckoo",
        "validate -j 2 bad.cuckoo",
        "validate --json bad.cuckoo",
        "format good.cuckoo",
        "random --seed 1 --games 100000",
        "selfplay --bots random,random --seed 1 --games 100000 -o -",
        "legal good.cuckoo",
    ],
)
def test_a_stdout_closed_early_ends_quietly(tmp_path: Path, command: str) -> None:
    """``| head -1``: validate said "bad.cuckoo: cannot read: Broken pipe" and exit 2,
    as if the input had failed."""
    (tmp_path / "good.cuckoo").write_text("\n".join([DICE] * 300), encoding="utf-8")
    bad = DICE.replace("1. ", "1. 7@300 ", 1)
    (tmp_path / "bad.cuckoo").write_text("\n".join([bad] * 2000), encoding="utf-8")
    shell(f"{{{{ {{cuckoo}} {command} 2>err; echo $? >status; }}}} | head -1 >/dev/null", tmp_path)
    assert (tmp_path / "err").read_text(encoding="utf-8") == ""
    assert (tmp_path / "status").read_text(encoding="utf-8") == "0\n"


def cache_places(tmp_path: Path) -> dict[str, dict[str, str | None]]:
    """Odd places for the parser cache, by what they are."""
    (tmp_path / "a file").write_text("not a folder", encoding="utf-8")
    os.mkfifo(tmp_path / "a fifo")
    return {
        "a file": {"CUCKOO_CACHE_DIR": str(tmp_path / "a file")},
        "below a file": {"CUCKOO_CACHE_DIR": str(tmp_path / "a file" / "cache")},
        "a fifo": {"CUCKOO_CACHE_DIR": str(tmp_path / "a fifo")},
        "empty": {"CUCKOO_CACHE_DIR": ""},
        "no home": {"HOME": None, "XDG_CACHE_HOME": None, "CUCKOO_CACHE_DIR": None},
        "relative": {"XDG_CACHE_HOME": "relative/cache", "CUCKOO_CACHE_DIR": None},
    }


def test_odd_cache_places_leave_every_command_working(tmp_path: Path) -> None:
    """Each game's reader is built in a fresh process with the cache somewhere odd: the
    games are still read, and nothing is said about the cache."""
    for place, changes in cache_places(tmp_path).items():
        env = {**ENV, **{k: v for k, v in changes.items() if v is not None}}
        for name in (k for k, v in changes.items() if v is None):
            env.pop(name, None)
        done = subprocess.run(
            [sys.executable, "-m", "cuckoo", "validate", *map(str, EXAMPLES)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (done.returncode, done.stdout) == (0, ""), place
        assert done.stderr.startswith(f"{len(EXAMPLES)} games, "), place
        assert done.stderr.endswith(" moves, 0 problems\n"), place


EXAMPLES = sorted((ROOT / "examples").glob("*.cuckoo"))


@pytest.mark.parametrize(
    "env",
    [
        *({"COLUMNS": width} for width in ("0", "1", "-5", "x", "9" * 30)),
        *({name: value} for name, value in (("LINES", "0"), ("NO_COLOR", "1"), ("TERM", "dumb"))),
        {"TERM": ""},
    ],
    ids=str,
)
def test_odd_terminal_settings_change_nothing_but_the_layout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], env: dict[str, str]
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for command in ("validate", "play", "conform", "study", "format"):
        with pytest.raises(SystemExit) as exited:
            main([command, "--help"])
        assert exited.value.code == 0
        assert "usage: cuckoo" in capsys.readouterr().out
    status, out, err = run(capsys, "replay", str(ROOT / "examples" / "cuckoo-sides.cuckoo"))
    assert status == 0 and out and err == ""
    assert run(capsys, "validate", "-j", "x", "y")[0] == 2


@pytest.mark.parametrize(
    "command", ["random --seed 1", "replay game.cuckoo", "completion bash", "--version"]
)
def test_a_closed_stdout_is_a_message(tmp_path: Path, command: str) -> None:
    """``>&-``: Python gives no stdout at all, and writing to it was an internal error."""
    (tmp_path / "game.cuckoo").write_text(DICE, encoding="utf-8")
    done = shell(f"{{cuckoo}} {command} >&-", tmp_path)
    assert (done.returncode, done.stderr) == (
        2,
        "cuckoo: cannot write the output: standard output is closed\n",
    )


@pytest.mark.parametrize("command", ["play", "record"])
def test_a_line_the_terminal_encoding_cannot_read(tmp_path: Path, command: str) -> None:
    """A ü typed where standard input reads ASCII was an internal error (exit 70)."""
    done = subprocess.run(
        [sys.executable, "-m", "cuckoo", command, "-o", "game.cuckoo"],
        cwd=tmp_path,
        env={**ENV, "PYTHONIOENCODING": "ascii"},
        input="ü\n".encode(),
        capture_output=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (
        2,
        b"cuckoo: standard input: byte 0xc3 is not ascii text; the session stops "
        b"(every move before it was saved)\n",
    )


@pytest.mark.parametrize("where", ["Pipe", "fork"])
def test_workers_the_system_will_not_start(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    where: str,
) -> None:
    """No pipes or no more processes: that read "cannot write the output: Function not
    implemented"."""
    import multiprocessing

    def refuse(*_: object, **__: object) -> None:
        raise OSError(38, "Function not implemented")

    if where == "fork":
        monkeypatch.setattr(os, "fork", refuse)
    else:
        monkeypatch.setattr(multiprocessing, "Pipe", refuse)
    path = tmp_path / "game.cuckoo"
    path.write_text(DICE, encoding="utf-8")
    status, _, err = run(capsys, "validate", "-j", "2", str(path))
    assert (status, err) == (
        2,
        "cuckoo: cannot start 2 worker processes: Function not implemented\n",
    )


def test_selfplay_records_on_stdout_are_records_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``selfplay -o -`` wrote its win rates after the records, where the next command
    read them as a broken record."""
    args = ["selfplay", "--bots", "random,random", "--games", "2", "--seed", "1", "-o", "-"]
    status, out, err = run(capsys, *args)
    assert status == 0 and out.count('[Game "cuckoo-dice"]') == 2
    assert "2 games of cuckoo, seed 1\nrandom (Blue): " in err
    (tmp_path / "games.cuckoo").write_text(out, encoding="utf-8")
    assert run(capsys, "validate", str(tmp_path / "games.cuckoo"))[:2] == (0, "")


def test_a_command_name_that_is_not_text_is_escaped_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A byte that is not UTF-8 in the command's name was shown as ``'\\\\udcff'``."""
    status, _, err = run(capsys, "\udcff")
    assert status == 2 and "cuckoo: no command '\\udcff'; the commands: " in err
