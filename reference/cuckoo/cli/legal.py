"""``cuckoo legal``: the legal moves after a turn of a game, in notation."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import EXIT_OK
from .parser import Asked
from .position import position_at, position_command_in_json


def add(commands: Any, asked: Asked) -> None:
    position_command_in_json(
        commands, "legal", "list the legal moves in notation", "cuckoo legal FILE --json", run
    )


def run(args: argparse.Namespace) -> int:
    kit, record, state = position_at(args)
    moves = kit.legal(state)
    if kit.dialect.game == "cuckoo-cards":  # a record of what was seen: as the table knew it
        from ..cards.notation import written_next

        turn = len(record.moves) if args.turn is None else args.turn
        moves = written_next(record, turn) or moves
    if args.json:
        print(json.dumps(moves))
    else:
        for move in moves:
            print(move)
    return EXIT_OK
