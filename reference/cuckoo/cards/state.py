"""The state of a game of Cuckoo (cards): an immutable value."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from ..errors import SetupError, is_name
from ..values import rebuilt
from .deck import DECK, Card
from .rulesets import RULES, Rules

__all__ = ["MAX_PLAYERS", "Seat", "Setup", "State", "Step", "new_game", "next_seat"]

Seat = int
"""A player's place at the table, 0 to n-1; a player's left neighbour sits at the next."""

Step = Literal["deal", "decide", "cut", "show", "over"]

MAX_PLAYERS: Final = len(DECK) - 1  # the stock must keep a card for the dealer's cut


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays, in seating order, and who deals first (spec: cuckoo-cards, setup)."""

    players: tuple[str, ...]
    dealer: Seat = 0

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, slots=True, init=False)
class State:
    """A position: lives, the cards in hand, and whose step it is."""

    rules: Rules
    players: tuple[str, ...]
    lives: tuple[int, ...]
    """Lives left per seat; 0 means out of the game."""
    dealer: Seat
    cards: tuple[Card | None, ...]
    """The card each seat holds in this hand (None before the deal reaches it, or out)."""
    seen: frozenset[Card]
    """Cards out of the stock this hand: dealt, or discarded by the dealer."""
    step: Step
    """What happens next: a card is dealt (chance), a player decides, the stock's top card
    is revealed (chance), or nothing (the game is over); ``show``, never reached by the
    engine's moves, is a hand with cards nobody saw waiting for its show-down
    (CC-PARTIAL-SHOW, in the protocol)."""
    to_act: Seat
    """Who is dealt to, decides, or cuts."""
    hands: int = 0
    """Hands finished, void ones included."""
    losers: tuple[Seat, ...] = ()
    """Who lost a life in the last hand (empty for none yet or a void hand)."""
    shown: tuple[Card | None, ...] = ()
    """The cards shown at the end of the last hand, per seat (CC-LOWEST); empty before."""
    unseen: frozenset[Card] = frozenset()
    """Cards held that nobody at the table has seen (CC-PARTIAL-UNSEEN): set by a record's
    reader, never by the engine, for the views to hide."""

    def __init__(
        self,
        rules: Rules,
        players: tuple[str, ...],
        lives: tuple[int, ...],
        dealer: Seat,
        cards: tuple[Card | None, ...],
        seen: frozenset[Card],
        step: Step,
        to_act: Seat,
        hands: int = 0,
        losers: tuple[Seat, ...] = (),
        shown: tuple[Card | None, ...] = (),
        unseen: frozenset[Card] = frozenset(),
    ) -> None:
        # What the dataclass would generate, written out: compiled (see setup.py), it is
        # compiled too, and every move makes a state (as the dice state's).
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "lives", lives)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "seen", seen)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "to_act", to_act)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "losers", losers)
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "unseen", unseen)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would call __init__ without arguments

    @property
    def active(self) -> tuple[Seat, ...]:
        """The seats still in the game."""
        return tuple(s for s, n in enumerate(self.lives) if n > 0)

    @property
    def is_chance(self) -> bool:
        return self.step in ("deal", "cut")

    @property
    def is_over(self) -> bool:
        return self.step == "over"


def new_game(rules: Rules | None, setup: Setup) -> State:
    """The state before the first card is dealt.

    :raises SetupError: for fewer than 2 or more than 51 players, names that are not names
        or not distinct (CC-SETUP-PLAYERS), or a dealer who is not at the table
        (CC-SETUP-DEALER).
    """
    rules = rules or RULES
    players = tuple(setup.players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise SetupError(
            f"a game needs 2 to {MAX_PLAYERS} players, not {len(players)}", rule="CC-SETUP-PLAYERS"
        )
    bad = [p for p in players if not is_name(p)]
    if bad:
        raise SetupError(
            f"{bad[0]!r} is not a name (a letter, then letters, digits or _)",
            rule="CC-SETUP-PLAYERS",
        )
    if len({p.lower() for p in players}) != len(players):
        raise SetupError("two players have the same name", rule="CC-SETUP-PLAYERS")
    if type(setup.dealer) is not int or setup.dealer not in range(len(players)):
        raise SetupError(
            f"the first dealer must sit at the table, not {setup.dealer!r}", rule="CC-SETUP-DEALER"
        )
    lives = (rules.lives,) * len(players)
    state = State(
        rules,
        players,
        lives,
        setup.dealer,
        (None,) * len(players),
        frozenset(),
        "deal",
        setup.dealer,
    )
    return _first_to_deal(state)


def next_seat(state: State, seat: Seat) -> Seat:
    """The next seat still in the game, in the direction of play (CC-TURN-ORDER)."""
    step = 1 if state.rules.direction == "left" else -1
    n = len(state.players)
    for k in range(1, n + 1):
        candidate = (seat + k * step) % n
        if state.lives[candidate] > 0:
            return candidate
    return seat


def _first_to_deal(state: State) -> State:
    """CC-DEAL: the deal starts with the player after the dealer."""
    return replace(state, to_act=next_seat(state, state.dealer))
