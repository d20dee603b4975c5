"""``cuckoo record`` driven through a real terminal, as a person at the table would use it:
a whole game, a refused move, an undo, and a resume after the process is killed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from cuckoo.dice.notation import parse, replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = parse((ROOT / "examples" / "cuckoo-sides.cuckoo").read_text(encoding="utf-8"))


def _spawn(*args: str) -> pexpect.spawn:
    return spawn_cuckoo("record", *args)


def spawn_cuckoo(*args: str) -> pexpect.spawn:
    """``cuckoo ARGS...`` in a pseudo-terminal, as a person would run it."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "TERM": "dumb"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "cuckoo", *args],
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
    child.expect(r"Blue \(turn 1\)> ")
    child.sendline("3@011")  # not supported: refused with its rule
    child.expect("refused: CD-PLACE-SUPPORT")
    child.expect(r"Blue \(turn 1\)> ")
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
    child.expect(r"Red \(turn 4\)> ")
    child.kill(9)  # the terminal closes mid-game: what was typed is saved
    child.wait()
    *_, state = replay(parse(path.read_text(encoding="utf-8")))
    assert state.ply == 3

    child = _spawn("--resume", str(path))
    for move in moves[3:]:
        child.expect(r"\(turn \d+\)> ")
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
        (r"Ann \(keep/cut\)", "cut"),
        ("turned up", "2d"),
    ):
        child.expect(prompt)
        child.sendline(answer)
    child.expect("the game is over")
    child.expect(pexpect.EOF)
    assert '"Ben"' in path.read_text(encoding="utf-8")


def test_record_a_round_of_zum_kuckuck_with_undo_and_resume(tmp_path: Path) -> None:
    """ZK-NOTATION-DEAL, ZK-TACTICAL-ORDER: only the numbers need typing at the deal, the
    nest and a tactical play; undo takes back a whole line; an out-of-turn card is refused
    with its rule; the record is saved after every line and can be resumed."""
    path = tmp_path / "zk.cuckoo"
    child = _spawn("--game", "zum-kuckuck", "-o", str(path))
    for prompt, answer in (("Players", "Ann Ben Cid"), ("Version", "tactical")):
        child.expect(prompt)
        child.sendline(answer)
    hands = ("49 50 51 52 53 54 55 56 57 58 59 60", "13 14 15 16 17 18 19 20 21 22 23 24")
    for name, hand in zip(("Ann", "Ben"), hands, strict=True):
        child.expect(f"{name}'s twelve number cards")
        child.sendline(hand)
    child.expect("Cid's twelve number cards")
    child.sendline("1 2 3")
    child.expect("refused: .*ZK-NOTATION-DEAL")
    child.sendline("25 26 27 28 29 30 31 32 33 34 35 36")
    child.expect("nest cards turned up")
    child.sendline("3 9")
    child.expect("card played by Cid")  # the most cockatoo cards start (ZK-TACTICAL-FIRST)
    child.sendline("Ann 60")
    child.expect("refused: .*ZK-TACTICAL-ORDER")
    child.sendline("30")
    child.expect("card played by Ann")
    child.sendline("undo")
    child.expect("took back")
    child.expect("card played by Cid")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    saved = path.read_text(encoding="utf-8")
    assert "1.1. nest 3 9\n" in saved and "Cid 30" not in saved
    child = _spawn("--resume", str(path))
    child.expect("card played by Cid")
    child.sendline("25")
    child.expect("card played by Ann")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "1.1. nest 3 9 Cid 25\n" in path.read_text(encoding="utf-8")


def test_enter_at_the_reroll_prompt_asks_again(tmp_path: Path) -> None:
    """An empty answer to the re-roll prompt once ended the program with an IndexError."""
    from cuckoo import record
    from cuckoo.record import dice as dice_record

    recorder = record.Recorder(
        "cuckoo-dice", tmp_path / "g.cuckoo", EXAMPLE.ruleset(), EXAMPLE.setup()
    )
    for move in EXAMPLE.moves[:3]:
        recorder.play(move)
    answers, said = iter(["", "6", "6 3 4"]), []
    (move,) = dice_record.moves(recorder, "2+3x5", lambda _: next(answers), said.append)
    assert str(move) == str(EXAMPLE.moves[3])
    assert said == ["  type 3 dice: the taken die, then the given ones"] * 2


def test_cards_a_deal_as_the_notation_writes_it_and_a_king_that_stops_a_swap(
    tmp_path: Path,
) -> None:
    """A whole deal on one line, as the introduction promises; a swap a king stops is
    explained, since nothing else shows that the turn was taken."""
    from cuckoo import cards
    from cuckoo.record import Recorder
    from cuckoo.record import cards as cards_record

    recorder = Recorder(
        "cuckoo-cards", tmp_path / "c.cuckoo", cards.RULES, cards.Setup(("Ann", "Ben", "Cid"), 0)
    )
    said: list[str] = []
    with pytest.raises(ValueError, match="not a card"):
        cards_record.moves(recorder, "deal 5h Zz", lambda _: "", said.append)
    dealt = cards_record.moves(recorder, "deal 5h Kd 2c", lambda _: "", said.append)
    assert [str(d.card) for d in dealt] == ["5h", "Kd", "2c"]
    recorder.play(*dealt)
    assert recorder.state().to_act == 1  # Ben, who holds the 5h; Cid holds the king
    (swap,) = cards_record.moves(recorder, "swap", lambda _: "", said.append)
    assert said == ["  Cid shows a king: the swap does not happen (CC-SWAP-KING)"]
    recorder.play(swap)
