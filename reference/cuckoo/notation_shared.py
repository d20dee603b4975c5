"""What the three games' notation modules do alike, written once: the words for the
terminals every grammar has, the replay of a record move by move, the error of a wrong
result, and the writing of comments and tags.

:mod:`cuckoo.notation` reads records (one :class:`~cuckoo.notation.Dialect` per game);
this module holds the steps each game's own notation module takes around that reading.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any, Final, TypeVar

from .errors import CuckooError, NotationError
from .notation import Record

__all__ = [
    "NAMED_RESULT",
    "NAMED_RESULT_TERMINALS",
    "RECORD_TERMINALS",
    "last_line",
    "notes_by_ply",
    "record_written",
    "replayed",
    "result_error",
]

R = TypeVar("R", bound=Record)
S = TypeVar("S")

RECORD_TERMINALS: Final = {
    "TAG_NAME": "a tag name",
    "COMMENT": "a {comment}",
    "LSQB": "[",
    "RSQB": "]",
    "$END": "the end of the record",
}
"""The terminals every game's grammar has (tag pairs, comments, the end), as a reader would
say them in "expected ..."; each game adds its own."""

NAMED_RESULT: Final = "* or the winner's name in quotes"
"""The result token of a game whose record names its winner (the card game, Zum
Kuckuck!), in words."""

NAMED_RESULT_TERMINALS: Final = {
    "TAG_VALUE": 'a quoted tag value "..." (or the winner\'s name, quoted)',
    "RESULT": NAMED_RESULT,
}
"""The words for the terminals of such a game's result, which may be a quoted name."""


def replayed(
    record: R,
    start: Callable[[R], S],
    step: Callable[[S, Any], S],
    end: Callable[[R, S], None] | None = None,
) -> Generator[S, None, S]:
    """The state before the first move of *record* (made when it was read, else by
    *start*) and after each move, each made by *step*; an error is placed at its move.
    Then *end* checks the last state (the result token), and it is returned: a game's
    replay that gives its check here needs no generator of its own around this one."""
    first = record.first_state  # made when the record was read
    state: S = start(record) if first is None else first  # type: ignore[assignment]
    yield state
    for ply, move in enumerate(record.moves):
        try:
            state = step(state, move)
        except CuckooError as error:
            raise record.located(error, ply, move) from None
        yield state
    if end is not None:
        end(record, state)
    return state


def last_line(record: Record) -> int:
    """The line of the last move of *record*, or of its start when it has none."""
    return record.spans[-1][0] if record.spans else record.line


def result_error(
    record: Record, found: str, written: str, rule: str, line: int | None
) -> NotationError:
    """The error of *record* when its result token says *written* but its moves end in
    *found* (each as the game writes it), at *line*."""
    return NotationError(
        f"game {record.index}: the result is {found}, but the record says {written}",
        rule=rule,
        line=line,
        source=record.source,
    )


def notes_by_ply(record: Record) -> dict[int, list[str]]:
    """The comments of *record* as the canonical form writes them, ``{text}``, by the
    number of moves before them."""
    notes: dict[int, list[str]] = {}
    for ply, text in record.comments:
        notes.setdefault(ply, []).append("{" + text + "}")
    return notes


def record_written(
    record_type: type[R], roster: Sequence[str], named: Mapping[str, str], moves: tuple[Any, ...]
) -> R:
    """A record a program writes: the tags *named*, those the *roster* knows in its order
    and the others as given; *moves*; no comments; the Result tag's value as its result."""
    order = [k for k in roster if k in named] + [k for k in named if k not in roster]
    return record_type(tuple((k, named[k]) for k in order), moves, (), named["Result"])
