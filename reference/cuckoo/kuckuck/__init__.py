"""Zum Kuckuck!, Stefan Dorra's card game of nests and cockatoos (the reference engine).

The same shape as :mod:`cuckoo.cards`: :func:`new_game`, :func:`legal_moves`,
:func:`apply`, :func:`winners`, with the deal, the nest cards and the tactical version's
start draw as explicit chance.  In the basic version players choose at the same time:
:func:`choosing` names everyone who may still choose, and :func:`~cuckoo.kuckuck.views.observe`
shows a player only what they may know.
"""

from .cards import COCKATOO_CARDS, HAND_SIZE, NEST_CARDS, NUMBERS, cockatoos, halves
from .moves import Deal, Nest, Play, Show, Start
from .rules import (
    Move,
    apply,
    chance_outcomes,
    choosing,
    legal_moves,
    next_in,
    play_order,
    random_outcome,
)
from .rulesets import RULES, VARIANTS, Rules, rules
from .scoring import cycle_score, totals, winners
from .state import Seat, Setup, State, new_game

__all__ = [
    "COCKATOO_CARDS",
    "HAND_SIZE",
    "NEST_CARDS",
    "NUMBERS",
    "RULES",
    "VARIANTS",
    "Deal",
    "Move",
    "Nest",
    "Play",
    "Rules",
    "Seat",
    "Setup",
    "Show",
    "Start",
    "State",
    "apply",
    "chance_outcomes",
    "choosing",
    "cockatoos",
    "cycle_score",
    "halves",
    "legal_moves",
    "new_game",
    "next_in",
    "play_order",
    "random_outcome",
    "rules",
    "totals",
    "winners",
]
