"""The options of ``cuckoo conform``: what each means, its default, and the argparse types
that refuse a bad value in one line."""

from __future__ import annotations

import argparse
from typing import Final

from ...option_values import MOST, seconds, seed, whole, written

MAX_TIMEOUT: Final = 86_400.0
"""The longest ``--timeout``: a day (a longer wait is no bound at all)."""


def _count(text: str) -> int:
    """An argparse type: a seed for ``--shuffle``, a whole number >= 0 (of at most 18
    digits)."""
    return whole(text, 0, MOST, f"a whole number from 0 to {MOST:,}")


def _games(text: str) -> int:
    """An argparse type: a number of random games, at least 1 (``--suite-only`` plays
    none: a ``--random 0`` that played the suite alone would hide a typo)."""
    return whole(text, 1, MOST, "a number of games >= 1 (--suite-only plays none)")


RANDOM_GAMES: Final = 30
"""The random games a plain run plays after the suite: about three seconds against the
reference, enough that an engine right only on the suite's cases seldom passes."""

DRAWN: Final = -1
"""``--shuffle`` without a seed: one is drawn, and printed."""


GAME_NAMES: Final = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")

RESULTS_FILES: Final = (
    ("--report", "FILE.json", "write the results as JSON"),
    ("--summary", "FILE.md", "append a Markdown summary (e.g. to $GITHUB_STEP_SUMMARY)"),
    ("--html", "FILE.html", "write the results as a web page"),
    ("--badge", "FILE.svg", "write a badge of the pass rate"),
)
"""The files a run's results are written to, each checked before the run by the one gate
of outputs: option, what it names, what it writes."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``cuckoo conform`` but ``-j``, which the command line declares as it
    declares every command's."""
    parser.add_argument(
        "--engine", required=True, help='the engine\'s command, e.g. "cuckoo serve"'
    )
    parser.add_argument("--suite", help="a suite file (default: every suite shipped)")
    parser.add_argument("--xfail", help="a file of case IDs expected to fail, one a line")
    parser.add_argument(
        "--timeout",
        type=seconds(MAX_TIMEOUT),
        default=10.0,
        help=f"seconds to wait for each answer, above 0, at most {MAX_TIMEOUT:g} (default: 10)",
    )
    parser.add_argument(
        "--random",
        type=_games,
        metavar="N",
        help=f"play N random games against the reference after the suite, across every game, "
        f"ruleset, variant and parameter (default: {RANDOM_GAMES}, a few seconds; N from 1 to "
        f"{MOST:,})",
    )
    parser.add_argument(
        "--seed", type=seed, help=f"seed of the random games, at most {MOST:,} (default: 0)"
    )
    parts = parser.add_mutually_exclusive_group()
    parts.add_argument(
        "--suite-only", action="store_true", help="run the suite alone: no random game"
    )
    parts.add_argument(
        "--random-only", action="store_true", help="play the random games alone: no suite"
    )
    parser.add_argument(
        "--shuffle",
        type=_count,
        nargs="?",
        const=DRAWN,
        metavar="SEED",
        help=f"run the cases in a random order, drawn from SEED, 0 to {MOST:,} (default: a "
        "seed drawn afresh); the seed is printed, to repeat the run",
    )
    parser.add_argument(
        "--partial",
        action="store_true",
        help="accept a partial engine: cases and games it answers '? unsupported' to are "
        "skipped and the run can still pass (default: a skip makes it fail: not conformant)",
    )
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="start the engine afresh for each case (slower: one start per case)",
    )
    parser.add_argument(
        "--game",
        choices=GAME_NAMES,
        help="only this game's suite, or random games (default: all three)",
    )
    parser.add_argument(
        "--run",
        dest="only",
        action="append",
        default=[],
        metavar="SELECTOR",
        help="only the cases a selector matches: a case ID, rule ID, game, tag or "
        "parameter=value, shell wildcards allowed (e.g. 'CC-*', lives=1); may be repeated "
        "(default: every case)",
    )
    parser.add_argument(
        "--skip",
        dest="leave_out",
        action="append",
        default=[],
        metavar="SELECTOR",
        help="leave out the cases a selector matches (as --run); reported as skipped "
        "(default: none)",
    )
    for option, metavar, help_ in RESULTS_FILES:
        parser.add_argument(option, type=written, metavar=metavar, help=help_)
    parser.add_argument(
        "--spec-url",
        metavar="URL",
        help="the address of the published spec (the rulebook site's spec/ folder): the "
        "results files link each rule ID to URL/GAME/CHAPTER.html#ID (default: spec/, "
        "relative to the site the pages are put in)",
    )
