"""A deal read word by word is the deal read whole (notation.Series; CC-NOTATION-LENIENT,
ZK-NOTATION-SYNTAX).

The card game's ``deal Jh Js 5c 5d`` and Zum Kuckuck!'s ``deal Ann 9 38 ...`` are nearly
always new, so the reading item by item reads them a card at a time (``deal Jh``, ``deal
Ann 9``), each remembered.  Whatever it returns must be what the full parse returns, spans
included, for any words, near misses among them; what it cannot read, the full parse reads
or refuses, with its own error.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo.errors import NotationError
from cuckoo.notation import Dialect

from .test_item_reading import GAMES, _full

CARDS = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs"] + ["10h", "?"]
NEAR_CARDS = ["1h", "11c", "10x", "Jhh", "jH", "TS", "x", "??", "J", "h", "5c5d", "(", "2.", "*"]
NUMBERS = [str(n) for n in range(61)] + ["?", "07", "000"]
NEAR_NUMBERS = ["1234", "99999", "9a", "x", "P2", "-1", "1.", "??", ")", "deal", "1.2."]
SPACES = [" ", "  ", "\t", " \t"]


def _movetext(game: str, words: list[str], rng: Random) -> str:
    """The record of *game* (seed 7) with its first deal written as *words*."""
    write = GAMES[game][1]
    lines = write(Random(7), 1).split("\n")
    at = next(n for n, line in enumerate(lines) if line.lower().startswith(("1.", "deal")))
    head = ["deal"] if game == "cards" else ["deal", lines[at].split()[1]]
    if game == "cards":
        head = ["1.", *head]
    item = "".join(w + rng.choice(SPACES) for w in [*head, *words]).rstrip()
    return "\n".join([*lines[:at], item, *lines[at + 1 :]])


def _same(dialect: Dialect[Any], text: str) -> bool:
    """Whether the reading item by item read *text* (checking it is the full parse)."""
    quick = dialect._quick(text)
    assert quick is None or quick == _full(dialect, text)
    return quick is not None


@given(
    game=st.sampled_from(["cards", "kuckuck-basic", "kuckuck-tactical"]),
    seed=st.integers(0, 2**32),
    good=st.lists(st.integers(0, 1000), min_size=1, max_size=14),
    near=st.lists(st.tuples(st.integers(0, 13), st.integers(0, 100)), max_size=2),
)
def test_a_deal_read_word_by_word_is_the_full_parse(
    game: str, seed: int, good: list[int], near: list[tuple[int, int]]
) -> None:
    rng = Random(seed)
    pool, misses = (CARDS, NEAR_CARDS) if game == "cards" else (NUMBERS, NEAR_NUMBERS)
    words = [pool[n % len(pool)] for n in good]
    for at, miss in near:
        words.insert(at % (len(words) + 1), misses[miss % len(misses)])
    dialect = GAMES[game][0]
    if rng.random() < 0.5 and dialect.item_reader:  # read once with nothing remembered, once warm
        dialect.item_reader._words.clear()
    _same(dialect, _movetext(game, words, rng))


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("cards", ["Qh", "9h", "10c", "?", "qd"]),
        ("kuckuck-basic", ["9", "38", "?", "57", "54", "51", "5", "19", "10", "36", "58", "33"]),
    ],
)
def test_a_new_deal_is_not_parsed_whole(
    game: str, words: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What makes the reading fast: a deal never seen is read from its cards, which the
    grammar reads once each, not parsed whole by the grammar."""
    dialect = GAMES[game][0]
    text = _movetext(game, words, Random(1))
    parsed: list[str] = []
    parse = dialect.parser.parse

    def counted(text: str, start: str | None = None) -> Any:
        parsed.append(text)
        return parse(text, start=start)

    monkeypatch.setattr(dialect.parser, "parse", counted)
    quick = dialect._quick(text)
    monkeypatch.undo()
    assert quick is not None and quick == dialect._parse(text)
    assert not [p for p in parsed if len(p.split()) > 3], f"a deal was parsed whole: {parsed}"


@pytest.mark.parametrize(
    ("game", "words"), [("cards", ["Qh", "1h"]), ("kuckuck-basic", ["9", "1234"])]
)
def test_a_near_miss_gets_the_full_parse_error(game: str, words: list[str]) -> None:
    """A deal the words cannot be read of is left to the full parse, error and all."""
    text = _movetext(game, words, Random(1))
    dialect = GAMES[game][0]
    assert dialect._quick(text) is None
    with pytest.raises(NotationError, match="NOTATION-SYNTAX"):
        dialect.parse(text)
