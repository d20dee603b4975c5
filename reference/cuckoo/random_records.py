"""A random game of each game as its record: what ``cuckoo random`` writes.

Kept apart from :mod:`cuckoo.games` so that a command that only reads records never loads
the code that plays.
"""

from __future__ import annotations

from random import Random

from . import cards, dice, kuckuck
from .cards import notation as cards_notation
from .cards import playout as cards_playout
from .dice import notation as dice_notation
from .dice import playout as dice_playout
from .kuckuck import notation as kuckuck_notation
from .kuckuck import playout as kuckuck_playout
from .notation import Record

__all__ = ["cards_record", "dice_record", "kuckuck_record"]


def _tags(number: int) -> list[tuple[str, str]]:
    return [("Event", "random"), ("Round", str(number))]


def dice_record(rng: Random, variant: str, _: int, number: int) -> Record:
    rules = dice.RULESETS[variant]
    setup, moves = dice_playout.random_game(rules, rng)
    return dice_notation.record_of(rules, setup, moves, _tags(number))


def cards_record(rng: Random, _: str, players: int, number: int) -> Record:
    setup, moves = cards_playout.random_game(cards.RULES, rng, players)
    return cards_notation.record_of(cards.RULES, setup, moves, _tags(number))


def kuckuck_record(rng: Random, variant: str, players: int, number: int) -> Record:
    rules = kuckuck.rules(variant=variant)
    setup, moves = kuckuck_playout.random_game(rules, rng, players)
    return kuckuck_notation.record_of(rules, setup, moves, _tags(number))
