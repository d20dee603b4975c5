"""What a player may do, and what it does (spec chapters *turn*, *infect*, *place*).

Conventions, as in the Wasm reference interpreter: :func:`apply` is one pure function with
a branch per kind of move; every condition a move must meet goes through
:func:`~cuckoo.errors.require` with the ID of the rule it checks, in the order the spec
lists them; what an earlier step already guarantees is an ``assert``.  Moves are seen from
the mover, nests from their holder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import permutations, product
from operator import is_not
from typing import Final

from ..errors import IllegalMoveError, require
from .chance import chance_outcomes
from .faces import FACES, HANDEDNESS, Handedness, apex_faces, second_face
from .geometry import BELOW, CELL_NAMES, CELLS, DUNGEON, SHOWN, SIDE_NAMES, SIDES, Cell, Side
from .moves import PASS, Die, Infect, Move, Pass, Place, Rolls, die_of
from .state import PLAYER_NAMES, Bonus, Nest, Placed, State

__all__ = ["apply", "legal_moves", "require_open"]


_SIDE_PAIRS: Final[tuple[tuple[Side, ...], ...]] = tuple(permutations(SIDES, 2))


def _orientations(cell: Cell) -> tuple[tuple[Side, ...], ...]:
    """The placer's choices of sides on *cell*, one per distinct way the die can lie."""
    shown = SHOWN[cell]
    if len(shown) == 2:
        return tuple((s,) for s in shown)
    if len(shown) == 3:
        return _SIDE_PAIRS
    return ((),)


ORIENTATIONS: Final = tuple(_orientations(c) for c in CELLS)

# CD-PLACE-BONUS: the sides of 1 and of 2 for which a die shows 1, 2, 3 at a corner.
BONUS_SIDES: Final[dict[str, tuple[tuple[Side, ...], ...]]] = {
    hand: tuple(
        (s1, s2)
        for s1, s2 in _SIDE_PAIRS
        if (faces := apex_faces(hand, s1, 1, s2, 2)) is not None and 3 in faces
    )
    for hand in HANDEDNESS
}


def _bonus_due(state: State) -> bool:
    """Whether a die put in the dungeon now earns the draft's bonus (a first move)."""
    return state.ruleset.dungeon_bonus and state.ply < 2


def _remove(nest: Nest, dice: tuple[Die, ...]) -> Nest | None:
    """*nest* without *dice*, or None if it does not hold them all."""
    rest = list(nest)
    for die in dice:
        if die not in rest:
            return None
        rest.remove(die)
    return tuple(rest)


def _where(state: State) -> str:
    return f"{PLAYER_NAMES[state.to_move]} at ply {state.ply}"


# -- legal moves ---------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move | Rolls, ...]:
    """Every move the player to move may make, each giving a different result.

    At a chance node these are the re-roll outcomes (their probabilities come from
    :func:`~cuckoo.dice.chance.chance_outcomes`); when the game is over, none.
    """
    if state.pending is not None:
        return tuple(rolls for rolls, _ in chance_outcomes(state))
    if state.is_over:
        return ()
    nest = state.nests[state.to_move]
    if not nest:
        return (PASS,)
    return (*_placements(state, nest), *_infections(state, nest))


@lru_cache(maxsize=65536)
def _open_cells(filled: tuple[bool, ...]) -> tuple[Cell, ...]:
    """CD-PLACE-EMPTY, CD-PLACE-SUPPORT: the cells a die may go to, given which are filled."""
    return tuple(c for c in CELLS if not filled[c] and all(filled[b] for b in BELOW[c]))


_EMPTY: Final = (None,) * len(CELLS)


def _placements(state: State, nest: Nest) -> list[Place]:
    cells = _open_cells(tuple(map(is_not, state.board, _EMPTY)))  # which cells are filled
    bonus = state.ruleset.handedness if _bonus_due(state) else None
    moves: list[Place] = []
    for die in dict.fromkeys(nest):
        on = PLACES[die, bonus]
        for cell in cells:
            moves.extend(on[cell])
    return moves


def _places(die: Die, cell: Cell, bonus: str | None) -> tuple[Place, ...]:
    """The placements of *die* on *cell*, one per way it can lie."""
    sides = BONUS_SIDES[bonus] if cell == DUNGEON and bonus else ORIENTATIONS[cell]
    return tuple(Place(die, cell, turn) for turn in sides)


DICE: Final = tuple(die_of(value, foreign) for value in FACES for foreign in (False, True))
"""Every die a nest can hold: each value, of either colour."""

# The placements of each die on each cell, with and without the first move's bonus: a table
# of a few thousand moves made once, so that listing a position's moves only looks them up.
PLACES: Final = {
    (die, bonus): tuple(_places(die, cell, bonus) for cell in CELLS)
    for die in DICE
    for bonus in (None, *HANDEDNESS)
}


def _infections(state: State, nest: Nest) -> list[Infect]:
    rules = state.ruleset
    if rules.infection_limit is not None and sum(state.captures) >= rules.infection_limit:
        return []
    return _infections_between(nest, state.nests[1 - state.to_move], rules.infection_pool)


def _infections_between(nest: Nest, other: Nest, pool: str) -> list[Infect]:
    """Every infection from *nest* into *other* under the pool rule (CD-INFECT-POOL)."""
    if pool == "own":  # own dice give, own dice are taken: the case of every ruleset
        held = tuple(min(nest.count(_OWN[value]), most) for value, most in _CAPS.items())
        targets = [d for d in dict.fromkeys(other) if not d.foreign]
        return [move for take in targets for move in _own_infections(held, take)]
    return [move for take in dict.fromkeys(other) for move in _infections_of(nest, take)]


def _partitions(total: int, largest: int) -> Iterator[tuple[int, ...]]:
    """The ways to write *total* as a sum of faces no larger than *largest*, descending."""
    if total == 0:
        yield ()
    for part in range(min(total, largest), 0, -1):
        for rest in _partitions(total - part, part):
            yield (part, *rest)


# CD-INFECT-GIVE, CD-INFECT-SUM: the values two or more given dice can show, by their sum.
GIVING: Final = {
    take: tuple(tuple(sorted(Counter(p).items())) for p in _partitions(take, take) if len(p) >= 2)
    for take in FACES
}


def _caps(giving: dict[int, tuple[tuple[tuple[int, int], ...], ...]]) -> dict[int, int]:
    """The most dice of each value that any infection gives: holding more changes nothing."""
    caps: dict[int, int] = {}
    for needs in giving.values():
        for need in needs:
            for value, n in need:
                caps[value] = max(caps.get(value, 0), n)
    return dict(sorted(caps.items()))


_CAPS: Final = _caps(GIVING)


@lru_cache(maxsize=8192)
def _own_infections(held: tuple[int, ...], take: Die) -> tuple[Infect, ...]:
    """Every infection of own dice for *take* by a nest holding *held* own dice of each value
    of :data:`_CAPS` (capped there): a table of a few thousand entries, memoized."""
    count = dict(zip(_CAPS, held, strict=True))
    return tuple(
        Infect(_GIVE[need], take)
        for need in GIVING[take.value]
        if all(count[value] >= n for value, n in need)
    )


@lru_cache(maxsize=4096)
def _infections_of(givers: Nest, take: Die) -> tuple[Infect, ...]:
    """Every infection giving some of *givers*, own and foreign, for *take*."""
    held = Counter(givers)
    mixed = any(d.foreign for d in held)
    moves: list[Infect] = []
    for need in GIVING[take.value]:
        if not mixed:
            if all(held[_OWN[value]] >= n for value, n in need):
                moves.append(Infect(_GIVE[need], take))
            continue
        options = [_colourings(value, n, held) for value, n in need]
        moves.extend(Infect(sum(choice, ()), take) for choice in product(*options))
    return tuple(moves)


_OWN: Final = {v: die_of(v) for v in FACES}
_GIVE: Final = {
    need: tuple(_OWN[v] for v, n in need for _ in range(n))
    for needs in GIVING.values()
    for need in needs
}


def _colourings(value: int, n: int, held: Counter[Die]) -> list[tuple[Die, ...]]:
    """The ways to give *n* dice showing *value* from *held*: own and foreign mixed."""
    own, foreign = held[die_of(value)], held[die_of(value, True)]
    return [
        (die_of(value),) * (n - k) + (die_of(value, True),) * k
        for k in range(n + 1)
        if k <= foreign and n - k <= own
    ]


# -- the effect of a move ------------------------------------------------------------------


def apply(state: State, move: Move | Rolls) -> State:
    """The state after *move*; *state* itself is unchanged.

    :raises IllegalMoveError: naming the rule the move breaks.
    """
    require(not state.is_over, "CD-TURN-OVER", "the game is over: no move is legal")
    if isinstance(move, Rolls):
        infect = state.pending
        require(infect is not None, "CD-TURN-CHANCE", "no infection awaits a re-roll")
        assert infect is not None
        return _reroll(state, infect, move)
    require(state.pending is None, "CD-TURN-CHANCE", "the infection's re-roll must come first")
    if isinstance(move, Place):
        return _place(state, move)
    if isinstance(move, Infect):
        return _infect(state, move)
    if isinstance(move, Pass):
        require(
            not state.nests[state.to_move],
            "CD-TURN-PASS",
            lambda: f"{_where(state)} still has dice to play and may not pass",
        )
        return State(
            state.ruleset,
            1 - state.to_move,
            state.nests,
            state.board,
            state.captures,
            state.ply + 1,
            state.bonus,
            None,
        )
    raise IllegalMoveError(f"not a move: {move!r}", rule="CD-TURN-ORDER")


def _place(state: State, move: Place) -> State:
    mover = state.to_move
    die, cell = move.die, move.cell
    nest = state.nests[mover]
    require(die in nest, "CD-PLACE-DIE", lambda: f"{_where(state)} holds no die {die}")
    at = nest.index(die)
    rest = nest[:at] + nest[at + 1 :]
    require_open(state, cell)
    faces, bonus = _orient(state, move)
    board = list(state.board)
    # Placed(owner, placer, value, faces), made as the tuple it is: a NamedTuple's __new__ is
    # Python even in the compiled build, and every placement makes one.
    board[cell] = tuple.__new__(Placed, (mover ^ die.foreign, mover, die.value, faces))
    nests = (rest, state.nests[1]) if mover == 0 else (state.nests[0], rest)
    # State(...) rather than dataclasses.replace: this is the hottest line of a replay.
    return State(
        state.ruleset,
        1 - mover,
        nests,
        tuple(board),
        state.captures,
        state.ply + 1,
        bonus or state.bonus,
        None,
    )


_CELL_SET: Final = frozenset(CELLS)
"""The cells, to ask whether a value is one without going through them all."""


def require_open(state: State, cell: Cell) -> None:
    """CD-PLACE-EMPTY, CD-PLACE-SUPPORT: *cell* is free and rests on three dice."""
    require(isinstance(cell, int) and cell in _CELL_SET, "CD-CELL", lambda: f"no cell {cell!r}")
    board = state.board
    require(board[cell] is None, "CD-PLACE-EMPTY", lambda: f"cell {CELL_NAMES[cell]} is taken")
    below = BELOW[cell]
    require(
        not below or all(board[b] is not None for b in below),
        "CD-PLACE-SUPPORT",
        lambda: (
            f"cell {CELL_NAMES[cell]} needs dice on "
            + ", ".join(CELL_NAMES[b] for b in below if board[b] is None)
        ),
    )


def _orient(state: State, move: Place) -> tuple[tuple[int, int, int], Bonus | None]:
    """The faces the placed die shows on A, B, C, and the bonus it earns, if any."""
    if move.cell == DUNGEON and _bonus_due(state):
        hand = state.ruleset.handedness
        require(
            move.sides in BONUS_SIDES[hand],
            "CD-PLACE-BONUS",
            "a first move into the dungeon names the sides of the bonus 1 and 2, "
            f"so that 1, 2, 3 meet at a corner of a {hand} die",
        )
        points = apex_faces(hand, move.sides[0], 1, move.sides[1], 2)
        assert points is not None
        return (0, 0, 0), Bonus(state.to_move, points)
    die = move.die
    return _faces(state.ruleset.handedness, move.cell, move.sides, die.value, die.foreign), None


@lru_cache(maxsize=4096)
def _faces(
    hand: Handedness, cell: Cell, sides: tuple[Side, ...], value: int, foreign: bool
) -> tuple[int, int, int]:
    """The faces a die of *value* shows on A, B, C when put on *cell* with *sides* named;
    memoized, since the cases are few (cells, sides, values, colours)."""
    shown, name = SHOWN[cell], CELL_NAMES[cell]

    def choices() -> str:
        return ", ".join(SIDE_NAMES[s] for s in shown)

    faces = [0, 0, 0]
    if not shown:
        require(not sides, "CD-PLACE-DUNGEON", "a die in the dungeon shows no face: name no side")
    elif len(shown) == 1:
        require(
            not sides,
            "CD-PLACE-EXPOSE",
            lambda: f"cell {name} shows only side {choices()}: no side",
        )
        faces[shown[0]] = value
    elif len(shown) == 2:
        require(
            len(sides) == 1 and sides[0] in shown,
            "CD-PLACE-EXPOSE",
            lambda: f"on cell {name} name the side of the rolled value: {choices()}",
        )
        faces[sides[0]] = value
        faces[shown[0] if sides[0] == shown[1] else shown[1]] = second_face(value, not foreign)
    else:
        require(
            len(sides) == 2 and sides[0] in SIDES and sides[1] in SIDES and sides[0] != sides[1],
            "CD-PLACE-APEX",
            "on the apex name two sides: the rolled value's, then the second face's",
        )
        second = second_face(value, not foreign)
        apex = apex_faces(hand, sides[0], value, sides[1], second)
        assert apex is not None, "the second face is adjacent to the rolled value"
        return apex
    return faces[0], faces[1], faces[2]


def _infect(state: State, move: Infect) -> State:
    rules, mover = state.ruleset, state.to_move
    limit = rules.infection_limit
    require(
        limit is None or sum(state.captures) < limit,
        "CD-INFECT-LIMIT",
        f"this game allows {limit} infections and they have been made",
    )
    give, take = move.give, move.take
    require(len(give) >= 2, "CD-INFECT-GIVE", "an infection gives at least two dice")
    require(
        _remove(state.nests[mover], give) is not None,
        "CD-INFECT-GIVE",
        f"{_where(state)} does not hold {'+'.join(map(str, give))}",
    )
    opponent = PLAYER_NAMES[1 - mover]
    require(
        _remove(state.nests[1 - mover], (take,)) is not None,
        "CD-INFECT-TAKE",
        f"{opponent}'s nest holds no die {take}",
    )
    if rules.infection_pool == "own":
        require(
            not any(d.foreign for d in give),
            "CD-INFECT-POOL",
            "only dice of the mover's own colour may infect",
        )
        require(
            not take.foreign,
            "CD-INFECT-POOL",
            f"only a die of {opponent}'s own colour may be taken",
        )
    total = sum(d.value for d in give)
    require(
        total == take.value,
        "CD-INFECT-SUM",
        f"{'+'.join(str(d.value) for d in give)} makes {total}, not {take.value}",
    )
    if move.rolls is not None:
        return _reroll(state, move, move.rolls)
    return State(
        rules,
        mover,
        state.nests,
        state.board,
        state.captures,
        state.ply,
        state.bonus,
        Infect(give, take),  # the chance node: the re-roll comes next
    )


def _reroll(state: State, infect: Infect, rolls: Rolls) -> State:
    """CD-INFECT-REROLL, CD-INFECT-SWAP: the dice of *infect* change nests with their new
    values *rolls*."""
    mover = state.to_move
    require(
        len(rolls.give) == len(infect.give) and all(v in FACES for v in (rolls.take, *rolls.give)),
        "CD-INFECT-REROLL",
        f"the re-roll needs one new value (1-6) for the taken die and {len(infect.give)} "
        "for the given dice",
    )
    kept = _remove(state.nests[mover], infect.give)
    lost = _remove(state.nests[1 - mover], (infect.take,))
    assert kept is not None and lost is not None
    # A die keeps its owner, so its colour relative to the nest's holder flips.
    mine = tuple(sorted((*kept, die_of(rolls.take, not infect.take.foreign))))
    given = (die_of(v, not d.foreign) for d, v in zip(infect.give, rolls.give, strict=True))
    theirs = tuple(sorted((*lost, *given)))
    blue, red = state.captures
    return State(
        state.ruleset,
        1 - mover,
        (mine, theirs) if mover == 0 else (theirs, mine),
        state.board,
        (blue + 1, red) if mover == 0 else (blue, red + 1),
        state.ply + 1,
        state.bonus,
        None,
    )
