"""The ``cuckoo`` command: validate, replay, inspect, generate and format game records.

Exit status: 0 when everything given is legal, 1 when a record is malformed or illegal,
2 for a usage error or a file that cannot be read, 130 when interrupted (Ctrl-C) and 143
when terminated (SIGTERM).  No input makes it print a traceback.
"""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from itertools import pairwise
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final, NoReturn

from . import __version__
from .errors import CuckooError, NotationError, SetupError, shown
from .files import (
    FileProblem,
    atomic_write,
    check_writable,
    open_lines,
    session_lock,
    terminate_cleanly,
)
from .games import GAMES, Kit, note_text, read_records, validate
from .notation import MAX_RECORD_CHARS, Chunk, Record, split_records
from .progress import Progress, is_terminal, plural, rewind

if TYPE_CHECKING:
    from .players.bots import Bot
    from .workers import Workers

__all__ = ["main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 70, 130


class UsageError(FileProblem):
    """Bad arguments, or a file that cannot be read or written: exit status 2."""


# -- reading files ---------------------------------------------------------------------------


def _lines(path: str) -> AbstractContextManager[Iterator[str]]:
    """The lines of *path* (``-`` for standard input); a :class:`FileProblem` if it cannot
    be read as text."""
    return open_lines(path, limit=MAX_RECORD_CHARS)


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
    raise UsageError(f"{shown(path)}: there is no game {game}")


# -- commands --------------------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    games = moves = problems = 0
    progress = Progress("game", quiet=args.quiet)
    with _pool(args.jobs) as pool:
        for path in args.files:
            name = "<stdin>" if path == "-" else path
            before = games
            with _lines(path) as lines:
                for count, text, data in _validated(lines, name, pool):
                    games += 1
                    moves += count
                    progress.advance()
                    if text is not None:
                        problems += 1
                        print(json.dumps(data) if args.json else text)
                    for note in data["notes"] if text is None and data else ():  # no problem
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
    from .workers import Workers

    return Workers(jobs)


Validated = tuple[int, str | None, dict[str, Any] | None]


def _validated(lines: Iterator[str], source: str, workers: Workers | None) -> Iterator[Validated]:
    """Each record of *lines* replayed, in order: here, or by the *workers*, which draw the
    records only as they become free, so that memory stays bounded.  A file that cannot be
    cut into records ends with that problem, after the records before it."""
    cut: list[NotationError] = []

    def records() -> Iterator[tuple[Chunk, str]]:
        try:
            for chunk in split_records(lines, rule="CD-NOTATION-SYNTAX"):
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


def _state_at(args: argparse.Namespace) -> tuple[Kit, Any]:
    """The state after ``--turn`` entries of game ``--game`` (the end by default)."""
    kit, record = _pick(args.file, args.game)
    if args.turn is not None and args.turn > len(record.moves):
        raise UsageError(f"game {args.game} has only {len(record.moves)} turns")
    states = kit.replay(record)
    state = next(states)
    for turn, after in enumerate(states, 1):
        if args.turn is not None and turn > args.turn:
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
    _not_the_input(args.output, args.file)
    kit, state = _state_at(args)
    if args.view == "3d":
        if kit.dialect.game != "cuckoo-dice":
            raise UsageError(f"--view 3d draws the dice pyramid, not {kit.dialect.game}")
        from .dice.iso import iso_svg

        picture: str = iso_svg(state)
    else:
        picture = kit.svg(state)
    if args.output in (None, "-"):
        _escaping(sys.stdout, "xmlcharrefreplace")  # what XML reads back as the character
    with _output(args.output) as out:
        out.write(picture + "\n")
    return EXIT_OK


def cmd_random(args: argparse.Namespace) -> int:
    from random import Random

    rng = Random(args.seed)
    kit = GAMES[args.game]
    variant = _variant(args.game, args.ruleset)
    progress = Progress("game", args.games, quiet=args.quiet)
    with _output(args.output) as out:
        for number in range(1, args.games + 1):
            try:
                record = kit.random_record(rng, variant, args.players, number)
            except SetupError as error:  # a number of players this game is not played by
                raise UsageError(f"--players {args.players}: {error.detail}") from None
            out.write(("\n" if number > 1 else "") + kit.format_record(record))
            progress.advance()
    where = f" written to {shown(args.output)}" if args.output not in (None, "-") else ""
    progress.close(f"{plural(args.games, 'game')} of {args.game}, seed {args.seed}{where}")
    return EXIT_OK


def cmd_record(args: argparse.Namespace) -> int:
    from . import record

    def say(text: str) -> None:
        print(text, flush=True)

    _interactive()
    path = Path(args.resume or args.output)
    recorder = None
    if args.resume and not path.exists():
        raise UsageError(f"{shown(args.resume)}: no such file to resume")
    try:
        with session_lock(path):
            if args.resume:
                recorder = record.resume(path)
            elif path.exists():
                name = shown(str(path))
                raise UsageError(f"{name} exists: go on with --resume {name}, or another file")
            else:
                check_writable(path)  # before the setup is typed, not after
                recorder = record.NEW[args.game](path, _ask, say)
            return record.run(recorder, _ask, say, _completion())
    except (EOFError, KeyboardInterrupt) as error:
        if recorder is not None:
            what = f"saved; go on with: cuckoo record --resume {shown(str(path))}"
        else:
            what = "nothing was changed" if args.resume else "no game was started"
        return _stopped(error, say, what)
    except OSError as error:
        raise UsageError(f"{shown(str(path))}: cannot write: {error.strerror or error}") from None


def _stopped(error: BaseException, say: Callable[[str], None], what: str) -> int:
    """How a session at the terminal ends, saying *what* became of the game: 0 at the end of
    input (Ctrl-D is how a person says "done"), 130 after Ctrl-C."""
    if isinstance(error, KeyboardInterrupt):
        _interrupted(f"; {what}")
        return EXIT_INTERRUPTED
    say(f"\n{what}")
    return EXIT_OK


def _interactive() -> None:
    """A session that asks questions needs a standard input to read the answers from."""
    if sys.stdin is None or sys.stdin.closed:
        raise UsageError("standard input is closed: this command asks questions")


def _ask(prompt: str) -> str:
    """A line typed in answer to *prompt*; one that standard input's encoding cannot read
    (``PYTHONIOENCODING=ascii`` and a ü) ends the session with a message, not a crash."""
    try:
        return input(prompt)
    except UnicodeDecodeError as error:
        byte = error.object[error.start : error.start + 1].hex()
        raise UsageError(
            f"standard input: byte 0x{byte} is not {error.encoding} text; the session stops "
            "(every move before it was saved)"
        ) from None


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


def _variant(game: str, ruleset: str | None) -> str:
    """The ruleset or version named for *game* (its default if none), or a usage error."""
    kit = GAMES[game]
    if ruleset and ruleset not in kit.variants:
        rulesets = ", ".join(kit.variants) or "none"
        raise UsageError(f"{game} has no ruleset {ruleset}; its rulesets: {rulesets}")
    return ruleset or next(iter(kit.variants), "")


def _bots(names: Sequence[str], game: str) -> list[Bot]:
    from .players.bots import bot_named

    try:
        return [bot_named(name, game) for name in names]
    except ValueError as error:
        raise UsageError(str(error)) from None


def cmd_selfplay(args: argparse.Namespace) -> int:
    from .dice import PLAYER_NAMES
    from .players.selfplay import Tally, series
    from .players.tables import TABLES
    from .record import NOTATIONS

    variant = _variant(args.game, args.ruleset)
    names = tuple(args.bots.split(","))
    fewest, most = TABLES[args.game].players
    if not fewest <= len(names) <= most:
        count = f"{fewest} to {most}" if fewest < most else str(most)
        raise UsageError(
            f"--bots takes one bot per player, {count} for {args.game}, such as random,greedy"
        )
    bots = _bots(names, args.game)
    dice_game = args.game == "cuckoo-dice"
    seats = PLAYER_NAMES if dice_game else tuple(f"P{s + 1}" for s in range(len(names)))
    tally = Tally()
    progress = Progress("game", args.games, quiet=args.quiet)
    notation: Any = NOTATIONS[args.game]
    with _output(args.output) if args.output else nullcontext() as out:
        games = series(bots, args.games, args.seed, game=args.game, variant=variant)
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
    print(f"{plural(args.games, 'game')} of {variant or args.game}, seed {args.seed}", file=report)
    for line in tally.lines(names, seats):
        print(line, file=report)
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from .players import terminal
    from .players.bots import BOTS
    from .players.tables import TABLES

    variant = _variant(args.game, args.ruleset)
    fewest, most = TABLES[args.game].players
    players = 2 if args.game == "cuckoo-dice" else args.players
    if not fewest <= players <= most:
        raise UsageError(f"--players: {args.game} takes {fewest} to {most} players")
    bots = _bots([args.bot or BOTS[args.game][-1]] * (players - 1), args.game)
    path = Path(args.output)
    if path.exists():
        raise UsageError(f"{shown(args.output)} exists: choose another file")
    try:
        check_writable(path)
    except OSError as error:
        raise UsageError(f"{shown(args.output)}: cannot write: {error.strerror}") from None
    human = 1 if args.side.lower() == "red" and args.game == "cuckoo-dice" else 0
    _interactive()

    def say(text: str) -> None:
        print(text, flush=True)

    try:
        return terminal.run(
            args.game, bots, human, variant, args.seed, path, _ask, say, _completion()
        )
    except (EOFError, KeyboardInterrupt) as error:
        return _stopped(error, say, f"saved in {shown(str(path))}")


def cmd_serve(args: argparse.Namespace) -> int:
    from .conformance.protocol import serve

    return serve()


def cmd_study(args: argparse.Namespace) -> int:
    from .study import main as study

    return study(args)


def cmd_conform(args: argparse.Namespace) -> int:
    from .conformance.runner import main as conform

    return conform(args)


def cmd_completion(args: argparse.Namespace) -> int:
    from .completion import script
    from .players.bots import BOTS

    bots = sorted({name for names in BOTS.values() for name in names})
    sys.stdout.write(script(build_parser(), args.shell, {"bot": bots}))
    return EXIT_OK


def cmd_format(args: argparse.Namespace) -> int:
    """Write each record as soon as it has replayed, so that memory stays flat: into a file
    only once all are done (atomically), onto stdout as they come."""
    target = args.file if args.in_place else args.output
    if args.in_place and args.file == "-":
        raise UsageError("--in-place needs a file, not standard input")
    if not args.in_place:
        _not_the_input(target, args.file, rewrite="--in-place")
    progress = Progress("game", quiet=args.quiet)
    with _output(target, keep=args.in_place) as out:
        for item in _records(args.file):
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


# -- writing files ---------------------------------------------------------------------------


def _not_the_input(target: str | None, source: str, *, rewrite: str = "") -> None:
    """Refuse to write over the file being read (*rewrite* names the option that may)."""
    try:
        same = target not in (None, "-") and source != "-" and os.path.samefile(target, source)
    except (OSError, ValueError):
        same = False
    if same:
        hint = f": use {rewrite} to rewrite it" if rewrite else "; choose another file"
        raise UsageError(f"{shown(str(target))} is the input{hint}")


@contextmanager
def _output(path: str | None, *, keep: bool = False) -> Iterator[IO[str]]:
    """Standard output for no path or ``-``; else the file, written as :func:`atomic_write`
    says (*keep*: a file rewritten in place, which must be a regular one we may write)."""
    if path in (None, "-"):
        yield sys.stdout
        return
    try:
        with atomic_write(Path(path), keep=keep) as handle:
            yield handle
    except OSError as error:
        raise UsageError(f"{shown(path)}: cannot write: {error.strerror or error}") from None


# -- the parser ------------------------------------------------------------------------------


class _Version(argparse.Action):
    """``--version``: the version and the build (see :func:`cuckoo.build`), found only when
    asked for, since finding it loads the dice engine."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> NoReturn:
        from . import build

        print(f"cuckoo {__version__} ({build()})")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """Usage errors raised, not printed and exited, with a "did you mean" for a mistyped
    command, and help texts laid out as written (examples keep their lines)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        words = message.split("'")
        if message.startswith("argument COMMAND: invalid choice") and len(words) > 2:
            import difflib

            close = difflib.get_close_matches(words[1], COMMANDS, n=1)
            message = f"no command '{words[1]}'" + (
                f"; did you mean {close[0]!r}?"
                if close
                else f"; the commands: {', '.join(COMMANDS)}"
            )
        where = self.prog.removeprefix("cuckoo").strip()
        raise UsageError(f"{where}: {message}" if where else message)


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


def _positive(text: str) -> int:
    return _whole(text, 1, MOST, "a whole number >= 1")


def _count(text: str) -> int:
    return _whole(text, 0, MOST, "a whole number >= 0")


def _players(text: str) -> int:
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


def _jobs(text: str) -> int:
    """A number of processes, 1 to :data:`MAX_JOBS`: the type of every ``-j``."""
    return _whole(text, 1, MAX_JOBS, f"1 to {MAX_JOBS} processes (4 per CPU)")


def _seed(text: str) -> int:
    """Any whole number (Python's own reading of one), or a usage error."""
    try:
        return int(text)
    except ValueError:  # not a number, or too many digits to read
        raise argparse.ArgumentTypeError(f"expected a whole number, not {_quoted(text)}") from None


def _command(
    commands: Any, name: str, summary: str, examples: str = "", description: str = ""
) -> argparse.ArgumentParser:
    """A subcommand with its one-line summary, a longer description and examples."""
    epilog = (
        "examples:\n" + "\n".join(f"  {line}" for line in examples.splitlines())
        if examples
        else None
    )
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=textwrap.fill(description or summary), epilog=epilog
    )
    return parser


def _quiet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress and no summary on stderr"
    )


def _game_option(parser: argparse.ArgumentParser, help_: str) -> None:
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="cuckoo-dice",
        metavar="GAME",
        help=f"{help_}: {', '.join(sorted(GAMES))} (default: cuckoo-dice)",
    )


def _output_option(parser: argparse._ActionsContainer, what: str = "write here") -> None:
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=f"{what} instead of stdout (a regular file is replaced atomically)",
    )


def _ruleset_option(parser: argparse.ArgumentParser) -> None:
    from .dice import RULESETS
    from .kuckuck import VARIANTS

    parser.add_argument(
        "--ruleset",
        choices=sorted({*RULESETS, *VARIANTS}),
        metavar="R",
        help=f"cuckoo-dice: {', '.join(sorted(RULESETS))} (default: cuckoo); "
        f"zum-kuckuck: {', '.join(VARIANTS)} (default: basic)",
    )


def _bot_help(game: str | None) -> str:
    """The bots of *game*, or of every game when none is chosen."""
    from .players.bots import BOTS

    chosen = {game: BOTS[game]} if game in BOTS else BOTS
    listed = "; ".join(f"{name}: {', '.join(bots)}" for name, bots in chosen.items())
    return listed.replace("mcts", "mcts (or mcts:N, N playouts a move)")


def build_parser(command: str | None = None, game: str | None = None) -> argparse.ArgumentParser:
    """The ``cuckoo`` command's arguments: one subcommand per task.

    Given the *command* about to run, the options of the others that need modules to be
    imported (bots, rulesets, the conformance kit, studies) are left out: every command
    is listed, but a command's start-up imports only what that command needs. Given the
    *game* chosen, the help lists only the bots that game takes.
    """

    def runs(name: str) -> bool:
        return command in (None, name)

    parser = _Parser(
        prog="cuckoo",
        description="Validate, replay, inspect, record, generate and format records of the "
        "games called Cuckoo; play them; run the conformance kit.",
        epilog="examples:\n  cuckoo validate examples/*.cuckoo\n"
        "  cuckoo random --seed 1 --games 200 | cuckoo validate -\n"
        "  cuckoo play --bot mcts -o mygame.cuckoo\n"
        "  cuckoo COMMAND --help    (the options of one command)",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and build")
    commands = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser, metavar="COMMAND"
    )

    p = _command(
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
    p.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help=f"spread the records over N processes, 1 to {MAX_JOBS} (4 per CPU; default: 1)",
    )
    _quiet(p)
    p.set_defaults(run=cmd_validate)

    for name, run, text, example in (
        ("replay", cmd_replay, "show the position as a diagram", "cuckoo replay FILE --turn 6"),
        ("legal", cmd_legal, "list the legal moves in notation", "cuckoo legal FILE --json"),
        (
            "render",
            cmd_render,
            "draw the position as SVG",
            "cuckoo render FILE -o end.svg\ncuckoo render FILE --view 3d -o pyramid.svg",
        ),
    ):
        p = _command(commands, name, text, example)
        p.add_argument("file", metavar="FILE", help="a record file; - for stdin")
        p.add_argument(
            "--game",
            type=_positive,
            default=1,
            metavar="N",
            help="the Nth game of FILE (default: 1)",
        )
        p.add_argument(
            "--turn",
            "--ply",
            dest="turn",
            type=_count,
            metavar="N",
            help="after the first N turns (each entry of the movetext counts one; --ply is "
            "the old name); default: the end",
        )
        if run is cmd_render:
            _output_option(p, "write the SVG here")
            p.add_argument(
                "--view",
                choices=["flat", "3d"],
                default="flat",
                help="flat: the position as the rulebook draws it (every game); 3d: the "
                "pyramid seen from above its apex (the dice pyramid); default: %(default)s",
            )
        else:
            p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(run=run)

    p = _command(
        commands,
        "random",
        "write random legal games in canonical notation",
        "cuckoo random --seed 1 --games 200 -o games.cuckoo\n"
        "cuckoo random --seed 2 --game zum-kuckuck --ruleset tactical --players 5",
    )
    _game_option(p, "the game")
    if runs("random"):
        _ruleset_option(p)
    p.add_argument(
        "--players",
        type=_players,
        default=4,
        metavar="N",
        help="cuckoo-cards (2 to 51) and zum-kuckuck (3 to 5): how many players (default: 4)",
    )
    p.add_argument("--seed", type=_seed, required=True, help="same seed, same games (required)")
    p.add_argument(
        "--games", type=_positive, default=1, metavar="N", help="how many games (default: 1)"
    )
    _output_option(p)
    _quiet(p)
    p.set_defaults(run=cmd_random)

    p = _command(
        commands,
        "record",
        "record a game played at the table, move by move",
        "cuckoo record -o tonight.cuckoo\ncuckoo record --game cuckoo-cards -o cards.cuckoo\n"
        "cuckoo record --resume tonight.cuckoo",
        "Asks for the setup as the table shows it, then each move in notation; refuses an "
        "illegal move with its rule and saves the record after every move.",
    )
    _game_option(p, "the game (for a new record)")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "-o", "--output", metavar="FILE", help="the new record file (saved after every move)"
    )
    where.add_argument("--resume", metavar="FILE", help="go on with the game saved in FILE")
    p.set_defaults(run=cmd_record)

    p = _command(
        commands,
        "selfplay",
        "bots against bots, with win rates",
        "cuckoo selfplay --bots random,greedy --games 200 --seed 1\n"
        "cuckoo selfplay --bots mcts:100,greedy --games 20 --seed 1 -o games.cuckoo\n"
        "cuckoo selfplay --game zum-kuckuck --bots random,random,random --seed 1",
    )
    _game_option(p, "the game")
    p.add_argument(
        "--bots",
        required=True,
        metavar="A,B,...",
        help=f"one bot per player, the first player's first; {_bot_help(game)}"
        if runs("selfplay")
        else None,
    )
    p.add_argument(
        "--games", type=_positive, default=100, metavar="N", help="how many (default: 100)"
    )
    p.add_argument("--seed", type=_seed, required=True, help="same seed, same games (required)")
    if runs("selfplay"):
        _ruleset_option(p)
    _output_option(p, "also write the records here,")
    _quiet(p)
    p.set_defaults(run=cmd_selfplay)

    p = _command(
        commands,
        "play",
        "play against bots in the terminal",
        "cuckoo play -o mygame.cuckoo\ncuckoo play --bot greedy --side Red -o mygame.cuckoo\n"
        "cuckoo play --game cuckoo-cards --players 4 -o cards.cuckoo",
        "Type your moves in notation ('legal' lists them, Tab completes them, 'undo' takes "
        "back your last move); the bots answer, chance is drawn and announced, and the game "
        "is saved after every move.",
    )
    _game_option(p, "the game")
    p.add_argument(
        "--bot",
        metavar="BOT",
        help=f"the bot in every other seat; {_bot_help(game)}; default: the strongest of the game"
        if runs("play")
        else None,
    )
    p.add_argument(
        "--side",
        choices=["Blue", "Red", "blue", "red"],
        default="Blue",
        metavar="SIDE",
        help="cuckoo-dice: your colour, Blue or Red (default: Blue)",
    )
    p.add_argument(
        "--players",
        type=_players,
        default=3,
        metavar="N",
        help="cuckoo-cards (2 to 51) and zum-kuckuck (3 to 5): how many, you included (default: 3)",
    )
    if runs("play"):
        _ruleset_option(p)
    p.add_argument("--seed", type=_seed, default=0, help="the seed of chance (default: 0)")
    p.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="where the game is saved (required)"
    )
    p.set_defaults(run=cmd_play)

    p = _command(
        commands,
        "serve",
        "speak the engine protocol on stdin and stdout",
        'cuckoo conform --engine "cuckoo serve"',
    )
    p.set_defaults(run=cmd_serve)

    p = _command(
        commands,
        "conform",
        "run the conformance suite against an engine",
        'cuckoo conform --engine "cuckoo serve"\ncuckoo conform --engine "./myengine" '
        "--random 100 --seed 1\ncuckoo conform --engine \"./myengine\" --run 'CC-*' --skip perft "
        '--report results.json --summary "$GITHUB_STEP_SUMMARY"',
    )
    if runs("conform"):
        from .conformance.runner import add_arguments

        add_arguments(p, _jobs)
    p.set_defaults(run=cmd_conform)

    p = _command(
        commands,
        "study",
        "play a variant study and report its figures",
        "cuckoo study benchmarks/studies/best-game.toml -j 2 --resume",
    )
    if runs("study"):
        from .study import add_arguments as study_arguments

        study_arguments(p, jobs=_jobs)
    p.set_defaults(run=cmd_study)

    p = _command(
        commands,
        "completion",
        "print the shell completion script",
        'eval "$(cuckoo completion bash)"    (in ~/.bashrc)\n'
        'eval "$(cuckoo completion zsh)"     (in ~/.zshrc)',
    )
    p.add_argument("shell", choices=["bash", "zsh"], metavar="SHELL", help="bash or zsh")
    p.set_defaults(run=cmd_completion)

    p = _command(
        commands,
        "format",
        "rewrite records in canonical form",
        "cuckoo format game.cuckoo\ncuckoo format --in-place game.cuckoo",
        "Write the records of FILE in canonical form, each once it has replayed. A file is "
        "only ever replaced whole; on stdout the records before a bad one are already out.",
    )
    p.add_argument("file", metavar="FILE", help="a record file; - for stdin")
    where = p.add_mutually_exclusive_group()
    _output_option(where)
    where.add_argument("--in-place", action="store_true", help="rewrite FILE (atomically)")
    _quiet(p)
    p.set_defaults(run=cmd_format)
    for sub in commands.choices.values():
        _choices_once(sub)
    return parser


def _choices_once(parser: argparse.ArgumentParser) -> None:
    """Options with a fixed set of values show a name in the usage and list the values in
    their help only, not three times over (as conform's options, declared by the runner)."""
    for action in parser._actions:
        if action.choices and action.option_strings and action.metavar is None:
            action.metavar = action.dest.upper()
            words = ", ".join(map(str, action.choices))
            if action.help and words not in action.help:
                action.help += f"; one of {words}"


COMMANDS: Final = (
    "completion",
    "validate",
    "replay",
    "legal",
    "render",
    "random",
    "record",
    "selfplay",
    "play",
    "serve",
    "conform",
    "study",
    "format",
)
"""The subcommands, for "did you mean" and shell completion."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    if argv is None:
        terminate_cleanly()
        _escaping(sys.stdout)
        sys.stdout = sys.stdout or _Closed()
    try:
        words = sys.argv[1:] if argv is None else argv
        named = next((word for word in words if not word.startswith("-")), None)
        args = build_parser(named if named in COMMANDS else None, _game(words)).parse_args(argv)
        status: int = args.run(args)
        if sys.stdout is not None:
            sys.stdout.flush()
        return status
    except FileProblem as error:
        print(f"cuckoo: {error}", file=sys.stderr)
        return EXIT_USAGE
    except CuckooError as error:
        print(error, file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        _interrupted()
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_OK
    except OSError as error:  # standard output full or failing: not the input's fault
        _drop_stdout()
        print(f"cuckoo: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # a bug in this program, never the user's fault
        print(
            f"cuckoo: internal error ({type(error).__name__}: {error}); please report it",
            file=sys.stderr,
        )
        return EXIT_BUG


def _game(words: Sequence[str]) -> str | None:
    """The game that ``--game`` chooses in *words*, if any, before they are parsed."""
    for word, after in pairwise([*words, None]):
        if word == "--game":
            return after
        if word and word.startswith("--game="):
            return word.removeprefix("--game=")
    return None


class _Closed(io.TextIOBase):
    """Standard output closed (``>&-``), which Python gives as None: writing fails with a
    message, where ``None.write`` was an internal error."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _escaping(stream: IO[str] | None, errors: str = "backslashreplace") -> None:
    """Characters *stream*'s encoding cannot write (``PYTHONIOENCODING=ascii`` and a name
    like Jürgen) written escaped as standard error does (by default), not failed on."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors=errors)


def _interrupted(detail: str = "") -> None:
    """The one line Ctrl-C leaves (over a progress counter, on a terminal)."""
    if sys.stderr is not None:
        start = rewind() if is_terminal(sys.stderr) else ""
        print(f"{start}cuckoo: interrupted{detail}", file=sys.stderr)


def _drop_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of
    what could not be written raises nothing more."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # no file behind it, as under pytest
        pass


if __name__ == "__main__":
    sys.exit(main())
