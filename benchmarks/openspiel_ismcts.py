"""A cross-check of the hard bots against an engine not ours: OpenSpiel's information-set
search (IS-MCTS, random rollouts) plays the card game and Zum Kuckuck! against them.

One IS-MCTS seat against the reference's hard bot in every other seat, and, for scale,
against its medium bot; the IS-MCTS seat moves round the table from game to game, so it
sits in every seat equally often.  Each game is seeded by its number (chance, the bots and
the search), so a run is the same for the same counts.  The figure is IS-MCTS's share of
the wins (a shared win counts its share) against its fair share, 1 / players, with its 95%
Wilson interval.  Zum Kuckuck! is its tactical version: OpenSpiel's IS-MCTS refuses
simultaneous moves (``cuckoo.openspiel.match``).

Writes ``benchmarks/results/openspiel-ismcts.json`` after every game (``"complete":
false`` until the last), so a run stopped early keeps what it played; ``--table`` prints the
stored run as the Markdown table that ``docs/balance.md`` shows (directive
``cuckoo-openspiel``).

    python benchmarks/openspiel_ismcts.py [--games 60 --matches 24]
    python benchmarks/openspiel_ismcts.py --more --games 100 --matches 40  # more games
    python benchmarks/openspiel_ismcts.py --table
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from random import Random
from typing import Any

from cuckoo.players.selfplay import wilson

ROOT = Path(__file__).resolve().parents[1]
RESULT = ROOT / "benchmarks" / "results" / "openspiel-ismcts.json"
NAMES = {"cuckoo-cards": "the card game", "zum-kuckuck": "Zum Kuckuck! (tactical)"}


def settings(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The matches of a run: each game against each level, with its counts and budget."""
    return [
        {
            "game": game,
            "players": players,
            "opponent": level,
            "games": games,
            "simulations": simulations,
        }
        for game, players, games, simulations in (
            ("cuckoo-cards", args.card_players, args.games, args.simulations),
            ("zum-kuckuck", args.kuckuck_players, args.matches, args.kuckuck_simulations),
        )
        for level in ("hard", "medium")
    ]


def run(
    matches: list[dict[str, Any]], store: Path, before: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play the matches, the least done next (so that a run stopped early has played a like
    part of each), storing the run after every game.  With *before*, a stored run of the
    same matches, its games are kept and the run goes on from there: game ``k`` of a match
    is the same in any run, so the result is that of one run of the new counts."""
    import pyspiel

    from cuckoo.openspiel.match import (
        GAMES,
        ismcts_bot,
        ismcts_player,
        play,
        reference_player,
    )
    from cuckoo.players.bots import LEVELS, bot_named

    result: dict[str, Any] = {
        "date": datetime.now(UTC).date().isoformat(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores",
        "open_spiel": _version("open_spiel"),
        "search": "open_spiel.python.algorithms.ismcts.ISMCTSBot, uct_c 2, one random "
        "rollout to the end of the game a simulation, a world drawn anew a simulation, "
        "the move tried most",
        "complete": False,
        "load_average": [os.getloadavg()[0]],
        "matches": [{**m, "bot": LEVELS[m["game"]][m["opponent"]], "played": []} for m in matches],
    }
    if before:
        result["load_average"][:0] = before["load_average"]
        for match, kept in zip(result["matches"], before["matches"], strict=True):
            same = ("game", "players", "opponent", "simulations")
            if any(match[key] != kept[key] for key in same):
                raise SystemExit(f"the stored run played other matches: {kept}")
            match["played"] = kept["played"][: match["games"]]
    while left := [m for m in result["matches"] if len(m["played"]) < m["games"]]:
        match = min(left, key=lambda m: len(m["played"]) / m["games"])  # the least done
        k = len(match["played"])
        game = pyspiel.load_game(GAMES[match["game"]], {"players": match["players"]})
        rng, seat = Random(k), k % match["players"]
        players = [
            reference_player(bot_named(match["opponent"], match["game"]), rng)
            for _ in range(match["players"])
        ]
        players[seat] = ismcts_player(ismcts_bot(game, match["simulations"], k))
        start, wall = time.process_time(), time.perf_counter()
        winners = play(game, players, rng)
        cpu, wall = time.process_time() - start, time.perf_counter() - wall
        match["played"].append(
            {
                "seat": seat,
                "winners": list(winners),
                "cpu_s": round(cpu, 2),
                "wall_s": round(wall, 2),
            }
        )
        print(
            f"{match['game']} v {match['opponent']} game {k}: IS-MCTS at {seat}, "
            f"won by {list(winners)}, {cpu:.1f} CPU s",
            file=sys.stderr,
        )
        _write(store, result)
    result["complete"] = True
    result["load_average"].append(os.getloadavg()[0])
    _write(store, result)
    return result


def _write(path: Path, result: dict[str, Any]) -> None:
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(result, indent=1) + "\n")


def _version(distribution: str) -> str:
    from importlib.metadata import version

    return version(distribution)


def share(match: dict[str, Any]) -> float:
    """IS-MCTS's wins in a match, a shared win counting its share."""
    return sum(1 / len(g["winners"]) for g in match["played"] if g["seat"] in g["winners"])


def table(result: dict[str, Any]) -> str:
    """The stored run as Markdown: IS-MCTS's share of the wins in each match."""
    lines = [
        "| game | players | IS-MCTS simulations a move | against | games | IS-MCTS's wins "
        "| share (95% interval) | fair share | CPU s a game, all seats |",
        "| --- | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: |",
    ]
    wall = 0.0
    for m in result["matches"]:
        n, won = len(m["played"]), share(m)
        wall += sum(g["wall_s"] for g in m["played"])
        low, high = wilson(won, n)
        cpu = sum(g["cpu_s"] for g in m["played"]) / max(n, 1)
        lines.append(
            f"| {NAMES[m['game']]} | {m['players']} | {m['simulations']} "
            f"| {m['opponent']} (`{m['bot']}`) | {n} | {won:g} "
            f"| {won / max(n, 1):.1%} ({low:.1%} to {high:.1%}) | {1 / m['players']:.1%} "
            f"| {cpu:.1f} |"
        )
    load = ", ".join(f"{x:.1f}" for x in result["load_average"])
    lines.append(
        f"\n{result['date']}, {result['machine']}, OpenSpiel {result['open_spiel']}: "
        f"{result['search']}; {wall / 60:.0f} minutes of games in all; the machine's load "
        f"average at each start and end: {load}"
        + ("." if result["complete"] else "; the run was stopped before its last game.")
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="card games a match")
    parser.add_argument("--matches", type=int, default=24, help="Zum Kuckuck! matches a match")
    parser.add_argument("--simulations", type=int, default=100, help="IS-MCTS, card game")
    parser.add_argument("--kuckuck-simulations", type=int, default=30)
    parser.add_argument("--card-players", type=int, default=4)
    parser.add_argument("--kuckuck-players", type=int, default=3)
    parser.add_argument("--output", type=Path, default=RESULT)
    parser.add_argument("--table", action="store_true", help="print the stored run's table")
    parser.add_argument("--more", action="store_true", help="go on from the stored run")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(RESULT.read_text())))
        return 0
    before = json.loads(args.output.read_text()) if args.more else None
    print(table(run(settings(args), args.output, before)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
