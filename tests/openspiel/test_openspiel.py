"""The dice pyramid inside OpenSpiel: OpenSpiel's own checks, and agreement with the engine.

Needs the ``openspiel`` extra; CI installs it, and elsewhere these tests skip cleanly."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

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


def _play_out(game: Any, rng: Random, check: Callable[[Any], None] | None = None) -> Any:
    """A random game of a sequential *game* to its end, chance drawn by its probabilities
    (which must sum to 1); *check* looks at every decision before it is taken."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            if check:
                check(state)
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_game_played_in_openspiel_replays_in_the_engine() -> None:
    """The same game, action by action in OpenSpiel and move by move in the engine, ends in
    the same position and returns."""

    def same_moves(state: Any) -> None:
        strings = {state.action_to_string(a) for a in state.legal_actions()}
        assert strings == {str(m) for m in dice.legal_moves(state.state)}

    state = _play_out(pyspiel.load_game("python_cuckoo_dice"), Random(7), same_moves)
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


@pytest.mark.parametrize("name", ["python_zum_kuckuck", "python_zum_kuckuck_tactical"])
@pytest.mark.parametrize("players", [3, 5])
def test_openspiel_random_sim_test_kuckuck(name: str, players: int) -> None:
    """ZK-BASIC-SIMULTANEOUS, ZK-TACTICAL-ORDER: the basic version is a simultaneous-move
    game, the tactical one sequential; OpenSpiel's own checks pass on both."""
    import cuckoo.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(name, {"players": players})
    dynamics = pyspiel.GameType.Dynamics
    simultaneous = name == "python_zum_kuckuck"
    assert game.get_type().dynamics == (
        dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL
    )
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_kuckuck_basic_round_is_one_simultaneous_node_and_hides_choices() -> None:
    """ZK-BASIC-SIMULTANEOUS: after the deal and the nest cards every player still in acts at
    one node; what one player has seen does not depend on another's unseen hand."""
    import cuckoo.openspiel  # noqa: F401

    game = pyspiel.load_game("python_zum_kuckuck", {"players": 3})
    views = []
    for last in (59, 58):  # the last card dealt to seat 2 differs
        state = game.new_initial_state()
        for card in [*range(35), last]:
            state.apply_action(card)
        state.apply_action(0)  # the first pair of nest cards
        assert state.is_simultaneous_node()
        assert [len(state.legal_actions(p)) for p in range(3)] == [12, 12, 12]
        views.append([state.information_state_string(p) for p in range(3)])
    assert views[0][:2] == views[1][:2] and views[0][2] != views[1][2]


def test_kuckuck_match_in_openspiel_ends_as_the_engine_says() -> None:
    """ZK-MATCH-WINNER: returns give the winners the point, shared, less the mean."""
    import cuckoo.openspiel  # noqa: F401
    from cuckoo import kuckuck

    game = pyspiel.load_game("python_zum_kuckuck_tactical", {"players": 4})
    state = _play_out(game, Random(3))
    won = kuckuck.winners(state.state)
    assert won and state.state.cycle == 4
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9
    assert {p for p, r in enumerate(returns) if r > 0} == set(won)
