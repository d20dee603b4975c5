"""The memo of items stays small over any file (memory flat from 1,000 to 100,000 games):
an item read in parts is not remembered whole, its parts are."""

from __future__ import annotations

from random import Random

import pytest

from cuckoo import reading
from cuckoo.dice import Die, Rolls, notation, recorded
from cuckoo.notation import items as item_reading
from cuckoo.random_records import dice_record


def test_words_with_a_reroll_are_not_remembered_whole() -> None:
    dialect = notation.DIALECT
    reader = dialect.item_reader
    assert reader is not None
    reader._words.clear()
    reader._parts.clear()
    rng = Random(3)
    rerolls = 0
    for number in range(1, 200):
        text = notation.format_record(dice_record(rng, "cuckoo", 2, number))
        rerolls += text.count("(")
        assert dialect._quick(text) is not None
    assert rerolls > 50, "the games hold infections with their re-rolls"
    assert not [word for word in reader._words if "(" in word]
    assert len(reader._parts) < rerolls


@pytest.mark.parametrize("order", [0, 1])
def test_a_head_written_out_of_order_is_read_whole_whichever_came_first(order: int) -> None:
    """An infection's head and re-roll are read apart only for a head in canonical order: the
    re-roll's values follow the dice as written.  Whether a head is in that order is
    remembered, and must not carry over to the same dice written in another order."""
    dialect = notation.DIALECT
    reader = dialect.item_reader
    assert reader is not None
    reader._words.clear()
    reader._parts.clear()
    monkey = pytest.MonkeyPatch()
    monkey.setattr(recorded, "_CANONICAL_HEADS", {})
    try:
        words = ["1'+2x3(4;5,6)", "2+1'x3(4;6,5)"]  # the same infection, the same re-roll
        first, second = words[order], words[1 - order]
        head = '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
        text = f"{head}\n1. {first} {second}\n2. {second} {first} *\n"
        quick = dialect._quick(text)
        assert quick is not None and quick == dialect._parse(text)
        moves = quick[1]
        assert len(set(moves)) == 1, moves
        assert moves[0].give == (Die(1, True), Die(2)) and moves[0].rolls == Rolls(4, (5, 6))
        assert recorded._CANONICAL_HEADS == {"1'+2x3": True, "2+1'x3": False}
    finally:
        monkey.undo()


def test_the_tag_lines_remembered_stay_bounded_and_read_as_before() -> None:
    """Every record repeats a few tag lines and has a few of its own (``[Round "7"]``): the
    memo of lines stops growing at its bound, and a line is read the same from it."""
    dialect = notation.DIALECT
    reader = dialect.item_reader
    assert reader is not None
    monkey = pytest.MonkeyPatch()
    monkey.setattr(item_reading, "MAX_TAG_LINES", 12)
    reader._tag_lines.clear()
    try:
        rng = Random(4)
        texts = [notation.format_record(dice_record(rng, "cuckoo", 2, n)) for n in range(1, 60)]
        quick = [dialect._quick(text) for text in texts]
        assert len(reader._tag_lines) == 12
        assert '[Game "cuckoo-dice"]' in reader._tag_lines
        assert [dialect._quick(text) for text in texts] == quick  # now mostly from the memo
        assert quick == [dialect._parse(text) for text in texts]
    finally:
        monkey.undo()
        reader._tag_lines.clear()


def test_a_long_text_is_read_every_time_and_never_kept() -> None:
    """A hostile file's megabyte-long tag value, roll or line is read, not remembered: every
    memo keeps short keys only, and a line of movetext longer than any record needs goes to
    the full parse instead of being cut into items all at once."""
    dialect = notation.DIALECT
    reader = dialect.item_reader
    assert reader is not None
    reader._tag_lines.clear()
    text = notation.format_record(dice_record(Random(8), "cuckoo", 2, 1))
    spaced = ("[Event " + " " * 300 + '"random"]').join(text.split('[Event "random"]'))
    long_roll = "1 " + " " * 300 + "1 2 3 4 4 4 5 5 6"
    assert recorded.canonical_value("BlueRoll", long_roll) == "1 1 2 3 4 4 4 5 5 6"
    assert long_roll not in recorded._CANONICAL_ROLLS
    first, rest = spaced.split("\n1. ", 1)
    one_line = first + "\n1. " + (" " * 5_000).join(rest.split(" ", 1))
    assert len(max(one_line.split("\n"), key=len)) > reading.LONGEST_ITEM_LINE
    assert dialect._quick(one_line) is None  # the full parse reads it
    assert notation.parse(one_line).moves == notation.parse(text).moves
    assert dialect._quick(spaced) == dialect._parse(spaced)
    assert reader._tag_lines and all(
        len(line) <= reading.MEMO_KEY_CHARS for line in reader._tag_lines
    )
    assert not any("   " in line for line in reader._tag_lines)
    reader._tag_lines.clear()
