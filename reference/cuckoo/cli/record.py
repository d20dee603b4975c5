"""``cuckoo record``: a game played at the table, recorded move by move."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import shown
from ..files import session_lock
from ..option_values import written
from .common import UsageError, check_target
from .options import game_option
from .parser import Asked, command
from .session import ask, completion, interactive, say, stopped


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "record",
        "record a game played at the table, move by move",
        "cuckoo record -o tonight.cuckoo\ncuckoo record --game cuckoo-cards -o cards.cuckoo\n"
        "cuckoo record --resume tonight.cuckoo",
        "Asks for the setup as the table shows it, then each move in notation; refuses an "
        "illegal move with its rule and saves the record after every move.",
    )
    game_option(p, "the game (for a new record)")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "-o",
        "--output",
        type=written,
        metavar="FILE",
        help="the new record file (saved after every move)",
    )
    where.add_argument(
        "--resume", type=written, metavar="FILE", help="go on with the game saved in FILE"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .. import record

    interactive()
    path = Path(args.resume or args.output)
    recorder = None
    if args.resume and not path.exists():
        raise UsageError(f"{shown(args.resume)}: no such file to resume")
    check_target(path, "--resume" if args.resume else "-o", keep=True)  # before the setup
    try:
        with session_lock(path):
            if args.resume:
                recorder = record.resume(path)
            elif path.exists():
                name = shown(str(path))
                raise UsageError(f"{name} exists: go on with --resume {name}, or another file")
            else:
                recorder = record.NEW[args.game](path, ask, say)
            return record.run(recorder, ask, say, completion())
    except (EOFError, KeyboardInterrupt) as error:
        if recorder is not None:
            what = f"saved; go on with: cuckoo record --resume {shown(str(path))}"
        else:
            what = "nothing was changed" if args.resume else "no game was started"
        return stopped(error, what)
    except OSError as error:
        raise UsageError(f"{shown(str(path))}: cannot write: {error.strerror or error}") from None
