"""``cuckoo study``: a variant study played and its figures reported (the options are the
study's own: ``study/command.py``)."""

from __future__ import annotations

import argparse
from typing import Any

from .options import jobs, shared_jobs
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

        add_arguments(p, jobs=jobs)
        shared_jobs(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..study import main as study

    return study(args)
