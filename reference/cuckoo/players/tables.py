"""What bots, self-play and the terminal game need of each game, declared once per game.

A :class:`Table` turns a game's engine into seats that decide and chance that is drawn:
who decides now, their legal decisions, a decision completed by its chance (a dice
infection by its re-roll, a cut by the card it turns up), what one seat may see, and the
score at the end. The moves it deals in are the record's own, so that a game played here
is saved by :class:`cuckoo.record.Recorder` as it goes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from .. import cards, dice, kuckuck
from ..cards import notation as cards_notation
from ..cards.views import lives_text
from ..dice import notation as dice_notation
from ..dice.views import diagram as dice_diagram
from ..kuckuck import notation as kuckuck_notation
from ..kuckuck import views as kuckuck_views
from ..kuckuck.views import observe
from ..progress import plural

__all__ = ["TABLES", "Table", "drawn"]


@dataclass(frozen=True)
class Table:
    """One game as seats and chance (the functions take the game's own state)."""

    game: str
    """The value of the Game tag."""
    players: tuple[int, int]
    """The fewest and most players a game takes."""
    new: Callable[[Random, str, tuple[str, ...]], tuple[Any, Any]]
    """``(rng, variant, names) -> (rules, setup)``: a new game with a drawn setup."""
    start: Callable[[Any, Any], Any]
    """``(rules, setup) -> state``: the first state."""
    names: Callable[[Any], tuple[str, ...]]
    """The seats' names in a state."""
    choosing: Callable[[Any], tuple[int, ...]]
    """The seats that may decide now: none at a chance step or at the end."""
    decisions: Callable[[Any, int], list[Any]]
    """The legal decisions of a seat that is choosing."""
    complete: Callable[[Any, Any, Random], Any]
    """A decision with the chance it calls for drawn, as the record writes it."""
    chance: Callable[[Any, Random], Any]
    """A drawn outcome at a chance step, as the record writes it."""
    apply: Callable[[Any, Any], Any]
    winners: Callable[[Any], tuple[int, ...]]
    """The winning seats of a finished game (several share a win)."""
    read: Callable[[Any, int, str], list[Any]]
    """A person's line typed for a seat, as decisions (raises the engine's errors)."""
    view: Callable[[Any, int], str]
    """The position as the seat may see it: nothing hidden from it is shown."""
    text: Callable[[Any, Any], str]
    """A move about to be made in a state, as the notation writes it."""
    writable: Callable[[Any], bool] = lambda state: True
    """Whether the record can be written at this state (not in the middle of a round
    whose cards are shown together)."""
    variants: tuple[str, ...] = ("",)


# -- the dice pyramid --------------------------------------------------------------------------


def _dice_new(rng: Random, variant: str, names: tuple[str, ...]) -> tuple[Any, Any]:
    return dice.RULESETS[variant or "cuckoo"], dice.random_setup(rng)


def _dice_choosing(state: dice.State) -> tuple[int, ...]:
    return () if state.is_over or state.is_chance else (state.to_move,)


def _dice_decisions(state: dice.State, seat: int) -> list[Any]:
    return [m for m in dice.legal_moves(state) if not isinstance(m, dice.Rolls)]


def _dice_complete(state: dice.State, move: Any, rng: Random) -> Any:
    if isinstance(move, dice.Infect) and move.rolls is None:
        return dice.Infect(move.give, move.take, dice.random_rolls(dice.apply(state, move), rng))
    return move


def _dice_winners(state: dice.State) -> tuple[int, ...]:
    outcome = dice.result(state)
    return () if outcome is None else tuple(outcome.winners)


def _dice_read(state: dice.State, seat: int, text: str) -> list[Any]:
    move = dice_notation.parse_move(text)
    if isinstance(move, dice_notation.Seen):
        move = dice_notation.resolve(state, move)
    if isinstance(move, dice.Infect) and move.rolls is not None:
        raise ValueError("the dice are rolled for you: write the infection without its re-roll")
    dice.apply(state, move)  # refused here with its rule, before any dice are rolled
    return [move]


# -- the card game -----------------------------------------------------------------------------


def _cards_new(rng: Random, variant: str, names: tuple[str, ...]) -> tuple[Any, Any]:
    return cards.RULES, cards.Setup(names, rng.randrange(len(names)))


def _cards_choosing(state: cards.State) -> tuple[int, ...]:
    return () if state.is_over or state.is_chance else (state.to_act,)


def _cards_decisions(state: cards.State, seat: int) -> list[Any]:
    return list(cards.legal_moves(state))


def _cards_complete(state: cards.State, move: Any, rng: Random) -> Any:
    if isinstance(move, cards.Cut):
        return cards.Cut(cards.random_outcome(cards.apply(state, cards.CUT), rng).card)
    return move


def _cards_chance(state: cards.State, rng: Random) -> Any:
    return cards.Deal(cards.random_outcome(state, rng).card)


def _cards_winners(state: cards.State) -> tuple[int, ...]:
    won = cards.winner(state)
    return () if won is None else (won,)


def _cards_read(state: cards.State, seat: int, text: str) -> list[Any]:
    move = cards_notation.parse_move("cut As" if text.strip().lower() == "cut" else text)
    if not isinstance(move, cards.Move):
        raise ValueError("write keep, swap or cut")
    if isinstance(move, cards.Cut):
        move = cards.CUT
    cards.apply(state, move)
    return [move]


def _cards_view(state: cards.State, seat: int) -> str:
    """One line per seat: lives, who deals and acts; only the seat's own card."""
    lines = [f"hand {state.hands + 1}" if not state.is_over else f"after {state.hands} hands"]
    width = max(len(p) for p in state.players)
    for other, name in enumerate(state.players):
        lives = state.lives[other]
        held = state.cards[other]
        card = str(held) if held and (other == seat or state.is_over) else "--"
        marks = [
            m
            for m, on in (("deals", other == state.dealer), ("to act", other == state.to_act))
            if on
        ]
        words = lives_text(lives)
        lines.append(f"  {name:<{width}}  {words:<8}  {card:<3}  {', '.join(marks)}".rstrip())
    return "\n".join(lines)


# -- Zum Kuckuck! ------------------------------------------------------------------------------


def _kuckuck_new(rng: Random, variant: str, names: tuple[str, ...]) -> tuple[Any, Any]:
    return kuckuck.rules(variant=variant or "basic"), kuckuck.Setup(names)


def _kuckuck_choosing(state: kuckuck.State) -> tuple[int, ...]:
    return () if state.is_over or state.is_chance else kuckuck.choosing(state)


def _kuckuck_decisions(state: kuckuck.State, seat: int) -> list[Any]:
    return [m for m in kuckuck.legal_moves(state) if getattr(m, "seat", seat) == seat]


def _kuckuck_chance(state: kuckuck.State, rng: Random) -> Any:
    return kuckuck.random_outcome(state, rng)


def _kuckuck_read(state: kuckuck.State, seat: int, text: str) -> list[Any]:
    word = text.strip()
    if word.isascii() and word.isdigit() and len(word) <= 3:
        moves: list[Any] = [kuckuck.Play(seat, int(word))]
    else:
        moves = kuckuck_notation.moves_of(state, kuckuck_notation.parse_item(text))
    if any(getattr(m, "seat", None) != seat for m in moves):
        raise ValueError("play one of your own number cards, such as 42")
    for move in moves:
        kuckuck.apply(state, move)
    return moves


def _kuckuck_view(state: kuckuck.State, seat: int) -> str:
    """What the seat may know (ZK-BASIC-SIMULTANEOUS), a line each: where the match
    stands, each seat's cockatoo cards, nest top and points so far, then the seat's hand
    and the nest cards up; at the end, every total."""
    points = kuckuck.totals(state)
    over = f"totals after {plural(state.cycle, 'cycle')}"
    lines = [over if state.is_over else kuckuck_views.status_line(state)]
    width = max(len(p) for p in state.players)
    for other, name in enumerate(state.players):
        if state.is_over or not state.hands:
            lines.append(f"  {name:<{width}}  {plural(points[other], 'point')}")
            continue
        if other in state.out:
            held = "out of this cycle"
        else:
            nest = state.nests[other]
            up = f"{state.cockatoos[other]} of {plural(state.counts[other], 'cockatoo card')} up"
            held = f"{up}, " + (f"nest top {nest[-1]}" if nest else "no nest")
        lines.append(f"  {name:<{width}}  {held}; {plural(points[other], 'point')}")
    seen = observe(state, seat) if not state.is_over else {}
    if seen.get("hand"):
        lines.append(f"your hand: {' '.join(map(str, seen['hand']))}")
    if state.shown and not state.is_over:
        lines.append(f"nest cards up: {state.shown[0]} {state.shown[1]}")
    return "\n".join(lines)


def _kuckuck_text(state: kuckuck.State, move: Any) -> str:
    """A number card as its player types it; anything else as the notation writes it."""
    return (
        str(move.number)
        if isinstance(move, kuckuck.Play)
        else kuckuck_notation.move_text(state, move)
    )


def _kuckuck_writable(state: kuckuck.State) -> bool:
    """The record writes whole deals of twelve, and a basic round's cards together."""
    if any(len(hand) not in (0, kuckuck.HAND_SIZE) for hand in state.dealt):
        return False
    return state.rules.in_turn or all(play is None for play in state.plays)


TABLES: Final = {
    dice_notation.GAME: Table(
        dice_notation.GAME,
        (2, 2),
        _dice_new,
        dice.new_game,
        lambda state: dice.PLAYER_NAMES,
        _dice_choosing,
        _dice_decisions,
        _dice_complete,
        lambda state, rng: dice.random_rolls(state, rng),
        dice.apply,
        _dice_winners,
        _dice_read,
        lambda state, seat: dice_diagram(state).rstrip(),
        lambda state, move: str(move),
        variants=tuple(dice.RULESETS),
    ),
    cards_notation.GAME: Table(
        cards_notation.GAME,
        (2, cards.MAX_PLAYERS),
        _cards_new,
        cards.new_game,
        lambda state: state.players,
        _cards_choosing,
        _cards_decisions,
        _cards_complete,
        _cards_chance,
        cards.apply,
        _cards_winners,
        _cards_read,
        _cards_view,
        lambda state, move: str(move),
    ),
    kuckuck_notation.GAME: Table(
        kuckuck_notation.GAME,
        (3, 5),
        _kuckuck_new,
        kuckuck.new_game,
        lambda state: state.players,
        _kuckuck_choosing,
        _kuckuck_decisions,
        lambda state, move, rng: move,
        _kuckuck_chance,
        kuckuck.apply,
        lambda state: tuple(kuckuck.winners(state)) if state.is_over else (),
        _kuckuck_read,
        _kuckuck_view,
        _kuckuck_text,
        _kuckuck_writable,
        kuckuck.VARIANTS,
    ),
}
"""Every game, by the value of its Game tag."""


def drawn(table: Table, state: Any, rng: Random) -> list[Any]:
    """The chance outcomes due at *state*, drawn as the table sees them happen together: a
    whole deal, or one outcome (a pair of nest cards, the start player, a re-roll)."""
    step = getattr(state, "step", None)
    moves = [table.chance(state, rng)]
    state = table.apply(state, moves[-1])
    while step == "deal" and not (table.choosing(state) or state.is_over) and state.step == step:
        moves.append(table.chance(state, rng))
        state = table.apply(state, moves[-1])
    return moves
