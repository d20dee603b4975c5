"""What ``replay``, ``legal`` and ``render`` share: they take one game of a file, up to a
turn, and show the position there."""

from __future__ import annotations

import argparse
from argparse import Namespace
from collections.abc import Callable
from typing import Any

from ..games import Kit
from .common import UsageError, pick
from .options import count, positive
from .parser import command


def position_command(
    commands: Any, name: str, summary: str, examples: str
) -> argparse.ArgumentParser:
    """The command *name* with the options that choose a position: FILE, ``--game`` and
    ``--turn``."""
    p = command(commands, name, summary, examples)
    p.add_argument("file", metavar="FILE", help="a record file; - for stdin")
    p.add_argument(
        "--game",
        type=positive,
        default=1,
        metavar="N",
        help="the Nth game of FILE (default: 1)",
    )
    p.add_argument(
        "--turn",
        "--ply",
        dest="turn",
        type=count,
        metavar="N",
        help="after the first N turns (each entry of the movetext counts one; --ply is "
        "the old name); default: the end",
    )
    return p


def position_command_in_json(
    commands: Any, name: str, summary: str, example: str, run: Callable[[Namespace], int]
) -> None:
    """The command *name* that prints what it finds, or with ``--json`` the same as JSON."""
    p = position_command(commands, name, summary, example)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def state_at(args: argparse.Namespace) -> tuple[Kit, Any]:
    """The state after ``--turn`` entries of game ``--game`` (the end by default)."""
    kit, _, state = position_at(args)
    return kit, state


def position_at(args: argparse.Namespace) -> tuple[Kit, Any, Any]:
    """:func:`state_at`, with the record the state is in."""
    kit, record = pick(args.file, args.game)
    if args.turn is not None and args.turn > len(record.moves):
        raise UsageError(f"game {args.game} has only {len(record.moves)} turns")
    states = kit.replay(record)
    state = next(states)
    for turn, after in enumerate(states, 1):
        if args.turn is not None and turn > args.turn:
            break
        state = after
    return kit, record, state
