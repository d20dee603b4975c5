"""Standard dice: opposite and adjacent faces, corners and handedness (spec chapter *dice*).

The tables are derived from two facts: opposite faces sum to 7 (CD-DIE-FACES), and on a
western die the faces 1, 2, 3 run counter-clockwise around their corner (CD-DIE-CORNER).
"""

from __future__ import annotations

from itertools import permutations
from typing import Final, Literal

__all__ = [
    "ADJACENT",
    "FACES",
    "HANDEDNESS",
    "Handedness",
    "apex_faces",
    "is_corner",
    "second_face",
]

Handedness = Literal["western", "eastern"]

FACES: Final = (1, 2, 3, 4, 5, 6)
HANDEDNESS: Final[tuple[Handedness, ...]] = ("western", "eastern")


def opposite(face: int) -> int:
    """CD-DIE-FACES: opposite faces sum to 7."""
    return 7 - face


# CD-DIE-ADJACENT: the four faces that share an edge with a face.
ADJACENT: Final = {v: tuple(f for f in FACES if f not in (v, opposite(v))) for v in FACES}


def _parity(seq: tuple[int, ...]) -> int:
    return sum(a > b for i, a in enumerate(seq) for b in seq[i + 1 :]) % 2


def is_corner(faces: tuple[int, int, int], handedness: Handedness) -> bool:
    """Whether *faces*, read counter-clockwise, meet at one corner of a die (CD-DIE-CORNER).

    The corner ``(1, 2, 3)`` is counter-clockwise on a western die; swapping a face for its
    opposite, or two faces for each other, mirrors the order.
    """
    pairs = tuple(min(f, opposite(f)) - 1 for f in faces)
    if sorted(pairs) != [0, 1, 2]:
        return False
    mirrored = (_parity(pairs) + sum(f > 3 for f in faces)) % 2
    return mirrored == (handedness == "eastern")


_CORNERS: Final = {
    hand: frozenset(t for t in permutations(FACES, 3) if is_corner(t, hand)) for hand in HANDEDNESS
}


def second_face(value: int, own: bool) -> int:
    """CD-PLACE-SECOND: the face a die must show beside its rolled *value*.

    Smallest adjacent face for the placer's own die, largest for the opponent's.
    """
    return min(ADJACENT[value]) if own else max(ADJACENT[value])


def _apex_table(hand: Handedness) -> dict[tuple[int, int, int, int], tuple[int, int, int]]:
    table = {}
    for corner in _CORNERS[hand]:
        for x, y in permutations(range(3), 2):
            table[x, corner[x], y, corner[y]] = corner
    return table


_APEX: Final = {hand: _apex_table(hand) for hand in HANDEDNESS}


def apex_faces(
    hand: Handedness, side1: int, face1: int, side2: int, face2: int
) -> tuple[int, int, int] | None:
    """CD-PLACE-APEX: the faces on sides A, B, C when *face1* shows on *side1* and *face2*
    on *side2*, or None if no die of that handedness can show them so.

    The sides run counter-clockwise seen from above, so the three faces at the apex are a
    corner read counter-clockwise.
    """
    return _APEX[hand].get((side1, face1, side2, face2))
