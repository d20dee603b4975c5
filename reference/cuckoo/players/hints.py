"""A hint for a learner: what the medium bot would play in the learner's seat, from what that
seat has seen, with one line of why."""

from __future__ import annotations

from random import Random
from typing import Any

from .. import cards, dice, kuckuck
from .bots import bot_named
from .majorities import side_chances
from .tables import TABLES
from .worlds import History

__all__ = ["hint"]


def hint(game: str, state: Any, seat: int, rng: Random, history: History = ()) -> tuple[Any, str]:
    """The medium bot's decision for *seat* and why, in a player's words."""
    bot = bot_named("medium", game)
    move = bot.choose(state, rng, seat, history)
    text = TABLES[game].text(state, move)
    if isinstance(state, dice.State):
        return move, f"{text}: {_dice_why(state, seat, move)}"
    if isinstance(state, cards.State):
        return move, f"{text}: {_cards_why(state, seat, move)}"
    assert isinstance(state, kuckuck.State)
    return move, f"{text}: {_kuckuck_why(state, seat, move)}"


def _dice_why(state: dice.State, seat: int, move: Any) -> str:
    """What the move does to the three sides (CD-SCORE-SIDE), how they stand after it, and
    which two sides it counts on (two of three win, CD-SCORE-MAJORITY): the player's words
    for what the look-ahead weighed."""
    if isinstance(move, dice.Pass):
        return "your nest is empty: you pass, and the sides stay as they are"
    after = dice.apply(state, move)
    before_totals, totals = dice.side_totals(state), dice.side_totals(after)
    other = dice.PLAYER_NAMES[1 - seat]
    changes = []
    for player, whose in ((seat, "you"), (1 - seat, other)):
        for side, name in enumerate(dice.SIDE_NAMES):
            change = totals[player][side] - before_totals[player][side]
            if change:
                sign = "+" if change > 0 else "\u2212"
                changes.append(f"{sign}{abs(change)} on side {name} for {whose}")
    standing = []
    for side, name in enumerate(dice.SIDE_NAMES):
        mine, theirs = totals[seat][side], totals[1 - seat][side]
        word = "ahead" if mine > theirs else "behind" if mine < theirs else "level"
        standing.append(f"{name} {mine}\u2013{theirs} ({word})")
    if isinstance(move, dice.Infect):
        said = (
            f"you give {' and '.join(map(str, move.give))} for {other}'s {move.take.value}: "
            "the dice that change hands are re-rolled, so what they bring is luck; the sides "
            "stand at " + ", ".join(standing)
        )
    else:
        said = (", ".join(changes) or "no side changes yet") + "; then " + ", ".join(standing)
    return f"{said}; {_plan(state if isinstance(move, dice.Infect) else after, seat, other)}"


def _plan(state: dice.State, seat: int, other: str) -> str:
    """The two sides the player's chances rest on, and the one left to the other player."""
    chances = side_chances(state, seat)
    order = sorted(range(3), key=lambda side: -chances[side])
    first, second, last = (dice.SIDE_NAMES[side] for side in order)
    if chances[order[1]] >= 0.5:
        kept = f"it keeps you on course for sides {first} and {second}, two of three"
    elif chances[order[0]] >= 0.5:
        kept = f"side {first} leans your way; {second} is the one to fight for"
    else:
        return f"{other} leans ahead on every side: {first} and {second} are yours to turn"
    return (
        f"{kept}, and risks side {last}, which leans to {other}"
        if chances[order[2]] < 0.5
        else f"{kept}, with {last} leaning your way too"
    )


def _cards_why(state: cards.State, seat: int, move: Any) -> str:
    held = state.cards[seat]
    assert held is not None
    rank = cards.rank_value(held, state.rules.aces)
    if held.is_king:
        return "a king cannot be given away, and no card beats it"
    if move == cards.KEEP:
        return f"your {held} is in the upper half of the ranks ({rank} of 13): keep it"
    if isinstance(move, cards.Cut):
        return f"your {held} is low ({rank} of 13): the stock's top card is likely better"
    neighbour = state.players[cards.next_seat(state, seat)]
    return f"your {held} is low ({rank} of 13): {neighbour}'s card is likely better"


def _kuckuck_why(state: kuckuck.State, seat: int, move: Any) -> str:
    assert state.shown is not None
    top = state.top(seat)
    low = state.shown[0]
    if low < top and state.rules.in_turn:
        return (
            f"the nest card {low} would lower your nest (top {top}): "
            "beat the cards already played, as cheaply as you can"
        )
    if low < top:
        return f"the nest card {low} would lower your nest (top {top}): bid high for it"
    if top:
        return f"no nest card lowers your nest (top {top}): play low and stay out of the taking"
    return "an empty nest is the lowest of all: play low and stay out of the taking"
