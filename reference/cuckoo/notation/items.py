"""A record read item by item: every item still goes through the grammar, but once per
distinct item, remembered in a bounded memo, so that a file of a thousand games does not
parse ``6@003/A`` a thousand times; anything unusual goes to the full parse instead."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from lark import Lark, UnexpectedInput

from .. import reading
from ..errors import NotationError
from .records import Located, Parts

__all__ = [
    "MAX_TAG_LINES",
    "MAX_WORDS",
    "Group",
    "ItemReader",
    "Moves",
    "Series",
    "Tail",
    "concatenated",
    "remember",
]

_WS: Final = reading.WS
_BLANK: Final = rf"[{_WS}]+"
"""White space between the parts of one item, which the reading item by item keeps on one
line (the file's lines are cut apart first)."""
_UNSEEN: Final = object()
_NUMBER_SEEN: Final = reading.NUMBER_SEEN
_OPEN: Final = reading.OPEN
_CLOSE: Final = reading.CLOSE
MAX_WORDS: Final = 20_000
"""The most distinct items a dialect remembers (a few hundred kilobytes)."""
MAX_TAG_LINES: Final = 1_000
"""The most tag lines a dialect remembers: the few that every record of a file repeats are
among the first, and the many of one game each (``[Round "7"]``) cost no more than this."""


Moves = tuple[tuple[Any, int], ...]
"""What an item reads as in the memo of items: its moves, each with the number of
characters from the start of the item to where the move is written."""


_WORD: Final = re.compile(rf"[^{_WS}]+")
"""A word of an item: what lies between white space."""


def _moved_to(key: str, offset: int, starts: list[int]) -> int:
    """*offset*, a place in *key* (words each set apart by one space), as a place in the
    item whose words start at *starts*: the same characters of the same word."""
    word = key.count(" ", 0, offset + 1)
    begins = key.rfind(" ", 0, offset + 1) + 1
    return starts[word] + offset - begins


K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """*value*, kept in *memo* under *key* while the memo holds fewer than
    :data:`MAX_WORDS` entries and the key is short (:func:`.reading.kept`)."""
    return reading.kept(memo, key, value, MAX_WORDS)


@dataclass(frozen=True, slots=True)
class Tail:
    """The last part of a move word, which the grammar can read on its own and an item-by-item
    reading remembers apart from the rest: the dice game's re-roll ``(4;1,6)``, which makes
    thousands of distinct words out of a few dozen infections and a few hundred re-rolls."""

    mark: str
    """The character that opens the part."""
    rule: str
    """The grammar rule that reads it, a start rule of the parser."""
    join: Callable[[str, Any, Any], Any]
    """The move written as the head (its text and the move it reads as) followed by the
    part (what the rule read); None where only reading the whole word gives it exactly."""


@dataclass(frozen=True, slots=True)
class Group:
    """Moves written together between two marks, such as Zum Kuckuck!'s cards shown at once,
    ``(Ann 3 Ben 17)``, which a reading item by item reads part by part: the parts come back
    match after match, the groups hardly ever."""

    open: str
    close: str
    part: str
    """The grammar rule of one part, a start rule of the parser."""
    join: Callable[[list[Located]], Located]
    """The group's move, where it is written, from its parts and where they are."""


@dataclass(frozen=True, slots=True)
class Series:
    """An item written as a head and a run of words, such as the card game's deal
    ``deal Jh Js 5c 5d``, which a reading item by item reads word by word: each word with the
    head, as an item of its own (``deal Jh``), read once and remembered; then joined.  A deal
    of four cards out of 52 is nearly always new, a card never is."""

    head: str
    """The item's first word, in lower case (it is read in any letter case)."""
    words: int
    """How many words the head has, its first included (Zum Kuckuck!'s ``deal Ann``: 2)."""
    join: Callable[[list[Moves]], Moves]
    """The item's moves from what each word read as with the head (its moves, each placed
    by the characters from the start of the whole item), in the order written."""


def concatenated(parts: list[Moves]) -> Moves:
    """The moves of a :class:`Series` whose words each write moves of their own (the card
    game's deal: a dealt card each)."""
    return tuple(move for part in parts for move in part)


class ItemReader:
    """The reading item by item of one game's records (a :class:`~.dialect.Dialect`'s
    :attr:`~.dialect.Dialect.items`), with the memos it keeps: what each item, each part of
    an item and each line of tags read as."""

    def __init__(
        self,
        parser: Lark,
        items: str,
        numbering: str,
        tag: re.Pattern[str],
        tail: Tail | None = None,
        group: Group | None = None,
        series: Series | None = None,
    ) -> None:
        self.parser = parser
        self.items = items
        """The moves written with white space inside them (:attr:`.Dialect.items`)."""
        self.tail = tail
        self.group = group
        self.series = series
        self.tag = tag
        """One tag pair, white space around it, as the grammar's own terminals define it."""
        self.number = re.compile(parser.get_terminal(numbering).pattern.to_regexp())
        """A move number, which the reading item by item steps over."""
        self.item = self._item_pattern()
        self._words: dict[str, Any] = {}
        self._parts: dict[str, Any] = {}
        """What the parts of items read as: a :attr:`tail` (by its text, mark included) or a
        part of a :attr:`group` (by its text, which holds no mark)."""
        self._tag_lines: dict[str, reading.TagPairs] = {}
        """The tag pairs of each line of tags seen, as written (:func:`.reading.header`)."""

    def read(self, text: str, top: int = 1) -> Parts | None:
        """The parts of a record read item by item, or None when only the full parse will
        do (comments, an item written over two lines, anything unusual)."""
        lines = text.split("\n")
        head = reading.header(lines, self.tag, self._tag_lines, MAX_TAG_LINES)
        if head is None:
            return None
        tags, first = head
        items = reading.movetext(
            lines,
            first,
            top,
            self.item,
            self._words,
            self._word,
            self.group,
            self._part,
            self.group is None and not self.items,
            self.tail,
            self._parts,
            self._read_part,
        )
        if items is None:
            return None
        moves, spans, numbers, token = items
        return tags, moves, spans, [], token, numbers

    def _item_pattern(self) -> re.Pattern[str]:
        """One item of a line of movetext: a quoted result, a move with white space inside
        (:attr:`items`), else a word; read with the grammar's own terminals."""

        def terminal(name: re.Match[str]) -> str:
            return f"(?:{self.parser.get_terminal(name[1]).pattern.to_regexp()})"

        kinds = ("{TAG_VALUE}", self.items.replace(" ", _BLANK)) if self.items else ("{TAG_VALUE}",)
        whole = re.sub(r"\{([A-Z_]+)\}", terminal, "|".join(kinds))
        if self.group is None:
            return re.compile(rf"(?:{whole})(?![^{_WS}])|[^{_WS}]+")
        marks = re.escape(self.group.open + self.group.close)
        return re.compile(rf"[{marks}]|(?:{whole})(?![^{_WS}{marks}])|[^{_WS}{marks}]+")

    def _word(self, word: str) -> Any:
        """What the item *word* reads as: its :data:`Moves`, the result token it is (a
        string), :data:`_NUMBER_SEEN`, or None for anything else.  What it reads as is remembered,
        since the same moves come back game after game, in a bounded memo, so that memory
        stays flat over any file; None is not, a record with such an item being read whole,
        nor an item read in parts (a :attr:`series`).  A word with a :attr:`tail` comes here
        only when the reading loop could not read it in parts (:func:`.reading.joined`)."""
        if self.series is not None and (series := self._in_series(word)) is not None:
            return series  # not remembered: its words are, the item is nearly always new
        group = self.group
        if self.number.fullmatch(word):
            value: Any = _NUMBER_SEEN
        elif group is not None and word in (group.open, group.close):
            value = _OPEN if word == group.open else _CLOSE
        else:
            located = self._read(word, "single")
            value = None if located is None else tuple((m, c - 1) for m, _, c in located)
            if value is None:
                value = self._read(word, "result")
        return value if value is None else remember(self._words, word, value)

    def _in_series(self, item: str) -> Moves | None:
        """The moves of *item* read word by word as a :attr:`series`; None if it is none, or
        only reading it whole will do (a word that is not one, the game's join refusing)."""
        series = self.series
        assert series is not None
        found = [(m.start(), m[0]) for m in _WORD.finditer(item)]
        if len(found) <= series.words + 1 or found[0][1].lower() != series.head:
            return None
        head = " ".join(word for _, word in found[: series.words]) + " "
        starts = [start for start, _ in found[: series.words]]
        parts = []
        for at, word in found[series.words :]:
            key = head + word
            read = self._words.get(key) or self._word(key)
            if read.__class__ is not tuple:
                return None
            parts.append(
                tuple((move, _moved_to(key, offset, [*starts, at])) for move, offset in read)
            )
        return series.join(parts)

    def _part(self, text: str) -> tuple[Any, int] | None:
        """What *text*, a part of a :attr:`group`, reads as: its move and the characters
        from its start to where the move is written; None if it is no part."""
        assert self.group is not None
        located = self._read_part(text, self.group.part)
        return None if located is None else (located[0], located[2] - 1)

    def _read_part(self, text: str, rule: str) -> Any:
        """:meth:`_read`, remembered in :attr:`_parts`."""
        part = self._parts.get(text, _UNSEEN)
        if part is _UNSEEN:
            part = remember(self._parts, text, self._read(text, rule))
        return part

    def _read(self, text: str, rule: str) -> Any:
        """What *text* reads as by grammar rule *rule*, or None if it is not one."""
        try:
            return self.parser.parse(text, start=rule)
        except (UnexpectedInput, NotationError):
            return None
