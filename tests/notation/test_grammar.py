"""The grammars: strict LALR, friendly messages kept true, for every game; then the dice
notation's messages (CD-NOTATION-SYNTAX)."""

from __future__ import annotations

import pytest
from lark import UnexpectedInput

from cuckoo import NotationError
from cuckoo.dice.notation import parse
from cuckoo.games import GAMES
from cuckoo.notation import Dialect, Record, load_grammar

HEADER = '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
HEADER += '[BlueRoll "1 2 2 3 4 4 5 5 6 6"]\n[RedRoll "1 1 2 3 3 4 5 6 6 6"]\n\n'


DIALECTS = [kit.dialect for kit in GAMES.values()]


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.game)
def test_grammar_is_strict_lalr(dialect: Dialect[Record]) -> None:
    """CD-NOTATION-SYNTAX, CC-NOTATION-SYNTAX, ZK-NOTATION-SYNTAX: no conflicts and no
    colliding terminals (Lark's strict mode), in every game's grammar."""
    load_grammar(dialect.game, strict=True)


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.game)
def test_every_terminal_has_a_description(dialect: Dialect[Record]) -> None:
    """Every terminal can be named in an "expected ..." message."""
    names = {t.name for t in load_grammar(dialect.game).terminals} - {"WS"}
    assert names <= set(dialect.terminals)


@pytest.mark.parametrize(
    ("dialect", "message", "example"),
    [(d, m, e) for d in DIALECTS for m, examples in d.examples.items() for e in examples],
    ids=lambda v: v.game if isinstance(v, Dialect) else str(v)[:30],
)
def test_syntax_examples_fail_and_choose_their_message(
    dialect: Dialect[Record], message: str, example: str
) -> None:
    """Each friendly message is chosen for its own examples (like Lark's GRAMMAR_ERRORS)."""
    parser = load_grammar(dialect.game)

    def parse_record(text: str) -> object:
        return parser.parse(text, start="start")

    with pytest.raises(UnexpectedInput) as caught:
        parse_record(example)
    chosen = caught.value.match_examples(parse_record, dialect.examples, use_accepts=True)
    assert chosen == message


@pytest.mark.parametrize(
    ("movetext", "message"),
    [
        ("1. 5@ *", "names its cell"),
        ("1. 5x5 *", "two or more dice"),
        ("1. 2+3x5(4) *", "re-roll"),
        ("1. 5@300/A", "result token"),
    ],
)
def test_malformed_records_say_where_and_what(movetext: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(HEADER + movetext, source="game.cuckoo")
    error = caught.value
    assert error.rule == "CD-NOTATION-SYNTAX"
    assert error.kind == "malformed"
    assert error.source == "game.cuckoo" and error.line == 7 and error.column
    assert message in error.detail
    assert error.expected, "the error lists what was expected"
    assert str(error).startswith(f"game.cuckoo:7:{error.column}: CD-NOTATION-SYNTAX: ")


def test_a_tag_value_must_be_quoted() -> None:
    with pytest.raises(NotationError) as caught:
        parse("[Game cuckoo-dice]\n*")
    assert (caught.value.line, caught.value.column) == (1, 7)
    assert "double quotes" in caught.value.detail


@pytest.mark.parametrize("cell", ["220", "3", "0000", "400"])
def test_no_such_cell(cell: str) -> None:
    """CD-CELL: a cell is three digits adding up to at most 3."""
    with pytest.raises(NotationError) as caught:
        parse(HEADER + f"1. 5@{cell} *")
    assert caught.value.rule == "CD-CELL"
    assert (caught.value.line, caught.value.column) == (7, 6)
    assert f"no cell {cell}" in caught.value.detail


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("1. 7@300 *", "CD-DIE-FACES"),
        ("1. 0@300 *", "CD-DIE-FACES"),
        ("1. 12@300 *", "CD-DIE-FACES"),
        ("1. 2+3x7(4;1,1) *", "CD-DIE-FACES"),
        ("1. 2+3x5(4;9,1) *", "CD-INFECT-REROLL"),
        ("1. 2+3x5(7;1,6) *", "CD-INFECT-REROLL"),
    ],
)
def test_no_such_face(text: str, rule: str) -> None:
    """CD-DIE-FACES: a die shows 1 to 6 in a move; CD-INFECT-REROLL: a re-roll's values
    are faces too, and that rule, not CD-DIE-FACES, names the error (as CD-DIE-FACES and
    CD-NOTATION-ROLLS say)."""
    with pytest.raises(NotationError) as caught:
        parse(HEADER + text)
    assert caught.value.rule == rule
    assert caught.value.line == 7


def test_an_enormous_unexpected_token_is_quoted_cut_short() -> None:
    """A line of millions of letters is one token: the message quotes its start and says
    how long it is, and stays a line a reader can read (CD-NOTATION-SYNTAX)."""
    with pytest.raises(NotationError) as raised:
        parse("y" * 100_000)
    assert raised.value.rule == "CD-NOTATION-SYNTAX"
    assert f"unexpected {'y' * 60!r}... (100,000 characters)" in raised.value.detail
    assert len(str(raised.value)) < 400
