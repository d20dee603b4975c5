"""The ``cuckoo`` command: validate, replay, inspect, generate and format game records.

Exit status: 0 when everything given is legal, 1 when a record is malformed or illegal,
2 for a usage error or a file that cannot be read.  No input makes it print a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, nullcontext
from itertools import islice, repeat
from pathlib import Path
from random import Random
from typing import IO, Any, NoReturn

from . import __version__
from .conformance.runner import add_arguments as conform_arguments
from .dice import RULESETS
from .errors import CuckooError, NotationError, SetupError
from .files import atomic_write
from .games import GAMES, Kit, read_records, validate
from .notation import MAX_RECORD_CHARS, Record, split_records

__all__ = ["main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_BUG = 0, 1, 2, 70


class UsageError(Exception):
    """Bad arguments or an unreadable file: exit status 2."""


# -- reading files ---------------------------------------------------------------------------


@contextmanager
def _lines(path: str) -> Iterator[Iterator[str]]:
    """The lines of *path* (``-`` for standard input), or a :class:`UsageError`."""
    if path == "-":
        sys.stdin.reconfigure(encoding="utf-8", errors="strict")  # type: ignore[union-attr]
        yield _decoded(sys.stdin, "<stdin>")
        return
    try:
        with open(path, encoding="utf-8", newline=None) as handle:
            yield _decoded(handle, path)
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory, not a record file") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read: {error.strerror or error}") from None


def _decoded(handle: IO[str], name: str) -> Iterator[str]:
    """The lines of *handle*, none longer than a record may be, so memory stays bounded."""
    number = 0
    try:
        while line := handle.readline(MAX_RECORD_CHARS + 1):
            number += 1
            if "\x00" in line:
                raise UsageError(f"{name}:{number}: binary data, not a record file")
            if len(line) > MAX_RECORD_CHARS:
                raise UsageError(
                    f"{name}:{number}: a line longer than {MAX_RECORD_CHARS} characters"
                )
            yield line
    except UnicodeDecodeError:
        raise UsageError(f"{name}:{number + 1}: not UTF-8 text") from None


def _records(path: str) -> Iterator[tuple[Kit, Record] | NotationError]:
    name = "<stdin>" if path == "-" else path
    with _lines(path) as lines:
        yield from read_records(lines, source=name)


def _pick(path: str, game: int) -> tuple[Kit, Record]:
    for index, item in enumerate(_records(path), 1):
        if index == game:
            if isinstance(item, NotationError):
                raise item
            return item
    raise UsageError(f"{path}: there is no game {game}")


# -- commands --------------------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    games = moves = problems = 0
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for path in args.files:
            name = "<stdin>" if path == "-" else path
            before = games
            with _lines(path) as lines:
                for count, text, data in _validated(lines, name, pool, args.jobs):
                    games += 1
                    moves += count
                    if text is not None:
                        problems += 1
                        print(json.dumps(data) if args.json else text)
            if games == before:
                problems += 1
                error = NotationError("holds no game", rule="CD-NOTATION-SYNTAX", source=name)
                _problem(error, args.json)
    if args.json:
        print(json.dumps({"games": games, "moves": moves, "problems": problems}))
    else:
        print(f"{games} games, {moves} moves, {problems} problems", file=sys.stderr)
    return EXIT_INVALID if problems else EXIT_OK


Validated = tuple[int, str | None, dict[str, Any] | None]


def _validated(
    lines: Iterator[str], source: str, pool: ProcessPoolExecutor | None, jobs: int
) -> Iterator[Validated]:
    """Each record of *lines* replayed, in order: here, or in batches across *pool*'s
    processes, so that memory stays bounded by the batch."""
    try:
        chunks = split_records(lines, rule="CD-NOTATION-SYNTAX")
        if pool is None:
            for chunk in chunks:
                yield validate(chunk, source)
            return
        while batch := list(islice(chunks, 64 * jobs)):
            yield from pool.map(validate, batch, repeat(source), chunksize=16)
    except NotationError as error:
        located = NotationError(error.detail, rule=error.rule, line=error.line, source=source)
        yield 0, str(located), located.as_dict()


def _problem(error: CuckooError, as_json: bool) -> None:
    if as_json:
        print(json.dumps(error.as_dict()))
    else:
        print(error)


def _state_at(args: argparse.Namespace) -> tuple[Kit, Any]:
    """The state after ``--ply`` moves of game ``--game`` (the end by default)."""
    kit, record = _pick(args.file, args.game)
    if args.ply is not None and args.ply > len(record.moves):
        raise UsageError(f"game {args.game} has only {len(record.moves)} moves")
    states = kit.replay(record)
    state = next(states)
    for ply, after in enumerate(states, 1):
        if args.ply is not None and ply > args.ply:
            break
        state = after
    return kit, state


def cmd_replay(args: argparse.Namespace) -> int:
    kit, state = _state_at(args)
    if args.json:
        print(json.dumps(kit.state_dict(state), indent=2))
    else:
        sys.stdout.write(kit.diagram(state))
    return EXIT_OK


def cmd_legal(args: argparse.Namespace) -> int:
    kit, state = _state_at(args)
    moves = kit.legal(state)
    if args.json:
        print(json.dumps(moves))
    else:
        for move in moves:
            print(move)
    return EXIT_OK


def cmd_render(args: argparse.Namespace) -> int:
    kit, state = _state_at(args)
    with _output(args.output) as out:
        out.write(kit.svg(state) + "\n")
    return EXIT_OK


def cmd_random(args: argparse.Namespace) -> int:
    rng = Random(args.seed)
    kit = GAMES[args.game]
    if args.ruleset and args.ruleset not in kit.variants:
        rulesets = ", ".join(kit.variants) or "none"
        raise UsageError(f"{args.game} has no ruleset {args.ruleset}; its rulesets: {rulesets}")
    variant = args.ruleset or next(iter(kit.variants), "")
    with _output(args.output) as out:
        for number in range(1, args.games + 1):
            try:
                record = kit.random_record(rng, variant, args.players, number)
            except SetupError as error:  # a number of players this game is not played by
                raise UsageError(f"--players {args.players}: {error.detail}") from None
            out.write(("\n" if number > 1 else "") + kit.format_record(record))
    return EXIT_OK


def cmd_record(args: argparse.Namespace) -> int:
    from . import record

    def say(text: str) -> None:
        print(text, flush=True)

    path = Path(args.resume or args.output)
    try:
        if args.resume:
            recorder = record.resume(path)
        elif path.exists():
            raise UsageError(f"{path} exists: go on with --resume {path}, or choose another file")
        elif args.game == "cuckoo-cards":
            recorder = record.new_cards(path, input, say)
        elif args.game == "zum-kuckuck":
            recorder = record.new_kuckuck(path, input, say)
        else:
            recorder = record.new_dice(path, input, say)
    except EOFError:
        say("\nno game was started")
        return EXIT_OK
    except OSError as error:
        raise UsageError(f"{path}: cannot read: {error.strerror or error}") from None
    try:
        return record.run(recorder, input, say, _completion())
    except (EOFError, KeyboardInterrupt):
        say(f"\nsaved; go on with: cuckoo record --resume {path}")
        return EXIT_OK


def _completion() -> Callable[[Iterable[str]], None]:
    """Tab completion of the legal moves, where the terminal has readline."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return lambda words: None
    readline.parse_and_bind("tab: complete")
    readline.set_completer_delims(" ")

    def offer(words: Iterable[str]) -> None:
        choices = sorted(words)

        def complete(text: str, n: int) -> str | None:
            found = [w for w in choices if w.lower().startswith(text.lower())]
            return found[n] if n < len(found) else None

        readline.set_completer(complete)

    return offer


def cmd_selfplay(args: argparse.Namespace) -> int:
    from .bots import bot_named
    from .dice.notation import format_record, record_of
    from .selfplay import Tally, series

    names = tuple(args.bots.split(","))
    if len(names) != 2:
        raise UsageError("--bots takes two bots, such as random,greedy")
    try:
        bots = (bot_named(names[0]), bot_named(names[1]))
    except ValueError as error:
        raise UsageError(str(error)) from None
    rules = RULESETS[args.ruleset]
    tally = Tally()

    def progress(done: int) -> None:
        if not sys.stderr.isatty():
            return
        filled = 30 * done // args.games
        print(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{args.games}",
            end="",
            file=sys.stderr,
            flush=True,
        )

    with _output(args.output) if args.output else nullcontext() as out:
        for number, game in enumerate(series(rules, bots, args.games, args.seed, progress), 1):
            tally.add(game)
            if out is not None:
                tags = [
                    ("Event", f"selfplay, seed {args.seed}"),
                    ("Round", str(number)),
                    ("Blue", names[0]),
                    ("Red", names[1]),
                ]
                text = format_record(record_of(rules, game.setup, game.moves, tags))
                out.write(("\n" if number > 1 else "") + text)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"{args.games} games of {args.ruleset}, seed {args.seed}")
    for line in tally.lines((names[0], names[1])):
        print(line)
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from . import play
    from .bots import bot_named

    try:
        bot = bot_named(args.bot)
    except ValueError as error:
        raise UsageError(str(error)) from None
    path = Path(args.output)
    if path.exists():
        raise UsageError(f"{path} exists: choose another file")
    human = 0 if args.side.lower() == "blue" else 1

    def say(text: str) -> None:
        print(text, flush=True)

    try:
        return play.run(
            bot, human, RULESETS[args.ruleset], args.seed, path, input, say, _completion()
        )
    except (EOFError, KeyboardInterrupt):
        say(f"\nsaved in {path}")
        return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    from .conformance.protocol import serve

    return serve()


def cmd_conform(args: argparse.Namespace) -> int:
    from .conformance.runner import main as conform

    return conform(args)


def cmd_format(args: argparse.Namespace) -> int:
    texts = []
    for item in _records(args.file):
        if isinstance(item, CuckooError):
            print(item, file=sys.stderr)
            return EXIT_INVALID
        kit, record = item
        try:
            for _ in kit.replay(record):
                pass
            texts.append(kit.format_record(record))
        except CuckooError as error:
            print(error, file=sys.stderr)
            return EXIT_INVALID
    if not texts:
        name = "<stdin>" if args.file == "-" else args.file
        print(
            NotationError("holds no game", rule="CD-NOTATION-SYNTAX", source=name), file=sys.stderr
        )
        return EXIT_INVALID
    text = "\n".join(texts)
    target = args.file if args.in_place else args.output
    if target is None:
        sys.stdout.write(text)
    elif target == "-":
        raise UsageError("--in-place needs a file, not standard input")
    else:
        if not args.in_place and _same_file(target, args.file):
            raise UsageError(f"{target} is the input: use --in-place to rewrite it")
        with _output(target) as out:
            out.write(text)
    return EXIT_OK


# -- writing files ---------------------------------------------------------------------------


def _same_file(a: str, b: str) -> bool:
    try:
        return b != "-" and os.path.samefile(a, b)
    except OSError:
        return False


@contextmanager
def _output(path: str | None) -> Iterator[IO[str]]:
    if path in (None, "-"):
        yield sys.stdout
        return
    try:
        with atomic_write(Path(path)) as handle:
            yield handle
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror or error}") from None


# -- the parser ------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise UsageError(f"{self.prog}: {message}")


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
    return int(text)


def _players(text: str) -> int:
    if not text.isdigit() or not 2 <= int(text) <= 51:
        raise argparse.ArgumentTypeError(f"expected 2 to 51 players, not {text!r}")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {text!r}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cuckoo",
        description="Validate, replay, inspect, record, generate and format records of the "
        "games called Cuckoo; run the conformance kit.",
    )
    parser.add_argument("--version", action="version", version=f"cuckoo {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = commands.add_parser("validate", help="replay every game and report each problem")
    p.add_argument("files", nargs="+", metavar="FILE", help="record files; - for stdin")
    p.add_argument("--json", action="store_true", help="one JSON object per problem")
    p.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        default=1,
        help="spread the records over this many processes (default 1)",
    )
    p.set_defaults(run=cmd_validate)

    for name, run, text in (
        ("replay", cmd_replay, "show the position as a diagram"),
        ("legal", cmd_legal, "list the legal moves in notation"),
        ("render", cmd_render, "draw the position as SVG"),
    ):
        p = commands.add_parser(name, help=text)
        p.add_argument("file", metavar="FILE", help="a record file; - for stdin")
        p.add_argument("--game", type=_positive, default=1, help="which game (default 1)")
        p.add_argument("--ply", type=_count, help="after this many moves (default: the end)")
        if run is cmd_render:
            p.add_argument("-o", "--output", help="write here (atomically) instead of stdout")
        else:
            p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(run=run)

    p = commands.add_parser("random", help="write random legal games in canonical notation")
    p.add_argument("--game", choices=sorted(GAMES), default="cuckoo-dice", help="the game")
    p.add_argument(
        "--ruleset",
        choices=sorted({v for kit in GAMES.values() for v in kit.variants}),
        help="cuckoo-dice: cuckoo (default), dwnsiwn or unnamed; "
        "zum-kuckuck: basic (default) or tactical",
    )
    p.add_argument(
        "--players",
        type=_players,
        default=4,
        help="cuckoo-cards (2 to 51) and zum-kuckuck (3 to 5): how many players (default 4)",
    )
    p.add_argument("--seed", type=int, required=True, help="same seed, same games")
    p.add_argument("--games", type=_positive, default=1, help="how many (default 1)")
    p.add_argument("-o", "--output", help="write here (atomically) instead of stdout")
    p.set_defaults(run=cmd_random)

    p = commands.add_parser("record", help="record a game played at the table, move by move")
    p.add_argument("--game", choices=sorted(GAMES), default="cuckoo-dice", help="the game")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("-o", "--output", help="the new record file (saved after every move)")
    where.add_argument("--resume", metavar="FILE", help="go on with the game saved in FILE")
    p.set_defaults(run=cmd_record)

    p = commands.add_parser("selfplay", help="bots against bots, with win rates")
    p.add_argument("--game", choices=["cuckoo-dice"], default="cuckoo-dice", help="the game")
    p.add_argument("--bots", required=True, help="two of random, greedy, mcts, mcts:N")
    p.add_argument("--games", type=_positive, default=100, help="how many (default 100)")
    p.add_argument("--seed", type=int, required=True, help="same seed, same games")
    p.add_argument("--ruleset", choices=sorted(RULESETS), default="cuckoo")
    p.add_argument("-o", "--output", help="also write the records here (atomically)")
    p.set_defaults(run=cmd_selfplay)

    p = commands.add_parser("play", help="play the dice pyramid against a bot")
    p.add_argument("--bot", default="mcts", help="random, greedy, mcts or mcts:N")
    p.add_argument("--side", choices=["Blue", "Red", "blue", "red"], default="Blue")
    p.add_argument("--ruleset", choices=sorted(RULESETS), default="cuckoo")
    p.add_argument("--seed", type=int, default=0, help="the dice's seed")
    p.add_argument("-o", "--output", required=True, help="where the game is saved")
    p.set_defaults(run=cmd_play)

    p = commands.add_parser("serve", help="speak the engine protocol on stdin and stdout")
    p.set_defaults(run=cmd_serve)

    p = commands.add_parser("conform", help="run the conformance suite against an engine")
    conform_arguments(p)
    p.set_defaults(run=cmd_conform)

    p = commands.add_parser("format", help="rewrite records in canonical form")
    p.add_argument("file", metavar="FILE", help="a record file; - for stdin")
    where = p.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", help="write here (atomically) instead of stdout")
    where.add_argument("--in-place", action="store_true", help="rewrite FILE (atomically)")
    p.set_defaults(run=cmd_format)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args = build_parser().parse_args(argv)
        status: int = args.run(args)
        return status
    except UsageError as error:
        print(f"cuckoo: {error}", file=sys.stderr)
        return EXIT_USAGE
    except CuckooError as error:
        print(error, file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK
    except Exception as error:  # a bug in this program, never the user's fault
        print(
            f"cuckoo: internal error ({type(error).__name__}: {error}); please report it",
            file=sys.stderr,
        )
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
