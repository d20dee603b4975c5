"""``cuckoo conform``: the conformance suites, or random games, against an engine (the
options are the kit's own: ``conformance/run/options.py``)."""

from __future__ import annotations

import argparse
from typing import Any

from .options import jobs_option
from .parser import Asked, command


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "conform",
        "run the conformance suite, then random games, against an engine",
        'cuckoo conform --engine "cuckoo serve"\ncuckoo conform --engine "./myengine" '
        "--random-only --random 100 --seed 1\n"
        'cuckoo conform --engine "./myengine" --suite-only --isolate --shuffle\n'
        "cuckoo conform --engine \"./myengine\" --run 'CC-*' --skip perft "
        '--report results.json --summary "$GITHUB_STEP_SUMMARY"',
    )
    if asked.runs("conform"):
        from ..conformance.run.runner import add_arguments

        add_arguments(p)
        jobs_option(
            p, "random games, and with --isolate cases, run at once, each in its own engine"
        )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..conformance.run.runner import main as conform

    return conform(args)
