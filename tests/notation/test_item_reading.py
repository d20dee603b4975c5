"""The reading item by item is the full parse, in every game (CD-NOTATION-LENIENT,
CC-NOTATION-LENIENT, ZK-NOTATION-SYNTAX).

A record is read item by item when it can be: each distinct move, move number or result is
parsed by the grammar once and remembered.  Whatever that reading returns must be exactly
what the full parse returns, spans included; whatever it cannot read, the full parse reads
(or refuses) instead.  Records are random games of each game, then written as a careless
hand would: other white space, other letter case, items run together or over two lines.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import UnexpectedInput

from cuckoo import reading
from cuckoo.cards import notation as cards_notation
from cuckoo.dice import notation as dice_notation
from cuckoo.errors import NotationError
from cuckoo.kuckuck import notation as kuckuck_notation
from cuckoo.notation import Dialect, Record
from cuckoo.random_records import cards_record, dice_record, kuckuck_record

Write = Callable[[Random, int], str]


def _writer(module: Any, make: Callable[..., Record], variant: str, players: int) -> Write:
    return lambda rng, number: module.format_record(make(rng, variant, players, number))


GAMES: dict[str, tuple[Dialect[Any], Write]] = {
    "dice": (dice_notation.DIALECT, _writer(dice_notation, dice_record, "unnamed", 2)),
    "cards": (cards_notation.DIALECT, _writer(cards_notation, cards_record, "", 4)),
    "kuckuck-basic": (
        kuckuck_notation.DIALECT,
        _writer(kuckuck_notation, kuckuck_record, "basic", 4),
    ),
    "kuckuck-tactical": (
        kuckuck_notation.DIALECT,
        _writer(kuckuck_notation, kuckuck_record, "tactical", 3),
    ),
}

SEPARATORS = ("  ", "\t", " \t ", "\r ", "\n", " \n\t", "")
"""What a careless hand puts between two tokens besides a space; "" runs them together."""


def _careless(text: str, rng: Random) -> str:
    """*text* with its movetext's tokens set apart anew and in any letter case, more or
    less carelessly: often enough that some records can still be read item by item."""
    head, _, movetext = text.partition("\n\n")
    tokens = movetext.replace("(", " ( ").replace(")", " ) ").split()
    care = rng.choice((0.0, 0.002, 0.01, 0.05))
    out = [tokens[0]]
    for token in tokens[1:]:
        out.append(rng.choice(SEPARATORS) if rng.random() < care else " ")
        out.append(token.swapcase() if rng.random() < 0.1 else token)
    return f"{head}\n\n{''.join(out)}"


def _full(dialect: Dialect[Any], text: str) -> Any:
    """The full parse of *text*, or None where the grammar refuses it."""
    try:
        return dialect._parse(text)
    except (UnexpectedInput, NotationError):
        return None


@pytest.mark.parametrize("game", sorted(GAMES))
@given(seed=st.integers(0, 2**32), mangle=st.integers(0, 2**32))
def test_reading_item_by_item_is_the_full_parse(game: str, seed: int, mangle: int) -> None:
    dialect, write = GAMES[game]
    text = write(Random(seed), 1)
    quick = dialect._quick(text)
    assert quick is not None, "a canonical record is read item by item"
    assert quick == dialect._parse(text)  # tags, moves, their lines and columns, result
    assert dialect._quick(text, 40) == dialect._parse(text, 40)  # a record on line 40
    careless = _careless(text, Random(mangle))
    quick = dialect._quick(careless)
    if quick is not None:
        assert quick == _full(dialect, careless)


@pytest.mark.parametrize(
    ("game", "movetext", "read"),
    [
        ("cards", "1. deal Qh 9h 9c Qd swap keep keep cut 5d", True),
        ("cards", "1. deal   qh 9H\t10c QD SWAP keep keep cut 5d", True),
        ("cards", "1.deal Qh 9h 9c Qd swap keep keep cut 5d", False),  # run together
        ("cards", "1. deal Qh 9h\n9c Qd swap keep keep cut 5d", False),  # a deal over two lines
        ("kuckuck-basic", "1.1. nest 4 8 (P1 26 P2 23 P3 41 P4 18)", True),
        ("kuckuck-basic", "1.1. NEST 4 8 ( p1 26  P2 23 P3 41 P4 18 )", True),
        ("kuckuck-basic", "1.1. nest 4 8 (P1 26 P2 23\nP3 41 P4 18)", True),  # a group's parts
        ("kuckuck-basic", "1.1. nest 4\n8 (P1 26 P2 23 P3 41 P4 18)", False),
        ("kuckuck-basic", "1.1. nest 4 8 () (P1 26 P2 23 P3 41 P4 18)", False),  # an empty group
        ("kuckuck-basic", "1.1. (nest 4 8 P1 26 P2 23 P3 41 P4 18)", False),  # plays only
        ("kuckuck-basic", "1.1. nest 4 8 (P1 26 P2 23 P3 41 P4 18", False),  # never closed
        ("kuckuck-basic", "1.1.nest 4 8(P1 26 P2 23 P3 41 P4 18)", False),  # run together
    ],
)
def test_an_item_is_read_whole_or_by_the_full_parse(game: str, movetext: str, read: bool) -> None:
    """Spans of moves inside an item (a card of a deal) or a group (cards shown together) are
    where the full parse puts them; what the reading cannot cut out is left to the full
    parse, which reads it or refuses it."""
    dialect, write = GAMES[game]
    lines = write(Random(7), 1).split("\n")
    at = next(number for number, line in enumerate(lines) if line.startswith("1."))
    text = "\n".join([*lines[:at], movetext, *lines[at + 1 :]])
    quick = dialect._quick(text)
    assert (quick is not None) == read
    assert quick is None or quick == dialect._parse(text)


@given(st.text(alphabet=' \t\r\f"\\\u00a0x1.@(;', max_size=40))
def test_a_line_cut_at_its_spaces_gives_the_items_the_pattern_finds(line: str) -> None:
    """The dice game's items are the words between white space: a line set apart by spaces
    alone is cut with ``str.split`` (a no-break space stays inside a word, as the grammar
    has it), any other line by the pattern, and both give the same items."""
    found = reading.words(line)
    reader = dice_notation.DIALECT.item_reader
    assert reader is not None
    pattern = reader.item
    if found is not None:
        assert found == [(m.start(), m[0]) for m in pattern.finditer(line)]
    else:
        assert any(ch in line for ch in '"\t\r\f')
