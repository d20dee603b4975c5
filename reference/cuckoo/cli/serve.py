"""``cuckoo serve``: the reference engine behind the conformance kit's protocol."""

from __future__ import annotations

import argparse
from typing import Any

from .parser import Asked, command


def add(commands: Any, asked: Asked) -> None:
    p = command(
        commands,
        "serve",
        "speak the engine protocol on stdin and stdout",
        'cuckoo conform --engine "cuckoo serve"',
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..conformance.protocol import serve

    return serve()
