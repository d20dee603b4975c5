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
]
__version__ = "0.1.0"
