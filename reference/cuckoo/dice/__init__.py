"""Cuckoo, the dice pyramid: the reference engine.

The whole API is functions over immutable values: :func:`new_game`, :func:`legal_moves`,
:func:`apply`, :func:`result`, with chance made explicit by :func:`chance_outcomes`.
"""

from . import state as _state
from .chance import chance_outcomes, random_rolls, random_setup, roll_distribution
from .geometry import APEX, CELL_NAMES, COORDS, DUNGEON, SIDE_NAMES, Cell, Side, cell_named
from .moves import PASS, Die, Infect, Move, Pass, Place, Rolls
from .rules import apply, legal_moves
from .rulesets import RULESETS, Ruleset, ruleset
from .scoring import Outcome, result, side_totals
from .state import BLUE, PLAYER_NAMES, RED, Bonus, Placed, Player, Setup, State, new_game


def _picture(state: State) -> str:
    """The position as SVG, for notebooks; the drawing code loads when a picture is asked
    for, not with the engine."""
    from .svg import position_svg

    return position_svg(state)


_state.draw = _picture

__all__ = [
    "APEX",
    "BLUE",
    "CELL_NAMES",
    "COORDS",
    "DUNGEON",
    "PASS",
    "PLAYER_NAMES",
    "RED",
    "RULESETS",
    "SIDE_NAMES",
    "Bonus",
    "Cell",
    "Die",
    "Infect",
    "Move",
    "Outcome",
    "Pass",
    "Place",
    "Placed",
    "Player",
    "Rolls",
    "Ruleset",
    "Setup",
    "Side",
    "State",
    "apply",
    "cell_named",
    "chance_outcomes",
    "legal_moves",
    "new_game",
    "random_rolls",
    "random_setup",
    "result",
    "roll_distribution",
    "ruleset",
    "side_totals",
]
