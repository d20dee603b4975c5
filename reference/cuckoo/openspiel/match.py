"""OpenSpiel's information-set search against the reference's bots, in the binding.

OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``: Cowling, Powley and Whitehouse
2011) with random rollouts decides from a player's information state alone, in worlds the
binding draws (``resample_from_infostate``: what the player cannot tell from the real
game); the reference's bots read the engine's state and the moves so far, as they do in
``cuckoo play``.  Chance is drawn by whoever runs the game, from its own seeded generator.

Only games of moves in turn are played: OpenSpiel's ISMCTS refuses simultaneous moves, so
Zum Kuckuck! is its tactical version.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..cards import notation as cards_notation
from ..kuckuck import notation as kuckuck_notation
from ..players.bots import Bot
from ..players.tables import TABLES

__all__ = ["GAMES", "Player", "ismcts_bot", "ismcts_player", "play", "reference_player"]

GAMES: Final = {
    cards_notation.GAME: "python_cuckoo_cards",
    kuckuck_notation.GAME: "python_zum_kuckuck_tactical",
}
"""The OpenSpiel game each game with hidden cards is played as."""

Player = Callable[[Any], int]
"""Whoever decides at a seat: the action it takes in an OpenSpiel state."""


def ismcts_bot(game: Any, simulations: int, seed: int, *, uct_c: float = 2.0) -> Any:
    """OpenSpiel's ISMCTS with *simulations* simulations a decision, each from a world
    drawn anew, evaluated by one random rollout to the end of the game; it plays the move
    it tried most.  Seeded: its worlds are drawn with its own generator, through its
    resampler hook, where OpenSpiel's default would seed them from the clock."""
    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, random_state),
        uct_c,
        simulations,
        random_state=random_state,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(
        lambda state, player: state.resample_from_infostate(player, bot.random_number)
    )
    return bot


def ismcts_player(bot: Any) -> Player:
    return lambda state: int(bot.step(state))


def reference_player(bot: Bot, rng: Random) -> Player:
    """One of the reference's bots, given what the engine gives it in ``cuckoo play``: the
    state, its seat and the moves so far."""
    return lambda state: int(
        state.action(bot.choose(state.state, rng, state.current_player(), state.past))
    )


def play(game: Any, players: Sequence[Player], rng: Random) -> tuple[int, ...]:
    """A whole game, one player a seat, chance drawn with *rng*; every action is checked
    legal before it is taken.  The winners' seats (who shares a win shares it)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, chances)[0])
            continue
        action = players[state.current_player()](state)
        if action not in state.legal_actions():
            raise pyspiel.SpielError(f"illegal action {action} in\n{state}")
        state.apply_action(action)
    return tuple(TABLES[_game_of(game)].winners(state.state))


def _game_of(game: Any) -> str:
    """The reference's name of an OpenSpiel game of :data:`GAMES`."""
    short = game.get_type().short_name
    return next(name for name, spiel in GAMES.items() if spiel == short)
