"""Zum Kuckuck! as OpenSpiel games: the basic version with simultaneous moves, the tactical
one in turn; both of imperfect information, with explicit chance.

Importing this module registers ``python_zum_kuckuck`` (the basic version: at each round
every player still in chooses a card at one simultaneous node, as the rules have it) and
``python_zum_kuckuck_tactical`` (cards played in turn); both take the parameter ``players``
(3 to 5).  Action ``n - 1`` plays number card ``n``; chance actions are a dealt card
(``n - 1``), a pair of nest cards (its index in :data:`PAIRS`) or the seat the start draw
chooses.  A player's information state is what they have seen: their own hand, the nest
cards, and the cards played once they are face up.  A state of the tactical version draws
worlds a player cannot tell from it (``resample_from_infostate``), so that OpenSpiel's
information-set search plays it; its search does not play games of simultaneous moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any, Final

import pyspiel

from .. import kuckuck
from ..kuckuck import NUMBERS, Deal, Nest, Play, Start
from ..kuckuck.cards import NEST_VALUES
from ..kuckuck.notation import move_text
from ..kuckuck.views import diagram, observe
from ..players.worlds import kuckuck_world
from .base import SeenObserver, SeenState, game_type

__all__ = ["PAIRS", "KuckuckGame", "KuckuckState"]

PAIRS: Final = tuple(Nest(a, b) for a in NEST_VALUES for b in NEST_VALUES if a <= b)
"""Every pair of nest cards a round can turn up, as chance actions."""
_PAIR: Final = {pair: i for i, pair in enumerate(PAIRS)}


def _game_type(variant: str) -> Any:
    basic = variant == "basic"
    return game_type(
        "python_zum_kuckuck" + ("" if basic else "_tactical"),
        f"Zum Kuckuck! ({variant} version)",
        players=(3, 5),
        parameters={"players": 4},
        simultaneous=basic,
    )


class KuckuckGame(pyspiel.Game):
    """A match of three to five players; the winners share one point, minus the mean."""

    variant: str = "basic"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", 4))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(NUMBERS),
            max_chance_outcomes=len(PAIRS),
            num_players=players,
            min_utility=-1.0 / players,
            max_utility=1.0 - 1.0 / players,
            utility_sum=0.0,
            max_game_length=len(NUMBERS) + 5 * (1 + 12 * 6),
        )
        super().__init__(_game_type(self.variant), info, params or {})
        self.players = players
        self.rules = kuckuck.rules(variant=self.variant)

    def new_initial_state(self) -> KuckuckState:
        return KuckuckState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeenObserver:
        return SeenObserver(iig_obs_type is None or iig_obs_type.perfect_recall, _present)


class TacticalGame(KuckuckGame):
    """The tactical version: the same match, cards played in turn."""

    variant = "tactical"


class KuckuckState(SeenState):
    """The engine's state, and what each player has seen of the match so far."""

    state: kuckuck.State

    def __init__(self, game: KuckuckGame) -> None:
        super().__init__(
            game, game.players, lambda names: kuckuck.new_game(game.rules, kuckuck.Setup(names))
        )

    def mover(self) -> int:
        if not self.state.rules.in_turn:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        (seat,) = kuckuck.choosing(self.state)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if player not in kuckuck.choosing(self.state):
            return []
        return sorted(n - 1 for n in self.state.hands[player])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(self._index(o), float(p)) for o, p in kuckuck.chance_outcomes(self.state)]

    @staticmethod
    def _index(outcome: Any) -> int:
        """The chance action of *outcome*."""
        if isinstance(outcome, Deal):
            return int(outcome.number) - 1
        if isinstance(outcome, Nest):
            return _PAIR[outcome]
        assert isinstance(outcome, Start)
        return int(outcome.seat)

    def _chance_move(self, action: int) -> Any:
        step = self.state.step
        if step == "deal":
            return Deal(action + 1)
        return PAIRS[action] if step == "nest" else Start(action)

    def _apply_action(self, action: int) -> None:
        if self.state.is_chance:
            self._move(self._chance_move(action))
        else:
            (seat,) = kuckuck.choosing(self.state)
            self._move(Play(seat, action + 1))

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous node: every player still in shows a card at once (the others
        pass 0, as OpenSpiel asks of a player with no legal action)."""
        before = self.state
        plays = [Play(seat, actions[seat] + 1) for seat in kuckuck.choosing(before)]
        for play in plays:
            self.past.append((self.state, play))
            self.state = kuckuck.apply(self.state, play)
        shown = " ".join(move_text(before, play) for play in plays)
        for seen in self.seen:
            seen.append(f"shown {shown}")
        self._note_cycle(before)

    def _move(self, move: Any) -> None:
        """Apply a chance outcome or a card played in turn; everyone sees it, except a
        dealt card, which only its receiver sees."""
        before = self.state
        self.state = kuckuck.apply(before, move)
        self.past.append((before, move))
        text = move_text(before, move)
        hidden = f"deal P{before.to_deal}"  # what the others see of a dealt card
        for p, seen in enumerate(self.seen):
            secret = isinstance(move, Deal) and p != before.to_deal
            seen.append(hidden if secret else text)
        self._note_cycle(before)

    def _note_cycle(self, before: kuckuck.State) -> None:
        """At the start of a cycle, what each player sees: every seat's count of cockatoo
        cards (ZK-SETUP-COUNT), and the hand that reaches them (ZK-CYCLE-PASS)."""
        now = self.state
        if now.is_over or (now.cycle, now.counts) == (before.cycle, before.counts):
            return
        counts = " ".join(map(str, now.counts))
        for p, seen in enumerate(self.seen):
            hand = " ".join(map(str, sorted(now.hands[p])))
            seen.append(f"cycle {now.cycle + 1}: counts {counts}; P{p} holds {hand}")

    def action(self, move: Any) -> int:
        return int(move.number) - 1 if isinstance(move, Play) else self._index(move)

    def world_moves(self, player: int, rng: Random) -> Iterator[Any]:
        """The moves so far, each hand dealt as a drawn world
        (:func:`~cuckoo.players.worlds.kuckuck_world`) holds it, in the order its cards
        were dealt where the player saw them dealt."""
        dealt = kuckuck_world(self.state, player, rng, self.past).dealt
        given = [0] * len(dealt)
        for before, move in self.past:
            if isinstance(move, Deal):
                seat = before.to_deal
                move = Deal(dealt[seat][given[seat]])
                given[seat] += 1
            yield move

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return move_text(self.state, self._chance_move(action))
        return str(action + 1)

    def returns(self) -> list[float]:
        n = len(self.seen)
        won = kuckuck.winners(self.state)
        if not won:
            return [0.0] * n
        return [(1.0 / len(won) if p in won else 0.0) - 1.0 / n for p in range(n)]

    def __str__(self) -> str:
        return diagram(self.state)


def _present(state: KuckuckState, player: int) -> str:
    """What *player* sees now (:func:`~cuckoo.kuckuck.views.observe`)."""
    return str(sorted(observe(state.state, player).items()))


pyspiel.register_game(_game_type("basic"), KuckuckGame)
pyspiel.register_game(_game_type("tactical"), TacticalGame)
