"""The errors the package raises on bad input, by kind, as in python-chess.

Every error is a :class:`ValueError` and carries the ID of the rule it breaks, so that a
message, a test and a conformance case can all point at the same sentence of the spec.
"""

from __future__ import annotations

__all__ = [
    "AmbiguousMoveError",
    "CuckooError",
    "IllegalMoveError",
    "NotationError",
    "SetupError",
    "require",
]


class CuckooError(ValueError):
    """Base class of every error about the input (never about the program)."""

    kind = "error"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule = rule
        """The ID of the spec rule the input breaks, if one applies."""
        self.detail = message
        """The message without the rule ID."""


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

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        line: int | None = None,
        column: int | None = None,
        expected: tuple[str, ...] = (),
        source: str | None = None,
    ) -> None:
        place = ":".join(str(part) for part in (source, line, column) if part is not None)
        super().__init__(f"{place}: {message}" if place else message, rule=rule)
        self.line = line
        self.column = column
        self.expected = expected
        self.source = source


def require(condition: bool, rule: str, message: str) -> None:
    """Raise :class:`IllegalMoveError` for *rule* unless *condition* holds.

    The one gate for legality, like ``require`` in the Wasm reference validator.
    """
    if not condition:
        raise IllegalMoveError(message, rule=rule)
