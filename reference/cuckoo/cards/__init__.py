"""Cuckoo, the card game: swap your card, keep your lives (the reference engine).

The same shape as :mod:`cuckoo.dice`: :func:`new_game`, :func:`legal_moves`, :func:`apply`,
:func:`winner`, with the deal and the stock's top card as explicit chance.
"""

from .deck import DECK, Card, card_named, rank_value
from .moves import CUT, KEEP, SWAP, Cut, Deal, Keep, Move, Reveal, Show, Swap
from .rules import apply, chance_outcomes, legal_moves, random_outcome, winner
from .rulesets import RULES, Rules, rules
from .state import MAX_PLAYERS, Seat, Setup, State, new_game, next_seat

__all__ = [
    "CUT",
    "DECK",
    "KEEP",
    "MAX_PLAYERS",
    "RULES",
    "SWAP",
    "Card",
    "Cut",
    "Deal",
    "Keep",
    "Move",
    "Reveal",
    "Rules",
    "Seat",
    "Setup",
    "Show",
    "State",
    "Swap",
    "apply",
    "card_named",
    "chance_outcomes",
    "legal_moves",
    "new_game",
    "next_seat",
    "random_outcome",
    "rank_value",
    "rules",
    "winner",
]
