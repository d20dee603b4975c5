"""Rules with some parameters changed: what every game's variants share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, Final, TypeVar

from .errors import SetupError

__all__ = ["whole_number", "with_parameters"]

T = TypeVar("T")

_MOST_DIGITS: Final = 9


def whole_number(text: str) -> int | str:
    """*text* as a number when it is written in the digits 0-9, and not absurdly long;
    otherwise *text* (cut short for messages), for the rules' own check to refuse with
    their rule ID.

    ``int`` alone would read ``٣`` as 3, fail on ``²`` (which ``str.isdigit`` accepts) and
    on more than 4,300 digits.
    """
    if text.isascii() and text.isdigit() and len(text) <= _MOST_DIGITS:
        return int(text)
    return text[:20] + "..." if len(text) > 20 else text


def with_parameters(
    base: T, names: Iterable[str], overrides: Mapping[str, object], *, rule: str
) -> T:
    """*base* with the parameters *overrides* changed; only *names* may change.

    :raises SetupError: for an unknown parameter, naming *rule*; a bad value raises
        whatever the rules' own checks raise.
    """
    if not overrides:  # the ruleset as named, and the very same value: cheap to compare
        return base
    allowed = tuple(names)
    unknown = sorted(set(overrides) - set(allowed))
    if unknown:
        raise SetupError(
            f"unknown parameter {unknown[0]!r}; expected one of {', '.join(allowed)}", rule=rule
        )
    try:
        changed: Any = replace(base, **overrides)  # type: ignore[type-var]
    except TypeError:  # compiled, a field's type is checked before the rules' own checks
        given = ", ".join(f"{name}={value!r}" for name, value in overrides.items())
        raise SetupError(f"a value of the wrong kind among {given}", rule=rule) from None
    return changed  # type: ignore[no-any-return]
