"""A resumed record file's own text with the moves typed since written in: what was there
(comments, unknown tags, blank lines, its line ends) stays as it was."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["continued", "noted"]


def continued(text: str, before: str, after: str) -> str | None:
    """*text*, the file of a game whose canonical form is *before*, with the moves that
    *after* (its canonical form with more moves) adds written in after the last move, in
    canonical form: on the last line where the canonical form goes on with it (the rest of a
    numbered line), then on lines of their own; the result token stays last, and a Result
    tag gets the new result. Comments, unknown tags and blank lines stay as they were.

    None if the canonical forms do not go on from each other (the caller then checks the
    text, which a comment inside a move could make unreadable, and falls back).
    """
    old_tags, old_lines, _ = _parts(before)
    new_tags, new_lines, new_result = _parts(after)
    if old_lines:
        *same, last = old_lines
        head = new_lines[len(same)] if len(new_lines) > len(same) else ""
        if new_lines[: len(same)] != same or not head.startswith(last):
            return None
        rest, more = head[len(last) :], new_lines[len(old_lines) :]
    else:
        rest, more = "", new_lines
    if not rest and not more:
        return None
    found = _RESULT_AT_END.search(text)
    if found is None:
        return None
    newline = "\r\n" if "\r\n" in text else "\n"
    ahead, behind = text[: found.start(1)], text[found.end(1) :]
    end = len(ahead.rstrip())
    if rest or not ahead.endswith("\n") or not ahead.strip():
        added = rest + "".join(newline + line for line in more)
        ahead = ahead[:end] + added + ahead[end:]
    else:
        ahead += newline.join(more) + newline
    if old_tags != new_tags:
        ahead = _result_tag(ahead, new_tags)
    return ahead + new_result + behind


def noted(text: str, note: str) -> str:
    """*text*, a record, with *note* as a comment after its last move, on its line (before
    the result token if nothing stands between them); its braces dropped, as a comment
    cannot hold them."""
    said = note.translate({ord("{"): None, ord("}"): None})
    found = _RESULT_AT_END.search(text)
    assert found is not None, "a record the recorder wrote ends with its result"
    end = len(text[: found.start(1)].rstrip())
    return f"{text[:end]} {{{said}}}{text[end:]}"


_RESULT_AT_END: Final = re.compile(r'(\*|[01]-[01]|"(?:[^"\\\n]|\\["\\])*")\s*\Z')
"""The result token that ends a record: a score, ``*``, or a quoted name."""
_TAG: Final = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s*("(?:[^"\\\n]|\\["\\])*")\s*\]')
"""One tag pair, with the white space before it."""


def _parts(canonical: str) -> tuple[str, list[str], str]:
    """The Result tag's line, the movetext lines and the result token of a canonical
    record of the recorder (which has no comments)."""
    lines = canonical.rstrip("\n").split("\n")
    blank = lines.index("")
    tag = next((line for line in lines[:blank] if line.startswith("[Result ")), "")
    return tag, lines[blank + 1 : -1], lines[-1]


def _result_tag(text: str, canonical: str) -> str:
    """*text* with the value of its first Result tag made that of the tag line *canonical*
    (a header with none is left as it is)."""
    at = 0
    while found := _TAG.match(text, at):
        if found[1].lower() == "result":
            value = canonical[len("[Result ") : -1]
            return text[: found.start(2)] + value + text[found.end(2) :]
        at = found.end()
    return text
