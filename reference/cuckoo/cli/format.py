"""``cuckoo format``: records rewritten in canonical form, each once it has replayed."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import CuckooError, NotationError
from ..progress import Progress, plural
from .common import EXIT_OK, UsageError, not_the_input, output, records
from .options import output_option, quiet_option
from .parser import Asked, command


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "format",
        "rewrite records in canonical form",
        "cuckoo format game.cuckoo\ncuckoo format --in-place game.cuckoo",
        "Write the records of FILE in canonical form, each once it has replayed. A file is "
        "only ever replaced whole; on stdout the records before a bad one are already out.",
    )
    p.add_argument("file", metavar="FILE", help="a record file; - for stdin")
    where = p.add_mutually_exclusive_group()
    output_option(where)
    where.add_argument("--in-place", action="store_true", help="rewrite FILE (atomically)")
    quiet_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write each record as soon as it has replayed, so that memory stays flat: into a file
    only once all are done (atomically), onto stdout as they come."""
    target = args.file if args.in_place else args.output
    if args.in_place and args.file == "-":
        raise UsageError("--in-place needs a file, not standard input")
    if not args.in_place:
        not_the_input(args.file, rewrite="--in-place")
    progress = Progress("game", quiet=args.quiet)
    with output(target, keep=args.in_place) as out:
        for item in records(args.file):
            if isinstance(item, CuckooError):
                raise item
            kit, record = item
            for _ in kit.replay(record):
                pass
            out.write(("\n" if progress.done else "") + kit.format_record(record))
            progress.advance()
        if not progress.done:
            name = "<stdin>" if args.file == "-" else args.file
            raise NotationError("holds no game", rule="CD-NOTATION-SYNTAX", source=name)
    progress.close(f"{plural(progress.done, 'game')} formatted" if target else "")
    return EXIT_OK
