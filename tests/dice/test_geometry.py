"""The pyramid: cells, sides, layers, support (rules CD-CELL, CD-SIDE, CD-LAYER,
CD-CELL-DUNGEON, CD-PLACE-SUPPORT).

The expected lists are written out by hand from the definition of a cell as (i, j, k) with
i + j + k <= 3, not computed the way the engine computes them.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given

from cuckoo.dice import (
    APEX,
    CELL_NAMES,
    COORDS,
    DUNGEON,
    Place,
    State,
    cell_named,
    legal_moves,
    new_game,
)
from cuckoo.dice.geometry import BELOW, LAYER, SHOWN
from cuckoo.dice.views import SIDE_ROWS

from .helpers import EDGE_CELLS, FACE_CELLS, START, cell
from .strategies import positions

ALL_CELLS = {
    "000",
    "001", "010", "100",
    "002", "011", "020", "101", "110", "200",
    "003", "012", "021", "030", "102", "111", "120", "201", "210", "300",
}  # fmt: skip
SIDE_CELLS = {
    0: {"000", "001", "010", "002", "011", "020", "003", "012", "021", "030"},
    1: {"000", "001", "100", "002", "101", "200", "003", "102", "201", "300"},
    2: {"000", "010", "100", "020", "110", "200", "030", "120", "210", "300"},
}
BASE = {"003", "012", "021", "030", "102", "111", "120", "201", "210", "300"}


def test_twenty_cells_named_by_coordinates() -> None:
    """CD-CELL: 20 cells (i, j, k) with i + j + k <= 3, named "ijk"."""
    assert len(CELL_NAMES) == 20
    assert set(CELL_NAMES) == ALL_CELLS
    for index, name in enumerate(CELL_NAMES):
        assert cell_named(name) == index
        assert COORDS[index] == tuple(int(d) for d in name)
    assert cell_named("400") is None
    assert cell_named("112") is None
    assert cell_named("00") is None


def test_apex_and_dungeon() -> None:
    """CD-CELL-DUNGEON: the dungeon is the middle of the base, 111; the apex is 000."""
    assert CELL_NAMES[APEX] == "000"
    assert CELL_NAMES[DUNGEON] == "111"
    assert SHOWN[DUNGEON] == ()


def test_layers() -> None:
    """CD-LAYER: 1, 3, 6 and 10 cells from the apex down."""
    by_layer = Counter(LAYER)
    assert [by_layer[layer] for layer in range(4)] == [1, 3, 6, 10]
    assert {CELL_NAMES[c] for c in range(20) if LAYER[c] == 3} == BASE


def test_each_side_has_ten_cells() -> None:
    """CD-SIDE: side A, B, C is the plane i, j, k = 0; each holds 10 cells."""
    for side, names in SIDE_CELLS.items():
        assert {CELL_NAMES[c] for c in range(20) if side in SHOWN[c]} == names


def test_apex_edges_faces_dungeon() -> None:
    """CD-SIDE: 1 apex (3 faces), 9 edge cells (2), 9 face cells (1), the dungeon (0)."""
    shown = Counter(len(SHOWN[c]) for c in range(20))
    assert shown == Counter({3: 1, 2: 9, 1: 9, 0: 1})
    assert {CELL_NAMES[c] for c in range(20) if len(SHOWN[c]) == 2} == set(EDGE_CELLS)
    assert {CELL_NAMES[c] for c in range(20) if len(SHOWN[c]) == 1} == set(FACE_CELLS)
    assert SHOWN[cell("003")] == (0, 1)  # the A-B edge
    assert SHOWN[cell("020")] == (0, 2)  # the A-C edge
    assert SHOWN[cell("100")] == (1, 2)  # the B-C edge


def test_support_cells() -> None:
    """CD-PLACE-SUPPORT: a cell rests on the three cells one step further from each side."""
    expected = {
        "000": {"100", "010", "001"},
        "001": {"101", "011", "002"},
        "011": {"111", "021", "012"},
        "200": {"300", "210", "201"},
    }
    for name, below in expected.items():
        assert {CELL_NAMES[b] for b in BELOW[cell(name)]} == below
    for c in range(20):
        assert (BELOW[c] == ()) == (CELL_NAMES[c] in BASE)
        assert all(LAYER[b] == LAYER[c] + 1 for b in BELOW[c])


def test_how_many_cells_each_base_cell_holds_up() -> None:
    """CD-PLACE-SUPPORT: base corners hold one cell, base edges two, the dungeon three."""
    held = Counter(b for c in range(20) for b in BELOW[c])
    assert {CELL_NAMES[b]: held[b] for b in held if LAYER[b] == 3} == {
        "300": 1, "030": 1, "003": 1,
        "210": 2, "201": 2, "120": 2, "021": 2, "102": 2, "012": 2,
        "111": 3,
    }  # fmt: skip
    assert held[cell("000")] == 0


def test_first_move_goes_on_the_base() -> None:
    """CD-PLACE-SUPPORT: on the empty pyramid only the ten base cells are open."""
    moves = legal_moves(new_game("cuckoo", START))
    placed_on = {CELL_NAMES[m.cell] for m in moves if isinstance(m, Place)}
    assert placed_on == BASE


@given(positions(kind="decision"))
def test_some_empty_cell_is_supported(state: State) -> None:
    """CD-PLACE-SUPPORT lemma: while a cell is empty, some empty cell can take a die."""
    board = state.board
    empty = [c for c in range(20) if board[c] is None]
    if empty:
        assert any(all(board[b] is not None for b in BELOW[c]) for c in empty)


def test_side_rows_as_seen_from_outside() -> None:
    """CD-SIDE: seen from outside, apex up, the next side counter-clockwise is on the right:
    on side A the A-C edge (0j0) is on the left and the A-B edge (00k) on the right."""
    rows = [[CELL_NAMES[c] for c in row] for row in SIDE_ROWS[0]]
    assert rows == [
        ["000"],
        ["010", "001"],
        ["020", "011", "002"],
        ["030", "021", "012", "003"],
    ]
    bottom = [[CELL_NAMES[c] for c in SIDE_ROWS[s][-1]] for s in (1, 2)]
    assert bottom == [["003", "102", "201", "300"], ["300", "210", "120", "030"]]
