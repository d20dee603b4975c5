"""Every command, in the order the help lists them, and the parser made of them."""

from __future__ import annotations

import argparse
from types import ModuleType

from . import (
    completion,
    conform,
    format,
    legal,
    play,
    random,
    record,
    render,
    replay,
    selfplay,
    serve,
    study,
    validate,
)
from .parser import Asked, Parser, Version, choices_once

IN_HELP: tuple[ModuleType, ...] = (
    validate,
    replay,
    legal,
    render,
    random,
    record,
    selfplay,
    play,
    serve,
    conform,
    study,
    completion,
    format,
)
"""Each command's module: its ``add`` puts the command and its options into the parser,
and its ``run`` runs it."""


def build_parser(command: str | None = None, game: str | None = None) -> argparse.ArgumentParser:
    """The ``cuckoo`` command's arguments: one subcommand per task.

    Given the *command* about to run, the options of the others that need modules to be
    imported (bots, rulesets, the conformance kit, studies) are left out: every command
    is listed, but a command's start-up imports only what that command needs. Given the
    *game* chosen, the help lists only the bots that game takes.
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
    for module in IN_HELP:
        module.add(commands, asked)
    for sub in commands.choices.values():
        choices_once(sub)
    return parser
