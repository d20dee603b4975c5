"""What the words of a dice record give the engine (spec: *cuckoo-dice/notation*): the
canonical value of a tag, the ruleset and setup the tags make, a move as written made, the
result token checked.

Apart from :mod:`cuckoo.dice.notation`, which reads records with the grammar and writes
them, so that the compiled build compiles it (see setup.py): every record a file holds, and
every move, passes through here.  It reads a record through the core's
:class:`cuckoo.notation.Record` (its tags, result and places), never the dice notation,
which imports it: the two do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .. import notation
from .. import notation_shared as shared
from ..errors import AmbiguousMoveError, IllegalMoveError, NotationError, SetupError, require
from ..notation import Record, remember
from ..parameters import whole_number
from ..values import rebuilt
from .geometry import CELL_NAMES, CELLS, SIDE_NAMES
from .moves import Infect, Move, Place, Rolls
from .rules import apply, legal_moves, require_open
from .rulesets import PARAMETERS, Ruleset, ruleset
from .scoring import result
from .state import DICE_PER_PLAYER, PLAYER_NAMES, Nest, Placed, Setup, State, new_game

__all__ = [
    "PARAM_TAGS",
    "ROLL_TAGS",
    "Seen",
    "canonical_value",
    "ended",
    "resolve",
    "ruleset_of",
    "setup_of",
    "start",
    "step",
    "with_rolls",
]

PARAM_TAGS: Final = {"".join(part.title() for part in name.split("_")): name for name in PARAMETERS}
"""The tag of each ruleset parameter, by its name: ``InfectionLimit`` for infection_limit."""
ROLL_TAGS: Final = tuple(f"{player}Roll" for player in PLAYER_NAMES)
_LOWER_CASE_TAGS: Final = frozenset(("Game", "Ruleset", *PARAM_TAGS))


@dataclass(frozen=True, slots=True)
class Seen:
    """A placement written as the pyramid shows it (``@003/A1B2``): which die was placed
    is worked out on replay, and may be ambiguous (CD-NOTATION-SEEN)."""

    cell: int
    faces: tuple[int, int, int]
    """The faces shown on A, B, C; 0 for a side not written."""

    def __str__(self) -> str:
        shown = "".join(f"{SIDE_NAMES[s]}{f}" for s, f in enumerate(self.faces) if f)
        return f"@{CELL_NAMES[self.cell]}/{shown}"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


# -- the tags ----------------------------------------------------------------------------------


def canonical_value(key: str, value: str) -> str:
    """The value of the known tag *key* as the canonical form writes it (CD-NOTATION-TAGS)."""
    if key in _LOWER_CASE_TAGS:
        return value.strip(notation.WS).lower()
    if key == "First":
        return value.strip().title()
    if key in ROLL_TAGS:
        canonical = _CANONICAL_ROLLS.get(value)
        if canonical is None:  # remembered: a file's rolls are a few thousand at most
            canonical = " ".join(sorted("".join(notation.listed(value))))
            remember(_CANONICAL_ROLLS, value, canonical)
        return canonical
    return value


_CANONICAL_ROLLS: Final[dict[str, str]] = {}


def ruleset_of(record: Record) -> Ruleset:
    """The ruleset named by *record*'s tags, with any parameter tags applied."""
    overrides: dict[str, object] = {}
    for tag, param in PARAM_TAGS.items():
        value = record.tag(tag)
        if value is not None:
            overrides[param] = _param_value(param, value)
    return ruleset(record.tag("Ruleset") or "", **overrides)


def _param_value(param: str, text: str) -> object:
    if param == "infection_limit":
        return None if text == "none" else whole_number(text)
    if param == "dungeon_bonus":
        return {"yes": True, "no": False}.get(text, text)
    return text


def setup_of(record: Record) -> Setup:
    """The opening roll and first player named by *record*'s tags."""
    blue, red = (_roll(record.tag(f"{p}Roll") or "") for p in PLAYER_NAMES)
    return Setup((blue, red), PLAYER_NAMES.index(record.tag("First") or ""))


def _roll(text: str) -> tuple[int, ...]:
    """A roll tag's die values, one a character: white space and commas between them are
    free, any other character (``٣``, ``²``, a letter) a value -1 that CD-SETUP-ROLL
    refuses."""
    digits = text.replace(" ", "")
    if digits.isascii() and digits.isdigit():  # as written by the canonical form
        return tuple(map(int, digits))
    return tuple(notation.DIGITS.find(ch) for ch in "".join(notation.listed(text)))


def start(record: Record) -> State:
    """The state before the first move, from the tags (CD-NOTATION-TAGS and the setup
    rules): a First tag naming nobody and a roll with other than faces are refused here,
    where the tag's own words can be quoted.

    A file's thousands of games share a few rulesets and a few thousand rolls: each part
    of a setup made once is remembered by the tags it came from, and a setup whose parts
    are all remembered is made from them, without checking them again."""
    tag = record.tag
    first = _FIRST.get(tag("First") or "")
    rules = _SEEN_RULESETS.get(tuple([tag(name) for name in _RULESET_TAGS]))
    blue = _SEEN_NESTS.get(tag(ROLL_TAGS[0]) or "")
    red = _SEEN_NESTS.get(tag(ROLL_TAGS[1]) or "")
    if first is None or rules is None or blue is None or red is None:
        return _started(record)
    return State(rules, first, (blue, red), _EMPTY_BOARD)


_FIRST: Final = {name: player for player, name in enumerate(PLAYER_NAMES)}
_RULESET_TAGS: Final = ("Ruleset", *PARAM_TAGS)
_EMPTY_BOARD: Final = (None,) * len(CELLS)
_SEEN_RULESETS: Final[dict[tuple[str | None, ...], Ruleset]] = {}
_SEEN_NESTS: Final[dict[str, Nest]] = {}
"""The rulesets and the rolls remembered, each as many as the notation's memo of words
holds (:func:`~cuckoo.notation.remember`; a roll of ten dice is one of 3,003)."""


def _started(record: Record) -> State:
    """:func:`start` with every tag checked in the order of the spec's conventions (the
    ruleset, then each roll's count, its faces, the first player), the parts of the setup
    then remembered."""
    rules = ruleset_of(record)
    rolls = [(player, record.tag(f"{player}Roll") or "") for player in PLAYER_NAMES]
    for player, roll in rolls:
        count = len(roll.replace(" ", ""))
        if count != DICE_PER_PLAYER:
            raise SetupError(
                f"tag {player}Roll must list {DICE_PER_PLAYER} dice, not {count}",
                rule="CD-SETUP-DICE",
            )
    for player, roll in rolls:
        if not all(ch in "123456" for ch in roll.replace(" ", "")):
            raise SetupError(
                f"tag {player}Roll must list die values 1-6, not {roll!r}", rule="CD-SETUP-ROLL"
            )
    if record.tag("First") not in PLAYER_NAMES:
        raise SetupError(
            f"tag First must be Blue or Red, not {record.tag('First')!r}", rule="CD-SETUP-FIRST"
        )
    state = new_game(rules, setup_of(record))
    remember(_SEEN_RULESETS, tuple([record.tag(name) for name in _RULESET_TAGS]), state.ruleset)
    for tag, nest in zip(ROLL_TAGS, state.nests, strict=True):
        remember(_SEEN_NESTS, record.tag(tag) or "", nest)
    return state


# -- the moves -------------------------------------------------------------------------------


def with_rolls(head: str, move: object, rolls: object) -> Infect | None:
    """The infection *head* with its re-roll, read apart: only for one written in canonical
    order, where the re-roll's values follow the dice as the infection keeps them (written
    otherwise, they follow the dice as written, and only the whole word says how).  Whether
    a head is so written is remembered: a file's infections share a few hundred heads."""
    canonical = _CANONICAL_HEADS.get(head)
    if canonical is None:
        canonical = isinstance(move, Infect) and move.rolls is None and str(move) == head
        remember(_CANONICAL_HEADS, head, canonical)
    if not canonical:
        return None
    assert isinstance(move, Infect) and isinstance(rolls, Rolls)
    return Infect(move.give, move.take, rolls)


_CANONICAL_HEADS: Final[dict[str, bool]] = {}


def step(state: State, move: Move | Seen) -> State:
    """*move* made in *state*, a placement written as seen resolved first."""
    if isinstance(move, Infect) and move.rolls is None:
        raise NotationError(
            "an infection in a record must give its re-roll, such as (4;1,6)",
            rule="CD-NOTATION-ROLLS",
        )
    return apply(state, resolve(state, move) if isinstance(move, Seen) else move)


def ended(record: Record, state: State) -> None:
    """CD-NOTATION-RESULT: the result token is the one the last position gives."""
    outcome = result(state)
    token = outcome.token if outcome else "*"
    if record.result != token:
        line = record.spans[-1][0] if record.spans else None
        raise shared.result_error(record, token, record.result, "CD-NOTATION-RESULT", line)


def resolve(state: State, seen: Seen) -> Place:
    """The placement that shows *seen*'s faces (CD-NOTATION-SEEN).

    :raises IllegalMoveError: if no die in the mover's nest can show them there.
    :raises AmbiguousMoveError: if more than one can.
    """
    require(not state.is_over, "CD-TURN-OVER", "the game is over: no move is legal")
    fits = []
    for move in legal_moves(state):
        if isinstance(move, Place) and move.cell == seen.cell:
            placed = apply(state, move).board[seen.cell]
            assert isinstance(placed, Placed)
            if placed.faces == seen.faces:
                fits.append(move)
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise AmbiguousMoveError(
            f"{seen} fits {' and '.join(map(str, fits))}: write the die", rule="CD-NOTATION-SEEN"
        )
    require_open(state, seen.cell)
    raise IllegalMoveError(
        f"no die in the nest shows {seen} (own dice show their smallest neighbour beside "
        "the rolled value, foreign dice their largest)",
        rule="CD-NOTATION-SEEN",
    )
