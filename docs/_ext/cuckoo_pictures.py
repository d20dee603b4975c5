"""Pictures drawn by the engine, in the rulebook: no image files, nothing drawn by hand.

* every ``{example}`` of the spec is followed by the position its record reaches (or, for an
  example of a refused move, the position the move was refused in);
* ``{cuckoo-picture} cells`` draws the 20 cells of the pyramid with their names, and
  ``{cuckoo-picture} kuckuck-cards`` the kinds of card of Zum Kuckuck!;
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
from cuckoo.kuckuck.views import cards_svg
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


PICTURES = {"cells": cells_svg, "kuckuck-cards": cards_svg}


class PictureDirective(SphinxDirective):
    """``cuckoo-picture NAME``: a picture the engine draws (``cells``, ``kuckuck-cards``)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        draw = PICTURES.get(self.arguments[0])
        if draw is None:
            raise self.error(f"no picture {self.arguments[0]!r}; expected: {', '.join(PICTURES)}")
        html = f'<div class="cuckoo-picture">{draw()}</div>'
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


def _bars(rows: list[tuple[str, float, tuple[float, float]]], title: str) -> str:
    """A horizontal bar chart with 95% intervals, as SVG (no plotting library needed)."""
    import xml.etree.ElementTree as ET

    width, left, bar = 560, 200, 22
    height = 40 + bar * len(rows) * 1.5
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": str(width),
                              "height": f"{height:g}", "font-family": "sans-serif",
                              "font-size": "12"})
    ET.SubElement(root, "text", {"x": "0", "y": "16", "font-weight": "bold"}).text = title
    scale = width - left - 20
    half = left + 0.5 * scale
    ET.SubElement(root, "line", {"x1": f"{half:g}", "x2": f"{half:g}", "y1": "26",
                                 "y2": f"{height - 6:g}", "stroke": "#999",
                                 "stroke-dasharray": "4 3"})
    for n, (label, value, (low, high)) in enumerate(rows):
        y = 30 + n * bar * 1.5
        ET.SubElement(root, "text", {"x": "0", "y": f"{y + 15:g}"}).text = label
        ET.SubElement(root, "rect", {"x": str(left), "y": f"{y:g}", "height": str(bar),
                                     "width": f"{value * scale:g}", "fill": "#2f5fb3"})
        ET.SubElement(root, "line", {"x1": f"{left + low * scale:g}", "y1": f"{y + bar / 2:g}",
                                     "x2": f"{left + high * scale:g}", "y2": f"{y + bar / 2:g}",
                                     "stroke": "#111", "stroke-width": "2"})
        ET.SubElement(root, "text", {"x": f"{left + high * scale + 6:g}",
                                     "y": f"{y + 15:g}"}).text = f"{value:.3f}"
    return ET.tostring(root, encoding="unicode")


class BalanceDirective(SphinxDirective):
    """``cuckoo-balance``: the balance study's tables and charts, from its stored run."""

    def run(self) -> list[nodes.Node]:
        import json
        from pathlib import Path

        path = Path(self.env.srcdir) / "_data" / "balance.json"
        self.env.note_dependency(str(path))
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data["rows"]
        chance = [r for r in rows if r["blue"] == r["red"] == "random"]
        charts = [
            _bars([(r["ruleset"], r["first_score"], tuple(r["first_ci"])) for r in chance],
                  "score of the first player, random against random (0.5 = fair)"),
            _bars([(f"{r['ruleset']}: {r['blue']}-{r['red']}", r["infector_score"],
                    tuple(r["infector_ci"])) for r in rows if r["infector_score"] is not None],
                  "score of the only player who infected (0.5 = no gain)"),
        ]
        head = ("ruleset", "Blue", "Red", "games", "Blue's score [95% CI]",
                "first player's score [95% CI]", "infections a game", "decided by")
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r in rows:
            reasons = ", ".join(f"{k} {v}" for k, v in sorted(r["reasons"].items()))
            lines.append(
                f"| {r['ruleset']} | {r['blue']} | {r['red']} | {r['games']} | "
                f"{r['blue_score']:.3f} [{r['blue_ci'][0]:.3f}, {r['blue_ci'][1]:.3f}] | "
                f"{r['first_score']:.3f} [{r['first_ci'][0]:.3f}, {r['first_ci'][1]:.3f}] | "
                f"{r['infections_per_game']:.2f} | {reasons} |"
            )
        table = self.parse_text_to_nodes("\n".join(lines))
        pictures = [nodes.raw("", f'<div class="cuckoo-picture">{svg}</div>', format="html")
                    for svg in charts]
        return [*table, *pictures]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_lexer("cuckoo", CuckooLexer)
    app.add_directive("cuckoo-picture", PictureDirective)
    app.add_directive("cuckoo-balance", BalanceDirective)
    app.connect("doctree-read", _add_pictures)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
