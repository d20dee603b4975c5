"""``cuckoo record`` driven through a real terminal, as a person at the table would use it:
a whole game, a refused move, an undo, and a resume after the process is killed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect

from cuckoo.dice.notation import parse, replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = parse((ROOT / "examples" / "cuckoo-sides.cuckoo").read_text(encoding="utf-8"))


def _spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "TERM": "dumb"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "cuckoo", "record", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(60, 200),
    )


def _typed(move: object) -> list[str]:
    """What a person types for *move*: an infection first without, then with its re-roll."""
    text = str(move)
    if "(" in text:
        head, rolls = text[:-1].split("(")
        return [head, rolls.replace(";", " ").replace(",", " ")]
    return [text]


def test_record_a_whole_game_with_a_refusal_an_undo_and_a_kill(tmp_path: Path) -> None:
    path = tmp_path / "game.cuckoo"
    child = _spawn("-o", str(path))
    for prompt, answer in (
        ("Ruleset", "cuckoo"),
        ("Blue's name", "Ann"),
        ("Red's name", "Ben"),
        ("Blue's ten dice", "1333444445"),
        ("Red's ten dice", "1222335555"),
        ("moves first", "blue"),
    ):
        child.expect(prompt)
        child.sendline(answer)
    moves = EXAMPLE.moves
    child.expect(r"Blue \(ply 1\)> ")
    child.sendline("3@011")  # not supported: refused with its rule
    child.expect("refused: CD-PLACE-SUPPORT")
    child.expect(r"Blue \(ply 1\)> ")
    child.sendline("legal")
    child.expect("3@102")
    for move in moves[:3]:
        for word in _typed(move):
            child.sendline(word)
    child.sendline("6@000/AB")  # a legal-looking guess that the apex refuses: no support
    child.expect("refused")
    child.sendline("undo")
    child.expect("took back the last move")
    child.sendline(str(moves[2]))
    child.expect(r"Red \(ply 4\)> ")
    child.kill(9)  # the terminal closes mid-game: what was typed is saved
    child.wait()
    *_, state = replay(parse(path.read_text(encoding="utf-8")))
    assert state.ply == 3

    child = _spawn("--resume", str(path))
    for move in moves[3:]:
        child.expect(r"\(ply \d+\)> ")
        for word in _typed(move):
            child.sendline(word)
    child.expect("the game is over")
    child.expect(pexpect.EOF)
    record = parse(path.read_text(encoding="utf-8"))
    assert record.moves == EXAMPLE.moves and record.result == "1-0"
    assert record.tag("Blue") == "Ann"


def test_refuses_to_overwrite_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "taken.cuckoo"
    path.write_text("keep me", encoding="utf-8")
    child = _spawn("-o", str(path))
    child.expect("exists")
    child.expect(pexpect.EOF)
    assert path.read_text(encoding="utf-8") == "keep me"


def test_record_a_hand_of_cards(tmp_path: Path) -> None:
    path = tmp_path / "cards.cuckoo"
    child = _spawn("--game", "cuckoo-cards", "-o", str(path))
    for prompt, answer in (("Players", "Ann Ben"), ("deals first", "Ann"), ("Lives", "1")):
        child.expect(prompt)
        child.sendline(answer)
    for prompt, answer in (
        ("dealt to Ben", "9h"),
        ("dealt to Ann", "3c"),
        (r"Ben \(keep/swap\)", "keep"),
        (r"Ann \(keep/swap/cut\)", "cut"),
        ("turned up", "2d"),
    ):
        child.expect(prompt)
        child.sendline(answer)
    child.expect("the game is over")
    child.expect(pexpect.EOF)
    assert '"Ben"' in path.read_text(encoding="utf-8")
