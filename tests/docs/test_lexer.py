"""The Pygments lexer: every character of a record gets a token, and the kinds are right."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Error, Keyword, Name, String
from pygments.util import ClassNotFound

from cuckoo.lexer import CuckooLexer

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.cuckoo")), ids=str)
def test_examples_lex_without_errors_and_losslessly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = list(CuckooLexer().get_tokens(text))
    assert "".join(value for _, value in tokens) == text
    assert not [value for kind, value in tokens if kind is Error]
    kinds = {kind for kind, _ in tokens}
    assert {Name.Tag, String, Comment, Keyword.Constant} <= kinds
    if '[Game "cuckoo-cards"]' in text:
        assert ("Keyword", "deal") in {(str(k).split(".")[-1], v) for k, v in tokens}


def test_registered_under_its_alias() -> None:
    """The ``pygments.lexers`` entry point, once the package is installed."""
    try:
        lexer = get_lexer_by_name("cuckoo")
    except ClassNotFound:
        pytest.skip("the package is not installed, so its entry points are not registered")
    assert isinstance(lexer, CuckooLexer)


def test_pass_and_result_are_keywords() -> None:
    tokens = [(k, v) for k, v in CuckooLexer().get_tokens("11. pass PASS 1-1") if v.strip()]
    assert tokens == [
        (tokens[0][0], "11."),
        (Keyword, "pass"),
        (Keyword, "PASS"),
        (Keyword.Constant, "1-1"),
    ]
