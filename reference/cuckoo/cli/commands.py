"""Every command, in the order the help lists them, and the parser made of them."""

from __future__ import annotations

import argparse
import importlib

from .parser import COMMANDS, Asked, Parser, Version, choices_once

IN_HELP: tuple[str, ...] = tuple(sorted(COMMANDS, key=("completion", "format").__contains__))
"""Each command's module, by name, in the order the help lists them: the commands' own
order, the shell's completion and the formatter last.  A module's ``add`` puts the
command and its options into the parser, and its ``run`` runs it."""


def build_parser(
    command: str | None = None, game: str | None = None, *, alone: bool = False
) -> argparse.ArgumentParser:
    """The ``cuckoo`` command's arguments: one subcommand per task.

    Given the *command* about to run, the options of the others that need modules to be
    imported (bots, rulesets, the conformance kit, studies) are left out: every command
    is listed, but a command's start-up imports only what that command needs; *alone*, the
    others are left out whole (the command line starts with it, so nothing else is read
    and no help lists them). Given the *game* chosen, the help lists only the bots that
    game takes.
    """
    parser = Parser(
        prog="cuckoo",
        description="Validate, replay, inspect, record, generate and format records of the "
        "games called Cuckoo; play them; run the conformance kit.",
        epilog="examples:\n  cuckoo validate examples/*.cuckoo\n"
        "  cuckoo random --seed 1 --games 200 | cuckoo validate -\n"
        "  cuckoo play --bot mcts -o mygame.cuckoo\n"
        "  cuckoo COMMAND --help    (the options of one command)",
    )
    parser.add_argument("--version", action=Version, nargs=0, help="show the version and build")
    commands = parser.add_subparsers(
        dest="command", required=True, parser_class=Parser, metavar="COMMAND"
    )
    asked = Asked(command, game)
    for name in (command,) if alone and command in IN_HELP else IN_HELP:
        importlib.import_module(f".{name}", __package__).add(commands, asked)
    for sub in commands.choices.values():
        choices_once(sub)
    return parser
