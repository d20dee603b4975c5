"""What the immutable values of every game share: how one whose ``__init__`` is written out
is pickled and copied.

The states, moves and outcomes that a replay makes by the thousand write their dataclass's
``__init__`` out, so that the compiled build compiles it (see setup.py).  Compiled, such a
class is not pickled or copied the way Python's are: the default way makes an instance by
calling that ``__init__`` without arguments, and fails.  Each of them gives its fields
instead, through :func:`rebuilt`, from its ``__reduce__``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

__all__ = ["rebuilt"]


def rebuilt(value: Any) -> tuple[type[Any], tuple[Any, ...]]:
    """The class of the dataclass instance *value* and its fields in order: what its
    ``__init__`` takes to make it again (``__reduce__``: pickle, ``copy``, ``deepcopy``)."""
    return type(value), tuple(getattr(value, field.name) for field in fields(value))
