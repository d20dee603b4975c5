"""``cuckoo replay``: the position after a turn of a game, as a diagram or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .common import EXIT_OK
from .parser import Asked
from .position import position_command_in_json, state_at


def add(commands: Any, asked: Asked) -> None:
    position_command_in_json(
        commands, "replay", "show the position as a diagram", "cuckoo replay FILE --turn 6", run
    )


def run(args: argparse.Namespace) -> int:
    kit, state = state_at(args)
    if args.json:
        print(json.dumps(kit.state_dict(state), indent=2))
    else:
        sys.stdout.write(kit.diagram(state))
    return EXIT_OK
