"""One place where text reaches a terminal: every command's standard output and error,
when they are a terminal, are :class:`cuckoo.escaping.Terminal`, through which nothing
printed acts on it, whoever printed it and however (round six: ``format`` wrote a record's
escape sequences raw, ``study`` a title and a results line, ``play`` and ``record`` a file
name, each a command that went around the escaping of the others).  To a file or a pipe
the record's bytes are the product, written as they are.

Each case runs the command under a pseudo-terminal and reads what the terminal got."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cuckoo.escaping import Terminal, inert, on_terminal

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "examples" / "cuckoo-sides.cuckoo"
HOSTILE = "x\x1b]0;PWNED\x07\x1b[2J\u202ey\x9b"
"""A window title set, a bell, the screen cleared, the text reversed, a C1 introducer."""
LIVE = ("\x1b]", "\x07", "\x1b[2J", "\u202e", "\x9b")


def on_tty(argv: list[str], cwd: Path) -> str:
    """What a terminal shows of ``cuckoo ARGV`` (standard output and error both)."""
    main, side = os.openpty()
    running = subprocess.Popen(
        [sys.executable, "-m", "cuckoo", *argv],
        stdin=subprocess.DEVNULL,
        stdout=side,
        stderr=side,
        cwd=cwd,
    )
    os.close(side)
    got = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if select.select([main], [], [], 1)[0]:
            try:
                piece = os.read(main, 65536)
            except OSError:  # the terminal's last writer is gone
                break
            if not piece:
                break
            got += piece
        elif running.poll() is not None:
            break
    running.wait(timeout=30)
    os.close(main)
    return got.decode("utf-8", "replace")


def assert_inert(shown: str) -> None:
    assert not any(live in shown for live in LIVE), repr(shown)
    assert "\\x1b]0;PWNED\\x07" in shown, repr(shown)


def test_format_writes_a_records_escape_sequences_inert_on_a_terminal(tmp_path: Path) -> None:
    """Round six, 8a: a tag value holding a title, a bell, a clear screen, an override."""
    game = tmp_path / "e3.cuckoo"
    text = GAME.read_text(encoding="utf-8").replace("[Ruleset", f'[Event "{HOSTILE}"]\n[Ruleset')
    game.write_text(text, encoding="utf-8")
    assert_inert(on_tty(["format", str(game)], tmp_path))
    piped = subprocess.run(
        [sys.executable, "-m", "cuckoo", "format", str(game)], capture_output=True, check=True
    )
    assert HOSTILE.encode() in piped.stdout, "to a pipe, the record's bytes are the product"


def test_a_study_title_is_inert_on_a_terminal(tmp_path: Path) -> None:
    """Round six, 8b: the title of a study file, printed as it starts."""
    spec = tmp_path / "hs.toml"
    escaped = "".join(ch if " " <= ch <= "~" else f"\\u{ord(ch):04x}" for ch in HOSTILE)
    spec.write_text(
        f'title = "{escaped}"\nseed = 1\n[[part]]\nname = "d"\ngame = "cuckoo-dice"\n'
        'games = 1\nmatches = [["random", "random"]]\n',
        encoding="utf-8",
    )
    results = str(tmp_path / "r.jsonl")
    assert_inert(on_tty(["study", str(spec), "-j1", "-q", "-o", results], tmp_path))


@pytest.mark.parametrize("command", [["play", "-o"], ["record", "--resume"]])
def test_a_file_name_is_inert_on_a_terminal(tmp_path: Path, command: list[str]) -> None:
    """Round six, 8d: ``play`` and ``record`` said "saved in NAME", "recording to NAME"."""
    name = f"{HOSTILE}<b>.cuckoo"
    if command[0] == "record":
        (tmp_path / name).write_text(GAME.read_text(encoding="utf-8"), encoding="utf-8")
    assert_inert(on_tty([*command, name], tmp_path))


def test_the_terminal_layer_keeps_lines_tabs_and_what_prints() -> None:
    assert inert("é 名\tx\n") == "é 名\tx\n"
    assert inert("a\rb\x1b[Kc\u2066") == "a\\rb\\x1b[Kc\\u2066"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_only_a_terminal_is_wrapped(tmp_path: Path) -> None:
    with (tmp_path / "f").open("w", encoding="utf-8") as handle:
        assert on_terminal(handle) is handle
    tty = _Tty()
    wrapped = on_terminal(tty)
    assert isinstance(wrapped, Terminal) and wrapped.own is tty
    print(HOSTILE, file=wrapped)
    assert not any(live in tty.getvalue() for live in LIVE)
