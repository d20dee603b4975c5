"""The dice pyramid inside OpenSpiel: OpenSpiel's own checks, and agreement with the engine.

Needs the ``openspiel`` extra; CI installs it, and elsewhere these tests skip cleanly."""

from __future__ import annotations

from random import Random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cuckoo import dice  # noqa: E402
from cuckoo.openspiel import ACTIONS  # noqa: E402


@pytest.mark.parametrize("ruleset", ["cuckoo", "dwnsiwn", "unnamed"])
def test_openspiel_random_sim_test(ruleset: str) -> None:
    """pyspiel.random_sim_test: OpenSpiel's own consistency checks over random games
    (legal actions, chance probabilities summing to 1, returns, serialization)."""
    game = pyspiel.load_game("python_cuckoo_dice", {"ruleset": ruleset})
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_actions_are_distinct_moves_in_notation() -> None:
    assert len(set(ACTIONS)) == len(ACTIONS)
    assert len({str(m) for m in ACTIONS}) == len(ACTIONS)


def test_a_game_played_in_openspiel_replays_in_the_engine() -> None:
    """The same game, action by action in OpenSpiel and move by move in the engine, ends in
    the same position and returns."""
    game = pyspiel.load_game("python_cuckoo_dice")
    state = game.new_initial_state()
    rng = Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            strings = {state.action_to_string(a) for a in state.legal_actions()}
            assert strings == {str(m) for m in dice.legal_moves(state.state)}
            state.apply_action(rng.choice(state.legal_actions()))
    outcome = dice.result(state.state)
    assert outcome is not None
    expected = {(0,): [1.0, -1.0], (1,): [-1.0, 1.0], (0, 1): [0.0, 0.0]}[outcome.winners]
    assert state.returns() == expected


@pytest.mark.parametrize(("players", "lives"), [(2, 1), (3, 2), (5, 3)])
def test_openspiel_random_sim_test_cards(players: int, lives: int) -> None:
    game = pyspiel.load_game("python_cuckoo_cards", {"players": players, "lives": lives})
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_card_information_states_hide_other_hands() -> None:
    """A player's information state shows their own card, never another's before the hand
    is shown; two deals that differ only in another player's card look the same to them."""
    game = pyspiel.load_game("python_cuckoo_cards", {"players": 3})
    views = []
    for third in (10, 20):  # the card dealt to seat 0 (dealt last: seat 0 deals)
        state = game.new_initial_state()
        for card in (3, 40, third):
            state.apply_action(card)
        views.append((state.information_state_string(1), state.information_state_string(0)))
    assert views[0][0] == views[1][0], "seat 1 cannot tell what seat 0 was dealt"
    assert views[0][1] != views[1][1], "seat 0 knows its own card"
