"""The dice notation's grammar: strict LALR, friendly messages kept true (CD-NOTATION-SYNTAX)."""

from __future__ import annotations

import pytest
from lark import UnexpectedInput

from cuckoo import NotationError
from cuckoo.dice.notation import SYNTAX_EXAMPLES, TERMINALS, parse
from cuckoo.notation import load_grammar

HEADER = '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
HEADER += '[BlueRoll "1 2 2 3 4 4 5 5 6 6"]\n[RedRoll "1 1 2 3 3 4 5 6 6 6"]\n\n'


def test_grammar_is_strict_lalr() -> None:
    """CD-NOTATION-SYNTAX: no conflicts and no colliding terminals (Lark's strict mode)."""
    load_grammar("cuckoo-dice", strict=True)


def test_every_terminal_has_a_description() -> None:
    parser = load_grammar("cuckoo-dice")
    names = {t.name for t in parser.terminals} - {"WS"}
    assert names <= set(TERMINALS)


@pytest.mark.parametrize(
    ("message", "example"),
    [(m, e) for m, examples in SYNTAX_EXAMPLES.items() for e in examples],
)
def test_syntax_examples_fail_and_choose_their_message(message: str, example: str) -> None:
    """Each friendly message is chosen for its own examples (like Lark's GRAMMAR_ERRORS)."""
    parser = load_grammar("cuckoo-dice")

    def parse_record(text: str) -> object:
        return parser.parse(text, start="start")

    with pytest.raises(UnexpectedInput) as caught:
        parse_record(example)
    chosen = caught.value.match_examples(parse_record, SYNTAX_EXAMPLES, use_accepts=True)
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


@pytest.mark.parametrize("text", ["1. 7@300 *", "1. 0@300 *", "1. 12@300 *", "1. 2+3x5(4;9,1) *"])
def test_no_such_face(text: str) -> None:
    """CD-DIE-FACES: a die shows 1 to 6, in a move and in a re-roll."""
    with pytest.raises(NotationError) as caught:
        parse(HEADER + text)
    assert caught.value.rule == "CD-DIE-FACES"
    assert caught.value.line == 7
