"""A record of any game as read: its tags, moves, comments and result, where each move was
written, and the transformer of the parts every game's grammar shares; files cut into
records one at a time, so that memory stays flat however many games they hold."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from lark import Token, Transformer, v_args

from .. import reading
from ..errors import CuckooError
from ..reading import Chunk, unquote

__all__ = [
    "MAX_RECORD_CHARS",
    "Located",
    "Number",
    "Parts",
    "Record",
    "RecordTransformer",
    "at",
    "split_records",
]

MAX_RECORD_CHARS: Final = 16_000_000
"""A single record longer than this is refused (a real game is a few kilobytes)."""


def split_records(lines: Iterable[str], *, rule: str) -> Iterator[Chunk]:
    """Cut a stream of lines into records (:func:`.reading.records`): a tag line after
    movetext starts a new one; a record longer than :data:`MAX_RECORD_CHARS` is refused."""
    return reading.records(lines, rule, MAX_RECORD_CHARS)


Number = tuple[str, int, int, int]
"""A move number as written in a record: its text, before how many moves, its line and
column (a plain tuple: a record of the dice game has one for every two moves)."""


@dataclass(frozen=True, slots=True)
class Record:
    """One game as written down: tags, moves, comments, result (any game)."""

    tags: tuple[tuple[str, str], ...]
    """Tag pairs in canonical order, with canonical names and values."""
    moves: tuple[Any, ...]
    """The game's own move values, chance outcomes included."""
    comments: tuple[tuple[int, str], ...] = ()
    """``(ply, text)``: a comment written after that many moves."""
    result: str = "*"
    """The result token."""
    spans: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    """Line and column of each move in its file, for messages."""
    source: str | None = field(default=None, compare=False, repr=False)
    index: int = field(default=1, compare=False, repr=False)
    """The record's position in its file."""
    line: int = field(default=1, compare=False, repr=False)
    """The line of its file on which the record starts."""
    first_state: object = field(default=None, compare=False, repr=False)
    """The state before the first move, made when reading checked the tags, so that a
    replay need not make it again; None for a record not read from text."""
    numbers: tuple[tuple[str, int, int, int], ...] = field(default=(), compare=False, repr=False)
    """The move numbers as written (``2.``, ``1.3.``), each a :data:`Number`, for
    ``validate``'s warnings about numbering (``*-NOTATION-NUMBERING``): the reader otherwise
    steps over them.  (Spelt out: each game's record type is annotated in its own module,
    where the name would not resolve.)"""
    _named: dict[str, str] = field(init=False, compare=False, repr=False)
    """Each tag's first value by its name: starting a game asks for a dozen of them."""

    unit: ClassVar[str] = "move"
    """What the game calls one entry of :attr:`moves`, for messages."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_named", dict(reversed(self.tags)))

    def tag(self, name: str) -> str | None:
        """The value of tag *name* (the first, if it is given more than once), or None."""
        return self._named.get(name)

    def located(self, error: CuckooError, ply: int, move: object) -> CuckooError:
        """*error*, raised by move number *ply* (0-based) of this record, placed in its file."""
        line, column = self.spans[ply] if ply < len(self.spans) else (None, None)
        return error.located(
            source=self.source,
            line=line,
            column=column,
            context=f"game {self.index}, {self.unit} {ply + 1}, {move}",
        )


Located = tuple[Any, int, int]
"""A move value with the line and column where it was written."""


Parts = tuple[list[tuple[str, str]], list[Any], list[tuple[int, int]], list[Any], str, list[Number]]
"""A record as read: tags as written, moves, their lines and columns, comments, result, and
the move numbers written (lines of the file)."""


def at(value: Any, token: Token) -> Located:
    """*value* with the place of *token*, for messages."""
    return value, token.line or 1, token.column or 1


class RecordTransformer(Transformer[Token, tuple[Any, ...]]):
    """The parts every record has: tags, movetext with comments, a result token.

    A game's transformer adds a method per move rule, returning a :data:`Located` move (or
    a list of them, for a rule that writes several, like a deal).
    """

    @v_args(inline=True)
    def tag(self, name: Token, value: Token) -> tuple[str, str]:
        return str(name), unquote(str(value))

    def header(self, tags: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return tags

    def movetext(
        self, items: list[Token | Located | list[Located]]
    ) -> tuple[list[Located], list[tuple[int, str]], list[Number]]:
        moves: list[Located] = []
        comments: list[tuple[int, str]] = []
        numbers: list[Number] = []
        for item in items:
            if isinstance(item, tuple):
                moves.append(item)
            elif isinstance(item, list):
                moves.extend(item)
            elif item.type == "COMMENT":
                comments.append((len(moves), item[1:-1].strip()))
            else:  # the move numbers, the only other token the movetext holds
                numbers.append((str(item), len(moves), item.line or 1, item.column or 1))
        return moves, comments, numbers

    def result(self, children: list[Token]) -> str:
        token = children[0]
        return unquote(token) if token.type == "TAG_VALUE" else str(token)

    def single(self, children: list[Located | list[Located]]) -> list[Located]:
        item = children[0]
        return item if isinstance(item, list) else [item]

    def start(self, children: list[Any]) -> tuple[Any, ...]:
        tags, (moves, comments, numbers), token = children
        return tags, moves, comments, token, numbers
