"""A Pygments lexer for Cuckoo records, so that records are highlighted in the docs.

Registered under the ``pygments.lexers`` entry point as ``cuckoo``; Pygments is needed only
by whoever highlights (Sphinx, pytest), never by the engine.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

__all__ = ["CuckooLexer"]


class CuckooLexer(RegexLexer):
    """Tag pairs, move numbers, moves, re-rolls, players, comments and results."""

    name = "Cuckoo"
    aliases = ["cuckoo", "cuckoo-dice"]  # noqa: RUF012 (Pygments reads class attributes)
    filenames = ["*.cuckoo"]  # noqa: RUF012
    mimetypes = ["text/x-cuckoo"]  # noqa: RUF012

    tokens = {  # noqa: RUF012
        "root": [
            (r"\s+", Text),
            (r"\{[^}]*\}", Comment),
            (
                r'(\[)(\s*[A-Za-z]\w*)(\s*)("(?:\\.|[^"\\])*")(\s*\])',
                bygroups(Punctuation, Name.Tag, Text, String, Punctuation),
            ),
            (r"(1-0|0-1|1-1|\*)(?=\s|$)", Keyword.Constant),
            (r"\d+\.\d+\.", Number),  # Zum Kuckuck!'s cycle.round.
            (r"\d+\.(\.\.)?", Number),
            (r"(?i)(pass|deal|keep|swap|cut|nest|start)\b", Keyword),
            (r"(?i)(10|[2-9tjqka])[cdhs]\b", Number.Integer),
            (r'"[^"\n]*"\s*$', Keyword.Constant),  # a card game's winner, at the end
            (r"\(", Punctuation, "rolls"),
            (r"[0-9]+'?", Number.Integer),
            (r"@", Operator),
            (r"(?i)/[abc0-9]+", Name.Attribute),
            (r"[+]|(?i:x)(?=[0-9])", Operator),
            (r"[A-Za-z]\w*", Name),  # a player of Zum Kuckuck!
            (r".", Text),
        ],
        "rolls": [  # a die's re-rolls, or the cards of a round of Zum Kuckuck! shown together
            (r"\)", Punctuation, "#pop"),
            (r"[0-9]+", Number.Integer),
            (r"[A-Za-z]\w*", Name),
            (r"[;,\s]", Punctuation),
            (r".", Text),
        ],
    }
