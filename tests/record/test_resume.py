"""``cuckoo record --resume`` keeps the file it is given (issue #28): nothing typed, nothing
written; moves typed are added after what was there; a second session on the file, or a
file that is not a record, is refused and left untouched."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pexpect
import pytest

from cuckoo import record
from cuckoo.notation import quote
from cuckoo.record import recorder as recorder_module
from cuckoo.record import text as record_text

from .test_record import spawn_cuckoo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.cuckoo"))
LONGEST = "zum-kuckuck-tactical-four-players"
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
UNFINISHED = """[Game "cuckoo-dice"]
[Ruleset "cuckoo"]
[Event "Club night"]
[Blue "Ann"]
[Red "Ben"]
[First "Blue"]
[BlueRoll "1 3 3 3 4 4 4 4 4 5"]
[RedRoll "1 2 2 2 3 3 5 5 5 5"]
[Result "*"]
[Board "7"]

{before the first move}
1. 3@102 1@111 {Red takes the dungeon}

2. 1@030/A {the table talked here}

*
"""
"""The example game's first three moves, with comments, an unknown tag and blank lines."""


def recorder_of(path: Path, text: str) -> record.Recorder:
    path.write_text(text, encoding="utf-8")
    return record.resume(path)


def moves_of(path: Path) -> tuple[object, ...]:
    return recorder_module._read(path.read_bytes(), str(path))[2]


def session(path: Path, typed: str) -> subprocess.CompletedProcess[str]:
    """``cuckoo record --resume PATH`` with *typed* as what the person types."""
    return subprocess.run(
        [sys.executable, "-m", "cuckoo", "record", "--resume", str(path)],
        input=typed,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("text", [UNFINISHED, *(p.read_text("utf-8") for p in EXAMPLES)])
def test_nothing_typed_writes_nothing(tmp_path: Path, text: str) -> None:
    """The file was rewritten at once without its comments, even for a finished game."""
    path = tmp_path / "game.cuckoo"
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    done = session(path, "quit\n")
    assert done.returncode == 0, done.stderr
    assert path.read_text(encoding="utf-8") == text
    assert path.stat().st_mtime_ns == 1_000_000_000, "not even rewritten"
    assert [p.name for p in tmp_path.iterdir()] == ["game.cuckoo"], "no lock file left"


def test_moves_typed_are_added_after_what_was_there(tmp_path: Path) -> None:
    path = tmp_path / "game.cuckoo"
    path.write_text(UNFINISHED, encoding="utf-8")
    example = moves_of(ROOT / "examples" / "cuckoo-sides.cuckoo")
    typed = "2+3x5\n6 3 4\n4'@300/C\nquit\n"
    done = session(path, typed)
    assert done.returncode == 0, done.stderr
    kept = UNFINISHED[: UNFINISHED.index("\n\n*")]
    assert path.read_text(encoding="utf-8") == (kept + " 2+3x5(6;3,4)\n3. 4'@300/C\n\n*\n"), (
        "the numbered line goes on, the next one is numbered, the result stays last"
    )
    assert moves_of(path) == example[:5]


@pytest.mark.parametrize(
    "example",
    [
        # The longest example (266 moves, a minute or more: each save replays the game).
        pytest.param(p, marks=pytest.mark.slow) if p.stem == LONGEST else p
        for p in EXAMPLES
    ],
    ids=lambda p: p.stem,
)
def test_every_game_resumed_anywhere_keeps_its_text(tmp_path: Path, example: Path) -> None:
    """Every example, cut after any move it can be saved at and resumed there: each move
    then typed is written after what was there, which stays as it was (an unknown tag,
    comments, blank lines, CRLF line ends), the Result tag and token follow the game, and
    the file reads back as the game."""
    kit, full, moves = recorder_module._read(example.read_bytes(), str(example))
    base = record.resume(example)
    path = tmp_path / "game.cuckoo"
    step = max(1, len(moves) // 12)
    resumed = 0
    for cut in range(0, len(moves), step):
        try:
            part = base.record(moves[:cut])
            recorder_module._read(kit.format_record(part).encode(), "part")
        except Exception:  # inside a deal or a basic round: no record stops there
            continue
        notes = tuple((n, c) for n, c in full.comments if n <= len(part.moves))
        text = kit.format_record(replace(part, comments=notes))
        text = text.replace("]\n\n", ']\n[Board "7"]\n\n\n', 1).replace("\n", "\r\n")
        recorder = recorder_of(path, text)
        for count in range(cut + 1, len(moves) + 1):
            recorder.moves[:] = moves[:count]
            if recorder_module._writable(recorder) and recorder._holds(
                kit.format_record(recorder.record())
            ):
                recorder.save()
        saved = path.read_bytes().decode("utf-8")
        found = record_text._RESULT_AT_END.search(text)
        assert found is not None
        result = kit.format_record(full).rstrip("\n").rsplit("\n", 1)[-1]
        tag = f"[Result {quote(result.strip(chr(34)))}]"
        start = text[: found.start()].rstrip().replace('[Result "*"]', tag)
        assert saved.startswith(start), f"cut at {cut}: what was there is kept"
        assert "\n" not in saved.replace("\r\n", ""), "the file's line ends are kept"
        assert moves_of(path) == moves and saved.endswith(f"\r\n{result}\r\n")
        resumed += 1
    assert resumed >= 3


def test_undo_of_the_moves_typed_gives_back_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.cuckoo"
    recorder = recorder_of(path, UNFINISHED)
    example = moves_of(ROOT / "examples" / "cuckoo-sides.cuckoo")
    recorder.play(example[3])
    recorder.play(example[4])
    assert path.read_text(encoding="utf-8") != UNFINISHED
    assert recorder.undo() and recorder.undo()
    assert path.read_text(encoding="utf-8") == UNFINISHED


def test_undo_past_the_resume_keeps_the_tags_and_the_comments_before(tmp_path: Path) -> None:
    path = tmp_path / "game.cuckoo"
    recorder = recorder_of(path, UNFINISHED)
    assert recorder.undo()
    saved = path.read_text(encoding="utf-8")
    assert '[Board "7"]' in saved and "{Red takes the dungeon}" in saved
    assert "{before the first move}" in saved and "talked" not in saved
    assert len(moves_of(path)) == 2


def test_a_second_session_on_the_file_is_refused(tmp_path: Path) -> None:
    """Two sessions each saved their own moves over the other's."""
    path = tmp_path / "game.cuckoo"
    path.write_text(UNFINISHED, encoding="utf-8")
    first = spawn_cuckoo("record", "--resume", str(path))
    try:
        first.expect(r"Red \(turn 4\)> ")
        second = session(path, "2+3x5\n6 3 4\nquit\n")
        assert second.returncode == 2
        assert second.stderr == (
            f"cuckoo: {path} is being recorded by another session "
            f"(process {first.pid}): finish that one first\n"
        )
        assert path.read_text(encoding="utf-8") == UNFINISHED
        new = subprocess.run(
            [sys.executable, "-m", "cuckoo", "record", "-o", str(tmp_path / "new.cuckoo")],
            input="cuckoo\n",
            env=ENV,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert new.returncode == 0, "another file is not locked"
    finally:
        first.kill(9)  # a session killed leaves no lock behind
        first.wait()
    assert ".game.cuckoo.lock" in os.listdir(tmp_path), "left by the session killed"
    third = session(path, "quit\n")
    assert third.returncode == 0, third.stderr
    assert os.listdir(tmp_path) == ["game.cuckoo"]


def test_a_second_new_record_of_the_same_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.cuckoo"
    first = spawn_cuckoo("record", "-o", str(path))
    try:
        first.expect("Ruleset")
        second = subprocess.run(
            [sys.executable, "-m", "cuckoo", "record", "-o", str(path)],
            input="cuckoo\n",
            env=ENV,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2 and "another session" in second.stderr
    finally:
        first.sendeof()
        first.expect(pexpect.EOF)
    assert not path.exists()


def test_a_record_file_that_appears_meanwhile_is_not_replaced(tmp_path: Path) -> None:
    """``record -o`` checked that the file did not exist, then replaced whatever another
    program had put there while the setup was typed."""
    path = tmp_path / "new.cuckoo"
    recorder = recorder_of(tmp_path / "old.cuckoo", UNFINISHED)
    recorder = record.Recorder(recorder.game, path, recorder.rules, recorder.setup)
    path.write_text("someone else's", encoding="utf-8")
    with pytest.raises(FileExistsError):
        recorder.save()
    assert path.read_text(encoding="utf-8") == "someone else's"


@pytest.mark.parametrize(
    ("name", "content", "status", "says"),
    [
        ("picture.cuckoo", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 2, "not UTF-8 text"),
        ("results.cuckoo", b'{"game": 1, "winner": 0}\n', 1, "CD-NOTATION-SYNTAX"),
        (
            "study.cuckoo",
            b'[study]\ngame = "cuckoo-dice"\ngames = 100\n\n[[variant]]\nname = "a"\n',
            1,
            "CD-NOTATION-SYNTAX: a tag is",
        ),
        ("two.cuckoo", (UNFINISHED + "\n" + UNFINISHED).encode(), 1, "holds 2 games"),
        ("empty.cuckoo", b"", 1, "holds 0 games"),
    ],
)
def test_a_file_that_is_not_one_record_is_refused_untouched(
    tmp_path: Path, name: str, content: bytes, status: int, says: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    done = session(path, "quit\n")
    assert (done.returncode, done.stdout) == (status, ""), done.stderr
    assert says in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert path.read_bytes() == content and path.stat().st_mtime_ns == 1_000_000_000
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_read_only_record_is_refused_untouched(tmp_path: Path) -> None:
    """Renaming over a read-only file succeeds in a folder we may write: it was replaced."""
    path = tmp_path / "game.cuckoo"
    path.write_text(UNFINISHED, encoding="utf-8")
    path.chmod(0o444)
    done = session(path, "2+3x5\n6 3 4\nquit\n")
    assert done.returncode == 2
    assert done.stderr == f"cuckoo: {path}: is read-only: make it writable first\n"
    assert path.read_text(encoding="utf-8") == UNFINISHED


def test_a_record_deleted_while_recording_is_written_again_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.cuckoo"
    recorder = recorder_of(path, UNFINISHED)
    example = moves_of(ROOT / "examples" / "cuckoo-sides.cuckoo")
    path.unlink()
    recorder.play(example[3])
    saved = path.read_text(encoding="utf-8")
    assert saved.startswith(UNFINISHED[:-4]) and moves_of(path) == example[:4]


def test_a_record_changed_by_another_program_is_not_saved_over(tmp_path: Path) -> None:
    path = tmp_path / "game.cuckoo"
    recorder = recorder_of(path, UNFINISHED)
    example = moves_of(ROOT / "examples" / "cuckoo-sides.cuckoo")
    edited = UNFINISHED.replace("Club night", "Club night, edited")
    path.write_text(edited, encoding="utf-8")
    said: list[str] = []
    answers = iter(["2+3x5(6;3,4)", "quit"])
    assert record.run(recorder, lambda _: next(answers), said.append, lambda _: None) == 0
    assert path.read_text(encoding="utf-8") == edited
    assert f"  not saved, so not recorded: {path} was changed by another program" in "\n".join(said)
    assert len(recorder.moves) == 3 == len(example[:3]), "the move is not kept as if saved"


def test_undo_in_a_resumed_basic_match_takes_back_a_whole_round(tmp_path: Path) -> None:
    """A resumed game's undo took back one card, which no record can write in the basic
    version (its cards are shown together): an error ended the session."""
    example = ROOT / "examples" / "zum-kuckuck-basic-three-players.cuckoo"
    recorder = recorder_of(tmp_path / "zk.cuckoo", example.read_text(encoding="utf-8"))
    moves = list(recorder.moves)
    assert recorder.undo()
    assert recorder.moves == moves[:-3] and moves_of(tmp_path / "zk.cuckoo") == tuple(moves[:-3])


def test_a_link_planted_as_the_lock_is_not_followed(tmp_path: Path) -> None:
    """The lock file is opened and written: a symbolic link in its place could have pointed
    at any file of the user's, which would have been emptied."""
    path = tmp_path / "game.cuckoo"
    path.write_text(UNFINISHED, encoding="utf-8")
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me", encoding="utf-8")
    (tmp_path / ".game.cuckoo.lock").symlink_to(precious)
    done = session(path, "quit\n")
    assert (done.returncode, done.stderr) == (
        2,
        f"cuckoo: {path}: cannot write: its lock {tmp_path / '.game.cuckoo.lock'} is a "
        "symbolic link: remove it\n",
    )
    assert precious.read_text(encoding="utf-8") == "keep me"
    assert path.read_text(encoding="utf-8") == UNFINISHED
