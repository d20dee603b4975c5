"""The options several commands take, each defined once here, and the readers of their
values: a bad value is a usage error that says what was expected."""

from __future__ import annotations

import argparse
import os
from typing import Final

from ..games import GAMES
from ..option_values import MOST, seed, whole, written
from .common import UsageError

# -- reading values (the readers every command shares are in cuckoo.option_values) -----------



def positive(text: str) -> int:
    return whole(text, 1, MOST, f"a whole number from 1 to {MOST:,}")


def count(text: str) -> int:
    return whole(text, 0, MOST, f"a whole number from 0 to {MOST:,}")


def players(text: str) -> int:
    return whole(text, 2, 51, "2 to 51 players")


def _cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


MAX_JOBS: Final = 4 * _cpus()
"""More processes than 4 per CPU would only stall the machine (thousands of them once
did, each with its own engine)."""


def jobs(text: str) -> int:
    """A number of processes, 1 to :data:`MAX_JOBS`: the type of every ``-j``."""
    return whole(text, 1, MAX_JOBS, f"1 to {MAX_JOBS} processes (4 per CPU)")


# -- the options -----------------------------------------------------------------------------


def jobs_help(what: str, default: str) -> str:
    """The help of every ``-j``: what the processes do, and the cap :func:`jobs` holds."""
    return f"{what}, 1 to {MAX_JOBS} (4 per CPU; default: {default})"


def jobs_option(
    parser: argparse.ArgumentParser, what: str, default: int = 1, default_said: str = "1"
) -> None:
    """``-j N``: *what* N processes do; every command's ``-j`` is declared here, the
    conformance kit's and a study's too, so all of them hold and state the same cap."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=jobs,
        default=default,
        metavar="N",
        help=jobs_help(what, default_said),
    )


def seed_option(
    parser: argparse.ArgumentParser,
    help_: str = "same seed, same games (required)",
    default: int | None = None,
) -> None:
    """``--seed``: required unless given a *default*."""
    parser.add_argument("--seed", type=seed, required=default is None, default=default, help=help_)


def games_option(parser: argparse.ArgumentParser, what: str, default: int) -> None:
    parser.add_argument(
        "--games", type=positive, default=default, metavar="N", help=f"{what} (default: {default})"
    )


def players_option(parser: argparse.ArgumentParser, what: str, default: int) -> None:
    """``--players``, read by :func:`players_of` (the dice game refuses it)."""
    parser.add_argument(
        "--players",
        type=players,
        metavar="N",
        help=f"cuckoo-cards (2 to 51) and zum-kuckuck (3 to 5): {what} (default: {default})",
    )
    parser.set_defaults(default_players=default)


def players_of(args: argparse.Namespace) -> int:
    """How many play: two in the dice game, which refuses ``--players`` rather than
    ignore it; else ``--players`` or the command's default.

    :raises UsageError: for ``--players`` given with the dice game.
    """
    if args.game != "cuckoo-dice":
        return int(args.players or args.default_players)
    if args.players is not None:
        raise UsageError(
            f"--players {args.players}: cuckoo-dice is played by two, always: leave it out"
        )
    return 2


def quiet_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress and no summary on stderr"
    )


def game_option(parser: argparse.ArgumentParser, help_: str) -> None:
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="cuckoo-dice",
        metavar="GAME",
        help=f"{help_}: {', '.join(sorted(GAMES))} (default: cuckoo-dice)",
    )


def output_option(parser: argparse._ActionsContainer, what: str = "write here") -> None:
    parser.add_argument(
        "-o",
        "--output",
        type=written,
        metavar="FILE",
        help=f"{what} instead of stdout (a regular file is replaced atomically)",
    )


def ruleset_option(parser: argparse.ArgumentParser) -> None:
    from ..dice import RULESETS
    from ..kuckuck import VARIANTS

    parser.add_argument(
        "--ruleset",
        choices=sorted({*RULESETS, *VARIANTS}),
        metavar="R",
        help=f"cuckoo-dice: {', '.join(sorted(RULESETS))} (default: cuckoo); "
        f"zum-kuckuck: {', '.join(VARIANTS)} (default: basic)",
    )


def bot_help(game: str | None) -> str:
    """The bots of *game*, or of every game when none is chosen."""
    from ..players.bots import BOTS

    chosen = {game: BOTS[game]} if game in BOTS else BOTS
    listed = "; ".join(f"{name}: {', '.join(bots)}" for name, bots in chosen.items())
    listed = listed.replace("mcts", "mcts (or mcts:N, N playouts a move)")
    return listed.replace("search", "search (or search:N, N worlds a decision)")
