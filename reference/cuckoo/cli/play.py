"""``cuckoo play``: a game against bots at the terminal, saved after every move."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import shown
from ..option_values import bot_names, written
from .common import UsageError, bots, check_target, variant
from .options import (
    bot_help,
    game_option,
    players_of,
    players_option,
    ruleset_option,
    seed_option,
)
from .parser import Asked, command
from .session import ask, completion, interactive, say, stopped


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "play",
        "play against bots in the terminal",
        "cuckoo play -o mygame.cuckoo\ncuckoo play --bot greedy --side Red -o mygame.cuckoo\n"
        "cuckoo play --game cuckoo-cards --players 4 -o cards.cuckoo",
        "Type your moves in notation ('legal' lists them, Tab completes them, 'undo' takes "
        "back your last move); the bots answer, chance is drawn and announced, and the game "
        "is saved after every move.",
    )
    game_option(p, "the game")
    p.add_argument(
        "--bot",
        type=bot_names,
        metavar="BOT",
        help=f"the bot in every other seat; {bot_help(asked.game)}; default: hard"
        if asked.runs("play")
        else None,
    )
    p.add_argument(
        "--side",
        choices=["Blue", "Red", "blue", "red"],
        default="Blue",
        metavar="SIDE",
        help="cuckoo-dice: your colour, Blue or Red (default: Blue)",
    )
    players_option(p, "how many, you included", 3)
    if asked.runs("play"):
        ruleset_option(p)
    seed_option(p, "the seed of chance (default: 0)", default=0)
    p.add_argument(
        "-o",
        "--output",
        type=written,
        required=True,
        metavar="FILE",
        help="where the game is saved (required)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..players import terminal
    from ..players.bots import DEFAULT_BOT
    from ..players.tables import TABLES

    chosen = variant(args.game, args.ruleset)
    fewest, most = TABLES[args.game].players
    players = players_of(args)
    if not fewest <= players <= most:
        raise UsageError(f"--players: {args.game} takes {fewest} to {most} players")
    others = bots([args.bot or DEFAULT_BOT] * (players - 1), args.game)
    path = Path(args.output)
    if path.exists():
        raise UsageError(f"{shown(args.output)} exists: choose another file")
    check_target(path, "-o", keep=True)
    human = 1 if args.side.lower() == "red" and args.game == "cuckoo-dice" else 0
    interactive()
    try:
        return terminal.run(
            args.game, others, human, chosen, args.seed, path, ask, say, completion()
        )
    except (EOFError, KeyboardInterrupt) as error:
        return stopped(error, f"saved in {shown(str(path))}")
