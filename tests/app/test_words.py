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
