"""An independent model of a die: a cube with 1..6 on its faces, turned about in space.

The engine derives its corner tables from a parity formula; this model gets them by brute
force from a concrete cube, so that a test can check the engine without reading its tables.

A face is named by its outward normal.  The corner at the directions +x, +y, +z is seen from
outside (from the point (1, 1, 1)); turning x into y into z is a right-handed turn about
(1, 1, 1), which looks counter-clockwise from there.  So the faces at +x, +y, +z, in that
order, run counter-clockwise around their corner.
"""

from __future__ import annotations

from itertools import permutations, product

Vec = tuple[int, int, int]
Die = dict[Vec, int]

X: Vec = (1, 0, 0)
Y: Vec = (0, 1, 0)
Z: Vec = (0, 0, 1)


def neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


# A western die: 1, 2, 3 on +x, +y, +z (counter-clockwise at their corner), opposites sum to 7.
WESTERN: Die = {X: 1, Y: 2, Z: 3, neg(X): 6, neg(Y): 5, neg(Z): 4}
# Its mirror image in the plane z = 0: 3 and 4 swap places.
EASTERN: Die = {X: 1, Y: 2, Z: 4, neg(X): 6, neg(Y): 5, neg(Z): 3}
DICE = {"western": WESTERN, "eastern": EASTERN}


def _det(m: tuple[Vec, Vec, Vec]) -> int:
    (a, b, c), (d, e, f), (g, h, i) = m
    return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)


def _apply(m: tuple[Vec, Vec, Vec], v: Vec) -> Vec:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def _rotations() -> list[tuple[Vec, Vec, Vec]]:
    """The 24 turns of a cube: signed permutation matrices of determinant +1."""
    found = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            rows = tuple(tuple(signs[r] if c == perm[r] else 0 for c in range(3)) for r in range(3))
            m = (rows[0], rows[1], rows[2])
            if _det(m) == 1:
                found.append(m)  # type: ignore[arg-type]
    return found


ROTATIONS = _rotations()


def turned(die: Die, m: tuple[Vec, Vec, Vec]) -> Die:
    """*die* after the turn *m*: the face that was at n is now at m n."""
    return {_apply(m, n): face for n, face in die.items()}


def ccw_corners(hand: str) -> frozenset[tuple[int, int, int]]:
    """Every triple of faces (a, b, c) that a die of *hand* can show counter-clockwise
    around one corner: read at +x, +y, +z of every turned die."""
    return frozenset((d[X], d[Y], d[Z]) for d in (turned(DICE[hand], m) for m in ROTATIONS))


def adjacent(face: int) -> frozenset[int]:
    """The faces sharing an edge with *face*: those whose normal is at right angles to it."""
    normal = next(n for n, f in WESTERN.items() if f == face)
    return frozenset(
        f for n, f in WESTERN.items() if sum(a * b for a, b in zip(n, normal, strict=True)) == 0
    )


def opposite(face: int) -> int:
    normal = next(n for n, f in WESTERN.items() if f == face)
    return WESTERN[neg(normal)]
