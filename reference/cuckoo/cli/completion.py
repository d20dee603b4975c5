"""``cuckoo completion``: the shell completion script, made from the parser itself."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import EXIT_OK
from .parser import Asked, command


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "completion",
        "print the shell completion script",
        'eval "$(cuckoo completion bash)"    (in ~/.bashrc)\n'
        'eval "$(cuckoo completion zsh)"     (in ~/.zshrc)',
    )
    p.add_argument("shell", choices=["bash", "zsh"], metavar="SHELL", help="bash or zsh")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..completion import script
    from ..players.bots import BOTS
    from .commands import build_parser

    bots = sorted({name for names in BOTS.values() for name in names})
    sys.stdout.write(script(build_parser(), args.shell, {"bot": bots}))
    return EXIT_OK
