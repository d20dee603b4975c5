"""``cuckoo selfplay``: bots against bots, with their win rates."""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from typing import Any

from ..option_values import bot_names
from ..progress import Progress, plural
from . import options
from .common import EXIT_OK, UsageError, bots, output, variant
from .parser import Asked, command


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "selfplay",
        "bots against bots, with win rates",
        "cuckoo selfplay --bots random,greedy --games 200 --seed 1\n"
        "cuckoo selfplay --bots mcts:100,greedy --games 20 --seed 1 -o games.cuckoo\n"
        "cuckoo selfplay --game zum-kuckuck --bots random,random,random --seed 1",
    )
    options.game_option(p, "the game")
    p.add_argument(
        "--bots",
        type=bot_names,
        required=True,
        metavar="A,B,...",
        help=f"one bot per player, the first player's first; {options.bot_help(asked.game)}"
        if asked.runs("selfplay")
        else None,
    )
    options.games_option(p, "how many", 100)
    options.seed_option(p)
    if asked.runs("selfplay"):
        options.ruleset_option(p)
    options.output_option(p, "also write the records here,")
    options.quiet_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..dice import PLAYER_NAMES
    from ..players.selfplay import Tally, series
    from ..players.tables import TABLES
    from ..record import NOTATIONS

    chosen = variant(args.game, args.ruleset)
    names = tuple(args.bots.split(","))
    fewest, most = TABLES[args.game].players
    if not fewest <= len(names) <= most:
        many = f"{fewest} to {most}" if fewest < most else str(most)
        raise UsageError(
            f"--bots takes one bot per player, {many} for {args.game}, "
            f"such as {example_bots(args.game, fewest)}"
        )
    players = bots(names, args.game)
    dice_game = args.game == "cuckoo-dice"
    seats = PLAYER_NAMES if dice_game else tuple(f"P{s + 1}" for s in range(len(names)))
    tally = Tally()
    progress = Progress("game", args.games, quiet=args.quiet)
    notation: Any = NOTATIONS[args.game]
    with output(args.output) if args.output else nullcontext() as out:
        games = series(players, args.games, args.seed, game=args.game, variant=chosen)
        for number, game in enumerate(games, 1):
            tally.add(game)
            progress.advance()
            if out is not None:
                tags = [("Event", f"selfplay, seed {args.seed}"), ("Round", str(number))]
                if dice_game:
                    tags += list(zip(seats, names, strict=True))
                record = notation.record_of(game.rules, game.setup, game.moves, tags)
                out.write(("\n" if number > 1 else "") + notation.format_record(record))
    progress.close()
    report = sys.stderr if args.output == "-" else sys.stdout  # not amid the records
    print(f"{plural(args.games, 'game')} of {chosen or args.game}, seed {args.seed}", file=report)
    for line in tally.lines(names, seats):
        print(line, file=report)
    return EXIT_OK


def example_bots(game: str, players: int) -> str:
    """A ``--bots`` value *game* takes, for *players*: its first bots behind the levels,
    from the game's own registry (a card game has no ``greedy``, Zum Kuckuck! no ``mcts``)."""
    from ..players.bots import BOTS, LEVELS

    behind = [bot for bot in BOTS[game] if bot not in LEVELS[game]]
    return ",".join(behind[seat % min(2, len(behind))] for seat in range(players))
