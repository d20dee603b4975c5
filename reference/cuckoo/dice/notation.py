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
from ..errors import NotationError
from ..notation import Located, at
from .geometry import SIDE_NAMES, cell_named
from .moves import PASS, Die, Infect, Move, Pass, Place, Rolls, die_of
from .recorded import (
    PARAM_TAGS,
    Seen,
    canonical_value,
    ended,
    resolve,
    ruleset_of,
    setup_of,
    start,
    step,
    with_rolls,
)
from .rules import apply
from .rulesets import RULESETS, Ruleset
from .scoring import result
from .state import PLAYER_NAMES, Setup, State, new_game

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
    "resolve",
    "start",
]

GAME: Final = "cuckoo-dice"

# CD-NOTATION-TAGS: the canonical order; parameter tags follow Ruleset, other tags come last
# in the order they were written.
ROSTER: Final = (
    "Game",
    "Ruleset",
    *PARAM_TAGS,
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
class Record(notation.Record):
    """One game of Cuckoo dice as written down: tags, turns, comments, result."""

    moves: tuple[Move | Seen, ...]
    """The turns; an infection carries its re-roll."""

    unit: ClassVar[str] = "turn"

    def ruleset(self) -> Ruleset:
        """The ruleset named by the tags, with any parameter tags applied."""
        return ruleset_of(self)

    def setup(self) -> Setup:
        """The opening roll and first player named by the tags."""
        return setup_of(self)


def _param_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


# -- reading ---------------------------------------------------------------------------------


class _ToValues(notation.RecordTransformer):
    """Grammar rules to engine values, applied while parsing (no tree is built, so a long
    record costs little memory); each move keeps the line and column of its first token."""

    @v_args(inline=True)
    def die(self, value: Token, foreign: Token | None = None) -> tuple[Die, Token]:
        return die_of(_face(value), foreign is not None), value

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


DIALECT: Final = notation.Dialect[Record](
    game=GAME,
    prefix="CD",
    transformer=_ToValues,
    terminals=TERMINALS,
    examples=SYNTAX_EXAMPLES,
    roster=ROSTER,
    required=REQUIRED,
    canonical_value=canonical_value,
    record_type=Record,
    start=start,
    once=frozenset((*REQUIRED, *PARAM_TAGS, "Result")),
    setup_tags={
        "CD-RULESET-PARAMS": ("Ruleset", *PARAM_TAGS),
        "CD-SETUP-FIRST": ("First",),
        "CD-SETUP-ROLL": ("BlueRoll", "RedRoll"),
        "CD-SETUP-DICE": ("BlueRoll", "RedRoll"),
    },
    items="",
    tail=notation.Tail("(", "rolls", with_rolls),
)


# -- replaying -------------------------------------------------------------------------------


def replay(record: Record) -> Iterator[State]:
    """The state before the first move and after every ply, each move checked.

    :raises IllegalMoveError: for a move the rules forbid, naming the record, the ply, the
        move as written, its line and column, and the rule.
    :raises AmbiguousMoveError: for a placement written as seen that more than one die fits.
    """
    return shared.replayed(record, start, step, ended)


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
    for turn in range(0, len(record.moves), 2):
        words = [f"{turn // 2 + 1}."]
        for ply in range(turn, min(turn + 2, len(record.moves))):
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
    for tag, param in PARAM_TAGS.items():
        if getattr(rules, param) != getattr(base, param):
            named[tag] = _param_text(getattr(rules, param))
    named.update(tags)
    named["First"] = PLAYER_NAMES[setup.first]
    for player, roll in zip(PLAYER_NAMES, setup.rolls, strict=True):
        named[f"{player}Roll"] = " ".join(map(str, sorted(roll)))
    named["Result"] = outcome.token if outcome else "*"
    return shared.record_written(Record, ROSTER, named, moves)
