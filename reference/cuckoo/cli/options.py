"""The options several commands take, each defined once here, and the readers of their
values: a bad value is a usage error that says what was expected."""

from __future__ import annotations

import argparse
import os
from typing import Final

from ..games import GAMES

# -- reading values --------------------------------------------------------------------------


def _whole(text: str, low: int, high: int, expected: str) -> int:
    """*text* as a whole number from *low* to *high*, or the usage error that says what
    was *expected* (quoting at most 40 characters of a value that is too long)."""
    if text.isascii() and text.isdigit() and len(text) <= 18 and low <= int(text) <= high:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected {expected}, not {_quoted(text)}")


def _quoted(text: str) -> str:
    return repr(text[:40]) + ("..." if len(text) > 40 else "")


MOST: Final = 10**18 - 1
"""The largest count an option takes: more than any run could reach."""


def positive(text: str) -> int:
    return _whole(text, 1, MOST, "a whole number >= 1")


def count(text: str) -> int:
    return _whole(text, 0, MOST, "a whole number >= 0")


def players(text: str) -> int:
    return _whole(text, 2, 51, "2 to 51 players")


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
    return _whole(text, 1, MAX_JOBS, f"1 to {MAX_JOBS} processes (4 per CPU)")


def seed(text: str) -> int:
    """Any whole number (Python's own reading of one), or a usage error."""
    try:
        return int(text)
    except ValueError:  # not a number, or too many digits to read
        raise argparse.ArgumentTypeError(f"expected a whole number, not {_quoted(text)}") from None


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
    parser.add_argument(
        "--players",
        type=players,
        default=default,
        metavar="N",
        help=f"cuckoo-cards (2 to 51) and zum-kuckuck (3 to 5): {what} (default: {default})",
    )


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
