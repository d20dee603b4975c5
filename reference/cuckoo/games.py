"""The games this package knows, each with the same kit of functions the tools use.

A record file may mix games: each record's ``Game`` tag says which notation reads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from . import cards, dice, kuckuck
from .cards import notation as cards_notation
from .cards import playout as cards_playout
from .cards import views as cards_views
from .dice import notation as dice_notation
from .dice import playout as dice_playout
from .dice import svg as dice_svg
from .dice import views as dice_views
from .errors import CuckooError, NotationError
from .kuckuck import notation as kuckuck_notation
from .kuckuck import playout as kuckuck_playout
from .kuckuck import views as kuckuck_views
from .notation import Chunk, Dialect, Record, split_records

__all__ = ["GAMES", "Kit", "parse_chunk", "read_records", "validate"]


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


def _random_dice(rng: Random, variant: str, _: int, number: int) -> Record:
    rules = dice.RULESETS[variant]
    setup, moves = dice_playout.random_game(rules, rng)
    tags = [("Event", "random"), ("Round", str(number))]
    return dice_notation.record_of(rules, setup, moves, tags)


def _random_cards(rng: Random, _: str, players: int, number: int) -> Record:
    setup, moves = cards_playout.random_game(cards.RULES, rng, players)
    tags = [("Event", "random"), ("Round", str(number))]
    return cards_notation.record_of(cards.RULES, setup, moves, tags)


def _random_kuckuck(rng: Random, variant: str, players: int, number: int) -> Record:
    rules = kuckuck.rules(variant=variant)
    setup, moves = kuckuck_playout.random_game(rules, rng, players)
    tags = [("Event", "random"), ("Round", str(number))]
    return kuckuck_notation.record_of(rules, setup, moves, tags)


GAMES: Final = {
    dice_notation.GAME: Kit(
        dice_notation.DIALECT,
        dice_notation.replay,
        dice_notation.format_record,
        lambda state: [str(m) for m in dice.legal_moves(state)],
        dice_views.diagram,
        dice_views.state_dict,
        dice_svg.position_svg,
        _random_dice,
        tuple(dice.RULESETS),
    ),
    cards_notation.GAME: Kit(
        cards_notation.DIALECT,
        cards_notation.replay,
        cards_notation.format_record,
        lambda state: [str(m) for m in cards.legal_moves(state)],
        cards_views.diagram,
        cards_views.state_dict,
        cards_views.table_svg,
        _random_cards,
    ),
    kuckuck_notation.GAME: Kit(
        kuckuck_notation.DIALECT,
        kuckuck_notation.replay,
        kuckuck_notation.format_record,
        kuckuck_notation.legal_texts,
        kuckuck_views.diagram,
        kuckuck_views.state_dict,
        kuckuck_views.table_svg,
        _random_kuckuck,
        kuckuck.VARIANTS,
    ),
}

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
    name = found[1].strip().lower() if found else dice_notation.GAME
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
            error.detail += f" (no Game tag: read as {dice_notation.GAME})"
        return error


def validate(chunk: Chunk, source: str | None) -> tuple[int, str | None, dict[str, Any] | None]:
    """Read and replay one record: the moves replayed and the problem, if any, as its line
    of text and as plain data (so that it can come back from another process)."""
    moves = 0
    item = parse_chunk(chunk, source)
    try:
        if isinstance(item, NotationError):
            raise item
        kit, record = item
        for _ in kit.replay(record):
            moves += 1
        return moves - 1, None, None
    except CuckooError as error:
        return max(moves - 1, 0), str(error), error.as_dict()
