"""The executable rulebook for the games called Cuckoo.

One subpackage per game (:mod:`cuckoo.dice`, the dice pyramid), sharing the error kinds in
:mod:`cuckoo.errors`.
"""

from .errors import (
    AmbiguousMoveError,
    CuckooError,
    IllegalMoveError,
    NotationError,
    SetupError,
)

__all__ = [
    "AmbiguousMoveError",
    "CuckooError",
    "IllegalMoveError",
    "NotationError",
    "SetupError",
    "build",
]
__version__ = "0.1.0"


def build() -> str:
    """Which build is installed: ``compiled`` when the dice engine's core is made of C
    extensions (the optional mypyc build of ``setup.py``), else ``pure Python``."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.util import find_spec

    spec = find_spec("cuckoo.dice.rules")
    origin = (spec.origin if spec else None) or ""
    return "compiled" if origin.endswith(tuple(EXTENSION_SUFFIXES)) else "pure Python"
