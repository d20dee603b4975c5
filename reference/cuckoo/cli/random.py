"""``cuckoo random``: random legal games, written in canonical notation."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import SetupError, shown
from ..games import GAMES
from ..progress import Progress, plural
from .common import EXIT_OK, UsageError, output, variant
from .options import (
    game_option,
    games_option,
    output_option,
    players_of,
    players_option,
    quiet_option,
    ruleset_option,
    seed_option,
)
from .parser import Asked, command


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "random",
        "write random legal games in canonical notation",
        "cuckoo random --seed 1 --games 200 -o games.cuckoo\n"
        "cuckoo random --seed 2 --game zum-kuckuck --ruleset tactical --players 5",
    )
    game_option(p, "the game")
    if asked.runs("random"):
        ruleset_option(p)
    players_option(p, "how many players", 4)
    seed_option(p)
    games_option(p, "how many games", 1)
    output_option(p)
    quiet_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from random import Random

    rng = Random(args.seed)
    kit = GAMES[args.game]
    chosen = variant(args.game, args.ruleset)
    progress = Progress("game", args.games, quiet=args.quiet)
    players = players_of(args)
    with output(args.output) as out:
        for number in range(1, args.games + 1):
            try:
                record = kit.random_record(rng, chosen, players, number)
            except SetupError as error:  # a number of players this game is not played by
                raise UsageError(f"--players {players}: {error.detail}") from None
            out.write(("\n" if number > 1 else "") + kit.format_record(record))
            progress.advance()
    where = f" written to {shown(args.output)}" if args.output not in (None, "-") else ""
    progress.close(f"{plural(args.games, 'game')} of {args.game}, seed {args.seed}{where}")
    return EXIT_OK
