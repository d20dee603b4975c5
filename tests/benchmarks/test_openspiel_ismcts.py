"""The stored match of OpenSpiel's ISMCTS against the hard bots: what its table reads."""

from __future__ import annotations

import json

from .conftest import load

bench = load("openspiel_ismcts")


def test_the_stored_run_moves_the_search_round_the_table() -> None:
    """Every match of the stored run seats ISMCTS in each seat in turn, and counts wins
    only of seats at the table."""
    result = json.loads(bench.RESULT.read_text())
    for match in result["matches"]:
        seats = [game["seat"] for game in match["played"]]
        assert seats == [k % match["players"] for k in range(len(seats))]
        assert all(set(g["winners"]) <= set(range(match["players"])) for g in match["played"])


def test_the_table_gives_each_share_with_its_wilson_interval() -> None:
    """A shared win counts its share; the interval is the Wilson interval of that share."""
    match = {
        "game": "zum-kuckuck",
        "players": 3,
        "opponent": "hard",
        "bot": "search",
        "simulations": 30,
        "played": [
            {"seat": 0, "winners": [0], "cpu_s": 1.0, "wall_s": 2.0},
            {"seat": 1, "winners": [1, 2], "cpu_s": 1.0, "wall_s": 2.0},
            {"seat": 2, "winners": [0], "cpu_s": 1.0, "wall_s": 2.0},
            {"seat": 0, "winners": [1], "cpu_s": 1.0, "wall_s": 2.0},
        ],
    }
    assert bench.share(match) == 1.5
    run = {
        "date": "2026-11-27",
        "machine": "Linux x86_64, 2 cores",
        "open_spiel": "2.0.2",
        "search": "ISMCTS",
        "complete": False,
        "load_average": [1.0],
        "matches": [match],
    }
    text = bench.table(run)
    assert "| Zum Kuckuck! (tactical) | 3 | 30 | hard (`search`) | 4 | 1.5 | 37.5% (" in text
    assert "33.3% | 1.0 |" in text
    assert "stopped before its last game" in text
