"""A study's figures as text and pictures: the tables the command prints are the tables the
rulebook shows, and the charts are drawn from the same summary at the docs' build time."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator, Sequence

from ..drawing import INK, svg_document, svg_root, svg_text, text_width
from .measures import Figure, Group, Summary
from .tasks import LENGTH

__all__ = ["Row", "chart", "chart_rows", "comparisons_table", "figures_table", "report"]

Row = tuple[str, Figure]
"""A chart's line: a label and a figure."""

_SIGNIFICANT = 0.05


def _match(match: Sequence[str]) -> str:
    return " v ".join(match)


def _frequencies(group: Group, counts: Counter[str]) -> str:
    return ", ".join(f"{name} {group.frequency(counts, name)}" for name in sorted(counts))


def figures_table(summary: Summary, part: str) -> str:
    """A Markdown table of every setting and match of *part*, with 95% intervals."""
    groups = [g for g in summary.groups if g.part.name == part and g.games]
    if not groups:
        return ""
    measures = groups[0].part.measures
    head = ["setting", "match", "games"]
    head += [name for name in ("first", "skill", "decided", "sides", "length") if name in measures]
    titles = {
        "first": "first player's score",
        "skill": "first-named bot's score (fair share)",
        "decided": "decided by",
        "sides": "sides won, winner-loser",
        "length": f"length ({LENGTH[groups[0].part.game]})",
    }
    lines = [
        "| " + " | ".join(titles.get(h, h) for h in head) + " |",
        "|" + "---|" * len(head),
    ]
    for g in groups:
        cells = {
            "setting": f"`{g.setting}`",
            "match": _match(g.match),
            "games": str(g.games),
            "first": str(g.first) if g.mirror else "",
            "skill": "" if g.mirror else f"{g.skill} ({g.fair:.2f})",
            "decided": _frequencies(g, g.decided),
            "sides": _frequencies(g, g.sides),
            "length": str(g.length),
        }
        lines.append("| " + " | ".join(cells[h] for h in head) + " |")
    return "\n".join(lines)


def comparisons_table(summary: Summary, part: str) -> str:
    """A Markdown table of the differences from the baseline that survive Holm's correction
    at the 5% level, with a line saying how many comparisons were made."""
    made = [c for c in summary.comparisons if c.part == part]
    if not made:
        return ""
    found = [c for c in made if c.p_holm < _SIGNIFICANT]
    baseline = next(p for p in summary.study.parts if p.name == part).settings[0].key
    said = (
        f"{len(found)} of {len(made)} comparisons with the baseline `{baseline}` differ at the "
        "5% level after Holm's correction"
    )
    if not found:
        return said + "."
    lines = [
        said + ":",
        "",
        "| setting | match | measure | baseline | setting's | p | Holm p |",
        "|---|---|---|---|---|---|---|",
    ]
    lines += [
        f"| `{c.setting}` | {_match(c.match)} | {c.measure} | {c.baseline:.3f} | {c.value:.3f} "
        f"| {c.p:.2g} | {c.p_holm:.2g} |"
        for c in found
    ]
    return "\n".join(lines)


def report(summary: Summary) -> Iterator[str]:
    """The whole study as Markdown, part by part: what the command prints at the end."""
    study = summary.study
    yield f"# {study.title or 'study'} (seed {study.seed})"
    if summary.missing:
        yield f"\n{summary.missing} games not played yet: the figures are partial."
    if summary.repeated:
        yield (
            f"\n{summary.repeated} lines of the results repeat a game (two runs at once?): "
            "each game is counted once."
        )
    for part in study.parts:
        yield f"\n## {part.name}: {part.game}\n"
        yield figures_table(summary, part.name)
        compared = comparisons_table(summary, part.name)
        if compared:
            yield "\n" + compared


def chart_rows(summary: Summary, part: str, measure: str) -> list[Row]:
    """The figures of *measure* (``first``, ``skill`` or ``length``) for every setting of
    *part*, one line per setting and match for which the measure means something."""
    rows: list[Row] = []
    for g in summary.groups:
        if g.part.name != part or not g.games:
            continue
        if measure == "first" and g.mirror:
            rows.append((f"{g.setting} ({_match(g.match)})", g.first))
        elif measure == "skill" and not g.mirror:
            rows.append((f"{g.setting} ({_match(g.match)})", g.skill))
        elif measure == "length" and g.mirror:
            rows.append((f"{g.setting} ({_match(g.match)})", g.length))
    return rows


def chart(
    rows: Sequence[Row],
    title: str,
    axis: str,
    reference: tuple[float, str] | None = None,
    scale: tuple[float, float] = (0.0, 1.0),
) -> str:
    """A dot-and-whisker chart: each row's value as a dot on its 95% interval, along an
    axis from ``scale[0]`` to ``scale[1]`` with five ticks, and a dashed reference line
    (such as a fair score) where it means something."""
    row_height, plot = 24, 360
    left = 10 + max(text_width(label, 12) for label, _ in rows) + 12
    top = 44
    bottom = top + len(rows) * row_height
    width = round(max(left + plot + 70, 20 + text_width(title, 13, bold=True)))
    root = svg_root(width, bottom + 50)
    low, high = scale

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * plot

    def line(x1: float, y1: float, x2: float, y2: float, **style: str) -> None:
        ends = {"x1": f"{x1:g}", "y1": f"{y1:g}", "x2": f"{x2:g}", "y2": f"{y2:g}"}
        ET.SubElement(root, "line", {**ends, "stroke": INK, **style})

    svg_text(root, 10, 18, title, 13, **{"text-anchor": "start", "font-weight": "bold"})
    for n in range(5):
        tick = low + n * (high - low) / 4
        line(x(tick), top - 6, x(tick), bottom, stroke="#dddddd")
        line(x(tick), bottom, x(tick), bottom + 5)
        svg_text(root, x(tick), bottom + 18, f"{tick:g}", 11)
    line(left, bottom, left + plot, bottom)
    svg_text(root, left + plot / 2, bottom + 38, axis, 11)
    if reference is not None:
        value, label = reference
        line(x(value), top - 10, x(value), bottom, stroke="#555555", **{"stroke-dasharray": "4 3"})
        svg_text(root, x(value), top - 14, label, 11, fill="#555555")
    for n, (label, figure) in enumerate(rows):
        y = top + n * row_height + row_height / 2
        svg_text(root, 10, y + 4, label, 12, **{"text-anchor": "start"})
        line(x(figure.low), y, x(figure.high), y, **{"stroke-width": "2", "stroke": "#111111"})
        ET.SubElement(
            root,
            "circle",
            {"cx": f"{x(figure.value):g}", "cy": f"{y:g}", "r": "4", "fill": "#2f5fb3"},
        )
        svg_text(
            root, left + plot + 8, y + 4, f"{figure.value:.3g}", 11, **{"text-anchor": "start"}
        )
    described = "; ".join(f"{label}: {figure}" for label, figure in rows)
    return svg_document(root, title, f"{axis}, each with its 95% interval. {described}.")
