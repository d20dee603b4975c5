"""``cuckoo validate``: replay every game of the files given and report each problem."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from ..errors import CuckooError, NotationError
from ..games import note_text, validate
from ..notation import Chunk, split_records
from ..progress import Progress, plural
from .common import EXIT_INVALID, EXIT_OK, lines
from .options import jobs_option, quiet_option
from .parser import Asked, command

if TYPE_CHECKING:
    from ..workers import Workers


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "validate",
        "replay every game and report each problem",
        "cuckoo validate examples/*.cuckoo\ncuckoo random --seed 1 --games 50 | cuckoo validate -"
        "\ncuckoo validate --json -j 2 games.cuckoo",
        "Replay every game of every FILE and print one line per problem, "
        "file:line:column: RULE-ID: message. Exit 0 if all are legal, 1 if any is not, "
        "2 for a file that cannot be read.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="record files; - for stdin")
    p.add_argument("--json", action="store_true", help="one JSON object per problem")
    jobs_option(p, "spread the records over N processes")
    quiet_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    games = moves = problems = 0
    progress = Progress("game", quiet=args.quiet)
    with _pool(args.jobs) as pool:
        for path in args.files:
            name = "<stdin>" if path == "-" else path
            before = games
            with lines(path) as text:
                for count, said, data in validated(text, name, pool):
                    games += 1
                    moves += count
                    progress.advance()
                    if said is not None:
                        problems += 1
                        print(json.dumps(data) if args.json else said)
                    for note in data["notes"] if said is None and data else ():  # no problem
                        print(json.dumps(note) if args.json else note_text(note))
            if games == before:
                problems += 1
                error = NotationError("holds no game", rule="CD-NOTATION-SYNTAX", source=name)
                _problem(error, args.json)
    if args.json:
        progress.close()
        print(json.dumps({"games": games, "moves": moves, "problems": problems}))
    else:
        counts = (plural(games, "game"), plural(moves, "move"), plural(problems, "problem"))
        progress.close(", ".join(counts))
    return EXIT_INVALID if problems else EXIT_OK


def _pool(jobs: int) -> AbstractContextManager[Workers | None]:
    """Processes for ``--jobs``; none, and nothing of them imported, for one job."""
    if jobs == 1:
        return nullcontext()
    from ..workers import Workers

    return Workers(jobs)


Validated = tuple[int, str | None, dict[str, Any] | None]


def validated(text: Iterator[str], source: str, workers: Workers | None) -> Iterator[Validated]:
    """Each record of the lines *text* replayed, in order: here, or by the *workers*, which
    draw the records only as they become free, so that memory stays bounded.  A file that
    cannot be cut into records ends with that problem, after the records before it."""
    cut: list[NotationError] = []

    def records() -> Iterator[tuple[Chunk, str]]:
        try:
            for chunk in split_records(text, rule="CD-NOTATION-SYNTAX"):
                yield chunk, source
        except NotationError as error:
            cut.append(error)

    if workers is None:
        yield from (validate(*record) for record in records())
    else:
        yield from workers.map(validate, records(), batch=16)
    for error in cut:
        located = NotationError(error.detail, rule=error.rule, line=error.line, source=source)
        yield 0, str(located), located.as_dict()


def _problem(error: CuckooError, as_json: bool) -> None:
    if as_json:
        print(json.dumps(error.as_dict()))
    else:
        print(error)
