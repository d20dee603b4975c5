"""The notation of a game of Cuckoo dice: read, write, replay (spec chapter *notation*).

Reading builds the engine's own values with a Lark :class:`~lark.Transformer`; writing
gives the one canonical form, byte for byte; replaying checks every move with the engine.
Input is forgiving about letter case, white space and move numbers; output never varies.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import ClassVar, Final

from lark import Token, v_args

from .. import notation
from .. import notation_shared as shared
from ..errors import AmbiguousMoveError, IllegalMoveError, NotationError, SetupError
from ..notation import Located, at, remember
from ..parameters import whole_number
from .geometry import CELL_NAMES, CELLS, SIDE_NAMES, cell_named
from .moves import PASS, Die, Infect, Move, Pass, Place, Rolls
from .rules import apply, legal_moves, require_open
from .rulesets import PARAMETERS, RULESETS, Ruleset, ruleset
from .scoring import result
from .state import PLAYER_NAMES, Nest, Placed, Setup, State, new_game

__all__ = [
    "GAME",
    "Record",
    "Seen",
    "format_record",
    "parse",
    "parse_move",
    "read_records",
    "record_of",
    "replay",
]

GAME: Final = "cuckoo-dice"

# CD-NOTATION-TAGS: the canonical order; parameter tags follow Ruleset, other tags come last
# in the order they were written.
_PARAM_TAGS: Final = {
    "".join(part.title() for part in name.split("_")): name for name in PARAMETERS
}
ROSTER: Final = (
    "Game",
    "Ruleset",
    *_PARAM_TAGS,
    "Event",
    "Site",
    "Date",
    "Round",
    "Blue",
    "Red",
    "First",
    "BlueRoll",
    "RedRoll",
    "Result",
)
REQUIRED: Final = ("Game", "Ruleset", "First", "BlueRoll", "RedRoll")
_LOWER_CASE_TAGS: Final = frozenset(("Game", "Ruleset", *_PARAM_TAGS))
_ROLL_TAGS: Final = tuple(f"{player}Roll" for player in PLAYER_NAMES)
_CANONICAL_NAME: Final = {name.lower(): name for name in ROSTER}

TERMINALS: Final = {
    **shared.RECORD_TERMINALS,
    "TAG_VALUE": 'a quoted tag value "..."',
    "MOVE_NUMBER": "a move number such as 1.",
    "VALUE": "a die value 1-6",
    "FOREIGN": "' (a foreign die)",
    "CELL": "a cell such as 021",
    "TURN": "a side such as A",
    "VIEW": "the faces shown, such as A6B2",
    "SLASH": "/",
    "RESULT": "a result 1-0, 0-1, 1-1 or *",
    "AT": "@",
    "PLUS": "+",
    "X": "x",
    "COMMA": ",",
    "LPAR": "(",
    "SEMICOLON": ";",
    "RPAR": ")",
    "PASS": "pass",
}


# Friendly messages, chosen by the example they match (kept under test).
SYNTAX_EXAMPLES: Final = {
    "a record ends with a result token (1-0, 0-1, 1-1 or *)": [
        "1. 5@300/A",
        '[Game "x"]',
        "1. 2+3x5(4;1,6)",
        "1. pass",
    ],
    'a tag is [Name "value"] with the value in double quotes': ["[Game cuckoo]\n*", "[Game]"],
    "a placement names its cell, such as 5@021": ["1. 5@ *", "1. 5@/A *"],
    "an infection gives two or more dice: 2+3x5(4;1,6)": ["1. 5x5 *", '[T "v"] 5x5 *'],
    "an infection's re-roll is (taken;given,...), such as (4;1,6)": [
        "1. 2+3x5(4) *",
        "1. 2+3x5(4;) *",
        "1. 2+3x5(4,1,6) *",
        "1. 2+3x5() *",
    ],
}


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


@dataclass(frozen=True, slots=True)
class Record(notation.Record):
    """One game of Cuckoo dice as written down: tags, turns, comments, result."""

    moves: tuple[Move | Seen, ...]
    """The turns; an infection carries its re-roll."""

    unit: ClassVar[str] = "turn"

    def ruleset(self) -> Ruleset:
        """The ruleset named by the tags, with any parameter tags applied."""
        overrides: dict[str, object] = {}
        for tag, param in _PARAM_TAGS.items():
            value = self.tag(tag)
            if value is not None:
                overrides[param] = _param_value(param, value)
        return ruleset(self.tag("Ruleset") or "", **overrides)

    def setup(self) -> Setup:
        """The opening roll and first player named by the tags."""
        blue, red = (_roll(self.tag(f"{p}Roll") or "") for p in PLAYER_NAMES)
        return Setup((blue, red), PLAYER_NAMES.index(self.tag("First") or ""))


def _param_value(param: str, text: str) -> object:
    if param == "infection_limit":
        return None if text == "none" else whole_number(text)
    if param == "dungeon_bonus":
        return {"yes": True, "no": False}.get(text, text)
    return text


def _param_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _roll(text: str) -> tuple[int, ...]:
    digits = text.replace(" ", "")
    if digits.isascii() and digits.isdigit():  # as written by the canonical form
        return tuple(map(int, digits))
    return tuple(int(ch) if ch in "0123456789" else -1 for ch in text if ch.isdigit())


# -- reading ---------------------------------------------------------------------------------


class _ToValues(notation.RecordTransformer):
    """Grammar rules to engine values, applied while parsing (no tree is built, so a long
    record costs little memory); each move keeps the line and column of its first token."""

    @v_args(inline=True)
    def die(self, value: Token, foreign: Token | None = None) -> tuple[Die, Token]:
        return Die(_face(value), foreign is not None), value

    @v_args(inline=True)
    def place(
        self, die: tuple[Die, Token], _: Token, cell: Token, turn: Token | None = None
    ) -> Located:
        sides = tuple(SIDE_NAMES.index(ch) for ch in (turn or "").upper())
        return at(Place(die[0], _cell(cell), sides), die[1])

    @v_args(inline=True)
    def place_seen(self, sign: Token, cell: Token, view: Token) -> Located:
        faces = [0, 0, 0]
        text = view.upper()
        for i in range(0, len(text), 2):
            faces[SIDE_NAMES.index(text[i])] = int(text[i + 1])  # the grammar allows 1-6
        return at(Seen(_cell(cell), (faces[0], faces[1], faces[2])), sign)

    def infect(self, parts: list[tuple[Die, Token] | Rolls]) -> Located:
        last = parts[-1]
        rolls = last if isinstance(last, Rolls) else None
        dice = [d for d, _ in (p for p in parts if isinstance(p, tuple))]
        first = parts[0]
        assert isinstance(first, tuple)
        return at(Infect(tuple(dice[:-1]), dice[-1], rolls), first[1])

    @v_args(inline=True)
    def rolls(self, take: Token, *give: Token) -> Rolls:
        return Rolls(
            _face(take, "CD-INFECT-REROLL"), tuple(_face(v, "CD-INFECT-REROLL") for v in give)
        )

    @v_args(inline=True)
    def pass_(self, token: Token) -> Located:
        return at(PASS, token)


def _cell(token: Token) -> int:
    cell = cell_named(str(token))
    if cell is None:
        raise NotationError(
            f"no cell {token}: a cell is three digits adding up to 3 or less, such as 021",
            rule="CD-CELL",
            line=token.line,
            column=token.column,
        )
    return cell


def _face(token: Token, rule: str = "CD-DIE-FACES") -> int:
    """A die's value as written; a re-roll's values are refused under *rule*, the rule on
    re-rolls, as CD-DIE-FACES says."""
    if token not in ("1", "2", "3", "4", "5", "6"):
        raise NotationError(
            f"no face {token}: a die shows 1 to 6",
            rule=rule,
            line=token.line,
            column=token.column,
        )
    return int(token)


def _canonical_value(key: str, value: str) -> str:
    if key in _LOWER_CASE_TAGS:
        return value.strip().lower()
    if key == "First":
        return value.strip().title()
    if key in _ROLL_TAGS:
        return " ".join(sorted("".join(value.split()).replace(",", "")))
    return value


def parse(text: str, *, source: str | None = None) -> Record:
    """Read one record.

    :raises NotationError: for text that is not a record, with line, column, what was
        expected and the rule (spec: notation).
    """
    return DIALECT.parse(text, source=source)


def parse_move(text: str) -> Move | Seen:
    """Read one move written on its own, such as ``6@003/A`` or ``2+3x5(4;1,6)``.

    :raises NotationError: if *text* is not one move.
    """
    move = DIALECT.parse_move(text)
    assert isinstance(move, (Place, Infect, Pass, Seen))
    return move


def read_records(
    lines: Iterable[str], *, source: str | None = None
) -> Iterator[Record | NotationError]:
    """The records of a file, one at a time; a malformed one is yielded as its error, so
    that reading goes on with the next."""
    return DIALECT.read_records(lines, source=source)


def _with_rolls(head: str, move: object, rolls: object) -> Infect | None:
    """The infection *head* with its re-roll, read apart: only for one written in canonical
    order, where the re-roll's values follow the dice as the infection keeps them (written
    otherwise, they follow the dice as written, and only the whole word says how)."""
    if isinstance(move, Infect) and move.rolls is None and str(move) == head:
        assert isinstance(rolls, Rolls)
        return Infect(move.give, move.take, rolls)
    return None


def start(record: Record) -> State:
    """The state before the first move, from the tags (CD-NOTATION-TAGS and the setup
    rules): a First tag naming nobody and a roll with other than faces are refused here,
    where the tag's own words can be quoted.

    A file's thousands of games share a few rulesets and a few thousand rolls: each part
    of a setup made once is remembered by the tags it came from, and a setup whose parts
    are all remembered is made from them, without checking them again."""
    first = _FIRST.get(record.tag("First") or "")
    rules = _SEEN_RULESETS.get(tuple(map(record.tag, _RULESET_TAGS)))
    blue, red = (_SEEN_NESTS.get(record.tag(tag) or "") for tag in _ROLL_TAGS)
    if first is None or rules is None or blue is None or red is None:
        return _started(record)
    return State(rules, first, (blue, red), _EMPTY_BOARD)


_FIRST: Final = {name: player for player, name in enumerate(PLAYER_NAMES)}
_RULESET_TAGS: Final = ("Ruleset", *_PARAM_TAGS)
_EMPTY_BOARD: Final = (None,) * len(CELLS)
_SEEN_RULESETS: Final[dict[tuple[str | None, ...], Ruleset]] = {}
_SEEN_NESTS: Final[dict[str, Nest]] = {}
"""The rulesets and the rolls remembered, each as many as the notation's memo of words
holds (:func:`~cuckoo.notation.remember`; a roll of ten dice is one of 3,003)."""


def _started(record: Record) -> State:
    """:func:`start` with every tag checked, the parts of the setup then remembered."""
    if record.tag("First") not in PLAYER_NAMES:
        raise SetupError(
            f"tag First must be Blue or Red, not {record.tag('First')!r}", rule="CD-SETUP-FIRST"
        )
    for player in PLAYER_NAMES:
        roll = record.tag(f"{player}Roll") or ""
        if not all(ch in "123456" for ch in roll.replace(" ", "")):
            raise SetupError(
                f"tag {player}Roll must list die values 1-6, not {roll!r}", rule="CD-SETUP-ROLL"
            )
    state = new_game(record.ruleset(), record.setup())
    remember(_SEEN_RULESETS, tuple(map(record.tag, _RULESET_TAGS)), state.ruleset)
    for tag, nest in zip(_ROLL_TAGS, state.nests, strict=True):
        remember(_SEEN_NESTS, record.tag(tag) or "", nest)
    return state


DIALECT: Final = notation.Dialect[Record](
    game=GAME,
    prefix="CD",
    transformer=_ToValues,
    terminals=TERMINALS,
    examples=SYNTAX_EXAMPLES,
    roster=ROSTER,
    required=REQUIRED,
    canonical_value=_canonical_value,
    record_type=Record,
    start=start,
    once=frozenset((*REQUIRED, *_PARAM_TAGS, "Result")),
    setup_tags={
        "CD-RULESET-PARAMS": ("Ruleset", *_PARAM_TAGS),
        "CD-SETUP-FIRST": ("First",),
        "CD-SETUP-ROLL": ("BlueRoll", "RedRoll"),
        "CD-SETUP-DICE": ("BlueRoll", "RedRoll"),
    },
    items="",
    tail=notation.Tail("(", "rolls", _with_rolls),
)


# -- replaying -------------------------------------------------------------------------------


def replay(record: Record) -> Iterator[State]:
    """The state before the first move and after every ply, each move checked.

    :raises IllegalMoveError: for a move the rules forbid, naming the record, the ply, the
        move as written, its line and column, and the rule.
    :raises AmbiguousMoveError: for a placement written as seen that more than one die fits.
    """
    return shared.replayed(record, start, _step, _ended)


def _ended(record: Record, state: State) -> None:
    """CD-NOTATION-RESULT: the result token is the one the last position gives."""
    outcome = result(state)
    token = outcome.token if outcome else "*"
    if record.result != token:
        line = record.spans[-1][0] if record.spans else None
        raise shared.result_error(record, token, record.result, "CD-NOTATION-RESULT", line)


def _step(state: State, move: Move | Seen) -> State:
    """*move* made in *state*, a placement written as seen resolved first."""
    if isinstance(move, Infect) and move.rolls is None:
        raise NotationError(
            "an infection in a record must give its re-roll, such as (4;1,6)",
            rule="CD-NOTATION-ROLLS",
        )
    return apply(state, resolve(state, move) if isinstance(move, Seen) else move)


def resolve(state: State, seen: Seen) -> Place:
    """The placement that shows *seen*'s faces (CD-NOTATION-SEEN).

    :raises IllegalMoveError: if no die in the mover's nest can show them there.
    :raises AmbiguousMoveError: if more than one can.
    """
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


# -- writing ---------------------------------------------------------------------------------


def canonical(record: Record) -> Record:
    """*record* with every move resolved: a seen placement becomes the die placed."""
    if not any(isinstance(m, Seen) for m in record.moves):
        return record
    states = list(replay(record))
    moves = tuple(
        resolve(states[i], m) if isinstance(m, Seen) else m for i, m in enumerate(record.moves)
    )
    return replace(record, moves=moves)


def format_record(record: Record) -> str:
    """The canonical text of *record* (CD-NOTATION-CANONICAL), ending with a newline."""
    record = canonical(record)
    notes = shared.notes_by_ply(record)
    lines = [*DIALECT.tag_lines(record), ""]
    lines.extend(notes.get(0, []))
    for start in range(0, len(record.moves), 2):
        words = [f"{start // 2 + 1}."]
        for ply in range(start, min(start + 2, len(record.moves))):
            words.append(str(record.moves[ply]))
            words.extend(notes.get(ply + 1, []))
        lines.append(" ".join(words))
    trailing = [ply for ply in notes if ply > len(record.moves) or (ply and not record.moves)]
    for ply in sorted(trailing):
        lines.extend(notes[ply])
    lines.append(record.result)
    return "\n".join(lines) + "\n"


def record_of(
    rules: Ruleset, setup: Setup, moves: Iterable[Move], tags: Iterable[tuple[str, str]] = ()
) -> Record:
    """The record of a game played from *setup* with *moves* (infections with re-rolls)."""
    moves = tuple(moves)
    state = new_game(rules, setup)
    for move in moves:
        state = apply(state, move)
    outcome = result(state)
    base = RULESETS[rules.name]
    named = {"Game": GAME, "Ruleset": rules.name}
    for tag, param in _PARAM_TAGS.items():
        if getattr(rules, param) != getattr(base, param):
            named[tag] = _param_text(getattr(rules, param))
    named.update(tags)
    named["First"] = PLAYER_NAMES[setup.first]
    for player, roll in zip(PLAYER_NAMES, setup.rolls, strict=True):
        named[f"{player}Roll"] = " ".join(map(str, sorted(roll)))
    named["Result"] = outcome.token if outcome else "*"
    return shared.record_written(Record, ROSTER, named, moves)
