"""The state of a match of Zum Kuckuck!: an immutable value."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from operator import attrgetter
from typing import Any, Final, Literal

from ..errors import SetupError, is_name
from ..values import rebuilt
from .cards import HAND_SIZE, NEST_CARDS, NEST_VALUES
from .rulesets import RULES, Rules

__all__ = [
    "FULL_PILE",
    "KEYWORDS",
    "MAX_PLAYERS",
    "Seat",
    "Setup",
    "State",
    "Step",
    "changed",
    "new_game",
]

Seat = int
"""A player's place at the table, 0 to n-1; a player's left neighbour sits at the next."""

Step = Literal["deal", "start", "nest", "play", "over"]

FULL_PILE: Final = tuple(NEST_CARDS[v] for v in NEST_VALUES)
"""ZK-CYCLE-START: every nest card in the pile, as counts of the values 1 to 12."""
KEYWORDS: Final = frozenset({"deal", "nest", "show", "start"})
"""Words of the notation that cannot be names (ZK-SETUP-PLAYERS)."""
MAX_PLAYERS: Final = 5
"""ZK-SETUP-PLAYERS: three to five players."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays, in seating order (spec: zum-kuckuck, setup)."""

    players: tuple[str, ...]
    cockatoos: tuple[int, ...] = ()
    """ZK-PARTIAL-COUNT: the cockatoo cards each dealt hand earned, in seating order, as
    the table saw them taken; empty to count them from the dealt cards."""

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would not get past frozen fields


@dataclass(frozen=True, init=False)
class State:
    """A position: the hands, nests, cockatoo cards and scores, and what happens next."""

    rules: Rules
    players: tuple[str, ...]
    dealt: tuple[tuple[int, ...], ...]
    """The number cards dealt to each seat at the start of the match, in the order dealt;
    UNSEEN for a card nobody saw, until it is played (ZK-PARTIAL-PLAY)."""
    step: Step
    """What happens next: a card is dealt, the start player drawn, nest cards turned up
    (all three chance), number cards played, or nothing (the match is over)."""
    cycle: int = 0
    """Cycles finished."""
    round: int = 0
    """Rounds finished in this cycle."""
    hands: tuple[frozenset[int], ...] = ()
    """The number cards each seat holds in this cycle."""
    counts: tuple[int, ...] = ()
    """Cockatoo cards each seat received at the start of this cycle (ZK-SETUP-COUNT)."""
    cockatoos: tuple[int, ...] = ()
    """Cockatoo cards each seat still has cockatoo side up."""
    nests: tuple[tuple[int, ...], ...] = ()
    """Each seat's nest pile, bottom first; the last card is the one that counts."""
    pile: tuple[int, ...] = ()
    """Nest cards not yet turned up this cycle: how many of each value 1 to 12."""
    shown: tuple[int, int] | None = None
    """The two nest cards of this round, lower first."""
    out: frozenset[Seat] = frozenset()
    """Seats that dropped out of this cycle (ZK-ROUND-DROP)."""
    played: tuple[tuple[int, ...], ...] = ()
    """Each seat's number cards shown in earlier rounds of this cycle, in order: they lie
    face up on the player's discard pile (ZK-ROUND-PLAY)."""
    plays: tuple[int | None, ...] = ()
    """Each seat's number card for this round; in the basic version nobody sees the others'
    until all have chosen (ZK-BASIC-SIMULTANEOUS)."""
    starter: Seat = 0
    """Tactical version: who plays first in this round (ZK-TACTICAL-ORDER)."""
    turned: tuple[Seat, ...] = ()
    """Who turned a cockatoo card in the last round, in the order they did."""
    scores: tuple[tuple[int, ...], ...] = ()
    """The score of each finished cycle, per seat (spec chapter *zum-kuckuck/scoring*)."""
    given: tuple[int, ...] = ()
    """ZK-PARTIAL-COUNT: the cockatoo cards each dealt hand earned, as seen; empty when
    they are counted from the cards."""
    unseen: tuple[int, ...] = ()
    """ZK-PARTIAL-PLAY: how many cards of each seat's hand in this cycle nobody has seen."""

    def __init__(
        self,
        rules: Rules,
        players: tuple[str, ...],
        dealt: tuple[tuple[int, ...], ...],
        step: Step,
        cycle: int = 0,
        round: int = 0,
        hands: tuple[frozenset[int], ...] = (),
        counts: tuple[int, ...] = (),
        cockatoos: tuple[int, ...] = (),
        nests: tuple[tuple[int, ...], ...] = (),
        pile: tuple[int, ...] = (),
        shown: tuple[int, int] | None = None,
        out: frozenset[Seat] = frozenset(),
        played: tuple[tuple[int, ...], ...] = (),
        plays: tuple[int | None, ...] = (),
        starter: Seat = 0,
        turned: tuple[Seat, ...] = (),
        scores: tuple[tuple[int, ...], ...] = (),
        given: tuple[int, ...] = (),
        unseen: tuple[int, ...] = (),
    ) -> None:
        # What the dataclass would generate, written out: compiled (see setup.py), it is
        # compiled too, and a match makes a state for every card (as the dice state's).
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "dealt", dealt)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "cycle", cycle)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "cockatoos", cockatoos)
        object.__setattr__(self, "nests", nests)
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "out", out)
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "starter", starter)
        object.__setattr__(self, "turned", turned)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "given", given)
        object.__setattr__(self, "unseen", unseen)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)  # compiled, pickle and copy would call __init__ without arguments

    @property
    def active(self) -> tuple[Seat, ...]:
        """The seats still in this cycle."""
        return _seats_in(len(self.players), self.out)

    @property
    def is_chance(self) -> bool:
        return self.step in ("deal", "start", "nest")

    @property
    def is_over(self) -> bool:
        return self.step == "over"

    @property
    def to_deal(self) -> Seat:
        """During the deal: the seat the next card goes to (12 to each, in seat order)."""
        return sum(len(hand) for hand in self.dealt) // HAND_SIZE

    def dealt_to(self, seat: Seat) -> Seat:
        """ZK-CYCLE-PASS: the seat first dealt the hand *seat* holds now; after the end,
        the hand it held in the last cycle."""
        n = len(self.players)
        return (seat - min(self.cycle, n - 1)) % n

    def top(self, seat: Seat) -> int:
        """ZK-NEST-TOP: the value of the card on top of *seat*'s nest; 0 for no nest."""
        nest = self.nests[seat]
        return nest[-1] if nest else 0


@lru_cache(maxsize=64)  # 56 tables: 3 to 5 seats, each with every set of seats out
def _seats_in(seats: int, out: frozenset[Seat]) -> tuple[Seat, ...]:
    """The seats of a table of *seats* that are not *out*, in seating order."""
    return tuple(s for s in range(seats) if s not in out)


_FIELDS: Final = tuple(f.name for f in fields(State))
_PLACE: Final = {name: place for place, name in enumerate(_FIELDS)}
_values: Final = attrgetter(*_FIELDS)


def changed(state: State, **changes: Any) -> State:
    """*state* with the fields named in *changes* set to new values: what
    :func:`dataclasses.replace` makes, without its look-up of the fields at every call (a
    match builds a state for every card, and this is its hot path)."""
    values = list(_values(state))
    for name, value in changes.items():
        values[_PLACE[name]] = value
    return State(*values)


def new_game(rules: Rules | None, setup: Setup) -> State:
    """The state before the first card is dealt.

    :raises SetupError: for fewer than 3 or more than 5 players, or names that are not
        names, are notation words, or are not distinct (ZK-SETUP-PLAYERS).
    """
    players = tuple(setup.players)
    if not 3 <= len(players) <= MAX_PLAYERS:
        raise SetupError(
            f"Zum Kuckuck! needs 3 to {MAX_PLAYERS} players, not {len(players)}",
            rule="ZK-SETUP-PLAYERS",
        )
    bad = [p for p in players if not is_name(p) or p.lower() in KEYWORDS]
    if bad:
        raise SetupError(
            f"{bad[0]!r} is not a name (a letter, then letters, digits or _; "
            "not deal, nest, show or start)",
            rule="ZK-SETUP-PLAYERS",
        )
    if len({p.lower() for p in players}) != len(players):
        raise SetupError("two players have the same name", rule="ZK-SETUP-PLAYERS")
    given = tuple(setup.cockatoos)
    if given and (
        len(given) != len(players) or not all(type(c) is int and 0 <= c <= HAND_SIZE for c in given)
    ):
        raise SetupError(
            f"the Cockatoos tag gives each of the {len(players)} dealt hands the cockatoo "
            f"cards it earned, 0 to {HAND_SIZE}, in seating order",
            rule="ZK-PARTIAL-COUNT",
        )
    return State(rules or RULES, players, ((),) * len(players), "deal", given=given)
