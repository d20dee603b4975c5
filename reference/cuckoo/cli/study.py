"""``cuckoo study``: a variant study played and its figures reported (the options are the
study's own: ``study/command.py``)."""

from __future__ import annotations

import argparse
from typing import Any

from .options import jobs_option
from .parser import Asked, command


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "study",
        "play a variant study and report its figures",
        "cuckoo study benchmarks/studies/best-game.toml -j 2 --resume",
    )
    if asked.runs("study"):
        from ..study import add_arguments

        add_arguments(
            p, lambda p: jobs_option(p, "local workers", default=0, default_said="all cores")
        )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..study import main as study

    return study(args)
