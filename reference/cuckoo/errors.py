"""The errors the package raises on bad input, by kind, as in python-chess.

Every error is a :class:`ValueError` and carries the ID of the rule it breaks, so that a
message, a test and a conformance case can all point at the same sentence of the spec.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

__all__ = [
    "AmbiguousMoveError",
    "CuckooError",
    "IllegalMoveError",
    "NotationError",
    "SetupError",
    "is_name",
    "require",
    "shown",
]


def shown(name: str) -> str:
    """Text as a one-line message writes it (a file name, a message quoting a record): a
    newline or other control character in it is escaped, so that one problem stays on one
    line and nothing in it reaches the terminal as a command."""
    if name.isprintable():
        return name
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in name)


def is_name(text: object) -> bool:
    """Whether *text* is a player's name: a letter, then letters, digits or ``_``, a letter
    of any alphabet (what Unicode calls a letter, as :meth:`str.isalpha` says) and a digit
    any decimal digit (CC-SETUP-PLAYERS, ZK-SETUP-PLAYERS).  Here, beside the errors, since
    both card games' setups check it and neither needs the other's code."""
    return (
        isinstance(text, str)
        and text[:1].isalpha()
        and all(ch.isalpha() or ch.isdecimal() or ch == "_" for ch in text)
    )


class CuckooError(ValueError):
    """Base class of every error about the input (never about the program).

    Its text reads ``where: RULE-ID: what``, where *where* is ``file:line:column`` as far
    as known, like a compiler's message.
    """

    # The compiled build compiles these classes too (setup.py), and mypyc gets three things
    # wrong in a class derived from an exception, steered around here: a default in the
    # class body is lost unless it is a ClassVar (so `kind` is one, and the default of
    # NotationError.expected, which an error may set for itself, is given after the class);
    # a property's setter called from compiled code crashes the process (so __init__ sets
    # `_detail` itself, and no compiled module may assign `detail`); and pickle would keep
    # the text alone (so __reduce__ says what to keep).

    kind: ClassVar[str] = "error"
    """The error kind, as the conformance protocol reports it."""

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self._detail = shown(message)
        self.rule = rule
        """The ID of the spec rule the input breaks, if one applies."""
        self.source = source
        self.line = line
        self.column = column
        super().__init__(str(self))

    @property
    def detail(self) -> str:
        """What is wrong, without the place and the rule: one line, every control character
        in it escaped (:func:`shown`), however it was set, since it may quote a record, and a
        record someone sent may hold escape sequences that would work a terminal."""
        return self._detail

    @detail.setter
    def detail(self, message: str) -> None:
        self._detail = shown(message)

    def __str__(self) -> str:
        source = None if self.source is None else shown(self.source)
        where = ":".join(str(p) for p in (source, self.line, self.column) if p is not None)
        return ": ".join(part for part in (where, self.rule, self.detail) if part)

    def __reduce__(self) -> tuple[type[CuckooError], tuple[object, ...], dict[str, object]]:
        """What pickle keeps (an error sent to or from a worker process): what
        :class:`BaseException` keeps, said here since in the compiled build it would find
        no attributes and keep the text alone."""
        return type(self), self.args, vars(self)

    def as_dict(self) -> dict[str, object]:
        """The error as plain data: the fields of ``cuckoo validate --json``, which the app
        and the worker processes of ``validate -j`` send on as they are."""
        fields = ("kind", "rule", "source", "line", "column", "detail")
        return {f: getattr(self, f) for f in fields}

    def located(
        self,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        context: str = "",
    ) -> CuckooError:
        """The same error placed in a file, with *context* (such as the ply) in front."""
        error = type(self)(
            f"{context}: {self.detail}" if context else self.detail,
            rule=self.rule,
            source=source or self.source,
            line=line or self.line,
            column=column or self.column,
        )
        if isinstance(self, NotationError) and isinstance(error, NotationError):
            error.expected = self.expected
        return error


class IllegalMoveError(CuckooError):
    """A well-formed move that the rules forbid in this state."""

    kind = "illegal"


class AmbiguousMoveError(CuckooError):
    """A move written so that more than one legal move fits it."""

    kind = "ambiguous"


class SetupError(CuckooError):
    """A setup or ruleset that the rules do not allow."""

    kind = "setup"


class NotationError(CuckooError):
    """Text that is not notation: it says where, and what was expected there."""

    kind = "malformed"
    expected: tuple[str, ...]
    """What the grammar would have accepted at that place."""


# The default, not in the class body, where the compiled build would lose it (the note in
# CuckooError), nor assigned, which mypyc refuses for an attribute that is not a ClassVar.
setattr(NotationError, "expected", ())  # noqa: B010


def require(condition: bool, rule: str, message: str | Callable[[], str]) -> None:
    """Raise :class:`IllegalMoveError` for *rule* unless *condition* holds.

    The one gate for legality, like ``require`` in the Wasm reference validator.  A message
    that takes work to build can be given as a function, called only when it is needed.
    """
    if not condition:
        raise IllegalMoveError(message() if callable(message) else message, rule=rule)
