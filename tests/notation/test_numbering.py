"""``validate`` warns, without failing, about move, hand and round numbers that disagree
with the rules (CD-NOTATION-NUMBERING, CC-NOTATION-NUMBERING, ZK-NOTATION-NUMBERING), and
``format`` writes the right ones."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo.cli import main
from cuckoo.games import GAMES, validate
from cuckoo.notation import Chunk

CARDS = '[Game "cuckoo-cards"]\n[Players "Ann Ben"]\n[Dealer "Ann"]\n[Lives "2"]\n\n'
KUCKUCK = '[Game "zum-kuckuck"]\n[Players "Ann Bob Cy"]\n[Cockatoos "4 4 4"]\n\n'
DICE = (
    '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
    '[BlueRoll "1 2 2 3 4 4 5 5 6 6"]\n[RedRoll "1 1 2 3 3 4 5 6 6 6"]\n\n'
)


def _warnings(text: str) -> list[str]:
    """The details of the warnings ``validate`` gives *text*, a valid record."""
    _, problem, data = validate(Chunk(text, 1, 1), "f")
    assert problem is None, problem
    return [n["detail"] for n in (data or {}).get("notes", []) if n["kind"] == "warning"]


def test_validate_warns_with_place_and_what_it_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A warning names the file, line and column of the number, the rule, what the number
    numbers and what was expected; exit 0; with --json an object of kind warning."""
    path = tmp_path / "numbers.cuckoo"
    path.write_text(
        CARDS
        + '1. deal 9h 3c keep keep\n  3. deal 2d Qs keep keep\n"Ben"\n\n'
        + KUCKUCK
        + "1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n7.7. nest 2 12 (Ann 1 Bob 54 Cy 49)\n*\n\n"
        + DICE
        + "1. 6@003/A 2+3x5(4;1,6) 3. 1@030/C *\n",
        encoding="utf-8",
    )
    assert main(["validate", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if "warning" in line] == [
        f"{path}:7:3: warning: CC-NOTATION-NUMBERING: game 1: hand numbered 3, expected 2",
        f"{path}:15:1: warning: ZK-NOTATION-NUMBERING: game 2: round numbered 7.7, expected 1.2",
        f"{path}:24:25: warning: CD-NOTATION-NUMBERING: game 3: move numbered 3, expected 2",
    ]
    assert main(["validate", "--json", str(path)]) == 0
    found = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    warning = next(f for f in found if f.get("kind") == "warning")
    assert warning == {
        "kind": "warning",
        "rule": "CC-NOTATION-NUMBERING",
        "source": str(path),
        "line": 7,
        "column": 3,
        "detail": "game 1: hand numbered 3, expected 2",
    }
    assert found[-1]["problems"] == 0


@pytest.mark.parametrize(
    ("lives", "movetext", "warned"),
    [
        ("1", '1. deal 4h 4c keep keep 2. deal 9h 3c keep keep "Ben"', []),  # void: hand 1
        ("1", '1. deal 4h 4c keep keep 1. deal 9h 3c keep keep "Ben"', ["1, expected 2"]),
        ("2", "1. deal 9h 3c 1. keep 2. keep *", ["2, expected 1"]),  # inside hand 1
        ("2", "1. deal ? ? keep keep 1. show 3c 9h 2. deal 2d Qs keep *", []),  # its hand
        ("2", "01. deal 9h 3c keep keep {a comment} 2... deal 2d *", []),
    ],
)
def test_hand_numbers(lives: str, movetext: str, warned: list[str]) -> None:
    """CC-NOTATION-NUMBERING: void hands count; inside a hand, that hand; before a
    show-down, the hand it ends; leading zeros and N... read as the number."""
    text = CARDS.replace('"2"', f'"{lives}"') + movetext + "\n"
    assert [w.split(" numbered ")[1] for w in _warnings(text)] == warned
    assert all(w.startswith("game 1: hand numbered ") for w in _warnings(text))


def test_round_numbers_and_what_is_not_looked_at() -> None:
    """ZK-NOTATION-NUMBERING: a number before the cards of a round numbers that round; one
    before a deal item, or after the last item, is not looked at."""
    deal = "".join(f"5.5. deal {p} " + "? " * 12 for p in ("Ann", "Bob", "Cy"))
    text = KUCKUCK + deal + "1.1. nest 3 9 1.2. (Ann 60 Bob 53 Cy 9) 9.9. *\n"
    assert _warnings(text) == ["game 1: round numbered 1.2, expected 1.1"]


def _renumbered(text: str) -> str:
    """*text* with every move number one more than written: ``3.`` for ``2.``, ``1.3.`` for
    ``1.2.``."""

    def more(number: re.Match[str]) -> str:
        return number[0][: -len(number[2]) - 1] + f"{int(number[2]) + 1}."

    return re.sub(r"^(\d+\.)*(\d+)\.", more, text, flags=re.M)


@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**32), st.integers(3, 4))
def test_format_writes_the_right_numbers_and_wrong_ones_are_warned(
    game: str, seed: int, players: int
) -> None:
    """Every number the canonical form writes is right: a random game, formatted, draws no
    warning; with each number made one more, every number is warned about."""
    kit = GAMES[game]
    record = kit.random_record(Random(seed), (kit.variants or ("",))[-1], players, 1)
    text = kit.format_record(record)
    assert _warnings(text) == []
    numbers = len(re.findall(r"^[\d.]+\. ", text, flags=re.M))
    assert numbers
    assert len(_warnings(_renumbered(text))) == numbers
