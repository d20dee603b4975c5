"""The pyramid: 20 cells, three sides, four layers (spec chapter *components*).

Everything here is derived from the definition of a cell as ``(i, j, k)`` with
``i + j + k <= 3``; nothing is typed in by hand.
"""

from __future__ import annotations

from itertools import product
from typing import Final

__all__ = [
    "APEX",
    "BELOW",
    "CELLS",
    "CELL_NAMES",
    "COORDS",
    "DUNGEON",
    "LAYER",
    "SHOWN",
    "SIDES",
    "SIDE_NAMES",
    "Cell",
    "Side",
    "cell_named",
]

Cell = int
"""A cell, as an index into :data:`COORDS` (0 is the apex)."""

Side = int
"""A side of the pyramid: 0, 1, 2 for A, B, C."""

SIDES: Final = (0, 1, 2)
SIDE_NAMES: Final = ("A", "B", "C")
HEIGHT: Final = 3  # the base is layer 3: a region 4 cells on a side

# CD-CELL: cells ordered by layer from the apex down, then by coordinates.
COORDS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    sorted(
        ((i, j, k) for i, j, k in product(range(HEIGHT + 1), repeat=3) if i + j + k <= HEIGHT),
        key=lambda c: (sum(c), c),
    )
)
CELLS: Final = tuple(range(len(COORDS)))
CELL_NAMES: Final = tuple("".join(map(str, c)) for c in COORDS)
_INDEX: Final = {name: cell for cell, name in enumerate(CELL_NAMES)}

# CD-LAYER
LAYER: Final = tuple(sum(c) for c in COORDS)

# CD-SIDE: a cell shows a face on every side whose coordinate is 0.
SHOWN: Final[tuple[tuple[Side, ...], ...]] = tuple(
    tuple(s for s in SIDES if c[s] == 0) for c in COORDS
)

# CD-CELL-DUNGEON: the centre of the base, buried under the dice above it.
DUNGEON: Final = _INDEX["111"]
APEX: Final = _INDEX["000"]


def _below(c: tuple[int, int, int]) -> tuple[Cell, ...]:
    if sum(c) == HEIGHT:
        return ()
    return tuple(_INDEX["".join(map(str, (*c[:s], c[s] + 1, *c[s + 1 :])))] for s in SIDES)


# CD-PLACE-SUPPORT: the three cells a die rests on.
BELOW: Final = tuple(_below(c) for c in COORDS)


def cell_named(name: str) -> Cell | None:
    """The cell called *name* (its coordinates as three digits), or None."""
    return _INDEX.get(name)
