"""Pictures drawn by the engine, in the rulebook: no image files, nothing drawn by hand.

* every ``{example}`` of the spec is followed by the position its record reaches (or, for an
  example of a refused move, the position the move was refused in);
* ``{cuckoo-picture} cells`` draws the 20 cells of the pyramid with their names;
* records in the docs are highlighted with the package's own Pygments lexer.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cuckoo import CuckooError
from cuckoo.dice.svg import cells_svg
from cuckoo.games import read_records
from cuckoo.lexer import CuckooLexer


def position_picture(record: str) -> nodes.raw | None:
    """The SVG of where *record* ends, or of the move it stops at; None if it cannot be read."""
    items = list(read_records(record.splitlines(keepends=True)))
    if len(items) != 1 or isinstance(items[0], CuckooError):
        return None
    kit, parsed = items[0]
    states = kit.replay(parsed)
    state = next(states)
    try:
        for state in states:  # noqa: B007 - the last state reached is the one to draw
            pass
    except CuckooError:
        pass  # the picture shows the position the refused move was tried in
    html = f'<div class="cuckoo-picture">{kit.svg(state)}</div>'
    return nodes.raw("", html, format="html")


class PictureDirective(SphinxDirective):
    """``cuckoo-picture cells``: a picture the engine draws."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        if self.arguments[0] != "cells":
            raise self.error(f"no picture {self.arguments[0]!r}; expected: cells")
        html = f'<div class="cuckoo-picture">{cells_svg()}</div>'
        return [nodes.raw("", html, format="html")]


def _add_pictures(app: Sphinx, doctree: nodes.document) -> None:
    """After each example's record, the position it reaches."""
    for container in list(doctree.findall(nodes.container)):
        if "cuckoo-example" not in container["classes"]:
            continue
        for literal in container.findall(nodes.literal_block):
            picture = position_picture(literal.astext())
            if picture is not None:
                container.parent.insert(container.parent.index(container) + 1, picture)
            break


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_lexer("cuckoo", CuckooLexer)
    app.add_directive("cuckoo-picture", PictureDirective)
    app.connect("doctree-read", _add_pictures)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
