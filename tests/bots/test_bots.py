"""Bots, self-play and a game against a bot: legal, deterministic, and stronger than chance."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import dice
from cuckoo.cli import main
from cuckoo.dice.notation import parse, replay
from cuckoo.players.bots import GreedyBot, MctsBot, RandomBot, bot_named
from cuckoo.players.selfplay import Tally, play, series, wilson

CUCKOO = dice.RULESETS["cuckoo"]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["random", "greedy", "mcts:20"]))
def test_bots_make_legal_moves_and_finish_games(seed: int, name: str) -> None:
    game = play((bot_named(name), RandomBot()), Random(seed))
    state = dice.new_game(CUCKOO, game.setup)
    for move in game.moves:
        state = dice.apply(state, move)  # raises if a bot moved illegally
    outcome = dice.result(state)
    assert outcome is not None and outcome.winners == game.winners


def test_same_seed_same_games() -> None:
    bots = (MctsBot(30), GreedyBot())
    first = [g.moves for g in series(bots, 3, seed=11)]
    assert first == [g.moves for g in series(bots, 3, seed=11)]
    assert first != [g.moves for g in series(bots, 3, seed=12)]


def test_search_beats_chance() -> None:
    """Seeded, so exact: MCTS with 100 playouts wins all 20 games against random play, and
    greedy wins more than half of 200."""
    tally = Tally()
    for game in series((bot_named("mcts:100"), RandomBot()), 20, seed=5):
        tally.add(game)
    assert (tally.score[0], tally.score[1]) == (20.0, 0.0)
    tally = Tally()
    for game in series((GreedyBot(), RandomBot()), 200, seed=5):
        tally.add(game)
    assert tally.score[0] > tally.score[1] and sum(tally.score.values()) == 200


def test_wilson_interval() -> None:
    """Against the formula worked by hand: 5 of 10, z = 1.96: centre 0.5, half-width
    1.96 * sqrt(0.025 + 0.0096) / 1.384 = 0.2634."""
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_bot_names() -> None:
    assert isinstance(bot_named("mcts:7"), MctsBot) and bot_named("mcts:7").simulations == 7
    for bad in ("smart", "greedy:3", "mcts:x", "mcts:0", "mcts:²", "mcts:9999999"):
        with pytest.raises(ValueError):
            bot_named(bad)


def test_selfplay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.cuckoo"
    args = ["selfplay", "--bots", "greedy,random", "--games", "30", "--seed", "2"]
    assert main([*args, "-o", str(path)]) == 0
    report = capsys.readouterr().out
    assert "greedy (Blue): " in report and "95% CI" in report
    assert main([*args]) == 0 and capsys.readouterr().out == report
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().err.startswith("30 games, ")
    assert main(["selfplay", "--bots", "greedy", "--seed", "1"]) == 2


def test_a_whole_game_against_the_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person (Red) types, each time, the first legal move of the position saved so far;
    the game reaches its end and the saved record replays to it."""
    path = tmp_path / "game.cuckoo"

    def person(prompt: str) -> str:
        *_, state = replay(parse(path.read_text(encoding="utf-8")))
        return str(dice.legal_moves(state)[0])

    monkeypatch.setattr("builtins.input", person)
    assert main(["play", "--bot", "greedy", "--side", "Red", "--seed", "4", "-o", str(path)]) == 0
    *_, state = replay(parse(path.read_text(encoding="utf-8")))
    assert state.is_over
    assert "Blue plays" in capsys.readouterr().out
