"""The words the pictures and diagrams write agree with their numbers ("1 point", "2
points") and with how many players they name ("Ann wins", "Ann and Ben win")."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest

from cuckoo import cards, kuckuck
from cuckoo.cards.playout import random_game as cards_game
from cuckoo.games import GAMES
from cuckoo.kuckuck.playout import random_game as kuckuck_game

ONE_PLURAL = re.compile(
    r"(?<![\d.-])1 (points|cards|hands|cycles|cockatoo cards|lives|sides|plies|moves|games)\b"
)
MANY_WINS = re.compile(r" and \S+ wins\b")


def words(game: str, state: Any) -> str:
    """Everything the app shows of *state* in words: picture (with its description) and
    diagram."""
    kit = GAMES[game]
    return f"{kit.svg(state)}\n{kit.diagram(state)}"


PLAYOUTS: dict[str, tuple[Any, Any, Any]] = {
    "zum-kuckuck": (kuckuck, kuckuck.rules(variant="basic"), kuckuck_game),
    "cuckoo-cards": (cards, cards.rules(lives=1), cards_game),
}


def positions(game: str, seed: int) -> list[Any]:
    """Every position of a random game of *game*, of three or four players."""
    engine, variant, play = PLAYOUTS[game]
    setup, moves = play(variant, Random(seed), players=3 + seed % 2)
    state = engine.new_game(variant, setup)
    states = [state]
    for move in moves:
        state = engine.apply(state, move)
        states.append(state)
    return states


@pytest.mark.parametrize("game", ["zum-kuckuck", "cuckoo-cards"])
def test_a_number_and_its_noun_agree(game: str) -> None:
    seen = 0
    for seed in range(4):
        for state in positions(game, seed)[::3]:
            text = words(game, state)
            assert not ONE_PLURAL.search(text), ONE_PLURAL.search(text)
            assert not MANY_WINS.search(text), MANY_WINS.search(text)
            seen += "1 point" in text or "1 card" in text or "1 hand" in text
    assert seen or game == "cuckoo-cards", "the games reach a count of one"


@pytest.mark.parametrize("variant", ["basic", "tactical"])
def test_every_turning_and_drop_out_of_a_round_is_told(variant: str) -> None:
    """ZK-ROUND-TURN, ZK-ROUND-DROP: each round's cockatoo cards turned and players dropped
    are told to every seat, the round that ends its cycle included (the end of a cycle
    clears the table away: they were once left untold there)."""
    from cuckoo.kuckuck.summary import round_summaries
    from cuckoo.players.words import told

    dropped_at_an_end = 0
    for seed in range(6):
        rules = kuckuck.rules(variant=variant)
        setup, moves = kuckuck_game(rules, Random(seed), players=3 + seed % 3)
        states = [kuckuck.new_game(rules, setup)]
        for move in moves:
            states.append(kuckuck.apply(states[-1], move))
        rounds = iter(round_summaries(states[0], moves))
        for before, move, after in zip(states, moves, states[1:], strict=False):
            if not isinstance(move, kuckuck.Play) or after.step == "play":
                continue
            summary = next(rounds)
            said = " ".join(told("zum-kuckuck", [before, after], [move], 0, ""))
            turned = said.count("turn a cockatoo card") + said.count("turns a cockatoo card")
            assert turned == len(summary.turnings) - sum(not t.turned for t in summary.turnings)
            assert said.count("out of this cycle.") == len(summary.dropped), said
            dropped_at_an_end += bool(summary.dropped and summary.scores)
    assert dropped_at_an_end, "a drop-out ends a cycle in these games"
