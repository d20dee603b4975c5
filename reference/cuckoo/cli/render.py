"""``cuckoo render``: the position after a turn of a game, drawn as SVG."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import EXIT_OK, UsageError, escaping, not_the_input, output
from .options import output_option
from .parser import Asked
from .position import position_command, state_at


def add(commands: Any, asked: Asked) -> None:
    p = position_command(
        commands,
        "render",
        "draw the position as SVG",
        "cuckoo render FILE -o end.svg\ncuckoo render FILE --view 3d -o pyramid.svg",
    )
    output_option(p, "write the SVG here")
    p.add_argument(
        "--view",
        choices=["flat", "3d"],
        default="flat",
        help="flat: the position as the rulebook draws it (every game); 3d: the "
        "pyramid seen from above its apex (the dice pyramid); default: %(default)s",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    not_the_input(args.file)
    kit, state = state_at(args)
    if args.view == "3d":
        if kit.dialect.game != "cuckoo-dice":
            raise UsageError(f"--view 3d draws the dice pyramid, not {kit.dialect.game}")
        from ..dice.iso import iso_svg

        picture: str = iso_svg(state)
    else:
        picture = kit.svg(state)
    if args.output in (None, "-"):
        escaping(sys.stdout, "xmlcharrefreplace")  # what XML reads back as the character
    with output(args.output) as out:
        out.write(picture + "\n")
    return EXIT_OK
