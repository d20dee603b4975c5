"""The variant study in the rulebook, drawn at build time from its stored results.

``{cuckoo-study} PART WHAT`` shows one part of the study in ``benchmarks/studies/`` (option
``:study:``, relative to the docs) from its results file (``:results:``): ``figures`` and
``comparisons`` are the tables that ``cuckoo study`` prints, and ``first``, ``skill`` and
``length`` are charts of that measure with their 95% intervals. ``{cuckoo-study-scale}``
shows the measured speed of the study's games (``benchmarks/results/study-scale.json``)
and what ten million games would cost.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from cuckoo_pictures import _picture
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cuckoo.study import Summary, read_results, read_study, summarize
from cuckoo.study.report import chart, chart_rows, comparisons_table, figures_table

STUDY = "../benchmarks/studies/best-game.toml"
RESULTS = "_data/best-game.jsonl"
SCALE = "../benchmarks/results/study-scale.json"


@cache
def _summary(study: Path, results: Path, stamp: tuple[float, float]) -> Summary:
    """The study's figures, read once a build for all its directives (*stamp*: the files'
    times, so that a new run is read again)."""
    read = read_study(study)
    return summarize(read, read_results(results, read))


def _scale(rows: list[tuple[str, Any]]) -> tuple[float, float]:
    """A range with round ends around every interval of *rows*."""
    low = min(f.low for _, f in rows)
    high = max(f.high for _, f in rows)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if (high - low) / s <= 8)
    return math.floor(low / step) * step, math.ceil(high / step) * step


class StudyDirective(SphinxDirective):
    """``cuckoo-study PART WHAT``: one table or chart of the stored study."""

    required_arguments = 2
    option_spec: ClassVar[dict[str, Any]] = {
        "study": directives.unchanged,
        "results": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        source = Path(self.env.srcdir)
        study = (source / self.options.get("study", STUDY)).resolve()
        results = (source / self.options.get("results", RESULTS)).resolve()
        for path in (study, results):
            self.env.note_dependency(str(path))
        summary = _summary(study, results, (study.stat().st_mtime, results.stat().st_mtime))
        part_name, what = self.arguments
        part = next(p for p in summary.study.parts if p.name == part_name)
        if summary.missing:
            raise self.error(f"{results} lacks {summary.missing} games of the study")
        if what in ("figures", "comparisons"):
            table = figures_table if what == "figures" else comparisons_table
            return self.parse_text_to_nodes(table(summary, part_name))
        rows = chart_rows(summary, part_name, what)
        if what == "length":
            svg = chart(rows, f"Length of a game: {part.name}", "mean length", None, _scale(rows))
        elif what == "first":
            fair = 1 / len(part.matches[0])
            svg = chart(rows, f"First player's score: {part.name}", "score", (fair, "fair"))
        else:
            fair = next(g.fair for g in summary.groups if g.part is part and not g.mirror)
            svg = chart(rows, f"First-named bot's score: {part.name}", "score", (fair, "fair"))
        return [_picture(svg, self.env)]


class ScaleDirective(SphinxDirective):
    """``cuckoo-study-scale``: games a second per core, the speed-up on two cores, and the
    cost of ten million games on a cluster of ``:cores:`` cores (by default 256), from the
    stored measurement."""

    option_spec: ClassVar[dict[str, Any]] = {"cores": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        path = (Path(self.env.srcdir) / SCALE).resolve()
        self.env.note_dependency(str(path))
        data = json.loads(path.read_text(encoding="utf-8"))
        cores = self.options.get("cores", 256)
        lines = [
            "| game | match | games a CPU second | CPU hours for 10^7 games "
            f"| wall hours for 10^7 games on {cores} cores |",
            "|---|---|---|---|---|",
        ]
        for row in data["speed"]:
            rate = row["games"] / row["cpu"]
            hours = 1e7 / rate / 3600
            lines.append(
                f"| {row['game']} | {row['match']} | {rate:,.1f} | {hours:,.1f} "
                f"| {hours / cores:,.2f} |"
            )
        lines += [
            "",
            "| workers | games | wall s | CPU s | games a wall second | load average at the end |",
            "|---|---|---|---|---|---|",
        ]
        lines += [
            f"| {run['jobs']} | {run['games']:,} | {run['wall']:.1f} | {run['cpu']:.1f} "
            f"| {run['games'] / run['wall']:.1f} | {run['load']:.2f} |"
            for run in data["runs"]
        ]
        return self.parse_text_to_nodes("\n".join(lines))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cuckoo-study", StudyDirective)
    app.add_directive("cuckoo-study-scale", ScaleDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
