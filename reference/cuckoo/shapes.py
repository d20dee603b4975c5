"""The declared shape of every stored file the package reads, checked when it is read.

A stored file (a conformance report, a study's results) may have been damaged or edited by
anyone; it is checked against its shape once, as it is read, so that what is wrong is one
line naming the place inside the file (``report.json: totals.pass: expected a whole number,
got 'a'``), never a traceback later where a value of the wrong type is used.  Shapes are
plain values: :class:`Whole`, :class:`Text`, :class:`Flag`, :class:`Choice`,
:class:`ListOf`, :class:`MapOf`, :class:`Fields`, :class:`Maybe` and :data:`ANYTHING`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from .errors import shown

__all__ = [
    "ANYTHING",
    "Choice",
    "Fields",
    "Flag",
    "ListOf",
    "MapOf",
    "Maybe",
    "Shape",
    "ShapeError",
    "Text",
    "Whole",
    "check",
]


class ShapeError(ValueError):
    """A stored file whose content is not of its declared shape: one line, where and what."""


@dataclass(frozen=True)
class Whole:
    """A whole number (never ``True``, never ``"3"``), at least *least*."""

    least: int = 0


@dataclass(frozen=True)
class Text:
    """A string."""


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``."""


@dataclass(frozen=True)
class Choice:
    """One of a few fixed values."""

    values: tuple[object, ...]


@dataclass(frozen=True)
class Maybe:
    """*shape*, or ``null``."""

    shape: Shape


@dataclass(frozen=True)
class ListOf:
    """A list whose every item is of *item*'s shape."""

    item: Shape


@dataclass(frozen=True)
class MapOf:
    """An object whose every value is of *value*'s shape (its keys are strings in JSON)."""

    value: Shape


@dataclass(frozen=True)
class Fields:
    """An object with the fields *required* and perhaps *optional*, each of its shape;
    other fields are allowed (a later version of the format may add some)."""

    required: Mapping[str, Shape]
    optional: Mapping[str, Shape] = field(default_factory=dict)


@dataclass(frozen=True)
class _Anything:
    """Any JSON value (a field kept, never used as a number or a text)."""


ANYTHING: Final = _Anything()

Shape = Whole | Text | Flag | Choice | Maybe | ListOf | MapOf | Fields | _Anything


def check(value: object, shape: Shape, name: str) -> None:
    """Check *value*, read from the file *name*, against *shape*.

    :raises ShapeError: naming the file, the place inside it and what is wrong.
    """
    _check(value, shape, name, "")


def _check(value: object, shape: Shape, name: str, where: str) -> None:
    if isinstance(shape, Maybe):
        if value is not None:
            _check(value, shape.shape, name, where)
    elif isinstance(shape, Fields):
        _object(value, name, where)
        assert isinstance(value, dict)
        for key, inner in shape.required.items():
            if key not in value:
                raise ShapeError(f"{_place(name, where)}: no field {key!r}")
            _check(value[key], inner, name, _join(where, key))
        for key, inner in shape.optional.items():
            if key in value:
                _check(value[key], inner, name, _join(where, key))
    elif isinstance(shape, MapOf):
        _object(value, name, where)
        assert isinstance(value, dict)
        for key, inner in value.items():
            _check(inner, shape.value, name, _join(where, key))
    elif isinstance(shape, ListOf):
        if not isinstance(value, list):
            raise _wrong(name, where, "a list", value)
        for at, item in enumerate(value):
            _check(item, shape.item, name, f"{where}[{at}]")
    elif isinstance(shape, Whole):
        if type(value) is not int or value < shape.least:
            raise _wrong(name, where, _whole(shape), value)
    elif isinstance(shape, Text):
        if not isinstance(value, str):
            raise _wrong(name, where, "a text", value)
    elif isinstance(shape, Flag):
        if not isinstance(value, bool):
            raise _wrong(name, where, "true or false", value)
    elif isinstance(shape, Choice) and not any(
        type(value) is type(v) and value == v for v in shape.values
    ):
        raise _wrong(name, where, "one of " + ", ".join(map(repr, shape.values)), value)


def _whole(shape: Whole) -> str:
    return "a whole number" + (f" >= {shape.least}" if shape.least else "")


def _object(value: object, name: str, where: str) -> None:
    if not isinstance(value, dict):
        raise _wrong(name, where, "an object", value)


def _join(where: str, key: str) -> str:
    key = shown(key) if key.replace("-", "").replace("_", "").isalnum() else repr(key)
    return f"{where}.{key}" if where else key


def _place(name: str, where: str) -> str:
    return f"{shown(name)}: {where}" if where else shown(name)


QUOTED: Final = 40
"""How much of a wrong value a message quotes."""


def _wrong(name: str, where: str, expected: str, value: object) -> ShapeError:
    text = repr(value) if not isinstance(value, dict | list) else type(value).__name__
    text = shown(text if len(text) <= QUOTED else f"{text[:QUOTED]}…")
    return ShapeError(f"{_place(name, where)}: expected {expected}, got {text}")
