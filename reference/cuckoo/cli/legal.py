"""``cuckoo legal``: the legal moves after a turn of a game, in notation."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import EXIT_OK
from .parser import Asked
from .position import position_command_in_json, state_at


def add(commands: Any, asked: Asked) -> None:
    position_command_in_json(
        commands, "legal", "list the legal moves in notation", "cuckoo legal FILE --json", run
    )


def run(args: argparse.Namespace) -> int:
    kit, state = state_at(args)
    moves = kit.legal(state)
    if args.json:
        print(json.dumps(moves))
    else:
        for move in moves:
            print(move)
    return EXIT_OK
