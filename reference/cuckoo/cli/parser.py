"""The parser every command is added to: usage errors raised rather than printed, a "did
you mean" for a mistyped command, ``--version``, and a command's help with its examples."""

from __future__ import annotations

import argparse
import sys
import textwrap
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from .. import __version__
from .common import UsageError

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


@dataclass(frozen=True)
class Asked:
    """What the command line names before it is parsed: the *command* about to run and the
    *game* chosen, if any."""

    command: str | None = None
    game: str | None = None

    def runs(self, name: str) -> bool:
        """Whether command *name* may run: the options of the others that need modules to
        be imported (bots, rulesets, the conformance kit, studies) are left out, so that a
        command's start-up imports only what that command needs."""
        return self.command in (None, name)


class Version(argparse.Action):
    """``--version``: the version and the build (see :func:`cuckoo.build`), found only when
    asked for, since finding it loads the dice engine."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> NoReturn:
        from .. import build

        print(f"cuckoo {__version__} ({build()})")
        parser.exit()


class Parser(argparse.ArgumentParser):
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


def command(
    commands: Any, name: str, summary: str, examples: str, description: str = ""
) -> argparse.ArgumentParser:
    """A subcommand with its one-line summary, a longer description and examples (one a
    line: every command has some)."""
    epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples.splitlines())
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=textwrap.fill(description or summary), epilog=epilog
    )
    return parser


def choices_once(parser: argparse.ArgumentParser) -> None:
    """Options with a fixed set of values show a name in the usage and list the values in
    their help only, not three times over (as conform's options, declared by the runner)."""
    for action in parser._actions:
        if action.choices and action.option_strings and action.metavar is None:
            action.metavar = action.dest.upper()
            words = ", ".join(map(str, action.choices))
            if action.help and words not in action.help:
                action.help += f"; one of {words}"
