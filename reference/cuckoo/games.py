"""The games this package knows, each with the same kit of functions the tools use.

A record file may mix games: each record's ``Game`` tag says which notation reads it.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from .errors import CuckooError, NotationError
from .notation import WS, Chunk, Dialect, Number, Record, split_records

__all__ = ["GAMES", "Kit", "note_text", "parse_chunk", "read_records", "validate"]


@dataclass(frozen=True)
class Kit:
    """What the command line needs of a game."""

    dialect: Dialect[Any]
    replay: Callable[[Any], Iterator[Any]]
    format_record: Callable[[Any], str]
    legal: Callable[[Any], list[str]]
    diagram: Callable[[Any], str]
    state_dict: Callable[[Any], dict[str, Any]]
    svg: Callable[[Any], str]
    random_record: Callable[[Random, str, int, int], Record]
    """A random game: ``(rng, variant, players, round) -> record``."""
    variants: tuple[str, ...] = ()
    """The rulesets a game can be played under, the default first; empty for one."""
    unchecked: Callable[[Any, Any], tuple[tuple[str, str], ...]] = lambda record, state: ()
    """What a record, ending in a state, leaves unchecked, as ``(rule, what)`` pairs: a
    record of what was seen cannot check what nobody saw (CC-PARTIAL-CHECKS,
    ZK-PARTIAL-CHECKS)."""
    numbered: Callable[[Any, Any], tuple[str, str] | None] = lambda state, move: None
    """What a number written before *move*, made in *state*, numbers and the number it
    should have (``("round", "1.2")``); None where no number belongs
    (``*-NOTATION-NUMBERING``)."""


def _later(module: str, name: str) -> Callable[..., Any]:
    """Function *name* of *module*, imported at its first call: validating a file never
    loads the code that draws or plays (a command's start-up is mostly imports)."""

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module, __package__), name)(*args)

    call.__name__ = call.__qualname__ = name
    return call


def _dice() -> Kit:
    from . import dice
    from .dice import notation

    return Kit(
        notation.DIALECT,
        notation.replay,
        notation.format_record,
        lambda state: [str(m) for m in dice.legal_moves(state)],
        _later(".dice.views", "diagram"),
        _later(".dice.views", "state_dict"),
        _later(".dice.svg", "position_svg"),
        _later(".random_records", "dice_record"),
        tuple(dice.RULESETS),
        numbered=_dice_numbered,
    )


def _dice_numbered(state: Any, move: Any) -> tuple[str, str]:
    """CD-NOTATION-NUMBERING: a move number covers two plies, the first player's and the
    second's."""
    return "move", str(state.ply // 2 + 1)


def _cards() -> Kit:
    from . import cards
    from .cards import notation

    return Kit(
        notation.DIALECT,
        notation.replay,
        notation.format_record,
        lambda state: [str(m) for m in cards.legal_moves(state)],
        _later(".cards.views", "diagram"),
        _later(".cards.views", "state_dict"),
        _later(".cards.views", "table_svg"),
        _later(".random_records", "cards_record"),
        unchecked=notation.unchecked,
        numbered=notation.numbered,
    )


def _kuckuck() -> Kit:
    from . import kuckuck
    from .kuckuck import notation

    return Kit(
        notation.DIALECT,
        notation.replay,
        notation.format_record,
        notation.legal_texts,
        _later(".kuckuck.views", "diagram"),
        _later(".kuckuck.views", "state_dict"),
        _later(".kuckuck.views", "table_svg"),
        _later(".random_records", "kuckuck_record"),
        kuckuck.VARIANTS,
        _later(".kuckuck.partial", "unchecked"),
        notation.numbered,
    )


class _Kits(MutableMapping[str, Kit]):
    """The kits by game name, each made (its game imported) when first asked for: a file
    of dice games never loads the card games."""

    def __init__(self, makers: dict[str, Callable[[], Kit]]) -> None:
        self._makers = makers
        self._made: dict[str, Kit] = {}

    def __getitem__(self, name: str) -> Kit:
        if name not in self._made:
            self._made[name] = self._makers[name]()
        return self._made[name]

    def __setitem__(self, name: str, kit: Kit) -> None:
        self._made[name] = kit

    def __delitem__(self, name: str) -> None:
        raise TypeError("the games are fixed")

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


DICE_GAME: Final = "cuckoo-dice"
"""The game of a record without a Game tag."""

GAMES: Final[MutableMapping[str, Kit]] = _Kits(
    {DICE_GAME: _dice, "cuckoo-cards": _cards, "zum-kuckuck": _kuckuck}
)
"""Every game's kit, by the value of its Game tag."""

_GAME_TAG: Final = re.compile(r'\[\s*game\s+"([^"\\]*)"', re.IGNORECASE)


def read_records(
    lines: Iterable[str], *, source: str | None = None
) -> Iterator[tuple[Kit, Record] | NotationError]:
    """The records of a file of any games, one at a time, each with its game's kit; a
    malformed one is yielded as its error so that reading goes on."""
    try:
        for chunk in split_records(lines, rule="CD-NOTATION-SYNTAX"):
            yield parse_chunk(chunk, source)
    except NotationError as error:
        yield NotationError(error.detail, rule=error.rule, line=error.line, source=source)


def parse_chunk(chunk: Chunk, source: str | None) -> tuple[Kit, Record] | NotationError:
    """One record, read by the notation its Game tag names (the dice game's by default)."""
    found = _GAME_TAG.search(chunk.text)
    name = found[1].strip(WS).lower() if found else DICE_GAME
    kit = GAMES.get(name)
    if kit is None:
        return NotationError(
            f"unknown game {name!r}; expected one of {', '.join(GAMES)}",
            rule="CD-NOTATION-TAGS",
            line=chunk.line,
            source=source,
        )
    try:
        return kit, kit.dialect.parse_chunk(chunk, source)
    except NotationError as error:
        if found is None:  # say why a card game's record was read as dice
            # Through setattr: compiled, `error.detail += ...` would crash (errors.py).
            note = f" (no Game tag: read as {DICE_GAME})"
            setattr(error, "detail", error.detail + note)  # noqa: B010
        return error


def validate(chunk: Chunk, source: str | None) -> tuple[int, str | None, dict[str, Any] | None]:
    """Read and replay one record: the moves replayed, and the problem, if any, as its line
    of text and as plain data (so that it can come back from another process); for a
    record that replays but could not be checked in full, or is misnumbered, no text and
    the data ``{"notes": [...]}``, each a problem's fields with the kind ``note``
    (CC-PARTIAL-CHECKS, ZK-PARTIAL-CHECKS) or ``warning`` (``*-NOTATION-NUMBERING``)."""
    moves = 0
    item = parse_chunk(chunk, source)
    try:
        if isinstance(item, NotationError):
            raise item
        kit, record = item
        numbers = record.numbers  # in the order written, so by the move each stands before
        last = len(record.moves)  # a number after the last move numbers nothing
        at, count = 0, len(numbers)
        warnings: list[dict[str, Any]] = []
        for state in kit.replay(record):
            if at < count and numbers[at][1] == moves < last:
                begun = at
                while at < count and numbers[at][1] == moves:
                    at += 1
                numbered = kit.numbered(state, record.moves[moves])
                if numbered is not None and (
                    at - begun > 1 or numbers[begun][0].rstrip(".") != numbered[1]
                ):  # not one number, written as canonical text writes it: the common case
                    warnings += _misnumbered(kit, record, numbers[begun:at], *numbered)
            moves += 1
        notes = [_note(record, rule, what) for rule, what in kit.unchecked(record, state)]
        notes += warnings
        return moves - 1, None, {"notes": notes} if notes else None
    except CuckooError as error:
        return max(moves - 1, 0), str(error), error.as_dict()


def _misnumbered(
    kit: Kit, record: Record, numbers: tuple[Number, ...], what: str, expected: str
) -> list[dict[str, Any]]:
    """The warnings about *numbers*, written before a move that is *what* numbered
    *expected* by the rules, that are not that number (``*-NOTATION-NUMBERING``)."""
    warnings = []
    for text, _, line, column in numbers:
        written = text.rstrip(".")
        if written != expected:
            written = ".".join(n.lstrip("0") or "0" for n in written.split("."))
        if written != expected:
            warning = _note(
                record,
                f"{kit.dialect.prefix}-NOTATION-NUMBERING",
                f"{what} numbered {written}, expected {expected}",
                kind="warning",
                line=line,
                column=column,
            )
            warnings.append(warning)
    return warnings


def _note(
    record: Record,
    rule: str,
    what: str,
    *,
    kind: str = "note",
    line: int | None = None,
    column: int | None = None,
) -> dict[str, Any]:
    detail = f"game {record.index}: {what}"
    return {
        "kind": kind,
        "rule": rule,
        "source": record.source,
        "line": record.line if line is None else line,
        "column": column,
        "detail": detail,
    }


def note_text(note: dict[str, Any]) -> str:
    """A note or a warning as ``cuckoo validate`` prints it: ``file:line: note: RULE-ID:
    what``, ``file:line:column: warning: RULE-ID: what``."""
    where = ":".join(str(note[p]) for p in ("source", "line", "column") if note[p] is not None)
    return f"{where}: {note['kind']}: {note['rule']}: {note['detail']}"
