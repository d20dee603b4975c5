"""A command's suggestion is one the command takes: derived from the game's own registry of
bots, never a list written for one game and shown for all.

Round five: ``selfplay --game zum-kuckuck`` suggested ``random,greedy``, a bot that game
does not have (issue 50, defect 13)."""

from __future__ import annotations

import pytest

from cuckoo.cli import main
from cuckoo.players.bots import BOTS, bot_named
from cuckoo.players.tables import TABLES


@pytest.mark.parametrize("game", sorted(BOTS))
def test_selfplay_suggests_bots_the_game_has(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", game, "--bots", "random", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    suggested = err.rstrip("\n").rsplit("such as ", 1)[1].split(",")
    assert set(suggested) <= set(BOTS[game]), err
    fewest, most = TABLES[game].players
    assert fewest <= len(suggested) <= most
    assert [bot_named(name, game) for name in suggested]
