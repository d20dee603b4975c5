"""OpenSpiel's information-set search in the binding: the worlds a state draws for a player
keep everything the player saw and nothing it did not, and ISMCTS plays whole games
against the reference's hard bot.

Needs the ``openspiel`` extra; elsewhere these tests skip cleanly."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cuckoo import kuckuck  # noqa: E402
from cuckoo.cards import notation as cards_notation  # noqa: E402
from cuckoo.kuckuck import notation as kuckuck_notation  # noqa: E402
from cuckoo.openspiel.match import (  # noqa: E402
    GAMES,
    ismcts_bot,
    ismcts_player,
    play,
    reference_player,
)
from cuckoo.players.bots import bot_named  # noqa: E402
from cuckoo.players.worlds import cards_known, kuckuck_known  # noqa: E402


def _decisions(name: str, seed: int, every: int) -> Iterator[Any]:
    """Every *every*-th decision of a random game of *name*, as an OpenSpiel state."""
    rng = Random(seed)
    state = pyspiel.load_game(name).new_initial_state()
    decided = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, chances)[0])
            continue
        if decided % every == 0:
            yield state
        decided += 1
        state.apply_action(rng.choice(state.legal_actions()))


def _worlds(state: Any, rng: Random, count: int) -> Iterator[Any]:
    for _ in range(count):
        yield state.resample_from_infostate(state.current_player(), rng.random)


def _view(state: Any, player: int) -> tuple[str, str]:
    return state.information_state_string(player), state.observation_string(player)


def test_card_worlds_keep_the_own_card_and_every_public_fact() -> None:
    """In every world: the player's own card and every card whose place it knows (a swap
    it took part in, a king shown), the lives, dealer, step and the hands before this one
    as they were; and the player's information state unchanged.  Over the worlds, the
    other cards do change."""
    rng, differed = Random(1), 0
    for seed in range(4):
        for state in _decisions(GAMES[cards_notation.GAME], seed, 3):
            real, player = state.state, state.current_player()
            known = cards_known(state.past, player)
            deals = [k for k, (b, m) in enumerate(state.past) if not any(b.cards)]
            hand = deals[-1]  # the first card dealt in this hand
            for world in _worlds(state, rng, 5):
                seen = world.state
                assert seen.cards[player] == real.cards[player]
                assert all(seen.cards[s] == card for s, card in known.items())
                assert (seen.lives, seen.dealer, seen.step, seen.to_act, seen.hands) == (
                    real.lives,
                    real.dealer,
                    real.step,
                    real.to_act,
                    real.hands,
                )
                assert [m for _, m in world.past[:hand]] == [m for _, m in state.past[:hand]]
                assert _view(world, player) == _view(state, player)
                assert world.legal_actions() == state.legal_actions()
                differed += seen.cards != real.cards
    assert differed > 50, "the worlds draw the cards the player has not seen"


def test_kuckuck_worlds_keep_the_own_hand_and_every_card_shown() -> None:
    """In every world of the tactical version: the hands the player has held as dealt, its
    hand now, every card played (by the same seat, in the same order), the nests, the
    cockatoo counts and the scores; and the player's information state unchanged."""
    rng, differed = Random(2), 0
    for state in _decisions(GAMES[kuckuck_notation.GAME], 5, 9):
        real, player = state.state, state.current_player()
        for world in _worlds(state, rng, 3):
            seen = world.state
            for hand in kuckuck_known(real, player):
                assert seen.dealt[hand] == real.dealt[hand]
            assert seen.hands[player] == real.hands[player]
            assert (seen.played, seen.plays, seen.nests, seen.counts, seen.scores) == (
                real.played,
                real.plays,
                real.nests,
                real.counts,
                real.scores,
            )
            assert _undealt(world) == _undealt(state)
            assert _view(world, player) == _view(state, player)
            differed += seen.dealt != real.dealt
    assert differed > 10


def _undealt(state: Any) -> list[Any]:
    """The moves so far but the dealt cards (the nest cards, the start, every card played)."""
    return [move for _, move in state.past if not isinstance(move, kuckuck.Deal)]


@pytest.mark.parametrize("game", [cards_notation.GAME, kuckuck_notation.GAME])
def test_a_world_is_drawn_from_what_the_player_saw_alone(game: str) -> None:
    """Change every card the player has not seen (take a world of the real game as the
    real game) and, for the same draws, the world drawn is the same: no hidden card is read."""
    rng = Random(3)
    for state in _decisions(GAMES[game], 11, 7):
        player = state.current_player()
        other = state.resample_from_infostate(player, rng.random)
        seed = rng.random()
        first = state.resample_from_infostate(player, Random(seed).random)
        again = other.resample_from_infostate(player, Random(seed).random)
        assert first.history() == again.history()
        assert first.state == again.state


def test_the_basic_version_draws_no_worlds() -> None:
    """OpenSpiel's ISMCTS plays games of moves in turn only; the basic version's
    simultaneous rounds are not replayed."""
    state = next(_decisions("python_zum_kuckuck", 1, 1))
    with pytest.raises(pyspiel.SpielError, match="in turn only"):
        state.resample_from_infostate(0, Random(1).random)


def _match(game: str, seed: int, simulations: int, level: str = "hard") -> tuple[int, ...]:
    spiel = pyspiel.load_game(GAMES[game], {"players": 3})
    rng = Random(seed)
    players = [reference_player(bot_named(level, game), rng) for _ in range(3)]
    players[seed % 3] = ismcts_player(ismcts_bot(spiel, simulations, seed))
    return play(spiel, players, rng)


def test_ismcts_plays_whole_card_games_against_the_hard_bot() -> None:
    """OpenSpiel's ISMCTS, in worlds the binding draws, plays the card game to its end
    against two hard bots; every action is checked legal (:func:`play`), and its search
    meets no state of the same information state with other legal actions (OpenSpiel's
    ISMCTS fails on one)."""
    for seed in range(2):
        (winner,) = _match(cards_notation.GAME, seed, 20)
        assert 0 <= winner < 3


def test_ismcts_plays_a_whole_kuckuck_match() -> None:
    """The same in the tactical version of Zum Kuckuck!, against the medium bot: the hand
    that reaches a player at a new cycle is in their information state (without it, two
    worlds alike to the player gave them different cards to play, and this match failed)."""
    winners = _match(kuckuck_notation.GAME, 2, 8, "medium")
    assert winners and set(winners) <= {0, 1, 2}


@pytest.mark.slow
def test_ismcts_plays_a_whole_kuckuck_match_against_the_hard_bot() -> None:
    winners = _match(kuckuck_notation.GAME, 1, 10)
    assert winners and set(winners) <= {0, 1, 2}
