"""The loops that read a file of records, line by line and item by item, for every game.

They are what reading a file spends its time in, apart from the engines; here they are
plain functions on strings, lists and regular expressions, so that the compiled build
compiles them (``notation``, whose dataclasses hold ``field()``s, mypyc cannot).  The
dialect of each game (``notation.Dialect``) gives them its patterns, memo and readers.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

from .errors import NotationError
from .values import rebuilt

WS: Final = " \t\f\r\n"
"""White space as the grammars ignore it (``common.WS``); Python's ``str.split`` and ``\\s``
take more, such as a no-break space, which a record may not hold between its words."""
DIGITS: Final = "0123456789"
"""The digits of every number in a record or a command: ASCII only (``str.isdigit`` takes
``٣`` and ``²`` too, which no rule counts as a digit)."""
_LISTED: Final = re.compile(f"[,{WS}]+")


def listed(value: str) -> list[str]:
    """The words of a tag value that lists names or numbers (``Players``, ``Cockatoos``),
    split at commas and :data:`WS`: a no-break space is part of a word, not a separator."""
    return [word for word in _LISTED.split(value) if word]


def is_number(word: str) -> bool:
    """Whether *word* is written in :data:`DIGITS` alone."""
    return bool(word) and all(ch in DIGITS for ch in word)


MEMO_KEY_CHARS: Final = 256
"""The longest text a memo of the reading keeps as a key (a tag line, an item, a tag value):
a hostile file's megabyte-long value is read every time it comes, never kept."""
LONGEST_ITEM_LINE: Final = 4_096
"""The longest line of movetext read item by item: a longer one, which no game's record
needs, goes to the full parse, so that its items are never all held at once."""
NUMBER_SEEN: Final = object()
"""What a move number reads as in the memo of items: nothing to keep, but no error."""
OPEN: Final = object()
CLOSE: Final = object()
"""What the marks of a group (``notation.Group``) read as in the memo of items."""


@dataclass(frozen=True, init=False)
class Chunk:
    """The text of one record and where it starts in its file."""

    text: str
    line: int
    """The 1-based line of the file on which the record starts."""
    index: int
    """The record's 1-based position in the file."""

    def __init__(self, text: str, line: int, index: int) -> None:
        # The dataclass's __init__ written out, as the dice state's is: compiled, it runs in
        # a fraction of the time, and a file's every record makes one.
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "index", index)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # sent to the workers of ``validate --jobs``, pickled


class Marks(Protocol):
    """What the reading item by item needs of a group of moves (``notation.Group``)."""

    @property
    def open(self) -> str: ...
    @property
    def close(self) -> str: ...
    @property
    def join(self) -> Callable[[list[tuple[Any, int, int]]], tuple[Any, int, int]]: ...


class Tailed(Protocol):
    """What it needs of the tail of move words (``notation.Tail``)."""

    @property
    def mark(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def join(self) -> Callable[[str, Any, Any], Any]: ...


Items = tuple[list[Any], list[tuple[int, int]], list[tuple[str, int, int, int]], str]
"""The movetext of a record as read item by item: moves, their lines and columns, the move
numbers written (``notation.Number``) and the result token; lines of the file."""


def records(lines: Iterable[str], rule: str, limit: int) -> Iterator[Chunk]:
    """Cut a stream of lines into records, each a :class:`Chunk`: a tag line after movetext
    starts a new one.

    Comments are tracked, so a ``[`` inside a multi-line comment starts nothing; a brace
    inside a quoted value (a tag's) opens no comment.  A record is gathered as one text, not
    a list of its lines: a stream of millions of short lines (``yes``) costs its characters,
    not a Python string each.

    :raises NotationError: under *rule* for a record longer than *limit* characters.
    """
    buffer = io.StringIO()
    start, size, index = 1, 0, 0
    inside = seen_moves = False
    for number, line in enumerate(lines, 1):
        stripped = line.lstrip()
        if not inside and stripped.startswith("[") and seen_moves:
            index += 1
            yield Chunk(buffer.getvalue(), start, index)
            buffer, start, size, seen_moves = io.StringIO(), number, 0, False
        if not size and not stripped:
            start = number + 1
            continue
        size += len(line)
        if size > limit:
            raise NotationError(f"a record longer than {limit} characters", line=start, rule=rule)
        buffer.write(line)
        was_inside = inside
        if "}" in line if inside else "{" in line:
            inside = in_comment(line, inside)
        if not was_inside and stripped and not stripped.startswith("["):
            seen_moves = True
    text = buffer.getvalue()
    if text.strip():
        yield Chunk(text, start, index + 1)


_OPENING: Final = re.compile(r'"(?:\\.|[^"\\])*"?|(\{)')
"""Outside a comment: a quoted value, stepped over whole, or the brace that opens a
comment (group 1)."""


def in_comment(line: str, inside: bool) -> bool:
    """Whether a comment is open at the end of *line*, given whether one was at its start.

    Comments do not nest (the grammars' ``COMMENT``: the first ``}`` ends one)."""
    at = 0
    while True:
        if inside:
            at = line.find("}", at) + 1
            if at == 0:
                return True
            inside = False
        else:
            found = next((m for m in _OPENING.finditer(line, at) if m[1]), None)
            if found is None:
                return False
            inside, at = True, found.end()


def quote(value: str) -> str:
    """A tag value as the canonical form writes it."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unquote(token: str) -> str:
    """The inverse of :func:`quote`."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    out, escaped = [], False
    for ch in body:
        if escaped or ch != "\\":
            out.append(ch)
            escaped = False
        else:
            escaped = True
    return "".join(out)


TagPairs = tuple[tuple[str, str], ...]
K = TypeVar("K")
V = TypeVar("V")


def kept(memo: dict[K, V], key: K, value: V, most: int) -> V:
    """*value*, kept in *memo* under *key* while the memo holds fewer than *most* entries
    and the key's text is short (:data:`MEMO_KEY_CHARS`), so that memory stays flat over any
    file: every memo of the reading is bounded here."""
    if len(memo) < most and _characters(key) <= MEMO_KEY_CHARS:
        memo[key] = value
    return value


def _characters(key: object) -> int:
    """The characters of the text in *key*: a string, or a tuple of them (and None)."""
    if isinstance(key, str):
        return len(key)
    return sum(_characters(part) for part in key) if isinstance(key, tuple) else 0


def header(
    lines: list[str], tag: re.Pattern[str], memo: dict[str, TagPairs], most: int
) -> tuple[list[tuple[str, str]], int] | None:
    """The tag pairs of a record's lines, as written, and the index of its first line of
    movetext; None when only the full parse will do: a line among the tags that is not tag
    pairs, or a comment in the movetext (a tag value may hold ``{``).

    *tag* is one tag pair with white space around it, its name and value its groups.  The
    pairs of a line are remembered in *memo*, at most *most* lines (:func:`kept`): the first
    records read teach it the lines every record repeats (``[Game ...]``)."""
    at = 0
    while at < len(lines) and (not lines[at].strip(WS) or lines[at].lstrip(WS)[:1] == "["):
        at += 1
    if any("{" in line for line in lines[at:]):
        return None
    tags: list[tuple[str, str]] = []
    for line in lines[:at]:
        pairs = memo.get(line)
        if pairs is None:
            pairs = tag_pairs(line, tag)
            if pairs is None:
                return None
            kept(memo, line, pairs, most)
        tags.extend(pairs)
    return tags, at


def tag_pairs(line: str, tag: re.Pattern[str]) -> TagPairs | None:
    """The tag pairs of *line*, as written, or None if it holds anything else."""
    pairs = []
    end = len(line.rstrip(WS))
    place = 0
    while place < end:
        found = tag.match(line, place)
        if found is None:
            return None
        pairs.append((found[1], unquote(found[2])))
        place = found.end()
    return tuple(pairs)


def movetext(
    lines: list[str],
    first: int,
    top: int,
    item: re.Pattern[str],
    memo: dict[str, Any],
    word: Callable[[str], Any],
    group: Marks | None,
    part: Callable[[str], tuple[Any, int] | None],
    plain: bool = False,
    tail: Tailed | None = None,
    parts_read: dict[str, Any] | None = None,
    read_part: Callable[[str, str], Any] | None = None,
) -> Items | None:
    """The movetext of a record, *lines* from index *first*, read item by item; None when
    only the full parse will do (anything unusual).  The record starts on line *top* of its
    file.

    *item* finds the items of a line; what an item reads as comes from *memo*, else from
    *word* (moves, a result token, :data:`NUMBER_SEEN`, :data:`OPEN`, :data:`CLOSE` or
    None).  Between the marks of *group* (a ``notation.Group``, or None for a game without
    groups) each item is a part, read by *part* as a move and the characters from the
    item's start to where it is written, and the group's ``join`` makes the move.  With
    *plain*, for a game whose items are the words between white space (:func:`words`), a
    line of words set apart by spaces alone is cut without *item*.  A word with a *tail*
    (a ``notation.Tail``) is read by :func:`joined`, with *parts_read* and *read_part*,
    before *word* is asked (which then reads it whole).
    """
    moves: list[Any] = []
    spans: list[tuple[int, int]] = []
    numbers: list[tuple[str, int, int, int]] = []
    token: str | None = None
    parts: list[tuple[Any, int, int]] | None = None  # the parts of a group begun, not ended
    for number in range(first, len(lines)):
        row = top + number
        line = lines[number]
        if len(line) > LONGEST_ITEM_LINE:
            return None
        found = words(line) if plain else None
        if found is None:
            found = [(match.start(), match[0]) for match in item.finditer(line)]
        for at, text in found:
            if token is not None:
                return None
            if parts is not None:  # a group's parts, up to its closing mark
                assert group is not None  # only its opening mark begins parts
                if text != group.close:
                    read = part(text)
                    if read is None:
                        return None
                    parts.append((read[0], row, at + 1 + read[1]))
                    continue
                if not parts:
                    return None
                move, joined_row, column = group.join(parts)
                moves.append(move)
                spans.append((joined_row, column))
                parts = None
                continue
            value = memo.get(text)
            if value is None and tail is not None:
                assert parts_read is not None and read_part is not None
                value = joined(text, tail, memo, word, parts_read, read_part)
            if value is None:
                value = word(text)
            if type(value) is tuple:  # the moves of the item: the common case
                for move, offset in value:
                    moves.append(move)
                    spans.append((row, at + 1 + offset))
            elif value is OPEN:
                parts = []
            elif value is None or value is CLOSE:
                return None
            elif value is NUMBER_SEEN:
                numbers.append((text, len(moves), row, at + 1))
            else:
                token = str(value)
    if token is None or parts is not None:
        return None
    return moves, spans, numbers, token


def joined(
    text: str,
    tail: Tailed,
    memo: dict[str, Any],
    word: Callable[[str], Any],
    parts_read: dict[str, Any],
    read_part: Callable[[str, str], Any],
) -> tuple[tuple[Any, int]] | None:
    """The move of the word *text* from its head and its *tail* (a ``notation.Tail``), each
    read once and remembered: the head as an item (*memo*, else *word*), the tail by its
    rule (*parts_read*, else *read_part*); None if it has no tail, or only reading it whole
    will do."""
    at = text.find(tail.mark)
    if at <= 0:
        return None
    head, rest = text[:at], text[at:]
    value = memo.get(head) or word(head)
    if type(value) is not tuple or len(value) != 1:
        return None
    move, offset = value[0]
    part = parts_read[rest] if rest in parts_read else read_part(rest, tail.rule)
    made = None if part is None else tail.join(head, move, part)
    return None if made is None else ((made, offset),)


def words(line: str) -> list[tuple[int, str]] | None:
    """The words of *line* with where each starts (0-based), when only spaces set them
    apart; None for a line holding a quote (a quoted item may hold spaces) or other white
    space, whose items a pattern finds."""
    if '"' in line or "\t" in line or "\r" in line or "\f" in line:
        return None
    found = []
    at = 0
    for word in line.split(" "):
        if word:
            found.append((at, word))
        at += len(word) + 1
    return found


def tag_name(names: dict[str, str], name: str) -> str:
    """The canonical name of the tag written *name*, by *names*: a known tag's canonical
    name by its name as canonical or in lower case; any other tag's as written."""
    return names.get(name) or names.get(name.lower(), name)


def named_tags(
    tags: list[tuple[str, str]],
    names: dict[str, str],
    known: dict[str, int],
    canonical: Callable[[str, str], str],
    once: frozenset[str] | None,
) -> tuple[dict[str, list[str]], str | None]:
    """Each tag's values by its canonical name (:func:`tag_name`), in the order given, a
    *known* tag's made canonical by *canonical*; with the first name given twice where *once*
    allows a tag once (None: every tag), where reading stopped, or None."""
    named: dict[str, list[str]] = {}
    for name, value in tags:
        key = tag_name(names, name)
        if key in named and (once is None or key in once):
            return named, key
        named.setdefault(key, []).append(canonical(key, value) if key in known else value)
    return named, None


def named_in_order(named: dict[str, list[str]], rank: dict[str, int]) -> TagPairs:
    """The pairs of *named* (:func:`named_tags`) in canonical order (:func:`in_order`)."""
    return tuple(in_order([(k, v) for k, values in named.items() for v in values], rank))


def in_order(tags: Iterable[tuple[str, str]], rank: dict[str, int]) -> list[tuple[str, str]]:
    """*tags* in canonical order: the known ones by their *rank*, then the others as given
    (a repeated free tag keeps its values in their order)."""
    last = len(rank)
    return sorted(tags, key=lambda tag: rank.get(tag[0], last))
