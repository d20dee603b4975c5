"""Cuckoo, the card game, as an OpenSpiel game: imperfect information, explicit chance.

Importing this module registers ``python_cuckoo_cards`` (parameters ``players``, ``lives``).
Each player's information state is what they have seen: the cards dealt to them, the cards
that reach them by a swap, and everything played in the open (decisions, a king that stops
a swap, the card a cut turns up, the cards shown at the end of a hand).  A state draws
worlds a player cannot tell from it (``resample_from_infostate``), so that OpenSpiel's
information-set search plays the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any, Final

import pyspiel

from .. import cards
from ..cards import CUT, DECK, KEEP, SWAP, Deal, Reveal
from ..cards.views import diagram
from ..players.worlds import cards_world
from .base import SeenObserver, SeenState, game_type

__all__ = ["CuckooCardsGame", "CuckooCardsState"]

_MOVES: Final = (KEEP, SWAP, CUT)
_INDEX: Final = {move: i for i, move in enumerate(_MOVES)}
_CARD: Final = {card: i for i, card in enumerate(DECK)}

_GAME_TYPE: Final = game_type(
    "python_cuckoo_cards",
    "Cuckoo, the card game",
    players=(2, cards.MAX_PLAYERS),
    parameters={"players": 4, "lives": 3},
)


class CuckooCardsGame(pyspiel.Game):
    """The game for a number of players and lives (the first dealer sits at seat 0)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        players = int(params.get("players", 4))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(_MOVES),
            max_chance_outcomes=len(DECK),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=100_000,  # void hands can repeat, but every game ends
        )
        super().__init__(_GAME_TYPE, info, params)
        self.players = players
        self.variant = cards.rules(lives=int(self.get_parameters().get("lives", 3)))

    def new_initial_state(self) -> CuckooCardsState:
        return CuckooCardsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeenObserver:
        recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return SeenObserver(recall, _present)


class CuckooCardsState(SeenState):
    """The engine's state, and what each player has seen of the game so far."""

    state: cards.State

    def __init__(self, game: CuckooCardsGame) -> None:
        super().__init__(
            game, game.players, lambda names: cards.new_game(game.variant, cards.Setup(names, 0))
        )

    def mover(self) -> int:
        return self.state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(_INDEX[m] for m in cards.legal_moves(self.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(_CARD[o.card], float(p)) for o, p in cards.chance_outcomes(self.state)]

    def _apply_action(self, action: int) -> None:
        before = self.state
        if before.is_chance:
            card = DECK[action]
            move: Any = Deal(card) if before.step == "deal" else Reveal(card)
        else:
            move = _MOVES[action]
        self.state = cards.apply(before, move)
        self.past.append((before, move))
        self._note(before, move)

    def action(self, move: Any) -> int:
        return _CARD[move.card] if isinstance(move, (Deal, Reveal)) else _INDEX[move]

    def world_moves(self, player: int, rng: Random) -> Iterator[Any]:
        """The hands before this one as they were (the cards held at their end were
        shown, and the deck is dealt afresh every hand, so what they hid, such as a card a
        dealer's cut discarded, bears on nothing to come); this hand dealt as a drawn world
        (:func:`~cuckoo.players.worlds.cards_world`) holds its cards, the swaps made since
        undone to find what each seat was dealt."""
        start = max(
            (k for k, (before, move) in enumerate(self.past) if _starts_hand(before, move)),
            default=len(self.past),
        )
        held = list(cards_world(self.state, player, rng, self.past).cards)
        for before, move in reversed(self.past[start:]):
            if move is SWAP:
                other = cards.next_seat(before, before.to_act)
                shown = before.cards[other]
                if shown is not None and not shown.is_king:  # it went through: undo it
                    held[before.to_act], held[other] = held[other], held[before.to_act]
        for k, (before, move) in enumerate(self.past):
            dealt = held[before.to_act] if k >= start and isinstance(move, Deal) else None
            yield move if dealt is None else Deal(dealt)

    def _note(self, before: cards.State, move: Any) -> None:
        """What each player sees of *move*."""
        who = before.to_act
        everyone = range(len(self.seen))
        if isinstance(move, Deal):
            for p in everyone:
                self.seen[p].append(f"deal P{who} {move.card}" if p == who else f"deal P{who}")
        elif isinstance(move, Reveal):
            for p in everyone:
                self.seen[p].append(f"cut {move.card}")
        elif move is SWAP:
            other = cards.next_seat(before, who)
            mine, theirs = before.cards[who], before.cards[other]
            for p in everyone:
                if theirs is not None and theirs.is_king:
                    self.seen[p].append(f"P{who} swap, P{other} shows {theirs}")
                elif p in (who, other):
                    self.seen[p].append(
                        f"P{who} swap P{other}, gets {theirs if p == who else mine}"
                    )
                else:
                    self.seen[p].append(f"P{who} swap P{other}")
        else:
            for p in everyone:
                self.seen[p].append(f"P{who} {move}")
        if self.state.hands > before.hands:  # the hand ended: every card is shown
            shown = " ".join(str(c) for c in before.cards if c is not None)
            lives = " ".join(map(str, self.state.lives))
            for p in everyone:
                self.seen[p].append(f"shown {shown}; lives {lives}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return str(DECK[action])
        return str(_MOVES[action])

    def returns(self) -> list[float]:
        n = len(self.seen)
        won = cards.winner(self.state)
        if won is None:
            return [0.0] * n
        return [1.0 if p == won else -1.0 / (n - 1) for p in range(n)]

    def __str__(self) -> str:
        return diagram(self.state)


def _starts_hand(before: cards.State, move: Any) -> bool:
    """Whether *move* is the first card dealt in a hand."""
    return isinstance(move, Deal) and not any(before.cards)


def _present(state: CuckooCardsState, player: int) -> str:
    """What *player* sees now: their card, the lives, the dealer, whose step it is."""
    own = state.state.cards[player]
    return (
        f"P{player} holds {own or '-'}; lives {' '.join(map(str, state.state.lives))}; "
        f"dealer P{state.state.dealer}; {state.state.step} P{state.state.to_act}"
    )


pyspiel.register_game(_GAME_TYPE, CuckooCardsGame)
