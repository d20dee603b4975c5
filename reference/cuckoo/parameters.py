"""Rules with some parameters changed: what every game's variants share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from .errors import SetupError

__all__ = ["with_parameters"]

T = TypeVar("T")


def with_parameters(
    base: T, names: Iterable[str], overrides: Mapping[str, object], *, rule: str
) -> T:
    """*base* with the parameters *overrides* changed; only *names* may change.

    :raises SetupError: for an unknown parameter, naming *rule*; a bad value raises
        whatever the rules' own checks raise.
    """
    allowed = tuple(names)
    unknown = sorted(set(overrides) - set(allowed))
    if unknown:
        raise SetupError(
            f"unknown parameter {unknown[0]!r}; expected one of {', '.join(allowed)}", rule=rule
        )
    changed: Any = replace(base, **overrides)  # type: ignore[type-var]
    return changed  # type: ignore[no-any-return]
